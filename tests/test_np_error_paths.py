"""Error paths of NumPy functions, as Numba 0.68 reports them.

Where the argument types already decide the error (wrong ndim, wrong kinds
of arguments, a bad constant), the compiled call raises a TypingError at
compile time; where the values decide it, the exception NumPy (or Numba,
where its tests pin another class) raises at run time. Each error path sits
next to valid calls that must still give NumPy's values.
"""

from __future__ import annotations

import numpy as np
import pytest

from support import TypingError, check, jitted, numba_differs

# ------------------------------------------------------------------ np.searchsorted, str defaults


def searchsorted_default(a, v, side="left"):
    return np.searchsorted(a, v, side=side)


def searchsorted_bad_side(a, v):
    return np.searchsorted(a, v, side="nonsense")


def searchsorted_right(a, v):
    return np.searchsorted(a, v, side="right")


def test_searchsorted_str_default_folds():
    """A str default left out is a constant, as Numba's omitted arguments."""
    a = np.array([1.0, 2.0, 2.0, 3.0])
    check(searchsorted_default, a, 2.0)
    check(searchsorted_default, a, np.array([0.5, 2.0, 9.0]))
    check(searchsorted_right, a, 2.0)
    check(searchsorted_right, [1, 2, 3], 2)


def test_searchsorted_side_errors():
    with pytest.raises(TypingError, match="side"):
        jitted(searchsorted_bad_side)(np.array([1, 2]), 1)
    with pytest.raises(TypingError):
        jitted(searchsorted_bad_side)([1, 2], 1)
    with pytest.raises(TypingError):  # a str known only at run time
        jitted(searchsorted_default)(np.array([1, 2]), 1, side="right")


def str_default(a, s="abc", t=(1, "x")):
    return len(s) + a, s, t


def test_str_default_values():
    check(str_default, 1)
    check(str_default, 1, "zz")
    check(str_default, 2, kwargs={"t": (3, "y")})


# ------------------------------------------------------------------ np.asarray_chkfinite


def asarray_chkfinite(a, dtype=None):
    return np.asarray_chkfinite(a, dtype)


def asarray_chkfinite_f4(a):
    return np.asarray_chkfinite(a, np.float32)


def test_asarray_chkfinite_values():
    check(asarray_chkfinite, np.array([1.0, 2.0]))
    check(asarray_chkfinite, [1, 2, 3])
    check(asarray_chkfinite_f4, np.array([1, 2]))


def test_asarray_chkfinite_errors():
    with pytest.raises(TypingError, match="must be array-like"):
        jitted(asarray_chkfinite)(2)
    with pytest.raises(TypingError, match="dtype must be a valid Numpy dtype"):
        jitted(asarray_chkfinite)(np.array([1, 2]), "float32")
    check(asarray_chkfinite, np.array([2.0, np.nan]))  # ValueError at run time
    check(asarray_chkfinite, np.array([np.inf, 1.0]))


# ------------------------------------------------------------------ np.extract


def extract(condition, arr):
    return np.extract(condition, arr)


def test_extract_values():
    a = np.arange(6).reshape(2, 3)
    check(extract, a % 2 == 0, a)
    check(extract, np.array([1, 0, 0, 0, 0, 0, 0]), a.ravel())  # a longer condition, zero past the end
    check(extract, np.array([0, 1]), np.arange(4.0))


@pytest.mark.parametrize("cond,arr,message", [
    (np.array([1, 2, 3]), np.array([]), "Cannot extract from an empty array"),
    (np.array([1, 0, 1, 0, 1]), np.array([1, 2, 3]), "condition shape inconsistent with arr shape"),
    (np.array([True, False, False, False, True]), np.arange(4), "condition shape inconsistent"),
])
def test_extract_errors(cond, arr, message):
    """A nonzero past ``arr``'s end: a ValueError, as Numba's (NumPy: IndexError)."""
    with pytest.raises(ValueError, match=message):
        jitted(extract)(cond, arr)


# ------------------------------------------------------------------ np.select


def select(condlist, choicelist, default=0):
    return np.select(condlist, choicelist, default=default)


def test_select_values():
    x = np.arange(10)
    check(select, [x < 3, x > 5], [x, x ** 2], 0)
    check(select, [x < 3, x > 5], [x, x ** 2], -1.5)


@pytest.mark.parametrize("condlist,choicelist,default,message", [
    ([np.array(True), np.array(False)], [np.array(1), np.array(2)], 0, "at least dimension 1"),
    ([np.array(True)], [np.array([1])], 0, "same number of dimensions"),
    ([np.array([True])], [np.array([[1]])], 0, "same number of dimensions"),
    (np.array([True, False]), np.array([1.0, 2.0]), 0, "condlist must be a List or a Tuple"),
    ([True], [0], [0], "default must be a scalar"),
    ([np.arange(3), np.arange(3)], [np.arange(3), np.arange(3)], 0, "condlist arrays must contain booleans"),
    ([(False,)] * 3, [np.array([1])] * 3, 0, "items of condlist must be arrays"),
    ([np.array([False])] * 3, [(1,)] * 3, 0, "items of choicelist must be arrays"),
])
def test_select_typing_errors(condlist, choicelist, default, message):
    with pytest.raises(TypingError, match=message):
        jitted(select)(condlist, choicelist, default)


def test_select_length_mismatch():
    x = np.arange(10)
    check(select, [x > 9, x > 8, x > 7], [x, x ** 2], 0)  # ValueError at run time


# ------------------------------------------------------------------ np.split


def split(a, indices, axis=0):
    return np.split(a, indices, axis=axis)


@pytest.mark.parametrize("args", [(np.arange(6.0), 3), (np.arange(12.0).reshape(3, 4), [1, 3], -1)])
def test_split_values(args):
    got, want = jitted(split)(*args), split(*args)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_split_errors():
    check(split, np.ones(5), 2)  # ValueError: not an equal division
    check(split, np.ones(5), 2, 1, match_message=False)  # sections, axis out of bounds: IndexError
    with pytest.raises(ValueError, match="np.split: Argument axis out of bounds"):
        jitted(split)(np.ones(5), [3], axis=-3)  # (NumPy: an IndexError; Numba: this ValueError)


# ------------------------------------------------------------------ np.take_along_axis


def take_along_none(a, i):
    return np.take_along_axis(a, i, None)


def take_along_0(a, i):
    return np.take_along_axis(a, i, 0)


def test_take_along_axis_values():
    a = np.arange(8).reshape(2, 4)
    check(take_along_none, a, np.array([0, 7], dtype=np.uint64))
    check(take_along_0, a, np.ones((1, 4), dtype=np.int64))


def test_take_along_axis_errors():
    a = np.arange(8).reshape(2, 4)
    with pytest.raises(TypingError, match='"arr" must be an array'):
        jitted(take_along_none)(12, np.array([0, 1]))
    with pytest.raises(TypingError, match='"indices" must be an array'):
        jitted(take_along_none)(a, 5)
    with pytest.raises(TypingError, match="indices array must contain integers"):
        jitted(take_along_none)(a, np.array([0.0, 1.0]))
    with pytest.raises(TypingError, match="must have the same number of dimensions"):
        jitted(take_along_none)(a, a)
    with pytest.raises(TypingError, match="must have the same number of dimensions"):
        jitted(take_along_0)(a, np.array([0, 1]))
    with pytest.raises(ValueError, match="dimensions don't match"):
        jitted(take_along_0)(a, np.ones((2, 3), dtype=np.uint64))


# ------------------------------------------------------------------ np.outer, np.kron


def outer(a, b):
    return np.outer(a, b)


def kron(a, b):
    return np.kron(a, b)


def test_outer_kron_values():
    a = np.arange(6.0).reshape(2, 3)
    b = np.asfortranarray(np.arange(4.0).reshape(2, 2))
    check(outer, a, np.arange(3.0)[::-1])
    check(kron, a, b)
    check(kron, a, np.arange(3.0))
    check(kron, np.arange(3.0), a)
    check(kron, np.arange(2.0), np.arange(3.0))


def test_kron_of_more_than_two_dimensions_is_a_typing_error():
    cube = np.ones((1, 1, 1))
    with pytest.raises(TypingError, match=r"np.kron\(\) only supported on 1 and 2-D arrays"):
        jitted(kron)(np.ones(1), cube)


@numba_differs("Numba refuses np.outer of 3-d arrays (NumPy flattens them) and np.kron of strided ones")
def test_outer_and_kron_beyond_numba():
    check(outer, np.arange(8.0).reshape(2, 2, 2), np.arange(3.0))
    check(kron, np.arange(10.0)[::2], np.arange(10.0)[::3])


# ------------------------------------------------------------------ np.all, np.any, np.cumsum


def np_all(a):
    return np.all(a)


def np_any(a):
    return np.any(a)


def cumsum(a):
    return np.cumsum(a)


def test_all_any_of_arrays_numbers_and_lists():
    for fn in (np_all, np_any):
        check(fn, np.array([1.0, 0.0]))
        check(fn, 0.0)


@numba_differs("Numba's np.all and np.any refuse lists")
def test_all_any_of_lists():
    for fn in (np_all, np_any):
        check(fn, [1, 2, 3])
        check(fn, [0, 0])


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.int64, np.float32, np.complex64])
def test_cumsum_of_a_number(dtype):
    """A number of the accumulator dtype, as Numba's (NumPy: a 1-element array)."""
    got = jitted(cumsum)(dtype(3))
    want = np.cumsum(dtype(3))
    assert got == want[0] and type(got) is type(want[0].item())
    check(cumsum, np.arange(1, 5).astype(dtype))


# ------------------------------------------------------------------ np.diag


def diag(v, k=0):
    return np.diag(v, k)


def test_diag_values():
    check(diag, np.arange(3.0))
    check(diag, np.arange(3.0), -1)
    check(diag, np.arange(12).reshape(3, 4), 1)


def test_diag_errors():
    with pytest.raises(TypingError):
        jitted(diag)(np.array([[[1.0]]]))
    with pytest.raises(TypingError):
        jitted(diag)(np.array([[[1.0]]]), 3)
    with pytest.raises(TypingError, match='The argument "v" must be array-like'):
        jitted(diag)(None)
