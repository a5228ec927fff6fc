"""The discrete distributions of ``np.random.Generator`` in compiled code:
``poisson``, ``binomial``, ``negative_binomial``, ``geometric``,
``logseries`` and ``zipf`` (int64 values), drawing what NumPy's Generator
draws for the same bit generator state.

The algorithms are the published ones NumPy's Generator uses: Poisson by
multiplying uniforms below a mean of 10 and by Hormann's PTRS
(transformed rejection with squeeze, 1993) above; binomial by inversion
when ``n * min(p, 1 - p) <= 30`` and otherwise by Kachitvichyanukul and
Schmeiser's BTPE (1988); geometric by search (``p >= 1/3``) or inversion;
logseries by Kemp's second accelerated generator; zipf by Devroye's
rejection method. ``noncentral_chisquare`` and ``noncentral_f`` (float64)
are here too: below one degree of freedom they are Poisson mixtures of
chi-squares. The overloads are made by
:func:`pycomp.np.generator.define_method`.
"""

from __future__ import annotations

import math

import numpy as np

from pycomp.extending import register_jitable
from pycomp.np.generator import define_method, next_double
from pycomp.np.generator_continuous import chisquare, standard_gamma
from pycomp.np.generator_dists import negative, standard_exponential, standard_normal

__all__ = ["poisson", "binomial"]

_INT64_MAX = np.iinfo(np.int64).max
# BTPE's final test: log f(y) / f(m) has Stirling corrections +f1 +z -x1 -w;
# NumPy before 2.5 added all four (its draws are matched either way)
_TAIL_SIGN = -1.0 if tuple(int(v) for v in np.__version__.split(".")[:2]) >= (2, 5) else 1.0
_POISSON_LAM_MAX = float(np.iinfo(np.int64).max - np.sqrt(np.iinfo(np.int64).max) * 10)

# the Stirling series coefficients B(2k) / (2k (2k - 1)), k = 1..10
_STIRLING = np.array([8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
                      -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
                      6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
                      -1.39243221690590e+00])


@register_jitable
def loggam(x):
    """log(Gamma(x)) for x > 0 by the Stirling series, shifted up to 7."""
    if x == 1.0 or x == 2.0:
        return 0.0
    n = 0
    if x < 7.0:
        n = np.int64(7.0 - x)
    x0 = x + n
    x2 = (1.0 / x0) * (1.0 / x0)
    gl0 = _STIRLING[9]
    for k in range(8, -1, -1):
        gl0 *= x2
        gl0 += _STIRLING[k]
    gl = gl0 / x0 + 0.5 * 1.8378770664093453 + (x0 - 0.5) * math.log(x0) - x0
    if x < 7.0:
        for _ in range(n):
            gl -= math.log(x0 - 1.0)
            x0 -= 1.0
    return gl


# ------------------------------------------------------------------ poisson


@register_jitable
def _poisson_mult(gen, lam):
    """A Poisson variate of a small mean: count uniforms until their
    product falls below exp(-lam)."""
    enlam = math.exp(-lam)
    x = 0
    prod = 1.0
    while True:
        prod *= next_double(gen)
        if prod > enlam:
            x += 1
        else:
            return x


@register_jitable
def _poisson_ptrs(gen, lam):
    """A Poisson variate of mean >= 10 by transformed rejection with
    squeeze (Hormann's PTRS)."""
    slam = math.sqrt(lam)
    loglam = math.log(lam)
    b = 0.931 + 2.53 * slam
    a = -0.059 + 0.02483 * b
    invalpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2.0)
    while True:
        u = next_double(gen) - 0.5
        v = next_double(gen)
        us = 0.5 - math.fabs(u)
        k = np.int64(math.floor((2.0 * a / us + b) * u + lam + 0.43))
        if us >= 0.07 and v <= vr:
            return k
        if k < 0 or (us < 0.013 and v > us):
            continue
        if (math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b)
                <= -lam + k * loglam - loggam(k + 1.0)):
            return k


@register_jitable
def poisson(gen, lam):
    """One Poisson variate of mean ``lam`` (>= 0)."""
    if lam >= 10.0:
        return _poisson_ptrs(gen, lam)
    if lam == 0.0:
        return np.int64(0)
    return np.int64(_poisson_mult(gen, lam))


# ------------------------------------------------------------------ binomial


@register_jitable
def _binomial_inversion(gen, n, p):
    """A binomial variate by sequential search of the inverse CDF (small
    ``n * p``); restarts beyond a bound of 10 standard deviations."""
    q = 1.0 - p
    qn = math.exp(n * math.log(q))
    np_ = n * p
    bound = min(float(n), np_ + 10.0 * math.sqrt(np_ * q + 1.0))
    x = 0
    px = qn
    u = next_double(gen)
    while u > px:
        x += 1
        if x > bound:
            x = 0
            px = qn
            u = next_double(gen)
        else:
            u -= px
            px = ((n - x + 1) * p * px) / (x * q)
    return np.int64(x)


@register_jitable
def _stirling_tail(v):
    """The Stirling correction term of BTPE's final acceptance test."""
    v2 = v * v
    return (13680.0 - (462.0 - (132.0 - (99.0 - 140.0 / v2) / v2) / v2) / v2) / v / 166320.0


@register_jitable
def _binomial_btpe(gen, n, p):
    """A binomial variate by BTPE (triangle, parallelograms and
    exponential tails with squeezes; Kachitvichyanukul and Schmeiser)."""
    r = min(p, 1.0 - p)
    q = 1.0 - r
    fm = n * r + r
    m = np.int64(math.floor(fm))
    p1 = math.floor(2.195 * math.sqrt(n * r * q) - 4.6 * q) + 0.5
    xm = m + 0.5
    xl = xm - p1
    xr = xm + p1
    c = 0.134 + 20.5 / (15.3 + m)
    a = (fm - xl) / (fm - xl * r)
    laml = a * (1.0 + a / 2.0)
    a = (xr - fm) / (xr * q)
    lamr = a * (1.0 + a / 2.0)
    p2 = p1 * (1.0 + 2.0 * c)
    p3 = p2 + c / laml
    p4 = p3 + c / lamr
    nrq = n * r * q
    while True:
        u = next_double(gen) * p4
        v = next_double(gen)
        if u <= p1:
            # the triangle: accepted at once
            y = np.int64(math.floor(xm - p1 * v + u))
            break
        if u <= p2:
            # the parallelograms
            x = xl + (u - p1) / c
            v = v * c + 1.0 - math.fabs(m - x + 0.5) / p1
            if v > 1.0:
                continue
            y = np.int64(math.floor(x))
        elif u <= p3:
            # the left exponential tail
            y = np.int64(math.floor(xl + math.log(v) / laml))
            if y < 0 or v == 0.0:
                continue
            v = v * (u - p2) * laml
        else:
            # the right exponential tail
            y = np.int64(math.floor(xr - math.log(v) / lamr))
            if y > n or v == 0.0:
                continue
            v = v * (u - p3) * lamr
        k = abs(y - m)
        if not (k > 20 and k < nrq / 2.0 - 1):
            # explicit evaluation of f(y) / f(m)
            s = r / q
            a = s * (n + 1)
            f = 1.0
            if m < y:
                for i in range(m + 1, y + 1):
                    f *= a / i - s
            elif m > y:
                for i in range(y + 1, m + 1):
                    f /= a / i - s
            if v > f:
                continue
            break
        # the squeeze on log(v), then the final test with Stirling's formula
        rho = (k / nrq) * ((k * (k / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5)
        t = -k * k / (2.0 * nrq)
        big_a = math.log(v)
        if big_a < t - rho:
            break
        if big_a > t + rho:
            continue
        x1 = y + 1.0
        f1 = m + 1.0
        z = n + 1.0 - m
        w = n - y + 1.0
        bound = (xm * math.log(f1 / x1) + (n - m + 0.5) * math.log(z / w)
                 + (y - m) * math.log(w * r / (x1 * q))
                 + _stirling_tail(f1) + _stirling_tail(z)
                 + _TAIL_SIGN * (_stirling_tail(x1) + _stirling_tail(w)))
        if big_a > bound:
            continue
        break
    if p > 0.5:
        y = n - y
    return y


@register_jitable
def binomial(gen, n, p):
    """One binomial(n, p) variate (inversion or BTPE on min(p, 1 - p))."""
    if n == 0 or p == 0.0:
        return np.int64(0)
    if p <= 0.5:
        if p * n <= 30.0:
            return _binomial_inversion(gen, n, p)
        return _binomial_btpe(gen, n, p)
    q = 1.0 - p
    if q * n <= 30.0:
        return n - _binomial_inversion(gen, n, q)
    return n - _binomial_btpe(gen, n, q)


# ------------------------------------------------------------------ the others


@register_jitable
def negative_binomial(gen, n, p):
    """One negative binomial variate: a Poisson of a gamma mean."""
    y = standard_gamma(gen, n) * ((1.0 - p) / p)
    return poisson(gen, y)


@register_jitable
def geometric(gen, p):
    """One geometric variate (trials to the first success)."""
    if p >= 0.333333333333333333333333:
        x = 1
        total = p
        prod = p
        q = 1.0 - p
        u = next_double(gen)
        while u > total:
            prod *= q
            total += prod
            x += 1
        return np.int64(x)
    z = math.ceil(-standard_exponential(gen) / math.log1p(-p))
    if z >= 9.223372036854776e18:
        return np.int64(_INT64_MAX)
    return np.int64(z)


@register_jitable
def logseries(gen, p):
    """One logarithmic series variate (Kemp's second accelerated method)."""
    r = math.log1p(-p)
    while True:
        v = next_double(gen)
        if v >= p:
            return np.int64(1)
        u = next_double(gen)
        q = -math.expm1(r * u)
        if v <= q * q:
            result = np.int64(math.floor(1.0 + math.log(v) / math.log(q)))
            if result < 1 or v == 0.0:
                continue
            return result
        if v >= q:
            return np.int64(1)
        return np.int64(2)


@register_jitable
def zipf(gen, a):
    """One Zipf variate (Devroye's rejection from a continuous bound)."""
    if a >= 1025.0:
        return np.int64(1)
    am1 = a - 1.0
    b = math.pow(2.0, am1)
    # u is drawn from (umin, 1]: below umin, x would exceed the int64 range
    umin = math.pow(9.223372036854775807e18, -am1)
    while True:
        u = umin + (1.0 - umin) * (1.0 - next_double(gen))
        v = next_double(gen)
        x = math.floor(math.pow(u, -1.0 / am1))
        if x > 9.223372036854775807e18 or x < 1.0:
            continue
        t = math.pow(1.0 + 1.0 / x, am1)
        if v * x * (t - 1.0) / (b - 1.0) <= t / b:
            return np.int64(x)


# ------------------------------------------------------------------ the noncentral gamma family


@register_jitable
def noncentral_chisquare(gen, df, nonc):
    """One noncentral chi-square variate: a shifted normal squared plus a
    chi-square for df > 1, else a Poisson mixture of chi-squares."""
    if math.isnan(nonc):
        return math.nan
    if nonc == 0.0:
        return chisquare(gen, df)
    if 1.0 < df:
        chi2 = chisquare(gen, df - 1.0)
        n = standard_normal(gen) + math.sqrt(nonc)
        return chi2 + n * n
    i = poisson(gen, nonc / 2.0)
    return chisquare(gen, df + 2.0 * i)


@register_jitable
def noncentral_f(gen, dfnum, dfden, nonc):
    """One noncentral F variate."""
    t = noncentral_chisquare(gen, dfnum, nonc) * dfden
    return t / (chisquare(gen, dfden) * dfnum)


# ------------------------------------------------------------------ the methods

_ENV = {"poisson": poisson, "binomial": binomial, "negative_binomial": negative_binomial,
        "geometric": geometric, "logseries": logseries, "zipf": zipf, "negative": negative,
        "math": math, "noncentral_chisquare": noncentral_chisquare, "noncentral_f": noncentral_f}


def _define(what, params, draw, checks, ints=""):
    define_method(what, params, draw, checks, ints=ints, result="int64", env=_ENV)


_define("poisson", "lam=1.0", "poisson(gen, lam)",
        [("not (lam >= 0.0)", "lam < 0 or lam is NaN"),
         ("lam > %r" % _POISSON_LAM_MAX, "lam value too large")])
_define("binomial", "n, p", "binomial(gen, n, p)",
        [("n < 0", "n < 0"), ("not (p >= 0.0 and p <= 1.0)", "p < 0, p > 1 or p is NaN")],
        ints="n")
_define("negative_binomial", "n, p", "negative_binomial(gen, n, p)",
        [("n <= 0.0", "n <= 0"), ("math.isnan(n)", "n must not be NaN"),
         ("not (p > 0.0 and p <= 1.0)", "p <= 0, p > 1 or p contains NaNs")])
_define("geometric", "p", "geometric(gen, p)",
        [("not (p > 0.0 and p <= 1.0)", "p <= 0, p > 1 or p contains NaNs")])
_define("logseries", "p", "logseries(gen, p)",
        [("not (p >= 0.0 and p < 1.0)", "p < 0, p >= 1 or p is NaN")])
_define("zipf", "a", "zipf(gen, a)", [("not (a > 1.0)", "a <= 1 or a is NaN")])
define_method("noncentral_chisquare", "df, nonc", "noncentral_chisquare(gen, df, nonc)",
              [("df <= 0.0", "df <= 0"), ("negative(nonc)", "nonc < 0")], env=_ENV)
define_method("noncentral_f", "dfnum, dfden, nonc", "noncentral_f(gen, dfnum, dfden, nonc)",
              [("dfnum <= 0.0", "dfnum <= 0"), ("dfden <= 0.0", "dfden <= 0"),
               ("negative(nonc)", "nonc < 0")], env=_ENV)
