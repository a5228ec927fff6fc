"""Reductions of arrays, written in Python through the extension API:
the methods ``sum``, ``prod``, ``min``, ``max``, ``mean``, ``std``,
``var``, ``argmin``, ``argmax``, ``any``, ``all``, ``cumsum``, ``cumprod``
and the NumPy functions of the same names (which also take numbers, lists
and tuples, converted with ``np.asarray`` as NumPy does), and
``np.nancumsum``/``np.nancumprod``.

Result dtypes are NumPy's: ``sum``, ``prod``, ``cumsum`` and ``cumprod``
of booleans and of signed integers narrower than 64 bits accumulate in
int64, of unsigned ones in uint64; ``mean``, ``std`` and ``var`` of
integers and booleans are float64; float32 stays float32. ``axis`` is
accepted by all of them (Numba 0.68: only ``sum``, ``argmin``, ``argmax``,
``cumsum``, ``cumprod``), a tuple of axes by ``sum`` and ``prod``,
``ddof`` by ``var`` and ``std``, ``dtype=`` by ``sum``, ``prod``,
``cumsum`` and ``cumprod``. ``sum``, ``mean`` and ``cumsum`` of timedelta64
arrays are timedelta64 (NaT propagates). ``mean`` divides the sum by the
count in double precision, as NumPy.

``sum``, ``mean``, ``var`` and ``std`` of float arrays add as NumPy does
(pairwise, :mod:`pycomp.np.pairwise`): their values are NumPy's to the
last bit for 1-d, C and F arrays and rows along the contiguous axis.
``mean``, ``var`` and ``std`` are in :mod:`pycomp.np.moments`.

Order-independent reductions read the elements in memory order
(:func:`pycomp.np.views.elements`: one flat loop over a C or F array,
which LLVM vectorizes where the arithmetic allows); the others read them
in C order (``a.flat``, a counted loop for a C array). A reduction along
an axis moves that axis last (:func:`pycomp.np.views.axis_last_view`) and
reduces each row.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, overload_method, register_jitable
from pycomp.frontend.typing.arraycreation import dtype_from_type
from pycomp.np.pairwise import (_itself, contiguous_axis, contiguous_rows, float_items, innermost_axis, item_term,
                                pairwise_with_work_for, sum_in_memory_order)
from pycomp.np.views import axis_last_view, elements, is_index

__all__ = ["accumulator_type", "scalar_class", "array_like"]

_NUMPY_ERRORS = {"error_model": "numpy"}  # 0/0 is nan (the mean of nothing), as NumPy


def accumulator_type(dtype: types.Type) -> types.Type:
    """The dtype NumPy's ``sum``/``prod`` of ``dtype`` elements gives."""
    if isinstance(dtype, types.Boolean):
        return types.int64
    if isinstance(dtype, types.Integer):
        return types.int64 if dtype.signed else types.uint64
    return dtype


def _float_result(dtype: types.Type) -> types.Type:
    """The dtype of ``mean`` of ``dtype`` elements."""
    if isinstance(dtype, (types.Float, types.Complex)):
        return dtype
    return types.float64


def scalar_class(t: types.Type):
    """The NumPy scalar class of number type ``t`` (compiled code calls it
    to convert)."""
    return np.bool_ if isinstance(t, types.Boolean) else getattr(np, str(t))


def array_like(t) -> bool:
    """Whether ``t`` is a number, a boolean, a list or a tuple: what the
    NumPy functions convert with ``np.asarray`` (arrays excluded)."""
    return isinstance(t, (types.Number, types.Boolean, types.List, types.BaseTuple))


def _is_timedelta(dtype) -> bool:
    return isinstance(dtype, types.NPTimedelta)


@register_jitable
def _td_zero(a):
    """A zero of the timedelta dtype of array ``a``."""
    return np.zeros(1, a.dtype)[0]


def _no_axis(axis) -> bool:
    return axis is None or isinstance(axis, types.NoneType)


def _check_array(a, what):
    """Whether ``a`` is an array type (the typers take arrays only)."""
    return isinstance(a, types.Array)


def _axis_ok(axis, what):
    if not is_index(axis):
        raise TypingError("%s(): axis must be an integer or None, not %s" % (what, axis))


def along_axis(whole, out_cls, ndim, inner_whole=None, layout="A"):
    """The implementation of ``f(a, axis)`` given ``whole``, the jitted
    reduction of a whole array (applied to 1-D rows here): with ``axis``
    None or for a 1-D array, ``whole(a)``; else an array of ``out_cls``
    (a NumPy scalar class) over the other axes, one ``whole(row)`` each.
    ``inner_whole``, when given, reduces the rows instead where they run
    along the contiguous dimension of a ``layout`` array (NumPy sums those
    pairwise), and a 1-d array."""
    if ndim == 1:
        one = inner_whole if inner_whole is not None else whole

        def impl(a, axis=None):
            if axis is not None:
                axis_last_view(a, axis)  # checks the axis
            return one(a)
        return impl
    if inner_whole is not None:
        inner = innermost_axis(layout, ndim)

        def impl_inner(a, axis=None):
            v = axis_last_view(a, axis)
            out = np.empty(v.shape[:-1], out_cls)
            if axis is not None and inner(a, axis):
                for idx in np.ndindex(v.shape[:-1]):
                    out[idx] = inner_whole(v[idx])
            else:
                for idx in np.ndindex(v.shape[:-1]):
                    out[idx] = whole(v[idx])
            return out
        return impl_inner

    def impl(a, axis=None):
        v = axis_last_view(a, axis)
        out = np.empty(v.shape[:-1], out_cls)
        for idx in np.ndindex(v.shape[:-1]):
            out[idx] = whole(v[idx])
        return out
    return impl


def _typed_axis(axis, name) -> bool:
    """Whether ``axis`` was given (an integer: checked); False for None."""
    if _no_axis(axis):
        return False
    _axis_ok(axis, name)
    return True


# ------------------------------------------------------------------ sum and prod


def _acc_class(a, dtype, name):
    """The scalar class sums and products of ``a`` accumulate in: ``dtype``'s
    when given, else NumPy's accumulator of ``a.dtype``."""
    if dtype is None or isinstance(dtype, types.NoneType):
        return scalar_class(accumulator_type(a.dtype))
    return scalar_class(dtype_from_type(dtype, name))


@register_jitable
def _axes_descending(axis, ndim):
    """The axes of tuple ``axis`` made non-negative, checked (AxisError out
    of bounds, ValueError for a repeated one, in NumPy's order) and sorted
    largest first (so reducing them one by one keeps the others valid)."""
    m = len(axis)
    out = np.empty(m, np.intp)
    j = 0
    for k in axis:
        if k < -ndim or k >= ndim:
            raise np.exceptions.AxisError(k, ndim)
        out[j] = k + ndim if k < 0 else k
        j += 1
    out = np.sort(out)[::-1]
    for j in range(1, m):
        if out[j] == out[j - 1]:
            raise ValueError("duplicate value in 'axis'")
    return out


def _tuple_axis_impl(name, m, ndim, acc):
    """``a.sum(axis=t)`` (or prod) for a tuple ``t`` of ``m`` integers: the
    axes reduced one by one, the largest first; a copy (of the accumulator
    dtype) for ``()``."""
    if m == 0:
        def impl(a, axis=None, dtype=None):
            return a.astype(acc)
        return impl
    if m > ndim:  # always a repeated or out-of-bounds axis: the checks raise
        def impl(a, axis=None, dtype=None):
            _axes_descending(axis, a.ndim)
            return acc(0)
        return impl
    lines = ["def impl(a, axis=None, dtype=None):",
             "    ax = _axes_descending(axis, a.ndim)",
             "    r0 = a.%s(ax[0], dtype)" % name]
    lines += ["    r%d = r%d.%s(ax[%d], dtype)" % (k, k - 1, name, k) for k in range(1, m)]
    lines.append("    return r%d" % (m - 1))
    scope = {"_axes_descending": _axes_descending}
    exec("\n".join(lines), scope)
    return scope["impl"]


def _additive(name, start, step):
    """sum or prod: ``step(s, x)`` folds each element into ``s``; ``axis``
    None, an integer or a tuple of integers; ``dtype`` the accumulator's."""

    def typer(a, axis=None, dtype=None):
        if not _check_array(a, name):
            return None
        if _is_timedelta(a.dtype) and (dtype is None or isinstance(dtype, types.NoneType)):
            if name != "sum":
                raise TypingError("%s() of a timedelta64 array is not supported (NumPy: no timedelta products)"
                                  % name)
            if not _no_axis(axis):
                raise TypingError("sum() of a timedelta64 array along an axis is not supported")

            def impl(a, axis=None, dtype=None):
                s = _td_zero(a)
                for x in elements(a):
                    s = s + x  # NaT + x: NaT, as NumPy
                return s
            return impl
        acc = _acc_class(a, dtype, name)
        exact = name == "sum" and float_items(a, acc)  # NumPy's pairwise order, to the last bit
        total = sum_in_memory_order(item_term, acc, _sequential_sum) if exact else None
        row_sum, new_work = pairwise_with_work_for(item_term, acc) if exact else (_sequential_rows, _no_work)
        inner = innermost_axis(a.layout, a.ndim) if exact else _never
        along = contiguous_axis(a.layout, a.ndim) if exact else _never
        if isinstance(axis, types.BaseTuple) and all(is_index(t) for t in axis.types):
            if not (isinstance(axis, types.UniTuple) or len(axis.types) == 0):
                raise TypingError("%s(): a tuple axis must hold integers of one type, not %s" % (name, axis))
            return _tuple_axis_impl(name, len(axis.types), a.ndim, acc)
        if _no_axis(axis) and exact:
            return lambda a, axis=None, dtype=None: total(a, acc(0))
        if _no_axis(axis):
            def impl(a, axis=None, dtype=None):
                s = acc(start)
                for x in elements(a):
                    s = acc(step(s, acc(x)))
                return s
            return impl
        _axis_ok(axis, name)
        if a.ndim == 1 and exact:
            def impl_exact(a, axis=None, dtype=None):
                axis_last_view(a, axis)  # checks the axis
                return total(a, acc(0))
            return impl_exact
        if a.ndim == 1:
            def impl(a, axis=None, dtype=None):
                axis_last_view(a, axis)  # checks the axis
                s = acc(start)
                for x in elements(a):
                    s = acc(step(s, acc(x)))
                return s
            return impl

        # a 2-d C (F) array reduced along axis 0 (1): its rows along the axis
        # are strided, so whole contiguous lines a[k] (a[:, k]) are folded
        # into the result instead, in memory order
        outer_first = a.ndim == 2 and a.layout in "CF"
        c_layout = a.layout == "C"
        typed_rows = exact and outer_first
        rows_of = contiguous_rows(a.layout) if typed_rows else _itself

        def impl(a, axis=None, dtype=None):
            v = axis_last_view(a, axis)  # checks the axis
            out = np.empty(v.shape[:-1], acc)
            n = v.shape[-1]
            if inner(a, axis):  # the rows run along the contiguous dimension: NumPy sums each pairwise
                frames, values = new_work()
                if typed_rows and along(axis):  # a 2-d C or F array: its contiguous lines, typed C
                    w = rows_of(a)
                    for i in range(w.shape[0]):
                        out[i] = row_sum(w[i], acc(0), frames, values)
                else:
                    for idx in np.ndindex(v.shape[:-1]):
                        out[idx] = row_sum(v[idx], acc(0), frames, values)
                return out
            if outer_first and (axis % 2 == 0) == c_layout:
                # w[k]: the k-th line along the axis, contiguous by type (so the inner loop vectorizes)
                m = out.shape[0]
                for j in range(m):
                    out[j] = acc(start)
                if c_layout:
                    for k in range(n):
                        line = a[k]
                        for j in range(m):
                            out[j] = acc(step(out[j], acc(line[j])))
                else:
                    w = a.T
                    for k in range(n):
                        line = w[k]
                        for j in range(m):
                            out[j] = acc(step(out[j], acc(line[j])))
                return out
            for idx in np.ndindex(v.shape[:-1]):
                row = v[idx]
                s = acc(start)
                for j in range(n):
                    s = acc(step(s, acc(row[j])))
                out[idx] = s
            return out
        return impl
    return typer


@register_jitable
def _sequential_sum(a, m):
    """``m`` plus the items of ``a`` one after another."""
    s = m
    for x in elements(a):
        s += x
    return s


@register_jitable
def _sequential_squares(a, m):
    """The sum of the squared distances of the items of ``a`` from ``m``,
    one after another."""
    s = m - m
    for x in elements(a):
        d = x - m
        s += d * d
    return s


@register_jitable
def _never(*args):
    return False


@register_jitable
def _no_work():
    return 0, 0


@register_jitable
def _sequential_rows(a, m, frames, values):
    return _sequential_sum(a, m)


@register_jitable
def _add(s, x):
    return s + x


@register_jitable
def _mul(s, x):
    return s * x


overload_method(types.Array, "sum")(_additive("sum", 0, _add))
overload_method(types.Array, "prod")(_additive("prod", 1, _mul))


# ------------------------------------------------------------------ cumulative


def _cumulative(name, start, step, skip_nan=False):
    """cumsum or cumprod (``skip_nan``: nancumsum, nancumprod, a NaN counts
    as ``start``): a new array, 1-d (``axis`` None) or of ``a``'s shape;
    ``dtype`` the accumulator's."""
    np_func = getattr(np, name)

    def typer(a, axis=None, dtype=None):
        if skip_nan and array_like(a):  # the np.nancum* functions convert numbers, lists and tuples
            def impl_like(a, axis=None, dtype=None):
                return np_func(np.asarray(a), axis, dtype)
            return impl_like
        if not _check_array(a, name):
            return None
        no_dtype = dtype is None or isinstance(dtype, types.NoneType)
        if _is_timedelta(a.dtype) and no_dtype and not skip_nan:
            if name != "cumsum":
                raise TypingError("%s() of a timedelta64 array is not supported" % name)
            if not _no_axis(axis):
                raise TypingError("cumsum() of a timedelta64 array along an axis is not supported")

            def impl(a, axis=None, dtype=None):
                out = np.empty(a.size, a.dtype)
                s = _td_zero(a)
                i = 0
                for x in a.flat:
                    s = s + x
                    out[i] = s
                    i += 1
                return out
            return impl
        if not isinstance(a.dtype, (types.Number, types.Boolean)):
            raise TypingError("%s() of a %s array is not supported" % (name, a.dtype))
        acc = _acc_class(a, dtype, name)
        check = skip_nan and isinstance(a.dtype, (types.Float, types.Complex))

        @register_jitable
        def fold(s, x):
            if check:
                if x != x:
                    return s
            return acc(step(s, acc(x)))

        if _no_axis(axis) or a.ndim == 1:
            if not _no_axis(axis):
                _axis_ok(axis, name)

            def impl(a, axis=None, dtype=None):
                if axis is not None:
                    axis_last_view(a, axis)  # checks the axis
                out = np.empty(a.size, acc)
                s = acc(start)
                i = 0
                for x in a.flat:
                    s = fold(s, x)
                    out[i] = s
                    i += 1
                return out
            return impl
        _axis_ok(axis, name)

        def impl(a, axis=None, dtype=None):
            out = np.empty(a.shape, acc)
            v = axis_last_view(a, axis)
            w = axis_last_view(out, axis)
            n = v.shape[-1]
            for idx in np.ndindex(v.shape[:-1]):
                row = v[idx]
                dst = w[idx]
                s = acc(start)
                for j in range(n):
                    s = fold(s, row[j])
                    dst[j] = s
            return out
        return impl
    return typer


overload_method(types.Array, "cumsum")(_cumulative("cumsum", 0, _add))
overload_method(types.Array, "cumprod")(_cumulative("cumprod", 1, _mul))
overload(np.nancumsum)(_cumulative("nancumsum", 0, _add, True))
overload(np.nancumprod)(_cumulative("nancumprod", 1, _mul, True))


# ------------------------------------------------------------------ min and max


#: element types with a value that wins min/max (NumPy propagates NaN and NaT)
_NAN_LIKE = (types.Float, types.NPDatetime, types.NPTimedelta)


def _extreme(name, is_min):
    empty = "zero-size array to reduction operation %s which has no identity" % ("minimum" if is_min else "maximum")

    def typer(a, axis=None):
        if not _check_array(a, name):
            return None
        dt = a.dtype
        if isinstance(dt, types.Complex):
            if is_min:
                def better(x, m):
                    return x.real < m.real or (x.real == m.real and x.imag < m.imag)
            else:
                def better(x, m):
                    return x.real > m.real or (x.real == m.real and x.imag > m.imag)
            nan_check = True  # a complex with a NaN part is the result, as NumPy's maximum/minimum
        else:
            if is_min:
                def better(x, m):
                    return x < m
            else:
                def better(x, m):
                    return x > m
            nan_check = isinstance(dt, _NAN_LIKE)  # NaN, NaT: the result (NaT != NaT, as NaN)
        better = register_jitable(better)

        def whole(a):
            if a.size == 0:
                raise ValueError(empty)
            it = elements(a)
            m = next(it)
            if nan_check:
                if m != m:
                    return m
            for x in it:
                if better(x, m):
                    m = x
                elif nan_check:
                    if x != x:
                        return x
            return m
        whole = register_jitable(whole)
        if _typed_axis(axis, name):
            return along_axis(whole, scalar_class(dt), a.ndim)

        def impl(a, axis=None):
            return whole(a)
        return impl
    return typer


overload_method(types.Array, "min")(_extreme("min", True))
overload_method(types.Array, "max")(_extreme("max", False))


# ------------------------------------------------------------------ argmin and argmax


def _arg_extreme(name, is_min):
    empty = "attempt to get %s of an empty sequence" % name

    def typer(a, axis=None):
        if not _check_array(a, name):
            return None
        nan_check = isinstance(a.dtype, _NAN_LIKE)
        if isinstance(a.dtype, types.Complex):
            raise TypingError("%s() of a complex array is not supported" % name)

        def first(it):
            i = 0
            best = 0
            m = next(it)
            if nan_check and m != m:
                return 0
            for x in it:
                i += 1
                if (x < m) if is_min else (x > m):
                    m = x
                    best = i
                elif nan_check:
                    if x != x:
                        return i
            return best

        first = register_jitable(first)
        if _no_axis(axis) or a.ndim == 1:
            if not _no_axis(axis):
                _axis_ok(axis, name)

            def impl(a, axis=None):
                if axis is not None:
                    axis_last_view(a, axis)  # checks the axis
                if a.size == 0:
                    raise ValueError(empty)
                return first(a.flat)
            return impl
        _axis_ok(axis, name)

        def impl(a, axis=None):
            v = axis_last_view(a, axis)
            if v.shape[-1] == 0:
                raise ValueError(empty)
            out = np.empty(v.shape[:-1], np.intp)
            for idx in np.ndindex(v.shape[:-1]):
                out[idx] = first(iter(v[idx]))
            return out
        return impl
    return typer


overload_method(types.Array, "argmin")(_arg_extreme("argmin", True))
overload_method(types.Array, "argmax")(_arg_extreme("argmax", False))


# ------------------------------------------------------------------ any, all


@register_jitable
def _any_of(a):
    for x in elements(a):
        if x != 0:
            return True
    return False


@register_jitable
def _all_of(a):
    for x in elements(a):
        if x == 0:
            return False
    return True


def _logical(name, whole):
    def typer(a, axis=None):
        if not _check_array(a, name):
            return None
        if _typed_axis(axis, name):
            return along_axis(whole, np.bool_, a.ndim)

        def impl(a, axis=None):
            return whole(a)
        return impl
    return typer


overload_method(types.Array, "any")(_logical("any", _any_of))
overload_method(types.Array, "all")(_logical("all", _all_of))


# ------------------------------------------------------------------ the NumPy functions


def _datetime_true(d):
    """Compiled code only: whether datetime64 ``d`` is not the epoch (NaT is true)."""
    raise NotImplementedError


@overload(_datetime_true)
def _datetime_true_typer(d):
    if not isinstance(d, types.NPDatetime):
        return None
    epoch = np.datetime64(0, d.unit) if d.unit else np.datetime64(0, "s")

    def impl(d):
        return d != epoch  # NaT != anything, as NumPy
    return impl


def _function(np_func, method, params):
    """``np_func(a, ...)`` as ``a.method(...)`` for arrays, as
    ``np.asarray(a).method(...)`` for numbers, lists and tuples (NumPy
    converts them); min and max of one datetime64/timedelta64 is itself,
    so is the mean of one timedelta64, and any/all of one tell whether it is
    nonzero. As Numba's: cumsum of a number is a number (of the accumulator
    dtype)."""
    p = ", ".join("%s=None" % n for n in params)
    src = ("def typer(a, {p}):\n"
           "    if isinstance(a, types.Array):\n"
           "        def impl(a, {p}):\n"
           "            return a.{m}({a})\n"
           "        return impl\n"
           "    if temporal and isinstance(a, (types.NPDatetime, types.NPTimedelta)) or (\n"
           "            method == 'mean' and isinstance(a, types.NPTimedelta)):\n"
           "        def impl(a, {p}):\n"
           "            return a\n"
           "        return impl\n"
           "    if method in ('any', 'all') and isinstance(a, types.NPDatetime):\n"
           "        def impl(a, {p}):\n"
           "            return _datetime_true(a)\n"
           "        return impl\n"
           "    if method in ('any', 'all') and isinstance(a, types.NPTimedelta):\n"
           "        def impl(a, {p}):\n"
           "            return a != a - a  # a - a: zero, or NaT (true)\n"
           "        return impl\n"
           "    if method == 'cumsum' and isinstance(a, types.Number):  # Numba: a number, not NumPy's array\n"
           "        def impl(a, {p}):\n"
           "            return np.asarray(a).{m}({a})[0]\n"
           "        return impl\n"
           "    if array_like(a):\n"
           "        def impl(a, {p}):\n"
           "            return np.asarray(a).{m}({a})\n"
           "        return impl\n"
           "    return None\n").format(p=p, m=method, a=", ".join(params))
    src = src.replace("(a, )", "(a)")
    scope = {"types": types, "np": np, "array_like": array_like, "temporal": method in ("min", "max"),
             "_datetime_true": _datetime_true,
             "method": method}
    exec(src, scope)
    typer = scope["typer"]
    typer.__name__ = typer.__qualname__ = "np_" + np_func.__name__
    typer.__doc__ = "``np.%s``: ``a.%s(...)`` of ``a`` as an array." % (np_func.__name__, method)
    overload(np_func)(typer)


for _f, _m, _p in ((np.sum, "sum", ("axis", "dtype")), (np.prod, "prod", ("axis", "dtype")),
                   (np.cumsum, "cumsum", ("axis", "dtype")), (np.cumprod, "cumprod", ("axis", "dtype")),
                   (np.min, "min", ("axis",)), (np.max, "max", ("axis",)),
                   (np.amin, "min", ("axis",)), (np.amax, "max", ("axis",)), (np.argmin, "argmin", ("axis",)),
                   (np.argmax, "argmax", ("axis",)), (np.any, "any", ("axis",)), (np.all, "all", ("axis",)),
                   (np.mean, "mean", ("axis",)), (np.var, "var", ("axis", "ddof")),
                   (np.std, "std", ("axis", "ddof"))):
    _function(_f, _m, _p)


import pycomp.np.moments  # noqa: E402,F401  (mean, var, std: the methods the np functions above call)
