"""Reductions of arrays, written in Python through the extension API:
the methods ``sum``, ``prod``, ``min``, ``max``, ``mean``, ``std``,
``var``, ``argmin``, ``argmax``, ``any``, ``all``, ``cumsum``, ``cumprod``
and the NumPy functions of the same names.

Result dtypes are NumPy's: ``sum``, ``prod``, ``cumsum`` and ``cumprod``
of booleans and of signed integers narrower than 64 bits accumulate in
int64, of unsigned ones in uint64; ``mean``, ``std`` and ``var`` of
integers and booleans are float64; float32 stays float32. ``axis`` is
accepted by all of them (Numba 0.68: only ``sum``, ``argmin``, ``argmax``,
``cumsum``, ``cumprod``), ``ddof`` by ``var`` and ``std``,
``sum(dtype=...)`` too.

Order-independent reductions read the elements in memory order
(:func:`pycomp.np.views.elements`: one flat loop over a C or F array,
which LLVM vectorizes where the arithmetic allows); the others read them
in C order (``a.flat``, a counted loop for a C array). A reduction along
an axis moves that axis last (:func:`pycomp.np.views.axis_last_view`) and
reduces each row.
"""

from __future__ import annotations

import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, overload_method, register_jitable
from pycomp.frontend.typing.arraycreation import dtype_from_type
from pycomp.np.views import axis_last_view, elements, is_index, swapaxes_view

__all__ = ["accumulator_type", "scalar_class"]

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


def _no_axis(axis) -> bool:
    return axis is None or isinstance(axis, types.NoneType)


def _check_array(a, what):
    """Whether ``a`` is an array type (the typers take arrays only)."""
    return isinstance(a, types.Array)


def _axis_ok(axis, what):
    if not is_index(axis):
        raise TypingError("%s(): axis must be an integer or None, not %s" % (what, axis))


def along_axis(whole, out_cls, ndim):
    """The implementation of ``f(a, axis)`` given ``whole``, the jitted
    reduction of a whole array (applied to 1-D rows here): with ``axis``
    None or for a 1-D array, ``whole(a)``; else an array of ``out_cls``
    (a NumPy scalar class) over the other axes, one ``whole(row)`` each."""
    if ndim == 1:
        def impl(a, axis=None):
            if axis is not None:
                axis_last_view(a, axis)  # checks the axis
            return whole(a)
        return impl

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


def _additive(name, start, step):
    """sum or prod: ``step(s, x)`` folds each element into ``s``."""

    def typer(a, axis=None, dtype=None):
        if not _check_array(a, name):
            return None
        if dtype is None or isinstance(dtype, types.NoneType):
            acc_t = accumulator_type(a.dtype)
        else:
            acc_t = dtype_from_type(dtype, name)
        acc = scalar_class(acc_t)
        if _no_axis(axis):
            def impl(a, axis=None, dtype=None):
                s = acc(start)
                for x in elements(a):
                    s = step(s, acc(x))
                return s
            return impl
        _axis_ok(axis, name)
        if a.ndim == 1:
            def impl(a, axis=None, dtype=None):
                axis_last_view(a, axis)  # checks the axis
                s = acc(start)
                for x in elements(a):
                    s = step(s, acc(x))
                return s
            return impl

        # a 2-d C (F) array reduced along axis 0 (1): its rows along the axis
        # are strided, so whole contiguous lines a[k] (a[:, k]) are folded
        # into the result instead, in memory order
        outer_first = a.ndim == 2 and a.layout in "CF"
        c_layout = a.layout == "C"

        def impl(a, axis=None, dtype=None):
            v = axis_last_view(a, axis)  # checks the axis
            out = np.empty(v.shape[:-1], acc)
            n = v.shape[-1]
            if outer_first and (axis % 2 == 0) == c_layout:
                w = swapaxes_view(a, 0, axis % 2)  # w[k]: the k-th line along the axis, contiguous
                m = out.shape[0]
                for j in range(m):
                    out[j] = acc(start)
                for k in range(n):
                    line = w[k]
                    for j in range(m):
                        out[j] = step(out[j], acc(line[j]))
                return out
            for idx in np.ndindex(v.shape[:-1]):
                row = v[idx]
                s = acc(start)
                for j in range(n):
                    s = step(s, acc(row[j]))
                out[idx] = s
            return out
        return impl
    return typer


@register_jitable
def _add(s, x):
    return s + x


@register_jitable
def _mul(s, x):
    return s * x


overload_method(types.Array, "sum")(_additive("sum", 0, _add))
overload_method(types.Array, "prod")(_additive("prod", 1, _mul))


# ------------------------------------------------------------------ cumulative


def _cumulative(name, start, step):
    def typer(a, axis=None):
        if not _check_array(a, name):
            return None
        acc_t = accumulator_type(a.dtype)
        acc = scalar_class(acc_t)
        if _no_axis(axis) or a.ndim == 1:
            if not _no_axis(axis):
                _axis_ok(axis, name)

            def impl(a, axis=None):
                if axis is not None:
                    axis_last_view(a, axis)  # checks the axis
                out = np.empty(a.size, acc)
                s = acc(start)
                i = 0
                for x in a.flat:
                    s = step(s, acc(x))
                    out[i] = s
                    i += 1
                return out
            return impl
        _axis_ok(axis, name)

        def impl(a, axis=None):
            out = np.empty(a.shape, acc)
            v = axis_last_view(a, axis)
            w = axis_last_view(out, axis)
            n = v.shape[-1]
            for idx in np.ndindex(v.shape[:-1]):
                row = v[idx]
                dst = w[idx]
                s = acc(start)
                for j in range(n):
                    s = step(s, acc(row[j]))
                    dst[j] = s
            return out
        return impl
    return typer


overload_method(types.Array, "cumsum")(_cumulative("cumsum", 0, _add))
overload_method(types.Array, "cumprod")(_cumulative("cumprod", 1, _mul))


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
            nan_check = False
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


# ------------------------------------------------------------------ mean, var, std


@overload_method(types.Array, "mean", jit_options=_NUMPY_ERRORS)
def _mean(a, axis=None):
    acc = scalar_class(_float_result(a.dtype))

    def whole(a):
        s = acc(0)
        for x in elements(a):
            s += acc(x)
        return s / acc(a.size)
    whole = register_jitable(error_model="numpy")(whole)
    if _typed_axis(axis, "mean"):
        return along_axis(whole, acc, a.ndim)

    def impl(a, axis=None):
        return whole(a)
    return impl


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
    return register_jitable(error_model="numpy")(whole), real


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
        whole, real = _variance(a, ddof, root)
        if not _typed_axis(axis, name):
            def impl(a, axis=None, ddof=0):
                return whole(a, _ddof_value(ddof))
            return impl
        if a.ndim == 1:
            def impl(a, axis=None, ddof=0):
                axis_last_view(a, axis)  # checks the axis
                return whole(a, _ddof_value(ddof))
            return impl

        def impl(a, axis=None, ddof=0):
            v = axis_last_view(a, axis)
            out = np.empty(v.shape[:-1], real)
            for idx in np.ndindex(v.shape[:-1]):
                out[idx] = whole(v[idx], _ddof_value(ddof))
            return out
        return impl
    return typer


overload_method(types.Array, "var", jit_options=_NUMPY_ERRORS)(_var_or_std("var", False))
overload_method(types.Array, "std", jit_options=_NUMPY_ERRORS)(_var_or_std("std", True))


# ------------------------------------------------------------------ the NumPy functions


def _function(np_func, method, params):
    """``np_func(a, ...)`` as ``a.method(...)`` for arrays."""
    src = ("def typer(a, {p}):\n"
           "    if not isinstance(a, types.Array):\n"
           "        return None\n"
           "    def impl(a, {p}):\n"
           "        return a.{m}({a})\n"
           "    return impl\n").format(p=", ".join("%s=None" % n for n in params) if params else "",
                                      m=method, a=", ".join(params))
    src = src.replace("(a, )", "(a)")
    scope = {"types": types}
    exec(src, scope)
    typer = scope["typer"]
    typer.__name__ = typer.__qualname__ = "np_" + np_func.__name__
    overload(np_func)(typer)


for _f, _m, _p in ((np.sum, "sum", ("axis", "dtype")), (np.prod, "prod", ()), (np.cumsum, "cumsum", ("axis",)),
                   (np.cumprod, "cumprod", ("axis",)), (np.min, "min", ("axis",)), (np.max, "max", ("axis",)),
                   (np.amin, "min", ("axis",)), (np.amax, "max", ("axis",)), (np.argmin, "argmin", ("axis",)),
                   (np.argmax, "argmax", ("axis",)), (np.any, "any", ("axis",)), (np.all, "all", ("axis",)),
                   (np.mean, "mean", ("axis",)), (np.var, "var", ("axis", "ddof")),
                   (np.std, "std", ("axis", "ddof"))):
    _function(_f, _m, _p)
