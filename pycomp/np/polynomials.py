"""NumPy's convolution, polynomial, interpolation and histogram functions,
written in Python through the extension API: ``np.convolve`` (mode
'full'), ``np.correlate`` (mode 'valid', NumPy's default), ``np.polyval``,
``np.vander``, ``np.interp``, ``np.trapezoid`` (a 1-d ``y``; NumPy 2's
name), ``np.cross`` (3-vectors) and ``np.histogram`` (integer bins over
the data or a ``range``, or an array of edges). Values and dtypes are
NumPy's. Imported by :mod:`pycomp.np.counting`, whose helpers it uses.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.counting import _array, _given, _np_dtype, _numeric, _right, _weak
from pycomp.np.reductions import scalar_class
from pycomp.np.views import is_index

__all__ = []


# ------------------------------------------------------------------ convolve, correlate, polyval, vander, interp


def _vector(t, name, what):
    if not (_array(t) and t.ndim == 1 and _numeric(t.dtype)):
        raise TypingError("%s(): %s must be a 1-d array, not %s" % (name, what, t))


def _sum_class(cls):
    """The class products are summed in: int64 for booleans (then != 0)."""
    return np.int64 if cls is np.bool_ else cls


@overload(np.convolve)
def _np_convolve(a, v):
    """``np.convolve(a, v)`` of 1-d arrays, mode 'full' (NumPy's dtype)."""
    _vector(a, "np.convolve", "a")
    _vector(v, "np.convolve", "v")
    cls = np.result_type(_np_dtype(a), _np_dtype(v)).type
    acc = _sum_class(cls)

    def impl(a, v):
        n = a.shape[0]
        m = v.shape[0]
        if n == 0:
            raise ValueError("a cannot be empty")
        if m == 0:
            raise ValueError("v cannot be empty")
        out = np.empty(n + m - 1, cls)
        for k in range(n + m - 1):
            s = acc(0)
            for j in range(max(0, k - m + 1), min(k, n - 1) + 1):
                s += acc(a[j]) * acc(v[k - j])
            out[k] = cls(s)
        return out
    return impl


@overload(np.correlate)
def _np_correlate(a, v):
    """``np.correlate(a, v)`` of 1-d arrays, mode 'valid' (NumPy's default):
    ``sum(a[k + j] * conj(v[j]))`` (the roles swap, reversed, when ``v`` is
    the longer)."""
    _vector(a, "np.correlate", "a")
    _vector(v, "np.correlate", "v")
    cls = np.result_type(_np_dtype(a), _np_dtype(v)).type
    acc = _sum_class(cls)
    cplx = isinstance(v.dtype, types.Complex)
    conj = register_jitable((lambda x: x.conjugate()) if cplx else (lambda x: x))

    def impl(a, v):
        n = a.shape[0]
        m = v.shape[0]
        if n == 0:
            raise ValueError("first array argument cannot be empty")
        if m == 0:
            raise ValueError("second array argument cannot be empty")
        size = max(n, m) - min(n, m) + 1
        out = np.empty(size, cls)
        for k in range(size):
            s = acc(0)
            if m <= n:
                for j in range(m):
                    s += acc(a[k + j]) * acc(conj(v[j]))
                out[k] = cls(s)
            else:
                for j in range(n):
                    s += acc(conj(v[k + j])) * acc(a[j])
                out[size - 1 - k] = cls(s)
        return out
    return impl


@overload(np.polyval)
def _np_polyval(p, x):
    """``np.polyval(p, x)``: the polynomial with coefficients ``p`` (1-d,
    highest power first) at ``x``, a number or an array (Horner's rule)."""
    _vector(p, "np.polyval", "p")
    if not ((_array(x) and _numeric(x.dtype)) or _numeric(x)):
        raise TypingError("np.polyval(): x must be a number or an array, not %s" % x)
    cls = np.result_type(_np_dtype(x), _np_dtype(p)).type
    acc = _sum_class(cls)
    if _array(x) and x.ndim > 0:
        def impl(p, x):
            out = np.empty(x.shape, cls)
            flat = out.reshape(out.size)
            i = 0
            for v in x.flat:
                y = acc(0)
                for c in p:
                    y = acc(cls(y * acc(v) + acc(c)))
                flat[i] = cls(y)
                i += 1
            return out
        return impl
    get = register_jitable((lambda x: x[()]) if _array(x) else (lambda x: x))

    def scalar(p, x):
        v = acc(get(x))
        y = acc(0)
        for c in p:
            y = acc(cls(y * v + acc(c)))
        return cls(y)
    return scalar


@overload(np.vander)
def _np_vander(x, N=None, increasing=False):
    """``np.vander(x, N=None, increasing=False)``: the powers of the 1-d
    ``x`` (NumPy's dtype: ``x``'s promoted with int64)."""
    _vector(x, "np.vander", "x")
    if _given(N) and not is_index(N):
        raise TypingError("np.vander(): N must be an integer or None, not %s" % N)
    if isinstance(increasing, types.Type) and not isinstance(increasing, types.Boolean):
        raise TypingError("np.vander(): increasing must be a boolean, not %s" % increasing)
    cls = np.promote_types(_np_dtype(x), np.int64).type
    given = _given(N)

    def impl(x, N=None, increasing=False):
        n = x.shape[0]
        cols = N if given else n
        if cols < 0:
            raise ValueError("negative dimensions are not allowed")
        out = np.empty((n, cols), cls)
        for i in range(n):
            p = cls(1)
            for j in range(cols):
                out[i, j if increasing else cols - 1 - j] = p
                p = cls(p * cls(x[i]))
        return out
    return impl


@register_jitable
def _interp_one(v, xp, fp, lo, hi):
    """NumPy's linear interpolation of the sorted ``xp``, ``fp`` at ``v``."""
    n = xp.shape[0]
    if n == 1:
        return lo if v < xp[0] else (hi if v > xp[0] else fp[0])
    if v != v:
        return np.nan
    if v > xp[n - 1]:
        return hi
    if v < xp[0]:
        return lo
    a = 0
    b = n
    while a < b:  # the last j with xp[j] <= v
        mid = (a + b) >> 1
        if v < xp[mid]:
            b = mid
        else:
            a = mid + 1
    j = a - 1
    if j < 0:
        return lo
    if j >= n - 1:
        return fp[n - 1]
    if xp[j] == v:
        return fp[j]
    slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j])
    r = slope * (v - xp[j]) + fp[j]
    if r != r:
        r = slope * (v - xp[j + 1]) + fp[j + 1]
        if r != r and fp[j] == fp[j + 1]:
            r = fp[j]
    return r


@overload(np.interp, jit_options={"error_model": "numpy"})
def _np_interp(x, xp, fp):
    """``np.interp(x, xp, fp)``: ``x`` a number or an array; float64 (complex128
    for complex ``fp``); outside ``xp`` the first and last ``fp``."""
    if not ((_array(x) and _numeric(x.dtype)) or _numeric(x)):
        raise TypingError("np.interp(): x must be a number or an array, not %s" % x)
    _vector(xp, "np.interp", "xp")
    _vector(fp, "np.interp", "fp")
    for t in (x, xp):
        if isinstance(t.dtype if _array(t) else t, types.Complex):
            raise TypingError("np.interp(): x and xp may not be complex")
    cls = np.complex128 if isinstance(fp.dtype, types.Complex) else np.float64
    check = ("    if xp.shape[0] != fp.shape[0]:\n"
             "        raise ValueError('fp and xp are not of the same length.')\n"
             "    if xp.shape[0] == 0:\n"
             "        raise ValueError('array of sample points is empty')\n"
             "    xs = xp.astype(np.float64)\n")
    if cls is np.complex128:  # the real and imaginary parts apart, as NumPy
        check += ("    fr = np.empty(fp.shape[0], np.float64)\n"
                  "    fi = np.empty(fp.shape[0], np.float64)\n"
                  "    for k in range(fp.shape[0]):\n"
                  "        fr[k] = fp[k].real\n"
                  "        fi[k] = fp[k].imag\n")
        one = "complex(one({0}, xs, fr, fr[0], fr[-1]), one({0}, xs, fi, fi[0], fi[-1]))"
    else:
        check += "    fs = fp.astype(np.float64)\n"
        one = "one({0}, xs, fs, fs[0], fs[-1])"
    if _array(x) and x.ndim > 0:
        body = ("    out = np.empty(x.shape, cls)\n"
                "    flat = out.reshape(out.size)\n"
                "    i = 0\n"
                "    for v in x.flat:\n"
                "        flat[i] = %s\n"
                "        i += 1\n"
                "    return out\n" % one.format("np.float64(v)"))
    else:
        arg = "np.float64(x[()])" if _array(x) else "np.float64(x)"
        body = "    return %s\n" % one.format(arg)
    ns = {"np": np, "cls": cls, "one": _interp_one}
    exec(compile("def impl(x, xp, fp):\n" + check + body, "<pycomp.np.counting interp>", "exec"), ns)
    return ns["impl"]


# ------------------------------------------------------------------ np.trapezoid, np.cross


def _pair_sum(boolean):
    """``y[i] + y[i - 1]`` in ``y``'s dtype (``or`` for booleans, as NumPy)."""
    if boolean:
        return register_jitable(lambda y, i, ycls: y[i] or y[i - 1])
    return register_jitable(lambda y, i, ycls: ycls(y[i] + y[i - 1]))


if hasattr(np, "trapezoid"):
    @overload(np.trapezoid)
    def _np_trapezoid(y, x=None, dx=1.0):
        """``np.trapezoid(y, x=None, dx=1.0)`` of a 1-d ``y`` (``x`` a 1-d
        array of the same length): the trapezoidal rule, in NumPy's dtype
        (float64 for integers, float32 kept)."""
        _vector(y, "np.trapezoid", "y")
        with_x = _given(x)
        if with_x:
            _vector(x, "np.trapezoid", "x")
            if isinstance(x.dtype, types.Boolean):
                raise TypingError("np.trapezoid(): x may not be boolean (NumPy cannot subtract booleans)")
        elif isinstance(dx, types.Type) and not (_numeric(dx) and not isinstance(dx, types.Boolean)):
            raise TypingError("np.trapezoid(): dx must be a number, not %s" % dx)
        step = _np_dtype(x) if with_x else (_weak(dx) if isinstance(dx, types.Type) else 0.0)
        cls = np.result_type(_np_dtype(y), step, 2.0).type
        ycls = scalar_class(y.dtype)
        xcls = scalar_class(x.dtype) if with_x else None
        pair = _pair_sum(isinstance(y.dtype, types.Boolean))
        if with_x:
            def impl(y, x=None, dx=1.0):
                n = y.shape[0]
                if x.shape[0] != n:
                    raise ValueError("operands could not be broadcast together")
                s = cls(0)
                for i in range(1, n):
                    d = cls(xcls(x[i] - x[i - 1]))
                    s = cls(s + cls(cls(d * cls(pair(y, i, ycls))) / cls(2.0)))
                return s
            return impl

        def impl_dx(y, x=None, dx=1.0):
            s = cls(0)
            d = cls(dx)
            for i in range(1, y.shape[0]):
                s = cls(s + cls(cls(d * cls(pair(y, i, ycls))) / cls(2.0)))
            return s
        return impl_dx


@overload(np.cross)
def _np_cross(a, b):
    """``np.cross(a, b)`` of two 3-vectors (1-d arrays of length 3)."""
    _vector(a, "np.cross", "a")
    _vector(b, "np.cross", "b")
    if isinstance(a.dtype, types.Boolean) or isinstance(b.dtype, types.Boolean):
        raise TypingError("np.cross(): boolean vectors are not supported (NumPy cannot subtract booleans)")
    cls = np.result_type(_np_dtype(a), _np_dtype(b)).type

    def impl(a, b):
        if a.shape[0] != 3 or b.shape[0] != 3:
            raise ValueError("incompatible dimensions for cross product\n(dimension must be 3 here)")
        out = np.empty(3, cls)
        for i in range(3):
            j = (i + 1) % 3
            k = (i + 2) % 3
            out[i] = cls(cls(cls(a[j]) * cls(b[k])) - cls(cls(a[k]) * cls(b[j])))
        return out
    return impl


# ------------------------------------------------------------------ np.histogram


@register_jitable
def _uniform_counts(a, counts, edges, lo, hi):
    """Add the items of ``a`` in [lo, hi] to ``counts`` of the equal bins
    ``edges`` (NumPy's index computation, corrected against the edges
    where the position falls within 1e-7 of a bin boundary: its rounding
    error is far smaller)."""
    n = counts.shape[0]
    norm = n / (hi - lo)
    for v in a.flat:
        x = np.float64(v)
        if not (x >= lo and x <= hi):
            continue
        f = (x - lo) * norm
        i = np.intp(f)  # f is in [0, n]: no overflow check needed
        frac = f - i
        if i == n:
            i -= 1
        if frac < 1e-7 or frac > 1.0 - 1e-7:
            if x < edges[i]:
                i -= 1
            elif i != n - 1 and x >= edges[i + 1]:
                i += 1
        counts[i] += 1


@register_jitable
def _data_range(a):
    """``(min, max, finite)`` of a non-empty real array in one pass
    (``finite`` false when a NaN or an infinity is there)."""
    lo = np.inf
    hi = -np.inf
    nan = False
    for v in a.flat:
        x = np.float64(v)
        if x != x:
            nan = True
        lo = min(lo, x)
        hi = max(hi, x)
    return lo, hi, not nan and np.isfinite(lo) and np.isfinite(hi)


@overload(np.histogram)
def _np_histogram(a, bins=10, range=None):
    """``np.histogram(a, bins=10, range=None)``: ``(counts, edges)``; ``bins``
    an integer (equal bins over ``range`` or the data's extent) or a 1-d
    array of increasing edges."""
    if not (_array(a) and _numeric(a.dtype)) or isinstance(a.dtype, types.Complex):
        raise TypingError("np.histogram(): a must be an array of real numbers, not %s" % a)
    if _array(bins):
        _vector(bins, "np.histogram", "bins")
        if _given(range):
            raise TypingError("np.histogram(): range is not supported with an array of bins")

        def by_edges(a, bins=10, range=None):
            m = bins.shape[0]
            for i in np.arange(m - 1):
                if bins[i] > bins[i + 1]:
                    raise ValueError("`bins` must increase monotonically, when an array")
            counts = np.zeros(max(m - 1, 0), np.int64)
            for v in a.flat:
                j = _right(bins, v, _lt_values, _same)
                if j == m and m > 0 and v == bins[m - 1]:
                    j = m - 1
                if 0 < j < m:
                    counts[j - 1] += 1
            return counts, bins.copy()
        return by_edges
    if isinstance(bins, types.Type) and not is_index(bins):
        raise TypingError("np.histogram(): bins must be an integer or a 1-d array, not %s" % bins)
    with_range = _given(range)
    if with_range and not (isinstance(range, types.BaseTuple) and len(range) == 2
                           and all(_numeric(t) for t in range.types)):
        raise TypingError("np.histogram(): range must be a tuple of two numbers, not %s" % range)
    edge_cls = np.float32 if a.dtype == types.float32 else np.float64  # NumPy: float32 data, float32 edges

    def impl(a, bins=10, range=None):
        if bins < 1:
            raise ValueError("`bins` must be positive, when an integer")
        if with_range:
            lo = np.float64(range[0])
            hi = np.float64(range[1])
            if lo > hi:
                raise ValueError("max must be larger than min in range parameter.")
            if not (np.isfinite(lo) and np.isfinite(hi)):
                raise ValueError("supplied range is not finite")
        elif a.size == 0:
            lo = 0.0
            hi = 1.0
        else:
            lo, hi, finite = _data_range(a)
            if not finite:
                raise ValueError("autodetected range is not finite")
        if lo == hi:
            lo -= 0.5
            hi += 0.5
        edges = np.linspace(lo, hi, bins + 1).astype(edge_cls)
        counts = np.zeros(bins, np.int64)
        _uniform_counts(a, counts, edges, lo, hi)
        return counts, edges
    return impl


@register_jitable
def _lt_values(x, y):
    return x < y


@register_jitable
def _same(x):
    return x
