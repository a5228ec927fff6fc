"""Differential tests against NumPy for the fixes driven by Numba's
test_np_functions: np.average (axis, weights, Numba's errors), ``key in
array``, np.digitize's monotonicity test with NaNs, np.insert with one
index, np.isneginf/np.isposinf with ``out``, np.iscomplexobj/np.isrealobj
of optional values, np.trim_zeros, cross2d (numba.np.extensions),
np.sinc of numbers and np.kaiser's I0."""

import warnings

import numpy as np
import pytest

from support import TypingError, assert_same, check, is_numba, jitted, no_leaks, numba_differs

if is_numba:
    from numba.np.extensions import cross2d
else:
    from pycomp.np.extensions import cross2d


# ------------------------------------------------------------------ np.average


def average(a, axis=None, weights=None):
    return np.average(a, axis=axis, weights=weights)


RNG = np.random.default_rng(5)
AVG_CASES = [
    (RNG.random(20) * 100, RNG.random(20) * 100),
    (RNG.random((4, 3, 2)), RNG.random((4, 3, 2))),
    (RNG.integers(0, 101, 20), RNG.integers(0, 101, 20)),
    (RNG.random(20), RNG.random(20) > 0.5),
    (RNG.random(20) > 0.5, RNG.random(20)),
    (np.asfortranarray(RNG.random((3, 4))), RNG.random((3, 4))[:, ::-1]),
    (RNG.random(9)[::-2], RNG.random(5)),
    (np.arange(4.0) + 1j, np.arange(4.0) + 1.0),
]


@pytest.mark.parametrize("a, w", AVG_CASES)
def test_average_weights(a, w):
    with no_leaks():
        check(average, a, kwargs={"weights": w}, rtol=1e-12)
        check(average, a, rtol=1e-12)


def test_average_zero_weights():
    check(average, np.arange(5.0), kwargs={"weights": np.zeros(5)}, match_message=False)  # ZeroDivisionError


def test_average_numba_errors():
    """Numba's TypeErrors: an axis, and weights of another shape."""
    f = jitted(average)
    with pytest.raises(TypeError, match="Numba does not support average with axis."):
        f(np.arange(6.0).reshape(3, 2), axis=1)
    with pytest.raises(TypeError, match="1D weights expected when shapes of a and weights differ."):
        f(np.arange(6).reshape((3, 2, 1)), weights=np.asarray([[0.25, 0.75]]))
    with pytest.raises(ZeroDivisionError, match="Weights sum to zero, can't be normalized."):
        f(np.arange(3.0), weights=np.zeros(3))


# ------------------------------------------------------------------ key in array


def contains(a, k):
    return k in a


@pytest.mark.parametrize("a, k", [
    (np.arange(10, 50), 20), (np.arange(6), 10), (np.asarray([20]), 20), (np.asarray([20]), 13),
    (np.asarray([]), 13), (np.array([True, False]), True), (np.array([True, False]), 20),
    (np.linspace(0.0, 1.0, 5), 0.25), (np.linspace(0.0, 1.0, 5), 0.3), (np.array([np.nan]), np.nan),
    (np.arange(4.0).view(np.complex128), 2 + 3j), (np.arange(4.0).view(np.complex128), 0.5),
    (np.arange(15, dtype=np.uint8), 5), (np.arange(15, dtype=np.uint8), 25),
    (np.arange(12.0).reshape(3, 4).T[::-1], 7.0), (np.array(3), 3),
])
def test_contains(a, k):
    with no_leaks():
        check(contains, a, k)


# ------------------------------------------------------------------ np.digitize


def digitize(x, bins):
    return np.digitize(x, bins)


def digitize_right(x, bins, right):
    return np.digitize(x, bins, right)


def test_digitize_nan_bins():
    sorted_bins = np.sort(np.float64([1, 3, 4.5, 8, np.inf, -np.inf] + [np.nan] * 4))
    values = np.float64([0, 0.99, 1, 4.4, 4.5, 7, 8, 9, np.inf, -np.inf, np.nan])
    with no_leaks():
        check(digitize, np.array([np.nan, 1.0]), np.array([1.5, np.nan]))
        check(digitize, values, sorted_bins)
        check(digitize, values.reshape(1, 11), sorted_bins[::-1])
        for right in (True, False):
            check(digitize_right, values, sorted_bins, right)
            check(digitize_right, values, sorted_bins[::-1], right)


@pytest.mark.parametrize("x, bins", [
    (np.array([np.nan, 1.0]), np.array([np.nan, 1.5, 2.3, np.nan])),
    (np.array([-1, 0, 1, 2]), np.array([0, 0, 1, 0])),
    (np.array([-1, 0, 1, 2]), np.array([1, 1, 0, 1])),
])
def test_digitize_not_monotonic(x, bins):
    check(digitize, x, bins)  # ValueError


# ------------------------------------------------------------------ np.insert


def insert(a, obj, values):
    return np.insert(a, obj, values)


@numba_differs("Numba 0.68 has no np.insert")
@pytest.mark.parametrize("a, obj, values", [
    (np.arange(5), [2], [98, 99]), (np.arange(5), (0,), 7), (np.arange(5.0), np.array([-1]), [1.5, 2.5]),
    (np.array([True, False]), [1], [False, True, True]), (np.arange(6).reshape(2, 3), [6], [1, 2]),
    (np.arange(5), [1, 1], [10, 20]), (np.arange(5), 10, 9), (np.arange(5), [9], 9),
])
def test_insert_one_index(a, obj, values):
    with no_leaks():
        check(insert, a, obj, values, match_message=False)


@numba_differs("Numba 0.68 has no np.insert")
def test_insert_bad_obj():
    with pytest.raises(TypingError, match="obj should be an Integer, an Array or a Sequence"):
        jitted(insert)(np.arange(5), 2.5, 9)
    with pytest.raises(TypingError, match="obj should be of Integer dtype"):
        jitted(insert)(np.arange(5), [1.5, 2.5], 9)


# ------------------------------------------------------------------ np.isneginf, np.isposinf with out


def isneginf(x, out):
    return np.isneginf(x, out)


def isposinf(x, out):
    return np.isposinf(x, out)


@pytest.mark.parametrize("fn", [isneginf, isposinf])
@pytest.mark.parametrize("x, out", [
    (-np.inf, None), (np.inf, None), (np.asarray([-np.inf, 0.0, np.inf]), None),
    (-np.inf, np.zeros(1, dtype=np.bool_)), (np.inf, np.zeros(3, dtype=np.bool_)), (-np.inf, np.empty(12)),
    (np.asarray([-np.inf, 0.0, np.inf]), np.zeros(3, dtype=np.bool_)),
    (np.asarray([[-np.inf], [np.inf]]), np.zeros((2, 3))), (np.arange(3), np.ones(3, dtype=np.bool_)),
    (np.asarray([-np.inf, 1.0, np.inf, 2.0])[::-2], np.zeros(2, dtype=np.int64)),
])
def test_signed_inf_out(fn, x, out):
    with no_leaks():
        check(fn, x, out, compare_args=True)


# ------------------------------------------------------------------ np.iscomplexobj, np.isrealobj of optionals


def iscomplexobj_opt(x, cond):
    y = x if cond else None
    return np.iscomplexobj(y)


def isrealobj_opt(x, cond):
    y = x if cond else None
    return np.isrealobj(y)


@pytest.mark.parametrize("fn", [iscomplexobj_opt, isrealobj_opt])
@pytest.mark.parametrize("x", [1, 1 + 0j, 2.5, np.asarray([3, 1 + 0j, True]), np.arange(3)])
@pytest.mark.parametrize("cond", [True, False])
def test_isobj_optional(fn, x, cond):
    check(fn, x, cond)


# ------------------------------------------------------------------ np.trim_zeros


def trim_zeros(a):
    return np.trim_zeros(a)


def trim_zeros_with(a, trim):
    return np.trim_zeros(a, trim)


TRIM_ARRAYS = [np.array([]), np.zeros(5), np.zeros(1), np.array([1, 2, 3]), np.array([0, 1, 2, 3]),
               np.array([0.0, 1.0, 2.0, np.nan, 0.0]), np.array([0, 0, 1, 0, 2, 3, 4, 0]).astype(complex),
               np.array([False, True, False, True, False]), np.array([0, 0, 1, 0, 2, 0, 0, 0])[::-2],
               np.array([0, 2**62, 0]), np.array([0, 2**63, 0], dtype=np.uint64)]


@pytest.mark.parametrize("a", TRIM_ARRAYS)
def test_trim_zeros(a):
    with no_leaks():
        check(trim_zeros, a)
        for trim in ("f", "b", "F", "B", "fb", "BF"):
            check(trim_zeros_with, a, trim)


@numba_differs("Numba 0.68 takes any letters in trim (NumPy 2.2+ raises ValueError)")
def test_trim_zeros_bad_trim():
    check(trim_zeros_with, np.array([0, 1, 0]), "x", match_message=False)
    check(trim_zeros_with, np.array([0, 1, 0]), "", match_message=False)


def test_trim_zeros_typing_errors():
    with pytest.raises(TypingError, match="array must be 1D"):
        jitted(trim_zeros)(np.zeros((2, 2)))
    with pytest.raises(TypingError, match="The first argument must be an array"):
        jitted(trim_zeros)(3)
    with pytest.raises(TypingError, match="The second argument must be a string"):
        jitted(trim_zeros_with)(np.arange(3), 1)


# ------------------------------------------------------------------ cross2d


def cross2d_of(a, b):
    return cross2d(a, b)


def np_cross2d(a, b):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return np.cross(a, b)


@pytest.mark.parametrize("a, b", [
    (np.array([[1, 2], [4, 5]]), np.array([[4, 5], [1, 2]])),
    (np.array([[1, 2], [4, 5]]), ((4, 5), (1, 2))),
    (np.array([1, 2], dtype=np.int64), np.array([4, 5], dtype=np.float64)),
    ((1, 2), (4, 5)),
    (np.array([1, 2]), np.array([[4, 5], [1, 2]])),
    (np.array([[1, 2], [4, 5]]), np.array([1, 2])),
    (np.arange(36).reshape(6, 3, 2), np.arange(6).reshape(3, 2)),
    (np.asfortranarray(np.arange(8.0).reshape(2, 2, 2))[:, ::-1], np.array([1.5, 2.0], dtype=np.float32)),
    (np.array([1 + 1j, 2.0]), np.array([3.0, 1j])),
])
def test_cross2d(a, b):
    want = np_cross2d(a, b)
    with no_leaks():
        assert_same(jitted(cross2d_of)(a, b), want)


def test_cross2d_errors():
    with pytest.raises(ValueError, match="Incompatible dimensions for 2D cross product"):
        jitted(cross2d_of)(np.array((1, 2, 3)), np.array((4, 5, 6)))
    with pytest.raises(ValueError, match="Incompatible dimensions for 2D cross product"):
        jitted(cross2d_of)(np.arange(6).reshape((2, 3)), np.arange(6)[::-1].reshape((2, 3)))


# ------------------------------------------------------------------ np.sinc, np.kaiser


def sinc(x):
    return np.sinc(x)


@pytest.mark.parametrize("x", [1.0, -1.0, 0.0, 0.5, 5, -5, 5e-21, True, 0.5 + 0.5j, -5 - 5j, 5e-21j,
                               np.linspace(-4, 4, 41), np.linspace(-4, 4, 9).astype(np.float32),
                               np.arange(-3, 4), np.array([1 + 0j, 0j, 0.5 + 0.5j])])
def test_sinc(x):
    # sin(pi)/pi is pi's rounding error: results agree to the double precision eps
    check(sinc, x, rtol=1e-14, atol=1e-15, signed_zero=False)


@numba_differs("Numba returns float64 for a float32 number")
def test_sinc_float32_number():
    """A float32 number computes in double precision (Numba's scalar rules:
    float32 * pi is a float64), so sinc(1) is ~1e-17, not float32 pi's
    rounding error; the result stays float32."""
    got = jitted(sinc)(np.float32(1.0))
    assert abs(got) < 1e-16
    assert abs(jitted(sinc)(np.float32(0.5)) - np.sinc(0.5)) < 1e-7


def kaiser(M, beta):
    return np.kaiser(M, beta)


@pytest.mark.parametrize("M", [0, 1, 5, 12, 51])
@pytest.mark.parametrize("beta", [0.0, 5.0, 14.0, 3, 50.0])
def test_kaiser(M, beta):
    check(kaiser, M, beta, rtol=5e-16)  # NumPy's exp is vectorized: 1 ulp apart at most
