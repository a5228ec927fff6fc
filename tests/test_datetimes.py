"""datetime64 and timedelta64: scalars passed in and returned, arithmetic
and comparisons with unit conversion and NaT, constructors, globals,
arrays (indexing and element-wise operations); against NumPy."""

import numpy as np
import pytest

from support import TypingError, check, check_array_mutation, is_numba, jitted, numba_differs

DT, TD = np.datetime64, np.timedelta64
NAT_D, NAT_TD = DT("NaT", "D"), TD("NaT", "s")

TIMEDELTAS = [TD(7, "s"), TD(-7, "s"), TD(250, "ms"), TD(3, "h"), TD(0, "s"), NAT_TD, TD(5, "D"), TD(2, "W")]
DATETIMES = [DT("2020-01-01"), DT("1969-12-31T23:59:59", "s"), DT("2021-06-15T12:30", "m"), NAT_D,
             DT("2000-02-29T00:00:00.001", "ms")]
YEARS_MONTHS = [TD(2, "Y"), TD(-5, "M")]


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b


def truediv(a, b):
    return a / b


def floordiv(a, b):
    return a // b


def mod(a, b):
    return a % b


def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


def gt(a, b):
    return a > b


def neg(a):
    return -a


def absolute(a):
    return abs(a)


def isnat(a):
    return np.isnat(a)


def identity(a):
    return a


def pairs(values):
    return [(a, b) for a in values for b in values]


@pytest.mark.parametrize("x", TIMEDELTAS + DATETIMES + YEARS_MONTHS, ids=repr)
def test_round_trip(x):
    check(identity, x)
    got = jitted(identity)(x)
    assert type(got) is type(x) and got.dtype == x.dtype


@pytest.mark.parametrize("a, b", pairs(TIMEDELTAS), ids=repr)
@pytest.mark.parametrize("func", [add, sub, lt, le, eq, ne, gt])
def test_timedelta_pairs(func, a, b):
    check(func, a, b)


DIVISORS = [(a, b) for a, b in pairs(TIMEDELTAS) if not np.isnat(b) and b != TD(0, "s")]


@pytest.mark.parametrize("a, b", DIVISORS, ids=repr)
def test_timedelta_division(a, b):
    check(truediv, a, b)


@numba_differs("Numba 0.68 fails to lower td // td ('Operands must be the same type') and has no td % td")
@pytest.mark.parametrize("a, b", DIVISORS, ids=repr)
@pytest.mark.parametrize("func", [floordiv, mod])
def test_timedelta_floor_division(func, a, b):
    check(func, a, b)


@pytest.mark.parametrize("a", TIMEDELTAS, ids=repr)
@pytest.mark.parametrize("func", [neg, absolute, isnat])
def test_timedelta_unary(func, a):
    check(func, a)


@pytest.mark.parametrize("a", TIMEDELTAS, ids=repr)
@pytest.mark.parametrize("n", [3, -2, 0, 1.5, -0.75,
                               pytest.param(True, marks=pytest.mark.xfail(is_numba, strict=True,
                                                                          reason="Numba has no timedelta64 * bool"))])
def test_timedelta_times_number(a, n):
    check(mul, a, n)
    check(mul, n, a)


@pytest.mark.parametrize("a", TIMEDELTAS, ids=repr)
@pytest.mark.parametrize("n", [3, -2, 2.5])
def test_timedelta_divided_by_number(a, n):
    check(truediv, a, n)
    if isinstance(n, int):
        check(floordiv, a, n)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("func", [truediv, floordiv])
def test_timedelta_by_zero_is_nat(func):
    with np.errstate(all="ignore"):
        check(func, TD(7, "s"), 0)


@pytest.mark.parametrize("d", DATETIMES, ids=repr)
@pytest.mark.parametrize("t", TIMEDELTAS, ids=repr)
def test_datetime_and_timedelta(d, t):
    check(add, d, t)
    check(add, t, d)
    check(sub, d, t)


@pytest.mark.parametrize("a, b", pairs(DATETIMES), ids=repr)
@pytest.mark.parametrize("func", [sub, lt, eq, ne, gt])
def test_datetime_pairs(func, a, b):
    check(func, a, b)


@pytest.mark.parametrize("a, b", pairs(YEARS_MONTHS), ids=repr)
def test_years_and_months(a, b):
    check(add, a, b)
    check(lt, a, b)


@pytest.mark.skipif(is_numba, reason="pycomp's own message")
def test_years_with_days_is_a_typing_error():
    with pytest.raises(TypingError, match=r"cannot combine datetime units \[Y\] and \[D\]"):
        jitted(add)(TD(1, "Y"), TD(1, "D"))


def test_datetime_plus_datetime_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(add)(DT("2020-01-01"), DT("2020-01-02"))


# ------------------------------------------------------------------ constructors and globals

ONE_DAY = TD(1, "D")
EPOCH = DT("1970-01-01", "D")


def after_epoch(d):
    return d - EPOCH, d + ONE_DAY > EPOCH


def construct(n):
    return np.timedelta64(n, "h"), np.datetime64(n, "D")


def construct_text():
    return np.datetime64("2020-03-01T10:00"), np.timedelta64("NaT", "s"), np.datetime64("2001-01", "D")


@pytest.mark.parametrize("d", DATETIMES, ids=repr)
def test_globals(d):
    check(after_epoch, d)


@numba_differs("Numba has no np.timedelta64(n, unit) / np.datetime64(n, unit) in compiled code")
@pytest.mark.parametrize("n", [0, 5, -3])
def test_constructors(n):
    check(construct, n)


@numba_differs("Numba has no np.datetime64 of a string in compiled code")
def test_constructors_of_text():
    got = jitted(construct_text)()
    want = construct_text()
    assert [type(g) for g in got] == [type(w) for w in want]
    assert [g.dtype for g in got] == [w.dtype for w in want]
    assert got[0] == want[0] and np.isnat(got[1]) and got[2] == want[2]


# ------------------------------------------------------------------ arrays

DATES = np.array(["2020-01-01", "NaT", "2021-03-01", "1999-12-31", "2020-02-29"], "M8[D]")
STAMPS = np.array(["2019-01-01T00:00:01", "2019-01-01", "NaT", "2030-05-05T05:05", "2020-02-29T12"], "M8[s]")
SPANS = np.array([1, -2, 0, 7, 40000], "m8[h]")


def element(a, i):
    return a[i]


def set_element(a, i, v):
    a[i] = v


def array_ops(a, b):
    return a - b, a < b, np.isnat(b), a == b


def spans_ops(t, n):
    return t * n, -t, abs(t), t / np.timedelta64(30, "m"), t // np.timedelta64(2, "h")


def shift(a, t):
    return a + t


@pytest.mark.parametrize("i", [0, 1, -1])
def test_array_elements(i):
    check(element, DATES, i)
    check(element, STAMPS, i)
    check_array_mutation(set_element, DATES.copy(), i, DT("2000-01-01"))
    check_array_mutation(set_element, SPANS.copy(), i, TD(3, "h"))


def test_arrays_returned():
    check(identity, DATES)
    check(identity, SPANS[::2])


@numba_differs("Numba 0.68 types a datetime64 array difference in the generic unit and fails "
               "('No conversion from timedelta64[s] to timedelta64[]')")
def test_array_operations():
    check(array_ops, DATES, STAMPS)
    check(array_ops, STAMPS[::-1], DATES)
    check(spans_ops, SPANS, 3)
    check(shift, DATES, SPANS)
    check(shift, STAMPS, TD(90, "m"))


@pytest.mark.skipif(is_numba, reason="pycomp's own message")
def test_unit_with_multiplier_is_refused():
    with pytest.raises(TypeError, match="multiplier"):
        jitted(identity)(np.array([1, 2], "m8[5s]"))


def test_one_dispatcher_two_units():
    """Arrays of two units are typed apart (the dispatcher's fast path keys
    arrays by type number, the same for every unit)."""
    f = jitted(element)
    assert f(DATES, 0) == DATES[0] and f(DATES, 0).dtype == DATES.dtype
    assert f(STAMPS, 0) == STAMPS[0] and f(STAMPS, 0).dtype == STAMPS.dtype


def smallest(a, b):
    return min(a, b)


def largest(a, b):
    return max(a, b)


def count(a):
    return int(a)


MINMAX = [TD(0, "ns"), TD(1, "ns"), TD(-2, "ns"), TD("NaT", "ns")]


@pytest.mark.parametrize("a, b", pairs(MINMAX) + pairs([DT(0, "s"), DT(5, "s"), DT("NaT", "s")]), ids=repr)
@pytest.mark.parametrize("func", [smallest, largest])
def test_min_max(func, a, b):
    check(func, a, b)  # Python's: the first extreme value; NaT compares false


@pytest.mark.parametrize("a", [TD(3, "ns"), TD(-40000000, "ns"), DT("2014-01-16", "ns")], ids=repr)
def test_int(a):
    check(count, a)


def test_int_of_coarse_unit_is_a_typing_error():
    with pytest.raises(TypingError, match=r"\[ns\]"):
        jitted(count)(DT("2014"))


def array_min(a):
    return a.min()


def array_max(a):
    return np.max(a)


def array_argmin(a):
    return a.argmin()


def array_argmax(a):
    return np.argmax(a)


@pytest.mark.parametrize("func", [array_min, array_max, array_argmin, array_argmax])
@pytest.mark.parametrize("a", [DATES, DATES[::-2], STAMPS[[0, 1, 3, 4]], SPANS], ids=["nat", "strided", "no-nat", "td"])
def test_array_extremes(func, a):
    check(func, a)  # NaT wins, as NaN does (NumPy)


def kinds(a):
    return isinstance(a, np.datetime64), isinstance(a, np.timedelta64), isinstance(a, complex)


@pytest.mark.parametrize("a", [DT(1, "ns"), TD(1, "ns"), TD("NaT", "D")], ids=repr)
def test_isinstance(a):
    check(kinds, a)


NAT_FIRST_IN_NUMBA = pytest.mark.xfail(is_numba, strict=True, reason="numba differs: Numba 0.68 sorts NaT first")


def sort(a):
    return np.sort(a)


def argsort(a):
    return np.argsort(a, kind="stable")


@pytest.mark.parametrize("func", [sort, argsort])
@pytest.mark.parametrize("a", [pytest.param(DATES, marks=NAT_FIRST_IN_NUMBA),
                               pytest.param(STAMPS[::-1], marks=NAT_FIRST_IN_NUMBA),
                               SPANS,
                               pytest.param(np.tile(DATES, 200), marks=NAT_FIRST_IN_NUMBA)],
                         ids=["dates", "stamps", "td", "long"])
def test_sort(func, a):
    check(func, a)  # NaT last, as NumPy
