"""Differential tests: NumPy's counting, searching and comparing functions
(pycomp/np/counting.py) against NumPy: values, result dtypes and shapes on
every dtype family, C, F, strided, negative-stride, empty and 0-d inputs,
and the errors NumPy raises."""

import contextlib
import warnings

import numpy as np
import pytest

from support import (ALL_DTYPES, TypingError, assert_same, check, is_numba, jitted, make_layout, no_leaks,
                     numba_differs, pycomp_only, sample_array)

BASE = sample_array((3, 4), np.float64, seed=3)
BASE[0, 1] = 0.0
BASE[2, 2] = 0.0
WITH_NAN = np.array([[1.0, np.nan, 0.0], [np.inf, -np.inf, 2.0]])


def layouts():
    """(id, array) pairs of several memory layouts, shapes and specials."""
    return [
        ("C", BASE), ("F", make_layout(BASE, "F")), ("strided", BASE[::2, 1::2]), ("negstrided", BASE[::-1, ::-2]),
        ("1d", np.array([0.0, 2.0, -1.5, 0.0, 7.0])), ("3d", np.arange(24.0).reshape(2, 3, 4) % 3),
        ("empty", np.zeros((2, 0))), ("empty1d", np.zeros(0)), ("0d", np.array(2.5)), ("0d-zero", np.array(0.0)),
        ("nan", WITH_NAN),
    ]


def dtyped():
    """(id, array) pairs: a 2-d array of each dtype (with zeros and repeats)."""
    out = []
    for dt in ALL_DTYPES:
        a = sample_array((3, 4), dt, seed=5)
        if np.dtype(dt).kind != "b":
            a[1, :2] = 0
            a[2, 3] = a[0, 0]
        out.append((np.dtype(dt).name, a))
    return out


CASES = layouts() + dtyped()
IDS = [n for n, _ in CASES]


def numpy_result(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            return fn(*args), None
        except Exception as e:  # noqa: BLE001 -- compared below
            return None, e


def same(fn, *args):
    """``fn`` compiled gives NumPy's values, dtypes and shapes (to 1e-12
    relative), or raises the same exception type; nothing leaks (Numba leaks
    where it raises: there the leak check is skipped)."""
    want, want_exc = numpy_result(fn, *args)
    with no_leaks() if want_exc is None or not is_numba else contextlib.nullcontext():
        if want_exc is not None:
            with pytest.raises(type(want_exc)):
                jitted(fn)(*args)
            return
        got = jitted(fn)(*args)
        assert_same(got, want, rtol=1e-12)
        del got


# ------------------------------------------------------------------ nonzero items


def count_nonzero(a):
    return np.count_nonzero(a)


def flatnonzero(a):
    return np.flatnonzero(a)


def argwhere(a):
    return np.argwhere(a)


@pytest.mark.parametrize("name, a", CASES, ids=IDS)
def test_count_nonzero(name, a):
    same(count_nonzero, a)


@pytest.mark.parametrize("fn", [flatnonzero, argwhere], ids=lambda f: f.__name__)
@pytest.mark.parametrize("name, a", CASES, ids=IDS)
def test_nonzero_indices(fn, name, a):
    if is_numba and fn is argwhere and a.ndim == 0:
        pytest.skip("Numba 0.68's np.argwhere of a 0-d array gives shape (n, 1), NumPy (n, 0)")
    same(fn, a)


def count_of_number(x):
    return np.count_nonzero(x), np.count_nonzero(0.0)


@numba_differs("Numba 0.68's np.count_nonzero takes arrays only")
def test_count_nonzero_of_numbers():
    same(count_of_number, 3)
    same(count_of_number, False)


# ------------------------------------------------------------------ np.diff


def diff(a):
    return np.diff(a)


def diff_n(a, n):
    return np.diff(a, n)


@pytest.mark.parametrize("name, a", [c for c in CASES if c[1].ndim > 0], ids=[n for n, a in CASES if a.ndim > 0])
def test_diff(name, a):
    if is_numba and name in ("strided", "negstrided"):
        pytest.skip("Numba 0.68's np.diff reshapes its input: a TypingError for non-contiguous arrays")
    same(diff, a)
    for n in (0, 2, 3, 7):
        same(diff_n, a, n)


def test_diff_errors():
    same(diff_n, BASE, -1)  # ValueError


def test_diff_of_a_0d_array_is_a_typing_error():
    # known when typing, as Numba has it (NumPy: ValueError, or for n=0 a copy)
    with pytest.raises(TypingError):
        jitted(diff)(np.array(1.0))
    with pytest.raises(TypingError):
        jitted(diff_n)(np.array(1.0), 0)


# ------------------------------------------------------------------ np.searchsorted


def searchsorted(a, v):
    return np.searchsorted(a, v), np.searchsorted(a, v, side="right"), np.searchsorted(a, v, "left")


SORTED = [
    ("float-nan", np.array([-1.0, 0.5, 0.5, 2.0, 3.0, np.nan, np.nan])),
    ("int", np.array([-3, 0, 0, 0, 4, 9], np.int64)),
    ("int8", np.array([-3, 0, 0, 4], np.int8)),
    ("uint16", np.array([1, 2, 2, 300], np.uint16)),
    ("float32", np.array([0.25, 1.0, 1.0, 2.5], np.float32)),
    ("bool", np.array([False, False, True])),
    ("strided", np.arange(20.0)[::3]),
    ("empty", np.zeros(0)),
]
VALUES = [0, -5, 0.5, 2.25, np.nan, np.inf, True, np.array([[0.5, 3.0], [-7.0, 100.0]]),
          np.arange(6)[::-2], np.zeros(0, np.int32), np.array([True, False]), np.array(1.0)]


@pytest.mark.parametrize("v", VALUES, ids=[repr(v) for v in VALUES])
@pytest.mark.parametrize("name, a", SORTED, ids=[n for n, _ in SORTED])
def test_searchsorted(name, a, v):
    if is_numba and getattr(v, "ndim", None) == 0:
        pytest.skip("Numba 0.68's np.searchsorted of a 0-d array gives a 0-d array, NumPy a number")
    same(searchsorted, a, v)


def searchsorted_complex(a, v):
    return np.searchsorted(a, v), np.searchsorted(a, v, side="right")


def test_searchsorted_complex():
    a = np.array([1 - 1j, 1 + 0j, 1 + 2j, 3 + 0j])
    same(searchsorted_complex, a, 1 + 1j)
    same(searchsorted_complex, a, np.array([0j, 1 + 2j, 5 + 0j]))


def searchsorted_bad_side(a, v):
    return np.searchsorted(a, v, side="middle")


def test_searchsorted_bad_side():
    """As Numba's: a TypingError at compile time (NumPy: a ValueError)."""
    with pytest.raises(TypingError, match="side"):
        jitted(searchsorted_bad_side)(np.arange(3.0), 1.0)


# ------------------------------------------------------------------ np.bincount


def bincount(x):
    return np.bincount(x), np.bincount(x, minlength=12), np.bincount(x, None, 0)


def bincount_weights(x, w):
    return np.bincount(x, weights=w), np.bincount(x, w, 3)


BINS_IN = [np.array([0, 1, 1, 3, 2, 1, 7], dt) for dt in (np.int8, np.int16, np.int32, np.int64, np.uint8,
                                                         np.uint32)]


@pytest.mark.parametrize("x", BINS_IN + [np.array([5, 0, 5, 2])[::-2], np.zeros(0, np.int64)],
                         ids=[x.dtype.name for x in BINS_IN] + ["negstrided", "empty"])
def test_bincount(x):
    same(bincount, x)
    if x.size == 0:
        return  # NumPy gives int64 zeros for an empty x even with weights (a dtype no compiler can know)
    same(bincount_weights, x, np.linspace(0.5, 3.0, x.shape[0]))
    same(bincount_weights, x, np.arange(x.shape[0], dtype=np.int32))


@numba_differs("Numba 0.68's np.bincount takes no boolean array")
def test_bincount_of_booleans():
    same(bincount, np.array([True, False, True]))
    same(bincount_weights, np.array([True, True]), np.array([0.5, 2.0]))


def bincount_min(x, m):
    return np.bincount(x, minlength=m)


def test_bincount_errors():
    same(bincount, np.array([1, -1, 2]))  # ValueError
    same(bincount_min, np.array([1, 2]), -1)  # ValueError
    same(bincount_weights, np.array([1, 2]), np.ones(3))  # ValueError: lengths differ


@pytest.mark.parametrize("x", [np.array([1.0]), np.array([[1, 2]]), np.array([1], np.uint64)],
                         ids=["float", "2d", "uint64"])
def test_bincount_of_unsafe_input_is_a_typing_error(x):
    with pytest.raises(TypingError, match="bincount"):
        jitted(bincount)(x)


# ------------------------------------------------------------------ np.digitize


def digitize(x, bins):
    return np.digitize(x, bins), np.digitize(x, bins, right=True), np.digitize(x, bins, True)


DIG_X = [np.array([-1.0, 0.0, 0.5, 1.0, 2.5, 10.0, np.nan]), np.arange(-2, 6), np.arange(12.0).reshape(3, 4)[:, ::-2],
         2.5, 3, np.zeros((2, 0))]
DIG_BINS = [np.array([0.0, 1.0, 2.5, 4.0]), np.array([4.0, 2.5, 1.0, 0.0]), np.array([1, 1, 2, 2, 5]),
            np.array([5, 2, 2, 1, 1]), np.array([3.0, 3.0]), np.zeros(0), np.arange(8.0)[::-3]]


@pytest.mark.parametrize("bins", DIG_BINS, ids=["inc", "dec", "inc-int", "dec-int", "equal", "empty", "negstrided"])
@pytest.mark.parametrize("x", DIG_X, ids=["float", "int", "strided", "float-scalar", "int-scalar", "empty"])
def test_digitize(x, bins):
    same(digitize, x, bins)


def test_digitize_not_monotonic():
    same(digitize, np.arange(3.0), np.array([1.0, 3.0, 2.0]))  # ValueError


def test_digitize_complex_is_a_typing_error():
    with pytest.raises(TypingError, match="digitize"):
        jitted(digitize)(np.array([1j]), np.arange(3.0))


# ------------------------------------------------------------------ np.unique


def unique(a):
    return np.unique(a)


@pytest.mark.parametrize("name, a", CASES, ids=IDS)
def test_unique(name, a):
    same(unique, a)


def test_unique_collapses_nans():
    same(unique, np.array([np.nan, 1.0, np.nan, 1.0, -np.inf]))


# ------------------------------------------------------------------ np.isclose, np.allclose, np.array_equal


def isclose(a, b):
    return (np.isclose(a, b), np.isclose(a, b, equal_nan=True), np.isclose(a, b, rtol=0.1, atol=0.5),
            np.isclose(a, b, 1e-3, 0.0, True))


def allclose(a, b):
    return (np.allclose(a, b), np.allclose(a, b, equal_nan=True), np.allclose(a, b, rtol=0.1, atol=0.5))


NEAR = np.array([[1.0, np.nan, np.inf, -np.inf, 0.0], [1e-9, 1.05, np.nan, np.inf, 100.0]])
PAIRS = [
    ("same-shape", NEAR, NEAR[::-1]), ("broadcast", NEAR, NEAR[1]), ("column", NEAR, NEAR[:, :1]),
    ("F", make_layout(NEAR, "F"), NEAR + 1e-7), ("int-float", np.arange(5), np.arange(5) + 3e-6),
    ("int-int", np.arange(6).reshape(2, 3), np.array([0, 1, 3])), ("bool", np.array([True, False]), np.array([1, 1])),
    ("float32", NEAR.astype(np.float32), NEAR[0]), ("complex", np.array([1 + 1j, np.nan, 2j]), np.array([1 + 1.05j, 0, 2j])),
    ("array-number", NEAR, 1.0), ("number-array", 1.0, NEAR), ("int-number", np.arange(3), 1),
    ("numbers", 1.0, 1.0 + 1e-9), ("nan-numbers", np.nan, np.nan), ("int-numbers", 3, 4),
    ("0d", np.array(1.0), np.array(1.01)), ("0d-number", np.array(np.inf), np.inf), ("empty", np.zeros((2, 0)), np.zeros(0)),
]


_TWO_D = "np.isclose of a 2-d array raises ValueError (operands could not be broadcast)"
_MIXED = "np.isclose/np.allclose refuse arrays of two dtypes (it cannot broadcast them)"
_SCALAR = "np.isclose of numbers or 0-d arrays gives a 0-d array, NumPy a bool"
NUMBA_CLOSE_FAILS = {"same-shape": _TWO_D, "broadcast": _TWO_D, "column": _TWO_D, "F": _TWO_D, "float32": _TWO_D,
                     "empty": _TWO_D, "int-int": _TWO_D, "int-float": _MIXED, "bool": _MIXED, "complex": _MIXED,
                     "0d": _SCALAR, "0d-number": _SCALAR, "numbers": _SCALAR, "nan-numbers": _SCALAR,
                     "int-numbers": _SCALAR}


@pytest.mark.parametrize("name, a, b", PAIRS, ids=[p[0] for p in PAIRS])
def test_isclose_and_allclose(name, a, b):
    if is_numba and name in NUMBA_CLOSE_FAILS:
        pytest.skip("Numba 0.68: " + NUMBA_CLOSE_FAILS[name])
    same(isclose, a, b)
    same(allclose, a, b)


def test_isclose_mismatched_shapes():
    same(isclose, np.zeros(3), np.zeros(2))  # ValueError: cannot broadcast


def array_equal(a, b):
    return np.array_equal(a, b)


def array_equal_nan(a, b):
    return np.array_equal(a, b, equal_nan=True)


EQUAL = [
    ("same", BASE, BASE.copy()), ("F", BASE, make_layout(BASE, "F")), ("differ", BASE, BASE + 1),
    ("shape", BASE, BASE[:2]), ("ndim", BASE, BASE.ravel()), ("nan", WITH_NAN, WITH_NAN.copy()),
    ("int-float", np.arange(4), np.arange(4.0)), ("bool", np.array([True, False]), np.array([1, 0])),
    ("complex", np.array([1j, np.nan]), np.array([1j, np.nan])), ("empty", np.zeros(0), np.zeros(0, np.int8)),
    ("numbers", 2.0, 2), ("nan-numbers", np.nan, np.nan), ("0d", np.array(3.0), 3.0),
    ("array-number", np.zeros(1), 0.0),
]


@pytest.mark.parametrize("name, a, b", EQUAL, ids=[p[0] for p in EQUAL])
def test_array_equal(name, a, b):
    if is_numba and name in ("numbers", "nan-numbers", "0d", "array-number"):
        pytest.skip("Numba 0.68's np.array_equal takes arrays only")
    same(array_equal, a, b)


@numba_differs("Numba 0.68's np.array_equal takes no equal_nan")
@pytest.mark.parametrize("name, a, b", EQUAL, ids=[p[0] for p in EQUAL])
def test_array_equal_nan(name, a, b):
    same(array_equal_nan, a, b)


# ------------------------------------------------------------------ np.nan_to_num


def nan_to_num(x):
    return np.nan_to_num(x), np.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0), np.nan_to_num(x, True, 2.5)


@pytest.mark.parametrize("name, a", CASES, ids=IDS)
def test_nan_to_num(name, a):
    if is_numba and name in ("0d", "0d-zero", "bool"):
        pytest.skip("Numba 0.68's np.nan_to_num refuses booleans and gives a 0-d array for a 0-d one")
    same(nan_to_num, a)


@pytest.mark.parametrize("x", [np.nan, -np.inf, 2.5, 3, complex(np.nan, np.inf)],
                         ids=["nan", "-inf", "float", "int", "complex"])
def test_nan_to_num_of_numbers(x):
    same(nan_to_num, x)


@numba_differs("Numba 0.68's np.nan_to_num refuses booleans")
def test_nan_to_num_of_a_boolean():
    x = True
    same(nan_to_num, x)


def test_nan_to_num_special_dtypes():
    same(nan_to_num, np.array([np.nan, np.inf, -np.inf, 1.5], np.float32))
    same(nan_to_num, np.array([complex(np.nan, -np.inf), complex(np.inf, 1)], np.complex64))
    same(nan_to_num, np.array([complex(np.nan, -np.inf), complex(np.inf, np.nan)]))


# ------------------------------------------------------------------ unsupported arguments


@pycomp_only("the message names the function (Numba's generic message lists the candidates)")
@pytest.mark.parametrize("fn", [count_nonzero, flatnonzero, argwhere, diff, unique], ids=lambda f: f.__name__)
def test_non_arrays_are_typing_errors(fn):
    with pytest.raises(TypingError, match=fn.__name__):
        jitted(fn)(((1, 2), (3,)))  # ragged: no array-like


# ------------------------------------------------------------------ np.convolve, np.correlate


def convolve(a, v):
    return np.convolve(a, v)


def correlate(a, v):
    return np.correlate(a, v), np.correlate(v, a)


SIGNALS = [
    ("float", np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5])),
    ("int-float", np.arange(5), np.array([0.5, -1.0])),
    ("int8-wraps", np.array([1, 2], np.int8), np.array([100, 100, 3], np.int8)),
    ("complex", np.array([1j, 2, 3 - 1j]), np.array([1, 1j])),
    ("complex-float32", np.array([1.5, 2.0], np.float32), np.array([1 - 2j, 1j, 3], np.complex64)),
    ("bool", np.array([True, False, True]), np.array([True, True])),
    ("strided", np.arange(9.0)[::2], np.arange(4.0)[::-1]),
    ("one", np.array([2.0]), np.array([3, 4])),
    ("empty", np.zeros(0), np.ones(2)),
]


@pytest.mark.parametrize("name, a, v", SIGNALS, ids=[s[0] for s in SIGNALS])
def test_convolve_and_correlate(name, a, v):
    if is_numba and name == "bool":
        pytest.skip("Numba 0.68's np.correlate of booleans gives int8, NumPy bool")
    same(convolve, a, v)
    same(convolve, v, a)
    same(correlate, a, v)


# ------------------------------------------------------------------ np.polyval, np.vander


def polyval(p, x):
    return np.polyval(p, x)


COEFFS = [np.array([1, -2, 3]), np.array([0.5, 0.0, -1.5, 2.0]), np.array([1j, 2]), np.array([2], np.int8),
          np.array([1.0, 2.0, 3.0, 4.0])[::-2], np.array([3, 1], np.float32)]
POINTS = [2, 1.5, -3, 2j, np.array([0.0, 1.0, -2.5]), np.arange(6).reshape(2, 3), np.arange(6.0)[::-2],
          np.zeros(0), np.array(3.0)]


@numba_differs("Numba 0.68 has no np.polyval")
@pytest.mark.parametrize("x", POINTS, ids=[repr(x) for x in POINTS])
@pytest.mark.parametrize("p", COEFFS, ids=["int", "float", "complex", "int8", "negstrided", "float32"])
def test_polyval(p, x):
    same(polyval, p, x)


def vander(x):
    return np.vander(x), np.vander(x, 2), np.vander(x, 4, True), np.vander(x, increasing=True), np.vander(x, 0)


@pytest.mark.parametrize("x", [np.array([1, 2, 3]), np.array([0.5, -2.0]), np.array([1j, 2]),
                               np.array([3, 4], np.int8), np.array([2.5], np.float32), np.array([True, False]),
                               np.arange(8.0)[::-3], np.zeros(0)],
                         ids=["int", "float", "complex", "int8", "float32", "bool", "negstrided", "empty"])
def test_vander(x):
    same(vander, x)


def vander_n(x, n):
    return np.vander(x, n)


def test_vander_negative_n():
    same(vander_n, np.arange(3), -1)  # ValueError


# ------------------------------------------------------------------ np.interp


def interp(x, xp, fp):
    return np.interp(x, xp, fp)


XP = np.array([1.0, 2.0, 4.0, 4.5])
FP = np.array([3.0, -1.0, 2.0, np.inf])
INTERP_X = [0.0, 1.0, 1.5, 3.0, 4.0, 4.2, 4.5, 9.0, np.nan, np.inf, 3, np.array([[0.5, 2.0], [3.3, 5.0]]),
            np.arange(6)[::-2], np.array(2.5), np.zeros(0)]


@pytest.mark.parametrize("x", INTERP_X, ids=[repr(x) for x in INTERP_X])
def test_interp(x):
    if is_numba and getattr(x, "ndim", None) == 0:
        pytest.skip("Numba 0.68's np.interp of a 0-d array gives a 0-d array, NumPy a number")
    same(interp, x, XP, FP)
    same(interp, x, XP[:1], FP[:1])
    same(interp, x, np.array([1, 2, 2, 5]), np.array([0, 1, 3, 4]))
    if not np.any(np.isnan(x)):
        same(interp, x, XP, FP + 1j)


def test_interp_errors():
    same(interp, 1.0, XP, FP[:2])  # ValueError: lengths differ
    same(interp, 1.0, XP[:0], FP[:0])  # ValueError: empty


# ------------------------------------------------------------------ np.trapezoid, np.cross


def trapezoid(y):
    return np.trapezoid(y), np.trapezoid(y, dx=0.5)


def trapezoid_x(y, x):
    return np.trapezoid(y, x)


CURVES = [np.array([1, 2, 3, 5]), np.array([0.5, -1.0, 2.0]), np.array([1, 2, 100], np.int8),
          np.array([1.5, 2.5, 0.25], np.float32), np.array([1j, 2, 3 - 1j]), np.array([True, True, False]),
          np.arange(10.0)[::-3], np.array([4.0]), np.zeros(0)]
CURVE_IDS = ["int", "float", "int8", "float32", "complex", "bool", "negstrided", "one", "empty"]


@pytest.mark.parametrize("y", CURVES, ids=CURVE_IDS)
def test_trapezoid(y):
    if is_numba and y.dtype == np.bool_:
        pytest.skip("Numba 0.68's np.trapezoid adds booleans as integers (NumPy: logical or)")
    same(trapezoid, y)
    same(trapezoid_x, y, np.linspace(0.0, 2.0, y.shape[0]))
    same(trapezoid_x, y, np.arange(y.shape[0], dtype=np.float32) * 0.5)


@numba_differs("Numba 0.68's np.trapezoid refuses a non-contiguous x (TypingError)")
def test_trapezoid_with_strided_x():
    same(trapezoid_x, np.array([1.0, 2.0, 4.0]), np.arange(3, dtype=np.int32)[::-1])
    same(trapezoid_x, np.array([1, 5, 2]), np.arange(6.0)[::2])


def cross(a, b):
    return np.cross(a, b)


VECTORS = [
    ("float", np.array([1.0, 2.0, 3.0]), np.array([-1.0, 0.5, 4.0])),
    ("int", np.array([1, 2, 3]), np.array([4, 5, 6])),
    ("int8-wraps", np.array([100, 2, 120], np.int8), np.array([3, 100, 2], np.int8)),
    ("int-float32", np.array([1, 0, 0], np.int16), np.array([0.5, 1.0, 0.0], np.float32)),
    ("complex", np.array([1j, 2, 3]), np.array([1, 1j, 0])),
    ("strided", np.arange(9.0)[::3], np.arange(6.0)[::-2]),
]


@pytest.mark.parametrize("name, a, b", VECTORS, ids=[v[0] for v in VECTORS])
def test_cross(name, a, b):
    same(cross, a, b)


def test_cross_of_other_lengths():
    same(cross, np.arange(4.0), np.arange(4.0))  # ValueError


# ------------------------------------------------------------------ np.histogram


def histogram(a):
    return np.histogram(a), np.histogram(a, 3), np.histogram(a, 4, (0, 5)), np.histogram(a, bins=7, range=(1.5, 2.5))


def histogram_edges(a, edges):
    return np.histogram(a, edges)


DATA = [np.array([1.0, 2.0, 2.5, 4.0, 10.0]), np.arange(12).reshape(3, 4), np.array([3, 3, 3], np.int8),
        np.array([True, False, True]), make_layout(np.arange(12.0).reshape(3, 4), "F"), np.arange(20.0)[::-3],
        np.zeros(0), np.array(2.0)]
DATA_IDS = ["float", "int-2d", "int8-equal", "bool", "F", "negstrided", "empty", "0d"]


@pytest.mark.parametrize("a", DATA, ids=DATA_IDS)
def test_histogram(a):
    if is_numba and (a.size < 2 or a.dtype == np.int8):  # int8-equal: one value
        pytest.skip("Numba 0.68's np.histogram raises for empty data and does not widen a one-value range by 0.5")
    same(histogram, a)
    same(histogram_edges, a, np.array([0, 1, 2.5, 4, 10]))
    same(histogram_edges, a, np.array([0, 3, 4]))


def histogram_of(a, bins, lo, hi):
    return np.histogram(a, bins, (lo, hi))


def test_histogram_errors():
    same(histogram_of, np.arange(3), 0, 0, 1)  # ValueError: bins < 1
    same(histogram_of, np.arange(3), 3, 2, 1)  # ValueError: max < min
    same(histogram_edges, np.arange(3), np.array([1, 0]))  # ValueError: decreasing edges


@numba_differs("Numba 0.68's np.histogram does not check that the data's range is finite (NaN)")
def test_histogram_of_nan_data():
    same(histogram, np.array([1.0, np.nan]))  # ValueError


def histogram_bins(a, bins):
    return np.histogram(a, bins)


@pytest.mark.parametrize("seed", range(8))
@numba_differs("Numba bins by the float index alone: values at the edges land in other bins than NumPy's")
def test_histogram_on_and_next_to_the_edges(seed):
    """Values on every bin edge and one ulp either side fall in NumPy's bins
    (the fast index is corrected against the edges near a boundary)."""
    rng = np.random.default_rng(seed)
    lo, hi = sorted(rng.normal(size=2) * 10.0 ** rng.integers(-3, 4))
    nbins = int(rng.integers(1, 60))
    e = np.linspace(lo, hi, nbins + 1)
    a = np.concatenate([e, np.nextafter(e, np.inf), np.nextafter(e, -np.inf), rng.uniform(lo, hi, 100)])
    got = jitted(histogram_bins)(a, nbins)
    want = histogram_bins(a, nbins)
    assert_same(got[0], want[0])
    assert_same(got[1], want[1])


_EDGES = "Numba bins by the float index alone: values at the edges land in other bins than NumPy's"


@pytest.mark.parametrize("kind", [pytest.param(k, marks=[] if k == "i8" else [
    pytest.mark.numba_differs(reason=_EDGES), pytest.mark.xfail(is_numba, reason="numba differs: " + _EDGES,
                                                                strict=True)])
    for k in ["f8", "f4", "i8", "strided", "2d-F"]])
def test_histogram_of_many_values_block_by_block(kind):
    """Thousands of values: blocks surely inside the bins are only counted,
    and a block holding an edge value, NaN, an infinity or a value out of
    the range takes the careful path; every count is NumPy's."""
    rng = np.random.default_rng(11)
    a = rng.uniform(-3.0, 7.0, 6000)
    e = np.linspace(-2.0, 5.0, 14)
    a[100] = e[3]  # on an edge (block 0)
    a[1500] = np.nextafter(e[5], -np.inf)  # one ulp below an edge (block 2)
    a[2600] = np.nan  # block 5
    a[3100] = np.inf  # block 6
    a[5999] = 5.0  # the top of the range: in the last bin
    if kind == "f4":
        a = a.astype(np.float32)
    elif kind == "i8":
        a = (np.nan_to_num(a, posinf=9.0) * 10).astype(np.int64)
    elif kind == "strided":
        a = a[::2]
    elif kind == "2d-F":
        a = make_layout(a.reshape(60, 100), "F")
    same(histogram_of, a, 13, -2.0, 5.0)
    if kind in ("i8", "f4"):
        same(histogram_bins, a[np.isfinite(a)], 13)


def convolve_mode(a, v, mode):
    return np.convolve(a, v, mode)


def correlate_mode(a, v, mode):
    return np.correlate(a, v, mode)


def _mode_inputs(dt, n, m, seed):
    rng = np.random.default_rng(seed)
    if dt == "c16":
        return rng.normal(size=n) + 1j * rng.normal(size=n), rng.normal(size=m) + 1j * rng.normal(size=m)
    return (rng.normal(size=n) * 3).astype(dt), (rng.normal(size=m) * 3).astype(dt)


_BOOL_CORRELATE = "Numba's np.correlate of booleans gives int64 where NumPy keeps bool"


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("dt", ["f8", "c16", "i8", pytest.param("?", marks=[
    pytest.mark.numba_differs(reason=_BOOL_CORRELATE),
    pytest.mark.xfail(is_numba, reason="numba differs: " + _BOOL_CORRELATE, strict=True)])])
@pytest.mark.parametrize("n,m", [(5, 3), (3, 5), (4, 4), (2, 5), (6, 1), (1, 1)])
def test_convolve_correlate_modes(mode, dt, n, m):
    """``mode`` given at run time (a str value): NumPy's lengths, centring
    (which differs between the two when ``v`` is the longer) and dtypes."""
    a, v = _mode_inputs(dt, n, m, n * 10 + m)
    check(convolve_mode, a, v, mode, rtol=1e-12)
    check(correlate_mode, a, v, mode, rtol=1e-12)


def correlate_same_literal(a, v):
    return np.correlate(a, v, "same"), np.convolve(a, v, mode="valid")


def test_convolve_correlate_literal_modes():
    a, v = _mode_inputs("f8", 4, 6, 1)
    check(correlate_same_literal, a, v, rtol=1e-12)


def test_convolve_unknown_mode():
    check(convolve_mode, np.ones(3), np.ones(2), "middle", match_message=False)


@numba_differs("Numba raises ValueError at run time for a mode that is not a string")
def test_convolve_mode_must_be_a_string():
    with pytest.raises(TypingError, match="mode"):
        jitted(convolve_mode)(np.ones(3), np.ones(2), 1)
