"""Array-like arguments (lists, tuples, numbers where NumPy takes an array)
of existing NumPy functions, and the values fixed with them: np.interp and
np.searchsorted on unsorted or non-finite samples (NumPy's own search
order), np.partition with array/negative/empty kth and Fortran input,
np.where and np.argwhere result layouts, np.cross of n-d vectors, np.kron
of mixed dimensions, and error paths; against NumPy."""

import numpy as np
import pytest

from support import TypingError, check, is_numba, is_pycomp, jitted, no_leaks, numba_differs, pycomp_only


def _numba_differs_mark(reason):
    """``numba_differs`` as a mark for one parameter set (a strict xfail under Numba)."""
    return [pytest.mark.numba_differs(reason=reason),
            pytest.mark.xfail(is_numba, reason="numba differs: " + reason, strict=True)]

# ------------------------------------------------------------------ the helper


@pycomp_only("the array-like helper is pycomp's")
def test_array_like_types():
    from pycomp import types
    from pycomp.np.arraylike import as_array_type, is_array_like, is_sequence_like

    i8, f8 = types.int64, types.float64
    assert as_array_type(i8) == types.Array(i8, 0, "C")
    assert as_array_type(types.List(i8, reflected=True)) == types.Array(i8, 1, "C")
    assert as_array_type(types.Tuple((i8, f8))) == types.Array(f8, 1, "C")
    assert as_array_type(types.UniTuple(types.UniTuple(f8, 2), 3)) == types.Array(f8, 2, "C")
    assert as_array_type(types.Array(f8, 2, "F")) == types.Array(f8, 2, "F")
    assert not is_array_like(types.Tuple((types.UniTuple(i8, 2), types.UniTuple(i8, 1))))  # ragged
    assert not is_array_like(types.none)
    assert is_sequence_like(types.UniTuple(i8, 2)) and not is_sequence_like(i8)


# ------------------------------------------------------------------ wrong values fixed


def interp(x, xp, fp):
    return np.interp(x, xp, fp)


def _non_finite(rng, a):
    for v in (np.nan, -np.inf, np.inf):
        a[rng.choice(a.size, a.size // 50, replace=False)] = v


@pytest.mark.parametrize("complex_fp", [False, True])
def test_interp_unsorted_and_non_finite_samples(complex_fp):
    rng = np.random.RandomState(0)
    xp = np.linspace(0, 10, 401)
    fp = np.sin(xp / 2.0) * (1 + 2j if complex_fp else 1)
    x = np.linspace(-1, 11, 300)
    with no_leaks():
        for step in range(6):
            if step == 1:
                rng.shuffle(x)
            elif step == 2:
                rng.shuffle(xp)
            elif step == 3:
                rng.shuffle(fp)
            elif step == 4:
                _non_finite(rng, x)
                _non_finite(rng, xp)
            elif step == 5:
                _non_finite(rng, fp)
            check(interp, x, xp, fp, rtol=0, atol=1e-14)
            check(interp, x.reshape(20, 15), xp, fp, rtol=0, atol=1e-14)


@pytest.mark.parametrize("args", [
    (2.5, [1, 2, 3], (4, 5, 6)),
    ((2.2, 3.3, -5.0), (2, 3, 4), (5, 6, 7)),
    ([np.nan, 0.5, 9.0], [1.0], [3.0]),
], ids=["number-list-tuple", "tuples", "one-sample"])
def test_interp_array_likes(args):
    check(interp, *args)


@numba_differs("Numba returns a 0-d array for a 0-d x (NumPy: a number) and takes no list of complex fp")
def test_interp_0d_x_and_complex_list():
    check(interp, np.array(2.5), [1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
    check(interp, np.nan, [1.0, 2.0], [1j, 2])


def test_interp_errors():
    check(interp, np.arange(3.0), np.arange(3.0), np.arange(2.0), match_message=False)  # Numba's message: size
    check(interp, 1.0, np.zeros(0), np.zeros(0))  # ValueError: empty
    with pytest.raises(TypingError, match="Cannot cast array data from complex"):
        jitted(interp)(1 + 1j, np.arange(3.0), np.arange(3.0))
    with pytest.raises(TypingError, match="xp must be 1D"):
        jitted(interp)(1.0, np.arange(6.0).reshape(3, 2), np.arange(6.0))


def searchsorted_left(a, v):
    return np.searchsorted(a, v)


def searchsorted_right(a, v):
    return np.searchsorted(a, v, side="right")


@pytest.mark.parametrize("fn", [searchsorted_left, searchsorted_right])
def test_searchsorted_unsorted_a_is_numpys(fn):
    rng = np.random.RandomState(1)
    pool = list(range(-5, 20)) + [np.nan] * 3 + [np.inf, -np.inf]
    with no_leaks():
        for _ in range(40):
            check(fn, rng.choice(pool, 10), rng.choice(pool, 11))
    cpool = [complex(a, b) for a in (0, 1, np.nan) for b in (0, 1, np.nan)]
    for _ in range(40):
        check(fn, rng.choice(cpool, 5), rng.choice(cpool, 6))


@pytest.mark.parametrize("args", [([1, 2, 3], 2), ([1, 2, 3], [0.0, 2.5, 9.0]), ((1.0, 2.0, 3.0), np.array([2, 3])),
                                  (np.arange(5), (1, 2))], ids=["list-int", "lists", "tuple-array", "array-tuple"])
@pytest.mark.parametrize("fn", [searchsorted_left, searchsorted_right])
def test_searchsorted_array_likes(fn, args):
    check(fn, *args)


def partition(a, kth):
    return np.partition(a, kth)


def argpartition_kth(a, kth):
    return np.argpartition(a, kth)[kth]


def _partition_rows_agree(a, kth):
    got = jitted(partition)(a, kth)
    want = np.partition(a, kth)
    assert got.strides == want.strides and got.dtype == want.dtype
    ks = np.atleast_1d(kth)
    np.testing.assert_array_equal(got[..., ks], want[..., ks])


@pytest.mark.parametrize("layout", ["C", "F", "T"])
def test_partition_multi_dim_values_and_layout(layout):
    a = np.linspace(1, 10, 48)
    a[4:7] = np.nan
    a[8] = -np.inf
    a = a.reshape(4, 3, 4)
    a = {"C": a, "F": np.asfortranarray(a), "T": a.T}[layout]
    for k in range(-3, 3):
        _partition_rows_agree(a, k)


def test_partition_kth_forms():
    a = np.array([5.0, 1.0, 4.0, 2.0, 3.0, 0.0])
    for kth in (np.array([4, 1]), [-1, 0], (2, -2), 3, -5):
        _partition_rows_agree(a, kth)
    kth = np.array([30, 15, 5])
    jitted(partition)(np.arange(40), kth)
    assert list(kth) == [30, 15, 5]  # not modified
    check(argpartition_kth, np.array([3, 1, 2]), 1)


@numba_differs("Numba rejects kth=-len(a) as out of bounds")
def test_partition_kth_minus_length():
    _partition_rows_agree(np.array([5.0, 1.0, 4.0]), -3)


def test_partition_array_likes_and_empty():
    check(partition, [3, 1, 2], 1)
    check(partition, (3.0, 1.0, 2.0), [0, 2])
    check(partition, np.zeros((3, 2, 1, 0)), 0)
    check(partition, np.zeros(0), 0)


def test_partition_errors():
    with pytest.raises(ValueError, match="kth must be scalar or 1-D"):
        jitted(partition)(np.arange(10), np.arange(6).reshape(3, 2))
    check(partition, np.arange(10), (3, 30), match_message=False)  # ValueError: Numba's "kth out of bounds"
    with pytest.raises(TypingError, match="Partition index must be integer"):
        jitted(partition)(np.arange(10), 9.0)
    with pytest.raises(TypingError, match="at least 1-D"):
        jitted(partition)(np.array(1), 0)
    with pytest.raises(TypingError, match="must be an array-like"):
        jitted(partition)(4, 0)


def where3(c, x, y):
    return np.where(c, x, y)


def where1(c):
    return np.where(c)


def _same_layout(fn, *args):
    got = jitted(fn)(*args)
    want = fn(*args)
    np.testing.assert_array_equal(got, want)
    assert got.dtype == want.dtype and got.strides == want.strides


def test_where_result_layout():
    x = np.arange(12.0).reshape(3, 4)
    xf = np.asfortranarray(x)
    _same_layout(where3, xf > 5, xf, 0)
    _same_layout(where3, xf > 5, 1.5, xf.astype(np.int32))
    _same_layout(where3, x > 5, xf, 2)  # C condition: C result
    _same_layout(where3, (x > 5).T, x.T, 0)
    a3 = np.arange(24.0).reshape(2, 3, 4).T
    _same_layout(where3, a3 > 7, a3, np.zeros_like(a3))


def test_where_array_likes():
    check(where3, [True, False, True], [1, 2, 3], 7)
    check(where3, np.array([True, False]), (1.5, 2.5), [3, 4])
    check(where1, [0, 1, 2])
    with pytest.raises(ValueError, match="objects cannot be broadcast"):
        jitted(where3)(np.ones(3, np.bool_), np.ones(2), 0.0)


def argwhere(a):
    return np.argwhere(a)


@pytest.mark.parametrize("a", [np.arange(60).reshape(5, 4, 3) % 3 == 0, np.array([1, 0, 2]),
                               ((0.0, 1.0), (1.0, 0.0), (2.0, 3.0)), 0, 3.5],
                         ids=["3d", "1d", "tuple", "zero", "number"])
def test_argwhere(a):
    check(argwhere, a)
    if np.ndim(a) >= 1:
        got, want = jitted(argwhere)(a), np.argwhere(a)
        assert got.strides == want.strides  # NumPy's is Fortran ordered


@numba_differs("Numba cannot reflect a nested list and has no np.argwhere of a 0-d array")
def test_argwhere_nested_list_and_0d():
    check(argwhere, [[1.0, 0.0], [0.0, 2.0]])
    check(argwhere, np.array(1))


# ------------------------------------------------------------------ array-likes


def fliplr(m):
    return np.fliplr(m)


def flipud(m):
    return np.flipud(m)


def roll(a, s):
    return np.roll(a, s)


def roll_axis(a, s):
    return np.roll(a, s, 0)


def repeat(a, r):
    return np.repeat(a, r)


def broadcast_to(a):
    return np.broadcast_to(a, (2, 3))


def broadcast_to_shape(a, shape):
    return np.broadcast_to(a, shape)


def resize(a):
    return np.resize(a, (2, 3))


def insert(a, o, v):
    return np.insert(a, o, v)


def delete(a, o):
    return np.delete(a, o)


def outer(a, b):
    return np.outer(a, b)


def kron(a, b):
    return np.kron(a, b)


def count_nonzero(a):
    return np.count_nonzero(a)


def count_nonzero_axis(a, axis):
    return np.count_nonzero(a, axis=axis)


def flatnonzero(a):
    return np.flatnonzero(a)


def bincount(x):
    return np.bincount(x)


def bincount_w(x, w):
    return np.bincount(x, w)


def digitize(x, b):
    return np.digitize(x, b)


def array_equal(a, b):
    return np.array_equal(a, b)


def vander(x):
    return np.vander(x)


def cross(a, b):
    return np.cross(a, b)


def split(a, n):
    return np.split(a, n)


def array_split(a, n):
    return np.array_split(a, n)


def select(c, ch, d):
    return np.select(c, ch, d)


def fill_diagonal(a, v):
    np.fill_diagonal(a, v)
    return a


def atleast_1d(*a):
    return np.atleast_1d(*a)


def atleast_2d(*a):
    return np.atleast_2d(*a)


def atleast_3d(*a):
    return np.atleast_3d(*a)


def broadcast_arrays(*a):
    return np.broadcast_arrays(*a)


def nan_to_num_in_place(x):
    out = np.nan_to_num(x, copy=False, nan=1.0, posinf=1000.0, neginf=-1000.0)
    return out, x


ARRAY_LIKE_CASES = [
    (flipud, ([1.0, 2.0, 3.0],)),
    (flipud, (((1, 2),),)),
    (roll, ([1, 2, 3], 1)),
    (roll, (np.arange(4), True)),
    (repeat, ([1, 2, 3], [1, 0, 2])),
    (repeat, ((1.0, 2.0), 2)),
    (broadcast_to, ([1, 2, 3],)),
    (broadcast_to, (True,)),
    (resize, ([1, 2],)),
    (insert, ([1, 2, 3], 1, [7, 8])),
    (delete, ((1.0, 2.0, 3.0), 1)),
    (outer, ([1, 2], (3.0, 4.0))),
    (outer, (2, 3.0)),
    (outer, (np.arange(6).reshape(2, 3), (1, 2))),
    (kron, (2, np.arange(3))),
    (flatnonzero, ([1, 0, 2],)),
    (flatnonzero, (((1.0, 0.0), (0.0, 2.0)),)),
    (bincount, ([1, 0, 2, 2],)),
    (bincount_w, ([1, 0, 2, 2], (0.5, 1.0, 1.0, 1.0))),
    (digitize, ([0.5, 1.5], [0.0, 1.0, 2.0])),
    (digitize, (1.5, (2.0, 1.0, 0.0))),
    (array_equal, ([1, 2], (1, 2))),
    (array_equal, ([1, 2], np.array([1, 3]))),
    (vander, ([1, 2, 3],)),
    (vander, ((1.5, 2.0),)),
    (fill_diagonal, (np.zeros((3, 3)), (4.0, 5.0))),
    (fill_diagonal, (np.zeros((3, 4), np.int64), [7])),
]


# Numba refuses these: nested lists (it cannot reflect them), np.roll with an
# axis, np.kron of lists, of mixed dimensions or 0-d arrays, np.count_nonzero
# of a list or a number
NUMBA_REFUSES = [
    (fliplr, ([[1, 2], [3, 4]],)),
    (roll_axis, (np.arange(6).reshape(2, 3), True)),
    (kron, ([1, 2], [3, 4])),
    (kron, (np.arange(3), np.arange(4.0).reshape(2, 2))),
    (kron, (np.eye(2), [1, 2])),
    (kron, (np.array(2), np.array(3))),
    (count_nonzero, ([1, 0, 2],)),
    (count_nonzero, (0,)),
]


@numba_differs("Numba refuses nested lists, np.roll's axis, np.kron of lists, mixed or 0-d arrays, "
               "np.count_nonzero of lists and numbers")
@pytest.mark.parametrize("fn, args", NUMBA_REFUSES,
                         ids=["%s-%d" % (c[0].__name__, i) for i, c in enumerate(NUMBA_REFUSES)])
def test_array_like_arguments_numba_refuses(fn, args):
    with no_leaks():
        check(fn, *args)


@pytest.mark.parametrize("fn, args", ARRAY_LIKE_CASES,
                         ids=["%s-%d" % (c[0].__name__, i) for i, c in enumerate(ARRAY_LIKE_CASES)])
def test_array_like_arguments(fn, args):
    with no_leaks():
        check(fn, *args)


@pytest.mark.parametrize("fn, a", [(split, [1, 2, 3, 4]), (array_split, (1.0, 2.0, 3.0)),
                                   pytest.param(split, [[1, 2], [3, 4]], marks=_numba_differs_mark(
                                       "Numba cannot reflect a nested list"))],
                         ids=["split-list", "array_split-tuple", "split-nested"])
def test_split_array_likes(fn, a):
    # NumPy 2's np.split reads ``ary.shape`` (AttributeError for a list); Numba and
    # pycomp split the list's array, as np.array_split does
    want = fn(np.asarray(a), 2)
    jitted(fn)(a, 2)  # compiled before the leak check
    with no_leaks():
        got = jitted(fn)(a, 2)
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and np.array_equal(g, w)
        del got, g


@pytest.mark.parametrize("args", [
    (np.arange(60).reshape(3, 4, 5), None), (np.arange(12).reshape(3, 4), 0), (np.arange(12).reshape(3, 4) % 3, -1),
    (np.ones(10, dtype=np.bool_), 0), (np.array([]), None),
    pytest.param(([1, 0, 2], 0), marks=_numba_differs_mark("Numba's np.count_nonzero takes no list")),
    (np.arange(24).reshape(2, 3, 4) % 2, 1),
], ids=["3d-none", "2d-0", "2d--1", "1d-0", "empty", "list", "3d-1"])
def test_count_nonzero_axis(args):
    check(count_nonzero_axis, *args)


CROSS_CASES = [
    (np.array([[1, 2, 3], [4, 5, 6]]), np.array([[4, 5, 6], [1, 2, 3]])),
    (np.array([1, 2, 3], dtype=np.int64), np.array([4, 5, 6], dtype=np.float64)),
    ((1, 2, 3), (4, 5, 6)),
    (np.array([1, 2, 3]), np.array([[4, 5, 6], [1, 2, 3]])),
    (np.array([[1.5, 2, 3], [4, 5, 6]]).T.copy().T, np.array([1, 2, 3])),
    (np.arange(3, dtype=np.int32), np.arange(3, dtype=np.int32) + 1),
    (np.arange(3.0) + 1j, np.arange(3.0)[::-1]),
]


@pytest.mark.parametrize("a, b", CROSS_CASES, ids=[str(i) for i in range(len(CROSS_CASES))])
def test_cross_nd(a, b):
    check(cross, a, b)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("a, b", [(np.array([1, 2]), np.array([4, 5, 6])),
                                  (np.arange(36).reshape(6, 2, 3), np.arange(4).reshape(2, 2)),
                                  (np.array([[1, 2, 3], [4, 5, 6]]), ((4, 5), (1, 2)))], ids=["1d", "3d", "tuple"])
def test_cross_with_2_vectors(a, b):
    check(cross, a, b)


def test_cross_errors():
    with pytest.raises(ValueError, match="(?i)incompatible dimensions"):
        jitted(cross)(np.arange(4.0), np.arange(3.0))


def test_select_list_and_tuple():
    x = np.arange(10)
    check(select, [x < 3, x > 5], (x, x ** 2), 0)
    check(select, (x < 3, x > 5), [x, x ** 2], 0)


@pytest.mark.parametrize("fn", [atleast_1d, atleast_2d, atleast_3d])
def test_atleast_several(fn):
    check(fn, np.array(42), np.array(5j))
    check(fn, np.arange(5), np.arange(6) + 1j, np.arange(5)[::-1])


@numba_differs("Numba's np.atleast_*d take arrays only")
@pytest.mark.parametrize("fn", [atleast_1d, atleast_2d, atleast_3d])
def test_atleast_array_likes(fn):
    check(fn, [1, 2])
    check(fn, (1.0, 2.0), 3)
    check(fn, 3)


@numba_differs("Numba returns a list of the arrays (NumPy 2: a tuple)")
def test_broadcast_arrays_array_likes():
    check(broadcast_arrays, (123, 456), (789,))
    check(broadcast_arrays, (1, 2), 2)
    check(broadcast_arrays, np.intp(2), np.zeros((1, 3), dtype=np.intp))


@numba_differs("Numba gives numbers the shape (1,) here (NumPy: 0-d arrays)")
def test_broadcast_arrays_of_numbers_are_0d():
    check(broadcast_arrays, True, False)


def test_broadcast_to_errors():
    with pytest.raises(TypingError, match="Cannot broadcast a non-scalar to a scalar array"):
        jitted(broadcast_to_shape)(np.zeros(3), ())
    check(broadcast_to_shape, np.zeros(3), (4,), match_message=False)  # ValueError (Numba's message)
    check(broadcast_to_shape, np.zeros((1, 2)), (-1, 2), match_message=False)
    with pytest.raises(TypingError, match='"shape" must be a tuple of integers'):
        jitted(broadcast_to_shape)(np.zeros((1, 2)), (1.1, 2.2))


def test_nan_to_num_copy_false_is_in_place():
    for x in (np.array([0.1, 0.4, np.nan, np.inf, -np.inf]),
              np.array([0.1, complex(np.nan, np.nan), complex(np.inf, np.nan), complex(np.nan, -np.inf)])):
        want_out, want_x = nan_to_num_in_place(x.copy())
        got_out, got_x = jitted(nan_to_num_in_place)(x)
        np.testing.assert_array_equal(got_x, want_x)
        np.testing.assert_array_equal(got_out, want_out)
        assert np.array_equal(x, want_x)


@pycomp_only("a ragged tuple is no array-like (Numba fails otherwise)")
def test_ragged_tuple_is_a_typing_error():
    with pytest.raises(TypingError, match="array-like"):
        jitted(argwhere)(((1, 2), (3,)))


def tri(n):
    return np.tri(n)


def tri_nm(n, m):
    return np.tri(n, m)


def diff(a):
    return np.diff(a)


@pytest.mark.parametrize("n", [-4, -1, 0, 3])
def test_tri_negative_extents_are_empty(n):
    check(tri, n)
    check(tri_nm, n, 3)
    check(tri_nm, 3, n)


@pytest.mark.parametrize("fn, args, match", [
    (diff, (np.array(1.0),), "at least one dimensional"),
    (fill_diagonal, (np.zeros(3), 1.0), "at least 2-D"),
    (fliplr, (np.arange(3),), "with 2 indices"),
    (flipud, (1,), "with 1 indices"),
], ids=["diff-0d", "fill_diagonal-1d", "fliplr-1d", "flipud-number"])
def test_dimension_errors_are_typing_errors(fn, args, match):
    with pytest.raises(TypingError, match=match if is_pycomp else None):
        jitted(fn)(*args)
