"""Differential tests: NumPy's order statistics, ptp, average and the
NaN-ignoring reductions (pycomp/np/statistics.py) against NumPy: values,
result dtypes and shapes, on C, F, strided, negative-stride, empty and
NaN-holding inputs, and the errors NumPy raises."""

import contextlib
import warnings

import numpy as np
import pytest

from support import TypingError, assert_same, is_numba, jitted, make_layout, no_leaks, numba_differs, pycomp_only

RNG = np.random.default_rng(7)
BASE = RNG.random((4, 5))
INTS = RNG.integers(-6, 9, (3, 5)).astype(np.int32)


def inputs():
    """(id, array) pairs every statistic is checked on."""
    return [
        ("C", BASE), ("F", make_layout(BASE, "F")), ("strided", BASE[::2, 1::2]),
        ("negstrided", BASE[::-1, ::-2]), ("int32", INTS), ("int64-1d", np.arange(-3, 8)),
        ("float32", BASE.astype(np.float32)), ("nan", np.array([1.0, np.nan, 3.0, 2.0])),
        ("allnan", np.array([np.nan, np.nan])), ("one", np.array([2.5])), ("0d", np.array(4.0)),
    ]


def numpy_result(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # empty slices, all-NaN slices
        try:
            return fn(*args), None
        except Exception as e:  # noqa: BLE001 -- compared below
            return None, e


def same(fn, *args):
    """``fn`` compiled gives NumPy's value (to 1e-12 relative), dtype and
    shape, or raises the same exception type; nothing leaks. (Numba
    computes float32 statistics in float64 and leaks where it raises: under
    it, float32 values compare to 1e-6 and errors skip the leak check.)"""
    want, want_exc = numpy_result(fn, *args)
    with no_leaks() if want_exc is None or not is_numba else contextlib.nullcontext():
        if want_exc is not None:
            with pytest.raises(type(want_exc)):
                jitted(fn)(*args)
            return
        got = jitted(fn)(*args)
        if is_numba and any(getattr(x, "dtype", None) == np.float32 for x in args):
            for g, w in zip(got, want) if isinstance(want, tuple) else ((got, want),):
                np.testing.assert_allclose(np.asarray(g, dtype=np.float64), np.asarray(w, dtype=np.float64),
                                           rtol=1e-6)
        else:  # float32 results to float32's precision (NumPy rounds along an axis differently)
            single = any(getattr(x, "dtype", None) == np.float32 for x in args)
            assert_same(got, want, rtol=1e-6 if single else 1e-12)
        del got


def median(a):
    return np.median(a)


def percentiles(a):
    return np.percentile(a, 30), np.percentile(a, 0), np.percentile(a, 100), np.quantile(a, 0.7)


def percentile_array(a):
    return np.percentile(a, np.array([0.0, 12.5, 50.0, 99.0])), np.quantile(a, np.array([0.25, 1.0]))


def nan_order(a):
    return np.nanmedian(a), np.nanpercentile(a, 40), np.nanquantile(a, np.array([0.1, 0.9]))


def ptp(a):
    return np.ptp(a)


def ptp_axis(a):
    return np.ptp(a, axis=0), np.ptp(a, axis=-1)


def average(a):
    return np.average(a), np.average(a, weights=a + 1.0)


def nan_reductions(a):
    return (np.nansum(a), np.nanprod(a), np.nanmin(a), np.nanmax(a), np.nanmean(a), np.nanvar(a),
            np.nanstd(a, ddof=1))


def nan_reductions_axis(a):
    return (np.nansum(a, axis=0), np.nanprod(a, axis=-1), np.nanmin(a, axis=1), np.nanmax(a, axis=0),
            np.nanmean(a, axis=0), np.nanvar(a, axis=1, ddof=1), np.nanstd(a, axis=0))


ORDER = [median, percentiles, percentile_array, nan_order]


@pytest.mark.parametrize("fn", ORDER, ids=lambda f: f.__name__)
@pytest.mark.parametrize("name, a", inputs(), ids=[n for n, _ in inputs()])
def test_order_statistics(fn, name, a):
    if is_numba and fn in (nan_order, percentile_array) and name == "allnan":
        pytest.skip("Numba returns nan where NumPy raises for an all-NaN slice here")
    if is_numba and fn in (percentile_array, nan_order) and name == "float32":
        pytest.skip("Numba 0.68 leaks one block in np.(nan)quantile(float32 array, float64 array)")
    same(fn, a)


@pytest.mark.parametrize("fn", [ptp, average, nan_reductions], ids=lambda f: f.__name__)
@pytest.mark.parametrize("name, a", inputs(), ids=[n for n, _ in inputs()])
def test_whole_array_statistics(fn, name, a):
    if is_numba and fn is ptp and name == "0d":
        pytest.skip("Numba 0.68's np.ptp of a 0-d array fails inside Numba (IndexError)")
    same(fn, a)


@numba_differs("Numba 0.68's ptp and nan reductions take no axis")
@pytest.mark.parametrize("name, a", [p for p in inputs() if p[1].ndim == 2], ids=[n for n, a in inputs() if a.ndim == 2])
def test_statistics_along_an_axis(name, a):
    same(ptp_axis, a)
    same(nan_reductions_axis, a)
    with_nans = a.astype(np.float64).copy()
    with_nans[0, 0] = np.nan
    with_nans[-1] = np.nan
    same(nan_reductions_axis, with_nans)


def test_nan_reductions_of_integers_and_all_nan_rows():
    same(nan_reductions, INTS)
    same(nan_order, np.array([[np.nan, 1.0], [2.0, np.nan]]))


def percentile_of(a, q):
    return np.percentile(a, q)


@numba_differs("Numba fails an internal assertion on the percentile of an empty array (NumPy: IndexError)")
def test_percentile_errors():
    same(percentile_of, BASE, 101.0)  # ValueError
    same(percentile_of, BASE, -1.0)
    same(percentile_of, BASE, np.array([5.0, 120.0]))
    same(percentile_of, np.zeros(0), 50.0)  # IndexError


def weighted(a, w):
    return np.average(a, weights=w)


@numba_differs("Numba raises ValueError (not NumPy's TypeError) when the weights' shape differs")
def test_average_errors():
    same(weighted, np.ones(2), np.array([1.0, -1.0]))  # ZeroDivisionError
    same(weighted, np.ones(2), np.ones(3))  # TypeError: shapes differ
    same(weighted, np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(2, 3)[::-1])


def empty_nanmin(a):
    return np.nanmin(a)


def test_empty_inputs():
    same(empty_nanmin, np.zeros(0))  # ValueError
    same(median, np.zeros(0))  # nan


@numba_differs("Numba 0.68's nan reductions take no axis")
def test_reductions_along_an_empty_axis():
    same(nan_reductions_axis, np.zeros((2, 0)))  # nanmin of an empty row: ValueError
    same(lambda a: (np.nansum(a, axis=1), np.nanmean(a, axis=0)), np.zeros((2, 0)))


def percentile_of_bools(a):
    return np.percentile(a, 50.0)


@pycomp_only("Numba computes these (booleans as integers, complex medians) where NumPy refuses")
def test_boolean_and_complex_input_are_typing_errors():
    with pytest.raises(TypingError, match="percentile"):
        jitted(percentile_of_bools)(np.array([True, False]))
    with pytest.raises(TypingError, match="median"):
        jitted(median)(np.array([1j, 2.0]))


def median_and_percentiles(a):
    return np.median(a), np.percentile(a, 0.0), np.percentile(a, 37.5), np.percentile(a, 90.0), \
        np.quantile(a, 1.0), np.nanmedian(a)


def test_selection_matches_sorting_on_many_shapes_of_data():
    # median and one percentile select (quickselect) instead of sorting:
    # sizes 1..60 with many duplicates, sorted, reversed and constant data
    rng = np.random.default_rng(3)
    for n in range(1, 61):
        for a in (rng.integers(0, 5, n).astype(np.float64), rng.random(n), np.sort(rng.random(n))[::-1].copy(),
                  np.full(n, 2.5), np.arange(float(n))):
            same(median_and_percentiles, a)


# ------------------------------------------------------------------ order statistics along an axis


def order_along_axes(a):
    return (np.median(a, axis=0), np.median(a, axis=-1), np.percentile(a, 30, axis=1), np.quantile(a, 0.75, axis=0),
            np.nanmedian(a, axis=1), np.nanpercentile(a, 90.0, axis=0), np.nanquantile(a, 0.2, axis=-1))


def order_along_axes_q_array(a):
    return (np.percentile(a, np.array([0.0, 40.0, 100.0]), axis=0), np.quantile(a, np.array([0.5, 0.1]), axis=1),
            np.nanpercentile(a, np.array([25.0, 75.0]), axis=-1), np.nanquantile(a, np.array([0.3]), axis=0))


def order_along_axis_1d(a):
    return np.median(a, axis=0), np.percentile(a, 40.0, axis=-1), np.nanquantile(a, np.array([0.2, 0.9]), axis=0)


AXIS_INPUTS = [p for p in inputs() if p[1].ndim == 2] + [
    ("nan-2d", np.where(RNG.random((5, 6)) < 0.2, np.nan, RNG.random((5, 6)))), ("3d", RNG.random((3, 4, 5))),
    ("int-3d", RNG.integers(-5, 5, (2, 3, 4))), ("rows-all-nan", np.array([[np.nan, np.nan, 1.0], [np.nan, 2.0, 3.0]]))]


@numba_differs("Numba 0.68's median, percentile and quantile take no axis")
@pytest.mark.parametrize("name, a", AXIS_INPUTS, ids=[n for n, _ in AXIS_INPUTS])
def test_order_statistics_along_an_axis(name, a):
    same(order_along_axes, a)
    same(order_along_axes_q_array, a)


@numba_differs("Numba 0.68's median, percentile and quantile take no axis")
def test_order_statistics_along_the_axis_of_1d_and_empty_arrays():
    same(order_along_axis_1d, BASE[0])
    same(order_along_axis_1d, np.array([np.nan, 1.0, 2.0]))
    same(lambda a: (np.median(a, axis=1), np.median(a, axis=0), np.nanpercentile(a, 5.0, axis=1)), np.zeros((2, 0)))
    same(lambda a: np.percentile(a, 5.0, axis=1), np.zeros((2, 0)))  # IndexError
    same(lambda a: np.median(a, axis=2), BASE)  # AxisError
    same(lambda a: np.percentile(a, 120.0, axis=0), BASE)  # ValueError


@pycomp_only("a typing error for a non-integer axis")
def test_order_statistics_axis_must_be_an_integer():
    with pytest.raises(TypingError, match="axis must be an integer"):
        jitted(lambda a: np.median(a, axis=1.0))(BASE)


# ------------------------------------------------------------------ cov, corrcoef


def cov(m):
    return np.cov(m), np.cov(m, rowvar=False), np.cov(m, bias=True), np.cov(m, ddof=0), np.cov(m, ddof=2)


def corrcoef(m):
    return np.corrcoef(m), np.corrcoef(m, rowvar=False)


def cov_y(m, y):
    return np.cov(m, y), np.cov(m, y, False, True), np.corrcoef(m, y), np.corrcoef(m, y, rowvar=False)


def cov_1d(m):
    return np.cov(m), np.cov(m, bias=True), np.corrcoef(m)


def needs_scipy_under_numba():
    """Numba's np.cov and np.corrcoef call BLAS through SciPy: skip under
    Numba where SciPy is not installed."""
    if is_numba:
        pytest.importorskip("scipy", reason="Numba's np.cov/np.corrcoef need SciPy, which is not installed")


COV_INPUTS = [("C", RNG.standard_normal((3, 7))), ("F", make_layout(RNG.standard_normal((4, 6)), "F")),
              ("strided", RNG.standard_normal((6, 10))[::2, 1::3]), ("negstrided", RNG.standard_normal((4, 5))[::-1, ::-2]),
              ("int32", INTS), ("float32", BASE.astype(np.float32)), ("bool", RNG.random((3, 8)) > 0.5),
              ("complex", RNG.standard_normal((3, 5)) + 1j * RNG.standard_normal((3, 5))),
              ("constant-row", np.array([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])), ("nan", np.array([[1.0, np.nan], [2.0, 3.0]])),
              ("two-obs", RNG.standard_normal((3, 2)))]


@pytest.mark.parametrize("name, m", COV_INPUTS, ids=[n for n, _ in COV_INPUTS])
def test_cov_and_corrcoef(name, m):
    needs_scipy_under_numba()
    same(cov, m)
    same(corrcoef, m)


@pytest.mark.parametrize("name, m", [("float", RNG.standard_normal(9)), ("int", np.arange(-3, 5)),
                                     ("complex", RNG.standard_normal(6) + 2j), ("negstrided", BASE[0, ::-1]),
                                     ("one", np.array([2.0]))], ids=str)
def test_cov_and_corrcoef_of_one_variable(name, m):
    needs_scipy_under_numba()
    same(cov_1d, m)


def test_cov_and_corrcoef_with_y():
    needs_scipy_under_numba()
    same(cov_y, RNG.standard_normal((2, 6)), RNG.standard_normal(6))
    same(cov_y, RNG.standard_normal(6), RNG.standard_normal((2, 6)).T.copy()[:, :1].T.copy())
    same(cov_y, RNG.standard_normal(5), RNG.integers(0, 9, 5))
    same(cov_y, RNG.standard_normal((4, 3)), RNG.standard_normal((4, 2)) + 1j)


def cov_only(m, y):
    return np.cov(m, y)


def test_cov_edge_cases():
    needs_scipy_under_numba()
    same(lambda m: np.cov(m), np.zeros((0, 3)))  # (0, 0)
    same(lambda m: np.cov(m), np.zeros((2, 0)))  # nan
    same(cov_only, np.ones((2, 3)), np.ones((1, 4)))  # ValueError


@pycomp_only("typing errors naming the function: 3-d input, a float ddof")
def test_cov_typing_errors():
    with pytest.raises(TypingError, match="cov"):
        jitted(lambda m: np.cov(m))(np.zeros((2, 2, 2)))
    with pytest.raises(TypingError, match="ddof must be an integer"):
        jitted(lambda m: np.cov(m, ddof=1.5))(BASE)


# ------------------------------------------------------------------ histogram of float32 data


def histogram(a):
    return np.histogram(a, 4), np.histogram(a, 3, range=(0.0, 1.0))


@numba_differs("Numba computes float32 histogram edges in float64")
def test_histogram_of_float32_data_has_float32_edges():
    same(histogram, BASE.astype(np.float32))
    same(histogram, np.array([0.1, 0.7, 0.35, 1.0], np.float32)[::-1])
