"""NumPy's counting, searching and comparing functions, written in Python
through the extension API: ``np.count_nonzero``, ``np.flatnonzero``,
``np.argwhere``, ``np.diff``, ``np.searchsorted``, ``np.bincount``,
``np.digitize``, ``np.unique``, ``np.isclose``, ``np.allclose``,
``np.array_equal``, ``np.nan_to_num`` and ``key in array``. (Convolution, polynomials,
interpolation and histograms: :mod:`pycomp.np.polynomials`, imported at
the end of this module.)

Values and result dtypes are NumPy's: indices and counts are int64
(``np.intp``); ``np.searchsorted`` and ``np.digitize`` of a number give an
integer, of an array an int64 array of its shape. Sorted-order searches
order NaNs last, as NumPy's sort does (:func:`pycomp.np.sorting.less_than`).
A 0-d array gives a number wherever NumPy gives one.
"""

from __future__ import annotations

import operator

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.arraylike import is_array_like, is_sequence_like, same_value, sequences_as_arrays, to_array
from pycomp.np.reductions import scalar_class
from pycomp.np.sorting import less_than
from pycomp.np.views import elements, is_index

__all__ = []


def _given(t) -> bool:
    """Whether an optional argument was passed (not left out, not None)."""
    return t is not None and not isinstance(t, types.NoneType)


def _array(t) -> bool:
    return isinstance(t, types.Array)


def _numeric(t) -> bool:
    """A number or boolean type (an array's items or a scalar)."""
    return isinstance(t, (types.Number, types.Boolean))


def _np_dtype(t):
    return np.dtype(str(t.dtype if _array(t) else t))


def _weak(t):
    """``t`` as NumPy's promotion sees it: Python's number types are weak."""
    weak = {types.int64: 0, types.float64: 0.0, types.complex128: 0j, types.boolean: False}
    if _array(t):
        return _np_dtype(t)
    return weak.get(t, _np_dtype(t))


def _literal_str(t, default):
    """The value of a string-literal argument type (``default`` when left
    out: the typer then sees the default value itself); None otherwise."""
    if t is None:
        return default
    if isinstance(t, str):
        return t
    if isinstance(t, types.StringLiteral):
        return t.value
    return None


# ------------------------------------------------------------------ nonzero items


@register_jitable
def _count(a):
    """The number of nonzero items of ``a``."""
    n = 0
    for x in elements(a):
        if x != 0:
            n += 1
    return n


@overload(np.count_nonzero)
def _np_count_nonzero(a, axis=None):
    """``np.count_nonzero(a, axis=None)``: an int (the whole array, or a
    1-d one along its axis), or an int64 array counting along ``axis``."""
    seq = sequences_as_arrays(np.count_nonzero, _np_count_nonzero, {"a": a, "axis": axis}, ("a",))
    if seq is not None:
        return seq
    if _given(axis) and not is_index(axis):
        raise TypingError("np.count_nonzero(): axis must be an integer or None, not %s" % axis)
    if _numeric(a):
        a_nd = 0
    elif _array(a) and _numeric(a.dtype):
        a_nd = a.ndim
    else:
        raise TypingError("np.count_nonzero(): a must be an array-like, not %s" % a)
    if not _given(axis):
        if a_nd == 0 and not _array(a):
            return lambda a, axis=None: 1 if a != 0 else 0
        return lambda a, axis=None: _count(a)
    if a_nd == 0:
        def bad(a, axis=None):
            raise ValueError("axis out of bounds for array of dimension 0")
        return bad
    if a_nd == 1:
        def impl1(a, axis=None):
            if axis < -1 or axis > 0:
                raise ValueError("axis is out of bounds for array of dimension 1")
            return _count(a)
        return impl1
    return lambda a, axis=None: (a != 0).sum(axis=axis)


@register_jitable
def _str_truth(a):
    return len(a) > 0


@register_jitable
def _none_truth(a):
    return False


def _object_truth(a):
    """For None or a str (what NumPy makes a 0-d object or str array of),
    the jitable giving its truth value; None for anything else."""
    if isinstance(a, types.NoneType):
        return _none_truth
    if isinstance(a, types.UnicodeType):
        return _str_truth
    return None


@overload(np.flatnonzero)
def _np_flatnonzero(a):
    """``np.flatnonzero(a)``: the indices of the nonzero items of the
    flattened (C order) ``a``, an int64 array."""
    seq = sequences_as_arrays(np.flatnonzero, _np_flatnonzero, {"a": a}, ("a",))
    if seq is not None:
        return seq
    if _numeric(a):
        return lambda a: np.flatnonzero(np.asarray(a))
    truth = _object_truth(a)
    if truth is not None:  # NumPy: a 0-d object (or str) array of ``a``
        return lambda a: np.zeros(1 if truth(a) else 0, np.int64)
    if not (_array(a) and _numeric(a.dtype)):
        raise TypingError("np.flatnonzero(): a must be an array, not %s" % a)

    def impl(a):
        out = np.empty(_count(a), np.int64)
        i = 0
        k = 0
        for x in a.flat:
            if x != 0:
                out[k] = i
                k += 1
            i += 1
        return out
    return impl


@overload(np.argwhere)
def _np_argwhere(a):
    """``np.argwhere(a)``: the indices of the nonzero items, one row each
    (an int64 array of shape ``(count, a.ndim)``, in Fortran order as
    NumPy's); ``a`` any array-like (a number counts as 1-d, as NumPy's)."""
    if is_sequence_like(a) or _numeric(a):
        return lambda a: np.argwhere(np.asarray(a))
    truth = _object_truth(a)
    if truth is not None:  # NumPy: a 0-d object (or str) array of ``a``
        return lambda a: np.zeros((1 if truth(a) else 0, 0), np.int64)
    if not (_array(a) and _numeric(a.dtype)):
        raise TypingError("np.argwhere(): a must be an array-like, not %s" % a)
    if a.ndim == 0:  # NumPy: as ``a`` of shape (1,), without its axis
        return lambda a: np.zeros((1 if a[()] != 0 else 0, 0), np.int64)
    ndim = a.ndim

    def impl(a):
        shape = a.shape
        out = np.empty((ndim, _count(a)), np.int64)
        i = 0
        k = 0
        for x in a.flat:
            if x != 0:
                rem = i
                for d in range(ndim - 1, -1, -1):
                    out[d, k] = rem % shape[d]
                    rem //= shape[d]
                k += 1
            i += 1
        return out.T
    return impl


# ------------------------------------------------------------------ np.diff


def _diff_step(boolean):
    if boolean:
        def step(buf, m):
            for i in range(m):
                buf[i] = buf[i + 1] != buf[i]
    else:
        def step(buf, m):
            for i in range(m):
                buf[i] = buf[i + 1] - buf[i]
    return register_jitable(step)


@overload(np.diff)
def _np_diff(a, n=1):
    """``np.diff(a, n=1)``: the ``n``-th differences along the last axis
    (``!=`` for booleans, as NumPy); ``n=0`` gives a copy."""
    if not (_array(a) and _numeric(a.dtype)):
        raise TypingError("np.diff(): a must be an array, not %s" % a)
    if isinstance(n, types.Type) and not is_index(n):
        raise TypingError("np.diff(): n must be an integer, not %s" % n)
    if a.ndim == 0:  # known when typing (NumPy: ValueError, but a copy for n=0)
        raise TypingError("np.diff(): diff requires input that is at least one dimensional (found 0-d)")
    step = _diff_step(isinstance(a.dtype, types.Boolean))

    def impl(a, n=1):
        if n < 0:
            raise ValueError("order must be non-negative")
        m = a.shape[-1]
        k = m - n if m > n else 0
        out = np.empty(a.shape[:-1] + (k,), a.dtype)
        buf = np.empty(m, a.dtype)
        for idx in np.ndindex(a.shape[:-1]):
            row = a[idx]
            for i in range(m):
                buf[i] = row[i]
            for j in range(min(n, m)):
                step(buf, m - 1 - j)
            dst = out[idx]
            for i in range(k):
                dst[i] = buf[i]
        return out
    return impl


# ------------------------------------------------------------------ np.searchsorted


@register_jitable
def _left(a, v, lt, cls):
    """The first index ``i`` of the sorted 1-d ``a`` with ``v <= a[i]``."""
    lo = 0
    hi = a.shape[0]
    while lo < hi:
        mid = (lo + hi) >> 1
        if lt(cls(a[mid]), v):
            lo = mid + 1
        else:
            hi = mid
    return lo


@register_jitable
def _right(a, v, lt, cls):
    """The first index ``i`` of the sorted 1-d ``a`` with ``v < a[i]``."""
    lo = 0
    hi = a.shape[0]
    while lo < hi:
        mid = (lo + hi) >> 1
        if lt(v, cls(a[mid])):
            hi = mid
        else:
            lo = mid + 1
    return lo


@register_jitable
def _search_all(a, v, out, lt, cls, right):
    """``out.flat[i]``: where ``v.flat[i]`` goes in ``a``, searched as NumPy
    does: each search starts from the bounds the previous key left (which
    decides the answers when ``a`` is not sorted)."""
    n = a.shape[0]
    lo = 0
    hi = n
    flat = out.reshape(out.size)
    i = 0
    for x in v.flat:
        key = cls(x)
        if i == 0:
            last = key  # (set on the first key: a string key has no zero to start from)
        # the last key before this one: keep ``lo`` when it is not after it
        if (not lt(key, last)) if right else lt(last, key):
            hi = n
        else:
            lo = 0
            hi = hi + 1 if hi < n else n
        last = key
        while lo < hi:
            mid = lo + ((hi - lo) >> 1)
            if (not lt(key, cls(a[mid]))) if right else lt(cls(a[mid]), key):
                lo = mid + 1
            else:
                hi = mid
        flat[i] = lo
        i += 1


def _search_impl(a, v, find, names, cls=None, lt=None):
    """The implementation of ``f(a, v, ...)``: ``find(a, cls(v), lt, cls)``
    for a number ``v``, an int64 array of ``v``'s shape for an array
    (``cls`` and ``lt``: the common type's conversion and order, NumPy's
    promotion of numbers unless given)."""
    if cls is None:
        common = np.result_type(_np_dtype(a), _np_dtype(v))  # v's own type: -5 is below every uint16
        if common.kind == "b":
            common = np.dtype(np.int64)  # compare booleans as integers
        cls = common.type
        lt = less_than(_type_of(common))
    if _array(v) and v.ndim == 0:  # NumPy gives a number here
        src = "def impl(%s):\n    return find(a, cls(v[()]), lt, cls)\n" % names
    elif _array(v):
        src = ("def impl(%s):\n"
               "    out = np.empty(v.shape, np.int64)\n"
               "    search_all(a, v, out, lt, cls, right)\n"
               "    return out\n" % names)
    else:
        src = "def impl(%s):\n    return find(a, cls(v), lt, cls)\n" % names
    ns = {"np": np, "find": find, "cls": cls, "lt": lt, "search_all": _search_all, "right": find is _right}
    exec(compile(src, "<pycomp.np.counting>", "exec"), ns)
    return ns["impl"]


def _type_of(dt):
    """The pycomp number type of the NumPy dtype ``dt``."""
    return types.boolean if dt.kind == "b" else getattr(types, dt.name)


@overload(np.searchsorted)
def _np_searchsorted(a, v, side="left"):
    """``np.searchsorted(a, v, side="left")``: where ``v`` (a number or an
    array) would go in the sorted 1-d ``a`` (NaNs last)."""
    if is_sequence_like(a) or is_sequence_like(v):  # lists and tuples: as their arrays
        if not (is_array_like(a) and is_array_like(v)):
            raise TypingError("np.searchsorted(): a and v must be array-likes, not %s, %s" % (a, v))
        conv_a = to_array if is_sequence_like(a) else same_value
        conv_v = to_array if is_sequence_like(v) else same_value
        if side is None or isinstance(side, str):
            return lambda a, v, side="left": np.searchsorted(conv_a(a), conv_v(v))
        return lambda a, v, side="left": np.searchsorted(conv_a(a), conv_v(v), side)
    cls = lt = None
    if _array(a) and a.ndim == 1 and isinstance(a.dtype, (types.NPDatetime, types.NPTimedelta)):
        cls, lt = _datetime_order(a.dtype, v.dtype if _array(v) else v)
    elif _array(a) and a.ndim == 1 and isinstance(a.dtype, (types.CharSeq, types.UnicodeCharSeq)):
        cls, lt = _text_order(a.dtype, v.dtype if _array(v) else v)
    elif not (_array(a) and a.ndim == 1 and _numeric(a.dtype)):
        raise TypingError("np.searchsorted(): a must be a 1-d array, not %s" % a)
    elif not ((_array(v) and _numeric(v.dtype)) or _numeric(v)):
        raise TypingError("np.searchsorted(): v must be a number or an array, not %s" % v)
    s = _literal_str(side, "left")
    if s is None:
        raise TypingError("np.searchsorted(): side must be a constant string, not %s" % side)
    if s not in ("left", "right"):
        raise TypingError("np.searchsorted(): Invalid value given for 'side': %r (must be 'left' or 'right')" % s)
    return _search_impl(a, v, _left if s == "left" else _right, "a, v, side='left'", cls, lt)


_DATETIME_CASTS = {}


def _datetime_order(a, v):
    """``(cls, lt)`` for searching datetimes (or timedeltas) ``v`` in an
    array of ``a``: the conversion to their common unit and NumPy's order
    (NaT last)."""
    from pycomp.frontend.typing.datetimes import common_unit, datetime_common_unit

    if type(v) is not type(a):
        raise TypingError("np.searchsorted(): v must be a %s or an array of them like a, not %s" % (a.kind, v))
    unit = (datetime_common_unit if isinstance(a, types.NPDatetime) else common_unit)(a.unit, v.unit)
    key = (a.kind, unit)
    if key not in _DATETIME_CASTS:
        ns = {"np": np}
        exec("def cls(x):\n    return np.%s(x%s)\n" % (a.kind, ", %r" % unit if unit else ""), ns)
        _DATETIME_CASTS[key] = register_jitable(ns["cls"])
    return _DATETIME_CASTS[key], less_than(a)


def _text_order(a, v):
    """``(cls, lt)`` for searching strings ``v`` in an array of fixed-size
    strings ``a``: compared as they are, in the order of their code points
    (bytes for ``S``), as NumPy orders them."""
    from pycomp.frontend.typing.charseq import comparison_signature

    if comparison_signature(a, v) is None:
        raise TypingError("np.searchsorted(): v must be a string or an array of strings like a (%s), not %s" % (a, v))
    return same_value, less_than(a)


# ------------------------------------------------------------------ np.bincount


@overload(np.bincount)
def _np_bincount(x, weights=None, minlength=0):
    """``np.bincount(x, weights=None, minlength=0)``: the count (int64) or
    the summed weights (float64) of each value of the 1-d non-negative
    integer ``x``. (NumPy gives int64 zeros for an empty ``x`` even with
    weights; here the dtype is float64 whenever weights are given.)"""
    seq = sequences_as_arrays(np.bincount, _np_bincount, {"x": x, "weights": weights, "minlength": minlength}, ("x", "weights"))
    if seq is not None:
        return seq
    if not (_array(x) and x.ndim == 1 and isinstance(x.dtype, (types.Integer, types.Boolean))
            and x.dtype != types.uint64):
        raise TypingError("np.bincount(): x must be a 1-d array of integers, not %s" % x)
    if isinstance(minlength, types.Type) and not (is_index(minlength) or isinstance(minlength, types.NoneType)):
        raise TypingError("np.bincount(): minlength must be an integer, not %s" % minlength)
    weighted = _given(weights)
    if weighted and not (_array(weights) and weights.ndim == 1 and isinstance(weights.dtype, (types.Integer,
                                                                                             types.Float,
                                                                                             types.Boolean))):
        raise TypingError("np.bincount(): weights must be a 1-d array of real numbers, not %s" % weights)
    res = np.float64 if weighted else np.int64

    def impl(x, weights=None, minlength=0):
        if minlength < 0:
            raise ValueError("'minlength' must not be negative")
        n = x.shape[0]
        if weighted and weights.shape[0] != n:
            raise ValueError("The weights and list don't have the same length.")
        top = -1
        for i in range(n):
            v = np.int64(x[i])
            if v < 0:
                raise ValueError("'list' argument must have no negative elements")
            if v > top:
                top = v
        size = top + 1 if top + 1 > minlength else minlength
        out = np.zeros(size, res)
        for i in range(n):
            v = np.int64(x[i])
            if weighted:
                out[v] += np.float64(weights[i])
            else:
                out[v] += 1
        return out
    return impl


# ------------------------------------------------------------------ np.digitize


@register_jitable
def _monotonicity(bins):
    """1 for non-decreasing ``bins``, -1 for non-increasing, 0 otherwise."""
    n = bins.shape[0]
    i = 0
    while i < n - 1 and bins[i] == bins[i + 1]:
        i += 1
    if i >= n - 1:
        return 1
    up = bins[i] < bins[i + 1]  # NumPy's test: NaNs compare false, so trailing NaNs keep bins increasing
    for j in range(i + 1, n - 1):
        if up and bins[j] > bins[j + 1]:
            return 0
        if not up and bins[j] < bins[j + 1]:
            return 0
    return 1 if up else -1


@overload(np.digitize)
def _np_digitize(x, bins, right=False):
    """``np.digitize(x, bins, right=False)``: the bin of each ``x`` (a number
    or an array) in the increasing or decreasing 1-d ``bins``."""
    seq = sequences_as_arrays(np.digitize, _np_digitize, {"x": x, "bins": bins, "right": right}, ("x", "bins"))
    if seq is not None:
        return seq
    if not ((_array(x) and _numeric(x.dtype)) or _numeric(x)):
        raise TypingError("np.digitize(): x must be a number or an array, not %s" % x)
    if isinstance(x.dtype if _array(x) else x, types.Complex):
        raise TypingError("np.digitize(): x may not be complex")
    if not (_array(bins) and bins.ndim == 1 and _numeric(bins.dtype)):
        raise TypingError("np.digitize(): bins must be a 1-d array, not %s" % bins)
    if isinstance(bins.dtype, types.Complex):
        raise TypingError("np.digitize(): bins may not be complex")
    if isinstance(right, types.Type) and not isinstance(right, types.Boolean):
        raise TypingError("np.digitize(): right must be a boolean, not %s" % right)
    left = _search_impl(bins, x, _left, "a, v")
    right_ = _search_impl(bins, x, _right, "a, v")
    left, right_ = register_jitable(left), register_jitable(right_)

    def impl(x, bins, right=False):
        mono = _monotonicity(bins)
        if mono == 0:
            raise ValueError("bins must be monotonically increasing or decreasing")
        if mono == -1:
            rev = bins[::-1]
            if right:
                return bins.shape[0] - left(rev, x)
            return bins.shape[0] - right_(rev, x)
        if right:
            return left(bins, x)
        return right_(bins, x)
    return impl


# ------------------------------------------------------------------ np.unique


@overload(np.unique)
def _np_unique(a):
    """``np.unique(a)``: the sorted distinct items of ``a`` (1-d; NaNs
    collapse into one, as NumPy 2)."""
    if not (_array(a) and (_numeric(a.dtype) or isinstance(a.dtype, (types.CharSeq, types.UnicodeCharSeq,
                                                                      types.NPDatetime, types.NPTimedelta)))):
        raise TypingError("np.unique(): a must be an array, not %s" % a)

    def impl(a):
        s = np.sort(a.ravel())
        out = np.empty(s.shape[0], s.dtype)
        k = 0
        for i in range(s.shape[0]):
            x = s[i]
            if i > 0:
                p = s[i - 1]
                if x == p or (x != x and p != p):
                    continue
            out[k] = x
            k += 1
        return out[:k].copy()
    return impl


# ------------------------------------------------------------------ comparing


def _close_operands(a, b, name):
    for t in (a, b):
        if not ((_array(t) and _numeric(t.dtype)) or _numeric(t)):
            raise TypingError("%s(): the arguments must be arrays or numbers, not %s" % (name, t))


def _working_class(a, b):
    """The dtype ``isclose`` compares in: at least float64's kind, as NumPy
    (``result_type(y, 1.0)`` and ``x``)."""
    return np.result_type(_weak(a), _weak(b), 1.0).type


def _float_or_complex(t) -> bool:
    return isinstance(t.dtype if _array(t) else t, (types.Float, types.Complex))


@overload(np.isclose, jit_options={"error_model": "numpy"})
def _np_isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``np.isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)``: arrays
    and numbers broadcast together; a bool (two numbers) or a bool array."""
    _close_operands(a, b, "np.isclose")
    return _isclose_impl(a, b, _working_class(a, b), not _array(a) and not _array(b))


def _isclose_impl(a, b, cls, both_scalar):
    """``isclose``'s implementation for operands ``a``, ``b`` compared as
    ``cls`` values."""
    if both_scalar:
        def impl(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
            return _close(cls(a), cls(b), rtol, atol, equal_nan)
        return impl
    if _array(a) and _array(b):
        def impl(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
            return _close_arrays(a.astype(cls), b.astype(cls), rtol, atol, equal_nan)
        return impl
    if _array(a):
        def impl(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
            return _close_arrays(a.astype(cls), np.full((), b, cls), rtol, atol, equal_nan)
        return impl

    def impl(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
        return _close_arrays(np.full((), a, cls), b.astype(cls), rtol, atol, equal_nan)
    return impl


@register_jitable
def _close(x, y, rtol, atol, equal_nan):
    """Whether the numbers ``x`` and ``y`` are close (NumPy's rule)."""
    if x == y:
        return True
    if equal_nan and x != x and y != y:
        return True
    if not np.isfinite(y):
        return False
    return bool(np.abs(x - y) <= atol + rtol * np.abs(y))


@register_jitable
def _close_arrays(x, y, rtol, atol, equal_nan):
    res = ((np.abs(x - y) <= atol + rtol * np.abs(y)) & np.isfinite(y)) | (x == y)
    if equal_nan:
        res = res | (np.isnan(x) & np.isnan(y))
    return res


@overload(np.allclose, jit_options={"error_model": "numpy"})
def _np_allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``np.allclose(...)``: whether every pair is close (a bool)."""
    _close_operands(a, b, "np.allclose")
    if not _array(a) and not _array(b):
        return lambda a, b, rtol=1e-05, atol=1e-08, equal_nan=False: bool(np.isclose(a, b, rtol, atol, equal_nan))

    if max(t.ndim for t in (a, b) if _array(t)) == 0:  # NumPy's ufuncs give a scalar here
        return lambda a, b, rtol=1e-05, atol=1e-08, equal_nan=False: bool(np.isclose(a, b, rtol, atol, equal_nan))

    def impl(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
        return bool(np.isclose(a, b, rtol, atol, equal_nan).all())
    return impl


@overload(np.array_equal)
def _np_array_equal(a1, a2, equal_nan=False):
    """``np.array_equal(a1, a2, equal_nan=False)``: the same shape and the
    same items (a bool)."""
    if not (is_array_like(a1) and is_array_like(a2)):
        raise TypingError('np.array_equal(): Both arguments to "array_equals" must be array-like, not %s and %s'
                          % (a1, a2))
    seq = sequences_as_arrays(np.array_equal, _np_array_equal, {"a1": a1, "a2": a2, "equal_nan": equal_nan},
                              ("a1", "a2"))
    if seq is not None:
        return seq
    _close_operands(a1, a2, "np.array_equal")
    if not _array(a1) and not _array(a2):
        def scalars(a1, a2, equal_nan=False):
            if a1 == a2:
                return True
            return bool(equal_nan and a1 != a1 and a2 != a2)
        return scalars
    nd1 = a1.ndim if _array(a1) else 0
    nd2 = a2.ndim if _array(a2) else 0
    if nd1 != nd2:
        return lambda a1, a2, equal_nan=False: False
    x = "a1" if _array(a1) else "np.full((), a1)"
    y = "a2" if _array(a2) else "np.full((), a2)"
    every = "bool(%s)" if nd1 == 0 else "bool((%s).all())"  # NumPy's ufuncs of 0-d arrays give scalars
    src = ("def impl(a1, a2, equal_nan=False):\n"
           "    x = %s\n"
           "    y = %s\n"
           "    if x.shape != y.shape:\n"
           "        return False\n"
           "    if equal_nan:\n"
           "        return %s\n"
           "    return %s\n" % (x, y, every % "(x == y) | ((x != x) & (y != y))", every % "x == y"))
    ns = {"np": np}
    exec(compile(src, "<pycomp.np.counting array_equal>", "exec"), ns)
    return ns["impl"]


# ------------------------------------------------------------------ np.nan_to_num


@register_jitable
def _fix(v, nan, posinf, neginf):
    """``v`` with NaN, +inf and -inf replaced."""
    if v != v:
        return nan
    if v == np.inf:
        return posinf
    if v == -np.inf:
        return neginf
    return v


@overload(np.nan_to_num)
def _np_nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """``np.nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None)``:
    NaN and infinities replaced (the largest finite values by default; real
    and imaginary parts apart); integers and booleans copied."""
    item = x.dtype if _array(x) else x
    if not ((_array(x) or _numeric(x)) and _numeric(item)):
        raise TypingError("np.nan_to_num(): x must be an array or a number, not %s" % x)
    if isinstance(copy, types.Type) and not isinstance(copy, types.Boolean):
        raise TypingError("np.nan_to_num(): copy must be a boolean, not %s" % copy)
    for t, what in ((nan, "nan"), (posinf, "posinf"), (neginf, "neginf")):
        if isinstance(t, types.Type) and not (_given(t) is False or (_numeric(t) and
                                                                       not isinstance(t, types.Complex))):
            raise TypingError("np.nan_to_num(): %s must be a real number, not %s" % (what, t))
    if not isinstance(item, (types.Float, types.Complex)):
        if _array(x) and x.ndim == 0:
            return lambda x, copy=True, nan=0.0, posinf=None, neginf=None: x[()]
        if _array(x):
            return lambda x, copy=True, nan=0.0, posinf=None, neginf=None: x.copy()
        return lambda x, copy=True, nan=0.0, posinf=None, neginf=None: x
    part = item.underlying_float if isinstance(item, types.Complex) else item
    cls = scalar_class(part)
    info = np.finfo(np.dtype(str(part)))
    big, small = float(info.max), float(info.min)
    hi = "cls(posinf)" if _given(posinf) else "cls(big)"
    lo = "cls(neginf)" if _given(neginf) else "cls(small)"
    if isinstance(item, types.Complex):
        one = "complex(_fix(v.real, n, hi, lo), _fix(v.imag, n, hi, lo))"
    else:
        one = "_fix(v, n, hi, lo)"
    lines = ["def impl(x, copy=True, nan=0.0, posinf=None, neginf=None):",
             "    n = cls(nan)", "    hi = %s" % hi, "    lo = %s" % lo]
    if _array(x) and x.ndim > 0:
        # copy=False: in place, and x itself back (a C copy of it when x's
        # type is not the result's: the values are NumPy's, the object not)
        lines += ["    if not copy:"]
        if x.readonly:
            lines += ["        raise ValueError('assignment destination is read-only')"]
        else:
            lines += ["        for idx in np.ndindex(x.shape):", "            v = x[idx]",
                      "            x[idx] = %s" % one,
                      "        return %s" % ("x" if x.layout == "C" else "x.copy()")]
        lines += ["    out = np.empty(x.shape, x.dtype)", "    flat = out.reshape(out.size)", "    i = 0",
                  "    for v in x.flat:", "        flat[i] = %s" % one, "        i += 1", "    return out"]
    else:  # a number, or a 0-d array (NumPy then gives a number)
        lines += ["    v = %s" % ("x[()]" if _array(x) else "x"), "    return %s" % one]
    ns = {"np": np, "cls": cls, "big": big, "small": small, "_fix": _fix}
    exec(compile("\n".join(lines) + "\n", "<pycomp.np.counting nan_to_num>", "exec"), ns)
    return ns["impl"]


# ------------------------------------------------------------------ key in array


@overload(operator.contains)
def _array_contains(a, key):
    """``key in a`` for an array ``a``: whether any item of ``a`` equals
    ``key`` (NumPy's ``(a == key).any()``: NaN is in no array)."""
    if not (_array(a) and _numeric(a.dtype) and _numeric(key)):
        return None

    def impl(a, key):
        for x in a.flat:
            if x == key:
                return True
        return False
    return impl
