"""cmath functions, cmath.rect and complex division on C99 Annex G special
values (signed zeros, infinities, nans): every result equals CPython's,
signs of zeros and infinities included. Where CPython raises ValueError
(a domain error) compiled code returns C99's value instead, as Numba does;
those inputs are left out."""

import cmath
import itertools
import math

import pytest

from support import cpython_differs, is_numba, jitted, numba_differs

SPECIAL = [-math.inf, -2.3, -0.0, 0.0, 2.3, math.inf, math.nan]
FUNCTIONS = ["sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
             "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"]


def _same_float(x, y):
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if x == 0 or y == 0 or math.isinf(x) or math.isinf(y):
        return x == y and math.copysign(1, x) == math.copysign(1, y)
    return abs(x - y) <= 4 * math.ulp(max(abs(x), abs(y)))


def _mismatches(cfunc, pyfunc, inputs):
    bad = []
    for args in inputs:
        try:
            want = pyfunc(*args)
        except (ValueError, OverflowError):
            continue
        got = cfunc(*args)
        if not (_same_float(got.real, want.real) and _same_float(got.imag, want.imag)):
            bad.append((args, want, got))
    return bad


def _unary(name):
    ns = {"cmath": cmath}
    exec("def f(z):\n    return cmath.%s(z)\n" % name, ns)
    return ns["f"]


# Numba 0.68 gives other signs or nans than CPython for some special values
# of these (its own tests use fewer special inputs): strict xfails under Numba
NUMBA_DIFFERS = {"sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "atanh"}
_REASON = "Numba's special values differ from CPython's on this grid"
_differs = numba_differs(_REASON)
_differs_mark = pytest.mark.xfail(is_numba, reason="numba differs: " + _REASON, strict=True)


@pytest.mark.parametrize("name", [pytest.param(n, marks=_differs_mark) if n in NUMBA_DIFFERS else n
                                  for n in FUNCTIONS])
def test_cmath_function_on_special_values(name):
    f = _unary(name)
    inputs = [(complex(re, im),) for re, im in itertools.product(SPECIAL, SPECIAL)]
    assert _mismatches(jitted(f), f, inputs) == []


@_differs
def test_rect_on_special_values():
    def f(r, phi):
        return cmath.rect(r, phi)
    assert _mismatches(jitted(f), f, list(itertools.product(SPECIAL, SPECIAL))) == []


def test_complex_division_on_special_values():
    def f(a, b):
        return a / b
    inputs = []
    for a, b, c, d in itertools.product(SPECIAL, repeat=4):
        if not (c == 0 and d == 0):
            inputs.append((complex(a, b), complex(c, d)))
    assert _mismatches(jitted(f), f, inputs) == []


@pytest.mark.parametrize("a, b", [
    (1e300 + 1e300j, 1e300 + 1e300j),      # the naive formula overflows to nan
    (1e-300 + 1e-300j, 1e-300j),           # |b|**2 underflows to 0
    (1 + 1j, 1e-200j), ((-0.0 - 0.0j), (-0.0 - 1j)),
])
def test_complex_division_without_spurious_overflow(a, b):
    def f(x, y):
        return x / y
    assert _mismatches(jitted(f), f, [(a, b)]) == []


def test_complex_division_by_zero_raises():
    def f(x, y):
        return x / y
    for zero in (0j, complex(-0.0, 0.0), complex(0.0, -0.0)):
        with pytest.raises(ZeroDivisionError):
            jitted(f)(1 + 1j, zero)


@pytest.mark.parametrize("z, base", [(2 + 3j, 10 + 0j), (1j, 2 + 0j), (-1 + 0j, 1j), (0.5 - 2j, 3 - 1j)])
def test_log_with_a_base(z, base):
    def f(x, b):
        return cmath.log(x, b)
    assert _mismatches(jitted(f), f, [(z, base)]) == []


@cpython_differs("CPython raises ValueError; Numba and pycomp ZeroDivisionError")
def test_log_with_base_one_divides_by_zero():
    def f(x, b):
        return cmath.log(x, b)
    with pytest.raises(ZeroDivisionError):
        jitted(f)(2 + 0j, 1 + 0j)
