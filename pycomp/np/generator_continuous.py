"""The continuous distributions of ``np.random.Generator`` beyond the
ziggurats, in compiled code: the gamma family (``standard_gamma`` in
float64 and float32, ``gamma``, ``beta``, ``chisquare``, ``f``,
``standard_t``; the noncentral ones, Poisson mixtures, are in
:mod:`pycomp.np.generator_discrete`) and the
transforms of uniform, normal and exponential draws (``laplace``,
``logistic``, ``gumbel``, ``lognormal``, ``pareto``, ``power``,
``rayleigh``, ``weibull``, ``standard_cauchy``, ``triangular``, ``wald``,
``vonmises``).

Each sampler draws what NumPy's Generator draws, in the same order and with
the same arithmetic, so the values equal NumPy's for the same bit generator
state: the gamma variates by Marsaglia and Tsang's method (ACM TOMS 26(3),
2000) on the ziggurat normal for a shape above 1, and for a shape below 1
by rejection from a power-law / exponential mixture (Johnk's region test).
The overloads are made by :func:`pycomp.np.generator.define_method`, with
NumPy's parameter checks and messages.
"""

from __future__ import annotations

import math

import numpy as np

from pycomp.extending import overload_method, register_jitable
from pycomp.np.generator import (NumPyRandomGeneratorType, arg_error, define_method, float_dtype,
                                 given, next_double, next_float)
from pycomp.np.generator_dists import (negative, standard_exponential, standard_exponential_f,
                                       standard_normal, standard_normal_f, values_maker)

__all__ = ["standard_gamma", "chisquare", "standard_normal"]


# ------------------------------------------------------------------ the gamma family


@register_jitable
def standard_gamma(gen, shape):
    """One standard gamma float64 of shape ``shape`` (>= 0)."""
    if shape == 1.0:
        return standard_exponential(gen)
    if shape == 0.0:
        return 0.0
    if shape < 1.0:
        while True:
            u = next_double(gen)
            v = standard_exponential(gen)
            if u <= 1.0 - shape:
                x = math.pow(u, 1.0 / shape)
                if x <= v:
                    return x
            else:
                y = -math.log((1.0 - u) / shape)
                x = math.pow(1.0 - shape + shape * y, 1.0 / shape)
                if x <= v + y:
                    return x
    b = shape - 1.0 / 3.0
    c = 1.0 / math.sqrt(9.0 * b)
    while True:
        x = standard_normal(gen)
        v = 1.0 + c * x
        while v <= 0.0:
            x = standard_normal(gen)
            v = 1.0 + c * x
        v = v * v * v
        u = next_double(gen)
        if u < 1.0 - 0.0331 * (x * x) * (x * x):
            return b * v
        if math.log(u) < 0.5 * x * x + b * (1.0 - v + math.log(v)):
            return b * v


@register_jitable
def standard_gamma_f(gen, shape):
    """One standard gamma float32 of shape ``shape`` (float32 arithmetic on
    the float32 ziggurats)."""
    one = np.float32(1.0)
    if shape == one:
        return standard_exponential_f(gen)
    if shape == np.float32(0.0):
        return np.float32(0.0)
    if shape < one:
        while True:
            u = next_float(gen)
            v = standard_exponential_f(gen)
            if u <= one - shape:
                x = math.pow(u, one / shape)
                if x <= v:
                    return x
            else:
                y = -math.log((one - u) / shape)
                x = math.pow(one - shape + shape * y, one / shape)
                if x <= v + y:
                    return x
    b = shape - one / np.float32(3.0)
    c = one / math.sqrt(np.float32(9.0) * b)
    while True:
        x = standard_normal_f(gen)
        v = one + c * x
        while v <= np.float32(0.0):
            x = standard_normal_f(gen)
            v = one + c * x
        v = v * v * v
        u = next_float(gen)
        if u < one - np.float32(0.0331) * (x * x) * (x * x):
            return b * v
        if math.log(u) < np.float32(0.5) * x * x + b * (one - v + math.log(v)):
            return b * v


@register_jitable
def beta(gen, a, b):
    """One beta(a, b) variate: Johnk's method when both are at most 1, else
    a ratio of gammas."""
    if a <= 1.0 and b <= 1.0:
        while True:
            u = next_double(gen)
            v = next_double(gen)
            x = math.pow(u, 1.0 / a)
            y = math.pow(v, 1.0 / b)
            xpy = x + y
            if xpy <= 1.0 and u + v > 0.0:
                if x > 0.0 and y > 0.0:
                    return x / xpy
                # a power underflowed: the ratio from the logarithms
                logx = math.log(u) / a
                logy = math.log(v) / b
                logm = max(logx, logy)
                logx -= logm
                logy -= logm
                return math.exp(logx - math.log1p(math.exp(min(logx, logy))))
    ga = standard_gamma(gen, a)
    gb = standard_gamma(gen, b)
    return ga / (ga + gb)


@register_jitable
def chisquare(gen, df):
    """One chi-square variate: twice a gamma of shape df / 2."""
    return 2.0 * standard_gamma(gen, df / 2.0)


@register_jitable
def f_dist(gen, dfnum, dfden):
    """One F variate: a ratio of scaled chi-squares."""
    return (chisquare(gen, dfnum) * dfden) / (chisquare(gen, dfden) * dfnum)


@register_jitable
def standard_t(gen, df):
    """One Student t variate: a normal over the root of a gamma."""
    num = standard_normal(gen)
    denom = standard_gamma(gen, df / 2.0)
    return math.sqrt(df / 2.0) * num / math.sqrt(denom)


# ------------------------------------------------------------------ transforms


@register_jitable
def laplace(gen, loc, scale):
    """One Laplace variate by inversion (a zero uniform is redrawn)."""
    while True:
        u = next_double(gen)
        if u >= 0.5:
            return loc - scale * math.log(2.0 - u - u)
        if u > 0.0:
            return loc + scale * math.log(u + u)


@register_jitable
def gumbel(gen, loc, scale):
    """One Gumbel variate by inversion (a uniform of 1 is redrawn)."""
    while True:
        u = 1.0 - next_double(gen)
        if u < 1.0:
            return loc - scale * math.log(-math.log(u))


@register_jitable
def logistic(gen, loc, scale):
    """One logistic variate by inversion (a zero uniform is redrawn)."""
    while True:
        u = next_double(gen)
        if u > 0.0:
            return loc + scale * math.log(u / (1.0 - u))


@register_jitable
def triangular(gen, left, mode, right):
    """One triangular variate by inversion."""
    base = right - left
    leftbase = mode - left
    ratio = leftbase / base
    leftprod = leftbase * base
    rightprod = (right - mode) * base
    u = next_double(gen)
    if u <= ratio:
        return left + math.sqrt(u * leftprod)
    return right - math.sqrt((1.0 - u) * rightprod)


@register_jitable
def wald(gen, mean, scale):
    """One Wald (inverse Gaussian) variate (Michael, Schucany and Haas; the
    smaller root in a form free of cancellation)."""
    y = standard_normal(gen)
    y = mean * y * y
    x = mean * (1.0 - 2.0 / (1.0 + math.sqrt(1.0 + 4.0 * scale / y)))
    u = next_double(gen)
    if u <= mean / (mean + x):
        return x
    return mean * mean / x


@register_jitable
def vonmises(gen, mu, kappa):
    """One von Mises variate (Best and Fisher's rejection method; a
    wrapped normal for a very large ``kappa``, a uniform angle for a tiny
    one; NaN, without drawing, for a NaN ``kappa``)."""
    if math.isnan(kappa):
        return math.nan
    if kappa < 1e-8:
        return math.pi * (2.0 * next_double(gen) - 1.0)
    if kappa < 1e-5:
        s = 1.0 / kappa + kappa
    elif kappa <= 1e6:
        r = 1.0 + math.sqrt(1.0 + 4.0 * kappa * kappa)
        rho = (r - math.sqrt(2.0 * r)) / (2.0 * kappa)
        s = (1.0 + rho * rho) / (2.0 * rho)
    else:
        res = mu + math.sqrt(1.0 / kappa) * standard_normal(gen)
        if res < -math.pi:
            res += 2.0 * math.pi
        if res > math.pi:
            res -= 2.0 * math.pi
        return res
    w = 0.0
    while True:
        u = next_double(gen)
        z = math.cos(math.pi * u)
        w = (1.0 + s * z) / (s + z)
        y = kappa * (s - w)
        v = next_double(gen)
        if y * (2.0 - y) - v >= 0.0 or math.log(y / v) + 1.0 - y >= 0.0:
            break
    u = next_double(gen)
    res = math.acos(w)
    if u < 0.5:
        res = -res
    res += mu
    neg = res < 0.0
    mod = math.fabs(res)
    mod = math.fmod(mod + math.pi, 2.0 * math.pi) - math.pi
    if neg:
        mod *= -1.0
    return mod


# ------------------------------------------------------------------ the methods

_ENV = {name: obj for name, obj in globals().items() if callable(obj)}
_ENV.update({"math": math, "negative": negative, "standard_normal": standard_normal,
             "standard_exponential": standard_exponential})


def _nonneg(name):
    return ("negative(%s)" % name, "%s < 0" % name)


def _pos(name):
    return ("%s <= 0.0" % name, "%s <= 0" % name)  # NaN passes, as in NumPy


def _define(what, params, draw, checks=()):
    define_method(what, params, draw, checks, env=_ENV)


_define("gamma", "shape, scale=1.0", "scale * standard_gamma(gen, shape)",
        [_nonneg("shape"), _nonneg("scale")])
_define("beta", "a, b", "beta(gen, a, b)", [_pos("a"), _pos("b")])
_define("chisquare", "df", "chisquare(gen, df)", [_pos("df")])
_define("f", "dfnum, dfden", "f_dist(gen, dfnum, dfden)", [_pos("dfnum"), _pos("dfden")])
_define("standard_t", "df", "standard_t(gen, df)", [_pos("df")])
_define("laplace", "loc=0.0, scale=1.0", "laplace(gen, loc, scale)", [_nonneg("scale")])
_define("gumbel", "loc=0.0, scale=1.0", "gumbel(gen, loc, scale)", [_nonneg("scale")])
_define("logistic", "loc=0.0, scale=1.0", "logistic(gen, loc, scale)", [_nonneg("scale")])
_define("lognormal", "mean=0.0, sigma=1.0", "math.exp(mean + sigma * standard_normal(gen))",
        [_nonneg("sigma")])
_define("pareto", "a", "math.expm1(standard_exponential(gen) / a)", [_pos("a")])
_define("power", "a", "math.pow(-math.expm1(-standard_exponential(gen)), 1.0 / a)", [_pos("a")])
_define("weibull", "a", "0.0 if a == 0.0 else math.pow(standard_exponential(gen), 1.0 / a)",
        [_nonneg("a")])
_define("rayleigh", "scale=1.0", "scale * math.sqrt(2.0 * standard_exponential(gen))",
        [_nonneg("scale")])
_define("standard_cauchy", "", "standard_normal(gen) / standard_normal(gen)")
_define("triangular", "left, mode, right", "triangular(gen, left, mode, right)",
        [("left > mode", "left > mode"), ("mode > right", "mode > right"),
         ("left == right", "left == right")])
_define("wald", "mean, scale", "wald(gen, mean, scale)", [_pos("mean"), _pos("scale")])
_define("vonmises", "mu, kappa", "vonmises(gen, mu, kappa)", [_nonneg("kappa")])


@register_jitable
def _check_shape(shape):
    """NumPy's check of a standard gamma shape."""
    if negative(shape):
        raise ValueError("shape < 0")


@overload_method(NumPyRandomGeneratorType, "standard_gamma")
def _ov_standard_gamma(gen, shape, size=None, dtype=None, out=None):
    """``gen.standard_gamma(shape, size=None, dtype=np.float64)``: gamma
    variates of scale 1 (float64 or float32 arithmetic); ValueError for a
    negative shape."""
    from pycomp import types

    if not isinstance(shape, (types.Integer, types.Float, types.Boolean)):
        raise arg_error("standard_gamma", "shape", shape)
    if given(out):
        raise arg_error("standard_gamma", "out", out, "[None]")
    make = values_maker(standard_gamma, standard_gamma_f, dtype, size, "standard_gamma", 1)
    if float_dtype(dtype, "standard_gamma") is np.float64:
        def impl(gen, shape, size=None, dtype=None, out=None):
            s = np.float64(shape)
            _check_shape(s)
            return make(gen, size, s)
        return impl

    def impl32(gen, shape, size=None, dtype=None, out=None):
        s = np.float32(shape)
        _check_shape(s)
        return make(gen, size, s)

    return impl32
