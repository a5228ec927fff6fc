"""Array methods written through the extension API. Type inference imports
this module, which loads the others: views (:mod:`pycomp.np.views`),
reductions (:mod:`pycomp.np.reductions`), sorting
(:mod:`pycomp.np.sorting`). Here: the methods that copy or convert,
``copy``, ``flatten``, ``astype``, ``fill``, ``item``, ``nonzero``,
``clip``, ``round``, ``conj``/``conjugate`` (``dot`` is in
:mod:`pycomp.np.linalg`),
and ``np.copy``-like function forms that are one line.

New arrays are C-contiguous, filled in C order from ``a.flat``.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import infer_global, lower_builtin, overload, overload_method, register_jitable
from pycomp.frontend.typing.arraycreation import dtype_from_type
from pycomp.frontend.typing.templates import AbstractTemplate, signature
from pycomp.np import linalg, pairufuncs, reductions, sorting, ufuncmethods, views  # noqa: F401  (they register)
from pycomp.np.reductions import scalar_class
from pycomp.np.views import is_index

__all__ = ["rint"]


@register_jitable
def _copy_into(out, a):
    """Store the elements of ``a`` into the C-contiguous ``out`` (same size)
    in C order."""
    i = 0
    for x in a.flat:
        out[i] = x
        i += 1


@overload_method(types.Array, "copy")
def _copy(a):
    """``a.copy()``: a new C-contiguous array."""
    def impl(a):
        out = np.empty(a.shape, a.dtype)
        _copy_into(out.reshape(out.size), a)
        return out
    return impl


@overload_method(types.Array, "flatten")
def _flatten(a):
    """``a.flatten()``: a new 1-d array of the elements in C order."""
    def impl(a):
        out = np.empty(a.size, a.dtype)
        _copy_into(out, a)
        return out
    return impl


@overload_method(types.Array, "astype")
def _astype(a, dtype):
    """``a.astype(dtype)``: a new array of ``dtype`` (a class, a type, a
    string or ``b.dtype``), F-contiguous for an F array, else C-contiguous."""
    to = dtype_from_type(dtype, "astype")
    if isinstance(a.dtype, types.Complex) and not isinstance(to, types.Complex):
        raise TypingError("astype(%s) not supported on %s: cannot convert from %s to %s"
                          % (to, a, a.dtype, to))
    conv = scalar_class(to)
    if a.layout == "F" and a.ndim > 1:  # F stays F, as NumPy's order="K"
        def impl_f(a, dtype):
            out = np.empty(a.shape[::-1], dtype)  # the transpose of the result, C-contiguous
            flat = out.reshape(out.size)
            i = 0
            for x in a.T.flat:
                flat[i] = conv(x)
                i += 1
            return out.T
        return impl_f

    def impl(a, dtype):
        out = np.empty(a.shape, dtype)
        flat = out.reshape(out.size)
        i = 0
        for x in a.flat:
            flat[i] = conv(x)
            i += 1
        return out
    return impl


@overload_method(types.Array, "fill")
def _fill(a, value):
    """``a.fill(value)``: every element set to ``value`` (converted)."""
    if a.readonly:
        raise TypingError("fill() of a read-only array (%s)" % a)
    conv = scalar_class(a.dtype)
    if a.layout == "C" or a.ndim <= 1 and a.layout == "F":
        def impl(a, value):
            v = conv(value)
            flat = views.reshape_view(a, (a.size,))
            for i in range(flat.size):
                flat[i] = v
        return impl
    if a.layout == "F":
        def impl(a, value):
            v = conv(value)
            flat = views.reshape_view(a.T, (a.size,))
            for i in range(flat.size):
                flat[i] = v
        return impl

    def impl(a, value):
        v = conv(value)
        for idx in np.ndindex(a.shape):
            a[idx] = v
    return impl


@overload_method(types.Array, "item")
def _item(a, *args):
    """``a.item()`` of an array of one element: that element."""
    if args:
        raise TypingError("item() with arguments is not supported")

    def impl(a, *args):
        if a.size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        for x in a.flat:
            return x
        return a.flat[0]
    return impl


def _nonzero_impl(ndim):
    rows = ", ".join("out[%d]" % k for k in range(ndim))
    src = ("def impl(a):\n"
           "    n = 0\n"
           "    for x in a.flat:\n"
           "        if x != 0:\n"
           "            n += 1\n"
           "    out = np.empty((%d, n), np.intp)\n"
           "    j = 0\n"
           "    for idx, x in np.ndenumerate(a):\n"
           "        if x != 0:\n"
           "            for k in range(%d):\n"
           "                out[k, j] = idx[k]\n"
           "            j += 1\n"
           "    return (%s,)\n") % (ndim, ndim, rows)
    scope = {"np": np}
    exec(src, scope)
    return scope["impl"]


@overload_method(types.Array, "nonzero")
def _nonzero(a):
    """``a.nonzero()``: a tuple of one index array per dimension."""
    if a.ndim == 0:
        raise TypingError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
                          "instead.")
    return _nonzero_impl(a.ndim)


def _bound_type(t):
    return t is None or isinstance(t, types.NoneType)


@overload_method(types.Array, "clip")
def _clip(a, min=None, max=None):
    """``a.clip(lo, hi)`` with scalar bounds (either None): a new array;
    the dtype is NumPy's for Python scalars (an int array clipped by a float
    is float64)."""
    for bound in (min, max):
        if not (_bound_type(bound) or isinstance(bound, types.Number)):
            raise TypingError("clip(): the bounds must be numbers or None, not %s" % bound)
    if _bound_type(min) and _bound_type(max):
        raise TypingError("clip(): one of max or min must be given")
    res_t = a.dtype
    for bound in (min, max):
        if isinstance(bound, types.Float) and isinstance(a.dtype, types.Integer):
            res_t = types.float64
    conv = scalar_class(res_t)
    lo_none, hi_none = _bound_type(min), _bound_type(max)

    def impl(a, min=None, max=None):
        out = np.empty(a.shape, conv)
        flat = out.reshape(out.size)
        i = 0
        for x in a.flat:
            v = conv(x)
            if not lo_none:
                if v < min:
                    v = conv(min)
            if not hi_none:
                if v > max:
                    v = conv(max)
            flat[i] = v
            i += 1
        return out
    return impl


# ------------------------------------------------------------------ rounding


def rint(x):
    """Compiled code only: ``x`` (a float) rounded to the nearest integer,
    halves to even (LLVM's ``rint``)."""
    raise NotImplementedError


@infer_global(rint)
class _Rint(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 1 and isinstance(args[0], types.Float):
            return signature(args[0], args[0])
        return None


@lower_builtin(rint, types.Float)
def _lower_rint(ctx, b, sig, args):
    from pycomp.targets.datamodel import llvm_type

    return b.intrinsic("llvm.rint", [args[0]], llvm_type(sig.return_type))


@overload_method(types.Array, "round")
def _round(a, decimals=0):
    """``a.round(decimals=0)``: halves to even, as NumPy (not in Numba
    0.68); integers are copied for ``decimals >= 0``, rounded to tens,
    hundreds, ... for negative ones; complex numbers have
    both parts rounded."""
    if not (decimals == 0 or is_index(decimals)):
        raise TypingError("round(): decimals must be an integer, not %s" % decimals)
    dt = a.dtype
    if isinstance(dt, (types.Integer, types.Boolean)):
        conv_int = scalar_class(dt)

        def impl(a, decimals=0):
            if decimals >= 0:
                return a.copy()
            out = np.empty(a.shape, a.dtype)  # to a multiple of 10**-decimals, halves to even
            flat = out.reshape(out.size)
            scale = 10.0 ** -decimals
            i = 0
            for x in a.flat:
                flat[i] = conv_int(rint(x / scale) * scale)
                i += 1
            return out
        return impl
    if isinstance(dt, types.Complex):  # each part rounded
        part = scalar_class(types.float32 if dt is types.complex64 else types.float64)

        def impl(a, decimals=0):
            out = np.empty(a.shape, a.dtype)
            flat = out.reshape(out.size)
            scale = part(10.0 ** abs(decimals))
            i = 0
            for x in a.flat:
                re, im = x.real, x.imag
                if decimals == 0:
                    flat[i] = complex(rint(re), rint(im))
                elif decimals > 0:
                    flat[i] = complex(rint(re * scale) / scale, rint(im * scale) / scale)
                else:
                    flat[i] = complex(rint(re / scale) * scale, rint(im / scale) * scale)
                i += 1
            return out
        return impl
    conv = scalar_class(dt)

    def impl(a, decimals=0):
        out = np.empty(a.shape, a.dtype)
        flat = out.reshape(out.size)
        scale = conv(10.0 ** abs(decimals))
        i = 0
        for x in a.flat:
            if decimals == 0:
                flat[i] = rint(x)
            elif decimals > 0:
                flat[i] = rint(x * scale) / scale
            else:
                flat[i] = rint(x / scale) * scale
            i += 1
        return out
    return impl


def _conj(a):
    """``a.conj()`` / ``a.conjugate()``: a new array of the conjugates (a
    copy for real arrays)."""
    if isinstance(a.dtype, types.Complex):
        def impl(a):
            out = np.empty(a.shape, a.dtype)
            flat = out.reshape(out.size)
            i = 0
            for x in a.flat:
                flat[i] = x.conjugate()
                i += 1
            return out
        return impl

    def impl(a):
        return a.copy()
    return impl


overload_method(types.Array, "conj")(_conj)
overload_method(types.Array, "conjugate")(_conj)




# ------------------------------------------------------------------ function forms


@overload(np.nonzero)
def _np_nonzero(a):
    if isinstance(a, types.Array):
        return lambda a: a.nonzero()
    return None


@overload(np.clip)
def _np_clip(a, a_min, a_max):
    if isinstance(a, types.Array):
        return lambda a, a_min, a_max: a.clip(a_min, a_max)
    return None
