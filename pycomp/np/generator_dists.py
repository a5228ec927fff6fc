"""The ziggurat distributions of ``np.random.Generator`` in compiled code:
``standard_normal``, ``normal``, ``standard_exponential`` and
``exponential`` (float64), drawing 64-bit words from the generator's bit
generator as NumPy's Generator does (:mod:`pycomp.np.generator`).

The method is Marsaglia and Tsang's ziggurat (J. Stat. Software 5(8), 2000)
with 256 layers: a 64-bit draw gives a layer index, a sign (normal) and a
mantissa ``m``; ``m * w[i]`` is returned when ``m < k[i]``; the tail
(layer 0) and the wedges are sampled by rejection otherwise.

The tables are built here by the paper's recursion, in 50-digit decimal
arithmetic, from the rightmost layer's edge ``r`` and the common layer
area ``v``. NumPy's tables of widths were computed with less precision:
``_W_NORMAL_ULPS`` / ``_W_EXP_ULPS`` hold, per layer, the number of float64
steps (``np.nextafter``) from the exact width to NumPy's, measured by
comparing this module's draws with NumPy's (about 1,000,000 of each; layer
1, never taken without a wedge test, from its accepted draws). The
thresholds ``k`` and the densities ``f`` only decide rare rejections and
are used as computed.
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload_method, register_jitable
from pycomp.np.generator import (NumPyRandomGeneratorType, arg_error, check_real, check_size,
                                 float_dtype, given, next_double, next_float, next_uint32,
                                 next_uint64)

__all__ = []

_NORMAL_R = 3.6541528853610087963519472518
_NORMAL_INV_R = 0.27366123732975827203338247596
_NORMAL_V = "0.0049286732339746549315909134318"  # r f(r) + the tail's area
_EXP_R = 7.6971174701310497140446280481
_EXP_V = "0.0039496598225815571991604176228"  # (r + 1) exp(-r)

_W_NORMAL_ULPS = [
    -9, -130, -40, -33, -28, -26, -26, -22, -22, -11, -10, -9, -8, -8, -8, -8, -8, -9, -8, -8, -9,
    -9, -9, -10, -9, -8, -8, -7, -8, -8, -8, -7, -8, -8, -7, -7, -8, -8, -6, -6, -6, -5, -5, -6,
    -5, -6, -5, -5, -5, -5, -6, -6, -3, -4, -4, -4, -4, -4, -4, -4, -3, -4, -3, -3, -3, -3, -4,
    -3, -4, -3, -3, -4, -3, -2, -2, -3, -3, -3, -4, -3, -3, -3, -3, -3, -3, -3, -2, -2, -2, -2,
    -2, -1, -1, -1, -1, -1, -2, -2, -1, -2, -2, -2, -2, -2, -1, -2, -2, -2, -2, -2, -3, -3, -3,
    -2, -2, -2, -1, -1, -2, -2, -2, -2, -1, -1, -1, -1, -1, -2, -2, -2, -1, -1, -2, -2, -2, -2,
    -2, -2, -2, -2, -3, -4, -4, -4, -3, -3, -3, -3, -2, -2, -2, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0,
    -1, -1, 0, -1, 0, -1, -1, -1, 0, 0, 0, 1, 2, 3, 3, 3, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0,
    0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -2, -1, -2, -2, -2, -2, -2, -2, -1, -1, -1, -1, -1, 0, -1,
    -1, -1, 0, 0, 0, -1, -1, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1, 0, -1, -1, -1, -1, -1, -1, -1, -1, 0,
    1, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0,
]
_W_EXP_ULPS = [
    0, -4, -3, -1, -2, -1, -1, -1, 0, 0, 0, 0, -1, -1, -1, -1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, -1, 0, 0, -1, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0,
    0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]


def _exact(normal: bool, scale: int):
    """The exact (Decimal) k, w, f tables of the normal (``normal``) or
    exponential ziggurat for mantissas of ``scale`` steps."""
    with localcontext() as ctx:
        ctx.prec = 50
        if normal:
            r, v = Decimal("3.6541528853610087963519472518"), Decimal(_NORMAL_V)

            def dens(x):
                return (-x * x / 2).exp()

            def inv(y):
                return (-2 * y.ln()).sqrt()
        else:
            r, v = Decimal("7.6971174701310497140446280481"), Decimal(_EXP_V)

            def dens(x):
                return (-x).exp()

            def inv(y):
                return -y.ln()

        k = [0] * 256
        w = [Decimal(0)] * 256
        f = [Decimal(0)] * 256
        q = v / dens(r)
        k[0] = int(r / q * scale)
        w[0], w[255] = q / scale, r / scale
        f[0], f[255] = Decimal(1), dens(r)
        prev = r
        for i in range(254, 0, -1):
            x = inv(v / prev + dens(prev))
            k[i + 1] = int(x / prev * scale)
            prev = x
            f[i] = dens(x)
            w[i] = x / scale
    return k, w, f


def _build(normal: bool):
    """The (k, w, f) tables of the float64 normal (``normal``) or
    exponential ziggurat: 256 thresholds (uint64), widths and densities
    (float64), the widths moved by the measured ULP offsets."""
    k, w, f = _exact(normal, 2 ** 52 if normal else 2 ** 53)
    ulps = _W_NORMAL_ULPS if normal else _W_EXP_ULPS
    wf = np.array([float(t) for t in w])
    for i, n in enumerate(ulps):
        for _ in range(abs(n)):
            wf[i] = np.nextafter(wf[i], -np.inf if n < 0 else np.inf)
    return np.array(k, np.uint64), wf, np.array([float(t) for t in f])


def _build32(normal: bool):
    """The (k, w, f) tables of the float32 ziggurats (23-bit mantissas):
    uint32 thresholds, float32 widths and densities (NumPy's width of the
    exponential's layer 226 is one float32 step above the exact one)."""
    k, w, f = _exact(normal, 2 ** 23)
    wf = np.array([float(t) for t in w], np.float32)
    if not normal:
        wf[226] = np.nextafter(wf[226], np.float32(np.inf))
    return np.array(k, np.uint32), wf, np.array([float(t) for t in f], np.float32)


_KN, _WN, _FN = _build(True)
_KE, _WE, _FE = _build(False)
_KN32, _WN32, _FN32 = _build32(True)
_KE32, _WE32, _FE32 = _build32(False)


# ------------------------------------------------------------------ the ziggurats


@register_jitable
def _normal_tail(gen, negative):
    """A normal value beyond the last layer's edge ``r`` (Marsaglia's tail
    method: exponential proposals accepted by a second exponential)."""
    xx = 0.0
    done = False
    while not done:
        xx = -_NORMAL_INV_R * math.log1p(-next_double(gen))
        yy = -math.log1p(-next_double(gen))
        done = yy + yy > xx * xx
    if negative:
        return -(_NORMAL_R + xx)
    return _NORMAL_R + xx


@register_jitable(inline="always")  # into the caller's loop: 1.7x faster fills
def standard_normal(gen):
    """One standard normal float64 (the 256-layer ziggurat: 8 bits of
    layer, 1 of sign, 52 of mantissa from each 64-bit draw)."""
    while True:
        r = next_uint64(gen)
        idx = np.int64(r & np.uint64(0xFF))
        r = r >> np.uint64(8)
        rabs = (r >> np.uint64(1)) & np.uint64(0x000FFFFFFFFFFFFF)
        x = np.float64(np.int64(rabs)) * _WN[idx]  # (52 bits: a signed conversion is exact and cheaper)
        if r & np.uint64(1):  # a select, not a branch: a coin flip no predictor guesses
            x = -x
        if rabs < _KN[idx]:
            return x  # 99.3% of the draws
        if idx == 0:
            return _normal_tail(gen, ((rabs >> np.uint64(8)) & np.uint64(1)) != np.uint64(0))
        if (_FN[idx - 1] - _FN[idx]) * next_double(gen) + _FN[idx] < math.exp(-0.5 * x * x):
            return x


@register_jitable
def standard_exponential(gen):
    """One standard exponential float64 (the 256-layer ziggurat: 8 bits of
    layer and 53 of mantissa from each 64-bit draw, its low 3 bits unused)."""
    x = 0.0
    done = False
    while not done:
        r = next_uint64(gen) >> np.uint64(3)
        idx = np.int64(r & np.uint64(0xFF))
        r = r >> np.uint64(8)
        x = np.float64(r) * _WE[idx]
        if r < _KE[idx]:
            done = True
        elif idx == 0:
            x = _EXP_R - math.log1p(-next_double(gen))
            done = True
        else:
            done = (_FE[idx - 1] - _FE[idx]) * next_double(gen) + _FE[idx] < math.exp(-x)
    return x







@register_jitable
def standard_normal_f(gen):
    """One standard normal float32 (the 256-layer ziggurat on 32-bit draws:
    8 bits of layer, 1 of sign, 23 of mantissa)."""
    x = np.float32(0.0)
    done = False
    while not done:
        r = next_uint32(gen)
        idx = np.int64(r & np.uint32(0xFF))
        sign = np.float32(1.0) - np.float32(2.0) * np.float32((r >> np.uint32(8)) & np.uint32(1))
        rabs = (r >> np.uint32(9)) & np.uint32(0x007FFFFF)
        x = sign * (np.float32(rabs) * _WN32[idx])
        if rabs < _KN32[idx]:
            done = True
        elif idx == 0:
            xx = np.float32(0.0)
            found = False
            while not found:
                xx = -np.float32(_NORMAL_INV_R) * math.log1p(-next_float(gen))
                yy = -math.log1p(-next_float(gen))
                found = yy + yy > xx * xx
            if ((rabs >> np.uint32(8)) & np.uint32(1)) != np.uint32(0):
                x = -(np.float32(_NORMAL_R) + xx)
            else:
                x = np.float32(_NORMAL_R) + xx
            done = True
        else:
            done = ((_FN32[idx - 1] - _FN32[idx]) * next_float(gen) + _FN32[idx]
                    < math.exp(np.float32(-0.5) * x * x))
    return x


@register_jitable
def standard_exponential_f(gen):
    """One standard exponential float32 (the 256-layer ziggurat on 32-bit
    draws: 8 bits of layer and 23 of mantissa, the lowest bit unused)."""
    x = np.float32(0.0)
    done = False
    while not done:
        r = next_uint32(gen) >> np.uint32(1)
        idx = np.int64(r & np.uint32(0xFF))
        r = r >> np.uint32(8)
        x = np.float32(r) * _WE32[idx]
        if r < _KE32[idx]:
            done = True
        elif idx == 0:
            x = np.float32(_EXP_R) - math.log1p(-next_float(gen))
            done = True
        else:
            done = (_FE32[idx - 1] - _FE32[idx]) * next_float(gen) + _FE32[idx] < math.exp(-x)
    return x


@register_jitable
def standard_exponential_inv(gen):
    """One standard exponential float64 by inversion: ``-log1p(-U)``."""
    return -math.log1p(-next_double(gen))


@register_jitable
def standard_exponential_inv_f(gen):
    """One standard exponential float32 by inversion (computed in float64,
    as NumPy)."""
    return np.float32(-math.log1p(-np.float64(next_float(gen))))


@register_jitable
def negative(x):
    """NumPy's "< 0" test of non-negative parameters: the sign bit (so
    -0.0 fails), NaN passes."""
    return not math.isnan(x) and math.copysign(1.0, x) < 0.0


# ------------------------------------------------------------------ the methods


_MAKERS = {}


def _maker(draw, nptype, sized, nparams):
    """A jitable ``f(gen, size)`` (``f(gen, size, p)`` with ``nparams`` 1):
    one ``draw(gen[, p])`` (``sized`` false) or an array of shape ``size``
    of them."""
    key = (draw, nptype, sized, nparams)
    if key in _MAKERS:
        return _MAKERS[key]
    if nparams == 0 and not sized:
        def make(gen, size):
            return draw(gen)
    elif nparams == 0:
        def make(gen, size):
            out = np.empty(size, nptype)
            flat = out.reshape(out.size)
            for i in range(flat.size):
                flat[i] = draw(gen)
            return out
    elif not sized:
        def make(gen, size, p):
            return draw(gen, p)
    else:
        def make(gen, size, p):
            out = np.empty(size, nptype)
            flat = out.reshape(out.size)
            for i in range(flat.size):
                flat[i] = draw(gen, p)
            return out
    make.__doc__ = "Draw values of ``%s``." % getattr(draw, "__name__", draw)
    _MAKERS[key] = register_jitable(make)
    return _MAKERS[key]


def values_maker(draw64, draw32, dtype, size, what, nparams=0):
    """The ``f(gen, size[, p])`` of a method with a ``dtype`` argument
    drawing ``draw64`` (float64) or ``draw32`` (float32) values (of one
    parameter ``p`` when ``nparams`` is 1)."""
    check_size(size, what)
    dt = float_dtype(dtype, what)
    return _maker(draw64 if dt is np.float64 else draw32, dt, given(size), nparams)


@register_jitable
def _fill_normal(gen, size, loc, scale):
    """A float64 array of shape ``size`` of ``loc + scale * standard_normal``."""
    out = np.empty(size, np.float64)
    flat = out.reshape(out.size)
    for i in range(flat.size):
        flat[i] = loc + scale * standard_normal(gen)
    return out


@register_jitable
def _fill_exponential(gen, size, scale):
    """A float64 array of shape ``size`` of ``scale * standard_exponential``."""
    out = np.empty(size, np.float64)
    flat = out.reshape(out.size)
    for i in range(flat.size):
        flat[i] = scale * standard_exponential(gen)
    return out


@overload_method(NumPyRandomGeneratorType, "standard_normal")
def _ov_standard_normal(gen, size=None, dtype=None, out=None):
    """``gen.standard_normal(size=None, dtype=np.float64)``: standard normal
    values (float64 or float32 ziggurat)."""
    if given(out):
        raise TypingError("Generator.standard_normal(): the out argument is not supported")
    make = values_maker(standard_normal, standard_normal_f, dtype, size, "standard_normal")
    return lambda gen, size=None, dtype=None, out=None: make(gen, size)


@overload_method(NumPyRandomGeneratorType, "normal")
def _ov_normal(gen, loc=0.0, scale=1.0, size=None):
    """``gen.normal(loc=0.0, scale=1.0, size=None)``: normal float64
    values; ValueError for a negative scale."""
    check_real("normal", loc=loc, scale=scale)
    check_size(size, "normal")
    sized = given(size)

    def impl(gen, loc=0.0, scale=1.0, size=None):
        if negative(scale):
            raise ValueError("scale < 0")
        if not sized:
            return loc + scale * standard_normal(gen)
        return _fill_normal(gen, size, float(loc), float(scale))

    return impl


@overload_method(NumPyRandomGeneratorType, "standard_exponential")
def _ov_standard_exponential(gen, size=None, dtype=None, method="zig", out=None):
    """``gen.standard_exponential(size=None, dtype=np.float64,
    method='zig')``: standard exponential values, by the ziggurat or
    (``method='inv'``) by inversion, float64 or float32."""
    if given(out):
        raise TypingError("Generator.standard_exponential(): the out argument is not supported")
    zig = values_maker(standard_exponential, standard_exponential_f, dtype, size,
                       "standard_exponential")
    inv = values_maker(standard_exponential_inv, standard_exponential_inv_f, dtype, size,
                       "standard_exponential")
    # NumPy: 'zig' is the ziggurat, any other string inversion
    if isinstance(method, (str, types.StringLiteral)):
        name = method if isinstance(method, str) else method.value
        make = zig if name == "zig" else inv
        return lambda gen, size=None, dtype=None, method="zig", out=None: make(gen, size)
    if not isinstance(method, types.UnicodeType):
        raise arg_error("standard_exponential", "method", method, "[str]")

    def impl(gen, size=None, dtype=None, method="zig", out=None):
        if method == "zig":
            return zig(gen, size)
        return inv(gen, size)

    return impl


@overload_method(NumPyRandomGeneratorType, "exponential")
def _ov_exponential(gen, scale=1.0, size=None):
    """``gen.exponential(scale=1.0, size=None)``: exponential float64
    values; ValueError for a negative scale."""
    check_real("exponential", scale=scale)
    check_size(size, "exponential")
    sized = given(size)

    def impl(gen, scale=1.0, size=None):
        if negative(scale):
            raise ValueError("scale < 0")
        if not sized:
            return scale * standard_exponential(gen)
        return _fill_exponential(gen, size, float(scale))

    return impl
