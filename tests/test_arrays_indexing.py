"""Array indexing against NumPy: slices (constant and computed bounds,
negative steps), None/np.newaxis, ``...``, integer and boolean index
arrays, on C, F, strided, negative-stride and read-only arrays; views share
memory with what they view; assignment of scalars and of arrays
(broadcasting, overlapping source and target); the errors NumPy raises at
run time and the TypingErrors compiled code gives for indices it cannot
take. Leaks are checked with the runtime's statistics. Random slices
(hypothesis) are compared with NumPy too."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from support import (LAYOUTS, WRITE_LAYOUTS, TypingError, check, check_array_mutation, cpython_differs, jitted,
                     make_layout, njit, no_leaks, numba_differs, pycomp_only, sample_array)

A1 = np.arange(10.0)
A2 = sample_array((4, 6), np.float64)
A3 = sample_array((3, 4, 5), np.int32)


# ------------------------------------------------------------------ getitem: constant slices

def s_tail(a):
    return a[1:]


def s_inner(a):
    return a[1:-1]


def s_step(a):
    return a[::2]


def s_reverse(a):
    return a[::-1]


def s_rev_step(a):
    return a[-2:0:-3]


def s_empty(a):
    return a[5:2]


def s_past_end(a):
    return a[3:100]


def s2_rows(a):
    return a[1:3]


def s2_cols(a):
    return a[:, 2:5]


def s2_both(a):
    return a[1:, ::-2]


def s2_row(a):
    return a[2]


def s2_col(a):
    return a[:, 1]


def s2_elem_neg(a):
    return a[-1, -2]


def s3_mixed(a):
    return a[1, :, ::2]


def s3_ellipsis_last(a):
    return a[..., 1]


def s3_ellipsis_first(a):
    return a[0, ...]


def s3_ellipsis_middle(a):
    return a[1, ..., 2:]


def s_newaxis(a):
    return a[None]


def s2_newaxis_middle(a):
    return a[:, None, 1:]


def s_all_ints_ellipsis(a):
    return a[..., 0, 1]


def s_empty_tuple(a):
    return a[()]


ONE_D = [s_tail, s_inner, s_step, s_reverse, s_rev_step, s_empty, s_past_end, s_newaxis]
TWO_D = [s2_rows, s2_cols, s2_both, s2_row, s2_col, s2_elem_neg, s2_newaxis_middle,
         s_empty_tuple, s_tail, s_reverse]
THREE_D = [s3_mixed, s3_ellipsis_last, s3_ellipsis_first, s3_ellipsis_middle]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("fn", ONE_D, ids=lambda f: f.__name__)
def test_slices_1d(fn, layout):
    with no_leaks():
        check(fn, make_layout(A1, layout))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("fn", TWO_D, ids=lambda f: f.__name__)
def test_slices_2d(fn, layout):
    with no_leaks():
        check(fn, make_layout(A2, layout))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("fn", THREE_D, ids=lambda f: f.__name__)
def test_slices_3d(fn, layout):
    with no_leaks():
        check(fn, make_layout(A3, layout))


@cpython_differs("NumPy gives a 0-d array when `...` is among all-integer indices; Numba, and pycomp, the element")
def test_ellipsis_with_an_integer_per_dimension_gives_the_element():
    check(s_all_ints_ellipsis, A2, expected=float(A2[0, 1]))


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int16, np.float32, np.complex128])
def test_slices_of_every_dtype(dtype):
    a = sample_array((5, 4), dtype)
    check(s2_both, a)
    check(s2_col, a)


# ------------------------------------------------------------------ computed bounds

def s_var(a, i, j, k):
    return a[i:j:k]


def s_var_start(a, i):
    return a[i:]


def s_var_stop(a, j):
    return a[:j]


def s_slice_builtin(a, i, j):
    return a[slice(i, j)], a[slice(j)], a[slice(None, None, -1)]


BOUNDS = [None, 0, 1, 3, -1, -4, 9, 10, 12, -12, 2 ** 62, -2 ** 62]


@pytest.mark.parametrize("k", [None, 1, 2, 3, -1, -2, -7, 2 ** 63 - 1, -2 ** 63])
def test_computed_bounds_match_python(k):
    a = A1.copy()
    for i in BOUNDS:
        for j in BOUNDS:
            check(s_var, a, i if i is not None else 0, j if j is not None else 10, k if k is not None else 1)
    check(s_var_start, a, -3)
    check(s_var_stop, a, -3)


def test_zero_step_raises_value_error():
    check(s_var, A1, 0, 5, 0)


def test_slice_builtin():
    check(s_slice_builtin, A1, 2, 7)


def test_slice_of_a_2d_row_range_and_column():
    def f(a, i, j, c):
        return a[i:j, c]

    for layout in LAYOUTS:
        check(f, make_layout(A2, layout), 1, -1, 3)


@settings(max_examples=80, deadline=None)
@given(shape=st.lists(st.integers(0, 5), min_size=1, max_size=3),
       parts=st.lists(st.tuples(st.one_of(st.none(), st.integers(-7, 7)), st.one_of(st.none(), st.integers(-7, 7)),
                                st.one_of(st.none(), st.integers(-3, 3).filter(lambda x: x != 0))),
                      min_size=1, max_size=3),
       layout=st.sampled_from(LAYOUTS))
def test_random_slices_match_numpy(shape, parts, layout):
    """Random shapes, layouts and slices (start, stop and step: an int or
    None, passed as arguments) against NumPy."""
    parts = parts[:len(shape)]
    a = make_layout(np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape), layout)
    expected = a[tuple(slice(*p) for p in parts)]
    got = jitted(_SLICERS[len(parts)])(a, *[x for p in parts for x in p])
    assert got.shape == expected.shape and np.array_equal(got, expected), (shape, parts, layout)


def _slicer1(a, i0, j0, k0):
    return a[i0:j0:k0]


def _slicer2(a, i0, j0, k0, i1, j1, k1):
    return a[i0:j0:k0, i1:j1:k1]


def _slicer3(a, i0, j0, k0, i1, j1, k1, i2, j2, k2):
    return a[i0:j0:k0, i1:j1:k1, i2:j2:k2]


_SLICERS = {1: _slicer1, 2: _slicer2, 3: _slicer3}


# ------------------------------------------------------------------ views share memory

def view_and_base(a):
    return a[1:3], a


def write_through_view(a):
    v = a[1:4]
    v[0] = 100.0
    w = a[::2]
    w[1] = -5.0
    return a


def write_through_column(a):
    w = a[:, 2]
    w[1] = -5.0
    return a


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
def test_views_share_memory_with_the_argument(layout):
    a = make_layout(A2, layout)
    v, base = jitted(view_and_base)(a)
    assert base is a
    assert np.shares_memory(v, a)
    v[0, 0] = 42.0
    assert a[1, 0] == 42.0


@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
def test_writes_through_views_reach_the_array(layout):
    check_array_mutation(write_through_view, make_layout(A2, layout))
    check_array_mutation(write_through_column, make_layout(A2, layout))
    check_array_mutation(write_through_view, make_layout(A1, layout))


def view_of_new_array(n):
    a = np.zeros(n)
    for i in range(n):
        a[i] = i
    return a[2:-2]


def test_view_of_an_array_made_inside_keeps_it_alive():
    with no_leaks():
        r = jitted(view_of_new_array)(10)
        assert np.array_equal(r, np.arange(2.0, 8.0))
        del r


def views_in_a_loop(a):
    s = 0.0
    for i in range(a.shape[0] - 1):
        w = a[i:i + 2]
        s += w[1] - w[0]
    return s


def test_views_in_a_loop():
    with no_leaks():
        check(views_in_a_loop, A1)


# ------------------------------------------------------------------ setitem

def set_scalar_slice(a):
    a[1:3] = 7.0
    return a


def set_scalar_column(a):
    a[:, 0] = -1
    return a


def set_scalar_everything(a):
    a[...] = 2.5
    return a


def set_scalar_stepped(a):
    a[::-2] = 0
    return a


def set_array_row(a, r):
    a[1] = r
    return a


def set_array_block(a, b):
    a[1:3, 2:4] = b
    return a


def set_broadcast_row(a, r):
    a[:] = r
    return a


def set_broadcast_column(a, c):
    a[:, :] = c
    return a


@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
@pytest.mark.parametrize("fn", [set_scalar_slice, set_scalar_column, set_scalar_everything, set_scalar_stepped],
                         ids=lambda f: f.__name__)
def test_set_scalar(fn, layout):
    check_array_mutation(fn, make_layout(A2, layout))


@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
def test_set_arrays_with_broadcasting(layout):
    a = make_layout(A2, layout)
    with no_leaks():
        check_array_mutation(set_array_row, a, np.arange(6.0))
        check_array_mutation(set_array_row, a, np.array([3.0]))
        check_array_mutation(set_array_block, a, np.ones((2, 2), np.int32))
        check_array_mutation(set_broadcast_row, a, make_layout(np.arange(6.0), layout))
        check_array_mutation(set_broadcast_column, a, np.arange(4.0).reshape(4, 1))


def test_set_array_shape_mismatch_raises_value_error():
    with pytest.raises(ValueError):
        jitted(set_array_row)(A2.copy(), np.arange(5.0))
    with pytest.raises(ValueError):
        jitted(set_broadcast_column)(A2.copy(), np.arange(3.0).reshape(3, 1))


def shift_right(a):
    a[1:] = a[:-1]
    return a


def shift_left(a):
    a[:-1] = a[1:]
    return a


def reverse_in_place(a):
    a[:] = a[::-1]
    return a


def transpose_like(a):
    a[:, :] = a[::-1, ::-1]
    return a


@pytest.mark.parametrize("fn", [shift_right, shift_left, reverse_in_place], ids=lambda f: f.__name__)
def test_overlapping_assignment_is_numpys(fn):
    with no_leaks():
        check_array_mutation(fn, np.arange(8.0))
        check_array_mutation(fn, make_layout(np.arange(8.0), "strided"))


def test_overlapping_2d_assignment():
    with no_leaks():
        check_array_mutation(transpose_like, A2)


def copy_interior(a):
    out = np.zeros(a.shape)
    out[1:-1, 1:-1] = a[1:-1, 1:-1]
    out[0] = a[-1]
    return out


@pytest.mark.parametrize("layout", LAYOUTS)
def test_copy_between_views_of_two_arrays(layout):
    with no_leaks():
        check(copy_interior, make_layout(A2, layout))


# ------------------------------------------------------------------ advanced indexing

def get_mask(a, m):
    return a[m]


def get_positive(a):
    return a[a > 0]


def set_mask_scalar(a, m):
    a[m] = 0
    return a


def set_mask_array(a, m, v):
    a[m] = v
    return a


def get_rows(a, idx):
    return a[idx]


def set_rows(a, idx, v):
    a[idx] = v
    return a


@pytest.mark.parametrize("layout", LAYOUTS)
def test_boolean_mask_1d(layout):
    with no_leaks():
        check(get_mask, make_layout(A1, layout), A1 > 4)
        check(get_mask, A1, np.zeros(10, bool))
        check(get_mask, make_layout(A1, layout), make_layout(A1 < 3, "negstrided"))


@numba_differs("Numba 0.68 fails an internal assertion on a 2-d boolean mask")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_boolean_mask_of_the_arrays_shape(layout):
    a = make_layout(A2, layout)
    m = make_layout(A2 > 0, layout if layout != "readonly" else "C")
    with no_leaks():
        check(get_mask, a, m)


@numba_differs("Numba 0.68 fails an internal assertion on a 2-d boolean mask")
def test_mask_made_in_compiled_code():
    with no_leaks():
        check(get_positive, A2)


def test_mask_made_in_compiled_code_1d():
    with no_leaks():
        check(get_positive, A1 - 4.5)


@numba_differs("Numba does not check the mask's length (it reads past the end)")
def test_mask_shape_mismatch_raises_index_error():
    with pytest.raises(IndexError):
        jitted(get_mask)(A1, np.ones(9, bool))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_boolean_rows(layout):
    with no_leaks():
        check(get_rows, make_layout(A2, layout), np.array([True, False, True, True]))
        check(get_rows, make_layout(A3, layout), np.array([False, True, True]))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_integer_array_index(layout):
    with no_leaks():
        check(get_rows, make_layout(A1, layout), np.array([0, 3, -1, 3, 2]))
        check(get_rows, make_layout(A2, layout), np.array([3, 0, -4], dtype=np.int32))
        check(get_rows, make_layout(A1, layout), np.array([], dtype=np.int64))
        check(get_rows, make_layout(A1, layout), make_layout(np.array([1, 2, 5, 7]), "negstrided"))


@numba_differs("Numba does not check the positions of an index array (it reads out of bounds)")
def test_integer_array_index_out_of_bounds_raises_index_error():
    with no_leaks():
        with pytest.raises(IndexError):
            jitted(get_rows)(A1, np.array([0, 10]))
        with pytest.raises(IndexError):
            jitted(get_rows)(A1, np.array([-11]))


@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
def test_set_through_masks_and_index_arrays(layout):
    with no_leaks():
        check_array_mutation(set_mask_scalar, make_layout(A1, layout), A1 > 3)
        check_array_mutation(set_mask_array, make_layout(A1, layout), A1 > 4, np.arange(5.0))
        check_array_mutation(set_mask_array, make_layout(A1, layout), A1 > 4, np.array([9.0]))
        check_array_mutation(set_rows, make_layout(A1, layout), np.array([1, -1, 1]), np.array([5.0, 6.0, 7.0]))
        check_array_mutation(set_rows, make_layout(A2, layout), np.array([0, 2]), 3.5)
        check_array_mutation(set_rows, make_layout(A2, layout), np.array([True, False, False, True]), 1)


@numba_differs("Numba 0.68 fails an internal assertion on a 2-d boolean mask")
@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
def test_set_through_a_2d_mask(layout):
    with no_leaks():
        check_array_mutation(set_mask_scalar, make_layout(A2, layout), A2 > 0)


def test_set_through_mask_with_a_wrong_number_of_values_raises():
    with pytest.raises(ValueError):
        jitted(set_mask_array)(A1.copy(), A1 > 4, np.arange(3.0))


def test_mask_assignment_from_an_overlapping_array():
    def f(a):
        a[a > 3] = a[:6]
        return a

    with no_leaks():
        check_array_mutation(f, np.arange(10.0))


def mixed_get(a, idx, m):
    return a[idx, 1], a[1:3, idx], a[:, m], a[None, idx], a[..., idx], a[m[:4], 0], a[::-1, idx]


def mixed_set(a, idx, v):
    a[1:3, idx] = v
    return a


def mixed_set_mask(a, m, v):
    a[:, m] = v
    return a


IDX = np.array([0, 2, 3])
MASK6 = np.array([True, False, True, True, False, True])


@pytest.mark.parametrize("layout", LAYOUTS)
def test_index_array_among_basic_items(layout):
    check(mixed_get, make_layout(A2, layout), IDX, MASK6)


@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
def test_set_through_an_index_array_among_basic_items(layout):
    a = make_layout(A2, layout)
    check_array_mutation(mixed_set, a, IDX, 5.0)
    check_array_mutation(mixed_set, a, IDX, np.arange(3.0))
    check_array_mutation(mixed_set, a, IDX, np.arange(6.0).reshape(2, 3))
    check_array_mutation(mixed_set_mask, a, MASK6, np.arange(4.0).reshape(4, 1))
    check_array_mutation(mixed_set_mask, a, MASK6, np.arange(4.0))


def test_set_through_an_index_array_shape_mismatch_raises():
    with pytest.raises(ValueError):
        jitted(mixed_set)(A2.copy(), IDX, np.arange(4.0))


def two_index_arrays(a, i):
    return a[i, i]


def test_two_index_arrays_pick_elements():
    check(two_index_arrays, A2, IDX)


# ------------------------------------------------------------------ boundscheck

def get_elem(a, i):
    return a[i]


def test_boundscheck_raises_index_error():
    f = njit(boundscheck=True)(get_elem)
    assert f(A1, -1) == 9.0
    with pytest.raises(IndexError):
        f(A1, 10)
    with pytest.raises(IndexError):
        f(A1, -11)


def test_boundscheck_on_a_view():
    def f(a, i):
        return a[1:3][i]

    g = njit(boundscheck=True)(f)
    assert g(A1, 1) == 2.0
    with pytest.raises(IndexError):
        g(A1, 2)


# ------------------------------------------------------------------ typing errors

def too_many(a):
    return a[0, 1, 2]


def two_ellipses(a):
    return a[..., 0, ...]


def float_index(a):
    return a[1.5]


def write_readonly(a):
    a[1:] = 0.0
    return a


def array_to_element(a, b):
    a[0, 0] = b
    return a


@pytest.mark.parametrize("fn, args, words", [
    (too_many, (A2,), "too many indices"),
    (two_ellipses, (A2,), "single ellipsis"),
    (float_index, (A1,), "valid indices"),
    (write_readonly, (make_layout(A1, "readonly"),), "read-only"),
    (array_to_element, (A2.copy(), np.ones(2)), "one element"),
], ids=lambda x: getattr(x, "__name__", None))
@pycomp_only("pycomp's messages")
def test_typing_errors_name_the_problem_and_the_line(fn, args, words):
    with pytest.raises(TypingError) as info:
        jitted(fn)(*args)
    msg = str(info.value)
    assert words in msg
    assert fn.__code__.co_filename in msg or "line" in msg


@pytest.mark.parametrize("fn, args", [(too_many, (A2,)), (float_index, (A1,)), (write_readonly, (A1,))])
def test_typing_errors_under_every_engine(fn, args):
    args = (make_layout(args[0], "readonly"),) if fn is write_readonly else args
    with pytest.raises(TypingError):
        jitted(fn)(*args)


def tuple_variable_slice(t, i):
    return t[i:]


def test_variable_slice_of_a_tuple_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(tuple_variable_slice)((1, 2, 3), 1)


# ------------------------------------------------------------------ slice values

def slice_parts(s):
    return s.start, s.stop, s.step


def slice_indices(s, n):
    return s.indices(n)


def make_and_index(a, i, j):
    s = slice(i, j)
    return a[s], s.start, s.stop


GLOBAL_SLICE = slice(1, None, 2)


def index_with_global(a, t):
    return a[GLOBAL_SLICE], t[GLOBAL_SLICE]


MAXINT = 2 ** 63 - 1


@pytest.mark.parametrize("s, expected", [
    (slice(None), (0, MAXINT, 1)), (slice(2, 9), (2, 9, 1)), (slice(None, None, -1), (MAXINT, -MAXINT - 1, -1)),
    (slice(-1, None, 3), (-1, MAXINT, 3)), (slice(10, 5, -2), (10, 5, -2))])
def test_a_slice_passed_in_has_numbas_parts(s, expected):
    check(slice_parts, s, expected=expected)


def test_a_slice_part_that_is_not_an_integer_raises_type_error():
    with pytest.raises(TypeError):
        jitted(slice_parts)(slice(1.5, 2))


@pytest.mark.parametrize("s", [slice(None), slice(-3, None, -1), slice(2, 100, 3), slice(-100, -2), slice(5, 1)])
@pytest.mark.parametrize("n", [0, 1, 10])
def test_slice_indices_is_pythons(s, n):
    check(slice_indices, s, n)


def test_slice_indices_errors():
    check(slice_indices, slice(None), -1)
    check(slice_indices, slice(None, None, 0), 3)


def test_slices_made_and_passed_index_arrays():
    check(make_and_index, A1, 2, -2)
    assert np.array_equal(jitted(get_rows)(A1, slice(None, None, -3)), A1[::-3])


def test_a_global_slice_is_a_constant():
    check(index_with_global, A1, (1, 2.5, 3, 4))


def return_slice(i):
    return slice(i, 8, 2)


@pycomp_only("Numba cannot return a slice made at run time to Python")
def test_a_slice_returned_has_its_filled_in_parts():
    assert jitted(return_slice)(3) == slice(3, 8, 2)


def assign_all(a, v):
    a[:] = v
    return a


@pytest.mark.parametrize("shape", [(1, 4), (1, 1, 4), (1, 1), (1, 1, 1)])
def test_assigning_an_array_with_leading_ones_drops_them(shape):
    """NumPy drops leading dimensions of extent 1 of the value assigned."""
    with no_leaks():
        check(assign_all, np.zeros(4), np.arange(float(np.prod(shape))).reshape(shape), compare_args=True)


def test_assigning_an_array_with_a_leading_extent_above_one_is_a_value_error():
    # (the autouse leak check covers pycomp; Numba leaks what the raise abandons)
    check(assign_all, np.zeros(4), np.arange(8.0).reshape(2, 4), match_message=False)


def get_at(a, i):
    return a[i]


def get_row_part(a, i, j):
    return a[i, 1:j]


def set_at(a, i):
    a[i] = 99
    return a


@pytest.mark.parametrize("i", [0, 9, -2])
def test_a_0d_integer_array_indexes_as_its_element(i):
    a = np.arange(3, 13, dtype=np.int32)
    idx = np.array(i).astype(np.int16)
    check(get_at, a, idx)
    check(set_at, a, idx, compare_args=True)


@numba_differs("Numba takes 0-d arrays as integer indices, not as slice bounds")
def test_0d_integer_arrays_as_slice_bounds():
    check(get_row_part, np.arange(10.0).reshape(2, 5), np.array(1), np.array(3))


def set_tuple(a, x):
    a[1:3] = (x, 7)
    return a


def set_mixed_tuple(a):
    a[3:5] = (True, 2.5)
    return a


def set_rows_tuple(a):
    a[:, 1:] = (1.5, 2.5)
    return a


def set_tuple_wrong_length(a):
    a[0:3] = (1, 2)
    return a


def test_assigning_a_tuple_to_a_slice():
    """A tuple of numbers assigned to a part of an array is a 1-d sequence
    (converted to the array's dtype, broadcast over the rows)."""
    check(set_tuple, np.zeros(6, np.int32), 5, compare_args=True)


@numba_differs("Numba assigns tuples to 1-d parts only")
def test_assigning_a_tuple_broadcasts_over_rows():
    check(set_rows_tuple, np.zeros((2, 3)), compare_args=True)


@numba_differs("Numba assigns homogeneous tuples only")
def test_assigning_a_tuple_of_mixed_types():
    check(set_mixed_tuple, np.zeros(6, np.int32), compare_args=True)


def test_assigning_a_tuple_of_the_wrong_length_is_a_value_error():
    check(set_tuple_wrong_length, np.zeros(4), match_message=False)


# ------------------------------------------------------------------ contiguous copies (one flat loop)


def assign_slice(a, b, i, j):
    a[i:j] = b
    return a


def shift_left(a):
    a[:-1] = a[1:]
    return a


def shift_right(a):
    a[1:] = a[:-1]
    return a


@pytest.mark.parametrize("src_dtype", [np.float64, np.int32, np.bool_], ids=["same", "int32", "bool"])
def test_contiguous_slice_assignment(src_dtype):
    a = np.zeros(10)
    check_array_mutation(assign_slice, a, np.arange(4).astype(src_dtype), 3, 7)
    check_array_mutation(assign_slice, np.zeros((5, 3)), np.arange(6).reshape(2, 3).astype(src_dtype), 1, 3)
    check_array_mutation(assign_slice, np.zeros((5, 3)), np.arange(3).astype(src_dtype), 1, 3)  # broadcast
    check_array_mutation(assign_slice, a, np.arange(5).astype(src_dtype), 3, 7, match_message=False)  # ValueError


def test_contiguous_overlapping_shifts():
    check_array_mutation(shift_left, np.arange(10.0))
    check_array_mutation(shift_right, np.arange(10.0))
    check_array_mutation(shift_right, np.arange(12).reshape(4, 3))
