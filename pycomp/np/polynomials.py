"""NumPy's convolution, polynomial, interpolation and histogram functions,
written in Python through the extension API: ``np.convolve`` (mode
'full'), ``np.correlate`` (mode 'valid', NumPy's default), ``np.polyval``,
``np.vander``, ``np.interp``, ``np.trapezoid`` (a 1-d ``y``; NumPy 2's
name), ``np.cross`` (3-vectors, or a 2-vector and a 3-vector, along the
last axes; the other axes broadcast) and ``np.histogram`` (integer bins over
the data or a ``range``, or an array of edges). Values and dtypes are
NumPy's; lists and tuples are taken where NumPy takes an array
(:mod:`pycomp.np.arraylike`); ``np.interp`` searches as NumPy does, so
that unsorted or non-finite samples give NumPy's values too. Imported by
:mod:`pycomp.np.counting`, whose helpers it uses.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.arraylike import as_array_type, is_array_like, sequences_as_arrays
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


def _mode_type(mode, name):
    """A mode argument: a string (a literal, or a str known at run time) or
    left out; a TypingError otherwise."""
    if mode is not None and not isinstance(mode, (str, types.Omitted, types.StringLiteral, types.UnicodeType)):
        raise TypingError("%s(): mode must be a string ('full', 'same' or 'valid'), not %s" % (name, mode))


@register_jitable
def _window(full, n, m, mode):
    """The part of a full convolution of lengths ``n`` and ``m`` that ``mode``
    keeps: all of it, the centred ``max(n, m)`` items ('same'), or the
    ``max - min + 1`` items computed without padding ('valid')."""
    if mode == "full":
        return full
    lo = min(n, m)
    if mode == "same":
        start = (lo - 1) // 2
        return full[start:start + max(n, m)].copy()
    if mode == "valid":
        return full[lo - 1:lo - 1 + max(n, m) - lo + 1].copy()
    raise ValueError("mode must be one of 'valid', 'same', or 'full'")


def _full_convolution(cls, acc, reverse_second):
    """``full(x, y)``: the full convolution of 1-d ``x`` and ``y`` in class
    ``cls`` (summed in ``acc``), or with ``y`` reversed when
    ``reverse_second`` (a correlation)."""

    @register_jitable
    def full(x, y):
        n = x.shape[0]
        m = y.shape[0]
        out = np.empty(n + m - 1, cls)
        for k in range(n + m - 1):
            s = acc(0)
            for j in range(max(0, k - m + 1), min(k, n - 1) + 1):
                if reverse_second:
                    s += acc(x[j]) * acc(y[m - 1 - (k - j)])
                else:
                    s += acc(x[j]) * acc(y[k - j])
            out[k] = cls(s)
        return out
    return full


@overload(np.convolve)
def _np_convolve(a, v, mode="full"):
    """``np.convolve(a, v, mode='full')`` of 1-d arrays (NumPy's dtype);
    ``mode`` 'full', 'same' or 'valid', a constant or a str value."""
    _vector(a, "np.convolve", "a")
    _vector(v, "np.convolve", "v")
    _mode_type(mode, "np.convolve")
    cls = np.result_type(_np_dtype(a), _np_dtype(v)).type
    full = _full_convolution(cls, _sum_class(cls), False)

    def impl(a, v, mode="full"):
        n = a.shape[0]
        m = v.shape[0]
        if n == 0:
            raise ValueError("a cannot be empty")
        if m == 0:
            raise ValueError("v cannot be empty")
        return _window(full(a, v), n, m, mode)
    return impl


@overload(np.correlate)
def _np_correlate(a, v, mode="valid"):
    """``np.correlate(a, v, mode='valid')`` of 1-d arrays:
    ``sum(a[k + j] * conj(v[j]))`` over the lags ``mode`` keeps; when ``v``
    is the longer, the roles swap and the result is reversed, as NumPy
    computes it (signed zeros included)."""
    _vector(a, "np.correlate", "a")
    _vector(v, "np.correlate", "v")
    _mode_type(mode, "np.correlate")
    cls = np.result_type(_np_dtype(a), _np_dtype(v)).type
    full = _full_convolution(cls, _sum_class(cls), True)
    cplx = isinstance(v.dtype, types.Complex)

    def impl(a, v, mode="valid"):
        n = a.shape[0]
        m = v.shape[0]
        if n == 0:
            raise ValueError("first array argument cannot be empty")
        if m == 0:
            raise ValueError("second array argument cannot be empty")
        vc = np.conj(v) if cplx else v  # conjugated first, as NumPy does
        if m <= n:
            return _window(full(a, vc), n, m, mode)
        return _window(full(vc, a), m, n, mode)[::-1].copy()  # the roles swapped, the result reversed
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
    seq = sequences_as_arrays(np.vander, _np_vander, {"x": x, "N": N, "increasing": increasing}, ("x",))
    if seq is not None:
        return seq
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
def _interp_find(v, xp, n, guess):
    """The ``j`` with ``xp[j] <= v < xp[j + 1]`` (-1 below ``xp[0]``, ``n``
    above ``xp[n - 1]``), searched as NumPy does: near ``guess`` (the last
    answer) first, so that an unsorted ``xp`` gives NumPy's values too."""
    if v > xp[n - 1]:
        return n
    if v < xp[0]:
        return -1
    if n <= 4:
        i = 1
        while i < n and v >= xp[i]:
            i += 1
        return i - 1
    g = min(max(guess, 1), n - 3)
    lo = 0
    hi = n
    if v < xp[g]:  # (NumPy's comparisons exactly: NaNs in xp decide)
        if not v < xp[g - 1]:
            return g - 1
        hi = g - 1
        if g > 8 and v >= xp[g - 8]:
            lo = g - 8
    else:
        if v < xp[g + 1]:
            return g
        if v < xp[g + 2]:
            return g + 1
        lo = g + 2
        if g < n - 9 and v < xp[g + 8]:
            hi = g + 8
    while lo < hi:
        mid = lo + ((hi - lo) >> 1)
        if v >= xp[mid]:
            lo = mid + 1
        else:
            hi = mid
    return lo - 1


@register_jitable
def _interp_at(v, j, xp, fp, slope):
    """The value between ``fp[j]`` and ``fp[j + 1]`` at ``v`` (NumPy's
    formula; the other end's when that one is NaN)."""
    r = slope * (v - xp[j]) + fp[j]
    if r != r:
        r = slope * (v - xp[j + 1]) + fp[j + 1]
        if r != r and fp[j] == fp[j + 1]:
            r = fp[j]
    return r


@register_jitable
def _interp_real(x, xs, fs, out):
    """``out.flat[i]``: ``np.interp(x.flat[i], xs, fs)`` (float64 arrays)."""
    n = xs.shape[0]
    j = 0
    i = 0
    for x0 in x.flat:
        v = np.float64(x0)
        if n == 1:
            out[i] = fs[0]  # below, above or at the one point: fp[0]
        elif v != v:
            out[i] = v
        else:
            j = _interp_find(v, xs, n, j)
            if j == -1:
                out[i] = fs[0]
            elif j == n:
                out[i] = fs[n - 1]
            elif j == n - 1 or xs[j] == v:
                out[i] = fs[j]
            else:
                out[i] = _interp_at(v, j, xs, fs, (fs[j + 1] - fs[j]) / (xs[j + 1] - xs[j]))
        i += 1


@register_jitable
def _interp_complex(x, xs, fr, fi, out):
    """``out.flat[i]``: ``np.interp(x.flat[i], xs, fr + 1j * fi)``, the real
    and imaginary parts interpolated apart, as NumPy does."""
    n = xs.shape[0]
    j = 0
    i = 0
    for x0 in x.flat:
        v = np.float64(x0)
        if n == 1:
            out[i] = complex(fr[0], fi[0])
        elif v != v:
            out[i] = complex(v, 0.0)
        else:
            j = _interp_find(v, xs, n, j)
            if j == -1:
                out[i] = complex(fr[0], fi[0])
            elif j == n:
                out[i] = complex(fr[n - 1], fi[n - 1])
            elif j == n - 1 or xs[j] == v:
                out[i] = complex(fr[j], fi[j])
            else:
                inv = 1.0 / (xs[j + 1] - xs[j])
                out[i] = complex(_interp_at(v, j, xs, fr, (fr[j + 1] - fr[j]) * inv),
                                 _interp_at(v, j, xs, fi, (fi[j + 1] - fi[j]) * inv))
        i += 1


@overload(np.interp, jit_options={"error_model": "numpy"})
def _np_interp(x, xp, fp):
    """``np.interp(x, xp, fp)``: ``x`` a number or an array-like, ``xp`` and
    ``fp`` 1-d array-likes; float64 (complex128 for complex ``fp``); outside
    ``xp`` the first and last ``fp``."""
    if not all(is_array_like(t) for t in (x, xp, fp)):
        raise TypingError("np.interp(): x, xp and fp must be numbers or array-likes, not %s, %s, %s"
                          % (x, xp, fp))
    tx, txp, tfp = as_array_type(x), as_array_type(xp), as_array_type(fp)
    if txp.ndim != 1:
        raise TypingError("np.interp(): xp must be 1D")
    if tfp.ndim != 1:
        raise TypingError("np.interp(): fp must be 1D")
    for t in (tx, txp):
        if isinstance(t.dtype, types.Complex):
            raise TypingError("np.interp(): x and xp may not be complex (Cannot cast array data from "
                              "complex dtype to float64 dtype)")
    cplx = isinstance(tfp.dtype, types.Complex)
    scalar = tx.ndim == 0

    def impl(x, xp, fp):
        xa = np.asarray(x)
        xs = np.asarray(xp).astype(np.float64)
        fa = np.asarray(fp)
        if xs.shape[0] != fa.shape[0]:
            raise ValueError("fp and xp are not of the same size.")
        if xs.shape[0] == 0:
            raise ValueError("array of sample points is empty")
        if cplx:
            out = np.empty(xa.shape, np.complex128)
            fr = np.empty(fa.shape[0], np.float64)
            fi = np.empty(fa.shape[0], np.float64)
            for k in range(fa.shape[0]):
                fr[k] = fa[k].real
                fi[k] = fa[k].imag
            _interp_complex(xa, xs, fr, fi, out.reshape(out.size))
        else:
            out = np.empty(xa.shape, np.float64)
            _interp_real(xa, xs, fa.astype(np.float64), out.reshape(out.size))
        if scalar:
            return out[()]
        return out
    return impl


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
    """``np.cross(a, b)``: the cross products of the 3-vectors (or a 2-vector
    with a 3-vector, z 0) along the last axes, the other axes broadcast."""
    seq = sequences_as_arrays(np.cross, _np_cross, {"a": a, "b": b}, ("a", "b"))
    if seq is not None:
        return seq
    for t, what in ((a, "a"), (b, "b")):
        if not (_array(t) and _numeric(t.dtype)):
            raise TypingError("np.cross(): %s must be an array-like, not %s" % (what, t))
        if t.ndim == 0:
            raise TypingError("np.cross(): %s must be at least 1-d (its last axis holds the vectors)" % what)
    if isinstance(a.dtype, types.Boolean) or isinstance(b.dtype, types.Boolean):
        raise TypingError("np.cross(): boolean vectors are not supported (NumPy cannot subtract booleans)")
    cls = np.result_type(_np_dtype(a), _np_dtype(b)).type

    def impl(a, b):
        na = a.shape[-1]
        nb = b.shape[-1]
        if (na != 2 and na != 3) or (nb != 2 and nb != 3):
            raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
        if na == 2 and nb == 2:
            raise ValueError("Dimensions for both inputs is 2 (the product of 2-vectors is a number: "
                             "use numba.np.extensions.cross2d(a, b))")
        x = np.zeros(a.shape[:-1] + (3,), cls)  # a 2-vector's z is 0
        y = np.zeros(b.shape[:-1] + (3,), cls)
        x[..., :na] = a
        y[..., :nb] = b
        c0 = x[..., 1] * y[..., 2] - x[..., 2] * y[..., 1]
        c1 = x[..., 2] * y[..., 0] - x[..., 0] * y[..., 2]
        c2 = x[..., 0] * y[..., 1] - x[..., 1] * y[..., 0]
        out = np.empty(np.shape(c0) + (3,), cls)
        out[..., 0] = c0
        out[..., 1] = c1
        out[..., 2] = c2
        return out
    return impl


# ------------------------------------------------------------------ np.histogram


#: items a block of :func:`_uniform_counts` bins at a time (its indices stay in L1)
_COUNT_BLOCK = 512


@register_jitable
def _uniform_counts(a, counts, edges, lo, hi):
    """Add the items of ``a`` in [lo, hi] to ``counts`` of the equal bins
    ``edges``: NumPy's index computation, corrected against the edges
    where the position falls within 1e-7 of a bin boundary (its rounding
    error is far smaller).

    Block by block: a first loop, with no branch (it vectorizes), computes
    the indices and whether every item of the block is surely inside a
    bin (in range, not NaN, not near a boundary); then a block like that
    only counts, and any other block takes the careful loop. A few
    thousand items take the careful loop at once."""
    n = counts.shape[0]
    norm = n / (hi - lo)
    v = a.ravel()  # the order of the items does not matter; a view when ``a`` is contiguous (or 1-d already)
    size = v.size
    if size <= 4 * _COUNT_BLOCK:
        _careful_counts(v, counts, edges, lo, hi, norm)
        return
    idx = np.empty(_COUNT_BLOCK, np.intp)
    for block in range((size + _COUNT_BLOCK - 1) // _COUNT_BLOCK):
        chunk = v[block * _COUNT_BLOCK:(block + 1) * _COUNT_BLOCK]
        m = chunk.size
        sure = True
        for j in range(m):
            f = (np.float64(chunk[j]) - lo) * norm
            i = np.intp(f)
            d = f - i
            sure &= (f >= 0.0) & (f < n) & (d >= 1e-7) & (d <= 1.0 - 1e-7)  # false for NaN too
            idx[j] = i
        if sure:
            for j in range(m):
                counts[idx[j]] += 1
        else:
            _careful_counts(chunk, counts, edges, lo, hi, norm)


@register_jitable
def _careful_counts(v, counts, edges, lo, hi, norm):
    """:func:`_uniform_counts` item by item, for the 1-d ``v``."""
    n = counts.shape[0]
    for j in range(v.size):
        x = np.float64(v[j])
        if not (x >= lo and x <= hi):
            continue
        f = (x - lo) * norm
        i = np.intp(f)  # f is in [0, n]: no overflow check needed
        if abs(f - i - 0.5) > 0.5 - 1e-7:  # within 1e-7 of a boundary (i == n, x == hi, included): rare
            if i == n:
                i -= 1
            if x < edges[i]:
                i -= 1
            elif i != n - 1 and x >= edges[i + 1]:
                i += 1
        counts[i] += 1


@register_jitable
def _linspace_float32(lo, hi, num):
    """``np.linspace(lo, hi, num)`` of two float32 scalars, float32 as in
    NumPy 2 (every step in float32 arithmetic, the last value ``hi``)."""
    y = np.arange(num).astype(np.float32)
    div = num - 1
    if div > 0:
        delta = hi - lo
        step = delta / np.float32(div)
        if step == 0:  # denormal extents, as NumPy
            y /= np.float32(div)
            y *= delta
        else:
            y *= step
    y += lo
    if num > 1:
        y[num - 1] = hi
    return y


@register_jitable
def _data_range(a):
    """``(min, max, finite)`` of a non-empty real array in one pass
    (``finite`` false when a NaN or an infinity is there). Four running
    minima and maxima take turns, so the compare-and-select chains overlap
    (one chain costs a compare's latency per item)."""
    v = a.ravel()  # a view when ``a`` is contiguous
    n = v.size
    lo0 = lo1 = lo2 = lo3 = np.inf
    hi0 = hi1 = hi2 = hi3 = -np.inf
    nan = False
    i = 0
    while i + 4 <= n:
        x0 = np.float64(v[i])
        x1 = np.float64(v[i + 1])
        x2 = np.float64(v[i + 2])
        x3 = np.float64(v[i + 3])
        nan |= (x0 != x0) | (x1 != x1) | (x2 != x2) | (x3 != x3)
        lo0 = x0 if x0 < lo0 else lo0
        hi0 = x0 if x0 > hi0 else hi0
        lo1 = x1 if x1 < lo1 else lo1
        hi1 = x1 if x1 > hi1 else hi1
        lo2 = x2 if x2 < lo2 else lo2
        hi2 = x2 if x2 > hi2 else hi2
        lo3 = x3 if x3 < lo3 else lo3
        hi3 = x3 if x3 > hi3 else hi3
        i += 4
    while i < n:
        x0 = np.float64(v[i])
        nan |= x0 != x0
        lo0 = x0 if x0 < lo0 else lo0
        hi0 = x0 if x0 > hi0 else hi0
        i += 1
    lo = min(min(lo0, lo1), min(lo2, lo3))
    hi = max(max(hi0, hi1), max(hi2, hi3))
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
    # NumPy spaces the edges of float32 data's own extent in float32 arithmetic (a range of Python floats: in float64)
    single_edges = a.dtype == types.float32 and not with_range
    double_edges = edge_cls is np.float64

    def impl(a, bins=10, range=None):
        if bins < 1:
            raise ValueError("`bins` must be positive, when an integer")
        flat = a.ravel()  # once: a copy for a non-contiguous ``a``, which both passes read
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
            lo, hi, finite = _data_range(flat)
            if not finite:
                raise ValueError("autodetected range is not finite")
        if lo == hi:
            lo -= 0.5
            hi += 0.5
        if single_edges:
            edges = _linspace_float32(np.float32(lo), np.float32(hi), bins + 1)
        elif double_edges:
            edges = np.linspace(lo, hi, bins + 1)  # (no astype: one allocation fewer)
        else:
            edges = np.linspace(lo, hi, bins + 1).astype(edge_cls)
        counts = np.zeros(bins, np.int64)
        _uniform_counts(flat, counts, edges, lo, hi)
        return counts, edges
    return impl


@register_jitable
def _lt_values(x, y):
    return x < y


@register_jitable
def _same(x):
    return x
