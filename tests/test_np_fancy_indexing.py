"""NumPy's advanced indexing in full (pycomp/np/fancyindex.py): several
index arrays, index arrays of any dimensions, booleans among them,
integers next to them, consecutive or apart, getting and setting, against
NumPy; generated indices too. Runs under Numba with PYCOMP_TEST_ENGINE=numba."""

import operator

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from support import check, check_array_mutation, is_numba, jitted, no_leaks, numba_differs

SHAPE = (5, 6, 7, 8)
A = np.arange(np.prod(SHAPE)).reshape(SHAPE)
I1 = np.array([0, 2, 4])
I2 = np.array([[0, 1, 3], [2, 2, 1]])
NEG = np.array([[-1, 0], [-5, 4]])
COL = np.array([[0], [1], [3]])
ROW = np.array([[0, 1, 3, 4, 2]])
BM6 = np.array([True, False, True, False, True, False])
BM56 = np.zeros((5, 6), bool)
BM56[[0, 2, 4], [1, 3, 5]] = True


def ints_apart(a, i):
    return a[:, i, :, 1]


def one_2d(a, i):
    return a[i]


def int_then_2d(a, i):
    return a[3, i, :, :4]


def two_2d(a, i):
    return a[i, i]


def two_consecutive(a, i):
    return a[3, i, i, :]


def two_apart(a, i):
    return a[3, i, :, i]


def column_row(a, c, r):
    return a[c, r, 3, ...]


def with_ellipsis_between(a, i):
    return a[i, 3, ..., i]


def bool_and_int_arrays(a, m, i):
    return a[:, m, i, 1]


def newaxis_between(a, i):
    return a[None, i, :, i]


def negative_items(a, i):
    return a[-1, i, -2, ::2]


def bool_2d_and_array(a, m, i):
    return a[m, i]


def reversed_view(a, i):
    return a[::-1, i, 1:, i]


def _differs(reason):
    """support.numba_differs as the marks of one parameter set."""
    return [pytest.mark.numba_differs(reason=reason),
            pytest.mark.xfail(is_numba, reason="numba differs: " + reason, strict=True)]


_BOOL_REASON = "Numba 0.68 fails to lower a boolean index array beside an integer one"
_NUMBA_BOOL = numba_differs(_BOOL_REASON)


@pytest.mark.parametrize("fn,args", [
    (ints_apart, (I1,)), (one_2d, (I2,)), (int_then_2d, (I2,)), (two_2d, (I2,)), (two_consecutive, (I2,)),
    (two_apart, (I2,)), (column_row, (COL, ROW)), (with_ellipsis_between, (I2,)),
    pytest.param(bool_and_int_arrays, (BM6, I1), marks=_differs(_BOOL_REASON)),
    pytest.param(newaxis_between, (I1,), marks=_differs(
        "Numba 0.68 places the index arrays' dimensions after a leading None (NumPy: first)")),
    (negative_items, (NEG,)),
    pytest.param(bool_2d_and_array, (BM56, I1), marks=_differs(_BOOL_REASON)),
    (reversed_view, (NEG,)),
], ids=lambda x: getattr(x, "__name__", ""))
def test_getitem_matches_numpy(fn, args):
    check(fn, A, *args)


@pytest.mark.parametrize("layout", ["F", "strided"])
def test_getitem_of_other_layouts(layout):
    a = np.asfortranarray(A) if layout == "F" else A[:, ::-1, :, ::2]
    check(two_apart, a, np.array([[0, 1], [2, 3]]))
    check(column_row, a, COL, ROW)


def test_getitem_result_is_a_copy():
    a = A.copy()
    got = jitted(two_2d)(a, I2)
    got[...] = -1
    assert np.array_equal(a, A)


def test_empty_index_arrays():
    check(two_2d, A, np.zeros((0, 3), np.int64))


@_NUMBA_BOOL
def test_an_empty_selection_beside_an_index_array():
    check(bool_and_int_arrays, A, np.zeros(6, bool), np.zeros(0, np.int64))


@numba_differs("Numba 0.68 does not check the positions of several index arrays")
def test_out_of_bounds_is_an_index_error():
    check(two_apart, A, np.array([[0, 8]]), match_message=False)
    check(two_apart, A, np.array([[-9]]), match_message=False)
    check(negative_items, A, np.array([[6]]), match_message=False)


@numba_differs("Numba 0.68 raises ValueError (NumPy: IndexError)")
def test_index_arrays_that_do_not_broadcast_are_an_index_error():
    check(column_row, A, np.array([0, 1]), np.array([0, 1, 2]), match_message=False)


@_NUMBA_BOOL
def test_boolean_array_of_the_wrong_length_is_an_index_error():
    check(bool_and_int_arrays, A, np.array([True, False]), I1, match_message=False)


# ------------------------------------------------------------------ setting


def set_apart(a, i, v):
    a[3, i, :, i] = v


def set_column_row(a, c, r, v):
    a[c, r, 3, ...] = v


def set_ints_near(a, i, v):
    a[:, i, 1] = v


def set_from_itself(a, i):
    a[3, i, :, i] = a[3, 0, :2, :7]


@pytest.mark.parametrize("value", [7, 2.5, np.arange(7), np.arange(3 * 7).reshape(3, 7)],
                         ids=["int", "float", "row", "full"])
def test_setitem_matches_numpy(value):
    check_array_mutation(set_apart, A.copy(), np.array([[0, 1, 3], [2, 2, 1]])[:, :3][:1], value)


def test_setitem_broadcasts_the_value():
    check_array_mutation(set_column_row, A.copy(), COL, ROW, np.arange(8))
    check_array_mutation(set_ints_near, A.copy(), I2, np.arange(3 * 8).reshape(3, 8) % 4 - 100)


def test_setitem_repeated_positions_keep_the_last_value():
    check_array_mutation(set_ints_near, A.copy(), np.array([[1, 1, 1]]), np.arange(3 * 8).reshape(3, 8))


def test_setitem_from_the_array_itself_reads_before_writing():
    check_array_mutation(set_from_itself, A.copy(), np.array([[0, 1], [1, 0]]))


def test_setitem_value_that_does_not_broadcast_is_a_value_error():
    check_array_mutation(set_apart, A.copy(), I2, np.arange(5), match_message=False)


def set_one(a, i, v):
    a[i] = v


@pytest.mark.parametrize("a,v", [
    (np.zeros(3), np.array(3.14)), (np.zeros(3, np.int64), np.array(3)), (np.zeros(3), np.array(1)),
    (np.zeros(3, complex), np.array(2 + 3j)), (np.zeros(5, "<U3"), np.array("abc")),
    (np.array(["abc", "def"], "<U3"), np.array("WXYZ", "<U4")),
], ids=["float", "int", "int-to-float", "complex", "U3", "U4-to-U3"])
def test_setting_one_element_from_a_0d_array(a, v):
    check_array_mutation(set_one, a, 0, v)


# ------------------------------------------------------------------ constant indices

INDEX_SLICES_MASK = (slice(-1, -5, -2), slice(None), np.array([True] * 7), slice(1, 4))
INDEX_2D = (3, np.array([[0, 1, 3, 4, 2], [0, 1, 2, 3, 2], [3, 1, 3, 4, 1]]), slice(None), slice(4))


def get_global_index(a):
    return a[INDEX_SLICES_MASK], a[INDEX_2D]


def test_a_global_tuple_holding_arrays_is_a_constant_index():
    check(get_global_index, A)


# ------------------------------------------------------------------ np.may_share_memory


def may_share(a, b):
    return np.may_share_memory(a, b)


@numba_differs("Numba 0.68 has no np.may_share_memory")
def test_may_share_memory():
    a = np.arange(10.0)
    check(may_share, a, a[3:])
    check(may_share, a[:5], a[5:])
    check(may_share, a, a.copy())
    check(may_share, a[::2], a[1::2])  # interleaved: the bounds overlap


# ------------------------------------------------------------------ generated indices

_ITEM = st.one_of(
    st.integers(-5, 4).map(lambda k: ("int", k)),
    st.sampled_from([slice(None), slice(1, 4), slice(None, None, -2), slice(-3, None)]).map(lambda s: ("slice", s)),
    st.lists(st.integers(-5, 4), min_size=1, max_size=3).map(lambda v: ("array", np.array(v))),
    st.lists(st.lists(st.integers(-5, 4), min_size=2, max_size=2), min_size=1, max_size=2).map(
        lambda v: ("array", np.array(v))),
)


def _index_function(kinds):
    """``a[...]`` over arguments in ``kinds``'s order (ints, slices and
    arrays as arguments)."""
    names = ["x%d" % i for i in range(len(kinds))]
    src = "def f(a, %s):\n    return a[%s]\n" % (", ".join(names), ", ".join(names))
    ns = {}
    exec(src, ns)
    return ns["f"]


_FUNCS = {}


@settings(max_examples=40, deadline=None)
@given(st.lists(_ITEM, min_size=2, max_size=4).filter(lambda items: any(k == "array" for k, _ in items)))
def test_generated_advanced_indices_match_numpy(items):
    kinds = tuple(k if k != "array" else "array%d" % v.ndim for k, v in items)
    key = (kinds, tuple(type(v).__name__ for _, v in items))
    fn = _FUNCS.get(key)
    if fn is None:
        fn = _FUNCS[key] = _index_function(kinds)
    b = np.arange(5 * 5 * 5 * 5).reshape(5, 5, 5, 5)
    try:
        want = fn(b, *[v for _, v in items])
    except IndexError:
        want = IndexError
    cf = jitted(fn)
    if want is IndexError:
        if is_numba:  # Numba reads outside the array, or raises ValueError
            return
        with pytest.raises(IndexError):
            cf(b, *[v for _, v in items])
        return
    got = cf(b, *[v for _, v in items])
    assert got.shape == want.shape and np.array_equal(got, want), items


# ------------------------------------------------------------------ np.take along an axis


def take(a, i):
    return np.take(a, i)


def take_axis(a, i, axis):
    return np.take(a, i, axis=axis)


A43 = np.arange(12).reshape(4, 3)


@pytest.mark.parametrize("indices", [1, np.array([1, 5, 1, 11, 3]), np.array([[[1], [5]], [[1], [11]]]),
                                     [1, 5, 1, 11, 3], (1, 5, 1), ((1, 5, 1), (11, 3, 2))],
                         ids=["int", "array", "3d", "list", "tuple", "nested"])
def test_take_flattened(indices):
    check(take, A43, indices)
    check(take, A43.astype(np.complex128), indices)


@pytest.mark.parametrize("indices", [np.array([0, 2, 1]), pytest.param(np.array([[1, 2], [2, 0]]), marks=_differs(
    "Numba 0.68's np.take along an axis fails for indices of 2 or more dimensions")), 1, (0,), (0, 1)],
    ids=["array", "2d", "int", "tuple1", "tuple2"])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_take_along_an_axis(indices, axis):
    check(take_axis, np.arange(9).reshape(3, 3), indices, axis)
    check(take_axis, np.asfortranarray(np.arange(12.0).reshape(3, 4)), indices, axis)


def test_take_of_a_number_along_an_axis_of_unit_extents():
    check(take_axis, np.ones((10, 1, 11, 1, 12)), 0, 3)
    check(take_axis, np.arange(5), 0, 0)
    check(take_axis, np.arange(5), (0,), 0)


@pytest.mark.parametrize("indices", [12, -13, [12], np.array([3, 13])], ids=["int", "neg", "list", "array"])
def test_take_out_of_range_is_an_index_error(indices):
    check(take, A43, indices, match_message=False)


@numba_differs("Numba raises ValueError (NumPy: AxisError, a ValueError and an IndexError)")
def test_take_axis_out_of_range_is_an_axis_error():
    check(take_axis, A43, np.array([0, 1]), 2)


# ------------------------------------------------------------------ memory


def test_no_leaks_getting_setting_and_raising():
    get, put = jitted(two_apart), jitted(set_apart)
    a = A.copy()
    get(a, I2), put(a, I2, 1)  # compiled outside the block
    with no_leaks():
        for _ in range(3):
            get(a, I2)
            put(a, I2, np.arange(7))
            put(a, np.array([[0, 1]]), a[3, 0, :1, :7])  # overlapping: a temporary copy
            if not is_numba:  # Numba does not check these positions
                with pytest.raises(IndexError):
                    get(a, np.array([[0, 99]]))


# ------------------------------------------------------------------ operator.setitem


def operator_calls(a, i):
    operator.setitem(a, 0, 5.0)
    operator.setitem(a, i, 7.0)
    return operator.getitem(a, 1)


def test_operator_setitem_is_the_statement():
    check_array_mutation(operator_calls, np.zeros(4), np.array([1, 2]))
