"""Joining and rearranging arrays (pycomp/np/manipulation.py) against NumPy:
np.concatenate, np.stack and the *stack functions, np.expand_dims,
np.squeeze, np.atleast_*d, np.flip/fliplr/flipud, np.roll, np.repeat,
np.tile, np.where, np.tri/tril/triu, np.diag and np.take. Values, dtypes
and shapes; C / F / strided / negative-stride / 0-d / empty inputs; views
where NumPy gives views (np.shares_memory)."""

import numpy as np
import pytest

from support import (TypingError, check, is_numba, jitted, make_layout, no_leaks, numba_differs,
                     sample_array)

LAYOUTS = ("C", "F", "strided", "negstrided")
DTYPES = (np.bool_, np.int32, np.int64, np.float64, np.complex128)
AxisError = np.exceptions.AxisError


def arr(shape, dtype=np.float64, layout="C", seed=0):
    return make_layout(sample_array(shape, dtype, seed), layout)


def shares(pyfunc, *args):
    """Whether NumPy's and the compiled result share memory with the first
    argument (compared)."""
    with no_leaks():
        got = jitted(pyfunc)(*args)
        same = np.shares_memory(got, args[0])
        assert same == np.shares_memory(pyfunc(*args), args[0])
        del got
    return same


# ------------------------------------------------------------------ np.concatenate


def concat0(a, b):
    return np.concatenate((a, b))


def concat1(a, b):
    return np.concatenate((a, b), axis=1)


def concat_neg(a, b):
    return np.concatenate((a, b), -1)


def concat_none(a, b):
    return np.concatenate((a, b), axis=None)


def concat3(a, b, c):
    return np.concatenate((a, b, c), 0)


def concat_list(a, b, axis):
    return np.concatenate([a, b, a], axis)


def concat_axis(a, b, axis):
    return np.concatenate((a, b), axis)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("func", [concat0, concat1, concat_neg])
def test_concatenate_layouts(func, layout):
    check(func, arr((2, 3), layout=layout), arr((2, 3), layout=layout, seed=1))


@numba_differs("Numba's np.concatenate does not take axis=None (an assertion fails)")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_concatenate_flattened(layout):
    check(concat_none, arr((2, 3), layout=layout), arr((2, 3), layout=layout, seed=1))
    check(concat_none, arr((2, 3), np.int32), arr((3,), np.complex64))
    check(concat_none, np.array(1.5), arr((2, 2)))


@pytest.mark.parametrize("dtypes", [(np.int32, np.float32), (np.bool_, np.int8), (np.int64, np.complex64),
                                    (np.uint8, np.int8), (np.bool_, np.bool_), (np.float32, np.complex128)],
                         ids=str)
def test_concatenate_mixed_dtypes(dtypes):
    check(concat0, arr((2, 3), dtypes[0]), arr((1, 3), dtypes[1]))


@pytest.mark.parametrize("dtype", DTYPES)
def test_concatenate_dtypes_and_three_arrays(dtype):
    check(concat3, arr((2,), dtype), arr((0,), dtype), arr((4,), dtype, "negstrided"))


@numba_differs("Numba's np.concatenate takes a tuple of arrays, not a list")
@pytest.mark.parametrize("axis", [0, 1, -2])
def test_concatenate_list(axis):
    check(concat_list, arr((2, 3)), arr((2, 3), layout="F"), axis)


def test_concatenate_empty():
    check(concat0, arr((0, 3)), arr((2, 3)))
    check(concat1, arr((2, 0)), arr((2, 3)))


def test_concatenate_sizes_differ():
    check(concat_axis, arr((2, 3)), arr((2, 4)), 0, match_message=False)


@numba_differs("Numba raises an IndexError for an axis out of bounds; NumPy an AxisError")
@pytest.mark.parametrize("axis", [2, -3])
def test_concatenate_axis_out_of_bounds(axis):
    check(concat_axis, arr((2, 3)), arr((2, 3)), axis, match_message=False)


def test_concatenate_dimensions_differ():
    """As Numba: a TypingError (NumPy: a ValueError at run time)."""
    with pytest.raises(TypingError, match="same number of dimensions"):
        jitted(concat0)(arr((2, 3)), arr((3,)))


def test_concatenate_0d_is_a_typing_error():
    """As Numba: a TypingError (NumPy: a ValueError at run time)."""
    with pytest.raises(TypingError, match="zero-dimensional arrays cannot be concatenated"):
        jitted(concat0)(np.array(1.0), np.array(2.0))


def concat_numbers(a):
    return np.concatenate((a, 1.0))


def test_concatenate_of_a_number_is_a_typing_error():
    with pytest.raises(TypingError, match="concatenate"):
        jitted(concat_numbers)(arr((2,)))


# ------------------------------------------------------------------ np.stack and friends


def stack0(a, b):
    return np.stack((a, b))


def stack_axis(a, b, axis):
    return np.stack((a, b), axis)


def stack_list(a, b, axis):
    return np.stack([a, b, b], axis=axis)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_stack(axis, layout):
    check(stack_axis, arr((2, 3), layout=layout), arr((2, 3), np.int32, layout=layout), axis)


@numba_differs("Numba's np.stack takes a tuple of arrays, not a list")
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_stack_list(axis):
    check(stack_list, arr((3,)), arr((3,), layout="strided"), axis)


def test_stack_0d_empty_and_dtypes():
    check(stack0, np.array(1), np.array(2.5))
    check(stack0, arr((0, 2), np.bool_), arr((0, 2), np.complex128))


def test_stack_shapes_differ():
    check(stack_axis, arr((2, 3)), arr((3, 2)), 0, match_message=False)


@numba_differs("Numba raises an IndexError for an axis out of bounds; NumPy an AxisError")
def test_stack_axis_out_of_bounds():
    check(stack_axis, arr((2, 3)), arr((2, 3)), 3, match_message=False)


def hstack(a, b):
    return np.hstack((a, b))


def vstack(a, b):
    return np.vstack((a, b))


def dstack(a, b):
    return np.dstack((a, b))


def column_stack(a, b):
    return np.column_stack((a, b))


def hstack_list(a, b):
    return np.hstack([a, a])


def vstack_list(a, b):
    return np.vstack([b, b])


@pytest.mark.parametrize("shape", [(3,), (2, 3), (2, 3, 2)], ids=str)
@pytest.mark.parametrize("func", [hstack, vstack, dstack, column_stack])
def test_stack_functions(func, shape):
    if func is column_stack and len(shape) == 3:
        shape = (2, 3)
    check(func, arr(shape, layout="F"), arr(shape, np.int64, layout="negstrided"))


@numba_differs("Numba's *stack functions take a tuple of arrays, not a list")
@pytest.mark.parametrize("shape", [(3,), (2, 3)], ids=str)
@pytest.mark.parametrize("func", [hstack_list, vstack_list])
def test_stack_functions_of_lists(func, shape):
    check(func, arr(shape, layout="F"), arr(shape, np.int64, layout="negstrided"))


@pytest.mark.parametrize("func", [hstack, vstack, dstack])
def test_stack_functions_of_0d(func):
    check(func, np.array(1.5), np.array(2.5))


@numba_differs("Numba's np.column_stack refuses 0-d arrays")
def test_column_stack_of_0d():
    check(column_stack, np.array(1.5), np.array(2.5))


@numba_differs("Numba raises a TypingError for arrays of different dimensions; NumPy a ValueError")
def test_vstack_mixed_dimensions_error():
    check(vstack, arr((2, 3)), arr((4,)), match_message=False)


# ------------------------------------------------------------------ np.expand_dims, np.squeeze, np.atleast_*d


def expand(a, axis):
    return np.expand_dims(a, axis)


def expand_tuple(a):
    return np.expand_dims(a, (0, -1))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_expand_dims(axis, layout):
    a = arr((2, 3), layout=layout)
    check(expand, a, axis)
    assert shares(expand, a, axis)


def test_expand_dims_0d_empty():
    check(expand, np.array(3.5), 0)
    check(expand, arr((0, 2), np.bool_), 1)


@numba_differs("Numba raises an IndexError for an axis out of bounds; NumPy an AxisError")
def test_expand_dims_axis_out_of_bounds():
    check(expand, arr((2, 3)), 3, match_message=False)


@numba_differs("Numba's np.expand_dims takes one integer axis, not a tuple")
def test_expand_dims_tuple():
    a = arr((2, 3), np.complex128, layout="negstrided")
    check(expand_tuple, a)
    assert shares(expand_tuple, a)


def squeeze(a, axis):
    return np.squeeze(a, axis)


def squeeze_none(a):
    return np.squeeze(a)


@numba_differs("Numba has no np.squeeze")
@pytest.mark.parametrize("axis", [0, 2, -1, (0, 2)], ids=str)
def test_squeeze_axis(axis):
    a = arr((1, 3, 1), np.int32, layout="strided")
    check(squeeze, a, axis)
    assert shares(squeeze, a, axis)


@numba_differs("Numba has no np.squeeze")
def test_squeeze_errors():
    check(squeeze, arr((1, 3, 1)), 1, match_message=False)
    check(squeeze, arr((1, 3, 1)), 3, match_message=False)
    check(squeeze, arr((1, 3, 1)), (0, 0), match_message=False)


@numba_differs("Numba has no np.squeeze")
def test_squeeze_without_axis():
    check(squeeze_none, np.array(2.0))
    if not is_numba:
        with pytest.raises(TypingError, match="squeeze"):
            jitted(squeeze_none)(arr((1, 3)))


def atleast_1d(a):
    return np.atleast_1d(a)


def atleast_2d(a):
    return np.atleast_2d(a)


def atleast_3d(a):
    return np.atleast_3d(a)


@pytest.mark.parametrize("shape", [(3,), (2, 3), (2, 3, 2), (0,)], ids=str)
@pytest.mark.parametrize("func", [atleast_1d, atleast_2d, atleast_3d])
def test_atleast(func, shape):
    a = arr(shape, layout="negstrided")
    check(func, a)
    shares(func, a)  # a view as NumPy's (nothing to share when empty)


@pytest.mark.parametrize("func", [atleast_1d, atleast_2d, atleast_3d])
def test_atleast_0d(func):
    a = np.array(2.5)
    check(func, a)
    assert shares(func, a)


@numba_differs("Numba's np.atleast_*d take arrays only, not numbers")
@pytest.mark.parametrize("x", [3, 2.5, True, 1 + 2j], ids=repr)
@pytest.mark.parametrize("func", [atleast_1d, atleast_2d, atleast_3d])
def test_atleast_numbers(func, x):
    check(func, x)


# ------------------------------------------------------------------ np.flip, np.fliplr, np.flipud


def flip(a):
    return np.flip(a)


def flip_axis(a, axis):
    return np.flip(a, axis)


def flip_tuple(a):
    return np.flip(a, (0, -1))


def fliplr(a):
    return np.fliplr(a)


def flipud(a):
    return np.flipud(a)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("func", [flip, fliplr, flipud])
def test_flips(func, layout, dtype):
    a = arr((2, 3, 2), dtype, layout)
    check(func, a)
    assert shares(func, a)


@numba_differs("Numba's np.flip takes no axis argument")
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_flip_axis(axis):
    a = arr((2, 3), layout="F")
    check(flip_axis, a, axis)
    assert shares(flip_axis, a, axis)
    check(flip_axis, a, 2, match_message=False)


@numba_differs("Numba's np.flip takes no axis argument")
def test_flip_tuple_axis():
    check(flip_tuple, arr((2, 3, 4)))


def test_flip_1d_and_empty():
    check(flip, arr((5,), np.int64, "strided"))
    check(flipud, arr((0, 3)))


def test_flip_0d():
    check(flip, np.array(2.5))


def test_fliplr_1d_is_a_typing_error():
    # known when typing, as Numba has it (NumPy: ValueError)
    with pytest.raises(TypingError):
        jitted(fliplr)(arr((3,)))


# ------------------------------------------------------------------ np.roll


def roll(a, shift):
    return np.roll(a, shift)


def roll_axis(a, shift, axis):
    return np.roll(a, shift, axis)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("shift", [0, 2, -1, 13])
def test_roll(shift, layout):
    check(roll, arr((3, 4), np.int32, layout), shift)


@pytest.mark.parametrize("dtype", DTYPES)
def test_roll_dtypes_empty_0d(dtype):
    check(roll, arr((5,), dtype), 3)
    check(roll, arr((0,), dtype), 3)
    check(roll, arr((), dtype), 1)


@numba_differs("Numba's np.roll takes no axis argument")
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_roll_axis(axis):
    check(roll_axis, arr((3, 4), layout="negstrided"), -5, axis)
    check(roll_axis, arr((0, 4)), 1, axis)


# ------------------------------------------------------------------ np.repeat, np.tile


def repeat(a, r):
    return np.repeat(a, r)


def repeat_axis(a, r, axis):
    return np.repeat(a, r, axis)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_repeat(dtype, layout):
    a = arr((2, 3), dtype, layout)
    check(repeat, a, 2)
    check(repeat, a, np.array([0, 1, 2, 0, 1, 3]))
    check(repeat, a, np.array([2]))


def test_repeat_0d_empty_number_errors():
    check(repeat, np.array(2.5), 3)
    check(repeat, arr((0,)), 3)
    check(repeat, 4, 3)
    check(repeat, arr((3,)), -1, match_message=False)
    check(repeat, arr((3,)), np.array([1, 2]), match_message=False)
    check(repeat, arr((3,)), np.array([1, -2, 0]), match_message=False)


@numba_differs("Numba's np.repeat takes no axis argument")
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_repeat_axis(axis):
    a = arr((2, 3), np.int64, "F")
    check(repeat_axis, a, 2, axis)
    check(repeat_axis, a, np.array([1, 0, 2])[:a.shape[axis]], axis)


def tile(a, reps):
    return np.tile(a, reps)


NO_TILE = "Numba 0.68 refuses these np.tile calls ('unsupported use of numpy.tile')"


@numba_differs(NO_TILE)
@pytest.mark.parametrize("reps", [0, 2, (2, 1), (1, 3), (2, 2, 2), (0, 2)], ids=str)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_tile(reps, layout):
    check(tile, arr((2, 3), np.int32, layout), reps)


@numba_differs(NO_TILE)
@pytest.mark.parametrize("dtype", DTYPES)
def test_tile_dtypes_0d_empty(dtype):
    check(tile, arr((3,), dtype), (2, 2))
    check(tile, arr((), dtype), 3)
    check(tile, arr((0, 2), dtype), 2)


@numba_differs(NO_TILE)
def test_tile_negative_reps():
    check(tile, arr((3,)), -1, match_message=False)


# ------------------------------------------------------------------ np.where


def where1(c):
    return np.where(c)


def where3(c, x, y):
    return np.where(c, x, y)


def where_scalar_y(c, x):
    return np.where(c, x, 0)


def where_scalars(c):
    return np.where(c, 1, 2.5)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_where_one_argument(layout):
    check(where1, make_layout(arr((3, 4)) > 0, layout))
    check(where1, arr((5,), np.int32, layout))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtypes", [(np.float64, np.float64), (np.int32, np.float32), (np.bool_, np.int8),
                                    (np.int64, np.complex128), (np.uint8, np.int16)], ids=str)
def test_where_three_arguments(dtypes, layout):
    c = make_layout(arr((3, 4), seed=2) > 0, layout)
    check(where3, c, arr((3, 4), dtypes[0], layout), arr((3, 4), dtypes[1]))


def test_where_broadcasts():
    c = arr((3, 1)) > 0
    check(where3, c, arr((4,), np.int32), arr((2, 1, 1), np.float32, "negstrided"))
    check(where3, arr((3, 4), np.int64), 1.5, arr((4,)))
    check(where3, np.array(True), arr((0, 2)), arr((2,)))
    check(where3, np.array(False), np.array(1), np.array(2.0))


def test_where_scalars():
    c = arr((2, 3)) > 0
    check(where_scalars, c)
    check(where_scalar_y, c, arr((2, 3), np.int64))


@numba_differs("Numba promotes a Python int with an int32 or float32 array to 64 bits; NumPy 2 keeps the "
               "array's dtype (NEP 50)")
def test_where_python_int_promotes_weakly():
    c = arr((2, 3)) > 0
    check(where_scalar_y, c, arr((2, 3), np.int32))
    check(where_scalar_y, c, arr((2, 3), np.float32))
    check(where_scalar_y, c, arr((2, 3), np.bool_))


def test_where_shape_mismatch():
    check(where3, arr((3,)) > 0, arr((4,)), arr((3,)), match_message=False)


# ------------------------------------------------------------------ np.tri, np.tril, np.triu, np.diag


def tri(n, m, k):
    return np.tri(n, m, k)


def tri_int(n):
    return np.tri(n, dtype=np.int32)


@pytest.mark.parametrize("args", [(3, 3, 0), (3, 5, 1), (4, 2, -1), (0, 3, 0), (3, 3, -5), (2, 3, 7)], ids=str)
def test_tri(args):
    check(tri, *args)


@numba_differs("Numba's np.tri takes no dtype")
def test_tri_dtype():
    check(tri_int, 4)


def tril(a, k):
    return np.tril(a, k)


def triu(a, k):
    return np.triu(a, k)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("k", [0, 1, -1, 5])
@pytest.mark.parametrize("func", [tril, triu])
def test_tril_triu(func, k, layout):
    check(func, arr((3, 4), np.int32, layout), k)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("func", [tril, triu])
def test_tril_triu_dtypes_3d_empty(func, dtype):
    check(func, arr((2, 3, 3), dtype, "F"), 0)
    check(func, arr((0, 3), dtype), 0)


@pytest.mark.parametrize("func", [tril, triu])
def test_tril_triu_1d(func):
    check(func, arr((4,)), 1)


def diag(v, k):
    return np.diag(v, k)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("k", [0, 2, -1, 9])
def test_diag(k, layout):
    check(diag, arr((4,), np.complex128, layout), k)
    check(diag, arr((3, 4), np.int64, layout), k)


@pytest.mark.parametrize("dtype", DTYPES)
def test_diag_dtypes_and_empty(dtype):
    check(diag, arr((3,), dtype), 0)
    check(diag, arr((0,), dtype), 1)
    check(diag, arr((0, 3), dtype), 0)


@numba_differs("Numba's np.diag of a 2-d array is a copy; NumPy's a read-only view")
def test_diag_of_2d_is_a_readonly_view():
    a = arr((3, 3), layout="negstrided")
    assert shares(diag, a, 1)
    assert not jitted(diag)(a, 1).flags.writeable


# ------------------------------------------------------------------ np.take


def take(a, i):
    return np.take(a, i)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_take(dtype, layout):
    a = arr((3, 4), dtype, layout)
    check(take, a, 5)
    check(take, a, -1)
    check(take, a, np.array([[0, 11], [-12, 3]]))
    check(take, a, np.array([], np.int64))


def test_take_0d_and_errors():
    check(take, np.array(2.5), 0)
    check(take, arr((3,)), 3, match_message=False)
    check(take, arr((3,)), -4, match_message=False)
    check(take, arr((3,)), np.array([0, 3]), match_message=False)


def take_float(a):
    return np.take(a, 1.5)


def test_take_float_index_is_a_typing_error():
    with pytest.raises(TypingError, match="take"):
        jitted(take_float)(arr((3,)))
