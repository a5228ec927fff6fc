"""NumPy's rearranging functions, written through the extension API:
``np.expand_dims``, ``np.squeeze``, ``np.atleast_1d/2d/3d``, ``np.flip``,
``np.fliplr``, ``np.flipud``, ``np.roll``, ``np.repeat`` and ``np.tile``
(the joining functions are in :mod:`pycomp.np.joining`; ``np.where``,
``np.tri``, ``np.tril``, ``np.triu``, ``np.diag`` and ``np.take`` in
:mod:`pycomp.np.selection`; both share the helpers here).

Results that NumPy returns as views are views here too: one primitive,
:func:`strided_view` ``(a, shape, strides, offset)`` (a typing template
and a lowering below), makes an array over ``a``'s memory with the given
extents, byte strides and byte offset; :func:`readonly_strided_view` the
same, typed read-only (``np.diag`` of a 2-d array). Both own a reference
to ``a``'s memory block, like the primitives of :mod:`pycomp.np.views`.

Implementations are generated as source per number of dimensions (or
per tuple length) by :func:`_generate`, with the names of :data:`_ENV` in
scope. Result dtypes are NumPy's promotion (``np.result_type``) computed
when the call is typed; a number given where ``np.where`` takes an array
promotes as a Python scalar when it is int64, float64, complex128 or a
bool (the types Python's numbers have in compiled code).
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.np.arraylike import is_sequence_like, sequences_as_arrays
from pycomp.extending import infer_global, lower_builtin, overload, overload_method, register_jitable
from pycomp.frontend.typing.templates import AbstractTemplate, signature
from pycomp.np.views import compiled_only, is_index, swapaxes_view

__all__ = ["strided_view", "readonly_strided_view"]

AxisError = np.exceptions.AxisError


strided_view = compiled_only("strided_view", __name__)
readonly_strided_view = compiled_only("readonly_strided_view", __name__)


def _view_template(readonly: bool):
    class _View(AbstractTemplate):
        """``(a, shape, strides, offset)``: a view of ``a``'s memory."""

        def generic(self, args, kws):
            a, shape, strides, offset = args
            if not (isinstance(a, types.Array) and isinstance(shape, types.BaseTuple)
                    and isinstance(strides, types.BaseTuple) and len(shape) == len(strides)
                    and all(is_index(t) for t in tuple(shape.types) + tuple(strides.types))
                    and is_index(offset)):
                return None
            res = a.copy(ndim=len(shape), layout="A", readonly=True if readonly else a.readonly)
            return signature(res, a, shape, strides, types.intp)
    return _View


infer_global(strided_view)(_view_template(False))
infer_global(readonly_strided_view)(_view_template(True))


def _lower_view(ctx, b, sig, args):
    from pycomp.np.views import _i64s
    from pycomp.targets.cpu.impl_views import build_view
    from pycomp.targets.datamodel import I8, PTR

    shape = _i64s(ctx, b, sig.args[1], args[1])
    strides = _i64s(ctx, b, sig.args[2], args[2])
    data = b.gep(b.extract(args[0], 4, PTR), [args[3]], I8)
    return build_view(ctx, b, sig.return_type, args[0], data, shape, strides, True)


for _prim in (strided_view, readonly_strided_view):
    lower_builtin(_prim, types.Array, types.BaseTuple, types.BaseTuple, types.Integer)(_lower_view)


# ------------------------------------------------------------------ helpers


def _given(t) -> bool:
    return t is not None and not isinstance(t, types.NoneType)


def _is_array(t) -> bool:
    return isinstance(t, types.Array)


def _np_dtype(t):
    return np.dtype(str(t.dtype if isinstance(t, types.Array) else t))


def _promoted(ts) -> type:
    """The NumPy scalar class of NumPy's result dtype over arrays and
    numbers of types ``ts`` (Python's number types promote weakly)."""
    weak = {types.int64: 0, types.float64: 0.0, types.complex128: 0j, types.boolean: False}
    items = [_np_dtype(t) if isinstance(t, types.Array) else weak.get(t, None) for t in ts]
    items = [it if it is not None else _np_dtype(t) for it, t in zip(items, ts)]
    return np.result_type(*items).type


def _generate(src: str, name: str, env: dict):
    """The function ``name`` defined by the generated source ``src``."""
    ns = dict(env)
    exec(compile(src, "<pycomp.np.manipulation %s>" % name, "exec"), ns)
    return ns[name]


def _tuple_src(items) -> str:
    items = list(items)
    if len(items) == 1:
        return "(%s,)" % items[0]
    return "(%s)" % ", ".join(items)


def _check_index(t, what, name):
    if isinstance(t, types.Type) and not is_index(t):
        raise TypingError("%s(): %s must be an integer, not %s" % (name, what, t))


@register_jitable
def _norm_axis(axis, ndim):
    """``axis`` in [0, ndim); AxisError if out of bounds."""
    if axis < -ndim or axis >= ndim:
        raise AxisError(axis, ndim)
    return axis + ndim if axis < 0 else axis


@register_jitable
def _dim_with(dims, j, ax, value):
    """Extent ``j`` of ``dims`` with extent ``ax`` replaced by ``value``."""
    return value if j == ax else dims[j]


@register_jitable
def _dim_inserted(dims, j, ax, value):
    """Extent ``j`` of ``dims`` with ``value`` inserted at position ``ax``."""
    if j == ax:
        return value
    return dims[j] if j < ax else dims[j - 1]


def _dims_src(nd, fn, dims, ax, value) -> list:
    """Sources of ``nd`` extents, each ``fn(dims, j, ax, value)``."""
    return ["%s(%s, %d, %s, %s)" % (fn, dims, j, ax, value) for j in range(nd)]


def _shape_src(nd, fn, dims, ax, value) -> str:
    return _tuple_src(_dims_src(nd, fn, dims, ax, value))


_ENV = {"np": np, "swapaxes_view": swapaxes_view, "strided_view": strided_view,
        "readonly_strided_view": readonly_strided_view, "_norm_axis": _norm_axis,
        "_dim_with": _dim_with, "_dim_inserted": _dim_inserted, "AxisError": AxisError}


def _raiser(exc, message, params):
    """An implementation that raises ``exc(message)`` (NumPy raises at run
    time where the types already tell)."""
    return _generate("def impl(%s):\n    raise EXC(MSG)\n" % params, "impl", {"EXC": exc, "MSG": message})


# ------------------------------------------------------------------ np.expand_dims, np.atleast_*d, np.squeeze


@register_jitable
def _expand_one(a, axis):
    """``np.expand_dims(a, axis)`` for one integer axis (a view)."""
    ax = _norm_axis(axis, a.ndim + 1)
    return _insert_unit(a, ax)


def _insert_unit_src(nd) -> str:
    shape = _shape_src(nd + 1, "_dim_inserted", "a.shape", "ax", "1")
    strides = _shape_src(nd + 1, "_dim_inserted", "a.strides", "ax", "a.itemsize")
    return "def impl(a, ax):\n    return strided_view(a, %s, %s, 0)\n" % (shape, strides)


def _insert_unit(a, ax):
    """A view of ``a`` with a unit extent inserted at position ``ax`` (in
    range): compiled code only."""
    raise NotImplementedError


@overload(_insert_unit)
def _ov_insert_unit(a, ax):
    if a.ndim == 0:
        return lambda a, ax: strided_view(a, (1,), (a.itemsize,), 0)
    return _generate(_insert_unit_src(a.ndim), "impl", _ENV)


@register_jitable
def _normalized_axes(axes, ndim):
    """The axes of the tuple ``axes`` in [0, ndim), as a boolean mask; an axis
    given twice is a ValueError."""
    mask = np.zeros(ndim, np.bool_)
    for axis in axes:
        ax = _norm_axis(axis, ndim)
        if mask[ax]:
            raise ValueError("repeated axis")
        mask[ax] = True
    return mask


@register_jitable
def _expanded_dims(a, mask):
    """Extents and strides of ``a`` with unit extents where ``mask`` is set."""
    n = mask.size
    shape = np.empty(n, np.intp)
    strides = np.empty(n, np.intp)
    j = 0
    for i in range(n):
        if mask[i]:
            shape[i] = 1
            strides[i] = a.itemsize
        else:
            shape[i] = a.shape[j]
            strides[i] = a.strides[j]
            j += 1
    return shape, strides


@overload(np.expand_dims)
def _np_expand_dims(a, axis):
    """``np.expand_dims(a, axis)``: a view; ``axis`` an integer or a tuple of
    integers."""
    if not _is_array(a):
        raise TypingError("np.expand_dims(): the first argument must be an array, not %s" % a)
    if is_index(axis):
        return lambda a, axis: _expand_one(a, axis)
    if isinstance(axis, types.BaseTuple) and all(is_index(t) for t in axis.types):
        n = a.ndim + len(axis)
        src = ("def impl(a, axis):\n"
               "    shape, strides = _expanded_dims(a, _normalized_axes(axis, %d))\n"
               "    return strided_view(a, %s, %s, 0)\n"
               % (n, _tuple_src("shape[%d]" % i for i in range(n)), _tuple_src("strides[%d]" % i for i in range(n))))
        if n == 0:
            return lambda a, axis: a
        return _generate(src, "impl", dict(_ENV, _expanded_dims=_expanded_dims, _normalized_axes=_normalized_axes))
    raise TypingError("np.expand_dims(): axis must be an integer or a tuple of integers, not %s" % axis)


def _atleast(name, nmin, positions):
    """Register ``np.<name>(*arys)``: arrays of fewer than ``nmin``
    dimensions get unit extents at ``positions[ndim]`` (views); numbers,
    lists and tuples become arrays first; several arguments give a tuple."""

    def one(a):
        """One argument of ``np.<name>`` (compiled code only)."""
        raise NotImplementedError

    @overload(one)
    def _one(a):
        if isinstance(a, (types.Number, types.Boolean)):
            dt = _np_dtype(a).type
            shape = (1,) * nmin

            def impl_number(a):
                out = np.empty(shape, dt)
                out[...] = a
                return out
            return impl_number
        if is_sequence_like(a):
            return lambda a: one(np.asarray(a))
        if not _is_array(a):
            raise TypingError("np.%s(): the arguments must be array-likes, not %s" % (name, a))
        if a.ndim >= nmin:
            return lambda a: a
        body = "a"
        for p in positions[a.ndim]:
            body = "_insert_unit(%s, %d)" % (body, p)
        return _generate("def impl(a):\n    return %s\n" % body, "impl", dict(_ENV, _insert_unit=_insert_unit))

    @overload(getattr(np, name))
    def _np_atleast(*arys):
        if len(arys) == 0:
            raise TypingError("np.%s() needs at least one argument" % name)
        if len(arys) == 1:
            return lambda *arys: one(arys[0])
        src = "def impl(*arys):\n    return (%s,)\n" % ", ".join("one(arys[%d])" % k for k in range(len(arys)))
        return _generate(src, "impl", dict(_ENV, one=one))
    _np_atleast.__doc__ = "``np.%s(*arys)``: one array, or a tuple of them." % name
    return _np_atleast


_atleast("atleast_1d", 1, {0: (0,)})
_atleast("atleast_2d", 2, {0: (0, 0), 1: (0,)})
_atleast("atleast_3d", 3, {0: (0, 0, 0), 1: (0, 2), 2: (2,)})


@register_jitable
def _squeezed_dims(a, mask):
    """Extents and strides of ``a`` without the axes set in ``mask``;
    ValueError if one of them is not 1."""
    n = a.ndim - mask.sum()
    shape = np.empty(n, np.intp)
    strides = np.empty(n, np.intp)
    j = 0
    for i in range(a.ndim):
        if mask[i]:
            if a.shape[i] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
        else:
            shape[j] = a.shape[i]
            strides[j] = a.strides[i]
            j += 1
    return shape, strides


@overload(np.squeeze)
def _np_squeeze(a, axis=None):
    """``np.squeeze(a, axis)``: a view without the given unit axes (an
    integer or a tuple). Without ``axis`` only a 0-d array: the number of
    dimensions of the result would depend on the extents at run time."""
    if not _is_array(a):
        raise TypingError("np.squeeze(): the first argument must be an array, not %s" % a)
    if not _given(axis):
        if a.ndim == 0:
            return lambda a, axis=None: a
        raise TypingError("np.squeeze(): give the axes to remove (axis=...): without them the number of "
                          "dimensions of the result depends on the extents at run time")
    if is_index(axis):
        k, wrap = 1, "(axis,)"
    elif isinstance(axis, types.BaseTuple) and all(is_index(t) for t in axis.types):
        k, wrap = len(axis), "axis"
    else:
        raise TypingError("np.squeeze(): axis must be an integer or a tuple of integers, not %s" % axis)
    n = a.ndim - k
    src = ("def impl(a, axis=None):\n"
           "    shape, strides = _squeezed_dims(a, _normalized_axes(%s, %d))\n"
           "    return strided_view(a, %s, %s, 0)\n"
           % (wrap, a.ndim, _tuple_src("shape[%d]" % i for i in range(n)) if n else "()",
              _tuple_src("strides[%d]" % i for i in range(n)) if n else "()"))
    return _generate(src, "impl", dict(_ENV, _squeezed_dims=_squeezed_dims, _normalized_axes=_normalized_axes))


# ------------------------------------------------------------------ np.flip, np.fliplr, np.flipud


@register_jitable
def _flip_axis(a, axis):
    """A view of ``a`` reversed along one axis (negative stride)."""
    ax = _norm_axis(axis, a.ndim)
    return swapaxes_view(swapaxes_view(a, 0, ax)[::-1], 0, ax)


@overload(np.flip)
def _np_flip(m, axis=None):
    """``np.flip(m, axis=None)``: a view with negative strides; ``axis`` an
    integer, a tuple of integers or None (every axis)."""
    if not _is_array(m):
        raise TypingError("np.flip(): the first argument must be an array, not %s" % m)
    if is_index(axis):
        return lambda m, axis=None: _flip_axis(m, axis)
    if isinstance(axis, types.BaseTuple) and all(is_index(t) for t in axis.types):
        body = "_normalized_axes(axis, m.ndim)\n    v = m\n"
        body += "".join("    v = _flip_axis(v, axis[%d])\n" % i for i in range(len(axis)))
    elif not _given(axis):
        if m.ndim == 0:  # NumPy's m[()]: the item
            return lambda m, axis=None: m[()]
        body = "v = m[%s]\n" % ", ".join(["::-1"] * m.ndim)
    else:
        raise TypingError("np.flip(): axis must be an integer, a tuple of integers or None, not %s" % axis)
    src = "def impl(m, axis=None):\n    %s    return v\n" % body
    return _generate(src, "impl", dict(_ENV, _flip_axis=_flip_axis, _normalized_axes=_normalized_axes))


@overload(np.fliplr)
def _np_fliplr(m):
    """``np.fliplr(m)``: ``m[:, ::-1]`` (2 or more dimensions)."""
    seq = sequences_as_arrays(np.fliplr, _np_fliplr, {"m": m}, ("m",))
    if seq is not None:
        return seq
    if not (_is_array(m) or isinstance(m, (types.Number, types.Boolean))):
        raise TypingError("Cannot np.fliplr on %s type: the argument must be an array-like" % m)
    if getattr(m, "ndim", 0) < 2:
        raise TypingError("np.fliplr(): Input must be >= 2-d (cannot index array of %d dimensions with 2 indices)"
                          % getattr(m, "ndim", 0))
    return lambda m: m[:, ::-1]


@overload(np.flipud)
def _np_flipud(m):
    """``np.flipud(m)``: ``m[::-1]`` (1 or more dimensions)."""
    seq = sequences_as_arrays(np.flipud, _np_flipud, {"m": m}, ("m",))
    if seq is not None:
        return seq
    if not (_is_array(m) or isinstance(m, (types.Number, types.Boolean))):
        raise TypingError("Cannot np.flipud on %s type: the argument must be an array-like" % m)
    if getattr(m, "ndim", 0) < 1:
        raise TypingError("np.flipud(): Input must be >= 1-d (cannot index array of 0 dimensions with 1 indices)")
    return lambda m: m[::-1]


# ------------------------------------------------------------------ np.roll


@register_jitable
def _roll_into(o, s, shift):
    """Store ``s`` rolled by ``shift`` along its first axis into ``o``."""
    n = s.shape[0]
    if n == 0:
        return
    k = shift % n
    o[k:] = s[:n - k]
    o[:k] = s[n - k:]


@overload(np.roll)
def _np_roll(a, shift, axis=None):
    """``np.roll(a, shift, axis=None)``: a new array; without ``axis`` the
    elements roll in C order; with an integer ``axis`` along it."""
    seq = sequences_as_arrays(np.roll, _np_roll, {"a": a, "shift": shift, "axis": axis}, ("a",))
    if seq is not None:
        return seq
    if isinstance(a, (types.Number, types.Boolean)):  # NumPy: a 0-d array of it
        return lambda a, shift, axis=None: np.roll(np.asarray(a), shift, axis)
    if not _is_array(a):
        raise TypingError("np.roll(): the first argument must be an array, not %s" % a)
    if isinstance(shift, types.Boolean):  # NumPy takes a boolean as 0 or 1
        return lambda a, shift, axis=None: np.roll(a, np.int64(shift), axis)
    if not is_index(shift):
        raise TypingError("np.roll(): shift must be an integer, not %s" % shift)
    if not _given(axis):
        def impl(a, shift, axis=None):
            out = np.empty(a.size, a.dtype)
            _roll_into(out, a.ravel(), shift)
            return out.reshape(a.shape)
        return impl
    if not is_index(axis):
        raise TypingError("np.roll(): axis must be an integer or None, not %s" % axis)

    def impl_axis(a, shift, axis=None):
        ax = _norm_axis(axis, a.ndim)
        out = np.empty(a.shape, a.dtype)
        _roll_into(swapaxes_view(out, 0, ax), swapaxes_view(a, 0, ax), shift)
        return out
    return impl_axis


# ------------------------------------------------------------------ np.repeat, np.tile


@register_jitable
def _counts(repeats, n):
    """The repeat count of each of ``n`` items (an integer or an array of
    one or ``n`` integers), and their total."""
    r = np.asarray(repeats).ravel()
    if r.size != 1 and r.size != n:
        raise ValueError("operands could not be broadcast together")
    counts = np.empty(n, np.intp)
    total = 0
    for i in range(n):
        c = r[0] if r.size == 1 else r[i]
        if c < 0:
            raise ValueError("repeats may not contain negative values.")
        counts[i] = c
        total += c
    return counts, total


@register_jitable
def _repeat_into(o, s, counts):
    """Item ``i`` of ``s`` (along its first axis) ``counts[i]`` times into ``o``."""
    pos = 0
    for i in range(s.shape[0]):
        for _ in range(counts[i]):
            o[pos] = s[i]
            pos += 1


@overload(np.repeat)
def _np_repeat(a, repeats, axis=None):
    """``np.repeat(a, repeats, axis=None)``: ``repeats`` an integer or an
    integer array; without ``axis`` the result is 1-d."""
    seq = sequences_as_arrays(np.repeat, _np_repeat, {"a": a, "repeats": repeats, "axis": axis}, ("a", "repeats"))
    if seq is not None:
        return seq
    if isinstance(a, types.Number):
        return lambda a, repeats, axis=None: np.repeat(np.atleast_1d(a), repeats)
    if not _is_array(a):
        raise TypingError("np.repeat(): the first argument must be an array, not %s" % a)
    if not (is_index(repeats) or (_is_array(repeats) and isinstance(repeats.dtype, types.Integer)
                                  and not isinstance(repeats.dtype, types.Boolean))):
        raise TypingError("np.repeat(): repeats must be an integer or an integer array, not %s" % repeats)
    if not _given(axis):
        def impl(a, repeats, axis=None):
            flat = a.ravel()
            counts, total = _counts(repeats, flat.size)
            out = np.empty(total, a.dtype)
            _repeat_into(out, flat, counts)
            return out
        return impl
    if not is_index(axis):
        raise TypingError("np.repeat(): axis must be an integer or None, not %s" % axis)
    src = ("def impl(a, repeats, axis=None):\n"
           "    ax = _norm_axis(axis, %d)\n"
           "    counts, total = _counts(repeats, a.shape[ax])\n"
           "    out = np.empty(%s, a.dtype)\n"
           "    _repeat_into(swapaxes_view(out, 0, ax), swapaxes_view(a, 0, ax), counts)\n"
           "    return out\n" % (a.ndim, _shape_src(a.ndim, "_dim_with", "a.shape", "ax", "total")))
    return _generate(src, "impl", dict(_ENV, _counts=_counts, _repeat_into=_repeat_into))


@overload_method(types.Array, "repeat")
def _array_repeat(a, repeats, axis=None):
    """``a.repeat(repeats, axis=None)``: ``np.repeat(a, repeats, axis)``."""
    return lambda a, repeats, axis=None: np.repeat(a, repeats, axis)


def _tile_src(nd, d) -> str:
    """Source of np.tile for an array of ``nd`` dimensions and ``d`` reps."""
    n = max(nd, d)
    ashape = ["1"] * (n - nd) + ["a.shape[%d]" % i for i in range(nd)]
    reps = ["1"] * (n - d) + ["reps[%d]" % i for i in range(d)]
    lines = ["def impl(a, reps):"]
    lines += ["    r%d = %s" % (i, reps[i]) for i in range(n)]
    lines += ["    if %s:" % " or ".join("r%d < 0" % i for i in range(n)),
              "        raise ValueError('negative dimensions are not allowed')"]
    lines += ["    s%d = %s" % (i, ashape[i]) for i in range(n)]
    lines.append("    out = np.empty(%s, a.dtype)" % _tuple_src("s%d * r%d" % (i, i) for i in range(n)))
    lines.append("    flat = out.reshape(out.size)")
    lines.append("    for i in range(out.size):")
    lines.append("        rem = i")
    for i in reversed(range(n)):
        lines.append("        j%d = (rem %% (s%d * r%d)) %% s%d" % (i, i, i, i))
        lines.append("        rem //= s%d * r%d" % (i, i))
    index = _tuple_src("j%d" % i for i in range(n - nd, n))
    lines.append("        flat[i] = a[%s]" % index if nd else "        flat[i] = a[()]")
    lines.append("    return out")
    return "\n".join(lines)


@overload(np.tile)
def _np_tile(A, reps):
    """``np.tile(A, reps)``: ``reps`` an integer or a tuple of integers."""
    if not _is_array(A):
        raise TypingError("np.tile(): the first argument must be an array, not %s" % A)
    if is_index(reps):
        wrap = "(reps,)"
        d = 1
    elif isinstance(reps, types.BaseTuple) and all(is_index(t) for t in reps.types):
        wrap, d = "reps", len(reps)
    else:
        raise TypingError("np.tile(): reps must be an integer or a tuple of integers, not %s" % reps)
    inner = _generate(_tile_src(A.ndim, d).replace("def impl(a, reps)", "def tile(a, reps)"), "tile", _ENV)
    src = "def impl(A, reps):\n    return tile(A, %s)\n" % wrap
    from pycomp.decorators import njit

    return _generate(src, "impl", {"tile": njit(inner)})
