"""NumPy's selection and triangle functions, written through the extension
API: ``np.where`` (one argument: the index arrays; three: a broadcast
choice with NumPy 2's result dtype), ``np.tri``, ``np.tril``, ``np.triu``,
``np.diag`` (1-d to 2-d; 2-d to a read-only view of the diagonal) and
``np.take`` (flattened). Views and generated per-tuple code use the
primitives and helpers of :mod:`pycomp.np.manipulation`.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.arraylike import as_array_type, is_array_like, is_sequence_like, same_value, to_array
from pycomp.np.manipulation import (_ENV, _check_index, _generate, _given, _is_array, _promoted, _raiser, _tuple_src,
                                    readonly_strided_view)
from pycomp.np.views import is_index

AxisError = np.exceptions.AxisError
from pycomp.typeof import as_numpy_dtype

__all__ = []


# ------------------------------------------------------------------ np.where


@register_jitable
def _bdim(d1, d2):
    """The broadcast of extents ``d1`` and ``d2``."""
    if d1 == d2 or d2 == 1:
        return d1
    if d1 == 1:
        return d2
    raise ValueError("operands could not be broadcast together")


@register_jitable
def _bdim_shapes(d1, d2):
    """``_bdim`` with the message of np.broadcast_shapes (Numba's for np.where)."""
    if d1 == d2 or d2 == 1:
        return d1
    if d1 == 1:
        return d2
    raise ValueError("shape mismatch: objects cannot be broadcast to a single shape")


def _broadcast_src(t, name, n) -> str:
    """Source of a view of the array ``name`` of type ``t`` broadcast to the
    extents ``shape`` (``n`` of them): stride 0 along broadcast axes."""
    strides = []
    for j in range(n):
        i = j - (n - t.ndim)
        if i < 0:
            strides.append("0")
        else:
            strides.append("(0 if %s.shape[%d] == 1 and shape[%d] != 1 else %s.strides[%d])" % (name, i, j, name, i))
    if n == 0:
        return name
    return "strided_view(%s, shape, %s, 0)" % (name, _tuple_src(strides))


def _nonzero(condition):
    return condition.nonzero()


@overload(np.where)
def _np_where(condition, x=None, y=None):
    """``np.where(condition)`` (the indices of the nonzero items, a tuple of
    arrays) or ``np.where(condition, x, y)`` (arrays and numbers broadcast
    together; NumPy's result dtype)."""
    strings = _is_array(condition) and isinstance(condition.dtype, (types.CharSeq, types.UnicodeCharSeq))
    if not is_array_like(condition) and not strings:  # an array of strings: true where not empty
        raise TypingError('np.where(): The argument "condition" must be array-like, not %s' % condition)
    if not _given(x) and not _given(y):
        if is_sequence_like(condition):
            return lambda condition, x=None, y=None: np.asarray(condition).nonzero()
        if not _is_array(condition):
            raise TypingError("np.where(): the condition must be an array, not %s" % condition)
        return lambda condition, x=None, y=None: condition.nonzero()
    for t, what in ((x, "x"), (y, "y")):
        if not is_array_like(t):
            raise TypingError('np.where(): The argument "%s" must be array-like if provided, not %s' % (what, t))
    if any(is_sequence_like(t) for t in (condition, x, y)):  # lists and tuples: as their arrays
        cc, cx, cy = (to_array if is_sequence_like(t) else same_value for t in (condition, x, y))
        return lambda condition, x=None, y=None: np.where(cc(condition), cx(x), cy(y))
    args = (condition, x, y)
    names = ("condition", "x", "y")
    n = max([t.ndim for t in args if _is_array(t)] + [0])
    dims = []
    for j in range(n):
        ext = "1"
        for t, name in zip(args, names):
            i = j - (n - t.ndim) if _is_array(t) else -1
            if i >= 0:
                ext = "_bdim_shapes(%s, %s.shape[%d])" % (ext, name, i)
        dims.append(ext)
    # NumPy's result is in Fortran order when every array across its axes is
    multi = [t for t in args if _is_array(t) and t.ndim > 1]
    fortran = n > 1 and bool(multi) and all(t.layout == "F" for t in multi)
    lines = ["def impl(condition, x=None, y=None):",
             "    shape = %s" % (_tuple_src(dims) if n else "()")]
    if fortran:
        lines.append("    out = np.empty(%s, dt).T" % _tuple_src(["shape[%d]" % j for j in range(n - 1, -1, -1)]))
    else:
        lines.append("    out = np.empty(shape, dt)")
    arrays = [name for t, name in zip(args, names) if _is_array(t)]
    if n and not fortran and all(t.layout == "C" and t.ndim == n for t in args if _is_array(t)):
        # no broadcasting at run time: one flat loop over the items, which
        # LLVM vectorizes (the choice a select, not a branch)
        same = " and ".join("%s.shape == shape" % name for name in arrays)
        flat = {name: "%s.reshape(%s.size)" % (name, name) for name in arrays}
        lines += ["    if %s:" % same,
                  "        o = out.reshape(out.size)"]
        lines += ["        %s_f = %s" % (name, flat[name]) for name in arrays]
        fr = ["%s_f[i]" % name if name in flat else name for name in names]
        lines += ["        for i in range(o.size):",
                  "            c = %s" % fr[0],
                  "            xv = %s" % fr[1],
                  "            yv = %s" % fr[2],
                  "            o[i] = xv if c else yv",
                  "        return out"]
    reads = []
    for t, name in zip(args, names):
        if _is_array(t):
            lines.append("    %s_b = %s" % (name, _broadcast_src(t, name, n)))
            reads.append("%s_b[%s]" % (name, ", ".join("i%d" % j for j in range(n)) if n else "()"))
        else:
            reads.append(name)
    indent = "    "
    for j in range(n):
        lines.append("%sfor i%d in range(shape[%d]):" % (indent, j, j))
        indent += "    "
    at = ", ".join("i%d" % j for j in range(n)) if n else "()"
    # both values read before choosing: a select, not a branch the data decides
    lines += ["%sc = %s" % (indent, reads[0]), "%sxv = %s" % (indent, reads[1]), "%syv = %s" % (indent, reads[2]),
              "%sout[%s] = xv if c else yv" % (indent, at)]
    lines.append("    return out")
    if _is_array(x) or _is_array(y):
        dt = _promoted([x, y])  # a Python number beside an array promotes weakly (NEP 50)
    else:  # two numbers: by their types, as NumPy's scalars (and two Python numbers) promote
        dt = np.promote_types(*[as_numpy_dtype(getattr(t, "literal_type", t)) for t in (x, y)]).type
    impl = _generate("\n".join(lines), "impl", dict(_ENV, _bdim_shapes=_bdim_shapes, dt=dt))
    # element-wise: nb-fuse-arrayexpr may compute it inside a fused expression (arrayexpr.select)
    impl._pycomp_elementwise = "where"
    return impl


# ------------------------------------------------------------------ np.tri, np.tril, np.triu, np.diag


@register_jitable
def _fill_tri(out, k):
    """Ones at and below diagonal ``k`` of the 2-d zeros ``out``."""
    rows, cols = out.shape
    for i in range(rows):
        for j in range(max(0, min(cols, i + k + 1))):
            out[i, j] = 1
    return out


@overload(np.tri)
def _np_tri(N, M=None, k=0, dtype=None):
    """``np.tri(N, M=None, k=0, dtype=float)``."""
    from pycomp.frontend.typing.arraycreation import dtype_from_type

    if not is_index(N) or (_given(M) and not is_index(M)):
        raise TypingError("np.tri(): N and M must be integers, not %s and %s" % (N, M))
    _check_index(k, "k", "np.tri")
    dt = np.dtype(str(dtype_from_type(dtype, "np.tri"))).type if _given(dtype) else np.float64
    # a negative N or M counts as 0 (NumPy's arange of it is empty)
    if _given(M):
        return lambda N, M=None, k=0, dtype=None: _fill_tri(np.zeros((max(N, 0), max(M, 0)), dt), k)
    return lambda N, M=None, k=0, dtype=None: _fill_tri(np.zeros((max(N, 0), max(N, 0)), dt), k)


@register_jitable
def _copy_tri(out, m, k, lower):
    """The items of the 2-d ``m`` at and below (``lower``) or at and above
    diagonal ``k`` into the 2-d zeros ``out``."""
    rows, cols = out.shape
    for i in range(rows):
        if lower:
            lo, hi = 0, max(0, min(cols, i + k + 1))
        else:
            lo, hi = max(0, min(cols, i + k)), cols
        for j in range(lo, hi):
            out[i, j] = m[i, j]


def _tri_part(name, lower):
    @overload(getattr(np, name))
    def _np_tri_part(m, k=0):
        if not _is_array(m) or m.ndim == 0:
            raise TypingError("np.%s(): the first argument must be an array of 1 or more dimensions, not %s"
                              % (name, m))
        _check_index(k, "k", "np." + name)
        env = dict(_ENV, _copy_tri=_copy_tri, LOWER=lower)
        if m.ndim == 1:
            src = ("def impl(m, k=0):\n"
                   "    n = m.shape[0]\n"
                   "    out = np.zeros((n, n), m.dtype)\n"
                   "    _copy_tri(out, strided_view(m, (n, n), (0, m.strides[0]), 0), k, LOWER)\n"
                   "    return out\n")
            return _generate(src, "impl", env)
        lines = ["def impl(m, k=0):", "    out = np.zeros(m.shape, m.dtype)"]
        indent = "    "
        for j in range(m.ndim - 2):
            lines.append("%sfor i%d in range(m.shape[%d]):" % (indent, j, j))
            indent += "    "
        at = "".join("i%d, " % j for j in range(m.ndim - 2))
        lines.append("%s_copy_tri(out[%s...], m[%s...], k, LOWER)" % (indent, at, at))
        lines.append("    return out")
        return _generate("\n".join(lines), "impl", env)
    _np_tri_part.__doc__ = "``np.%s(m, k=0)``: a new array (the last two axes)." % name
    return _np_tri_part


_tri_part("tril", True)
_tri_part("triu", False)


@register_jitable
def _diag_view(v, k):
    """Diagonal ``k`` of the 2-d ``v``: a read-only view, as NumPy's."""
    rows, cols = v.shape
    s0, s1 = v.strides
    if k >= 0:
        n = max(0, min(rows, cols - k))
        offset = k * s1 if n > 0 else 0
    else:
        n = max(0, min(rows + k, cols))
        offset = -k * s0 if n > 0 else 0
    return readonly_strided_view(v, (n,), (s0 + s1,), offset)


@overload(np.diag)
def _np_diag(v, k=0):
    """``np.diag(v, k=0)``: a 2-d array with ``v`` (1-d) on diagonal ``k``,
    or diagonal ``k`` of a 2-d ``v`` (a read-only view)."""
    if not _is_array(v):
        raise TypingError('np.diag(): The argument "v" must be array-like (an array), not %s' % v)
    _check_index(k, "k", "np.diag")
    if v.ndim == 2:
        return lambda v, k=0: _diag_view(v, k)
    if v.ndim != 1:  # (NumPy: a ValueError at run time; the type decides it)
        raise TypingError("np.diag(): Input must be 1- or 2-d, not %d-d" % v.ndim)

    def impl(v, k=0):
        n = v.shape[0]
        size = n + abs(k)
        out = np.zeros((size, size), v.dtype)
        for i in range(n):
            if k >= 0:
                out[i, i + k] = v[i]
            else:
                out[i - k, i] = v[i]
        return out
    return impl


# ------------------------------------------------------------------ np.take


@register_jitable
def _flat_index(i, n):
    """``i`` wrapped into [0, n); IndexError if out of bounds."""
    if i < -n or i >= n:
        raise IndexError("index out of bounds for the flattened array")
    return i + n if i < 0 else i


def _take_along_src(nd: int, scalar: bool) -> str:
    """Source of ``np.take(a, indices, axis)`` for an ``nd``-d array: one
    branch per axis, each an index of ``a`` with the indices at that
    position (advanced indexing, which checks them; a number picks a
    sub-array, copied)."""
    lines = ["def impl(a, indices, axis=None):"]
    if not scalar:
        lines.append("    idx = np.asarray(indices)")
    lines.append("    ax = _norm_axis(axis, %d)" % nd)
    for k in range(nd):
        lines.append("    %s ax == %d:" % ("if" if k == 0 else "elif", k))
        if scalar:
            lines.append("        i = _flat_index(indices, a.shape[%d])" % k)
            if nd == 1:  # the element, as NumPy gives
                lines.append("        return a[i]")
            else:
                lines.append("        return a[%s].copy()" % ", ".join([":"] * k + ["i", "..."]))
        else:
            lines.append("        return a[%s]" % ", ".join([":"] * k + ["idx", "..."]))
    lines.append("    raise AssertionError('unreachable')")
    return "\n".join(lines) + "\n"


@overload(np.take)
def _np_take(a, indices, axis=None):
    """``np.take(a, indices, axis=None)``: items of the flattened ``a`` (no
    axis) or sub-arrays along ``axis`` at an integer index or an integer
    array of indices (or a list or tuple of integers, nested too); the
    result has the indices' shape in place of the axis. Indices out of
    range are an IndexError, an axis out of range NumPy's AxisError."""
    if not _is_array(a):
        raise TypingError("np.take(): the first argument must be an array, not %s" % a)
    seq = is_sequence_like(indices) and is_index(as_array_type(indices).dtype)
    if not (is_index(indices) or seq or (_is_array(indices) and is_index(indices.dtype))):
        raise TypingError("np.take(): indices must be an integer or an integer array, or a list or tuple of "
                          "integers, not %s" % indices)
    if _given(axis):
        if not is_index(axis):
            raise TypingError("np.take(): axis must be an integer or None, not %s" % axis)
        if a.ndim == 0:
            return _raiser(AxisError, "axis out of bounds for array of dimension 0", "a, indices, axis=None")
        return _generate(_take_along_src(a.ndim, is_index(indices)), "impl",
                         dict(_ENV, _flat_index=_flat_index, AssertionError=AssertionError))
    if is_index(indices):
        def impl(a, indices, axis=None):
            flat = a.ravel()
            return flat[_flat_index(indices, flat.size)]
        return impl

    def impl_array(a, indices, axis=None):
        idx = np.asarray(indices)
        flat = a.ravel()
        out = np.empty(idx.shape, a.dtype)
        res = out.reshape(out.size)
        i = 0
        for j in idx.flat:
            res[i] = flat[_flat_index(j, flat.size)]
            i += 1
        return out
    return impl_array
