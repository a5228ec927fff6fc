"""The moments of arrays, written through the extension API: the methods
``mean``, ``var`` and ``std`` (the functions ``np.mean``, ``np.var`` and
``np.std`` call them: :mod:`pycomp.np.reductions`).

``mean`` divides the sum (in the result dtype: float64 for integers and
booleans, float32 stays float32) by the count in double precision, then
rounds to the result dtype, as NumPy; NaN (NaT for timedelta64) for no
elements. ``var`` and ``std`` take ``ddof`` (NaN where ``ddof`` is at
least the count, as NumPy) and ``axis``. Of real float arrays the sums
are NumPy's pairwise ones (:mod:`pycomp.np.pairwise`): the mean, the sum
of squared deviations and the divisions are NumPy's to the last bit for
1-d, C and F arrays, and along the contiguous axis; along another axis
the rows add one after another, as NumPy adds them.
"""

from __future__ import annotations

import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload_method, register_jitable
from pycomp.np.pairwise import (_itself, contiguous_axis, contiguous_rows, float_items, innermost_axis, item_term,
                                pairwise_with_work_for, squared_deviation_term, sum_in_memory_order)
from pycomp.np.reductions import (_NUMPY_ERRORS, _check_array, _float_result, _is_timedelta, _never, _no_axis,
                                  _sequential_squares, _sequential_sum, _td_zero, _typed_axis, along_axis,
                                  scalar_class)
from pycomp.np.views import axis_last_view, elements

__all__ = []


# ------------------------------------------------------------------ mean, var, std


@register_jitable
def _real_nan():
    return math.nan


@register_jitable
def _complex_nan():
    return complex(math.nan, math.nan)


@overload_method(types.Array, "mean", jit_options=_NUMPY_ERRORS)
def _mean(a, axis=None):
    """``a.mean(axis=None)``: the sum (in the result dtype) divided by the
    count in double precision, then rounded to the result dtype, as NumPy;
    NaN (NaT for timedelta64) for no elements."""
    if _is_timedelta(a.dtype):
        if not _no_axis(axis):
            raise TypingError("mean() of a timedelta64 array along an axis is not supported")

        def impl_td(a, axis=None):
            s = _td_zero(a)
            for x in elements(a):
                s = s + x
            return s / a.size  # NaT for no elements, as NumPy
        return impl_td
    if not isinstance(a.dtype, (types.Number, types.Boolean)):
        raise TypingError("mean() of a %s array is not supported" % a.dtype)
    res_t = _float_result(a.dtype)
    acc = scalar_class(res_t)
    wide = np.complex128 if isinstance(res_t, types.Complex) else np.float64
    nan = _complex_nan if isinstance(res_t, types.Complex) else _real_nan

    def whole(a):
        s = acc(0)
        for x in elements(a):
            s += acc(x)
        if a.size == 0:
            return acc(nan())
        return acc(wide(s) / a.size)
    whole = register_jitable(error_model="numpy")(whole)
    exact = None
    if float_items(a, acc):  # NumPy's pairwise sums, to the last bit
        total = sum_in_memory_order(item_term, acc, _sequential_sum)

        def exact_mean(a):
            if a.size == 0:
                return acc(nan())
            return acc(wide(total(a, acc(0))) / a.size)
        exact = register_jitable(error_model="numpy")(exact_mean)
    if _typed_axis(axis, "mean") and exact is not None and a.ndim == 2 and a.layout in "CF":
        # the contiguous lines of a 2-d C or F array: one pair of recursion stacks for every row
        generic = register_jitable(error_model="numpy")(along_axis(whole, acc, a.ndim, exact, a.layout))
        run, new_work = pairwise_with_work_for(item_term, acc)
        along = contiguous_axis(a.layout, a.ndim)
        rows_of = contiguous_rows(a.layout)

        def impl_rows(a, axis=None):
            if not along(axis):
                return generic(a, axis)
            w = rows_of(a)
            out = np.empty(w.shape[0], acc)
            frames, values = new_work()
            n = w.shape[1]
            for i in range(w.shape[0]):
                out[i] = acc(wide(run(w[i], acc(0), frames, values)) / n)  # (0/0: NaN, NumPy's error model)
            return out
        return impl_rows
    if _typed_axis(axis, "mean"):
        return along_axis(whole, acc, a.ndim, exact, a.layout)
    one = exact if exact is not None else whole
    return lambda a, axis=None: one(a)


def _variance(a, ddof, root):
    """The typer's body of var and std: ``whole(a, ddof)`` over all elements
    (divided by ``size - ddof``, NumPy's ``ddof``), the square root for std."""
    res_t = _float_result(a.dtype)
    acc = scalar_class(res_t)
    real = scalar_class(res_t.underlying_float if isinstance(res_t, types.Complex) else res_t)
    if not (ddof is None or isinstance(ddof, (int, types.Integer, types.Float, types.NoneType))):
        raise TypingError("ddof must be a number, not %s" % ddof)

    def whole(a, ddof):
        m = acc(0)
        for x in elements(a):
            m += acc(x)
        m = m / acc(a.size)
        s = real(0)
        for x in elements(a):
            d = acc(x) - m
            s += d.real * d.real + d.imag * d.imag
        v = real(s / real(max(a.size - ddof, 0)))  # NumPy: nan where ddof >= size
        if root:
            return real(math.sqrt(v))
        return v
    exact = None
    if float_items(a, acc):  # real floats: NumPy's two pairwise sums (each division in double), to the last bit
        total = sum_in_memory_order(item_term, acc, _sequential_sum)
        squares = sum_in_memory_order(squared_deviation_term, acc, _sequential_squares)

        def exact_variance(a, ddof):
            m = acc(np.float64(total(a, acc(0))) / a.size)
            v = real(np.float64(squares(a, m)) / max(a.size - ddof, 0))
            if root:
                return real(math.sqrt(v))
            return v
        exact = register_jitable(error_model="numpy")(exact_variance)
    return register_jitable(error_model="numpy")(whole), real, exact


@register_jitable
def _ddof_value(d):
    """``ddof`` as a number: None (left out by the np.var/np.std forms) is 0."""
    if d is None:
        return 0
    return d


def _var_or_std(name, root):
    def typer(a, axis=None, ddof=0):
        if not _check_array(a, name):
            return None
        whole, real, exact = _variance(a, ddof, root)
        one = exact if exact is not None else whole
        if not _typed_axis(axis, name):
            def impl(a, axis=None, ddof=0):
                return one(a, _ddof_value(ddof))
            return impl
        if a.ndim == 1:
            def impl(a, axis=None, ddof=0):
                axis_last_view(a, axis)  # checks the axis
                return one(a, _ddof_value(ddof))
            return impl
        inner = innermost_axis(a.layout, a.ndim) if exact is not None else _never
        along = contiguous_axis(a.layout, a.ndim) if exact is not None else _never
        typed_rows = exact is not None and a.ndim == 2 and a.layout in "CF"
        rows_of = contiguous_rows(a.layout) if typed_rows else _itself
        acc = scalar_class(a.dtype) if typed_rows else np.float64
        # the two sums of each row, sharing one pair of recursion stacks
        run_sum, new_work = pairwise_with_work_for(item_term, acc) if typed_rows else (_never, _never)
        run_squares = pairwise_with_work_for(squared_deviation_term, acc)[0] if typed_rows else _never

        def impl(a, axis=None, ddof=0):
            v = axis_last_view(a, axis)
            out = np.empty(v.shape[:-1], real)
            if typed_rows and along(axis):  # contiguous lines typed C: they vectorize
                w = rows_of(a)
                frames, values = new_work()
                n = w.shape[1]
                d = _ddof_value(ddof)
                for i in range(w.shape[0]):
                    row = w[i]
                    m = acc(np.float64(run_sum(row, acc(0), frames, values)) / n)
                    var = real(np.float64(run_squares(row, m, frames, values)) / max(n - d, 0))
                    out[i] = real(math.sqrt(var)) if root else var
            elif inner(a, axis):  # rows along the contiguous dimension: NumPy's pairwise sums
                for idx in np.ndindex(v.shape[:-1]):
                    out[idx] = one(v[idx], _ddof_value(ddof))
            else:
                for idx in np.ndindex(v.shape[:-1]):
                    out[idx] = whole(v[idx], _ddof_value(ddof))
            return out
        return impl
    return typer


overload_method(types.Array, "var", jit_options=_NUMPY_ERRORS)(_var_or_std("var", False))
overload_method(types.Array, "std", jit_options=_NUMPY_ERRORS)(_var_or_std("std", True))
