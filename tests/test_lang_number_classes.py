"""Differential tests: calling a number class to convert inside compiled
code (``np.int32(x)``, ``np.float32(x)``, ``np.bool_(x)``, ``types.int16(x)``),
with Numba's semantics: truncation toward zero, wrapping to the width."""

import numpy as np
import pytest

from support import TypingError, check, cpython_differs, jitted, types


def to_int8(x):
    return np.int8(x)


def to_uint8(x):
    return np.uint8(x)


def to_int16_type(x):
    return types.int16(x)


def to_float32(x):
    return np.float32(x)


def to_bool(x):
    return np.bool_(x)


def to_complex64(x):
    return np.complex64(x)


def to_int64(x):
    return np.int64(x)


def float_then_divide(x):
    return np.float64(x) / 2


@pytest.mark.parametrize("x", [0, 7, -128, 127])
def test_in_range_conversions_match_numpy(x):
    for fn in (to_int8, to_int64, to_float32, to_bool, to_complex64, float_then_divide):
        check(fn, x)


@pytest.mark.parametrize("x", [2.7, -2.7, 0.0, 1e3])
def test_float_to_int_truncates_toward_zero(x):
    check(to_int64, x)
    check(to_bool, x)


@cpython_differs("NumPy 2 raises OverflowError for an out-of-range Python int; Numba wraps")
@pytest.mark.parametrize("fn, x, expected", [(to_int8, 300, 44), (to_uint8, -1, 255), (to_uint8, 70000, 112),
                                             (to_int16_type, 70000, 4464), (to_int8, 300.0, 44),
                                             (to_uint8, -1.0, 255), (to_int16_type, 70000.5, 4464)])
def test_out_of_range_integers_wrap(fn, x, expected):
    # NumPy 2 raises OverflowError for a Python int out of range; Numba wraps
    assert jitted(fn)(x) == expected


def test_result_types_are_the_class():
    assert jitted(to_int8)(3) == 3
    f = jitted(to_float32)
    f(3)
    assert [str(s.return_type) for s in f.nopython_signatures] == ["float32"]


def test_isinstance_still_sees_the_class():
    def f(x):
        return isinstance(x, np.int64), np.int64(x) + 1

    # an int argument is an int64 in compiled code, so it is an np.int64 there (Numba's aliasing)
    check(f, np.int64(3), expected=(True, 4))


def test_complex_to_a_real_class_is_a_typing_error():
    def f(z):
        return np.float64(z)

    with pytest.raises(TypingError):
        jitted(f)(1j)
