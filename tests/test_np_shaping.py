"""Splitting, broadcasting, axis moving and item placing
(pycomp/np/shaping.py, pycomp/np/placing.py) against NumPy: np.split,
np.array_split, np.hsplit/vsplit/dsplit, np.broadcast_to,
np.broadcast_arrays, np.broadcast_shapes, np.moveaxis, np.swapaxes,
np.rollaxis, np.meshgrid, np.resize, np.append, np.fill_diagonal, np.put,
np.place, np.select, np.choose, np.insert, np.delete; and the dtype
argument of the creation functions (np.empty ... np.full_like) given as a
class, a dtype object or a string. Values, dtypes and shapes; C / F /
strided / negative-stride / 0-d / empty inputs; views where NumPy gives
views (np.shares_memory)."""

import numpy as np
import pytest

from support import (TypingError, assert_same, check, check_array_mutation, is_numba, jitted, make_layout,
                     no_leaks, numba_differs, run_both, sample_array)

LAYOUTS = ("C", "F", "strided", "negstrided")
DTYPES = (np.bool_, np.int32, np.int64, np.uint8, np.float32, np.float64, np.complex128)
AxisError = np.exceptions.AxisError


def arr(shape, dtype=np.float64, layout="C", seed=0):
    return make_layout(sample_array(shape, dtype, seed), layout)


def check_list(pyfunc, *args):
    """Compare a list of arrays from compiled code and NumPy item by item;
    returns the compiled list."""
    (want, pexc, _), (got, jexc, _) = run_both(pyfunc, *args)
    if pexc is not None:
        raise AssertionError("NumPy raised %r" % (pexc,))
    if jexc is not None:
        raise AssertionError("compiled call raised %r" % (jexc,)) from jexc
    assert isinstance(got, list), type(got)
    assert len(got) == len(want), (len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want)):
        assert_same(g, w, where="item %d" % i)
    return got


def shares(pyfunc, *args):
    """Whether the compiled result shares memory with the first argument
    (NumPy's result must agree)."""
    with no_leaks():
        got = jitted(pyfunc)(*args)
        want = pyfunc(*args)
        if isinstance(got, (list, tuple)):
            same = [np.shares_memory(g, args[0]) for g in got]
            assert same == [np.shares_memory(w, args[0]) for w in want]
        else:
            same = np.shares_memory(got, args[0])
            assert same == np.shares_memory(want, args[0])
        del got
    return same


# ------------------------------------------------------------------ np.split and friends


def split2(a):
    return np.split(a, 2)


def split_axis(a, n, axis):
    return np.split(a, n, axis)


def array_split_axis(a, n, axis):
    return np.array_split(a, n, axis=axis)


def array_split_tuple(a):
    return np.array_split(a, (1, 3, -1))


def array_split_list(a, axis):
    return np.array_split(a, [1, 7, 2], axis)


def split_indices(a, idx):
    return np.split(a, idx, 1)


def hsplit(a, n):
    return np.hsplit(a, n)


def vsplit(a, n):
    return np.vsplit(a, n)


def dsplit(a, n):
    return np.dsplit(a, n)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_split_layouts_dtypes(layout, dtype):
    a = arr((4, 6), dtype, layout)
    check_list(split2, a)
    check_list(split_axis, a, 3, 1)
    check_list(split_axis, a, 2, -1)
    check_list(array_split_axis, a, 4, 1)
    check_list(array_split_axis, a, 3, 0)
    check_list(array_split_tuple, a)
    check_list(array_split_list, a, 1)
    check_list(split_indices, a, np.array([2, 5]))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_split_1d_and_3d(layout):
    check_list(split2, arr((6,), np.int64, layout))
    check_list(array_split_axis, arr((7,), np.float32, layout), 3, 0)
    check_list(array_split_axis, arr((2, 3, 5), np.complex128, layout), 2, 2)
    check_list(hsplit, arr((6,), np.int32, layout), 3)
    check_list(hsplit, arr((2, 4, 3), layout=layout), 2)
    check_list(vsplit, arr((4, 3), layout=layout), 2)
    check_list(dsplit, arr((2, 3, 4), layout=layout), (1, 3))


def test_split_empty_and_more_sections_than_items():
    check_list(array_split_axis, np.zeros((0, 3)), 3, 0)
    check_list(array_split_axis, np.arange(2.0), 5, 0)
    check_list(split_axis, np.zeros((2, 0)), 2, 0)
    check_list(array_split_tuple, np.arange(2))


def test_split_views():
    a = np.arange(24.0).reshape(4, 6)
    assert all(shares(split_axis, a, 3, 1))
    assert shares(array_split_tuple, a) == [True, True, False, True]  # an empty piece shares nothing


def test_split_errors():
    check(split2, np.arange(5))  # ValueError: not an equal division
    check(split_axis, np.arange(4), 0, 0, match_message=False)  # ZeroDivisionError: N % 0 in NumPy
    check(split_axis, np.arange(4), 2, 1, match_message=False)  # IndexError
    check(array_split_axis, np.zeros((2, 2)), 2, -3, match_message=False)
    check(split2, np.array(1.0), match_message=False)  # 0-d: IndexError
    check(hsplit, np.array(1.0), 1)
    check(vsplit, np.arange(4), 2)
    check(dsplit, np.zeros((2, 2)), 2)


@numba_differs("Numba's np.array_split divides by zero sections (ZeroDivisionError, not ValueError)")
def test_array_split_no_sections():
    check(array_split_axis, np.arange(4), 0, 0)  # ValueError
    check(array_split_axis, np.arange(4), -1, 0)


def test_split_typing_error():
    with pytest.raises(TypingError, match="split"):
        jitted(split_axis)(np.arange(4), 2.0, 0)


# ------------------------------------------------------------------ np.broadcast_to and friends


def broadcast_to(a, shape):
    return np.broadcast_to(a, shape)


def broadcast_to_int(a):
    return np.broadcast_to(a, 3)


def broadcast_arrays2(a, b):
    return np.broadcast_arrays(a, b)


def broadcast_arrays3(a, b, c):
    return np.broadcast_arrays(a, b, c)


def broadcast_shapes(a, b):
    return np.broadcast_shapes(a, b, 4)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_broadcast_to(layout, dtype):
    a = arr((3, 1), dtype, layout)
    got = check(broadcast_to, a, (2, 3, 4))
    assert not got.flags.writeable
    check(broadcast_to, a, (3, 5))
    check(broadcast_to, arr((4,), dtype, layout), (3, 4))
    assert shares(broadcast_to, a, (2, 3, 4))


def test_broadcast_to_edges():
    check(broadcast_to, np.array(2.5), (2, 3))
    check(broadcast_to, np.array(7), ())
    check(broadcast_to, np.zeros((0, 1)), (2, 0, 3))
    check(broadcast_to, 1.5, (2, 2))
    check(broadcast_to_int, np.arange(1))


def test_broadcast_to_errors():
    check(broadcast_to, np.arange(3.0), (2, 4), match_message=False)
    check(broadcast_to, np.arange(3.0), (-1, 3))
    check(broadcast_to, np.zeros((2, 3)), (3,))


@numba_differs("Numba's np.broadcast_arrays returns a list, not NumPy 2's tuple")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_broadcast_arrays(layout):
    a = arr((3, 1), np.int32, layout)
    b = arr((4,), np.float64, layout)
    check(broadcast_arrays2, a, b)
    check(broadcast_arrays3, a, b, np.array(2j))
    check(broadcast_arrays2, np.zeros((0, 1)), np.arange(3))
    check(broadcast_arrays2, 1.5, np.arange(3))
    assert shares(broadcast_arrays2, a, b)[0]


def test_broadcast_arrays_error():
    check(broadcast_arrays2, np.zeros(3), np.zeros(4), match_message=False)


def test_broadcast_shapes():
    check(broadcast_shapes, (3, 1), (2, 1, 1))
    check(broadcast_shapes, 1, ())
    check(broadcast_shapes, (3,), (2, 1), match_message=False)  # ValueError


# ------------------------------------------------------------------ np.moveaxis, np.swapaxes, np.rollaxis


def moveaxis(a, s, d):
    return np.moveaxis(a, s, d)


def swapaxes(a, i, j):
    return np.swapaxes(a, i, j)


def rollaxis(a, axis, start):
    return np.rollaxis(a, axis, start)


def rollaxis_default(a, axis):
    return np.rollaxis(a, axis)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_moveaxis(layout, dtype):
    a = arr((2, 3, 4), dtype, layout)
    check(moveaxis, a, 0, -1)
    check(moveaxis, a, -1, 0)
    check(moveaxis, a, (0, 1), (2, 0))
    check(moveaxis, a, (0, 2, 1), (1, 0, 2))
    check(moveaxis, arr((5,), dtype, layout), 0, -1)
    assert shares(moveaxis, a, 2, 0)


@numba_differs("Numba raises ValueError, not NumPy's AxisError, for an axis out of bounds")
def test_moveaxis_errors():
    a = np.zeros((2, 3))
    check(moveaxis, a, 2, 0, match_message=False)  # AxisError
    check(moveaxis, a, (0, 0), (1, 0))
    check(moveaxis, a, (0, 1), (1, 1))
    check(moveaxis, a, (0, 1), 1)
    check(moveaxis, np.array(1.0), 0, 0, match_message=False)
    with pytest.raises(TypingError, match="moveaxis"):
        jitted(moveaxis)(a, 0.0, 1)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_swapaxes(layout, dtype):
    a = arr((2, 3, 4), dtype, layout)
    check(swapaxes, a, 0, 2)
    check(swapaxes, a, -1, 1)
    check(swapaxes, a, 1, 1)
    assert shares(swapaxes, a, 0, 2)


@numba_differs("Numba raises ValueError, not NumPy's AxisError, for an axis out of bounds")
def test_swapaxes_errors():
    check(swapaxes, np.zeros(3), 0, 2, match_message=False)
    check(swapaxes, np.zeros((2, 2)), -3, 0, match_message=False)


@numba_differs("Numba 0.68 has no np.rollaxis")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_rollaxis(layout):
    a = arr((2, 3, 4, 5), np.int64, layout)
    for axis in range(-4, 4):
        for start in range(-4, 5):
            check(rollaxis, a, axis, start)
    check(rollaxis_default, a, 3)
    assert shares(rollaxis, a, 3, 1)


@numba_differs("Numba 0.68 has no np.rollaxis")
def test_rollaxis_errors():
    a = np.zeros((2, 3))
    check(rollaxis, a, 0, 4, match_message=False)  # AxisError
    check(rollaxis, a, 0, -3, match_message=False)
    check(rollaxis, a, 2, 0, match_message=False)


# ------------------------------------------------------------------ np.meshgrid


def meshgrid1(x):
    return np.meshgrid(x)


def meshgrid2(x, y):
    return np.meshgrid(x, y)


def meshgrid2_ij(x, y):
    return np.meshgrid(x, y, indexing="ij")


def meshgrid3(x, y, z):
    return np.meshgrid(x, y, z)


def meshgrid3_ij(x, y, z):
    return np.meshgrid(x, y, z, indexing="ij")


def meshgrid_bad(x, y):
    return np.meshgrid(x, y, indexing="yx")


@numba_differs("Numba 0.68 has no np.meshgrid")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_meshgrid(layout):
    x = arr((3,), np.int32, layout)
    y = arr((4,), np.float64, layout, seed=1)
    z = arr((2,), np.complex128, layout, seed=2)
    check(meshgrid1, x)
    check(meshgrid2, x, y)
    check(meshgrid2_ij, x, y)
    check(meshgrid3, x, y, z)
    check(meshgrid3_ij, x, y, z)
    check(meshgrid2, arr((2, 2), np.bool_, layout), y)  # flattened
    check(meshgrid2, np.zeros(0), y)
    check(meshgrid2, np.array(3), 2.5)
    got = jitted(meshgrid2)(x, y)
    assert not any(np.shares_memory(g, x) or np.shares_memory(g, y) for g in got)  # copies
    check(meshgrid_bad, x, y)


# ------------------------------------------------------------------ np.resize, np.append


def resize(a, shape):
    return np.resize(a, shape)


def append(a, v):
    return np.append(a, v)


def append_axis(a, v, axis):
    return np.append(a, v, axis=axis)


@numba_differs("Numba's np.resize refuses an empty tuple new_shape (a TypingError)")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_resize(layout, dtype):
    a = arr((2, 3), dtype, layout)
    check(resize, a, (3, 5))
    check(resize, a, 4)
    check(resize, a, (2, 0))
    check(resize, a, ())
    check(resize, np.zeros((0, 2), dtype), (2, 2))  # zeros
    check(resize, np.array(1, dtype), (2, 2))


def test_resize_errors():
    check(resize, np.arange(3), (-1, 2), match_message=False)
    check(resize, 2.5, 3)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_append(layout, dtype):
    a = arr((2, 3), dtype, layout)
    check(append, a, a)
    check(append, a, 1.5)
    check(append, a, np.arange(2, dtype=np.int8))
    check(append_axis, a, arr((1, 3), dtype, layout), 0)
    check(append_axis, a, arr((2, 2), np.float32, layout), 1)
    check(append_axis, a, a, -1)


def test_append_edges_errors():
    check(append, np.array(1.0), np.zeros(0, np.int32))
    check(append, 3, 4)
    check(append_axis, np.zeros((2, 3)), np.zeros((2, 2)), 0, match_message=False)  # ValueError


def test_append_of_different_dimensions_is_a_typing_error():
    # the types decide it: a TypingError when compiling, as in Numba (NumPy: ValueError)
    with pytest.raises(TypingError, match="same number of dimensions"):
        jitted(append_axis)(np.zeros((2, 3)), np.zeros(2), 0)


# ------------------------------------------------------------------ np.fill_diagonal, np.put, np.place


def fill_diagonal(a, val):
    np.fill_diagonal(a, val)


def fill_diagonal_wrap(a, val):
    np.fill_diagonal(a, val, True)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [d for d in DTYPES if d is not np.complex128])
def test_fill_diagonal(layout, dtype):
    _fill_diagonal_cases(layout, dtype)


@numba_differs("Numba's np.fill_diagonal refuses a complex scalar val (a TypingError)")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_fill_diagonal_complex(layout):
    _fill_diagonal_cases(layout, np.complex128)


def _fill_diagonal_cases(layout, dtype):
    for shape in ((3, 4), (5, 2), (4, 4), (7, 3), (0, 2), (3, 3, 3)):
        a = arr(shape, dtype, layout)
        check_array_mutation(fill_diagonal, a, dtype(1))
        check_array_mutation(fill_diagonal, a, np.arange(2).astype(dtype))
        check_array_mutation(fill_diagonal_wrap, a, dtype(0))
        check_array_mutation(fill_diagonal_wrap, a, np.arange(2).astype(dtype))


@numba_differs("Numba raises a TypingError for a 1-d array, not ValueError")
def test_fill_diagonal_errors():
    with pytest.raises(TypingError, match="at least 2-D"):  # known when typing, as Numba has it
        jitted(fill_diagonal)(np.zeros(3), 1.0)
    check(fill_diagonal, np.zeros((2, 3, 2)), 1.0)


def put(a, ind, v):
    np.put(a, ind, v)


@numba_differs("Numba 0.68 has no np.put")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_put(layout, dtype):
    a = arr((3, 4), dtype, layout)
    check_array_mutation(put, a, 5, dtype(1))
    check_array_mutation(put, a, -1, dtype(0))
    check_array_mutation(put, a, [0, 11, 3], np.arange(2).astype(dtype))
    check_array_mutation(put, a, (1, 2), np.ones((2, 1), dtype))
    check_array_mutation(put, a, np.array([[0, 1], [2, 1]]), np.arange(4).astype(dtype))
    check_array_mutation(put, a, np.array([1, 2]), np.zeros(0, dtype))
    check_array_mutation(put, np.zeros((), dtype), 0, dtype(1))


@numba_differs("Numba 0.68 has no np.put")
def test_put_errors():
    check(put, np.zeros(4), 4, 1.0, match_message=False)  # IndexError
    check(put, np.zeros(4), [0, -5], 1.0, match_message=False)


def place(a, mask, vals):
    np.place(a, mask, vals)


@numba_differs("Numba 0.68 has no np.place")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_place(layout, dtype):
    a = arr((3, 4), dtype, layout)
    mask = arr((3, 4), np.bool_, layout, seed=3)
    check_array_mutation(place, a, mask, np.arange(3).astype(dtype))
    check_array_mutation(place, a, mask, dtype(1))
    check_array_mutation(place, a, np.zeros((3, 4), np.bool_), np.zeros(0, dtype))
    check_array_mutation(place, a, a, np.arange(2).astype(dtype))  # the array itself as mask


@numba_differs("Numba 0.68 has no np.place")
def test_place_errors():
    check(place, np.zeros(4), np.ones(3, np.bool_), 1.0)
    check(place, np.zeros(4), np.ones(4, np.bool_), np.zeros(0))


# ------------------------------------------------------------------ np.select, np.choose


def select_list(x, y):
    return np.select([x < 0.3, x > 0.6], [x, y], 42)


def select_tuple(x, y):
    return np.select((x < 0.3, y > 0.6), (x, y))


def select_default_array(x, y):
    return np.select([x < 0.5], [x], y)


def select_cond(c, x):
    return np.select([c], [x])


def select_mismatch(x):
    return np.select([x < 0.3, x > 0.6], [x])


def select_mismatch_tuple(x):
    return np.select((x < 0.3, x > 0.6), (x,))


@numba_differs("Numba's np.select takes only a scalar default, not an array")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_select(layout, dtype):
    x = arr((3, 4), np.float64, layout)
    y = arr((3, 4), dtype, layout, seed=1)
    check(select_list, x, x)
    check(select_default_array, x, y)
    check(select_cond, x < 0.5, y)


@numba_differs("Numba's np.select takes lists only")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_select_tuples_broadcast(layout, dtype):
    x = arr((3, 4), np.float64, layout)
    y = arr((4,), dtype, layout, seed=1)
    check(select_tuple, x, y)
    check(select_tuple, x, np.array(0.7))


def test_select_errors():
    x = np.arange(4.0)
    check(select_mismatch, x, match_message=False)
    with pytest.raises(TypingError, match="condlist arrays must contain booleans"):
        jitted(select_cond)(np.arange(3), x)  # (NumPy: a TypeError at run time)


def test_select_tuple_errors():
    check(select_mismatch_tuple, np.arange(4.0))


def choose_list(a, x, y):
    return np.choose(a, [x, y])


def choose_tuple(a, x, y):
    return np.choose(a, (x, y, 5))


def choose_array(a, c):
    return np.choose(a, c)


@numba_differs("Numba 0.68 has no np.choose")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_choose(layout, dtype):
    a = make_layout(np.array([[0, 1, 1, 0], [1, 0, 1, 1], [0, 0, 0, 1]]), layout)
    x = arr((3, 4), dtype, layout)
    y = arr((4,), dtype, layout, seed=1)
    check(choose_list, a, x, x)
    check(choose_tuple, a, x, y)
    check(choose_tuple, a * 2, x, y.astype(np.float32) if dtype != np.complex128 else y)
    check(choose_array, a, arr((2, 3, 4), dtype, layout))
    check(choose_list, np.array(1), x, x)
    check(choose_list, np.zeros((0, 4), np.int64), y, y)


@numba_differs("Numba 0.68 has no np.choose")
def test_choose_errors():
    check(choose_list, np.array([0, 2]), np.zeros(2), np.ones(2))
    check(choose_list, np.array([0, -1]), np.zeros(2), np.ones(2))
    check(choose_list, np.array([0, 1]), np.zeros(3), np.ones(3), match_message=False)
    with pytest.raises(TypingError, match="choose"):
        jitted(choose_list)(np.array([0.5]), np.zeros(1), np.ones(1))


# ------------------------------------------------------------------ np.insert, np.delete


def insert(a, obj, values):
    return np.insert(a, obj, values)


def insert_axis0(a, obj, values):
    return np.insert(a, obj, values, axis=0)


@numba_differs("Numba's np.insert is not in 0.68")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_insert(layout, dtype):
    a = arr((6,), dtype, layout)
    check(insert, a, 2, dtype(1))
    check(insert, a, -1, np.arange(3))
    check(insert, a, 6, 2.5)
    check(insert, a, [1, 1, -1, 6], np.arange(4))
    check(insert, a, (0, 3), dtype(0))
    check(insert, a, np.array([5, 0]), np.arange(2).astype(dtype))
    check(insert, arr((2, 3), dtype, layout), 4, dtype(1))
    check(insert_axis0, a, 1, np.zeros(2, dtype))
    check(insert, np.zeros(0, dtype), 0, dtype(1))


@numba_differs("Numba's np.insert is not in 0.68")
def test_insert_errors():
    check(insert, np.arange(4), 5, 1, match_message=False)  # IndexError
    check(insert, np.arange(4), [0, -6], 1)  # NumPy checks the final positions only
    check(insert, np.arange(4), [0, -9], 1, match_message=False)  # ValueError: two at one position
    check(insert, np.arange(4), [0, -5], 1)
    check(insert, np.arange(4), [0, -20], 1, match_message=False)  # IndexError
    check(insert, np.arange(4), [0, 1], np.arange(3), match_message=False)  # ValueError
    check(insert_axis0, np.arange(4), 1, 1)
    with pytest.raises(TypingError, match="insert"):
        jitted(insert_axis0)(np.zeros((2, 2)), 1, 1)


def delete(a, obj):
    return np.delete(a, obj)


def delete_slice(a):
    return np.delete(a, slice(1, None, 2))


def delete_axis0(a, obj):
    return np.delete(a, obj, 0)


@numba_differs("Numba's np.delete takes no boolean mask and no axis")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_delete(layout, dtype):
    a = arr((6,), dtype, layout)
    check(delete, a, 2)
    check(delete, a, -1)
    check(delete, a, np.array([0, 5, 0]))
    check(delete, a, np.array([True, False, True, False, False, True]))
    check(delete, arr((2, 3), dtype, layout), np.array([1, 4]))
    check(delete_slice, a)
    check(delete_axis0, a, 0)


@numba_differs("Numba's np.delete takes no tuple, list or axis")
def test_delete_sequences():
    a = np.arange(6.0)
    check(delete, a, [0, -1])
    check(delete, a, (1, 2))
    check(delete_axis0, a, np.array([1, 2]))


@numba_differs("Numba's np.delete does not check a negative index in an array obj")
def test_delete_errors():
    check(delete, np.arange(4), 4, match_message=False)  # IndexError
    check(delete, np.arange(4), np.array([0, -5]), match_message=False)
    check(delete, np.arange(4), np.array([True, False]), match_message=False)  # ValueError
    with pytest.raises(TypingError, match="delete"):
        jitted(delete)(np.arange(4), 1.5)


# ------------------------------------------------------------------ dtypes of the creation functions


DTYPE_SPECS = [np.complex64, np.complex128, np.uint16, np.uint64, np.int8, np.int16, np.int32, np.int64, np.uint8,
               np.uint32, np.float32, np.float64, np.bool_, float, int, complex, bool, np.dtype("f4"),
               np.dtype(np.int16), "f4", "f8", "complex64", "complex128", "i8", "<f8", "u2", "int32", "float32",
               "bool", "c16", "b1", "?", "i1", "u4"]


def _creators(dt):
    return [
        eval("lambda n: np.empty(n, DT).shape", {"np": np, "DT": dt}),
        eval("lambda n: np.zeros((n, 2), DT)", {"np": np, "DT": dt}),
        eval("lambda n: np.ones(n, dtype=DT)", {"np": np, "DT": dt}),
        eval("lambda n: np.full(n, 1, DT)", {"np": np, "DT": dt}),
        eval("lambda n: np.zeros_like(np.arange(n), DT)", {"np": np, "DT": dt}),
        eval("lambda n: np.ones_like(np.arange(n), dtype=DT)", {"np": np, "DT": dt}),
        eval("lambda n: np.full_like(np.arange(n), 1, DT)", {"np": np, "DT": dt}),
        eval("lambda n: np.empty_like(np.arange(n), DT).dtype == np.empty(1, DT).dtype", {"np": np, "DT": dt}),
    ]


_PY_CLASS_REASON = "Numba's *_like functions refuse a Python class (float, int, ...) as dtype"
_PY_CLASS = [pytest.mark.numba_differs(reason=_PY_CLASS_REASON),
             pytest.mark.xfail(is_numba, reason="numba differs: " + _PY_CLASS_REASON, strict=True)]


@pytest.mark.parametrize("dt", [pytest.param(d, marks=_PY_CLASS) if any(d is c for c in (float, int, complex, bool))
                                else d for d in DTYPE_SPECS], ids=str)
def test_creation_dtypes(dt):
    for f in _creators(dt):
        check(f, 3)
        got = jitted(f)(2)
        if isinstance(got, np.ndarray):
            assert got.dtype == np.dtype(dt)
