"""Differential tests: np.sort, np.argsort, a.sort, a.argsort with axis and
kind, np.partition, np.argpartition, a.partition, a.argpartition
(pycomp/np/sorting.py, pycomp/np/partition.py) against NumPy: values,
dtypes, shapes on C, F, strided, negative-stride, empty and N-d inputs of
every dtype family, NaN and complex order, and NumPy's errors.

Unstable results (argsort by quicksort/heapsort of ties, partitions) are
checked by their property: the indices gather NumPy's sorted values, and
each kth item is the sorted one with nothing larger before it and nothing
smaller after it."""

import numpy as np
import pytest

from support import (ALL_DTYPES, TypingError, assert_same, is_numba, jitted, make_layout, no_leaks, numba_differs,
                     pycomp_only, sample_array)

RNG = np.random.default_rng(11)
NANS = np.array([3.0, np.nan, 1.0, -np.inf, np.nan, 2.0, np.inf, 0.0, -1.5, 2.0] * 3)
COMPLEX = np.array([1 + 2j, complex(np.nan, 0), complex(1, np.nan), 5j, 1 + 1j, complex(np.nan, np.nan), -2 + 0j,
                    1 + 2j, complex(-np.inf, 1), complex(0, -np.inf)])


def arrays():
    """(id, array) pairs: layouts, shapes and dtype families."""
    base = RNG.standard_normal((6, 7))
    out = [("C", base), ("F", make_layout(base, "F")), ("strided", make_layout(base, "strided")),
           ("negstrided", make_layout(base, "negstrided")), ("3d", RNG.standard_normal((3, 4, 5))),
           ("empty", np.zeros((3, 0))), ("empty-rows", np.zeros((0, 4))), ("1d", RNG.standard_normal(40)),
           ("nans", NANS), ("nans-2d", NANS.reshape(3, 10)), ("complex", COMPLEX),
           ("ties", RNG.integers(0, 4, (5, 30))), ("big", RNG.standard_normal(3000)),
           ("big-nan-f32", np.where(RNG.random(2000) < 0.1, np.nan, RNG.standard_normal(2000)).astype(np.float32))]
    out += [(np.dtype(dt).name, sample_array((4, 9), dt)) for dt in ALL_DTYPES]
    return out


IDS = [n for n, _ in arrays()]


def same(fn, *args):
    """``fn`` compiled gives NumPy's result (dtype, shape, values), and leaks nothing."""
    want = fn(*args)
    with no_leaks():
        got = jitted(fn)(*args)
        assert_same(got, want)
        del got


# ------------------------------------------------------------------ sort


def sort_default(a):
    return np.sort(a)


def sort_axes(a):
    return np.sort(a, axis=0), np.sort(a, axis=-1), np.sort(a, axis=None)


def sort_kinds(a):
    return (np.sort(a, kind="quicksort"), np.sort(a, kind="heapsort"), np.sort(a, kind="mergesort"),
            np.sort(a, 0, "stable"))


@pytest.mark.parametrize("name, a", arrays(), ids=IDS)
def test_sort(name, a):
    same(sort_default, a)


@numba_differs("Numba's np.sort takes no axis and no kind")
@pytest.mark.parametrize("name, a", arrays(), ids=IDS)
def test_sort_axis_and_kind(name, a):
    same(sort_axes, a)
    same(sort_kinds, a)


def sort_in_place(a):
    a.sort()
    return a


def sort_in_place_axis(a):
    a.sort(axis=0, kind="heapsort")
    b = a.copy()
    b.sort(0, "stable")
    return a, b


@pytest.mark.parametrize("name, a", [p for p in arrays() if p[1].flags.writeable], ids=IDS)
def test_sort_method(name, a):
    same(sort_in_place, a.copy() if name != "negstrided" else make_layout(a, "negstrided"))


@numba_differs("Numba's a.sort() takes no axis and no kind")
@pytest.mark.parametrize("name, a", [p for p in arrays() if p[1].ndim >= 1], ids=IDS)
def test_sort_method_axis_and_kind(name, a):
    same(sort_in_place_axis, make_layout(a, "F") if name == "F" else a.copy())


def sort_of_sequence(x):
    return np.sort(x)


@numba_differs("Numba's np.sort takes arrays only")
def test_sort_of_a_list_and_a_tuple():
    same(sort_of_sequence, [3, 1, 2, -5])
    same(sort_of_sequence, (2.5, -1.0, 7.0))


def test_sort_of_zero_sized_and_one_item_arrays():
    same(sort_default, np.zeros(0))
    same(sort_default, np.array([4], np.int16))


@pytest.mark.parametrize("n", [1, 15, 17, 100, 1499, 1500, 1501, 5000])
def test_sort_of_floats_around_the_radix_threshold(n):
    a = RNG.standard_normal(n) * 1e3
    a[::7] = np.inf
    a[::11] = -np.inf
    a[::13] = np.nan
    a[::17] = 5e-324
    same(sort_default, a)
    same(sort_default, a.astype(np.float32)[::-1])
    same(sort_default, RNG.integers(-3, 3, n))


def sort_kind(a, kind):
    return np.sort(a, kind=kind)


def sort_axis(a, axis):
    return np.sort(a, axis=axis)


@numba_differs("Numba's np.sort takes no kind or axis")
def test_sort_errors():
    a = np.arange(5.0)
    with pytest.raises(ValueError, match="sort kind"):
        jitted(sort_kinds_bad)(a)
    with pytest.raises(np.exceptions.AxisError):
        jitted(sort_axis)(np.zeros((2, 3)), 2)
    with pytest.raises(np.exceptions.AxisError):
        jitted(sort_axis)(np.zeros((2, 3)), -3)


def sort_kinds_bad(a):
    return np.sort(a, kind="bogus")


@pycomp_only("typing errors: a kind that is not a string constant, a 0-d array along an axis, a read-only array")
def test_sort_typing_errors():
    with pytest.raises(TypingError, match="kind must be a constant string"):
        jitted(sort_kind)(np.arange(3.0), 1)
    with pytest.raises(TypingError, match="sort"):
        jitted(sort_default)(np.array(3.0))
    with pytest.raises(TypingError, match="sort"):
        jitted(sort_in_place)(make_layout(np.arange(3.0), "readonly"))
    with pytest.raises(TypingError, match="axis must be an integer"):
        jitted(sort_axis)(np.arange(3.0), 1.5)


@numba_differs("Numba's np.sort takes no axis")
def test_sort_of_a_0d_array_with_axis_none():
    same(lambda a: np.sort(a, axis=None), np.array(3.0))


# ------------------------------------------------------------------ argsort


def argsort_stable(a):
    return np.argsort(a, kind="stable"), a.argsort(kind="mergesort")


def argsort_stable_axes(a):
    return np.argsort(a, axis=0, kind="stable"), a.argsort(axis=None, kind="stable")


def argsort_unstable(a):
    return np.argsort(a), a.argsort(kind="quicksort"), np.argsort(a, kind="quicksort")


def argsort_heap(a):
    return a.argsort(kind="heapsort"), np.argsort(a, axis=-1, kind="heapsort")


def _gathers_sorted(idx, a, axis=-1):
    assert idx.dtype == np.intp and idx.shape == a.shape
    want = np.sort(a, axis=axis)
    got = np.take_along_axis(a, idx, axis=axis)
    assert np.array_equal(got, want, equal_nan=True)
    if a.ndim:
        assert (np.sort(idx, axis=axis) == np.arange(a.shape[axis]).reshape(
            [-1 if i == (axis % a.ndim) else 1 for i in range(a.ndim)])).all()


@pytest.mark.parametrize("name, a", [p for p in arrays() if p[1].ndim == 1], ids=[n for n, a in arrays() if a.ndim == 1])
def test_argsort_1d(name, a):
    for idx in jitted(argsort_unstable)(a):
        _gathers_sorted(idx, a)
    with no_leaks():
        got = jitted(argsort_unstable)(a)
        del got
    same(argsort_stable, a)


@numba_differs("Numba's argsort takes no kind='heapsort'")
def test_argsort_heapsort():
    a = RNG.integers(0, 5, 200)
    for idx in jitted(argsort_heap)(a):
        _gathers_sorted(idx, a)


@numba_differs("Numba's argsort takes 1-d arrays and no axis")
@pytest.mark.parametrize("name, a", arrays(), ids=IDS)
def test_argsort_along_an_axis(name, a):
    same(argsort_stable_axes, a)
    for idx in jitted(argsort_unstable)(a) + jitted(argsort_heap)(a):
        _gathers_sorted(idx, a)


def test_argsort_is_stable_with_ties():
    a = RNG.integers(0, 3, 500)
    same(argsort_stable, a)
    same(argsort_stable, np.array([0.0, -0.0, np.nan, 0.0, -np.nan, -0.0]))


@numba_differs("Numba's np.argsort takes arrays only")
def test_argsort_of_a_list():
    same(lambda x: np.argsort(x, kind="stable"), [3, 1, 2, 1])


# ------------------------------------------------------------------ partition


def partitions(a, kth):
    return np.partition(a, kth), np.argpartition(a, kth)


def partitions_axis(a, kth, axis):
    return np.partition(a, kth, axis=axis), np.argpartition(a, kth, axis=axis)


def partition_methods(a, kth):
    b = a.copy()
    b.partition(kth)
    return b, a.argpartition(kth)


def _partitioned(p, a, kth, axis=-1):
    """``p`` is ``a`` partitioned at ``kth`` along ``axis``."""
    if axis is None:
        a = a.ravel()
        axis = -1
    want = np.sort(a, axis=axis)
    assert p.dtype == a.dtype and p.shape == a.shape
    assert np.array_equal(np.sort(p, axis=axis), want, equal_nan=True)
    p = np.moveaxis(p, axis, -1)
    want = np.moveaxis(want, axis, -1)
    n = p.shape[-1]
    for k in np.atleast_1d(kth):
        k = k % n
        assert np.array_equal(p[..., k], want[..., k], equal_nan=True)
        key = np.where(np.isnan(p), np.inf, p) if p.dtype.kind == "f" else p
        kv = key[..., k:k + 1]
        assert (key[..., :k] <= kv).all() and (key[..., k + 1:] >= kv).all()


def _check_partitions(fn, a, kth, *axis):
    with no_leaks():
        p, idx = jitted(fn)(a, kth, *axis)
        ax = axis[0] if axis else -1
        _partitioned(p, a, kth, ax)
        assert idx.dtype == np.intp
        gathered = np.take_along_axis(a.ravel() if ax is None else a, idx, axis=-1 if ax is None else ax)
        _partitioned(gathered, a, kth, ax)
        del p, idx


KTHS = [0, 3, -1, -4, (1, 5), [0, 2, 2, 6], np.array([6, 0, 3])]


@pytest.mark.parametrize("kth", KTHS, ids=str)
@pytest.mark.parametrize("name, a", [p for p in arrays() if p[1].shape and p[1].shape[-1] >= 7
                                     and p[1].dtype.kind != "c"],
                         ids=[n for n, a in arrays() if a.shape and a.shape[-1] >= 7 and a.dtype.kind != "c"])
def test_partition(name, a, kth):
    _check_partitions(partitions, a, kth)


@numba_differs("Numba has no a.partition() and a.argpartition() methods")
def test_partition_methods():
    for a in (RNG.standard_normal((4, 9)), NANS, RNG.integers(0, 4, 30).astype(np.uint8)):
        for kth in KTHS:
            _check_partitions(partition_methods, a, kth)


@numba_differs("Numba's np.partition takes no axis")
@pytest.mark.parametrize("name, a", [("C", RNG.standard_normal((9, 8))), ("F", make_layout(RNG.random((9, 8)), "F")),
                                     ("ints", RNG.integers(0, 5, (7, 9, 8))), ("nans", NANS.reshape(10, 3).T)],
                         ids=["C", "F", "ints", "nans"])
def test_partition_along_an_axis(name, a):
    for axis in (0, 1, -1, None):
        _check_partitions(partitions_axis, a, (2, -1), axis)


@pytest.mark.parametrize("n", [1, 2, 3, 16, 17, 100, 1001])
def test_partition_of_many_sizes(n):
    for a in (RNG.standard_normal(n), RNG.integers(0, 3, n), np.sort(RNG.random(n))[::-1].copy(), np.full(n, 2.0)):
        for k in {0, n // 2, n - 1}:
            _check_partitions(partitions, a, k)


def partition_of(a, kth):
    return np.partition(a, kth)


def test_partition_errors():
    with pytest.raises(ValueError):
        jitted(partition_of)(np.arange(5.0), 5)
    with pytest.raises(ValueError):
        jitted(partition_of)(np.arange(5.0), -6)
    with pytest.raises(ValueError):
        jitted(partition_of)(np.arange(5.0), (1, 7))


def test_partition_of_an_empty_array_checks_no_kth():
    # NumPy 2 partitions an empty array (rows of length 0) at any kth
    same(partition_of, np.zeros(0), 0)
    same(partition_of, np.zeros(0), 5)
    same(partition_of, np.zeros((3, 0)), 0)


@pycomp_only("typing errors for a float kth and a 0-d array")
def test_partition_typing_errors():
    with pytest.raises(TypingError, match="kth must be an integer"):
        jitted(partition_of)(np.arange(5.0), 1.5)
    with pytest.raises(TypingError, match="partition"):
        jitted(partition_of)(np.array(1.0), 0)


def _argsort_default(a):
    return np.argsort(a)


@numba_differs("Numba's default argsort is a quicksort: equal keys (and NaNs) come out in another order")
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n", [511, 699, 700, 4099])
def test_argsort_long_float_rows_are_stable(n, dtype):
    """Rows of 700 floats or more are argsorted by radix: equal keys (-0.0
    and 0.0 included) keep their order and NaNs come last in theirs, as
    NumPy's stable argsort gives."""
    rng = np.random.default_rng(n)
    a = rng.integers(-20, 20, n).astype(dtype)
    a[rng.integers(0, n, n // 10)] = np.nan
    a[rng.integers(0, n, 30)] = -0.0
    a[rng.integers(0, n, 7)] = np.inf
    a[rng.integers(0, n, 7)] = -np.inf
    f = jitted(_argsort_default)
    for arr in (a, a[::-2], np.full(n, np.nan, dtype)):
        assert np.array_equal(f(arr), np.argsort(arr, kind="stable"))


def _hard_orders(n):
    """Orders a quickselect can stumble on, and many repeated values."""
    ramp = np.arange(n, dtype=np.float64)
    return {"random": RNG.standard_normal(n), "three values": RNG.integers(0, 3, n).astype(np.float64),
            "sorted": ramp, "reversed": ramp[::-1].copy(), "organ pipe": np.minimum(ramp, n - ramp),
            "sawtooth": ramp % 37, "equal": np.full(n, 1.5), "nans": np.where(RNG.random(n) < 0.2, np.nan, ramp % 11)}


@pytest.mark.parametrize("order", list(_hard_orders(8)))
def test_partition_of_big_arrays_in_hard_orders(order):
    """Over 1024 items (the ninther pivot), in orders that defeat simple
    pivots and with many equal items (gathered in one pass): NumPy's
    order statistics, each k in place."""
    a = _hard_orders(5000)[order]
    for kth in (0, 2500, 4999, [17, 2500, 4000]):
        _check_partitions(partitions, a, kth)
    if is_numba and order == "nans":
        return  # Numba's median skips NaNs (NumPy's is NaN): tests/test_np_statistics.py
    assert jitted(median_of)(a) == median_of(a) or np.isnan(median_of(a)) and np.isnan(jitted(median_of)(a))


def median_of(a):
    return np.median(a)


@pycomp_only("pycomp's selection kernel itself")
def test_selection_falls_back_to_a_heap_sort():
    """With no partition rounds allowed the range is heap-sorted (the worst
    case stays n log n): every order gives the sorted data."""
    from pycomp import njit
    from pycomp.extending import register_jitable
    from pycomp.np.quickselect import select_for

    @register_jitable
    def lt(x, y):
        return x < y

    @register_jitable
    def item(a, v, i):
        return v[i]

    select = select_for(lt, item, extra_rounds=0)

    def run(v, k):
        select(v, v, 0, v.shape[0] - 1, k)
        return v

    for a in _hard_orders(300).values():
        if np.isnan(a).any():
            continue
        got = njit(run)(a.copy(), 150)
        assert np.array_equal(got, np.sort(a))
