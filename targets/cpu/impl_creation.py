"""Lowering of the NumPy functions that make a new array from a value
(typed in :mod:`pycomp.frontend.typing.arraycreation`):
``np.empty_like``/``zeros_like``/``ones_like``/``full_like``, ``np.copy``,
``np.asarray`` (another dtype, a number or a tuple), ``np.ascontiguousarray``
and ``np.array``.

The new array's memory comes from the runtime (:func:`allocate_array`,
C or F order as its type says). Values are copied element by element with
the dtype cast: one flat loop when source and result are contiguous in the
same order (LLVM vectorizes it), nested loops over the byte strides
otherwise (strided, negative-stride and F sources into a C result). A
(nested) tuple's items are stored one by one; a ragged tuple raises
NumPy's ValueError.
"""

from __future__ import annotations

import numpy as np
from xdsl.ir import Block

from pycomp import types as ty
from pycomp.frontend.typing.arraycreation import sequence_shape
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.impl_arrays import allocate_array, fill_new_array
from pycomp.targets.datamodel import I8, I64, PTR, llvm_type, load_value, memory_type, store_value

__all__ = ["copy_elements", "for_range", "array_from_value"]


def for_range(b, count, body) -> None:
    """Emit ``for i in range(count): body(i)`` (``count`` an i64 value;
    ``body`` builds the loop body at the builder's position)."""
    header = Block(arg_types=[I64])
    b.region.add_block(header)
    loop, done = b.new_block(), b.new_block()
    b.br(header, [b.const_int(I64, 0)])
    b.position_at_end(header)
    i = header.args[0]
    b.cond_br(b.icmp("<", i, count), loop, [], done, [])
    b.position_at_end(loop)
    body(i)
    b.br(header, [b.ibin("add", i, b.const_int(I64, 1))])
    b.position_at_end(done)


_load, _store = load_value, store_value


def copy_elements(ctx, b, src_t: ty.Array, src, dst_t: ty.Array, dst) -> None:
    """Copy every element of array ``src`` into the new array ``dst`` of the
    same number of elements (and the same shape, unless both are C
    contiguous), converting to ``dst_t``'s dtype."""
    sd, dd = src_t.dtype, dst_t.dtype
    s_data, d_data = b.extract(src, 4, PTR), b.extract(dst, 4, PTR)

    def move(s_ptr, d_ptr):
        _store(b, dd, ctx.cast(b, _load(b, sd, s_ptr), sd, dd), d_ptr)

    same_order = (src_t.layout == dst_t.layout == "C" or
                  (src_t.layout == dst_t.layout == "F" and src_t.ndim == dst_t.ndim))
    if same_order:
        def flat(i):
            move(b.gep(s_data, [i], memory_type(sd)), b.gep(d_data, [i], memory_type(dd)))
        for_range(b, b.extract(dst, 2, I64), flat)
        return

    def nest(k, s_off, d_off):
        if k == src_t.ndim:
            move(b.gep(s_data, [s_off], I8), b.gep(d_data, [d_off], I8))
            return
        s_stride, d_stride = b.extract(src, [6, k], I64), b.extract(dst, [6, k], I64)

        def level(i):
            nest(k + 1, b.ibin("add", s_off, b.ibin("mul", i, s_stride)),
                 b.ibin("add", d_off, b.ibin("mul", i, d_stride)))
        for_range(b, b.extract(src, [5, k], I64), level)

    zero = b.const_int(I64, 0)
    nest(0, zero, zero)


def _copy_of(ctx, b, src_t, src, dst_t):
    """A new array of type ``dst_t`` holding ``src``'s values."""
    dims = [b.extract(src, [5, k], I64) for k in range(src_t.ndim)]
    if dst_t.ndim > src_t.ndim:  # np.ascontiguousarray of a 0-d array: shape (1,)
        dims = [b.const_int(I64, 1)] * (dst_t.ndim - src_t.ndim) + dims
    dst = allocate_array(ctx, b, dst_t, dims)
    copy_elements(ctx, b, src_t, src, dst_t, dst)
    return dst


def _ragged_message(shape) -> str:
    return ("setting an array element with a sequence. The requested array has an inhomogeneous shape "
            "after %d dimensions. The detected shape was %s + inhomogeneous part."
            % (len(shape), "(%s)" % "".join("%d," % d for d in shape) if len(shape) == 1 else str(tuple(shape))))


def array_from_value(ctx, b, value_t: ty.Type, value, arr_t: ty.Array):
    """A new C array of type ``arr_t`` holding a number or a (nested) tuple
    of numbers (in C order); a ragged tuple raises NumPy's ValueError."""
    shape, leaves, ragged = sequence_shape(value_t)
    if ragged:
        ctx.guard(b, b.true(), ValueError, (_ragged_message(shape),))
        shape = (0,) * arr_t.ndim  # not reached
    dims = [b.const_int(I64, d) for d in shape] + [b.const_int(I64, 1)] * (arr_t.ndim - len(shape))
    arr = allocate_array(ctx, b, arr_t, dims)
    if ragged:
        return arr
    data, mem_t = b.extract(arr, 4, PTR), memory_type(arr_t.dtype)
    flat = []

    def walk(t, v):
        if isinstance(t, ty.BaseTuple):
            for i, e in enumerate(t.types):
                walk(e, b.extract(v, i, llvm_type(e)))
        else:
            flat.append((t, v))
    walk(value_t, value)
    for i, (t, v) in enumerate(flat):
        _store(b, arr_t.dtype, ctx.cast(b, v, t, arr_t.dtype), b.gep(data, [b.const_int(I64, i)], mem_t))
    return arr


def _new_array(ctx, b, src_t, src, arr_t):
    """``arr_t`` holding ``src``: a copy of an array, or an array made from
    a number or a tuple."""
    if isinstance(src_t, ty.Array):
        return _copy_of(ctx, b, src_t, src, arr_t)
    if isinstance(src_t, ty.List):  # a (nested) list of numbers
        from pycomp.targets.cpu.impl_lists import array_from_list

        return array_from_list(ctx, b, src_t, src, arr_t)
    return array_from_value(ctx, b, src_t, src, arr_t)


def _from_first_operand(ctx, b, sig, args):
    return _new_array(ctx, b, sig.args[0], args[0], sig.return_type)


for _fn in (np.copy, np.asarray, np.ascontiguousarray, np.array):
    reg.lower(_fn)(_from_first_operand)


def _like(fill):
    def impl(ctx, b, sig, args):
        a_t, arr_t = sig.args[0], sig.return_type
        dims = [b.extract(args[0], [5, k], I64) for k in range(a_t.ndim)] if isinstance(a_t, ty.Array) else []
        arr = allocate_array(ctx, b, arr_t, dims)
        fill_new_array(ctx, b, sig, args, arr, fill)
        return arr
    return impl


reg.lower(np.empty_like)(_like(None))
reg.lower(np.zeros_like)(_like("zeros"))
reg.lower(np.ones_like)(_like("ones"))
reg.lower(np.full_like)(_like("full"))
