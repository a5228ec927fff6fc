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

from pycomp.errors import TypingError
from pycomp.extending import overload_method, register_jitable
from pycomp.np.generator import (NumPyRandomGeneratorType, check_real, check_size, float_dtype,
                                 given, next_double, next_uint64)

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


def _build(normal: bool):
    """The (k, w, f) tables of the normal (``normal``) or exponential
    ziggurat: 256 thresholds (uint64), widths and densities (float64)."""
    with localcontext() as ctx:
        ctx.prec = 50
        if normal:
            r, v, scale = Decimal("3.6541528853610087963519472518"), Decimal(_NORMAL_V), 2 ** 52
            ulps = _W_NORMAL_ULPS

            def dens(x):
                return (-x * x / 2).exp()

            def inv(y):
                return (-2 * y.ln()).sqrt()
        else:
            r, v, scale = Decimal("7.6971174701310497140446280481"), Decimal(_EXP_V), 2 ** 53
            ulps = _W_EXP_ULPS

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
    wf = np.array([float(t) for t in w])
    for i, n in enumerate(ulps):
        for _ in range(abs(n)):
            wf[i] = np.nextafter(wf[i], -np.inf if n < 0 else np.inf)
    return np.array(k, np.uint64), wf, np.array([float(t) for t in f])


_KN, _WN, _FN = _build(True)
_KE, _WE, _FE = _build(False)


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


@register_jitable
def standard_normal(gen):
    """One standard normal float64 (the 256-layer ziggurat: 8 bits of
    layer, 1 of sign, 52 of mantissa from each 64-bit draw)."""
    x = 0.0
    done = False
    while not done:
        r = next_uint64(gen)
        idx = np.int64(r & np.uint64(0xFF))
        r = r >> np.uint64(8)
        neg = (r & np.uint64(1)) != np.uint64(0)
        rabs = (r >> np.uint64(1)) & np.uint64(0x000FFFFFFFFFFFFF)
        x = np.float64(rabs) * _WN[idx]
        if neg:
            x = -x
        if rabs < _KN[idx]:
            done = True
        elif idx == 0:
            x = _normal_tail(gen, ((rabs >> np.uint64(8)) & np.uint64(1)) != np.uint64(0))
            done = True
        else:
            done = (_FN[idx - 1] - _FN[idx]) * next_double(gen) + _FN[idx] < math.exp(-0.5 * x * x)
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


# ------------------------------------------------------------------ the methods


def _check_float64(dtype, what):
    """TypingError unless ``dtype`` is left out or float64 (the float32
    ziggurats are not implemented)."""
    if float_dtype(dtype, what) is not np.float64:
        raise TypingError("Generator.%s(): dtype=np.float32 is not supported" % what)


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
    """``gen.standard_normal(size=None)``: standard normal float64 values."""
    check_size(size, "standard_normal")
    _check_float64(dtype, "standard_normal")
    if given(out):
        raise TypingError("Generator.standard_normal(): the out argument is not supported")
    if not given(size):
        return lambda gen, size=None, dtype=None, out=None: standard_normal(gen)
    return lambda gen, size=None, dtype=None, out=None: _fill_normal(gen, size, 0.0, 1.0)


@overload_method(NumPyRandomGeneratorType, "normal")
def _ov_normal(gen, loc=0.0, scale=1.0, size=None):
    """``gen.normal(loc=0.0, scale=1.0, size=None)``: normal float64
    values; ValueError for a negative scale."""
    check_real("normal", loc=loc, scale=scale)
    check_size(size, "normal")
    sized = given(size)

    def impl(gen, loc=0.0, scale=1.0, size=None):
        if scale < 0:
            raise ValueError("scale < 0")
        if not sized:
            return loc + scale * standard_normal(gen)
        return _fill_normal(gen, size, float(loc), float(scale))

    return impl


@overload_method(NumPyRandomGeneratorType, "standard_exponential")
def _ov_standard_exponential(gen, size=None, dtype=None, method="zig", out=None):
    """``gen.standard_exponential(size=None)``: standard exponential
    float64 values (the ziggurat method)."""
    check_size(size, "standard_exponential")
    _check_float64(dtype, "standard_exponential")
    if given(out):
        raise TypingError("Generator.standard_exponential(): the out argument is not supported")
    if not isinstance(method, str) and given(method):
        raise TypingError("Generator.standard_exponential(): only method='zig' is supported")
    if not given(size):
        return lambda gen, size=None, dtype=None, method="zig", out=None: standard_exponential(gen)
    return lambda gen, size=None, dtype=None, method="zig", out=None: _fill_exponential(gen, size, 1.0)


@overload_method(NumPyRandomGeneratorType, "exponential")
def _ov_exponential(gen, scale=1.0, size=None):
    """``gen.exponential(scale=1.0, size=None)``: exponential float64
    values; ValueError for a negative scale."""
    check_real("exponential", scale=scale)
    check_size(size, "exponential")
    sized = given(size)

    def impl(gen, scale=1.0, size=None):
        if scale < 0:
            raise ValueError("scale < 0")
        if not sized:
            return scale * standard_exponential(gen)
        return _fill_exponential(gen, size, float(scale))

    return impl
