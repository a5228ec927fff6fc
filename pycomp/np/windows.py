"""NumPy's spaced sequences, window functions and phase helpers, written
through the extension API: ``np.logspace``, ``np.geomspace``,
``np.bartlett``, ``np.blackman``, ``np.hamming``, ``np.hanning``,
``np.kaiser``, ``np.sinc`` and ``np.unwrap``.

The formulas are NumPy's, evaluated in the same order and the same dtype
(float64, or the argument's float32/complex dtype where NumPy keeps it),
so the results agree with NumPy's to the last bits of libm. ``np.kaiser``
evaluates the modified Bessel function I0 by its power series (all terms
positive: no cancellation).
"""

from __future__ import annotations

import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.setops import _array_like, _elem

__all__ = []


def _given(t) -> bool:
    return t is not None and not isinstance(t, (types.NoneType, types.Omitted))


def _real(t) -> bool:
    return isinstance(t, (types.Integer, types.Float)) and not isinstance(t, types.Boolean)


def _number(t) -> bool:
    return isinstance(t, types.Number) and not isinstance(t, types.Boolean)


def _is_default(t, value) -> bool:
    return not isinstance(t, types.Type) and t == value


def _scalar_class(t):
    return np.dtype(str(t)).type


# ------------------------------------------------------------------ np.logspace, np.geomspace


@register_jitable
def _linspace_item(lo, hi, num, endpoint, i):
    """Item ``i`` of ``np.linspace(lo, hi, num, endpoint)`` (NumPy's formula)."""
    div = num - 1 if endpoint else num
    delta = hi - lo
    if endpoint and num > 1 and i == num - 1:
        return hi
    if div > 0:
        step = delta / div
        if step == 0:
            return (i / div) * delta + lo
        return i * step + lo
    return i * delta + lo


def _space_checks(name, start, stop, num, endpoint):
    if not _number(start):
        raise TypingError('%s(): The argument "start" must be a number, not %s' % (name, start))
    if not _number(stop):
        raise TypingError('%s(): The argument "stop" must be a number, not %s' % (name, stop))
    if isinstance(num, types.Type) and not (isinstance(num, types.Integer) and not isinstance(num, types.Boolean)):
        raise TypingError('%s(): The argument "num" must be an integer, not %s' % (name, num))
    if isinstance(endpoint, types.Type) and not isinstance(endpoint, types.Boolean):
        raise TypingError("%s(): endpoint must be a boolean, not %s" % (name, endpoint))


def _result_class(name, dtype, work):
    if not _given(dtype):
        return _scalar_class(work)
    from pycomp.np.creation import _dtype_of

    res = _dtype_of(dtype, name)
    if isinstance(work, types.Complex) and not isinstance(res, types.Complex):
        raise TypingError("%s(): complex bounds need a complex dtype, not %s" % (name, res))
    return _scalar_class(res)


def _convert(dt):
    """The conversion of a result item to ``dt`` (NumPy floors before an integer cast)."""
    from pycomp.decorators import njit

    if issubclass(dt, np.integer):
        return njit(lambda v: dt(math.floor(v)))
    return njit(lambda v: dt(v))


@overload(np.logspace)
def _np_logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None):
    """``np.logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None)``:
    ``base ** np.linspace(start, stop, num, endpoint)``."""
    _space_checks("np.logspace", start, stop, num, endpoint)
    if isinstance(base, types.Type) and not _number(base):
        raise TypingError('np.logspace(): The argument "base" must be a number, not %s' % base)
    from pycomp.np.manipulation import _promoted
    from pycomp.typeof import dtype_to_type

    # NumPy's linspace keeps Python numbers weak: float32 bounds stay float32
    lin = np.result_type(_promoted([start, stop]), 1.0)
    base_t = types.float64 if not isinstance(base, types.Type) else base
    wt = _promoted([types.Array(dtype_to_type(np.dtype(lin)), 1, "C"), base_t])
    work = dtype_to_type(np.dtype(wt))
    dt = _result_class("np.logspace", dtype, work)
    cast = _convert(dt)

    def impl(start, stop, num=50, endpoint=True, base=10.0, dtype=None):
        if num < 0:
            raise ValueError("Number of samples must be non-negative.")
        out = np.empty(num, dt)
        lo, hi, b = wt(start), wt(stop), wt(base)
        for i in range(num):
            out[i] = cast(b ** _linspace_item(lo, hi, num, endpoint, i))
        return out

    return impl


@overload(np.geomspace)
def _np_geomspace(start, stop, num=50, endpoint=True, dtype=None):
    """``np.geomspace(start, stop, num=50, endpoint=True, dtype=None)``:
    NumPy's algorithm (logspace between the logarithms of the magnitudes,
    the end points exact, the sign or complex phase of ``start`` kept)."""
    _space_checks("np.geomspace", start, stop, num, endpoint)
    cplx = isinstance(start, types.Complex) or isinstance(stop, types.Complex)
    if _given(dtype):
        from pycomp.np.creation import _dtype_of

        cplx = cplx or isinstance(_dtype_of(dtype, "np.geomspace"), types.Complex)
    work = types.complex128 if cplx else types.float64
    wt = _scalar_class(work)
    dt = _result_class("np.geomspace", dtype, work)
    cast = _convert(dt)
    if cplx:
        def complex_impl(start, stop, num=50, endpoint=True, dtype=None):
            if num < 0:
                raise ValueError("Number of samples must be non-negative.")
            lo, hi = np.complex128(start), np.complex128(stop)
            if lo == 0 or hi == 0:
                raise ValueError("Geometric sequence cannot include zero")
            out = np.empty(num, dt)
            _complex_geomspace(lo, hi, num, endpoint, out, cast)
            return out
        return complex_impl
    sign = register_jitable(lambda x: 1.0 if x > 0 else -1.0)

    def impl(start, stop, num=50, endpoint=True, dtype=None):
        if num < 0:
            raise ValueError("Number of samples must be non-negative.")
        lo, hi = wt(start), wt(stop)
        if lo == 0 or hi == 0:
            raise ValueError("Geometric sequence cannot include zero")
        s = wt(sign(lo))
        lo = lo / s
        hi = hi / s
        llo, lhi = np.log10(lo), np.log10(hi)
        out = np.empty(num, dt)
        for i in range(num):
            v = wt(10.0) ** _linspace_item(llo, lhi, num, endpoint, i)
            if i == 0:
                v = lo
            elif endpoint and i == num - 1:
                v = hi
            out[i] = cast(v * s)
        return out

    return impl


@register_jitable
def _complex_geomspace(lo, hi, num, endpoint, out, cast):
    """np.geomspace of complex bounds (non-zero) into ``out``, step by step
    as NumPy computes it, with NumPy's complex division and power (the
    ufuncs on scalars are NumPy's loops): both bounds rotated by
    ``start``'s phase, the logspace between their base-10 logarithms, the
    end points set exactly, the phase put back."""
    s = np.sign(lo)
    lo = np.divide(lo, s)
    hi = np.divide(hi, s)
    llo = np.log10(lo)
    lhi = np.log10(hi)
    div = num - 1 if endpoint else num
    delta = lhi - llo
    cdiv = np.complex128(div if div > 0 else 1)
    step = np.divide(delta, cdiv)
    ten = np.complex128(10.0)
    for k in range(num):
        ck = np.complex128(k)
        if step != 0:
            y = ck * step + llo
        else:  # NumPy divides the positions first when the step is zero
            y = np.divide(ck, cdiv) * delta + llo
        v = np.power(ten, y)
        if k == 0:
            v = lo
        elif endpoint and k == num - 1:
            v = hi
        out[k] = cast(v * s)


# ------------------------------------------------------------------ windows


def _check_m(name, M):
    if not (isinstance(M, types.Integer) and not isinstance(M, types.Boolean)):
        raise TypingError("%s(): M must be an integer, not %s" % (name, M))


def _cosine_window(fn, a0, a1, a2):
    """The overload of the window ``a0 + a1*cos(pi*n/(M-1)) + a2*cos(2*pi*n/(M-1))``."""
    name = "np." + fn.__name__

    @overload(fn)
    def _np_window(M):
        """A generalized cosine window of ``M`` points (NumPy's formula)."""
        _check_m(name, M)

        def impl(M):
            if M < 1:
                return np.empty(0, np.float64)
            if M == 1:
                return np.ones(1, np.float64)
            m = np.float64(M)
            out = np.empty(M, np.float64)
            for i in range(M):
                n = (1.0 - m) + 2.0 * i
                v = a0 + a1 * np.cos(np.pi * n / (m - 1))
                if a2 != 0.0:
                    v = v + a2 * np.cos(2.0 * np.pi * n / (m - 1))
                out[i] = v
            return out

        return impl


_cosine_window(np.blackman, 0.42, 0.5, 0.08)
_cosine_window(np.hamming, 0.54, 0.46, 0.0)
_cosine_window(np.hanning, 0.5, 0.5, 0.0)


@overload(np.bartlett)
def _np_bartlett(M):
    """``np.bartlett(M)``: the triangular window of ``M`` points."""
    _check_m("np.bartlett", M)

    def impl(M):
        if M < 1:
            return np.empty(0, np.float64)
        if M == 1:
            return np.ones(1, np.float64)
        m = np.float64(M)
        out = np.empty(M, np.float64)
        for i in range(M):
            n = (1.0 - m) + 2.0 * i
            out[i] = 1 + n / (m - 1) if n <= 0 else 1 - n / (m - 1)
        return out

    return impl


def _numpy_i0_coefficients():
    """NumPy's own Chebyshev coefficients of I0 (read from the running
    NumPy, so ``np.kaiser`` agrees with it to the last bit), or None when
    this NumPy does not expose them (the power series is used then)."""
    try:
        from numpy.lib import _function_base_impl as impl
        return tuple(float(c) for c in impl._i0A), tuple(float(c) for c in impl._i0B)
    except (ImportError, AttributeError, TypeError, ValueError):
        return None


_I0_COEFFS = _numpy_i0_coefficients()


@register_jitable
def _chebyshev(x, vals):
    """The Chebyshev series ``vals`` at ``x`` (Clenshaw's recurrence, as NumPy's)."""
    b0 = vals[0]
    b1 = 0.0
    b2 = 0.0
    for i in range(1, len(vals)):
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + vals[i]
    return 0.5 * (b0 - b2)


@register_jitable
def _i0_series(x):
    """The modified Bessel function of the first kind, order 0 (its power series)."""
    x = abs(x)
    q = 0.25 * x * x
    term = 1.0
    total = 1.0
    k = 1
    while True:
        term = term * q / (k * k)
        total += term
        if term <= total * 1e-17:
            return total
        k += 1


if _I0_COEFFS is not None:
    _I0A, _I0B = _I0_COEFFS

    @register_jitable
    def _i0(x):
        """I0(x) as NumPy computes it: two Chebyshev expansions, split at 8."""
        x = abs(x)
        if x <= 8.0:
            return np.exp(x) * _chebyshev(x / 2.0 - 2, _I0A)
        return np.exp(x) * _chebyshev(32.0 / x - 2.0, _I0B) / np.sqrt(x)
else:  # pragma: no cover -- a NumPy without the coefficients
    _i0 = _i0_series


@overload(np.kaiser)
def _np_kaiser(M, beta):
    """``np.kaiser(M, beta)``: the Kaiser window of ``M`` points."""
    _check_m("np.kaiser", M)
    if not _real(beta):
        raise TypingError("np.kaiser(): beta must be an integer or float, not %s" % beta)

    def impl(M, beta):
        if M == 1:
            return np.ones(1, np.float64)
        if M < 1:
            return np.empty(0, np.float64)
        m = np.float64(M)
        b = np.float64(beta)
        alpha = (m - 1) / 2.0
        den = _i0(b)
        out = np.empty(M, np.float64)
        for i in range(M):
            r = (i - alpha) / alpha
            out[i] = _i0(b * np.sqrt(1 - r ** 2.0)) / den
        return out

    return impl


# ------------------------------------------------------------------ np.sinc


@overload(np.sinc)
def _np_sinc(x):
    """``np.sinc(x)``: ``sin(pi x) / (pi x)``, 1 at 0; of a number or an array."""
    if isinstance(x, types.Array):
        el = x.dtype
    elif isinstance(x, (types.Number, types.Boolean)):
        el = x
    else:
        raise TypingError('np.sinc(): Argument "x" must be a Number or array-like, not %s' % x)
    work = el if isinstance(el, (types.Float, types.Complex)) else types.float64
    wt = _scalar_class(work)
    # an array computes in its dtype (NumPy's pi * x); a number in double
    # precision, as Numba's scalar rules have float32 * pi (a float64) give
    # (then cast back to NumPy's result type): sinc(float32(1)) is ~1e-17,
    # not float32 pi's rounding error
    hi = wt if isinstance(x, types.Array) else _scalar_class(
        types.complex128 if isinstance(work, types.Complex) else types.float64)

    @register_jitable
    def one(v):
        y = hi(np.pi) * (hi(1.0e-20) if v == 0 else hi(v))
        return wt(np.sin(y) / y)

    if isinstance(x, types.Array):
        def impl(x):
            flat = np.asarray(x).ravel()
            out = np.empty(flat.size, wt)
            for i in range(flat.size):
                out[i] = one(flat[i])
            return out.reshape(x.shape)
        return impl
    return lambda x: one(x)


# ------------------------------------------------------------------ np.unwrap


@overload(np.unwrap)
def _np_unwrap(p, discont=None, axis=-1, period=2 * math.pi):
    """``np.unwrap(p, discont=None, axis=-1, period=2*pi)``: ``p`` with the
    jumps larger than ``discont`` along ``axis`` replaced by their
    complements modulo ``period``."""
    if not _array_like(p) or isinstance(p, (types.Number, types.Boolean)):
        raise TypingError('np.unwrap(): The argument "p" must be array-like, not %s' % p)
    if _given(discont) and not _real(discont):
        raise TypingError('np.unwrap(): The argument "discont" must be a scalar, not %s' % discont)
    if isinstance(period, types.Type) and not _real(period):
        raise TypingError('np.unwrap(): The argument "period" must be a scalar, not %s' % period)
    if isinstance(axis, types.Type) and not (isinstance(axis, types.Integer) and not isinstance(axis, types.Boolean)):
        raise TypingError('np.unwrap(): The argument "axis" must be an integer, not %s' % axis)
    el = _elem(p)
    if not _real(el):
        raise TypingError("np.unwrap(): the values must be integers or floats, not %s" % el)
    from pycomp.np.manipulation import _promoted

    ptype = types.float64 if not isinstance(period, types.Type) else period
    dt = _promoted([types.Array(el, 1, "C"), ptype])
    integral = issubclass(dt, np.integer)
    nd = p.ndim if isinstance(p, types.Array) else 1
    has_discont = _given(discont)

    @register_jitable
    def row(src, dst, period, discont):
        """Unwrap the 1-d ``src`` into ``dst``."""
        if integral:
            high = period // 2
            ambiguous = period % 2 == 0
        else:
            high = dt(period) / 2
            ambiguous = True
        low = -high
        dst[0] = src[0]
        total = dt(0)
        for i in range(1, src.size):
            d = dt(src[i] - src[i - 1])
            dmod = (d - low) % dt(period) + low
            if ambiguous and dmod == low and d > 0:
                dmod = high
            corr = dmod - d
            if abs(d) < discont:
                corr = dt(0)
            total = total + corr
            dst[i] = src[i] + total

    def impl(p, discont=None, axis=-1, period=2 * math.pi):
        a = np.asarray(p)
        ax = axis + nd if axis < 0 else axis
        if ax < 0 or ax >= nd:
            raise np.exceptions.AxisError(axis, nd)
        limit = discont if has_discont else period / 2
        moved = np.swapaxes(a, ax, nd - 1)
        n = moved.shape[nd - 1]
        m = moved.size // n if n > 0 else 0
        rows = np.ascontiguousarray(moved).reshape((m, n))
        out = np.empty((m, n), dt)
        for r in range(m):
            row(rows[r], out[r], period, limit)
        return np.swapaxes(out.reshape(moved.shape), ax, nd - 1).copy()

    return impl
