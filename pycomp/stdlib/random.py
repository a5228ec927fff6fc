"""Python's ``random`` module in compiled code, as Numba supports it.

Compiled code draws from a Mersenne Twister of its own per thread
(csrc/random.c ``pycomp_pyrandom_*``), apart from the one ``np.random``
uses, so the two streams are independent. ``random.seed(n)`` seeds it as
``np.random.seed(n)`` seeds NumPy's (Numba's choice; ``n`` is taken modulo
``2**32``, as Numba's uint32 argument takes it); an unseeded thread's state
is seeded from the OS. On that stream:

- as Numba, ``gauss``, ``normalvariate`` and ``lognormvariate`` draw
  NumPy's legacy normals (the polar method, the pair's second value kept);
- the others follow CPython's algorithms, so a ``random.Random`` in the
  same Mersenne Twister state draws the same values: ``random()`` (53 bits
  of two 32-bit words), ``getrandbits(k)`` (k <= 64), ``randrange`` and
  ``randint`` (rejection on ``getrandbits`` of the range's bit length),
  ``uniform``, ``triangular``, ``expovariate``, ``gammavariate``,
  ``betavariate``, ``paretovariate``, ``weibullvariate``,
  ``vonmisesvariate`` and ``shuffle`` of an array (along its first axis).
"""

from __future__ import annotations

import math
import random

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import intrinsic, overload, register_jitable
from pycomp.np.random import bind_symbols, double_call, seed_call

__all__ = []

_SYMBOLS = ("pycomp_pyrandom_seed", "pycomp_pyrandom_next32", "pycomp_pyrandom_double", "pycomp_pyrandom_gauss",
            "pycomp_pyrandom_gammavariate", "pycomp_pyrandom_vonmisesvariate")
_bound = False


def _bind() -> None:
    global _bound
    if not _bound:
        bind_symbols(_SYMBOLS)
        _bound = True


# ------------------------------------------------------------------ the C calls

_seed = seed_call("pycomp_pyrandom_seed", _bind)
_random = double_call("pycomp_pyrandom_double", _bind)
_gauss = double_call("pycomp_pyrandom_gauss", _bind)
_gamma1 = double_call("pycomp_pyrandom_gammavariate", _bind, 1)  # gammavariate(alpha, 1.0)
_vonmises = double_call("pycomp_pyrandom_vonmisesvariate", _bind, 2)


@intrinsic
def _word(typingctx):
    """The next 32-bit word of this thread's stream, as a uint64."""

    def codegen(context, builder, sig, args):
        from pycomp.targets.datamodel import I32, I64

        _bind()
        context.declare("pycomp_pyrandom_next32", I32, [])
        return builder.cast("zext", builder.call("pycomp_pyrandom_next32", [], I32), I64)

    return types.uint64(), codegen


@register_jitable
def _getrandbits(k):
    """``k`` (0..64) random bits as a uint64: the first word is the low one;
    the last keeps its high bits when fewer than 32 are left (CPython's
    order); no word is drawn for ``k == 0``."""
    if k == 0:
        return np.uint64(0)
    if k <= 32:
        return _word() >> np.uint64(32 - k)
    low = _word()
    high = _word() >> np.uint64(64 - k)
    return low | (high << np.uint64(32))


@register_jitable
def _bit_length(n):
    k = 0
    while n:
        n >>= 1
        k += 1
    return k


@register_jitable
def _randbelow(n):
    """A uniform integer in ``[0, n)`` (n >= 0): ``getrandbits`` of n's bit
    length, drawn again while it is not below ``n``."""
    k = _bit_length(n)
    un = np.uint64(n)
    r = _getrandbits(k)
    while r >= un:
        r = _getrandbits(k)
    return np.int64(r)


def _int(t):
    return isinstance(t, types.Integer)


def _real(t):
    return isinstance(t, (types.Integer, types.Float))


def _omitted(t):
    return t is None or isinstance(t, (types.Omitted, types.NoneType))


# ------------------------------------------------------------------ seeding, bits, integers


@overload(random.seed)
def ov_seed(a=None):
    """``random.seed(n)``: seed this thread's state with ``n`` modulo ``2**32``."""
    if not _int(a):
        raise TypingError("random.seed(): the seed must be an integer, not %s" % (a,))

    def impl(a=None):
        _seed(np.int64(a) & 0xFFFFFFFF)

    return impl


@overload(random.random)
def ov_random():
    """``random.random()``: a float in [0, 1) with 53 random bits."""
    return lambda: _random()


@overload(random.getrandbits)
def ov_getrandbits(k):
    """``random.getrandbits(k)``: an integer of ``k`` random bits (k <= 64)."""
    if not _int(k):
        raise TypingError("random.getrandbits(): k must be an integer, not %s" % (k,))

    def impl(k):
        if k < 0 or k > 64:  # OverflowError for both, as in Numba (CPython: ValueError below 0)
            raise OverflowError("random.getrandbits(): k must be in [0, 64] in compiled code")
        return _getrandbits(k)

    return impl


@register_jitable
def _randrange(start, stop, step):
    width = stop - start
    if step == 1:
        if width > 0:
            return start + _randbelow(width)
        raise ValueError("empty range for randrange()")
    if step > 0:
        n = (width + step - 1) // step
    elif step < 0:
        n = (width + step + 1) // step
    else:
        raise ValueError("zero step for randrange()")
    if n <= 0:
        raise ValueError("empty range for randrange()")
    return start + step * _randbelow(n)


@overload(random.randrange)
def ov_randrange(start, stop=None, step=None):
    """``random.randrange(stop)``, ``(start, stop)``, ``(start, stop, step)``."""
    for what, t in (("start", start), ("stop", stop), ("step", step)):
        if not (_int(t) or (what != "start" and _omitted(t))):
            raise TypingError("random.randrange(): %s must be an integer, not %s" % (what, t))
    if _omitted(stop):
        if not _omitted(step):
            raise TypingError("random.randrange(): a step needs a stop")

        def below(start, stop=None, step=None):
            if start > 0:
                return np.int64(_randbelow(start))
            raise ValueError("empty range for randrange()")
        return below
    if _omitted(step):
        return lambda start, stop=None, step=None: np.int64(_randrange(np.int64(start), np.int64(stop), 1))
    return lambda start, stop=None, step=None: np.int64(_randrange(np.int64(start), np.int64(stop),
                                                                   np.int64(step)))


@overload(random.randint)
def ov_randint(a, b):
    """``random.randint(a, b)``: an integer in ``[a, b]``."""
    if not (_int(a) and _int(b)):
        raise TypingError("random.randint(): a and b must be integers, not %s and %s" % (a, b))
    return lambda a, b: _randrange(np.int64(a), np.int64(b) + 1, 1)


# ------------------------------------------------------------------ real distributions


def _reals(name, *args):
    for t in args:
        if not _real(t):
            raise TypingError("random.%s(): the parameters must be real numbers, not %s" % (name, t))


@overload(random.uniform)
def ov_uniform(a, b):
    """``random.uniform(a, b)``: ``a + (b - a) * random()``."""
    _reals("uniform", a, b)
    return lambda a, b: a + (b - a) * _random()


@overload(random.triangular)
def ov_triangular(low=0.0, high=1.0, mode=None):
    """``random.triangular(low, high, mode)``; ``mode`` the midpoint when left out."""
    _reals("triangular", *(t for t in (low, high) if not _omitted(t)))
    if _omitted(mode):
        return lambda low=0.0, high=1.0, mode=None: _triangular(np.float64(low), np.float64(high), 0.5)
    _reals("triangular", mode)
    return lambda low=0.0, high=1.0, mode=None: _triangular(
        np.float64(low), np.float64(high), (mode - low) / (high - low) if high != low else -1.0)


@register_jitable
def _triangular(low, high, c):
    u = _random()
    if c == -1.0:  # high == low
        return low
    if u > c:
        u = 1.0 - u
        c = 1.0 - c
        low, high = high, low
    return low + (high - low) * math.sqrt(u * c)


@overload(random.gauss)
def ov_gauss(mu=0.0, sigma=1.0):
    """``random.gauss(mu, sigma)``: np.random's normal draws, as in Numba."""
    _reals("gauss", *(t for t in (mu, sigma) if not _omitted(t)))
    return lambda mu=0.0, sigma=1.0: mu + _gauss() * sigma


@overload(random.normalvariate)
def ov_normalvariate(mu=0.0, sigma=1.0):
    """``random.normalvariate(mu, sigma)``: the same draws as ``gauss``, as in Numba."""
    _reals("normalvariate", *(t for t in (mu, sigma) if not _omitted(t)))
    return lambda mu=0.0, sigma=1.0: mu + _gauss() * sigma


@overload(random.lognormvariate)
def ov_lognormvariate(mu, sigma):
    """``random.lognormvariate(mu, sigma)``: ``exp`` of a ``gauss`` draw."""
    _reals("lognormvariate", mu, sigma)
    return lambda mu, sigma: math.exp(mu + _gauss() * sigma)


@overload(random.expovariate)
def ov_expovariate(lambd=1.0):
    """``random.expovariate(lambd)``: ``-log(1 - random()) / lambd``."""
    _reals("expovariate", *(t for t in (lambd,) if not _omitted(t)))
    return lambda lambd=1.0: -math.log(1.0 - _random()) / lambd


@register_jitable
def _gammavariate(alpha, beta):
    """CPython's choices of method (Cheng's above 1, an exponential at 1,
    Ahrens-Dieter's GS below), in its order of draws: C
    ``pycomp_pyrandom_gammavariate``."""
    if alpha <= 0.0 or beta <= 0.0:
        raise ValueError("gammavariate: alpha and beta must be > 0.0")
    return _gamma1(alpha) * beta


@overload(random.gammavariate)
def ov_gammavariate(alpha, beta):
    """``random.gammavariate(alpha, beta)``."""
    _reals("gammavariate", alpha, beta)
    return lambda alpha, beta: _gammavariate(np.float64(alpha), np.float64(beta))


@overload(random.betavariate)
def ov_betavariate(alpha, beta):
    """``random.betavariate(alpha, beta)``: from two gamma draws."""
    _reals("betavariate", alpha, beta)

    def impl(alpha, beta):
        y = _gammavariate(np.float64(alpha), 1.0)
        if y == 0.0:
            return 0.0
        return y / (y + _gammavariate(np.float64(beta), 1.0))
    return impl


@overload(random.paretovariate)
def ov_paretovariate(alpha):
    """``random.paretovariate(alpha)``."""
    _reals("paretovariate", alpha)
    return lambda alpha: (1.0 - _random()) ** (-1.0 / alpha)


@overload(random.weibullvariate)
def ov_weibullvariate(alpha, beta):
    """``random.weibullvariate(alpha, beta)``."""
    _reals("weibullvariate", alpha, beta)
    return lambda alpha, beta: alpha * (-math.log(1.0 - _random())) ** (1.0 / beta)


@overload(random.vonmisesvariate)
def ov_vonmisesvariate(mu, kappa):
    """``random.vonmisesvariate(mu, kappa)``: Best and Fisher's method."""
    _reals("vonmisesvariate", mu, kappa)
    return lambda mu, kappa: _vonmises(np.float64(mu), np.float64(kappa))


@overload(random.shuffle)
def ov_shuffle(x):
    """``random.shuffle(a)`` of an array, along its first axis (Fisher-Yates
    from the end, as CPython shuffles a list)."""
    if not isinstance(x, types.Array) or x.ndim < 1:
        raise TypingError("random.shuffle(): the argument must be an array, not %s" % (x,))
    if x.ndim == 1:
        def impl(x):
            for i in range(x.shape[0] - 1, 0, -1):
                j = _randbelow(i + 1)
                x[i], x[j] = x[j], x[i]
        return impl

    def impl_rows(x):
        for i in range(x.shape[0] - 1, 0, -1):
            j = _randbelow(i + 1)
            if i != j:
                row = x[i].copy()
                x[i] = x[j]
                x[j] = row
    return impl_rows
