"""Differential tests: the math and cmath modules on scalars, and the numeric
builtins (abs, min, max, int, float, complex, bool, round, pow, divmod, len)."""

import cmath
import math

import numpy as np
import pytest

from support import check, cpython_differs, numba_differs

INF = float("inf")
NAN = float("nan")

# ------------------------------------------------------------------ math, one argument


def m_sqrt(x):
    return math.sqrt(x)


def m_exp(x):
    return math.exp(x)


def m_exp2(x):
    return math.exp2(x)


def m_expm1(x):
    return math.expm1(x)


def m_log(x):
    return math.log(x)


def m_log10(x):
    return math.log10(x)


def m_log2(x):
    return math.log2(x)


def m_log1p(x):
    return math.log1p(x)


def m_sin(x):
    return math.sin(x)


def m_cos(x):
    return math.cos(x)


def m_tan(x):
    return math.tan(x)


def m_asin(x):
    return math.asin(x)


def m_acos(x):
    return math.acos(x)


def m_atan(x):
    return math.atan(x)


def m_sinh(x):
    return math.sinh(x)


def m_cosh(x):
    return math.cosh(x)


def m_tanh(x):
    return math.tanh(x)


def m_asinh(x):
    return math.asinh(x)


def m_acosh(x):
    return math.acosh(x)


def m_atanh(x):
    return math.atanh(x)


def m_fabs(x):
    return math.fabs(x)


def m_degrees(x):
    return math.degrees(x)


def m_radians(x):
    return math.radians(x)


def m_erf(x):
    return math.erf(x)


def m_erfc(x):
    return math.erfc(x)


def m_gamma(x):
    return math.gamma(x)


def m_lgamma(x):
    return math.lgamma(x)


POSITIVE = [0.5, 1.0, 2.0, 10.0, 1e-300, 1e300, INF]
ANY = [0.0, -0.0, 0.5, -0.5, 1.0, -2.25, 3.0, 100.0, -1e-10, INF, -INF, NAN]
UNIT = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 0.999]
ANGLE = [0.0, -0.0, 0.5, -1.25, 3.0, 100.0, 1e6]

UNARY_CASES = {
    m_sqrt: POSITIVE + [0.0, -0.0, 2.25],
    m_exp: ANY + [700.0, -745.5],
    m_exp2: ANY + [1023.5, -1074.0],
    m_expm1: ANY + [1e-300],
    m_log: POSITIVE + [math.e],
    m_log10: POSITIVE + [1000.0],
    m_log2: POSITIVE + [1024.0],
    m_log1p: POSITIVE + [0.0, -0.0, -0.5, 1e-17],
    m_sin: ANGLE,
    m_cos: ANGLE,
    m_tan: ANGLE,
    m_asin: UNIT,
    m_acos: UNIT,
    m_atan: ANY,
    m_sinh: [0.0, -0.0, 0.5, -3.0, 700.0, INF, -INF, NAN],
    m_cosh: [0.0, -0.0, 0.5, -3.0, 700.0, INF, -INF, NAN],
    m_tanh: [0.0, -0.0, 0.5, -3.0, 30.0, INF, -INF, NAN],
    m_asinh: ANY,
    m_acosh: [1.0, 1.5, 1e10, INF],
    m_atanh: [0.0, -0.0, 0.5, -0.999],
    m_fabs: ANY,
    m_degrees: ANY,
    m_radians: ANY,
    m_erf: ANY,
    m_erfc: ANY + [10.0, -10.0],
    m_gamma: [0.5, 1.0, 5.0, 10.5, -0.5, -2.5, 171.5, INF, NAN],
    m_lgamma: [0.5, 1.0, 2.0, 5.0, 10.5, -0.5, -2.5, 1e10, INF, NAN],
}
UNARY_PARAMS = [pytest.param(f, x, id="%s-%r" % (f.__name__[2:], x))
                for f, xs in UNARY_CASES.items() for x in xs]


# CPython computes gamma and lgamma itself; libm's differ in the last digits
LOOSE = {m_gamma: 1e-13, m_lgamma: 1e-13}


@pytest.mark.parametrize("func,x", UNARY_PARAMS)
def test_math_unary_float(func, x):
    # libm results may differ from CPython's in the last bit or two
    check(func, x, rtol=LOOSE.get(func, 4e-15))


def m_all_int(n):
    # int arguments convert to float; every result is a float
    return (math.sqrt(n), math.exp(n), math.exp2(n), math.expm1(n), math.log(n), math.log10(n),
            math.log2(n), math.log1p(n), math.sin(n), math.cos(n), math.tan(n), math.asin(n),
            math.acos(n), math.atan(n), math.sinh(n), math.cosh(n), math.tanh(n), math.asinh(n),
            math.acosh(n), math.fabs(n), math.degrees(n), math.radians(n), math.erf(n),
            math.erfc(n), math.gamma(n), math.lgamma(n), math.atan2(n, n), math.hypot(n, n),
            math.copysign(n, -n), math.pow(n, n), math.ldexp(n, n))


def test_math_int_arguments():
    check(m_all_int, 1, rtol=1e-13)


def m_atanh_int(n):
    return math.atanh(n)


def test_math_int_argument_atanh():
    check(m_atanh_int, 0)


# ------------------------------------------------------------------ floor / ceil / trunc

def m_floor(x):
    return math.floor(x)


def m_ceil(x):
    return math.ceil(x)


def m_trunc(x):
    return math.trunc(x)


def m_floor_ceil_trunc(x):
    return math.floor(x), math.ceil(x), math.trunc(x)


@pytest.mark.parametrize("x", [2.5, -2.5, 2.0, -0.0, 0.999, -0.999, 1e15 + 0.5, -(2.0**62), 7, -7, True])
def test_floor_ceil_trunc_return_int(x):
    got = check(m_floor_ceil_trunc, x)
    assert all(type(v) is int for v in got)


@pytest.mark.parametrize("func", [m_floor, m_ceil, m_trunc])
def test_floor_ceil_trunc_alone(func):
    check(func, -2.5)


# ------------------------------------------------------------------ math, two arguments

def m_atan2(y, x):
    return math.atan2(y, x)


def m_hypot(x, y):
    return math.hypot(x, y)


def m_copysign(x, y):
    return math.copysign(x, y)


def m_pow(x, y):
    return math.pow(x, y)


def m_log_base(x, base):
    return math.log(x, base)


def m_fmod(x, y):
    return math.fmod(x, y)


def m_ldexp(x, n):
    return math.ldexp(x, n)


def m_nextafter(x, y):
    return math.nextafter(x, y)


BINARY_CASES = {
    m_atan2: [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (0.0, -0.0), (-0.0, -0.0), (0.0, 0.0), (INF, INF),
              (-INF, 1.0), (1.0, INF), (NAN, 1.0)],
    m_hypot: [(3.0, 4.0), (-3.0, 4.0), (1e300, 1e300), (1e-300, 1e-300), (INF, NAN), (0.0, 0.0)],
    m_copysign: [(1.0, -0.0), (-2.5, 3.0), (INF, -1.0), (0.0, -1.0), (NAN, -1.0)],
    m_pow: [(2.0, 10.0), (2.0, -1.0), (-2.0, 3.0), (9.0, 0.5), (0.0, 0.0), (INF, 0.0), (1.0, NAN),
            (-1.0, INF), (10.0, -300.0)],
    m_ldexp: [(1.0, 10), (0.75, -3), (-1.5, 100), (1.0, -1074)],
    m_nextafter: [(1.0, 2.0), (1.0, 0.0), (0.0, -1.0), (1.0, 1.0), (INF, 0.0)],
}
BINARY_PARAMS = [pytest.param(f, x, y, id="%s-%r-%r" % (f.__name__[2:], x, y))
                 for f, xys in BINARY_CASES.items() for x, y in xys]


@pytest.mark.parametrize("func,x,y", BINARY_PARAMS)
def test_math_binary(func, x, y):
    check(func, x, y, rtol=4e-15)


@numba_differs("Numba does not implement math.log with a base argument")
@pytest.mark.parametrize("x,base", [(8.0, 2.0), (0.5, 4.0), (1e300, 7.5)])
def test_math_log_two_arguments(x, base):
    check(m_log_base, x, base, rtol=4e-15)


@numba_differs("Numba does not implement math.fmod")
@pytest.mark.parametrize("x,y", [(-7.5, 2.0), (7.5, -2.0), (-0.0, 3.0), (1e300, 3.0)])
def test_math_fmod(x, y):
    check(m_fmod, x, y)


# ------------------------------------------------------------------ classification, frexp, gcd

def m_classify(x):
    return math.isnan(x), math.isinf(x), math.isfinite(x)


@pytest.mark.parametrize("x", [0.0, -1.5, INF, -INF, NAN, 1e308, 5, -5])
def test_isnan_isinf_isfinite(x):
    check(m_classify, x)


def m_frexp(x):
    return math.frexp(x)


@pytest.mark.parametrize("x", [0.0, 1.0, -2.5, 1e300, 5e-324, 0.1])
def test_frexp(x):
    check(m_frexp, x)


def m_gcd(a, b):
    return math.gcd(a, b)


@pytest.mark.parametrize("a,b", [(12, 18), (-12, 18), (0, 5), (0, 0), (17, 5), (2**40, 2**35 * 3)])
def test_gcd(a, b):
    check(m_gcd, a, b)


# ------------------------------------------------------------------ constants

def m_constants():
    return math.pi, math.e, math.tau, math.inf, -math.inf, math.nan


def test_math_constants():
    check(m_constants)


def circle_area(r):
    return math.pi * r * r


def test_math_constant_in_expression():
    check(circle_area, 2.0)


# ------------------------------------------------------------------ float32 arguments

@cpython_differs("math functions on float32 compute in single precision "
                 "(CPython converts to float64); compared to 1e-6")
def m_float32(x):
    return math.sqrt(x), math.exp(x), math.sin(x), math.log(x), math.atan(x), math.floor(x)


def test_math_float32_argument():
    check(m_float32, np.float32(0.7), rtol=1e-6)


# ------------------------------------------------------------------ cmath

def c_sqrt(z):
    return cmath.sqrt(z)


def c_exp(z):
    return cmath.exp(z)


def c_log(z):
    return cmath.log(z)


def c_log10(z):
    return cmath.log10(z)


def c_trig(z):
    return cmath.sin(z), cmath.cos(z), cmath.tan(z), cmath.asin(z), cmath.acos(z), cmath.atan(z)


def c_hyperbolic(z):
    return cmath.sinh(z), cmath.cosh(z), cmath.tanh(z), cmath.asinh(z), cmath.acosh(z), cmath.atanh(z)


def c_phase(z):
    return cmath.phase(z)


def c_polar(z):
    return cmath.polar(z)


def c_abs(z):
    return abs(z)


def c_classify(z):
    return cmath.isnan(z), cmath.isinf(z), cmath.isfinite(z)


COMPLEX_VALUES = [1 + 1j, -1 + 0.5j, -2 - 3j, 0.5 - 0.25j, 3 + 0j, -4 + 0j, 2j, 20 + 1e-3j]
# trigonometric and hyperbolic functions share a function each, to compile less
CMATH = [c_sqrt, c_exp, c_log, c_log10, c_trig, c_hyperbolic, c_phase, c_polar, c_abs]


@pytest.mark.parametrize("z", COMPLEX_VALUES)
@pytest.mark.parametrize("func", CMATH, ids=[f.__name__[2:] for f in CMATH])
def test_cmath(func, z):
    check(func, z, rtol=1e-13, atol=1e-15)


@pytest.mark.parametrize("z", [1 + 1j, complex(INF, 0), complex(NAN, 1), complex(1, -INF), 0j])
def test_cmath_classify(z):
    check(c_classify, z)


@pytest.mark.parametrize("x", [4.0, -4.0])
def test_cmath_sqrt_of_real(x):
    check(c_sqrt, x)


def c_rect(r, phi):
    return cmath.rect(r, phi)


@pytest.mark.parametrize("r,phi", [(1.0, 0.0), (2.0, math.pi / 2), (1.5, -2.0), (0.0, 1.0)])
def test_cmath_rect(r, phi):
    check(c_rect, r, phi, rtol=1e-13, atol=1e-15)


def c_polar_roundtrip(z):
    r, phi = cmath.polar(z)
    return cmath.rect(r, phi)


def test_cmath_polar_rect_roundtrip():
    check(c_polar_roundtrip, -3 + 4j, rtol=1e-13)


def c_constants():
    return cmath.pi, cmath.e


def test_cmath_constants():
    check(c_constants)


def complex_parts(z):
    return z.real, z.imag, z.conjugate()


@pytest.mark.parametrize("z", [1 + 2j, -0.0 - 1j])
def test_complex_attributes(z):
    check(complex_parts, z)


# ------------------------------------------------------------------ abs / min / max

def b_abs(x):
    return abs(x)


@pytest.mark.parametrize("x", [5, -5, 0, -(2**62), 2.5, -2.5, -0.0, -INF, NAN, True, 3 - 4j])
def test_abs(x):
    check(b_abs, x)


def b_min2(a, b):
    return min(a, b)


def b_max2(a, b):
    return max(a, b)


def b_min3(a, b, c):
    return min(a, b, c)


def b_max3(a, b, c):
    return max(a, b, c)


def b_min_tuple(t):
    return min(t)


def b_max_tuple(t):
    return max(t)


@pytest.mark.parametrize("func", [b_min2, b_max2])
@pytest.mark.parametrize("a,b", [(1, 2), (2, 1), (-3, -3), (1.5, -2.5), (2.5, 2.5)])
def test_min_max_two(func, a, b):
    check(func, a, b)


@pytest.mark.parametrize("func", [b_min3, b_max3])
@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (3, 1, 2), (2, 3, 1), (5, 5, 1), (-1.5, 0.5, -7.0)])
def test_min_max_three(func, a, b, c):
    check(func, a, b, c)


@pytest.mark.parametrize("func", [b_min_tuple, b_max_tuple])
@pytest.mark.parametrize("t", [(4, 1, 7, 1, -3), (0.5, -0.25, 8.0, 3.0)])
def test_min_max_tuple(func, t):
    check(func, t)


@cpython_differs("min/max unify their argument types: an int result comes back as float")
@pytest.mark.parametrize("func,a,b,expected", [(b_max2, 3, 2.5, 3.0), (b_min2, 1, 2.5, 1.0), (b_max2, 1, 2.5, 2.5)])
def test_min_max_mixed_types(func, a, b, expected):
    check(func, a, b, expected=expected)


# ------------------------------------------------------------------ conversions

def b_int(x):
    return int(x)


def b_float(x):
    return float(x)


def b_bool(x):
    return bool(x)


def b_complex1(x):
    return complex(x)


def b_complex2(x, y):
    return complex(x, y)


@pytest.mark.parametrize("x", [2.7, -2.7, 0.5, -0.0, 1e15 + 0.5, 7, True, False])
def test_int_conversion(x):
    check(b_int, x)


@pytest.mark.parametrize("x", [np.float32(2.75), np.uint8(200)])
def test_int_conversion_numpy_scalars(x):
    check(b_int, x)


@pytest.mark.parametrize("x", [3, -3, 2**53 + 1, 2.5, np.float32(0.1)])
def test_float_conversion(x):
    check(b_float, x)


@pytest.mark.parametrize("x", [0, 5, -1, 0.0, -0.0, NAN, 2.5, 0j, 1j, True, False])
def test_bool_conversion(x):
    check(b_bool, x)


@pytest.mark.parametrize("x", [1, 2.5, 1 - 1j])
def test_complex_one_argument(x):
    check(b_complex1, x)


@pytest.mark.parametrize("x,y", [(1, 2), (1.5, -2.5), (0.0, -0.0), (3, 0.5)])
def test_complex_two_arguments(x, y):
    check(b_complex2, x, y)


# ------------------------------------------------------------------ round

def b_round1(x):
    return round(x)


def b_round2(x, n):
    return round(x, n)


@pytest.mark.parametrize("x", [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 2.4999, 2.5001, -0.0, 1e15 + 0.5,
                               4503599627370497.0, 7.0])
def test_round_one_argument_bankers(x):
    got = check(b_round1, x)
    assert type(got) is int


def test_round_int():
    check(b_round1, 7)


@pytest.mark.parametrize("x,n", [(2.5, 0), (3.5, 0), (-2.5, 0), (0.125, 2), (0.375, 2), (1.25, 1),
                                 (1.35, 1), (12345.6789, -2), (12350.0, -2), (-0.5, 0), (3.14159, 3),
                                 (1e300, 2), (INF, 2), (NAN, 1), (0.0, 5)])
def test_round_two_arguments(x, n):
    got = check(b_round2, x, n)
    assert type(got) is float


# ------------------------------------------------------------------ pow / divmod / len

def b_pow(x, y):
    return pow(x, y)


@pytest.mark.parametrize("x,y", [(2, 10), (-3, 3), (2.0, 0.5), (1.5, -0.5)])
def test_pow_builtin(x, y):
    check(b_pow, x, y)


# divmod is covered with the operators in test_lang_arith.py


def b_len_tuple_range(t, n):
    return len(t) + len(range(n)) * 10 + len(range(1, n, 3)) * 100


@pytest.mark.parametrize("n", [0, 1, 10, -3])
def test_len_builtin(n):
    check(b_len_tuple_range, (1, 2, 3), n)


def b_sum_range(n):
    total = 0
    for i in range(n):
        total += i
    return total, sum((1, 2, 3))


def test_sum_builtin_on_tuple():
    check(b_sum_range, 5)
