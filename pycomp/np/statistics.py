"""NumPy's order statistics, ``ptp``, ``average`` and the NaN-ignoring
reductions, written in Python through the extension API:
``np.median``, ``np.percentile``, ``np.quantile``, ``np.ptp``,
``np.average`` and ``np.nansum``, ``np.nanprod``, ``np.nanmin``,
``np.nanmax``, ``np.nanmean``, ``np.nanvar``, ``np.nanstd``,
``np.nanmedian``, ``np.nanpercentile``, ``np.nanquantile``,
``np.nanargmin``, ``np.nanargmax``. Numbers, lists and tuples are
converted with ``np.asarray`` first, as NumPy; complex arrays are taken by
``ptp`` and the nan* reductions (ordered by real, then imaginary part; a
NaN in either part counts as NaN); ``np.median`` takes timedelta64 arrays.

Values and result dtypes are NumPy's: the order statistics are float64
for integer and boolean input, float32 stays float32; a NaN in the data
makes ``median``/``percentile`` NaN (the nan* forms skip NaNs, and give NaN
for a slice of NaNs only). Percentiles use NumPy's default ``linear``
method: the value at position ``q * (n - 1)`` of the sorted data,
interpolated between its two neighbours, found by selection (quickselect:
linear time) for one ``q`` and by a sort for several. ``q`` may be a
number or a 1-D array (the result then has its length, along a new first
axis). The whole array is reduced, or each row along an integer ``axis``
(every function here takes one).
"""

from __future__ import annotations

import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.quickselect import select_for
from pycomp.np.moments import _complex_nan, _real_nan
from pycomp.np.reductions import _td_zero, accumulator_type, along_axis, array_like, scalar_class
from pycomp.np.sorting import _lt_plain
from pycomp.np.views import axis_last_view, elements, is_index

__all__ = []

_NUMPY_ERRORS = {"error_model": "numpy"}


def _real_array(a, name):
    """Whether ``a`` is an array of real numbers or booleans; TypingError for
    a complex one (NumPy's order statistics are undefined there)."""
    if not isinstance(a, types.Array):
        return False
    if isinstance(a.dtype, types.Complex):
        raise TypingError("%s(): Not supported for complex dtype (an order statistic)" % name)
    return isinstance(a.dtype, (types.Number, types.Boolean))


def _float_of(dtype):
    """The floating result type of an order statistic of ``dtype`` items."""
    return dtype if isinstance(dtype, types.Float) else types.float64


def _no(t) -> bool:
    return t is None or isinstance(t, types.NoneType)


# ------------------------------------------------------------------ ordered data


@register_jitable
def _gathered(a, skip_nan, cls):
    """The elements of ``a`` as a new 1-D array of ``cls`` (NaNs dropped
    when ``skip_nan``), and whether a NaN was seen."""
    out = np.empty(a.size, cls)
    n = 0
    nan = False
    for x in elements(a):
        v = cls(x)
        if v != v:
            nan = True
            if skip_nan:
                continue
        out[n] = v
        n += 1
    return out[:n], nan


@register_jitable
def _own_item(a, v, i):
    return v[i]


#: quickselect on a range of one array (np.partition's, with plain ``<``)
_select_range = select_for(_lt_plain, _own_item)


@register_jitable
def _select(s, k):
    """Reorder ``s`` (no NaNs) in place so that ``s[k]`` is its k-th
    smallest item, ``s[:k]`` no larger and ``s[k + 1:]`` no smaller
    (:mod:`pycomp.np.quickselect`: linear time on average, where a full
    sort is n log n)."""
    _select_range(s, s, 0, s.shape[0] - 1, k)


def _extreme_for(largest: bool):
    """A jitable ``extreme(s, start, stop)``: the largest (or smallest) of
    ``s[start:stop]`` (not empty, no NaNs). Four running extrema take
    turns, so the compare chains overlap (one chain costs a compare's
    latency per item)."""
    def better(x, m):
        return x > m if largest else x < m
    better = register_jitable(better)

    def extreme(s, start, stop):
        m0 = m1 = m2 = m3 = s[start]
        j = start + 1
        while j + 4 <= stop:
            x0 = s[j]
            x1 = s[j + 1]
            x2 = s[j + 2]
            x3 = s[j + 3]
            m0 = x0 if better(x0, m0) else m0
            m1 = x1 if better(x1, m1) else m1
            m2 = x2 if better(x2, m2) else m2
            m3 = x3 if better(x3, m3) else m3
            j += 4
        while j < stop:
            x0 = s[j]
            m0 = x0 if better(x0, m0) else m0
            j += 1
        m0 = m1 if better(m1, m0) else m0
        m2 = m3 if better(m3, m2) else m2
        return m2 if better(m2, m0) else m0
    return register_jitable(extreme)


_largest = _extreme_for(True)
_smallest = _extreme_for(False)


@register_jitable
def _lerp(below, above, t, cls):
    """NumPy's _lerp: from ``below`` for t < 0.5, from ``above`` for
    t >= 0.5 (exact at both ends)."""
    d = above - below
    if t >= 0.5:
        return cls(above - d * (1 - t))
    return cls(below + d * t)


@register_jitable
def _at_fraction(s, f, cls):
    """The ``linear`` percentile of sorted ``s`` (no NaNs) at fraction ``f``
    in [0, 1]: position ``f * (n - 1)``, interpolated as NumPy does."""
    n = s.shape[0]
    pos = f * (n - 1)
    lo = int(math.floor(pos))
    if lo >= n - 1:
        return cls(s[n - 1])
    if lo < 0:
        lo = 0
    return _lerp(s[lo], s[lo + 1], cls(pos - lo), cls)


@register_jitable
def _selected_fraction(s, f, cls):
    """:func:`_at_fraction` of unsorted ``s`` (reordered in place): the two
    neighbours of position ``f * (n - 1)`` by selection, not a sort."""
    n = s.shape[0]
    pos = f * (n - 1)
    lo = int(math.floor(pos))
    if lo >= n - 1:
        _select(s, n - 1)
        return cls(s[n - 1])
    if lo < 0:
        lo = 0
    _select(s, lo)
    return _lerp(s[lo], _smallest(s, lo + 1, n), cls(pos - lo), cls)  # the smallest of the larger side


def _check_axis(a, axis, name):
    """Whether an ``axis`` is given (an integer; a TypingError for another
    type or for a 0-d ``a``)."""
    if _no(axis) or isinstance(axis, types.Omitted) and axis.value is None:
        return False
    if not (isinstance(axis, int) or is_index(axis)):
        raise TypingError("%s(): axis must be an integer or None, not %s" % (name, axis))
    if a.ndim == 0:
        raise TypingError("%s() of a 0-d array along an axis (axis is out of bounds for array of dimension 0)"
                          % name)
    return True


def _rowwise(whole, cls, ndim, q_array):
    """The implementation of ``f(a, q, axis)`` along an integer axis given
    ``whole(row, q)``: one value (``q`` a number) or ``len(q)`` values (a
    1-d ``q``, along a new first axis, as NumPy) per row."""
    if ndim == 1:
        def impl(a, q, axis=None):
            return whole(axis_last_view(a, axis), q)
        return impl
    if not q_array:
        def impl(a, q, axis=None):
            v = axis_last_view(a, axis)
            out = np.empty(v.shape[:-1], cls)
            for idx in np.ndindex(v.shape[:-1]):
                out[idx] = whole(v[idx], q)
            return out
        return impl

    def impl(a, q, axis=None):
        v = axis_last_view(a, axis)
        out = np.empty((q.shape[0],) + v.shape[:-1], cls)
        w = axis_last_view(out, 0)
        for idx in np.ndindex(v.shape[:-1]):
            w[idx] = whole(v[idx], q)
        return out
    return impl


def _quantile_typer(name, scale, skip_nan):
    """np.percentile (``scale`` 100) and np.quantile (1), and their nan
    forms, of the whole array or along an integer ``axis``."""
    lo_msg = "Percentiles must be in the range [0, 100]" if scale == 100 else "Quantiles must be in the range [0, 1]"

    np_func = getattr(np, name)

    def typer(a, q, axis=None):
        if array_like(a) or isinstance(q, (types.List, types.BaseTuple)):  # NumPy converts them
            q_seq = isinstance(q, (types.List, types.BaseTuple))

            def impl_like(a, q, axis=None):
                return np_func(np.asarray(a), np.asarray(q) if q_seq else q, axis)
            return impl_like
        if isinstance(q, types.Array) and q.ndim == 0:  # a number
            def impl_0d(a, q, axis=None):
                return np_func(a, q.item(), axis)
            return impl_0d
        if not _real_array(a, name):
            return None
        if isinstance(a.dtype, types.Boolean):
            raise TypingError("%s() of a boolean array is not supported (NumPy cannot subtract booleans)" % name)
        with_axis = _check_axis(a, axis, name)
        cls = scalar_class(_float_of(a.dtype))
        if isinstance(q, types.Array):  # the result has the dtype of a's items and q's together
            both = np.result_type(np.dtype(str(_float_of(a.dtype))), np.dtype(str(q.dtype)))
            cls = both.type if both.kind == "f" else np.float64
        if isinstance(q, (types.Number, types.Boolean)):
            def whole(a, q):
                f = q / scale
                if not (0.0 <= f <= 1.0):
                    raise ValueError(lo_msg)
                s, nan = _gathered(a, skip_nan, cls)
                if s.shape[0] == 0:
                    if skip_nan:
                        return cls(np.nan)
                    raise IndexError("index -1 is out of bounds for axis 0 with size 0")
                if nan and not skip_nan:
                    return cls(np.nan)
                return _selected_fraction(s, f, cls)
            q_array = False
        elif isinstance(q, types.Array) and q.ndim == 1 and isinstance(q.dtype, (types.Number, types.Boolean)):
            def whole(a, q):
                s, nan = _gathered(a, skip_nan, cls)
                if not nan or skip_nan:
                    s = np.sort(s)
                out = np.empty(q.shape[0], cls)
                for i in range(q.shape[0]):
                    f = q[i] / scale
                    if not (0.0 <= f <= 1.0):
                        raise ValueError(lo_msg)
                    if s.shape[0] == 0:
                        if not skip_nan:
                            raise IndexError("index -1 is out of bounds for axis 0 with size 0")
                        out[i] = np.nan
                    elif nan and not skip_nan:
                        out[i] = np.nan
                    else:
                        out[i] = _at_fraction(s, f, cls)
                return out
            q_array = True
        else:
            raise TypingError("%s(): q must be a number or a 1-d array of numbers, not %s" % (name, q))
        whole = register_jitable(error_model="numpy")(whole)
        if with_axis:
            return _rowwise(whole, cls, a.ndim, q_array)

        def impl(a, q, axis=None):
            return whole(a, q)
        return impl
    return typer


overload(np.percentile, jit_options=_NUMPY_ERRORS)(_quantile_typer("percentile", 100, False))
overload(np.quantile, jit_options=_NUMPY_ERRORS)(_quantile_typer("quantile", 1, False))
overload(np.nanpercentile, jit_options=_NUMPY_ERRORS)(_quantile_typer("nanpercentile", 100, True))
overload(np.nanquantile, jit_options=_NUMPY_ERRORS)(_quantile_typer("nanquantile", 1, True))


def _median_timedelta(a, axis=None):
    """np.median of a timedelta64 array: the middle item, or the mean of the
    two middle ones (truncated, as NumPy's timedelta division); NaT when
    there is a NaT or no item."""
    s = np.sort(a.ravel())  # NaT last
    n = s.shape[0]
    if n == 0:
        return _td_zero(a) / 0  # NaT
    if s[n - 1] != s[n - 1]:
        return s[n - 1]
    h = n // 2
    if n % 2:
        return s[h]
    return (s[h - 1] + s[h]) / 2


def _median_typer(name, skip_nan):
    """np.median and np.nanmedian, of the whole array or along an integer ``axis``."""
    np_func = getattr(np, name)

    def typer(a, axis=None):
        if array_like(a):  # NumPy converts numbers, lists and tuples
            def impl_like(a, axis=None):
                return np_func(np.asarray(a), axis)
            return impl_like
        if isinstance(a, types.Array) and isinstance(a.dtype, types.NPTimedelta) and not skip_nan:
            if not _no(axis):
                raise TypingError("%s() of a timedelta64 array along an axis is not supported" % name)
            return _median_timedelta
        if not _real_array(a, name):
            return None
        with_axis = _check_axis(a, axis, name)
        cls = scalar_class(_float_of(a.dtype))

        def whole(a):
            s, nan = _gathered(a, skip_nan, cls)
            n = s.shape[0]
            if n == 0 or (nan and not skip_nan):
                return cls(np.nan)  # NumPy: nan (with a RuntimeWarning for an empty array)
            h = n // 2
            _select(s, h)
            if n % 2:
                return cls(s[h])
            return cls((_largest(s, 0, h) + s[h]) / 2)  # with the largest of the smaller side
        whole = register_jitable(error_model="numpy")(whole)
        if with_axis:
            return along_axis(whole, cls, a.ndim)

        def impl(a, axis=None):
            return whole(a)
        return impl
    return typer


overload(np.median, jit_options=_NUMPY_ERRORS)(_median_typer("median", False))
overload(np.nanmedian, jit_options=_NUMPY_ERRORS)(_median_typer("nanmedian", True))


# ------------------------------------------------------------------ ptp, average


@overload(np.ptp)
def _ptp(a, axis=None):
    """``np.ptp``: max - min (NaN if any is NaN; complex numbers ordered by
    real, then imaginary part), along ``axis`` too; numbers, lists and
    tuples converted as NumPy."""
    if array_like(a):
        def impl_like(a, axis=None):
            return np.ptp(np.asarray(a), axis)
        return impl_like
    if not isinstance(a, types.Array):
        return None
    if isinstance(a.dtype, types.Boolean):
        raise TypingError("ptp(): Boolean dtype is unsupported (as per NumPy)")

    def whole(a):
        if a.size == 0:
            raise ValueError("zero-size array reduction not possible")
        return a.max() - a.min()
    whole = register_jitable(whole)
    if not _no(axis):
        if not is_index(axis):
            raise TypingError("ptp(): axis must be an integer or None, not %s" % axis)
        return along_axis(whole, scalar_class(a.dtype), a.ndim)

    def impl(a, axis=None):
        return whole(a)
    return impl


@overload(np.average, jit_options=_NUMPY_ERRORS)
def _average(a, axis=None, weights=None):
    """``np.average(a)`` (the mean) and ``np.average(a, weights=w)``
    (``sum(a * w) / sum(w)``; ``w`` of ``a``'s shape; ZeroDivisionError
    when the weights sum to zero). As Numba, an ``axis`` other than None
    raises TypeError, and so do weights of another shape (Numba's words)."""
    if not isinstance(a, types.Array):
        return None
    if not _no(axis):
        if not is_index(axis):
            raise TypingError("np.average(): axis must be an integer or None, not %s" % axis)

        def impl(a, axis=None, weights=None):
            raise TypeError("Numba does not support average with axis.")
        return impl
    if _no(weights):
        def impl(a, axis=None, weights=None):
            return a.mean()
        return impl
    res = scalar_class(_float_of(a.dtype) if not isinstance(a.dtype, types.Complex) else a.dtype)
    if isinstance(weights, (types.Number, types.Boolean)):  # a scalar weight: for a 0-d array only
        def impl(a, axis=None, weights=None):
            if a.ndim != 0:
                raise TypeError("1D weights expected when shapes of a and weights differ.")
            if weights == 0:
                raise ZeroDivisionError("Weights sum to zero, can't be normalized.")
            return res(a.sum())
        return impl
    if not isinstance(weights, types.Array):
        raise TypingError("np.average(): weights must be an array, not %s" % weights)

    def impl(a, axis=None, weights=None):
        if a.shape != weights.shape:
            raise TypeError("1D weights expected when shapes of a and weights differ.")
        s = res(0)
        w = res(0)
        ia = a.flat
        for x in weights.flat:
            s += res(next(ia)) * res(x)
            w += res(x)
        if w == 0:
            raise ZeroDivisionError("Weights sum to zero, can't be normalized.")
        return s / w
    return impl


# ------------------------------------------------------------------ NaN-ignoring reductions


def _like(np_func, nparams):
    """The implementation of ``np_func(a, ...)`` (``nparams`` parameters
    after ``a``: axis, ddof) for a number, list or tuple ``a``: converted
    with np.asarray first, as NumPy."""
    if nparams == 1:
        def impl1(a, axis=None):
            return np_func(np.asarray(a), axis)
        return impl1

    def impl2(a, axis=None, ddof=0):
        return np_func(np.asarray(a), axis, ddof)
    return impl2


def _nan_additive(name, start, is_sum):
    np_func = getattr(np, name)

    def typer(a, axis=None):
        if array_like(a):
            return _like(np_func, 1)
        if not isinstance(a, types.Array):
            return None
        acc = scalar_class(accumulator_type(a.dtype))
        check = isinstance(a.dtype, (types.Float, types.Complex))

        def whole(a):
            s = acc(start)
            for x in elements(a):
                if check and x != x:
                    continue
                s = s + acc(x) if is_sum else s * acc(x)
            return s
        whole = register_jitable(whole)
        if not _no(axis):
            if not is_index(axis):
                raise TypingError("%s(): axis must be an integer or None, not %s" % (name, axis))
            return along_axis(whole, acc, a.ndim)

        def impl(a, axis=None):
            return whole(a)
        return impl
    return typer


overload(np.nansum)(_nan_additive("nansum", 0, True))
overload(np.nanprod)(_nan_additive("nanprod", 1, False))


def _nan_extreme(name, is_min):
    """np.nanmin, np.nanmax: NaNs skipped (NaN for a slice of NaNs only);
    complex numbers ordered by real, then imaginary part, a NaN in either
    part skipped."""
    np_func = getattr(np, name)

    def typer(a, axis=None):
        if array_like(a):
            return _like(np_func, 1)
        if not isinstance(a, types.Array):
            return None
        if not isinstance(a.dtype, (types.Number, types.Boolean)):
            raise TypingError("%s() of a %s array is not supported" % (name, a.dtype))
        cls = scalar_class(a.dtype)
        inexact = isinstance(a.dtype, (types.Float, types.Complex))
        empty = "zero-size array to reduction operation %s which has no identity" % ("fmin" if is_min else "fmax")
        if isinstance(a.dtype, types.Complex):
            if is_min:
                def better(x, m):
                    return x.real < m.real or (x.real == m.real and x.imag < m.imag)
            else:
                def better(x, m):
                    return x.real > m.real or (x.real == m.real and x.imag > m.imag)
        elif is_min:
            def better(x, m):
                return x < m
        else:
            def better(x, m):
                return x > m
        better = register_jitable(better)

        def whole(a):
            if a.size == 0:
                raise ValueError(empty)
            found = False
            first = True
            m = cls(0)
            for x in elements(a):
                if first:
                    m = x  # the result for a slice of NaNs (NumPy warns)
                    first = False
                if inexact and x != x:
                    continue
                if not found or better(x, m):
                    m = x
                    found = True
            return m
        whole = register_jitable(whole)
        if not _no(axis):
            if not is_index(axis):
                raise TypingError("%s(): axis must be an integer or None, not %s" % (name, axis))
            return along_axis(whole, cls, a.ndim)

        def impl(a, axis=None):
            return whole(a)
        return impl
    return typer


overload(np.nanmin)(_nan_extreme("nanmin", True))
overload(np.nanmax)(_nan_extreme("nanmax", False))


def _nan_arg_extreme(name, is_min):
    """np.nanargmin, np.nanargmax: NumPy's rule, a NaN counts as +inf
    (nanargmin) or -inf (nanargmax), the first of equal items wins;
    ValueError for a slice of NaNs only."""
    np_func = getattr(np, name)

    def typer(a, axis=None):
        if array_like(a):
            return _like(np_func, 1)
        if not isinstance(a, types.Array):
            return None
        if not isinstance(a.dtype, (types.Integer, types.Float, types.Boolean)):
            raise TypingError("%s() of a %s array is not supported" % (name, a.dtype))
        floating = isinstance(a.dtype, types.Float)
        cls = scalar_class(a.dtype)
        empty = "attempt to get %s of an empty sequence" % ("argmin" if is_min else "argmax")

        def first(it):
            best = -1
            i = 0
            m = cls(0)
            nans = True
            for x in it:
                if floating and x != x:
                    x = cls(np.inf) if is_min else cls(-np.inf)
                else:
                    nans = False
                if best < 0 or ((x < m) if is_min else (x > m)):
                    m = x
                    best = i
                i += 1
            if best < 0:
                raise ValueError(empty)
            if floating and nans:
                raise ValueError("All-NaN slice encountered")
            return best
        first = register_jitable(first)
        if _no(axis) or a.ndim <= 1:
            if not _no(axis) and not is_index(axis):
                raise TypingError("%s(): axis must be an integer or None, not %s" % (name, axis))
            with_axis = not _no(axis)

            def impl(a, axis=None):
                if with_axis:
                    axis_last_view(a, axis)  # checks the axis
                return first(a.flat)
            return impl
        if not is_index(axis):
            raise TypingError("%s(): axis must be an integer or None, not %s" % (name, axis))

        def impl_axis(a, axis=None):
            v = axis_last_view(a, axis)
            out = np.empty(v.shape[:-1], np.intp)
            for idx in np.ndindex(v.shape[:-1]):
                out[idx] = first(iter(v[idx]))
            return out
        return impl_axis
    return typer


overload(np.nanargmin)(_nan_arg_extreme("nanargmin", True))
overload(np.nanargmax)(_nan_arg_extreme("nanargmax", False))


def _nan_moments(name, kind):
    """nanmean (``kind`` 0), nanvar (1), nanstd (2): over the non-NaN elements
    (along ``axis`` too); NaN when there are none (NumPy warns). Complex
    numbers: a NaN in either part is skipped; the variance is real."""
    np_func = getattr(np, name)

    def typer(a, axis=None, ddof=0):
        if array_like(a):
            return _like(np_func, 2)
        if not isinstance(a, types.Array):
            return None
        if not isinstance(a.dtype, (types.Number, types.Boolean)):
            raise TypingError("%s() of a %s array is not supported" % (name, a.dtype))
        mean_t = a.dtype if isinstance(a.dtype, types.Complex) else _float_of(a.dtype)
        acc = scalar_class(mean_t)
        real = scalar_class(mean_t.underlying_float if isinstance(mean_t, types.Complex) else mean_t)
        cls = acc if kind == 0 else real
        nan = _complex_nan if kind == 0 and isinstance(mean_t, types.Complex) else _real_nan

        @register_jitable
        def sum_count(a):
            """The sum and the count of the items that are not NaN."""
            s = acc(0)
            n = 0
            for x in elements(a):
                if x == x:
                    s += acc(x)
                    n += 1
            return s, n

        def whole(a, ddof):
            s, n = sum_count(a)
            if n == 0:
                return cls(nan())  # NumPy warns
            return acc(s / real(n))

        def whole_var(a, ddof):
            s, n = sum_count(a)
            if n == 0:
                return cls(nan())  # NumPy warns
            m = s / real(n)
            v = real(0)
            for x in elements(a):
                if x == x:
                    d = acc(x) - m
                    v += real(d.real * d.real + d.imag * d.imag)
            v = real(v / real(max(n - ddof, 0)))
            if kind == 2:
                return real(math.sqrt(v))
            return v
        whole = register_jitable(error_model="numpy")(whole if kind == 0 else whole_var)
        if _no(axis):
            def impl(a, axis=None, ddof=0):
                return whole(a, ddof)
            return impl
        if not is_index(axis):
            raise TypingError("%s(): axis must be an integer or None, not %s" % (name, axis))
        if a.ndim == 1:
            def impl(a, axis=None, ddof=0):
                axis_last_view(a, axis)  # checks the axis
                return whole(a, ddof)
            return impl

        def impl(a, axis=None, ddof=0):
            v = axis_last_view(a, axis)
            out = np.empty(v.shape[:-1], cls)
            for idx in np.ndindex(v.shape[:-1]):
                out[idx] = whole(v[idx], ddof)
            return out
        return impl
    return typer


overload(np.nanmean, jit_options=_NUMPY_ERRORS)(_nan_moments("nanmean", 0))
overload(np.nanvar, jit_options=_NUMPY_ERRORS)(_nan_moments("nanvar", 1))
overload(np.nanstd, jit_options=_NUMPY_ERRORS)(_nan_moments("nanstd", 2))


import pycomp.np.correlation  # noqa: E402,F401  (registers np.cov and np.corrcoef)
