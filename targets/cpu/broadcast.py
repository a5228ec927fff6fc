"""Element-wise loop nests over broadcast operands (NumPy's broadcasting).

An element-wise computation has one output array and inputs that are
arrays or scalars, each an :class:`Operand` (its pycomp type and its
value). Shapes line up from the right; an input extent of 1 stretches
over the output's extent, and missing leading dimensions count as 1.

API (``ctx`` a target context, ``b`` an ``LLVMBuilder``):

- :func:`broadcast_shape(ctx, b, operands, ndim) <broadcast_shape>`: the
  ``ndim`` extents (i64 values) the operands broadcast to; ValueError
  ("operands could not be broadcast together with shapes") at run time if
  two extents differ and neither is 1.
- :func:`allocate_broadcast(ctx, b, res_t, operands) <allocate_broadcast>`:
  a new array of type ``res_t`` (C- or F-contiguous, its layout) of that
  shape (a new reference, uninitialized; shapes are checked before
  anything is allocated).
- :func:`broadcast_loop(ctx, b, out_t, out, operands, body, check=True,
  more_outs=()) <broadcast_loop>`: for every element of ``out`` (any
  layout), call ``body(b, values)`` with the operands' elements at that
  position (each as its dtype's value: i1 for bool) and store what it
  returns (a value of ``out_t.dtype``). With ``more_outs``, further
  ``(array type, value)`` outputs of ``out``'s shape, ``body`` returns one
  value per output (``out``'s first), as for ``np.divmod``. With ``check``, ValueError ("non-broadcastable
  output operand") first if an input does not broadcast to ``out``'s
  shape; pass ``check=False`` when the shape came from
  :func:`broadcast_shape`. ``body`` is emitted twice (once per path
  below) and runs inside the loop: keep loop-invariant work (scalar
  casts) outside. The builder ends after the loop nest.
- :func:`keep_on_error(ctx, t, value) <keep_on_error>`: a context manager
  under which an exception raised by generated code (a guard in ``body``)
  also releases ``value``, a new reference the caller owns.

Two paths are emitted, a fast one and a strided one:

- contiguous: in one dimension, or when every array's type is contiguous
  in ``out``'s order (C, or F for an F output) with ``out``'s number of
  dimensions, and, at run time, every array input has ``out``'s shape and
  is contiguous (by type, or checked: a slice ``a[1:-1]``), one flat loop
  over ``size`` elements with unit-stride addresses (LLVM vectorizes it,
  checking at run time that the output does not overlap the inputs);
- rows: otherwise, in two or more dimensions (A arrays such as
  ``u[1:-1, 1:-1]``, a row vector broadcast down a matrix), when the last
  dimension of every array has the output's extent and unit stride, a
  loop per outer dimension over byte strides around an inner loop over
  each row's elements (LLVM vectorizes it);
- strided: where the fast path does not hold, one loop per dimension,
  addresses from byte strides, a broadcast dimension having stride 0.

Scalars and 0-d arrays are read once, before the loops.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from xdsl.ir import Block

from pycomp import types as ty
from pycomp.targets.cpu.impl_arrays import _contiguous, allocate_array
from pycomp.targets.datamodel import I8, I64, PTR, load_value, memory_type, store_value

__all__ = ["Operand", "broadcast_shape", "allocate_broadcast", "broadcast_loop", "check_fits", "keep_on_error",
           "BROADCAST_ERROR", "OUTPUT_ERROR"]

#: the ValueError messages (NumPy's, without the shapes: the exception
#: table holds constant arguments)
BROADCAST_ERROR = "operands could not be broadcast together with shapes"
OUTPUT_ERROR = "non-broadcastable output operand: an input does not broadcast to the output's shape"


@dataclass(frozen=True)
class Operand:
    """An input of an element-wise computation: an array (``type`` a
    ``ty.Array``, ``value`` its struct) or a scalar."""

    type: ty.Type
    value: object

    @property
    def is_array(self) -> bool:
        return isinstance(self.type, ty.Array) and self.type.ndim > 0


def _extent(b, arr, k):
    return b.extract(arr, [5, k], I64)


def broadcast_shape(ctx, b, operands, ndim: int) -> list:
    """The extents (i64) of the shape ``operands`` broadcast to, ``ndim``
    of them; ValueError at run time if they do not broadcast."""
    one = b.const_int(I64, 1)
    shape, bad = [], None
    for j in range(ndim):  # output dimension j
        cur = None  # the extent so far (None: 1, no operand has this dimension yet)
        for op in operands:
            k = j - (ndim - op.type.ndim) if op.is_array else -1
            if k < 0:
                continue
            e = _extent(b, op.value, k)
            if cur is None:
                cur = e
                continue
            clash = b.ibin("and", b.ibin("and", b.icmp("!=", e, cur), b.icmp("!=", e, one)), b.icmp("!=", cur, one))
            bad = clash if bad is None else b.ibin("or", bad, clash)
            cur = b.select(b.icmp("==", cur, one), e, cur)
        shape.append(one if cur is None else cur)
    if bad is not None:
        ctx.guard(b, bad, ValueError, (BROADCAST_ERROR,))
    return shape


def allocate_broadcast(ctx, b, res_t: ty.Array, operands):
    """A new array of type ``res_t`` (of its layout) with the shape
    ``operands`` broadcast to (checked first: ValueError)."""
    return allocate_array(ctx, b, res_t, broadcast_shape(ctx, b, operands, res_t.ndim))


@contextlib.contextmanager
def keep_on_error(ctx, t: ty.Type, value):
    """Within the block, an exception raised by generated code also
    releases ``value`` (of type ``t``), a reference the caller owns."""
    saved = ctx.owned_references
    ctx.owned_references = list(saved) + [(value, t)]
    try:
        yield
    finally:
        ctx.owned_references = saved


_load, _store = load_value, store_value


def check_fits(ctx, b, out_t, out, arrays, message: str = OUTPUT_ERROR):
    """ValueError (``message``) unless every array input broadcasts to
    ``out``'s shape."""
    one, bad = b.const_int(I64, 1), None
    for op in arrays:
        for k in range(op.type.ndim):
            j = k + (out_t.ndim - op.type.ndim)
            e = _extent(b, op.value, k)
            wrong = b.ibin("and", b.icmp("!=", e, _extent(b, out, j)), b.icmp("!=", e, one))
            bad = wrong if bad is None else b.ibin("or", bad, wrong)
    if bad is not None:
        ctx.guard(b, bad, ValueError, (message,))


def _counted_loop(b, count, emit_body):
    """``for i in range(count): emit_body(i)``; the builder ends after it."""
    header = Block(arg_types=[I64])
    b.region.add_block(header)
    body, done = b.new_block(), b.new_block()
    b.br(header, [b.const_int(I64, 0)])
    b.position_at_end(header)
    i = header.args[0]
    b.cond_br(b.icmp("<", i, count), body, [], done, [])
    b.position_at_end(body)
    emit_body(i)
    b.br(header, [b.ibin("add", i, b.const_int(I64, 1))])
    b.position_at_end(done)


def _element(b, values, body, outs, ptrs):
    """Store ``body``'s value(s) for ``values`` through ``ptrs``, one per output."""
    res = body(b, values)
    if len(outs) == 1:
        res = (res,)
    for (t, _), v, p in zip(outs, res, ptrs):
        _store(b, t.dtype, v, p)


def _values(operands, fixed, loaded) -> list:
    """The operands' element values: loaded in the loop, or read before it."""
    return [loaded[id(op)] if id(op) in loaded else fixed[id(op)] for op in operands]


def _flat_loop(b, outs, operands, arrays, fixed, body):
    """One loop over ``size`` elements; every array has the output's shape
    and the same contiguous layout."""
    datas = [(op, b.extract(op.value, 4, PTR)) for op in arrays]
    out_datas = [(t, b.extract(v, 4, PTR)) for t, v in outs]

    def emit(i):
        loaded = {id(op): _load(b, op.type.dtype, b.gep(d, [i], memory_type(op.type.dtype))) for op, d in datas}
        ptrs = [b.gep(d, [i], memory_type(t.dtype)) for t, d in out_datas]
        _element(b, _values(operands, fixed, loaded), body, outs, ptrs)

    _counted_loop(b, b.extract(outs[0][1], 2, I64), emit)


def _strided_loop(b, outs, operands, arrays, fixed, body, unit_inner: bool = False):
    """One loop per output dimension, addresses from byte strides; an
    input dimension of extent 1 under a longer output one has stride 0.
    With ``unit_inner`` (every array's last dimension has unit stride and
    the output's extent, checked by the caller) the innermost loop indexes
    elements of each row directly, which LLVM vectorizes."""
    out_t, out = outs[0]
    n = out_t.ndim
    zero = b.const_int(I64, 0)
    extents = [_extent(b, out, j) for j in range(n)]
    strides = {}  # id(op) -> byte stride per output dimension
    for op in arrays:
        per_dim = []
        for j in range(n):
            k = j - (n - op.type.ndim)
            if k < 0:
                per_dim.append(zero)
                continue
            s = b.extract(op.value, [6, k], I64)
            per_dim.append(b.select(b.icmp("==", _extent(b, op.value, k), extents[j]), s, zero))
        strides[id(op)] = per_dim
    out_strides = [[b.extract(v, [6, j], I64) for j in range(n)] for _, v in outs]
    bases = {id(op): b.extract(op.value, 4, PTR) for op in arrays}
    out_bases = [b.extract(v, 4, PTR) for _, v in outs]

    def level(j, offsets, out_offs):
        if unit_inner and j == n - 1:  # rows: element i of each row, a unit stride LLVM sees
            rows = {key: b.gep(bases[key], [off], I8) for key, off in offsets.items()}
            out_rows = [b.gep(base, [o], I8) for base, o in zip(out_bases, out_offs)]

            def emit_unit(i):
                loaded = {id(op): _load(b, op.type.dtype, b.gep(rows[id(op)], [i], memory_type(op.type.dtype)))
                          for op in arrays}
                ptrs = [b.gep(r, [i], memory_type(t.dtype)) for r, (t, _) in zip(out_rows, outs)]
                _element(b, _values(operands, fixed, loaded), body, outs, ptrs)

            _counted_loop(b, extents[j], emit_unit)
            return

        def emit(i):
            offs = {key: b.ibin("add", off, b.ibin("mul", i, strides[key][j])) for key, off in offsets.items()}
            o_offs = [b.ibin("add", o, b.ibin("mul", i, st[j])) for o, st in zip(out_offs, out_strides)]
            if j + 1 < n:
                level(j + 1, offs, o_offs)
                return
            loaded = {key: _load(b, op.type.dtype, b.gep(bases[key], [offs[key]], I8))
                      for key, op in ((id(op), op) for op in arrays)}
            ptrs = [b.gep(base, [o], I8) for base, o in zip(out_bases, o_offs)]
            _element(b, _values(operands, fixed, loaded), body, outs, ptrs)

        _counted_loop(b, extents[j], emit)

    level(0, {id(op): zero for op in arrays}, [zero] * len(outs))


def broadcast_loop(ctx, b, out_t: ty.Array, out, operands, body, check: bool = True, more_outs=()) -> None:
    """Store ``body(b, values)`` into every element of ``out`` (see the
    module text); ``values`` are the operands' elements in order. With
    ``more_outs`` (``(array type, value)`` pairs of ``out``'s shape) the
    body returns one value per output, ``out``'s first."""
    operands = list(operands)
    outs = [(out_t, out)] + list(more_outs)
    arrays = [op for op in operands if op.is_array]
    if check:
        check_fits(ctx, b, out_t, out, arrays)
    fixed = {}  # id(operand) -> its value, for scalars and 0-d arrays
    for op in operands:  # scalars and 0-d arrays: read once
        if op.is_array:
            continue
        if isinstance(op.type, ty.Array):
            fixed[id(op)] = _load(b, op.type.dtype, b.extract(op.value, 4, PTR))
        else:
            fixed[id(op)] = op.value
    if out_t.ndim == 0:
        values = [fixed[id(op)] for op in operands]
        _element(b, values, body, outs, [b.extract(v, 4, PTR) for _, v in outs])
        return
    order = out_t.layout if out_t.layout in "CF" else "C"
    same_rank = all(op.type.ndim == out_t.ndim for op in arrays) and all(t.ndim == out_t.ndim for t, _ in outs)
    typed = same_rank and all(t.layout == order for t, _ in outs) and all(op.type.layout == order for op in arrays)
    if out_t.ndim > 1 and arrays and not typed:
        # views of a bigger array (stencils), rows broadcast down a matrix:
        # rows of unit stride when every array has them, else byte strides
        _two_paths(b, _unit_rows(b, out_t, outs, arrays),
                   lambda: _strided_loop(b, outs, operands, arrays, fixed, body, unit_inner=True),
                   lambda: _strided_loop(b, outs, operands, arrays, fixed, body))
        return
    if not same_rank:
        _strided_loop(b, outs, operands, arrays, fixed, body)
        return
    flat = None  # when every array has out's shape and is contiguous in out's order (by type or at run time)
    for t, v in outs:
        if t.layout != order:
            ok = _contiguous(b, t, v, fortran=order == "F")
            flat = ok if flat is None else b.ibin("and", flat, ok)
    for op in arrays:
        for k in range(out_t.ndim):
            eq = b.icmp("==", _extent(b, op.value, k), _extent(b, out, k))
            flat = eq if flat is None else b.ibin("and", flat, eq)
        if op.type.layout != order:
            flat = b.ibin("and", flat, _contiguous(b, op.type, op.value, fortran=order == "F"))
    if flat is None:  # no array input, out contiguous by type: every element gets the same value
        _flat_loop(b, outs, operands, arrays, fixed, body)
        return
    _two_paths(b, flat, lambda: _flat_loop(b, outs, operands, arrays, fixed, body),
               lambda: _strided_loop(b, outs, operands, arrays, fixed, body))


def _two_paths(b, cond, fast, slow) -> None:
    """``fast()`` where ``cond`` holds, else ``slow()``; the builder ends after both."""
    yes, no, done = b.new_block(), b.new_block(), b.new_block()
    b.cond_br(cond, yes, [], no, [])
    b.position_at_end(yes)
    fast()
    b.br(done)
    b.position_at_end(no)
    slow()
    b.br(done)
    b.position_at_end(done)


def _unit_rows(b, out_t, outs, arrays):
    """Whether every array's last dimension has the output's extent and
    unit stride (i1): the rows of a 2-d slice ``u[1:-1, 1:-1]``."""
    n = out_t.ndim
    last = _extent(b, outs[0][1], n - 1)
    ok = None
    for t, v in [(t, v) for t, v in outs] + [(op.type, op.value) for op in arrays]:
        k = t.ndim - 1
        unit = b.icmp("==", b.extract(v, [6, k], I64), b.extract(v, 3, I64))
        cond = b.ibin("and", unit, b.icmp("==", _extent(b, v, k), last))
        ok = cond if ok is None else b.ibin("and", ok, cond)
    return ok
