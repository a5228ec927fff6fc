"""NumPy's index helpers and index-driven copies, written through the
extension API: ``np.tril_indices``, ``np.triu_indices``,
``np.tril_indices_from``, ``np.triu_indices_from``, ``np.indices``,
``np.take_along_axis``, ``np.diagflat``, ``np.rot90``, ``np.extract``,
``np.ediff1d`` and ``np.trim_zeros``.

``np.rot90`` returns a view, as NumPy does: one strided view over the
argument's memory (:func:`pycomp.np.manipulation.strided_view`) whose
first two extents and strides are permuted and negated for the quarter
turns asked for. The functions whose loops depend on the number of
dimensions (``np.indices``, ``np.take_along_axis``) have their code
generated per dimension count, like :mod:`pycomp.np.manipulation`.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.manipulation import _generate, _norm_axis, _tuple_src, strided_view
from pycomp.np.setops import _array_like, _elem

__all__ = []

AxisError = np.exceptions.AxisError


def _given(t) -> bool:
    return t is not None and not isinstance(t, (types.NoneType, types.Omitted))


def _integer(t) -> bool:
    return isinstance(t, types.Integer) and not isinstance(t, types.Boolean)


def _check_int(name, what, t) -> None:
    """A TypingError unless ``t`` (an argument's type or its default) is an integer."""
    if isinstance(t, int) and not isinstance(t, bool):
        return
    if not _integer(t):
        raise TypingError("%s(): %s must be an integer, not %s" % (name, what, t))


def _check_array_like(name, what, t) -> None:
    if not _array_like(t):
        raise TypingError("%s(): %s must be array-like (an array, a number, a tuple or a list of numbers), "
                          "not %s" % (name, what, t))


def _scalar_class(t):
    return np.dtype(str(t)).type


# ------------------------------------------------------------------ np.tril_indices, np.triu_indices


@register_jitable
def _triangle_indices(n, k, m, lower):
    """The row and column indices of the lower (``j <= i + k``) or upper
    (``j >= i + k``) triangle of an ``n`` by ``m`` array, row by row."""
    count = 0
    for i in range(n):
        for j in range(m):
            if (j <= i + k) if lower else (j >= i + k):
                count += 1
    rows = np.empty(count, np.int64)
    cols = np.empty(count, np.int64)
    p = 0
    for i in range(n):
        for j in range(m):
            if (j <= i + k) if lower else (j >= i + k):
                rows[p] = i
                cols[p] = j
                p += 1
    return rows, cols


def _triangle_overload(fn, lower: bool) -> None:
    """Register ``np.tril_indices`` (``lower``) or ``np.triu_indices``."""
    name = "np." + fn.__name__

    @overload(fn)
    def _np_tri_indices(n, k=0, m=None):
        """``np.tril_indices(n, k=0, m=None)`` / ``np.triu_indices``: two int64 arrays."""
        _check_int(name, "n", n)
        _check_int(name, "k", k)
        if _given(m):
            _check_int(name, "m", m)

            def impl(n, k=0, m=None):
                return _triangle_indices(n, k, m, lower)
        else:
            def impl(n, k=0, m=None):
                return _triangle_indices(n, k, n, lower)
        return impl


def _triangle_from_overload(fn, lower: bool) -> None:
    """Register ``np.tril_indices_from`` (``lower``) or ``np.triu_indices_from``."""
    name = "np." + fn.__name__

    @overload(fn)
    def _np_tri_indices_from(arr, k=0):
        """``np.tril_indices_from(arr, k=0)`` / ``np.triu_indices_from``: of a 2-d array's shape."""
        if not (isinstance(arr, types.Array) and arr.ndim == 2):
            raise TypingError("%s(): input array must be 2-d, not %s" % (name, arr))
        _check_int(name, "k", k)

        def impl(arr, k=0):
            return _triangle_indices(arr.shape[0], k, arr.shape[1], lower)
        return impl


_triangle_overload(np.tril_indices, True)
_triangle_overload(np.triu_indices, False)
_triangle_from_overload(np.tril_indices_from, True)
_triangle_from_overload(np.triu_indices_from, False)


# ------------------------------------------------------------------ np.indices


def _indices_src(nd: int) -> str:
    """Source of ``np.indices`` over a tuple of ``nd`` extents."""
    lines = ["def impl(dimensions, dtype=None):",
             "    out = np.empty(%s, dt)" % _tuple_src(["%d" % nd] + ["dimensions[%d]" % d for d in range(nd)])]
    loops, idx = [], ", ".join("i%d" % d for d in range(nd))
    for d in range(nd):
        loops.append("    " + "    " * d + "for i%d in range(dimensions[%d]):" % (d, d))
    lines += loops
    body = "    " * (nd + 1)
    for d in range(nd):
        lines.append(body + "out[%d, %s] = i%d" % (d, idx, d))
    lines.append("    return out")
    return "\n".join(lines)


@overload(np.indices)
def _np_indices(dimensions, dtype=None):
    """``np.indices(dimensions, dtype=int)``: the grid of indices, one
    array per dimension, stacked."""
    if not (isinstance(dimensions, types.BaseTuple) and all(_integer(t) for t in dimensions.types)):
        raise TypingError('np.indices(): The argument "dimensions" must be a tuple of integers, not %s' % dimensions)
    if _given(dtype):
        from pycomp.np.creation import _dtype_of

        dt = _scalar_class(_dtype_of(dtype, "np.indices"))
    else:
        dt = np.int64
    nd = len(dimensions)
    if nd == 0:
        return lambda dimensions, dtype=None: np.empty(0, dt)
    return _generate(_indices_src(nd), "impl", {"np": np, "dt": dt})


# ------------------------------------------------------------------ np.take_along_axis


@register_jitable
def _along_extent(sa, si, d, ax):
    """Extent ``d`` of ``np.take_along_axis``'s result: the index array's
    along ``ax``, the two extents broadcast elsewhere."""
    if d == ax:
        return si[d]
    if sa[d] == si[d] or si[d] == 1:
        return sa[d]
    if sa[d] == 1:
        return si[d]
    raise ValueError("dimensions don't match: indexing arrays could not be broadcast together")


@register_jitable
def _along_index(j, n):
    """The index ``j`` into an axis of extent ``n``, negative ones wrapped."""
    j = np.int64(j)
    if j < -n or j >= n:
        raise IndexError("index out of bounds in np.take_along_axis")
    return j + n if j < 0 else j


def _take_along_src(nd: int) -> str:
    """Source of ``np.take_along_axis`` over ``nd``-dimensional arrays and an axis."""
    shape = _tuple_src("_along_extent(sa, si, %d, ax)" % d for d in range(nd))
    lines = ["def impl(arr, indices, axis):",
             "    ax = _norm_axis(axis, %d)" % nd,
             "    sa = arr.shape",
             "    si = indices.shape",
             "    shape = %s" % shape,
             "    out = np.empty(shape, dt)"]
    for d in range(nd):
        lines.append("    " + "    " * d + "for i%d in range(shape[%d]):" % (d, d))
    body = "    " * (nd + 1)
    iidx = _tuple_src("0 if si[%d] == 1 else i%d" % (d, d) for d in range(nd))
    lines.append(body + "j = _along_index(indices[%s], sa[ax])" % iidx)
    aidx = _tuple_src("j if ax == %d else (0 if sa[%d] == 1 else i%d)" % (d, d, d) for d in range(nd))
    oidx = ", ".join("i%d" % d for d in range(nd))
    lines.append(body + "out[%s] = arr[%s]" % (oidx, aidx))
    lines.append("    return out")
    return "\n".join(lines)


@overload(np.take_along_axis)
def _np_take_along_axis(arr, indices, axis):
    """``np.take_along_axis(arr, indices, axis)``: items of ``arr`` picked
    by ``indices`` along ``axis`` (None: of the flattened array)."""
    name = "np.take_along_axis"
    if not isinstance(arr, types.Array):
        raise TypingError('%s(): "arr" must be an array, not %s' % (name, arr))
    if not isinstance(indices, types.Array):
        raise TypingError('%s(): "indices" must be an array, not %s' % (name, indices))
    if not _integer(indices.dtype):
        raise TypingError("%s(): indices array must contain integers, not %s" % (name, indices.dtype))
    if not _given(axis):
        if indices.ndim != 1:  # (arr is taken flattened: 1-d)
            raise TypingError("%s(): with axis=None, indices and the flattened arr must have the same number "
                              "of dimensions (1), not %d" % (name, indices.ndim))

        def impl(arr, indices, axis):
            flat = arr.ravel()
            out = np.empty(indices.size, flat.dtype)
            for i in range(indices.size):
                out[i] = flat[_along_index(indices[i], flat.size)]
            return out
        return impl
    if not _integer(axis):
        raise TypingError("%s(): axis must be an integer or None, not %s" % (name, axis))
    if indices.ndim != arr.ndim:
        raise TypingError("%s(): indices and arr must have the same number of dimensions (%d != %d)"
                          % (name, indices.ndim, arr.ndim))
    env = {"np": np, "dt": _scalar_class(arr.dtype), "_norm_axis": _norm_axis,
           "_along_extent": _along_extent, "_along_index": _along_index}
    return _generate(_take_along_src(arr.ndim), "impl", env)


# ------------------------------------------------------------------ np.diagflat


@overload(np.diagflat)
def _np_diagflat(v, k=0):
    """``np.diagflat(v, k=0)``: a 2-d array with the flattened ``v`` on diagonal ``k``."""
    _check_array_like("np.diagflat", 'The argument "v"', v)
    _check_int("np.diagflat", 'The argument "k"', k)

    def impl(v, k=0):
        flat = np.asarray(v).ravel()
        off = k if k >= 0 else -k
        n = flat.size + off
        out = np.zeros((n, n), flat.dtype)
        for i in range(flat.size):
            if k >= 0:
                out[i, i + k] = flat[i]
            else:
                out[i - k, i] = flat[i]
        return out

    return impl


# ------------------------------------------------------------------ np.rot90


@overload(np.rot90)
def _np_rot90(m, k=1):
    """``np.rot90(m, k=1)``: a view of ``m`` turned ``k`` quarter turns
    counterclockwise in its first two axes."""
    if not isinstance(m, types.Array):
        raise TypingError('np.rot90(): The first argument "m" must be an array, not %s' % m)
    if m.ndim < 2:
        raise TypingError("np.rot90(): the array must have at least 2 dimensions, not %d" % m.ndim)
    _check_int("np.rot90", 'The second argument "k"', k)
    rest = "".join(" + (s[%d],)" % d for d in range(2, m.ndim))
    rest_st = "".join(" + (st[%d],)" % d for d in range(2, m.ndim))
    src = "\n".join([
        "def impl(m, k=1):",
        "    q = k % 4",
        "    s = m.shape",
        "    st = m.strides",
        "    last0 = max(s[0] - 1, 0) * st[0]",
        "    last1 = max(s[1] - 1, 0) * st[1]",
        "    if q == 0:",
        "        return strided_view(m, (s[0], s[1])%s, (st[0], st[1])%s, 0)" % (rest, rest_st),
        "    if q == 1:",
        "        return strided_view(m, (s[1], s[0])%s, (-st[1], st[0])%s, last1)" % (rest, rest_st),
        "    if q == 2:",
        "        return strided_view(m, (s[0], s[1])%s, (-st[0], -st[1])%s, last0 + last1)" % (rest, rest_st),
        "    return strided_view(m, (s[1], s[0])%s, (st[1], -st[0])%s, last0)" % (rest, rest_st),
    ])
    return _generate(src, "impl", {"strided_view": strided_view, "max": max})


# ------------------------------------------------------------------ np.extract


@overload(np.extract)
def _np_extract(condition, arr):
    """``np.extract(condition, arr)``: the items of the flattened ``arr``
    where the flattened ``condition`` is nonzero (a ValueError, as Numba's,
    where a nonzero lies past ``arr``'s end)."""
    _check_array_like("np.extract", "condition", condition)
    _check_array_like("np.extract", "arr", arr)

    def impl(condition, arr):
        c = np.asarray(condition).ravel()
        a = np.asarray(arr).ravel()
        count = 0
        for i in range(c.size):
            if c[i] != 0:
                if i >= a.size:  # (NumPy: an IndexError; Numba, followed here: a ValueError)
                    if a.size == 0:
                        raise ValueError("Cannot extract from an empty array")
                    raise ValueError("condition shape inconsistent with arr shape")
                count += 1
        out = np.empty(count, a.dtype)
        p = 0
        for i in range(c.size):
            if c[i] != 0:
                out[p] = a[i]
                p += 1
        return out

    return impl


# ------------------------------------------------------------------ np.ediff1d


def _ediff1d_part(t, elem, what):
    """Whether the optional part ``t`` of np.ediff1d is given (a TypeError,
    as NumPy's, if it does not cast to ``elem`` under the same_kind rule)."""
    if not _given(t):
        return False
    _check_array_like("np.ediff1d", what, t)
    src = np.dtype(str(_elem(t)))
    if not np.can_cast(src, np.dtype(str(elem)), "same_kind"):
        raise TypingError("np.ediff1d(): dtype of `%s` must be compatible with input `ary` under the "
                          "`same_kind` rule (%s to %s)" % (what, src, elem))
    return True


@register_jitable
def _ediff1d_fill(a, begin, end, dt):
    """``begin``, the differences of the 1-d ``a``, ``end`` in one array of ``dt``."""
    nd = a.size - 1 if a.size > 0 else 0
    out = np.empty(begin.size + nd + end.size, dt)
    for i in range(begin.size):
        out[i] = begin[i]
    for i in range(nd):
        out[begin.size + i] = a[i + 1] - a[i]
    for i in range(end.size):
        out[begin.size + nd + i] = end[i]
    return out


@overload(np.ediff1d)
def _np_ediff1d(ary, to_end=None, to_begin=None):
    """``np.ediff1d(ary, to_end=None, to_begin=None)``: the differences of
    consecutive items of the flattened ``ary``, in ``ary``'s dtype."""
    _check_array_like("np.ediff1d", "ary", ary)
    elem = _elem(ary)
    if isinstance(elem, types.Boolean):
        raise TypingError("np.ediff1d(): Boolean dtype is unsupported (as per NumPy)")
    has_end = _ediff1d_part(to_end, elem, "to_end")
    has_begin = _ediff1d_part(to_begin, elem, "to_begin")
    dt = _scalar_class(elem)
    from pycomp.decorators import njit

    given = njit(lambda x: np.asarray(x).ravel().astype(dt))
    absent = njit(lambda x: np.empty(0, dt))
    begin_of = given if has_begin else absent
    end_of = given if has_end else absent

    def impl(ary, to_end=None, to_begin=None):
        return _ediff1d_fill(np.asarray(ary).ravel(), begin_of(to_begin), end_of(to_end), dt)

    return impl


# ------------------------------------------------------------------ np.trim_zeros


@register_jitable
def _trim_sides(trim):
    """``(front, back)``: whether ``trim`` (letters of 'fFbB') asks to trim
    the front and the back; ValueError for any other letter, as NumPy."""
    front = False
    back = False
    if len(trim) == 0:
        raise ValueError("unexpected character(s) in `trim`")
    for i in range(len(trim)):
        ch = trim[i]
        if ch == "f" or ch == "F":
            front = True
        elif ch == "b" or ch == "B":
            back = True
        else:
            raise ValueError("unexpected character(s) in `trim`")
    return front, back


@register_jitable
def _is_zero(x):
    return x == 0


@register_jitable
def _is_empty(x):
    return not x


@overload(np.trim_zeros)
def _np_trim_zeros(filt, trim="fb"):
    """``np.trim_zeros(filt, trim='fb')``: the view of the 1-d array
    ``filt`` without its leading ('f') and/or trailing ('b') zeros."""
    if not isinstance(filt, types.Array):
        raise TypingError("np.trim_zeros(): The first argument must be an array, not %s" % filt)
    if filt.ndim != 1:
        raise TypingError("np.trim_zeros(): array must be 1D, not %d-d" % filt.ndim)
    if isinstance(trim, types.Type) and not isinstance(trim, (types.UnicodeType, types.StringLiteral)):
        raise TypingError("np.trim_zeros(): The second argument must be a string, not %s" % trim)
    zero = _is_empty if isinstance(filt.dtype, (types.CharSeq, types.UnicodeCharSeq)) else _is_zero  # '' is a zero

    def impl(filt, trim="fb"):
        front, back = _trim_sides(trim)
        first = 0
        last = filt.shape[0]
        if front:
            while first < last and zero(filt[first]):
                first += 1
        if back:
            while last > first and zero(filt[last - 1]):
                last -= 1
        return filt[first:last]
    return impl
