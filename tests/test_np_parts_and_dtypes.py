"""np.real, np.imag, np.angle and np.round/np.around on numbers and arrays;
dtype objects as values (``return a.dtype``, a dtype passed in,
``np.dtype("int64")``, ``==`` between dtypes); ``a.flags``; against NumPy."""

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, no_leaks, numba_differs

NUMBERS = [2.5, -3, 0, np.float32(1.55), 1.25 + 2.5j, np.complex64(1 - 1j), -0.5, np.int16(7)]
ARRAYS = [np.linspace(-2.0, 2.0, 7), (np.arange(6.0) - 2.5).reshape(2, 3)[:, ::-1], np.arange(5, dtype=np.int32),
          np.arange(4.0) - 1j * np.arange(4.0)]


def real(x):
    return np.real(x)


def imag(x):
    return np.imag(x)


def angle(x):
    return np.angle(x)


def angle_deg(x):
    return np.angle(x, deg=True)


def round0(x):
    return np.round(x)


def around1(x):
    return np.around(x, 1)


def round_neg(x):
    return np.round(x, -1)


@pytest.mark.parametrize("x", NUMBERS, ids=repr)
@pytest.mark.parametrize("func", [real, imag, angle, angle_deg])
def test_parts_of_numbers(func, x):
    if is_numba and func in (angle, angle_deg) and isinstance(x, (int, np.integer)):
        pytest.skip("Numba has no np.angle of an integer")
    check(func, x, rtol=1e-6)


@pytest.mark.parametrize("a", ARRAYS, ids=lambda a: str(a.dtype))
@pytest.mark.parametrize("func", [real, imag, angle, angle_deg])
def test_parts_of_arrays(func, a):
    if is_numba and func in (angle, angle_deg) and a.dtype.kind == "i":
        pytest.skip("Numba has no np.angle of an integer array")
    if is_numba and func is imag and a.dtype.kind == "f" and not a.flags.c_contiguous:
        pytest.skip("Numba cannot allocate np.imag of a non-contiguous real array (layout 'A')")
    with no_leaks():
        check(func, a)


def real_is_a_view(a):
    r = np.real(a)
    r[0] = 10.0
    return a


def test_real_of_a_complex_array_is_a_view():
    with no_leaks():
        check(real_is_a_view, np.arange(3.0) + 1j, compare_args=True)


@pytest.mark.parametrize("x", [2.5, 3.5, -2.5, 1.25, 1234.0, 35, 1.25 + 2.5j], ids=repr)
@pytest.mark.parametrize("func", [round0, around1, round_neg])
def test_round_numbers_halves_to_even(func, x):
    check(func, x, rtol=1e-6)


@numba_differs("Numba rounds np.float32(1.55) to 1 decimal in float64 (1.5); NumPy in float32 (1.6)")
def test_round_float32_number_in_float32():
    check(around1, np.float32(1.55), rtol=1e-6)


@pytest.mark.parametrize("a", ARRAYS, ids=lambda a: str(a.dtype))
@pytest.mark.parametrize("func", [round0, around1, round_neg])
def test_round_arrays(func, a):
    if is_numba and a.dtype.kind == "i" and func is round_neg:
        pytest.skip("Numba rounds integers with negative decimals differently")
    with no_leaks():
        check(func, a)


def round_into(a, out):
    np.round(a, 1, out)
    return out


def test_round_into_out():
    with no_leaks():
        check(round_into, np.linspace(0, 1, 7), np.zeros(7), compare_args=True)


def round_float_decimals(x):
    return np.round(x, 1.5)


@numba_differs("Numba accepts float decimals; NumPy raises TypeError")
def test_round_with_float_decimals_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(round_float_decimals)(np.arange(3.0))


# ------------------------------------------------------------------ dtypes as values

def dtype_of(a):
    return a.dtype


def dtypes_of(a):
    return a.dtype, a.astype(np.complex128).dtype


def zeros_of(n, d):
    return np.zeros(n, d)


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.complex64, np.bool_, np.uint8])
def test_dtype_returned_to_python(dtype):
    a = np.zeros(3, dtype)
    assert jitted(dtype_of)(a) == np.dtype(dtype)
    assert jitted(dtypes_of)(a) == (np.dtype(dtype), np.dtype(np.complex128))


def test_dtype_passed_in():
    with no_leaks():
        check(zeros_of, 3, np.dtype(np.int16))
        check(zeros_of, 2, np.dtype("f4"))


def dtype_compare(a):
    return (a.dtype == np.dtype("int64"), a.dtype == a.astype(np.int8).dtype, np.dtype("f4") == np.dtype(np.float32))


def dtype_differ(a):
    return a.dtype != np.dtype(np.float32), a.dtype != a.dtype


@pytest.mark.parametrize("dtype", [np.int64, np.float32])
def test_dtype_constructor_and_comparison(dtype):
    check(dtype_compare, np.zeros(2, dtype))


@numba_differs("Numba has no != between dtypes")
def test_dtypes_differ():
    check(dtype_differ, np.zeros(2, np.int64))


def dtype_of_string():
    return np.dtype("U3")


def test_dtype_of_a_string_dtype():
    """``U<n>`` is an array dtype now (arrays of strings), as in Numba."""
    assert jitted(dtype_of_string)() == np.dtype("U3")


# ------------------------------------------------------------------ flags

def flags(a):
    f = a.flags
    return f.c_contiguous, f.f_contiguous, f.contiguous


_B = np.arange(24.0).reshape(2, 3, 4)


@pytest.mark.parametrize("a", [_B, _B.T, _B[:, ::2], _B[:, :1], _B[:1], np.empty((0, 3))[:, ::2], _B[0, 0], _B[0, :, 0],
                               np.asfortranarray(_B)[:, :, 1:2], _B[..., ::-1]], ids=range(10))
def test_flags_contiguity(a):
    if is_numba and a.size == 0:
        pytest.skip("Numba's contiguity of an empty strided array differs from NumPy's")
    check(flags, a)


def writeable(a):
    return a.flags.writeable


@numba_differs("Numba has no flags.writeable")
@pytest.mark.parametrize("write", [True, False])
def test_flags_writeable(write):
    a = np.arange(3.0)
    a.setflags(write=write)
    check(writeable, a)


# ------------------------------------------------------------------ NumPy scalar classes passed in

def zeros_of_class(n, cls):
    return np.zeros(n, cls)


def sum_as(a, cls):
    return a.sum(dtype=cls)


@pytest.mark.parametrize("cls", [np.float32, np.int8, np.complex128, np.bool_])
def test_a_numpy_scalar_class_passed_as_a_dtype(cls):
    with no_leaks():
        check(zeros_of_class, 3, cls)
    if cls is not np.bool_:
        check(sum_as, np.arange(4), cls)


def test_a_python_class_cannot_be_passed():
    """A TypeError naming the argument (Numba: a TypingError)."""
    with pytest.raises(TypingError if is_numba else TypeError):
        jitted(zeros_of_class)(3, int)


def item_of(x):
    return x.item()


@pytest.mark.parametrize("x", [np.bool_(True), np.int64(3), np.float64(2.5), np.complex128(1 + 2j), np.float32(1.5)], ids=repr)
def test_item_of_a_number(x):
    check(item_of, x)
