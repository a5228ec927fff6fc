"""Edges of the NumPy API compared with NumPy: array-likes nesting lists
and tuples (np.asarray/np.array and every function converting with them),
np.ascontiguousarray/np.asfortranarray copies and views, ``a.tobytes()``,
np.where of two numbers, ``a.repeat``, np.roll of a number,
np.argwhere/np.flatnonzero of None and str, and ``set`` arguments refused
with a TypingError by the functions they reach."""

from __future__ import annotations

import numpy as np
import pytest

from support import TypingError, check, jitted, numba_differs

# ------------------------------------------------------------------ mixed nestings


def asarray(a):
    return np.asarray(a)


def array_f4(a):
    return np.array(a, dtype=np.float32)


def argwhere(a):
    return np.argwhere(a)


def flatnonzero(a):
    return np.flatnonzero(a)


def fliplr(a):
    return np.fliplr(a)


def flipud(a):
    return np.flipud(a)


def nanmin(a):
    return np.nanmin(a)


def nanmax(a):
    return np.nanmax(a)


MIXED = [
    ([0, 1], [2, 3]),
    ([1.5, -2.0], [0.0, 4.0], [7.0, 8.0]),
    [(np.nan, 1.1), (-4.4, 8.7)],
    [(1, 2, 3), (4, 5, 6)],
    ([True, False], [False, False]),
]


@pytest.mark.parametrize("a", MIXED, ids=range(len(MIXED)))
def test_asarray_of_mixed_nesting(a):
    check(asarray, a)


@pytest.mark.parametrize("a", MIXED[:4], ids=range(4))
def test_array_dtype_of_mixed_nesting(a):
    check(array_f4, a)


@pytest.mark.parametrize("a", MIXED, ids=range(len(MIXED)))
def test_functions_take_mixed_nesting(a):
    for fn in (argwhere, flatnonzero, fliplr, flipud):
        check(fn, a)


@pytest.mark.parametrize("a", [[(np.nan, 1.1), (-4.4, 8.7)], ((-10, 4, -12), (5, 200, -30))])
def test_nan_extremes_of_mixed_nesting(a):
    check(nanmin, a)
    check(nanmax, a)


@numba_differs("Numba's np.nanmin cannot convert a tuple of lists")
def test_nan_extremes_of_tuple_of_lists():
    check(nanmin, ([3.0, 1.0], [2.0, 9.0]))
    check(nanmax, ([3.0, np.nan], [2.0, 9.0]))


def test_asarray_of_ragged_mixed_nesting():
    with pytest.raises(ValueError):  # NumPy's message names an inhomogeneous shape, Numba's another
        jitted(asarray)(([0, 1], [2, 3, 4]))


@pytest.mark.parametrize("a", [None, "a_string", "", 0, 2.5, True, 2 + 1j])
def test_argwhere_flatnonzero_of_objects_and_numbers(a):
    check(argwhere, a)
    check(flatnonzero, a)


def test_fliplr_refuses_str():
    with pytest.raises(TypingError, match="Cannot np.fliplr on unicode_type type"):
        jitted(fliplr)("abc")


# ------------------------------------------------------------------ copies or views


def ascontiguousarray(a):
    return np.ascontiguousarray(a)


def asfortranarray(a):
    return np.asfortranarray(a)


def _layouts():
    arr = np.arange(24)
    return [arr, arr.reshape((3, 8)), arr.reshape((3, 8)).T, arr.reshape((3, 8))[::2],
            arr.reshape((2, 3, 4)).T, np.array([7]).reshape(())]


@pytest.mark.parametrize("fn", [ascontiguousarray, asfortranarray])
@pytest.mark.parametrize("i", range(6))
def test_contiguous_copies_share_as_numpy(fn, i):
    a = _layouts()[i]
    got, want = jitted(fn)(a), fn(a)
    np.testing.assert_array_equal(got, want)
    assert got.shape == want.shape and got.dtype == want.dtype
    assert np.shares_memory(got, a) == np.shares_memory(want, a)
    assert got.flags.c_contiguous == want.flags.c_contiguous
    assert got.flags.f_contiguous == want.flags.f_contiguous


@pytest.mark.parametrize("a", [np.array([[1, 2], [3, 4], [5, 6]], order="F"), np.arange(5), np.arange(6).reshape(2, 3)])
def test_asfortranarray_keeps_readonly_unless_it_copies(a):
    a.flags.writeable = False
    got, want = jitted(asfortranarray)(a), asfortranarray(a)
    np.testing.assert_array_equal(got, want)
    assert got.flags.writeable == want.flags.writeable


def test_ascontiguousarray_of_number():
    check(ascontiguousarray, 4.5)


@numba_differs("Numba's np.ascontiguousarray fails on a tuple or a list")
@pytest.mark.parametrize("a", [(1, 2, 3), [1.0, 2.0]])
def test_ascontiguousarray_of_sequences(a):
    check(ascontiguousarray, a)


def test_asfortranarray_refuses_str():
    with pytest.raises(TypingError, match='The argument "a" must be array-like'):
        jitted(asfortranarray)("hello")


# ------------------------------------------------------------------ tobytes


def tobytes(a):
    return a.tobytes()


@pytest.mark.parametrize("i", range(6))
def test_tobytes(i):
    a = _layouts()[i]
    got = jitted(tobytes)(a)
    assert type(got) is bytes and got == a.tobytes()


@pytest.mark.parametrize("a", [np.arange(6, dtype=np.float32)[::2], np.array([True, False]),
                               np.arange(4, dtype=np.complex64).reshape(2, 2).T, np.zeros(0, np.int16)])
def test_tobytes_dtypes(a):
    got = jitted(tobytes)(a)
    assert type(got) is bytes and got == a.tobytes()


def ident(b):
    return b


def test_bytes_argument_returns_bytes():
    assert jitted(ident)(b"abc") == b"abc"


# ------------------------------------------------------------------ np.where of two numbers


def where3(c, x, y):
    return np.where(c, x, y)


@pytest.mark.parametrize("x, y", [(np.float32(4), np.complex64(5)), (np.int64(4), np.complex64(5)),
                                  (np.int32(4), np.float32(5)), (np.int64(4), np.float32(5)),
                                  (4, 5.5), (True, 3), (np.float64(1), np.complex64(2))])
@pytest.mark.parametrize("c", [True, 0, np.array(False)])
def test_where_of_two_numpy_numbers(c, x, y):
    check(where3, c, x, y)


# ------------------------------------------------------------------ methods and functions


def repeat_method(a, n):
    return a.repeat(n)


def repeat_method_axis(a, n):
    return a.repeat(n, axis=1)


def roll(a, shift):
    return np.roll(a, shift)


@pytest.mark.parametrize("a", [np.arange(5), np.array([[0, 1], [2, 3]], np.uint32), np.array([])])
@pytest.mark.parametrize("n", [0, 2])
def test_repeat_method(a, n):
    check(repeat_method, a, n)
    check(repeat_method, a, np.full(a.size, n) if a.ndim == 1 else n)


@numba_differs("Numba's a.repeat() takes no axis")
def test_repeat_method_axis():
    check(repeat_method_axis, np.arange(6).reshape(2, 3), 2)


@pytest.mark.parametrize("a", [False, 4, 2.5])
@pytest.mark.parametrize("shift", [True, -3, 0, 7])
def test_roll_of_number(a, shift):
    check(roll, a, shift)


# ------------------------------------------------------------------ set arguments


def trim_zeros(a):
    return np.trim_zeros(a)


def set_length(s):
    return len(s)


def test_set_argument_is_a_typing_error_where_used():
    with pytest.raises(TypingError, match="The first argument must be an array"):
        jitted(trim_zeros)({0, 1, 2})


@numba_differs("Numba compiles code using sets; pycomp only types them")
def test_set_argument_operations_are_typing_errors():
    with pytest.raises(TypingError):
        jitted(set_length)({1, 2})


def test_set_argument_type_name():
    from support import typeof

    assert str(typeof({1, 2})) == "reflected set(int64)"
