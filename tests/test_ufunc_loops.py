"""Ufunc loops against NumPy: complex exp2/expm1/log1p/log2/rint and
extrema, complex power with a zero base, comparisons of signed with
unsigned 64-bit integers, the datetime64/timedelta64 loops (extrema,
predicates, sign, ``td // float``, results written into an out array of
a finer unit), the two-output ufuncs np.frexp/np.modf/np.divmod, and the
layout (C or F) of a new result array."""

import warnings

import numpy as np
import pytest

from support import TypingError, as_f, check, is_numba, jitted, negstrided, no_leaks, numba_differs, strided

if is_numba:
    from numba.core.errors import LoweringError
else:
    from pycomp.errors import LoweringError

NAN = float("nan")
INF = float("inf")

#: complex values with signed zeros, nans and infinities in either part
COMPLEX_VALUES = [-(0.0 + 1.0j), 1.5 + 1.5j, complex(NAN, NAN), 0j, complex(-2.5, 0.5), complex(0.25, -3.0),
                  complex(NAN, 1.0), complex(1.0, NAN), complex(INF, 0.0), complex(-0.0, 0.0)]


def _numpy(fn, *args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return fn(*args)


def exp2(x):
    return np.exp2(x)


def expm1(x):
    return np.expm1(x)


def log1p(x):
    return np.log1p(x)


def log2(x):
    return np.log2(x)


def rint(x):
    return np.rint(x)


# ------------------------------------------------------------------ complex math

@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("fn", [exp2, expm1, log1p, log2, rint], ids=lambda f: f.__name__)
def test_complex_math_arrays(fn, dtype):
    a = np.array(COMPLEX_VALUES, dtype=dtype)
    want = _numpy(fn, a)
    with no_leaks():
        got = jitted(fn)(a)
        assert got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=2e-6 if dtype == np.complex64 else 1e-14, equal_nan=True)
        del got


@pytest.mark.parametrize("fn", [exp2, expm1, log1p, log2, rint], ids=lambda f: f.__name__)
def test_complex_math_scalars(fn):
    for z in (1.5 + 1.5j, -(0.0 + 1.0j), complex(-2.5, 0.5)):
        check(fn, z, rtol=1e-14)


@numba_differs("Numba's complex expm1 is exp(z) - 1, which loses the digits of a result near 0")
def test_complex_expm1_near_zero():
    check(expm1, 1e-9 + 2e-9j, rtol=1e-14)
    check(expm1, np.array([1e-9 + 2e-9j, -3e-12 + 1e-12j]), rtol=1e-14)


def test_complex_math_2d_layouts():
    a = np.array(COMPLEX_VALUES[:10]).reshape(2, 5)
    for x in (a, as_f(a), strided(a), negstrided(a)):
        with no_leaks():
            check(expm1, x)
            check(log1p, x)


def maximum(x, y):
    return np.maximum(x, y)


def minimum(x, y):
    return np.minimum(x, y)


def fmax(x, y):
    return np.fmax(x, y)


def fmin(x, y):
    return np.fmin(x, y)


EXTREMA = [maximum, minimum, fmax, fmin]


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("fn", EXTREMA, ids=lambda f: f.__name__)
def test_complex_extrema(fn, dtype):
    vals = np.array(COMPLEX_VALUES + [1.5 + 2j, 1.5 + 1j], dtype=dtype)
    x = np.repeat(vals, len(vals))
    y = np.tile(vals, len(vals))
    want = _numpy(fn, x, y)
    with no_leaks():
        got = jitted(fn)(x, y)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)  # nan+nanj equal to itself; both parts compared
        del got


def test_complex_extrema_scalars():
    for fn in EXTREMA:
        check(fn, 1 + 2j, 1 + 3j)
        check(fn, 2 + 0j, 1 + 3j)


def power(x, y):
    return np.power(x, y)


def float_power(x, y):
    return np.float_power(x, y)


@numba_differs("Numba 0.68 gives nan+nanj for a zero base and an exponent of positive real part and nonzero "
               "imaginary part (NumPy 1's rule); NumPy 2 gives 0")
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("fn", [power, float_power], ids=lambda f: f.__name__)
def test_complex_power_zero_base(fn, dtype):
    """A zero base gives 1 for a zero exponent, 0 for one of positive real
    part (whatever its imaginary part), nan+nanj otherwise, without ZeroDivisionError; other bases as NumPy."""
    if fn is float_power and dtype == np.complex64:
        dtype = np.complex128  # float_power has no complex64 loop
    exps = np.array([0j, 2.5 + 0j, -1 + 0j, 1j, complex(NAN, 0.0), 1.5 + 1.5j, 1.5 - 1.5j, complex(0.5, NAN),
                     complex(INF, NAN), complex(1.0, INF), complex(-0.0, 1.0), complex(0.0, NAN), complex(0.0, -0.0),
                     -(0.0 + 1.0j), 0.5 - 0.5j, 0j], dtype=dtype)
    bases = np.array([0j] * 13 + [1.5 + 1.5j, -(0.0 + 1.0j), 2 + 0j], dtype=dtype)
    want = _numpy(fn, bases, exps)
    with no_leaks():
        got = jitted(fn)(bases, exps)
        assert got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=1e-5 if dtype == np.complex64 else 1e-13, equal_nan=True)
        del got


# ------------------------------------------------------------------ signed against unsigned

def greater(x, y):
    return np.greater(x, y)


def less_equal(x, y):
    return np.less_equal(x, y)


def equal(x, y):
    return np.equal(x, y)


def not_equal(x, y):
    return np.not_equal(x, y)


def less(x, y):
    return np.less(x, y)


def greater_equal(x, y):
    return np.greater_equal(x, y)


@pytest.mark.parametrize("fn", [greater, greater_equal, less, less_equal, equal, not_equal],
                         ids=lambda f: f.__name__)
def test_signed_unsigned_comparisons(fn):
    """'Qq->?' and 'qQ->?': exact, a negative int64 below every uint64."""
    u = np.array([0, 1, 4, 2 ** 63, 2 ** 64 - 1, 3], dtype=np.uint64)
    s = np.array([-1, 1, 5, -(2 ** 63), -1, 3], dtype=np.int64)
    with no_leaks():
        check(fn, u, s)
        check(fn, s, u)


@pytest.mark.parametrize("fn", [greater, less_equal], ids=lambda f: f.__name__)
def test_signed_unsigned_comparison_scalars(fn):
    check(fn, np.array([1, 2 ** 64 - 1], dtype=np.uint64), np.int64(-1))
    check(fn, np.uint64(0), np.array([-1, 0, 1], dtype=np.int64))


# ------------------------------------------------------------------ datetime64 / timedelta64

def _td(unit, values=(2, -3, "NaT", 0, 7, -7)):
    return np.array(values, dtype="m8[%s]" % unit)


def _dt(unit, values=("NaT", 1, 25, 0, -4, 9)):
    return np.array(values, dtype="M8[%s]" % unit)


@numba_differs("Numba's datetime maximum/minimum/fmax/fmin return arrays of the generic unit "
               "(timedelta64, datetime64) instead of the inputs' common unit")
@pytest.mark.parametrize("fn", EXTREMA, ids=lambda f: f.__name__)
@pytest.mark.parametrize("make", [_td, _dt], ids=["m8", "M8"])
def test_datetime_extrema(fn, make):
    """NaT wins in maximum/minimum, loses in fmax/fmin; mixed units meet in
    the finer one."""
    x = make("m")
    y = make("s")[::-1].copy()
    with no_leaks():
        check(fn, x, y)
        check(fn, y, x)
        check(fn, x, x[::-1])


def isnan(x):
    return np.isnan(x)


def isinf(x):
    return np.isinf(x)


def isfinite(x):
    return np.isfinite(x)


def sign(x):
    return np.sign(x)


@pytest.mark.parametrize("fn", [isnan, isinf, isfinite], ids=lambda f: f.__name__)
def test_datetime_predicates(fn):
    with no_leaks():
        check(fn, _td("D"))
        check(fn, _dt("s"))


def test_timedelta_sign():
    """NaT is the most negative count: its sign is -1, as NumPy's."""
    with no_leaks():
        check(sign, _td("h"))


def floor_divide(x, y):
    return np.floor_divide(x, y)


def test_timedelta_floor_divide_float():
    """'md->m': the floor of the quotient; NaT for NaT, a zero or nan divisor."""
    a = _td("D", (2, -3, "NaT", 0, 7, 7, 7, -7))
    d = np.array([1.5, -3.5, 0.0, NAN, 2.0, 0.0, INF, -2.5])
    with no_leaks():
        check(floor_divide, a, d)
        check(floor_divide, a, 2.5)


def add_out(x, y, out):
    np.add(x, y, out)
    return out


def subtract_out(x, y, out):
    np.subtract(x, y, out)
    return out


def multiply_out(x, y, out):
    np.multiply(x, y, out)
    return out


def maximum_out(x, y, out):
    np.maximum(x, y, out)
    return out


@pytest.mark.parametrize("fn, x, y, out", [
    (add_out, _td("s"), _td("m"), np.zeros(6, "m8[ms]")),
    (add_out, _td("m"), _td("s"), np.zeros(6, "m8[us]")),
    (subtract_out, _dt("s"), _dt("m"), np.zeros(6, "m8[ms]")),
    (multiply_out, _td("s"), np.arange(6), np.zeros(6, "m8[us]")),
], ids=["add", "add-swapped", "subtract", "multiply"])
def test_datetime_result_into_finer_unit(fn, x, y, out):
    """A result written into an out array of a finer unit is scaled; NaT stays NaT."""
    with no_leaks():
        check(fn, x, y, out)


@numba_differs("Numba's datetime maximum of mixed units writes the counts into a finer out array unscaled")
def test_datetime_maximum_into_finer_unit():
    with no_leaks():
        check(maximum_out, _dt("m"), _dt("s"), np.zeros(6, "M8[ms]"))


@numba_differs("Numba refuses too, but with a different message; the class is checked")
@pytest.mark.parametrize("fn, x, y, out", [
    (add_out, _td("m"), _td("s"), np.zeros(6, "m8[m]")),
    (subtract_out, _dt("m"), _dt("s"), np.zeros(6, "m8[m]")),
    (multiply_out, _td("s"), np.arange(6), np.zeros(6, "m8[m]")),
], ids=["add", "subtract", "multiply"])
def test_datetime_result_into_coarser_unit_is_refused(fn, x, y, out):
    """A coarser out unit would lose precision: a LoweringError, as in Numba
    (NumPy truncates)."""
    with pytest.raises(LoweringError, match="as fine as the result's"):
        jitted(fn)(x, y, out)


# ------------------------------------------------------------------ two outputs

def frexp(x):
    return np.frexp(x)


def modf(x):
    return np.modf(x)


def divmod_(x, y):
    return np.divmod(x, y)


def frexp_positional(x, o1, o2):
    np.frexp(x, o1, o2)
    return o1, o2


def modf_keyword(x, o1, o2):
    return np.modf(x, out=(o1, o2))


def divmod_positional(x, y, o1, o2):
    return np.divmod(x, y, o1, o2)


FLOATS = np.array([1.5, -3.5, 0.0, NAN, INF, -INF, -0.0, 1e-310, 6.25, -7.75])


@numba_differs("Numba 0.68 has no np.frexp or np.modf")
@pytest.mark.parametrize("fn", [frexp, modf], ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda d: np.dtype(d).name)
def test_frexp_modf_arrays(fn, dtype):
    a = FLOATS.astype(dtype)
    with no_leaks():
        for x in (a, a.reshape(2, 5), as_f(a.reshape(2, 5)), strided(a), negstrided(a), a[:0]):
            check(fn, x)


@numba_differs("Numba 0.68 has no np.frexp or np.modf on scalars")
@pytest.mark.parametrize("fn", [frexp, modf], ids=lambda f: f.__name__)
def test_frexp_modf_scalars(fn):
    for x in (1.5, -3.5, 0.0, np.float32(6.25), -7.75):
        check(fn, x)


@numba_differs("Numba 0.68 has no np.frexp or np.modf")
@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=lambda d: np.dtype(d).name)
def test_frexp_modf_into_outputs(dtype):
    """Outputs given positionally (``np.frexp(x, o1, o2)``) or as ``out=(o1, o2)``."""
    a = FLOATS.astype(dtype)
    with no_leaks():
        check(frexp_positional, a, np.zeros(10, dtype), np.zeros(10, np.int32))
        check(modf_keyword, a, np.zeros(10, dtype), np.zeros(10, dtype))
        check(frexp_positional, a.reshape(2, 5), as_f(np.zeros((2, 5), dtype)), np.zeros((2, 5), np.int32))


DIVMOD_DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.float32,
                 np.float64]


@pytest.mark.parametrize("dtype", DIVMOD_DTYPES, ids=lambda d: np.dtype(d).name)
def test_divmod_arrays(dtype):
    """Python's floor semantics; division by zero NumPy's way (0 for
    integers, inf/nan for floats), no exception."""
    if np.dtype(dtype).kind == "u":
        x, y = np.array([7, 0, 3, 8, 9, 5]), np.array([2, 3, 0, 3, 1, 5])
    else:
        x, y = np.array([-7, 0, 3, 8, -9, 5]), np.array([2, -3, 0, 3, -1, -5])
    if np.dtype(dtype).kind == "f":
        x, y = x + 0.5, y * 1.0
    x, y = x.astype(dtype), y.astype(dtype)
    with no_leaks():
        check(divmod_, x, y, rtol=1e-6)
        check(divmod_, x.reshape(2, 3), y[:3], rtol=1e-6)  # broadcast
        check(divmod_positional, x, y, np.zeros(6, dtype), np.zeros(6, dtype), rtol=1e-6)


def test_divmod_scalars():
    check(divmod_, 7, -2)
    check(divmod_, -7.5, 2.0)
    check(divmod_, np.int8(-7), np.int8(0))


@numba_differs("Numba does not check that the outputs given to np.divmod have the same shape")
def test_divmod_outputs_of_different_shapes():
    with no_leaks():
        with pytest.raises(ValueError):
            jitted(divmod_positional)(np.arange(6), 2, np.zeros(6, np.int64), np.zeros(5, np.int64))


@numba_differs("Numba accepts outputs of different dimensions (and leaves the 2-D one unwritten)")
def test_outputs_of_different_dimensions():
    with pytest.raises(TypingError, match="different numbers of dimensions"):
        jitted(divmod_positional)(np.arange(6), 2, np.zeros(6, np.int64), np.zeros((1, 6), np.int64))


@numba_differs("Numba leaks memory when the inputs of np.divmod do not broadcast")
def test_two_output_leak_on_error():
    """A failing broadcast after nothing was allocated leaks nothing."""
    with no_leaks():
        with pytest.raises(ValueError):
            jitted(divmod_)(np.arange(6), np.arange(4))


# ------------------------------------------------------------------ result layout

def add(x, y):
    return np.add(x, y)


def sqrt(x):
    return np.sqrt(x)


def _layout_cases():
    x = np.linspace(0, 1, 20).reshape(4, 5)
    y = np.array(x, order="F")
    z = x.reshape(5, 4).T[0]
    return x, y, z


@pytest.mark.parametrize("pair", ["XY", "XZ", "YX", "YZ", "ZX", "ZY", "XX", "YY", "ZZ"])
def test_result_layout_binary(pair):
    """F-contiguous result when every array input of 2+ dimensions is F (a
    1-D one does not count), C-contiguous otherwise, as NumPy."""
    arrays = dict(zip("XYZ", _layout_cases()))
    a, b = arrays[pair[0]], arrays[pair[1]]
    want = add(a, b)
    with no_leaks():
        got = jitted(add)(a, b)
        assert (got.flags.c_contiguous, got.flags.f_contiguous) == (want.flags.c_contiguous,
                                                                     want.flags.f_contiguous)
        np.testing.assert_array_equal(got, want)
        del got


def test_result_layout_unary_and_operators():
    x, y, z = _layout_cases()
    for a in (x, y, z, np.asfortranarray(np.arange(24.0).reshape(2, 3, 4))):
        want = sqrt(a)
        with no_leaks():
            got = jitted(sqrt)(a)
            assert (got.flags.c_contiguous, got.flags.f_contiguous) == (want.flags.c_contiguous,
                                                                         want.flags.f_contiguous)
            np.testing.assert_array_equal(got, want)
            del got

    def mul(a, b):
        return a * b

    got = jitted(mul)(y, 2.0)
    assert got.flags.f_contiguous and not got.flags.c_contiguous
    np.testing.assert_array_equal(got, y * 2.0)


# ------------------------------------------------------------------ NumPy's complex arithmetic, to the bit

def divide(a, b):
    return a / b


def power(a, b):
    return np.power(a, b)


def log10(a):
    return np.log10(a)


def _random_complex(n, seed, dtype=np.complex128):
    rng = np.random.default_rng(seed)
    z = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    return np.concatenate([z, z * 1e5, z * 1e-5]).astype(dtype)


def _same_bits(got, want):
    assert got.dtype == want.dtype
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    assert same.all(), (got[~same][:3], want[~same][:3])


@numba_differs("Numba raises ZeroDivisionError for a zero divisor in an array, and its quotients differ in the last bit")
@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_complex_division_of_arrays_is_numpys_to_the_bit(dtype):
    """NumPy's loop multiplies by the reciprocal of Smith's denominator: the
    plain quotient differs in the last bit for about 4 values in 10."""
    z = _random_complex(1000, 1, dtype)
    w = z[::-1].copy()
    w[:2] = 0
    _same_bits(jitted(divide)(z, w), _numpy(divide, z, w))


@numba_differs("Numba's complex power of arrays differs from NumPy's in the last bit")
@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_complex_power_of_arrays_is_numpys_to_the_bit(dtype):
    z = _random_complex(1000, 2, dtype)
    ints = np.array([0, 1, 2, 3, -1, -2, 5, 99, -99, 100, 0.5], dtype)
    for base, exp in ((z, z[::-1]), (np.full_like(z, 10), z), (z[:ints.size], ints), (np.zeros_like(ints), ints)):
        _same_bits(jitted(power)(base, exp), _numpy(power, base, exp))


@numba_differs("Numba's complex log10 is cmath's (divides by ln 10): last-bit differences")
def test_complex_log10_is_numpys():
    """NumPy multiplies log(z) by log10(e) (so np.log10(1000+0j) is 3
    exactly); cmath.log10 divides by ln(10)."""
    z = np.concatenate([_random_complex(500, 3), [1000 + 0j, 100 + 0j, 1e-5 + 3j]])
    _same_bits(jitted(log10)(z), np.log10(z))
    assert jitted(log10)(1000 + 0j) == 3


@pytest.mark.skipif(is_numba, reason="Numba's complex geomspace is off by up to 2 ulp in some of these cases "
                    "(100j comes out 99.99999999999994j), exact in others")
@pytest.mark.parametrize("bounds", [(1j, 1000j), (1 + 1j, 1000 + 1000j), (-1 + 0j, 1 + 0j), (0.5j, -2 + 0j),
                                    (3 + 0j, 3 + 0j)])
@pytest.mark.parametrize("num", [0, 1, 2, 4, 7])
def test_complex_geomspace_is_numpys(bounds, num):
    def geomspace(a, b, n):
        return np.geomspace(a, b, n)

    got = jitted(geomspace)(*bounds, num)
    np.testing.assert_array_max_ulp(got.real, np.geomspace(*bounds, num).real, maxulp=1)
    np.testing.assert_array_max_ulp(got.imag, np.geomspace(*bounds, num).imag, maxulp=1)
    if bounds[0].real == 0 or bounds[0].imag == 0:  # a real or imaginary start: exact
        _same_bits(got, np.geomspace(*bounds, num))


def multiply(a, b):
    return a * b


def square(a):
    return np.square(a)


def reciprocal(a):
    return np.reciprocal(a)


def absolute(a):
    return np.abs(a)


SPECIAL_COMPLEX = np.array([0j, complex(INF, NAN), complex(NAN, INF), complex(NAN, 1.0), complex(3.0, -INF),
                            1e-320 + 1e-320j, 1e300 + 1e300j, complex(-0.0, 0.0), 3 + 4j])


@numba_differs("Numba's complex multiply, square, reciprocal and abs of arrays round differently from NumPy's loops "
               "(which fuse multiply-adds on FMA machines)")
@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_complex_multiply_square_reciprocal_abs_are_numpys_to_the_bit(dtype):
    """NumPy's SIMD loops compute ``ar*br - ai*bi`` as ``fma(ar, br, -(ai*bi))``
    (where the machine has FMA) and |z| as ``L*sqrt(fma(S/L, S/L, 1))``;
    pycomp asks NumPy which way it rounds and does the same."""
    z = np.concatenate([_random_complex(700, 4, dtype), SPECIAL_COMPLEX.astype(dtype)])
    w = z[::-1].copy()
    _same_bits(jitted(multiply)(z, w), _numpy(multiply, z, w))
    _same_bits(jitted(multiply)(z, w[0]), _numpy(multiply, z, w[0]))
    for f in (square, reciprocal, absolute):
        _same_bits(jitted(f)(z), _numpy(f, z))
