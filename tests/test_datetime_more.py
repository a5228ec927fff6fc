"""datetime64/timedelta64, continued: datetimes in years and months combined
with the other units through the calendar, the units NumPy refuses to mix,
hash(), ``td // number``, builtin min()/max() of datetime arrays,
np.searchsorted of datetime arrays, np.isnat of every unit, and units with
a multiplier; against NumPy (and Numba's documented behaviour)."""

import warnings

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, negstrided, numba_differs, strided

DT, TD = np.datetime64, np.timedelta64
UNITS = ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as"]


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def lt(a, b):
    return a < b


def eq(a, b):
    return a == b


def ge(a, b):
    return a >= b


def floordiv(a, b):
    return a // b


def truediv(a, b):
    return a / b


def hash_of(x):
    return hash(x)


def np_add(a, b):
    return np.add(a, b)


def np_subtract(a, b):
    return np.subtract(a, b)


def builtin_min(a):
    return min(a)


def builtin_max(a):
    return max(a)


def searchsorted(a, v):
    return np.searchsorted(a, v)


def searchsorted_right(a, v):
    return np.searchsorted(a, v, side="right")


def isnat(x):
    return np.isnat(x)


def plus_one(x):
    return x + 1


def to_days(x):
    return np.datetime64(x, "D")


# ------------------------------------------------------------------ the calendar

CALENDAR_DATES = [DT("2014"), DT("2000"), DT("1969"), DT("0600"), DT("2400"), DT("2014-02"), DT("1900-12"),
                  DT("2012-02"), DT("NaT", "Y"), DT("NaT", "M"), DT("2014-01-07", "W")]
CALENDAR_DELTAS = [TD(2, "Y"), TD(-14, "M"), TD(3, "W"), TD(-100, "W"), TD(4, "D"), TD(10000, "D"),
                   TD(-365, "D"), TD(2, "h"), TD(90, "m"), TD("NaT", "W"), TD(7)]


def _numpy_accepts(fn, a, b):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(a, b)
    except TypeError:
        return False
    return True


@pytest.mark.parametrize("a", CALENDAR_DATES, ids=repr)
@pytest.mark.parametrize("b", CALENDAR_DELTAS, ids=repr)
def test_calendar_datetime_plus_timedelta(a, b):
    """``datetime64[Y|M|W] ± timedelta64``: in the finer unit, through the
    first day of the year or month."""
    if not _numpy_accepts(add, a, b):
        pytest.skip("NumPy refuses %r + %r" % (a, b))
    check(add, a, b)
    check(add, b, a)
    check(sub, a, b)


@pytest.mark.parametrize("a", CALENDAR_DATES + [DT("2014-01-05"), DT("2014-03-01T12:30", "m")], ids=repr)
@pytest.mark.parametrize("b", CALENDAR_DATES + [DT("2014-01-05"), DT("2014-03-01T12:30", "m")], ids=repr)
def test_calendar_datetime_difference_and_comparisons(a, b):
    """``dt - dt`` and comparisons between datetimes of any two units."""
    for fn in (sub, lt, eq, ge):
        check(fn, a, b)


@pytest.mark.parametrize("year", ["-0401", "-0001", "0000", "0001", "1600", "1700", "1899", "1970", "2100", "9999"])
def test_calendar_years_and_months_to_days(year):
    """Every month of leap and common years, before and after the epoch."""
    months = np.arange(DT(year + "-01"), DT(year + "-01") + 12)
    for m in months:
        check(sub, m, DT("1970-01-01"))
        check(add, m, TD(0, "D"))
    check(sub, DT(year), DT("1970-01-01T00:00", "m"))


YEARS = np.array(["2014", "1600", "NaT", "1969"], dtype="M8[Y]")


def test_calendar_datetime_arrays():
    """The same conversions element-wise (ufunc loops)."""
    check(np_add, YEARS, TD(10, "D"))
    check(lt, YEARS, DT("1700-01-01"))
    check(np_add, YEARS[::-1], np.array([1, 2, -3, 4], dtype="m8[M]"))


@numba_differs("Numba's loop for datetime64[Y] - datetime64[D] fails to lower (cannot convert from 'Y' to '')")
def test_calendar_datetime_array_difference():
    check(np_subtract, YEARS, np.array(["2014-03-04", "1600-02-29", "2000-01-01", "NaT"], dtype="M8[D]"))


@numba_differs("Numba does not compile np.datetime64(value, unit)")
def test_constructor_converts_through_the_calendar():
    check(to_days, DT("2014-03"))
    check(to_days, DT("1600"))
    check(to_days, DT("NaT", "Y"))
    check(to_days, DT("2014-03-05T23:59", "m"))
    check(to_days, DT("1969-12-31T23:59", "m"))


# ------------------------------------------------------------------ refusals

@pytest.mark.parametrize("a, b", [(DT("2014-01-01"), TD(1, "Y")), (DT("2014-01-01", "W"), TD(1, "M")),
                                  (DT(5, "ns"), TD(1, "M"))], ids=repr)
def test_timedelta_in_years_on_days_is_a_typing_error(a, b):
    for fn in (add, sub):
        with pytest.raises(TypingError):
            jitted(fn)(a, b)


@pytest.mark.parametrize("fn, name", [(np_add, "add"), (np_subtract, "subtract")])
def test_ufunc_unit_mismatch_message(fn, name):
    """Numba's wording for a ufunc of units that do not combine."""
    arr = np.array([DT("2011-01-01")], dtype="M8[ns]")
    msg = "ufunc '%s' is not supported between datetime64[ns] and timedelta64[M]" % name
    with pytest.raises(TypingError) as info:
        jitted(fn)(arr, TD(1000, "M"))
    assert msg in str(info.value)


def test_timedelta_years_and_days_is_a_typing_error():
    with pytest.raises(TypingError) as info:
        jitted(truediv)(TD(1, "M"), TD(1, "D"))
    if not is_numba:  # pycomp's own message (Numba: no implementation of truediv)
        assert "ufunc 'divide' is not supported" in str(info.value)


@pytest.mark.parametrize("value", [np.array("2010", dtype="M8[10Y]"), np.array([1, 2], dtype="m8[5s]"),
                                   DT(3, "10D"), TD(3, "5s")], ids=repr)
def test_unit_with_multiplier_is_a_typing_error(value):
    """Neither Numba nor pycomp compiles units with a multiplier (Numba's
    message names the dtype of an array, not of a scalar)."""
    with pytest.raises(TypingError) as info:
        jitted(plus_one)(value)
    assert "argument 0" in str(info.value)
    if isinstance(value, np.ndarray):
        assert "Unsupported array dtype: %s" % value.dtype in str(info.value)
    elif not is_numba:
        assert str(value.dtype) in str(info.value)


# ------------------------------------------------------------------ hash

HASHABLE = [TD(3, "ms"), TD(-4, "ms"), TD(-1, "ms"), TD(-2, "D"), TD(2, "Y"), TD("NaT", "ms"), DT("2014"),
            DT("2014-02"), DT("2000-01-01T01:02:03", "s"), DT(-1, "D"), DT("NaT"), DT("NaT", "ns")]


@pytest.mark.parametrize("x", HASHABLE, ids=repr)
def test_hash(x):
    """hash() is the count of units, -2 for -1 (as Python hashes ints), as
    Numba hashes them (NumPy 2.2+ hashes through datetime objects and NaT by
    identity, which compiled code cannot reproduce)."""
    n = int(x.astype(np.int64))
    assert jitted(hash_of)(x) == (-2 if n == -1 else n)


def test_hash_generic_timedelta_is_a_value_error():
    with pytest.raises(ValueError, match="Can't hash generic timedelta64"):
        jitted(hash_of)(TD(3))


# ------------------------------------------------------------------ td // number

@pytest.mark.parametrize("a, b, want", [
    (TD(-3, "ps"), np.uint32(2), TD(-1, "ps")), (TD(3), 2, TD(1)), (TD("NaT", "ps"), 2, TD("NaT", "ps")),
    (TD(3, "ps"), 0, TD("NaT", "ps")), (TD(7), 0.5, TD(14)), (TD(-7, "ps"), 1.5, TD(-4, "ps")),
    (TD(3, "ps"), 0.0, TD("NaT", "ps")), (TD(3, "ps"), float("nan"), TD("NaT", "ps")),
    (TD("NaT", "ps"), 2.5, TD("NaT", "ps"))], ids=repr)
def test_timedelta_floordiv_number(a, b, want):
    """``td // n`` as ``td / n``: truncated toward zero, NaT for a zero or NaN
    divisor, as NumPy and Numba compute it."""
    for fn in (floordiv, truediv):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check(fn, a, b)
        got = jitted(fn)(a, b)
        assert got.dtype == want.dtype
        assert (np.isnat(got) and np.isnat(want)) or got == want


# ------------------------------------------------------------------ min(array), max(array)

MINMAX_ARRAYS = [
    np.array([DT(3, "ns"), DT(1, "ns"), DT(2, "ns")]),
    np.array(["2011-01-01", "1971-02-02", "1900-01-01", "NaT"], dtype="M8[ns]"),
    np.array(["NaT", "2011-01-01", "1971-02-02"], dtype="M8[D]"),
    np.array(["1971-02-02", "NaT", "1900-01-01"], dtype="M8[s]"),
    np.array(["NaT", "NaT"], dtype="M8[ns]"),
    np.array([TD(1, "D"), TD(-2, "D"), TD(3, "D")]),
    np.array([TD(4, "ns"), TD("NaT", "ns"), TD(-3, "ns")]),
    np.array([TD("NaT", "h")]),
]


@pytest.mark.parametrize("arr", MINMAX_ARRAYS, ids=repr)
@pytest.mark.parametrize("fn", [builtin_min, builtin_max])
def test_builtin_min_max_of_array(fn, arr):
    """As Python iterates: a NaT is the answer only when it comes first."""
    got = jitted(fn)(arr)
    want = fn(arr)
    assert got.dtype == want.dtype
    assert (np.isnat(got) and np.isnat(want)) or got == want


@pytest.mark.parametrize("layout", [strided, negstrided])
def test_builtin_min_max_of_strided_array(layout):
    arr = layout(np.array(["2011-01-01", "NaT", "1971-02-02", "1900-01-01", "2020-05-05", "NaT"], dtype="M8[D]"))
    check(builtin_min, arr)
    check(builtin_max, arr)


@numba_differs("Numba raises StopIteration for an empty array")
def test_builtin_min_of_empty_array_is_a_value_error():
    check(builtin_min, np.array([], dtype="M8[D]"))
    check(builtin_max, np.array([], dtype="m8[s]"))


# ------------------------------------------------------------------ np.searchsorted

SORTED = [
    np.sort(np.array(["2011-01-01", "NaT", "1971-02-02", "1900-01-01", "2021-03-03"], dtype="M8[ns]")),
    np.sort(np.array(["2011-01-01", "1971-02-02", "1971-02-02", "2004-12-07"], dtype="M8[D]")),
    np.array(["NaT", "NaT"], dtype="M8[ns]"),
    np.sort(np.array([4, -3, 0, "NaT", 7], dtype="m8[h]")),
    np.array([], dtype="M8[D]"),
]


@pytest.mark.parametrize("arr", SORTED, ids=repr)
@pytest.mark.parametrize("fn", [searchsorted, searchsorted_right])
def test_searchsorted_datetime(fn, arr):
    """NaT sorts last, as in NumPy's sort; keys of another unit convert."""
    kind = arr.dtype.kind
    make = DT if kind == "M" else TD
    keys = [make("NaT", "D" if kind == "M" else "h"), make(0, "D" if kind == "M" else "h")]
    keys += list(arr[:3])
    for v in keys:
        check(fn, arr, v)
    check(fn, arr, arr[::-1].copy())
    check(fn, arr, np.array(keys, dtype=arr.dtype))


@numba_differs("Numba gives a 0-d array for a 0-d key; NumPy an integer")
@pytest.mark.parametrize("arr", SORTED[:2], ids=repr)
def test_searchsorted_datetime_0d_key(arr):
    check(searchsorted, arr, np.array(arr[1]))
    check(searchsorted_right, arr, np.array(DT("NaT")))


def test_searchsorted_other_kind_is_a_typing_error():
    with pytest.raises(TypingError, match="searchsorted"):
        jitted(searchsorted)(np.array([1, 2], dtype="m8[h]"), DT(1, "h"))


# ------------------------------------------------------------------ np.isnat

@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("kind", ["M8", "m8"])
def test_isnat_every_unit(kind, unit):
    arr = np.array([123, -321, "NaT"], dtype="<%s[%s]" % (kind, unit))
    check(isnat, arr)
    check(isnat, arr[2])
    check(isnat, arr[::-1])


@pytest.mark.skipif(is_numba, reason="pycomp's own message")
def test_unit_mismatch_message_names_both_units():
    with pytest.raises(TypingError, match=r"cannot combine datetime units \[D\] and \[Y\]"):
        jitted(add)(DT("2014-01-01"), TD(1, "Y"))
