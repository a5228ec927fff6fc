"""Array methods written through the extension API. Type inference imports
this module, which loads the others: views (:mod:`pycomp.np.views`),
reductions (:mod:`pycomp.np.reductions`), sorting
(:mod:`pycomp.np.sorting`). Here: the methods that copy or convert,
``copy``, ``flatten``, ``astype``, ``fill``, ``item``, ``nonzero``,
``clip`` (number or array bounds, ``out=``), ``take``, ``round``,
``conj``/``conjugate``, ``tobytes`` (``dot`` is in
:mod:`pycomp.np.linalg`),
and ``np.copy``-like function forms that are one line.

New arrays are C-contiguous, filled in C order from ``a.flat``.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import infer_global, intrinsic, lower_builtin, overload, overload_method, register_jitable
from pycomp.frontend.typing.arraycreation import dtype_from_type
from pycomp.frontend.typing.templates import AbstractTemplate, signature
from pycomp.np import linalg, reductions, sorting, ufuncmethods, views  # noqa: F401  (they register)
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


@intrinsic
def _as_bytes(typingctx, arr):
    """The 1-d uint8 C array ``arr`` as a ``bytes`` value (the same data;
    returned to Python it is a ``bytes`` object)."""
    if not (isinstance(arr, types.Array) and arr.dtype == types.uint8 and arr.ndim == 1 and arr.layout == "C"):
        return None

    def codegen(context, builder, sig, args):
        context.incref(builder, sig.args[0], args[0])
        return args[0]

    return types.Bytes(types.uint8, 1, "C")(arr), codegen


@overload_method(types.Array, "tobytes")
def _tobytes(a):
    """``a.tobytes()``: a ``bytes`` of ``a``'s items in C order."""
    itemsize = np.dtype(str(a.dtype)).itemsize if isinstance(a.dtype, (types.Number, types.Boolean)) else None
    if itemsize is None:
        raise TypingError("a.tobytes(): arrays of %s are not supported" % a.dtype)

    def impl(a):
        flat = np.empty(a.size, a.dtype)
        _copy_into(flat, a)
        return _as_bytes(views.dtype_view(flat, np.uint8))
    return impl


@overload_method(types.Array, "astype")
def _astype(a, dtype):
    """``a.astype(dtype)``: a new array of ``dtype`` (a class, a type, a
    string or ``b.dtype``), F-contiguous for an F array, else C-contiguous."""
    if isinstance(dtype, types.UnicodeType):  # a str value, not a literal
        raise TypingError("array.astype if dtype is a string it must be constant, not %s" % (dtype,))
    to = dtype_from_type(dtype, "astype")
    if not (isinstance(to, (types.Number, types.Boolean)) and isinstance(a.dtype, (types.Number, types.Boolean))):
        raise TypingError("astype(%s) not supported on %s: cannot convert from %s to %s"
                          % (to, a, a.dtype, to))
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


def _nonzero_impl(ndim, test="x != 0"):
    """``a.nonzero()`` of an ``ndim``-d array whose item ``x`` counts where
    ``test`` holds (a string is nonzero when it is not empty: ``x``)."""
    rows = ", ".join("out[%d]" % k for k in range(ndim))
    src = ("def impl(a):\n"
           "    n = 0\n"
           "    for x in a.flat:\n"
           "        if %s:\n"
           "            n += 1\n"
           "    out = np.empty((%d, n), np.intp)\n"
           "    j = 0\n"
           "    for idx, x in np.ndenumerate(a):\n"
           "        if %s:\n"
           "            for k in range(%d):\n"
           "                out[k, j] = idx[k]\n"
           "            j += 1\n"
           "    return (%s,)\n") % (test, ndim, test, ndim, rows)
    scope = {"np": np}
    exec(src, scope)
    return scope["impl"]


@overload_method(types.Array, "nonzero")
def _nonzero(a):
    """``a.nonzero()``: a tuple of one index array per dimension."""
    if a.ndim == 0:
        raise TypingError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
                          "instead.")
    return _nonzero_impl(a.ndim, "x" if isinstance(a.dtype, (types.CharSeq, types.UnicodeCharSeq)) else "x != 0")


def _bound_type(t):
    return t is None or isinstance(t, (types.NoneType, types.Omitted))


def _shape_of(x):
    """Compiled code only: ``x.shape`` of an array, ``()`` of a scalar."""
    raise NotImplementedError


@overload(_shape_of)
def _shape_of_typer(x):
    if isinstance(x, types.Array):
        return lambda x: x.shape
    return lambda x: ()


def _spread(x, shape):
    """Compiled code only: array ``x`` broadcast to ``shape``; a scalar as is."""
    raise NotImplementedError


@overload(_spread)
def _spread_typer(x, shape):
    if isinstance(x, types.Array):
        return lambda x, shape: np.broadcast_to(x, shape)
    return lambda x, shape: x


def _at(x, idx):
    """Compiled code only: ``x[idx]`` of an array, a scalar ``x`` as is."""
    raise NotImplementedError


@overload(_at)
def _at_typer(x, idx):
    if isinstance(x, types.Array):
        return lambda x, idx: x[idx]
    return lambda x, idx: x


_BROADCAST_IMPLS = {}


def _broadcast_impl(ndims):
    """A jitted ``f(*shapes)`` for shapes of the lengths ``ndims``: their
    broadcast shape (ValueError where two sizes differ and neither is 1)."""
    impl = _BROADCAST_IMPLS.get(ndims)
    if impl is not None:
        return impl
    out = max(ndims)
    names = ["s%d" % i for i in range(len(ndims))]
    lines = ["def impl(%s):" % ", ".join(names)]
    for k in range(out):
        lines.append("    d%d = 1" % k)
        for name, nd in zip(names, ndims):
            j = k - (out - nd)
            if j < 0:
                continue
            lines += ["    x = %s[%d]" % (name, j),
                      "    if x != 1:",
                      "        if d%d != 1 and d%d != x:" % (k, k),
                      "            raise ValueError('shape mismatch: objects cannot be broadcast to a single shape')",
                      "        d%d = x" % k]
    lines.append("    return (%s)" % "".join("d%d, " % k for k in range(out)))
    scope = {}
    exec("\n".join(lines), scope)
    impl = _BROADCAST_IMPLS[ndims] = register_jitable(scope["impl"])
    return impl


def _clip_dtype(a, bounds):
    """NumPy's result dtype of clipping ``a`` by ``bounds``: array bounds
    promote fully; a Python-number bound only changes the kind (an int
    array clipped by a float is float64)."""
    res = np.dtype(str(a.dtype)) if not isinstance(a.dtype, types.Boolean) else np.dtype(bool)
    for bound in bounds:
        if isinstance(bound, types.Array):
            res = np.result_type(res, np.dtype(str(bound.dtype)) if not isinstance(bound.dtype, types.Boolean)
                                 else np.dtype(bool))
        elif isinstance(bound, types.Complex) and res.kind != "c":
            res = np.dtype(np.complex128)
        elif isinstance(bound, types.Float) and res.kind in "biu":
            res = np.dtype(np.float64)
        elif isinstance(bound, types.Integer) and res.kind == "b":
            res = np.dtype(np.int64)
    return res.type


def _clip_typer(a, lo, hi, out, what):
    """The implementation of clip(a, lo, hi, out) (``what`` names the
    caller's parameters in errors): bounds None, numbers or arrays
    broadcast against ``a``; ``out`` None or an array of the broadcast
    shape; a NaN in ``a`` or in a bound gives NaN, as NumPy."""
    lo_name, hi_name = what
    if not isinstance(a, types.Array):
        raise TypingError('clip(): The argument "a" must be array-like, not %s' % a)
    for bound, pname in ((lo, lo_name), (hi, hi_name)):
        if not (_bound_type(bound) or isinstance(bound, (types.Number, types.Boolean, types.Array))):
            raise TypingError('clip(): The argument "%s" must be a number or an array, not %s' % (pname, bound))
    if not (_bound_type(out) or isinstance(out, types.Array)):
        raise TypingError('clip(): The argument "out" must be an array if it is provided, not %s' % out)
    lo_none, hi_none = _bound_type(lo), _bound_type(hi)
    ndim = max([a.ndim] + [b.ndim for b in (lo, hi) if isinstance(b, types.Array)])
    has_out = isinstance(out, types.Array)
    if has_out and out.ndim != ndim:
        raise TypingError('clip(): The argument "out" must have the same number of dimensions as the broadcast '
                          'operands (%d, not %d)' % (ndim, out.ndim))
    conv = _clip_dtype(a, (lo, hi))
    store = scalar_class(out.dtype) if has_out else conv
    broadcast = _broadcast_impl(tuple(b.ndim if isinstance(b, types.Array) else 0 for b in (a, lo, hi)))

    def body(a, lo, hi, out):
        if lo_none and hi_none:
            raise ValueError("array_clip: must set either max or min")
        shape = broadcast(a.shape, _shape_of(lo), _shape_of(hi))
        if has_out:
            if out.shape != shape:
                raise ValueError("clip: the shape of the 'out' array does not match the broadcast shape of the "
                                 "operands")
            res = out
        else:
            res = np.empty(shape, conv)
        av = np.broadcast_to(a, shape)
        lb = _spread(lo, shape)
        hb = _spread(hi, shape)
        for idx in np.ndindex(shape):
            v = conv(av[idx])
            if not lo_none:
                m = conv(_at(lb, idx))
                if v < m or m != m:  # a NaN bound gives NaN, as np.maximum
                    v = m
            if not hi_none:
                m = conv(_at(hb, idx))
                if v > m or m != m:
                    v = m
            res[idx] = store(v)
        return res
    fast = not has_out and not isinstance(lo, types.Array) and not isinstance(hi, types.Array) and not (
        lo_none and hi_none)
    if not fast:
        return register_jitable(body)
    @register_jitable
    def clip_one(v, lo, hi):
        """``v`` clipped by number bounds (a NaN bound gives NaN, as NumPy)."""
        if not lo_none:
            m = conv(lo)
            if v < m or m != m:
                v = m
        if not hi_none:
            m = conv(hi)
            if v > m or m != m:
                v = m
        return v

    if a.ndim == 0:  # a number, as NumPy
        def body_0d(a, lo, hi, out):
            """A 0-d array by number bounds: the clipped number."""
            for x in a.flat:
                return clip_one(conv(x), lo, hi)
            return conv(0)
        return register_jitable(body_0d)

    def body_fast(a, lo, hi, out):
        """Number bounds, no ``out``: a new C array filled in C order."""
        res = np.empty(a.shape, conv)
        flat = res.reshape(res.size)
        i = 0
        for x in a.flat:
            flat[i] = clip_one(conv(x), lo, hi)
            i += 1
        return res
    return register_jitable(body_fast)


@overload_method(types.Array, "clip")
def _clip(a, min=None, max=None, out=None):
    """``a.clip(min, max, out=None)``: see :func:`_clip_typer`."""
    body = _clip_typer(a, min, max, out, ("min", "max"))

    def impl(a, min=None, max=None, out=None):
        return body(a, min, max, out)
    return impl


@overload_method(types.Array, "take")
def _take(a, indices):
    """``a.take(indices)``: ``np.take`` (items of the flattened array); a
    list or tuple of indices is converted with np.asarray, as NumPy."""
    if isinstance(indices, (types.List, types.BaseTuple)):
        def impl_like(a, indices):
            return np.take(a, np.asarray(indices))
        return impl_like

    def impl(a, indices):
        return np.take(a, indices)
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
def _np_clip(a, a_min, a_max, out=None):
    """``np.clip(a, a_min, a_max, out=None)``: see :func:`_clip_typer`;
    lists and tuples are converted with np.asarray."""
    if not (_bound_type(out) or isinstance(out, types.Array)):
        raise TypingError('clip(): The argument "out" must be an array if it is provided, not %s' % out)
    for bound, pname in ((a_min, "a_min"), (a_max, "a_max")):
        if not (_bound_type(bound) or isinstance(bound, (types.Number, types.Boolean, types.Array))):
            raise TypingError('clip(): The argument "%s" must be a number or an array, not %s' % (pname, bound))
    if isinstance(a, (types.Number, types.Boolean, types.List, types.BaseTuple)):  # NumPy converts them
        def impl_like(a, a_min, a_max, out=None):
            return np.clip(np.asarray(a), a_min, a_max, out)
        return impl_like
    body = _clip_typer(a, a_min, a_max, out, ("a_min", "a_max"))

    def impl(a, a_min, a_max, out=None):
        return body(a, a_min, a_max, out)
    return impl
