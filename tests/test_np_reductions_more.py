"""Differential tests, the reductions' wider cases (pycomp/np/reductions.py,
pycomp/np/statistics.py) against NumPy: numbers, lists and tuples as
arguments (NumPy converts them with asarray), complex arrays in the
NaN-ignoring reductions and in ptp, np.nancumsum/nancumprod,
np.nanargmin/nanargmax, timedelta64 arrays in sum/mean/cumsum/median,
a tuple ``axis`` in sum and prod, ``dtype=`` in sum and cumsum, and mean's
rounding and empty arrays. Values, dtypes and shapes."""

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, make_layout, numba_differs

RNG = np.random.default_rng(11)
A3 = np.arange(24).reshape(2, 3, 4)


def _complex_with_nans():
    real = np.linspace(-10, 10, 40)
    real[:4] = real[-1]
    real[5:9] = np.nan
    imag = real * 2
    imag[7:12] = np.nan
    return real - imag * 1j


CNAN = _complex_with_nans()


# ------------------------------------------------------------------ numbers, lists and tuples


def np_sum(a):
    return np.sum(a)


def np_prod(a):
    return np.prod(a)


def np_min(a):
    return np.min(a)


def np_amax(a):
    return np.amax(a)


def np_mean(a):
    return np.mean(a)


def np_std(a):
    return np.std(a)


def np_var(a):
    return np.var(a)


def np_all(a):
    return np.all(a)


def np_any(a):
    return np.any(a)


def np_cumsum(a):
    return np.cumsum(a)


def np_median(a):
    return np.median(a)


def np_ptp(a):
    return np.ptp(a)


def np_nanmin(a):
    return np.nanmin(a)


def np_nanmax(a):
    return np.nanmax(a)


def np_nanmean(a):
    return np.nanmean(a)


def np_nanstd(a):
    return np.nanstd(a)


def np_nanvar(a):
    return np.nanvar(a)


def np_nansum(a):
    return np.nansum(a)


NUMBER_FUNCS = [np_sum, np_prod, np_min, np_amax, np_mean, np_std, np_all, np_any, np_nanmin, np_nanmax]
NUMBER_ONLY_PYCOMP = [np_var, np_median, np_nanmean, np_nanstd, np_nanvar, np_nansum]
SEQUENCE_FUNCS = [np_sum, np_prod, np_min, np_amax, np_mean, np_std, np_var, np_all, np_any, np_cumsum,
                  np_median, np_nanmean, np_nanstd, np_nanvar, np_nansum]
NUMBERS = [("float", 2.5), ("int", 7), ("bool", True), ("float32", np.float32(-3.5)), ("complex", 1 - 2j)]
SEQUENCES = [("list", [1.0, 6.0, 4.0, 2.0]), ("tuple", (3, 1, 2)), ("nested", ((-10, 4, -12), (5, 200, -30))),
             ("list-nan", [2.0, np.nan, 1.0])]


def _real_only(fn, value):
    """Whether NumPy rejects a complex ``value`` in ``fn`` (ordering)."""
    return isinstance(value, complex) and fn in (np_median, np_nanmin, np_nanmax)


@pytest.mark.parametrize("fn", NUMBER_FUNCS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("value", [v for _, v in NUMBERS], ids=[i for i, _ in NUMBERS])
def test_number_arguments(fn, value):
    if not _real_only(fn, value):
        check(fn, value)


@numba_differs("Numba's np.var, np.median, np.nanmean, np.nanstd, np.nanvar and np.nansum take arrays only")
@pytest.mark.parametrize("fn", NUMBER_ONLY_PYCOMP, ids=lambda f: f.__name__)
@pytest.mark.parametrize("value", [2.5, 7, True], ids=["float", "int", "bool"])
def test_number_arguments_beyond_numba(fn, value):
    check(fn, value)


@pytest.mark.parametrize("value", [v for _, v in NUMBERS], ids=[i for i, _ in NUMBERS])
def test_cumsum_of_a_number(value):
    """As Numba's: a number of the accumulator dtype (NumPy: a 1-element array)."""
    check(np_cumsum, value, expected=np.cumsum(value)[0].item())


@numba_differs("Numba's reductions take arrays and numbers, not lists or tuples (np.nanmin/np.nanmax aside)")
@pytest.mark.parametrize("fn", SEQUENCE_FUNCS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("value", [v for _, v in SEQUENCES], ids=[i for i, _ in SEQUENCES])
def test_sequence_arguments(fn, value):
    check(fn, value)


@pytest.mark.parametrize("fn", [np_nanmin, np_nanmax], ids=lambda f: f.__name__)
@pytest.mark.parametrize("value", [v for _, v in SEQUENCES], ids=[i for i, _ in SEQUENCES])
def test_sequence_arguments_nanmin_nanmax(fn, value):
    check(fn, value)


def np_ptp_like(a):
    return np.ptp(a)


@pytest.mark.parametrize("value", [6, 6.5, -np.inf, 1 + 4j, (4, 2, 5), [2.2, np.nan], [2.2, np.inf],
                                   ((4.1, 2.0, -7.6), (4.3, 2.7, 5.2)), 1 + np.nan * 1j],
                         ids=lambda v: type(v).__name__)
def test_ptp_array_like(value):
    check(np_ptp_like, value)


def percentile_of(a, q):
    return np.percentile(a, q)


def quantile_of(a, q):
    return np.quantile(a, q)


def nanpercentile_of(a, q):
    return np.nanpercentile(a, q)


def nanquantile_of(a, q):
    return np.nanquantile(a, q)


@pytest.mark.parametrize("fn, scale", [(percentile_of, 100), (quantile_of, 1), (nanpercentile_of, 100),
                                       (nanquantile_of, 1)], ids=lambda v: getattr(v, "__name__", str(v)))
@pytest.mark.parametrize("a, q", [([1.0, 2.0, 7.0, 3.0], [0.5, 0.1]), ((1, 5, 2), 0.3),
                                  ([np.nan, 1.0, 2.0], (0.0, 1.0)), (np.arange(6.0), [0.25])],
                         ids=["lists", "tuple-number", "nan-tuple", "array-list"])
def test_quantiles_array_like(fn, scale, a, q):
    q = [x * scale for x in q] if isinstance(q, (list, tuple)) else q * scale
    check(fn, a, q)


def np_min_temporal(a):
    return np.min(a), np.amax(a)


@pytest.mark.parametrize("value", [np.datetime64("2020-01-01"), np.datetime64("NaT"), np.timedelta64(5, "m")],
                         ids=str)
def test_min_max_of_one_datetime(value):
    check(np_min_temporal, value)


# ------------------------------------------------------------------ complex NaN-ignoring reductions


def nanargmin_of(a):
    return np.nanargmin(a)


def nanargmax_of(a):
    return np.nanargmax(a)


COMPLEX_CASES = [("1d", CNAN), ("2d", CNAN.reshape(5, 8)), ("c64", CNAN.astype(np.complex64)),
                 ("F", make_layout(CNAN.reshape(5, 8), "F")), ("strided", CNAN[::-3]),
                 ("nonan", np.array([1 + 2j, 1 - 2j, -1 + 5j]))]


@pytest.mark.parametrize("fn", [np_nanmin, np_nanmax, np_nanmean, np_nanstd, np_nanvar, np_nansum],
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("a", [a for _, a in COMPLEX_CASES], ids=[i for i, _ in COMPLEX_CASES])
def test_nan_reductions_of_complex(fn, a):
    check(fn, a, rtol=1e-5 if a.dtype == np.complex64 else 1e-12)


def nanmean_axis(a):
    return np.nanmean(a, axis=1), np.nanvar(a, axis=0), np.nanmax(a, axis=1)


@numba_differs("Numba's np.nanmean, np.nanvar and np.nanmax take no axis")
def test_nan_reductions_of_complex_along_axis():
    check(nanmean_axis, CNAN.reshape(5, 8))


def test_nan_reductions_of_complex_all_nan():
    check(np_nanmean, np.full(3, np.nan + 1j))
    check(np_nanvar, np.full(3, np.nan + 1j))


def test_ptp_of_complex():
    real = np.linspace(-4, 4, 25)
    imag = np.linspace(-5, 5, 25)
    for rn in (False, True):
        for im in (False, True):
            r, i = real.copy(), imag.copy()
            if rn:
                r[4:9] = np.nan
            if im:
                i[7:12] = np.nan
            check(np_ptp, (r + 1j * i).reshape(5, 5))
    check(np_ptp, np.ones(8) + 1j * np.arange(-4, 4))
    check(np_ptp, np.full((4, 4), 1 - 1j))


def test_ptp_errors():
    with pytest.raises(ValueError):
        jitted(np_ptp)(np.array([]))
    with pytest.raises(TypingError, match="Boolean dtype is unsupported"):
        jitted(np_ptp)(np.array([True, False]))


NANARG_CASES = [np.array([1.0, 3.0, 2.0]), np.array([np.nan, 1.0, 3.0]), np.array([1.0, 3.0, np.nan]),
                np.array([[1.0, np.nan, 3.0], [2.0, 5.0, np.nan]]), np.array([1, 3, 2]),
                np.array([1, 3, 2], dtype=np.int32), np.array([1.0, 5.0, np.nan, 3.0, 7.0])[::2],
                make_layout(np.array([[1.0, np.nan], [3.0, 4.0]]), "F"), np.array(1.0),
                np.array([np.inf, -np.inf]), np.array([np.nan, -np.inf]), np.array([np.inf, np.nan]),
                np.array([True, False, True]), np.full(3, np.nan), np.array([])]


@pytest.mark.parametrize("fn", [nanargmin_of, nanargmax_of], ids=lambda f: f.__name__)
@pytest.mark.parametrize("a", NANARG_CASES, ids=range(len(NANARG_CASES)))
def test_nanargmin_nanargmax(fn, a):
    check(fn, a, match_message=False)


def nanargmax_axis(a, axis):
    return np.nanargmax(a, axis), np.nanargmin(a, axis)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_nanargmin_nanargmax_along_axis(axis):
    a = np.array([[1.0, np.nan, 3.0], [2.0, 5.0, -1.0]])
    check(nanargmax_axis, a, axis)
    check(nanargmax_axis, np.array([[np.nan, 1.0], [np.nan, 2.0]]), 1)


# ------------------------------------------------------------------ nancumsum, nancumprod


def nancumsum_of(a):
    return np.nancumsum(a)


def nancumprod_of(a):
    return np.nancumprod(a)


def nancumsum_axis(a):
    return np.nancumsum(a, axis=1), np.nancumprod(a, axis=0)


def _with_nans(a):
    a = a.astype(np.float64)
    a.flat[::3] = np.nan
    return a


NANCUM_CASES = [np.linspace(-1, 3, 60).reshape(3, 4, 5), _with_nans(np.linspace(-1, 3, 60).reshape(3, 4, 5)),
                np.array([True, True, False]), np.arange(1, 10), np.arange(1, 10, dtype=np.int8),
                np.arange(1, 10, dtype=np.uint16), np.arange(1, 10, dtype=np.float32)[::-1],
                make_layout(np.arange(1, 13) - 3.3, "F"), np.array([]), np.full(4, np.nan),
                (np.array([np.nan, 2, np.nan, 4]) + 1j * np.array([1, np.nan, 3, 4])), np.array(2.5)]


@pytest.mark.parametrize("fn", [nancumsum_of, nancumprod_of], ids=lambda f: f.__name__)
@pytest.mark.parametrize("a", NANCUM_CASES, ids=range(len(NANCUM_CASES)))
def test_nancumsum_nancumprod(fn, a):
    check(fn, a)


@numba_differs("Numba's np.nancumsum and np.nancumprod take no axis")
def test_nancumsum_nancumprod_along_axis():
    check(nancumsum_axis, _with_nans(np.linspace(-1, 3, 60).reshape(3, 4, 5)))


@numba_differs("Numba's nancumsum/nancumprod take arrays only")
def test_nancumsum_of_list():
    check(nancumsum_of, [1.0, np.nan, 2.0])


# ------------------------------------------------------------------ timedelta64


def sum_method(a):
    return a.sum()


def mean_method(a):
    return a.mean()


def cumsum_method(a):
    return a.cumsum()


def _timedeltas():
    td = np.arange(10).astype("m8[s]")
    nat = td.copy()
    nat[1::2] = np.timedelta64("NaT")
    shuffled = td.copy()
    RNG.shuffle(shuffled)
    return [("plain", td), ("odd", td[:-1]), ("reversed", td[::-1]), ("shuffled", shuffled), ("nat", nat),
            ("allnat", np.full(4, np.timedelta64("NaT"), "m8[D]")), ("empty", td[:0])]


TDS = _timedeltas()


@pytest.mark.parametrize("fn", [sum_method, mean_method, cumsum_method, np_median], ids=lambda f: f.__name__)
@pytest.mark.parametrize("a", [a for i, a in TDS if i != "nat"], ids=[i for i, _ in TDS if i != "nat"])
def test_timedelta_reductions(fn, a):
    if is_numba and fn is np_median and a.size == 0:
        pytest.skip("Numba's median of an empty timedelta array raises")
    check(fn, a)


@pytest.mark.parametrize("fn", [sum_method, mean_method, cumsum_method], ids=lambda f: f.__name__)
def test_timedelta_reductions_with_nat(fn):
    check(fn, dict(TDS)["nat"])


@numba_differs("Numba's np.median (a partition) mishandles NaT among other items")
def test_timedelta_median_with_nat():
    check(np_median, dict(TDS)["nat"])


# ------------------------------------------------------------------ tuple axis, dtype=


def sum_axis(a, axis):
    return a.sum(axis=axis)


def prod_axis(a, axis):
    return np.prod(a, axis=axis)


@pytest.mark.parametrize("axis", [(0,), (2, 0), (-1, 1), (0, 1, 2), (1, -1, 0), (-3,)], ids=str)
def test_sum_tuple_axis(axis):
    check(sum_axis, A3, axis)
    check(sum_axis, make_layout(A3.astype(np.float32), "F"), axis)
    check(sum_axis, np.array([[True, False, True]] * 2)[None], axis)


@numba_differs("Numba has no tuple axis in np.prod")
def test_prod_tuple_axis():
    check(prod_axis, A3 % 5 + 1, (0, 2))


def sum_empty_axis(a):
    return a.sum(axis=())


@numba_differs("Numba's sum(axis=()) keeps int16 (NumPy: int64) and gives a C array for an F one")
@pytest.mark.parametrize("layout", ["C", "F"])
def test_sum_empty_tuple_axis(layout):
    a = make_layout(np.arange(6).reshape(2, 3).astype(np.int16), layout)
    got = check(sum_empty_axis, a)
    assert got.flags.f_contiguous == (layout == "F")


@pytest.mark.parametrize("axis", [(0, 0), (1, -2), (3,), (0, 1, 2, 0)], ids=str)
def test_sum_tuple_axis_errors(axis):
    check(sum_axis, A3, axis, match_message=False)


def sum_dtype(a, dt):
    return a.sum(dtype=dt)


def sum_axis_dtype(a, dt):
    return np.sum(a, axis=1, dtype=dt)


def cumsum_axis_dtype(a, dt):
    return np.cumsum(a, axis=1, dtype=dt)


DTYPE_CASES = [(np.array([True, False, True, True]), np.bool_), (np.array([True, False, True]), np.int32),
               (np.arange(5, dtype=np.int32), np.float32), (np.arange(5, dtype=np.uint32), np.int64),
               (np.arange(5, dtype=np.int64), np.float64), (np.arange(5, dtype=np.float32), np.float64),
               (np.arange(5) + 1j, np.complex64)]


@pytest.mark.parametrize("a, dt", DTYPE_CASES, ids=lambda v: str(getattr(v, "dtype", v)))
def test_sum_dtype(a, dt):
    check(sum_dtype, a, dt)
    b = np.stack([a, a[::-1]])
    check(sum_axis_dtype, b, dt)
    check(cumsum_axis_dtype, b, dt)


def test_cumsum_complex_3d_dtype():
    a = (np.arange(24) + 1j * np.arange(24)[::-1]).reshape(2, 3, 4).astype(np.complex64)
    check(cumsum_axis_dtype, a, np.complex128)


# ------------------------------------------------------------------ mean


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128, np.int64])
def test_mean_of_empty(dtype):
    check(mean_method, np.array([], dtype=dtype))


@pytest.mark.parametrize("dtype", [np.float32, np.complex64])
def test_mean_rounds_as_numpy(dtype):
    a = np.zeros(2 ** 24 + 1, dtype=dtype)
    a[0] = 2 ** 24 - 1
    check(mean_method, a, rtol=0.0)


# ------------------------------------------------------------------ one datetime64 / timedelta64, 0-d q


def all_any_of(a):
    return np.all(a), np.any(a)


@pytest.mark.parametrize("value", [np.datetime64("2020-01-01"), np.datetime64(0, "D"), np.datetime64("NaT"),
                                   np.timedelta64(0, "ns"), np.timedelta64(5, "m"), np.timedelta64("NaT", "s")],
                         ids=repr)
def test_all_any_of_one_datetime(value):
    check(all_any_of, value)


@pytest.mark.parametrize("value", [np.timedelta64(5, "D"), np.timedelta64(0, "ns"), np.timedelta64("NaT", "s")],
                         ids=repr)
def test_mean_of_one_timedelta(value):
    check(np_mean, value)


@pytest.mark.parametrize("fn, q", [(percentile_of, 30), (quantile_of, 0.3), (nanpercentile_of, 75.0),
                                   (nanquantile_of, 1)], ids=lambda v: getattr(v, "__name__", str(v)))
def test_quantiles_of_0d_q(fn, q):
    check(fn, np.array([4.0, np.nan, 1.0, 2.5]) if fn.__name__.startswith("nan") else np.arange(7.0), np.array(q))
