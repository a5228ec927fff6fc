"""NumPy ufuncs called in compiled code: on scalars (NumPy's scalar
result types, as Numba resolves the loops), on arrays of every layout
and on mixes of arrays and scalars, with ``out=`` (positional or
keyword), compared with NumPy: values, dtypes, shapes. Array results are
checked for leaks."""

import contextlib
import math

import numpy as np
import pytest

from support import TypingError, assert_same, check, is_pycomp, jitted, make_layout, no_leaks, numba_differs, sample_array


def check_nl(func, *args, **kw):
    """``check`` under a leak check (the result is dropped inside it)."""
    with no_leaks():
        check(func, *args, **kw)


_CALLERS = {}


def caller(ufunc, nargs):
    """``lambda *xs: ufunc(*xs)`` for ``nargs`` arguments: one compiled
    function per ufunc."""
    key = (ufunc, nargs)
    if key not in _CALLERS:
        if nargs == 1:
            def f(x):
                return ufunc(x)
        elif nargs == 2:
            def f(x, y):
                return ufunc(x, y)
        else:
            def f(x, y, z):
                return ufunc(x, y, z)
        f.__name__ = "call_%s_%d" % (ufunc.__name__, nargs)
        _CALLERS[key] = f
    return _CALLERS[key]


# ------------------------------------------------------------------ unary ufuncs

# inputs in each function's domain
_POSITIVE = np.array([0.25, 0.5, 1.0, 2.0, 7.5])
_UNIT = np.array([-0.9, -0.5, 0.0, 0.3, 0.8])
_ANY = np.array([-3.7, -1.0, -0.0, 0.5, 2.5, 9.25])
_GE1 = np.array([1.0, 1.5, 2.0, 10.0])

UNARY_FLOAT = [
    (np.sqrt, _POSITIVE), (np.exp, _ANY), (np.log, _POSITIVE), (np.log2, _POSITIVE), (np.log10, _POSITIVE),
    (np.expm1, _ANY), (np.log1p, _POSITIVE), (np.exp2, _ANY), (np.cbrt, _ANY), (np.sin, _ANY), (np.cos, _ANY),
    (np.tan, _UNIT), (np.arcsin, _UNIT), (np.arccos, _UNIT), (np.arctan, _ANY), (np.sinh, _ANY),
    (np.cosh, _ANY), (np.tanh, _ANY), (np.arcsinh, _ANY), (np.arccosh, _GE1), (np.arctanh, _UNIT),
    (np.deg2rad, _ANY), (np.rad2deg, _ANY), (np.radians, _ANY), (np.degrees, _ANY),
    (np.floor, _ANY), (np.ceil, _ANY), (np.trunc, _ANY), (np.rint, np.array([-2.5, -1.5, 0.5, 1.5, 2.4])),
    (np.negative, _ANY), (np.positive, _ANY), (np.absolute, _ANY), (np.fabs, _ANY), (np.sign, _ANY),
    (np.square, _ANY), (np.reciprocal, _POSITIVE), (np.conjugate, _ANY), (np.isnan, _ANY), (np.isinf, _ANY),
    (np.isfinite, _ANY), (np.signbit, _ANY), (np.logical_not, _ANY),
]


@pytest.mark.parametrize("ufunc, values", UNARY_FLOAT, ids=lambda v: getattr(v, "__name__", ""))
@pytest.mark.parametrize("dtype", [np.float64, np.float32], ids=["f8", "f4"])
def test_unary_ufunc_on_float_arrays(ufunc, values, dtype):
    a = make_layout(values.astype(dtype), "strided")
    check_nl(caller(ufunc, 1), a)


@pytest.mark.parametrize("ufunc, values", UNARY_FLOAT[:12], ids=lambda v: getattr(v, "__name__", ""))
def test_unary_ufunc_on_a_2d_f_array(ufunc, values):
    a = make_layout(np.vstack([values, values[::-1]]), "F")
    check_nl(caller(ufunc, 1), a)


@pytest.mark.parametrize("ufunc", [np.sqrt, np.exp, np.log, np.sin, np.cos, np.tanh, np.arctan, np.negative,
                                   np.absolute, np.square, np.conjugate, np.isnan, np.isfinite, np.reciprocal],
                         ids=lambda u: u.__name__)
def test_unary_ufunc_on_complex_arrays(ufunc):
    a = make_layout(np.array([1 + 2j, -0.5 + 0.25j, 3 - 1j, 0.5j]), "negstrided")
    check_nl(caller(ufunc, 1), a)


@pytest.mark.parametrize("ufunc", [np.negative, np.absolute, np.sign, np.square, np.invert, np.floor,
                                   np.isnan, np.logical_not, np.conjugate, np.positive],
                         ids=lambda u: u.__name__)
@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int32, np.int64, np.uint64], ids=lambda d: np.dtype(d).name)
def test_unary_ufunc_on_integer_arrays(ufunc, dtype):
    a = make_layout(sample_array((2, 3), dtype), "C")
    check_nl(caller(ufunc, 1), a)


@pytest.mark.parametrize("ufunc, dtype", [(np.sqrt, np.int32), (np.sqrt, np.int8), (np.exp, np.int64),
                                          (np.sin, np.uint8), (np.log, np.bool_)])
def test_math_ufunc_on_integers_picks_numba_float_loop(ufunc, dtype):
    """An integer input uses the first float loop it casts to safely,
    float16 left out: int8 -> float32 (NumPy: float16), int32 -> float64."""
    a = np.abs(sample_array((4,), dtype)) + (dtype is not np.bool_)
    rt = np.float32 if np.dtype(dtype).itemsize <= 2 else np.float64
    with np.errstate(all="ignore"):
        want = ufunc(a.astype(rt))
    check_nl(caller(ufunc, 1), a, expected=want)


# ------------------------------------------------------------------ binary ufuncs

BINARY_FLOAT = [np.add, np.subtract, np.multiply, np.true_divide, np.floor_divide, np.remainder, np.fmod,
                np.power, np.float_power, np.arctan2, np.hypot, np.copysign, np.nextafter, np.logaddexp,
                np.logaddexp2, np.minimum, np.maximum, np.fmin, np.fmax, np.equal, np.not_equal, np.less,
                np.less_equal, np.greater, np.greater_equal, np.logical_and, np.logical_or, np.logical_xor]


@pytest.mark.parametrize("ufunc", BINARY_FLOAT, ids=lambda u: u.__name__)
def test_binary_ufunc_on_float_arrays(ufunc):
    a = make_layout(np.array([[0.5, -1.25, 3.0], [2.0, 0.0, -7.5]]), "F")
    b = make_layout(np.array([[1.5, 2.0, -0.5], [2.0, 4.0, 3.0]]), "negstrided")
    check_nl(caller(ufunc, 2), a, b)


@pytest.mark.parametrize("ufunc", [np.add, np.subtract, np.multiply, np.floor_divide, np.remainder,
                                   np.power, np.minimum, np.maximum, np.bitwise_and, np.bitwise_or,
                                   np.bitwise_xor, np.left_shift, np.right_shift, np.less, np.equal,
                                   np.logical_xor], ids=lambda u: u.__name__)
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.uint64, np.int64], ids=lambda d: np.dtype(d).name)
def test_binary_ufunc_on_integer_arrays(ufunc, dtype):
    a = sample_array((6,), dtype, seed=1) + (10 if np.dtype(dtype).kind == "u" else 0)
    b = (np.arange(6) % 3 + 1).astype(dtype)
    check_nl(caller(ufunc, 2), a, b)


@pytest.mark.parametrize("ufunc", [np.gcd, np.lcm], ids=lambda u: u.__name__)
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.uint64, np.int64], ids=lambda d: np.dtype(d).name)
def test_gcd_and_lcm(ufunc, dtype):
    a = np.array([12, 0, 7, 18, 5, 100], dtype=dtype)
    if np.dtype(dtype).kind == "i":
        a[3] = -18
    b = np.array([8, 9, 0, 4, 5, 75], dtype=dtype)
    check_nl(caller(ufunc, 2), a, b)
    check_nl(caller(ufunc, 2), a, dtype(6))


@pytest.mark.parametrize("dtype", [np.float64, np.float32], ids=["f8", "f4"])
@pytest.mark.parametrize("exp_dtype", [np.int64, np.int32, np.int8], ids=lambda d: np.dtype(d).name)
def test_ldexp_with_integer_exponents(dtype, exp_dtype):
    x = np.array([-2.5, -0.0, 0.75, 1.5, 3.0], dtype=dtype)
    n = np.array([-12, 0, 7, 18, -3], dtype=exp_dtype)
    check_nl(caller(np.ldexp, 2), x, n)
    check_nl(caller(np.ldexp, 2), make_layout(x, "negstrided"), n[::-1].copy())


@numba_differs("Numba's np.spacing(-0.0) is negative; NumPy's is the smallest positive subnormal")
@pytest.mark.parametrize("dtype", [np.float64, np.float32], ids=["f8", "f4"])
def test_spacing(dtype):
    check_nl(caller(np.spacing, 1), _ANY.astype(dtype))
    check_nl(caller(np.spacing, 1), np.array([np.inf, -np.inf, np.nan, 1e300], dtype=dtype))


def heaviside_of(x, h0):
    return np.heaviside(x, h0)


@numba_differs("Numba 0.68 has no np.heaviside")
def test_heaviside():
    x = np.array([-2.5, -0.0, 0.0, 1.5, np.nan])
    check_nl(heaviside_of, x, 0.5)
    check_nl(heaviside_of, x, np.array([0.1, 0.2, 0.3, 0.4, 0.5]))
    check_nl(heaviside_of, x.astype(np.float32), np.float32(1.0))


@numba_differs("Numba's integer fmod takes the divisor's sign (Python's %), NumPy's the dividend's")
def test_integer_fmod_takes_the_sign_of_the_dividend():
    a = np.array([7, -7, 7, -7, 5], dtype=np.int32)
    b = np.array([3, 3, -3, -3, 0], dtype=np.int32)
    with np.errstate(all="ignore"):
        check_nl(caller(np.fmod, 2), a, b)
    check(caller(np.fmod, 2), -7, 3)


def test_nan_handling_of_extrema():
    a = np.array([np.nan, 1.0, np.nan, -0.0, 2.0])
    b = np.array([1.0, np.nan, np.nan, 0.0, -3.0])
    for uf in (np.minimum, np.maximum, np.fmin, np.fmax):
        check_nl(caller(uf, 2), a, b)


@pytest.mark.parametrize("ufunc", [np.add, np.multiply, np.true_divide, np.power, np.equal, np.not_equal,
                                   np.less, np.greater_equal], ids=lambda u: u.__name__)
def test_binary_ufunc_on_complex_arrays(ufunc):
    a = np.array([1 + 2j, -0.5 + 0.25j, 3 - 1j, 2 + 0j])
    b = np.array([0.5 - 1j, -0.5 + 0.25j, 3 + 1j, 1 + 0j])
    check_nl(caller(ufunc, 2), a, b)


@pytest.mark.parametrize("ufunc", [np.add, np.bitwise_and, np.logical_or, np.minimum, np.maximum, np.equal],
                         ids=lambda u: u.__name__)
def test_binary_ufunc_on_bool_arrays(ufunc):
    a = np.array([True, False, True, False])
    b = np.array([True, True, False, False])
    check_nl(caller(ufunc, 2), a, b)


@numba_differs("Numba's shifts past the bit width are what the machine gives")
def test_shifts_past_the_bit_width_give_zero():
    a = np.array([1, -4, 100, -1], dtype=np.int8)
    n = np.array([7, 8, 9, 100], dtype=np.int8)
    check_nl(caller(np.left_shift, 2), a, n, expected=np.array([-128, 0, 0, 0], dtype=np.int8))
    check_nl(caller(np.right_shift, 2), a, n, expected=np.array([0, -1, 0, -1], dtype=np.int8))


@pytest.mark.parametrize("sa, sb", [((3, 1), (1, 4)), ((4,), (2, 4)), ((), (3,)), ((0, 2), (2,))])
def test_ufunc_broadcasting(sa, sb):
    a = sample_array(sa, np.float64, seed=1)
    b = sample_array(sb, np.float64, seed=2)
    check_nl(caller(np.arctan2, 2), a, b)
    check_nl(caller(np.maximum, 2), a, b)


def test_ufunc_with_a_scalar_and_an_array():
    a = sample_array((3, 2), np.float32)
    check_nl(caller(np.add, 2), a, 2.5, expected=a.astype(np.float64) + 2.5)
    check_nl(caller(np.add, 2), 2, a, expected=a + np.float32(2))
    check_nl(caller(np.power, 2), a, 2, expected=a ** np.float32(2))


def test_ufunc_mismatched_shapes_are_a_value_error():
    with (no_leaks() if is_pycomp else contextlib.nullcontext()):  # Numba leaks there
        check(caller(np.add, 2), np.ones(3), np.ones(4), match_message=False)


# ------------------------------------------------------------------ scalars

def _scalar_cases():
    i8, i32, f32 = np.int8(3), np.int32(7), np.float32(1.5)
    return [
        (np.sqrt, (2,)), (np.sqrt, (2.0,)), (np.sqrt, (f32,)), (np.sqrt, (i8,)), (np.exp, (1,)),
        (np.add, (i32, i32)), (np.add, (1, 2)), (np.add, (1, 2.0)), (np.add, (f32, 1)), (np.add, (i8, 1)),
        (np.add, (True, True)), (np.multiply, (i8, np.uint8(4))), (np.subtract, (3.5, 1)),
        (np.true_divide, (3, 2)), (np.floor_divide, (7, 2)), (np.floor_divide, (-7.5, 2)),
        (np.remainder, (-7, 3)), (np.remainder, (-7.5, 2.0)), (np.fmod, (-7.5, 2.0)), (np.power, (2, 10)),
        (np.power, (2.0, 0.5)), (np.negative, (i8,)), (np.absolute, (-3,)), (np.absolute, (3 + 4j,)),
        (np.sign, (-3,)), (np.sign, (-2.5,)), (np.sign, (0.0,)), (np.floor, (1.5,)), (np.floor, (3,)),
        (np.ceil, (f32,)), (np.rint, (2.5,)), (np.minimum, (2, 3.5)), (np.maximum, (i32, 9)),
        (np.fmin, (math.nan, 1.0)), (np.minimum, (math.nan, 1.0)), (np.arctan2, (1, 2)), (np.hypot, (3, 4)),
        (np.copysign, (3, -1)), (np.isnan, (1,)), (np.isnan, (math.nan,)), (np.isinf, (f32,)),
        (np.isfinite, (math.inf,)), (np.greater, (3, 2.5)), (np.equal, (i32, 7)), (np.logical_and, (2, 0)),
        (np.logical_not, (0.0,)), (np.bitwise_and, (6, 3)), (np.invert, (5,)), (np.invert, (True,)),
        (np.left_shift, (1, 3)), (np.right_shift, (-16, 2)), (np.square, (i32,)), (np.reciprocal, (4.0,)),
        (np.conjugate, (1 - 2j,)), (np.exp, (1j,)), (np.sqrt, (-4 + 0j,)), (np.log, (0.5,)),
        (np.cos, (f32,)), (np.logaddexp, (1.0, 2.0)), (np.deg2rad, (180.0,)),
    ]


@pytest.mark.parametrize("ufunc, args", _scalar_cases(), ids=lambda v: getattr(v, "__name__", ""))
def test_ufunc_on_scalars(ufunc, args):
    got = jitted(caller(ufunc, len(args)))(*args)
    want = _numba_scalar(ufunc, args)
    assert_same(got, want)


def _numba_scalar(ufunc, args):
    """NumPy's answer on the types Numba picks: Python ints are int64 and
    floats float64 (no weak scalars), and an integer meeting a float is
    cast to that float's type."""
    typed = [np.int64(a) if type(a) is int else np.float64(a) if type(a) is float else a for a in args]
    kinds = {np.asarray(a).dtype.kind for a in typed}
    if kinds & set("iu") and kinds & set("fc"):
        ft = next(np.asarray(a).dtype for a in typed if np.asarray(a).dtype.kind in "fc")
        typed = [ft.type(a) if np.asarray(a).dtype.kind in "iu" else a for a in typed]
    with np.errstate(all="ignore"):
        r = ufunc(*typed)
        if getattr(r, "dtype", None) == np.float16:  # Numba has no float16 loops: float32
            r = ufunc(*[np.float32(a) for a in typed])
    return r.item() if isinstance(r, np.generic) else r


def scalar_types(x, y):
    return np.sqrt(np.int8(2)), np.add(np.int32(1), np.int32(2)), np.add(np.float32(x), y)


def test_scalar_result_types_follow_numba():
    """np.sqrt(int8) computes in float32, int32 + int32 stays int32,
    float32 + an int64 is float32 (Numba), though each returns to Python
    as a Python number."""
    got = jitted(scalar_types)(1.5, 2)
    assert_same(got, (float(np.float32(np.sqrt(np.float32(2)))), 3, 3.5))


def zero_d(a, b):
    return np.add(a, b)


def test_0d_arrays_give_a_scalar():
    check(zero_d, np.array(1.5), np.array(2.0), expected=3.5)
    check(zero_d, np.array(1.5), 2, expected=3.5)


# ------------------------------------------------------------------ out=

def add_out_positional(a, b, o):
    return np.add(a, b, o)


def add_out_keyword(a, b, o):
    r = np.add(a, b, out=o)
    return r


def sqrt_out(a, o):
    np.sqrt(a, out=o)
    return o


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
def test_out_positional_in_every_layout(layout):
    a = sample_array((3, 4), np.float64, seed=1)
    b = sample_array((4,), np.float64, seed=2)
    o = make_layout(np.zeros((3, 4)), layout)
    check_nl(add_out_positional, a, b, o, compare_args=True)


@numba_differs("Numba has no out= keyword for ufuncs")
def test_out_keyword():
    a = sample_array((5,), np.float64, seed=1)
    check_nl(add_out_keyword, a, a, np.zeros(5), compare_args=True)
    check_nl(sqrt_out, np.abs(a), make_layout(np.zeros(5), "strided"), compare_args=True)


def test_out_of_another_dtype_casts_same_kind():
    a = sample_array((4,), np.float64)
    check_nl(add_out_positional, a, a, np.zeros(4, dtype=np.float32), compare_args=True)
    i = sample_array((4,), np.int64)
    check_nl(add_out_positional, i, i, np.zeros(4, dtype=np.int8), compare_args=True)
    check_nl(add_out_positional, i, i, np.zeros(4, dtype=np.float64), compare_args=True)


def test_out_with_an_unsafe_cast_is_a_typing_error():
    a = np.ones(3)
    with pytest.raises(TypingError, match="same_kind" if is_pycomp else None):
        jitted(add_out_positional)(a, a, np.zeros(3, dtype=np.int64))


def test_out_shares_memory_with_the_result():
    a = np.arange(4.0)
    o = np.zeros(4)
    with no_leaks():
        r = jitted(add_out_positional)(a, a, o)
        assert r is o or np.shares_memory(r, o)
        del r
    np.testing.assert_array_equal(o, a + a)


def test_out_broadcasts_inputs_into_a_larger_output():
    check_nl(add_out_positional, np.arange(3.0), 1.0, np.zeros((2, 3)), compare_args=True)
    check_nl(add_out_positional, 1.0, 2.0, np.zeros(()), compare_args=True)


@numba_differs("Numba writes a wrongly shaped out= without an error")
def test_out_of_the_wrong_shape_is_a_value_error():
    with no_leaks():
        with pytest.raises(ValueError):
            jitted(add_out_positional)(np.ones(3), np.ones(3), np.zeros(2))


def test_readonly_out_is_a_typing_error():
    o = np.zeros(3)
    o.flags.writeable = False
    with pytest.raises(TypingError):
        jitted(add_out_positional)(np.ones(3), np.ones(3), o)


# ------------------------------------------------------------------ errors

def sqrt_of_tuple(t):
    return np.sqrt(t)


def bad_keyword(a):
    return np.add(a, a, where=True)


def shift_floats(a):
    return np.left_shift(a, 1)


def test_a_ufunc_on_a_tuple_is_a_typing_error_naming_the_line():
    with pytest.raises(TypingError) as info:
        jitted(sqrt_of_tuple)((1.0, 2.0))
    assert "np.sqrt(t)" in str(info.value) or "sqrt" in str(info.value)


def test_a_ufunc_without_a_loop_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(shift_floats)(np.ones(3))


@numba_differs("Numba raises NotImplementedError for unsupported keywords")
def test_unsupported_keyword_is_a_typing_error():
    with pytest.raises(TypingError, match="where"):
        jitted(bad_keyword)(np.ones(3))


# ------------------------------------------------------------------ two outputs


def frexp_of(x):
    return np.frexp(x)


def modf_of(x):
    return np.modf(x)


def divmod_of(x, y):
    return np.divmod(x, y)


_SPECIAL = np.array([-2.5, -0.0, 0.0, 1.5, np.nan, np.inf, -np.inf, 1e300, 5e-324, -3.0])


@numba_differs("Numba 0.68 has no np.frexp or np.modf")
@pytest.mark.parametrize("fn", [frexp_of, modf_of], ids=lambda f: f.__name__)
def test_frexp_and_modf(fn):
    check_nl(fn, _SPECIAL)
    check_nl(fn, make_layout(_SPECIAL[:9].reshape(3, 3), "F"))
    check_nl(fn, _SPECIAL.astype(np.float32))
    check_nl(fn, np.array([-7, 0, 3, 8]))  # the float64 loop
    check_nl(fn, -3.75)
    check_nl(fn, np.zeros((0, 2)))


def test_divmod():
    check_nl(divmod_of, np.array([-7, 0, 3, 8]), 3)
    check_nl(divmod_of, _SPECIAL[:5], np.array([2.0, -2.0, 1.5, 0.5, 3.0]))
    check_nl(divmod_of, 7, -2)
