"""np.union1d, np.intersect1d, np.setdiff1d, np.setxor1d and np.isin against
NumPy: values, dtypes and shapes over every dtype family, C/F/strided/
negative-stride/read-only/empty inputs, numbers and tuples as operands,
the ``assume_unique``/``invert`` flags, and TypingErrors for wrong types."""

import numpy as np
import pytest

from support import ALL_DTYPES, LAYOUTS, TypingError, check, is_numba, jitted, make_layout, no_leaks, sample_array


def union(a, b):
    return np.union1d(a, b)


def intersect(a, b):
    return np.intersect1d(a, b)


def intersect_u(a, b, u):
    return np.intersect1d(a, b, assume_unique=u)


def setdiff(a, b):
    return np.setdiff1d(a, b)


def setdiff_u(a, b, u):
    return np.setdiff1d(a, b, u)


def setxor(a, b):
    return np.setxor1d(a, b)


def setxor_u(a, b, u):
    return np.setxor1d(a, b, assume_unique=u)


def isin(a, b):
    return np.isin(a, b)


def isin_flags(a, b, u, inv):
    return np.isin(a, b, assume_unique=u, invert=inv)


def isin_invert(a, b):
    return np.isin(a, b, invert=True)


TWO = [union, intersect, setdiff, setxor, isin, isin_invert]

PAIRS = [
    (np.array([5, 5, 7, 1, 2]), np.array([2, 1, 4, 3, 3, 1, 5])),
    (np.array([6, 5, 4, 7, 1, 2, 7, 4]), np.array([2, 4, 3, 3, 2, 1, 5])),
    (np.arange(21), np.arange(19)),
    (np.array([1.5, np.nan, -0.0, 2.0, np.nan]), np.array([np.nan, 0.0, 2.0, 7.0])),
    (np.array([1 + 1j, 2j, 1 + 1j, 3.0]), np.array([2j, 3.0 + 0j])),
    (np.array([True, False, True]), np.array([False, False])),
    (np.arange(12).reshape(3, 4), np.arange(5, 30, 3).reshape(3, 3)),
    (np.zeros(0), np.zeros(0)),
    (np.array([1, 2]), np.zeros(0)),
    (np.zeros((0, 3)), np.array([1.0])),
]


@pytest.mark.parametrize("a, b", PAIRS, ids=lambda v: str(getattr(v, "dtype", v)))
@pytest.mark.parametrize("func", TWO)
def test_pairs(func, a, b):
    with no_leaks():
        check(func, a, b)
        check(func, b, a)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("func", TWO)
def test_every_dtype(func, dtype):
    a = sample_array((3, 4), dtype, seed=1)
    b = sample_array((5,), dtype, seed=2)
    b[:2] = a.ravel()[3:5]
    check(func, a, b)


@pytest.mark.parametrize("dtypes", [(np.int8, np.int64), (np.int32, np.float32), (np.uint8, np.int16),
                                    (np.bool_, np.int32), (np.float32, np.complex64), (np.uint64, np.int64)],
                         ids=str)
@pytest.mark.parametrize("func", TWO)
def test_mixed_dtypes(func, dtypes):
    a = np.array([0, 1, 1, 3, 5, 7], dtype=dtypes[0])
    b = np.array([1, 0, 7, 2], dtype=dtypes[1])
    check(func, a, b)
    check(func, b, a)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("func", TWO)
def test_layouts(func, layout):
    a = make_layout(np.array([[4, 1, 9], [1, 3, 4]], dtype=np.float64), layout)
    b = make_layout(np.array([[9.0, 2.0], [4.0, 8.0]]), layout)
    with no_leaks():
        check(func, a, b)


_REASON = ("Numba's np.union1d crashes on a number operand with AttributeError ('Integer' object has no "
           "attribute 'dtype'), not a result")
_UNION_OF_NUMBERS = pytest.param(union, marks=[pytest.mark.numba_differs(reason=_REASON),
                                               pytest.mark.xfail(is_numba, reason="numba differs: " + _REASON,
                                                                 strict=True)])


@pytest.mark.parametrize("a, b", [(3, (1, 2, 3)), (2.5, 2.5), ((1, 4, 4), 4), (np.arange(4), 2), (True, (0, 1))],
                         ids=repr)
@pytest.mark.parametrize("func", [_UNION_OF_NUMBERS if f is union else f for f in TWO], ids=lambda f: f.__name__)
def test_numbers_and_tuples(func, a, b):
    check(func, a, b)


def isin_shape(a):
    return np.isin(a, (1, 3)).shape


def test_isin_keeps_the_shape():
    for a in (np.arange(24).reshape(2, 3, 4), np.arange(6).reshape(2, 3).T, np.zeros((2, 0)), 3):
        check(isin_shape, a)
        check(isin, a, (1, 3))


UNIQUE = [(np.array([3, 1, 2]), np.array([2, 5, 0])), (np.array([1.0, -2.0]), np.array([-2.0])),
          (np.zeros(0, np.int64), np.array([1, 2]))]


@pytest.mark.parametrize("a, b", UNIQUE, ids=lambda v: str(v.dtype))
@pytest.mark.parametrize("u", [False, True])
def test_assume_unique(a, b, u):
    for func in (intersect_u, setdiff_u, setxor_u):
        check(func, a, b, u)
    for inv in (False, True):
        check(isin_flags, a, b, u, inv)


def in_compiled_code(a):
    return (np.union1d(a, np.array([1, 9])).sum(), np.intersect1d(a, a[::2]).size,
            np.isin(a, a[1:]).sum(), np.setdiff1d(a, a[:1])[0])


def test_used_in_compiled_code():
    with no_leaks():
        check(in_compiled_code, np.array([4, 1, 9, 1]))


def union_none(a):
    return np.union1d(a, None)


def isin_bad_invert(a):
    return np.isin(a, a, invert=1.5)


def setdiff_bad_flag(a):
    return np.setdiff1d(a, a, assume_unique=(1, 2))


@pytest.mark.parametrize("func, name", [(union_none, "union1d"), (isin_bad_invert, "isin"),
                                        (setdiff_bad_flag, "setdiff1d")])
def test_wrong_argument_types(func, name):
    with pytest.raises(TypingError, match=name):
        jitted(func)(np.arange(3))


@pytest.mark.parametrize("func, name", [(intersect_u, "intersect1d"), (setxor_u, "setxor1d")])
def test_flag_not_a_boolean(func, name):
    with pytest.raises(TypingError, match=name):
        jitted(func)(np.arange(3), np.arange(2), 2.5)
