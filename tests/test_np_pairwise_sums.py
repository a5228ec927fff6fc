"""NumPy's pairwise summation (pycomp/np/pairwise.py): ``sum``, ``mean``,
``var`` and ``std`` of float64 and float32 arrays equal NumPy's to the last
bit, of every size around the block (128) and recursion boundaries, for
1-d arrays of any stride, C and F arrays, and along every axis of a 2-d
C or F array (pairwise along the contiguous axis, rows added one after
another along the other, as NumPy). An A-layout array of several
dimensions (NumPy's order is decided at run time) agrees within rounding.
Under Numba (which adds sequentially) the exact checks are expected to
differ; the tolerance checks still hold."""

import numpy as np
import pytest

from support import is_numba, jitted, make_layout, no_leaks, numba_differs

RNG = np.random.default_rng(23)
SIZES = [0, 1, 7, 8, 9, 127, 128, 129, 255, 256, 1000, 8191, 8193, 100003]
DTYPES = [np.float64, np.float32]


def total(a):
    return a.sum()


def np_total(a):
    return np.sum(a)


def mean(a):
    return a.mean()


def variance(a):
    return np.var(a)


def std_ddof(a):
    return a.std(ddof=1)


def axis_reductions(a):
    return (a.sum(axis=0), a.sum(axis=1), np.sum(a, axis=-1), a.mean(axis=0), np.mean(a, axis=1),
            a.var(axis=1), np.std(a, axis=0))


FUNCS = [total, np_total, mean, variance, std_ddof]
_EXACT = "Numba sums one item after another: its last bits differ from NumPy's pairwise sums"


def _data(n, dtype):
    scale = 10.0 ** RNG.integers(-4, 5, n)
    return (RNG.standard_normal(n) * scale + 3.0).astype(dtype)


def _compare_axes(a, exact, rtol=None):
    """The axis reductions of ``a``: NumPy's bits (``exact``) or within ``rtol``
    (the results die here, before the leak check)."""
    for got, want in zip(jitted(axis_reductions)(a), axis_reductions(a)):
        assert got.dtype == want.dtype
        if exact:
            _bitwise(got, want)
        else:
            np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-9)


def _bitwise(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape
    assert np.array_equal(got.astype(want.dtype), want, equal_nan=True), (got, want)


# (not strict: for a few sizes Numba's sequential sum happens to round the same way)
_DIFFERS = [pytest.mark.numba_differs(reason=_EXACT),
            pytest.mark.xfail(is_numba, reason="numba differs: " + _EXACT, strict=False)]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy: the mean of no items
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("n", [pytest.param(n, marks=_DIFFERS if n >= 8 else []) for n in SIZES])
def test_1d_sums_are_numpy_s_to_the_last_bit(n, dtype):
    a = _data(n, dtype)
    # Numba: the mean of nothing is a ZeroDivisionError and std takes no ddof; its sums alone compare
    funcs = [total, np_total] if is_numba else FUNCS
    with no_leaks(), np.errstate(all="ignore"):
        for f in funcs:
            if n < 2 and f is std_ddof:
                continue  # NumPy warns (ddof >= n): NaN either way, checked in the reductions' tests
            for x in (a, a[::3], a[::-2]):
                _bitwise(jitted(f)(x), f(x))


@numba_differs(_EXACT)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(3, 300), (300, 3), (129, 257), (1, 1000), (1000, 1)])
@pytest.mark.parametrize("order", ["C", "F"])
def test_2d_sums_are_numpy_s_to_the_last_bit(shape, order, dtype):
    a = make_layout(_data(shape[0] * shape[1], dtype).reshape(shape), order)
    with no_leaks():
        for f in FUNCS[:4]:
            _bitwise(jitted(f)(a), f(a))
        _compare_axes(a, True)


def test_a_3d_c_array_and_a_0d_array():
    a = _data(5 * 6 * 300, np.float64).reshape(5, 6, 300)
    z = np.array(-0.0)
    with no_leaks():
        for f in FUNCS[:4]:
            want = f(a)
            got = jitted(f)(a)
            if is_numba:
                assert np.isclose(got, want, rtol=1e-12)
            else:
                _bitwise(got, want)
            assert jitted(f)(z) == f(z)


@numba_differs("Numba's mean, var and std take no axis")
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_non_contiguous_2d_arrays_agree_within_rounding(dtype):
    a = _data(40 * 600, dtype).reshape(40, 600)[:, ::3]
    rtol = 1e-4 if dtype == np.float32 else 1e-12
    with no_leaks():
        for f in FUNCS[:4]:
            np.testing.assert_allclose(jitted(f)(a), f(a), rtol=rtol)
        _compare_axes(a, False, rtol)


def test_negative_zeros_sum_to_positive_zero():
    a = np.full(200, -0.0)
    for n in (1, 5, 200):
        got = jitted(total)(a[:n])
        assert got == 0.0 and np.copysign(1.0, got) == 1.0
