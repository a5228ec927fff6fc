"""N-dimensional iteration against NumPy: ``np.ndindex`` (varargs and a
tuple, 0 to 3 dimensions, empty), ``np.ndenumerate``, ``np.nditer`` of
one array, ``a.flat``, and ``enumerate``/``zip`` over arrays, on C, F,
strided, negative-stride, read-only, 0-d and empty arrays."""

import numpy as np
import pytest

from support import LAYOUTS, TypingError, assert_same, check, cpython_differs, jitted, make_layout, no_leaks, sample_array


def run(fn, *args, **kw):
    with no_leaks():
        check(fn, *args, **kw)


A2 = sample_array((3, 4), np.float64)


# ------------------------------------------------------------------ np.ndindex


def ndindex_varargs(n, m):
    s = 0
    k = 1
    for i, j in np.ndindex(n, m):
        s += (i * 10 + j) * k
        k += 1
    return s


def ndindex_tuple(shape):
    n = 0
    last = (0, 0, 0)
    for idx in np.ndindex(shape):
        n += 1
        last = idx
    return n, last


def ndindex_none():
    n = 0
    for idx in np.ndindex():
        n += 1
    return n


def ndindex_1d(n):
    s = 0
    for (i,) in np.ndindex(n):
        s += i * i
    return s


@pytest.mark.parametrize("n, m", [(3, 4), (1, 1), (0, 3), (3, 0), (5, 1)])
def test_ndindex_varargs(n, m):
    run(ndindex_varargs, n, m)


@pytest.mark.parametrize("shape", [(2, 3, 4), (1, 2, 1), (2, 0, 3)])
def test_ndindex_tuple(shape):
    run(ndindex_tuple, shape)


def test_ndindex_0d_and_1d():
    run(ndindex_none)
    run(ndindex_1d, 7)
    run(ndindex_1d, 0)


def ndindex_float(x):
    for idx in np.ndindex(x):
        return idx
    return None


def test_ndindex_bad_shape_is_a_typing_error():
    with pytest.raises(TypingError) as e:
        jitted(ndindex_float)(2.5)
    assert "np.ndindex(x)" in str(e.value)


# ------------------------------------------------------------------ np.ndenumerate


def ndenumerate_sum(a):
    s = 0.0
    k = 1.0
    for idx, x in np.ndenumerate(a):
        s += x * k
        for i in idx:
            s += i * k
        k += 1.0
    return s


def ndenumerate_last(a):
    n = 0
    for idx, x in np.ndenumerate(a):
        n += 1
    last = ((0, 0), 0.0)
    for pair in np.ndenumerate(a):
        last = pair
    return n, last


@pytest.mark.parametrize("layout", LAYOUTS)
def test_ndenumerate(layout):
    run(ndenumerate_sum, make_layout(A2, layout))
    run(ndenumerate_sum, make_layout(sample_array((2, 3, 4), np.int32), layout))
    run(ndenumerate_last, make_layout(A2, layout))


def test_ndenumerate_0d_1d_empty():
    run(ndenumerate_sum, np.array(2.5))
    run(ndenumerate_sum, np.arange(5.0)[::-2])
    run(ndenumerate_sum, np.zeros((2, 0)))


def ndenumerate_write(a):
    for idx, x in np.ndenumerate(a):
        a[idx] = x * 2 + idx[0]
    return a


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
def test_ndenumerate_write(layout):
    with no_leaks():
        check(ndenumerate_write, make_layout(A2, layout), compare_args=True)


# ------------------------------------------------------------------ np.nditer


def nditer_sum(a):
    s = 0.0
    k = 1.0
    for x in np.nditer(a):
        s += x.item() * k
        k += 1.0
    return s


def nditer_index(a):
    s = 0.0
    for x in np.nditer(a):
        s = s * 0.5 + x[()]
    return s


@pytest.mark.parametrize("layout", ["C", "F", "strided", "readonly"])
def test_nditer(layout):
    """Memory order for C and F arrays, as NumPy's default order "K"."""
    run(nditer_sum, make_layout(A2, layout))
    run(nditer_index, make_layout(sample_array((2, 3, 2), np.float64), layout))


@cpython_differs("NumPy's order 'K' walks negative strides backwards; Numba and pycomp walk C order")
def test_nditer_negative_strides_in_c_order():
    a = make_layout(A2, "negstrided")
    run(nditer_sum, a, expected=nditer_sum(np.ascontiguousarray(a)))


@cpython_differs("NumPy refuses to iterate over an empty array; Numba and pycomp iterate zero times")
def test_nditer_0d_empty():
    run(nditer_sum, np.array(4.5))
    with no_leaks():
        assert_same(jitted(nditer_sum)(np.zeros((3, 0))), 0.0)


def nditer_two(a, b):
    for x in np.nditer(a, b):
        return x
    return None


def test_nditer_of_two_arrays_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(nditer_two)(A2, A2)


# ------------------------------------------------------------------ a.flat


def flat_list(a):
    n = 0
    first = last = 0.0
    for x in a.flat:
        if n == 0:
            first = x
        last = x
        n += 1
    return n, first, last


def flat_weighted(a):
    s = 0.0
    k = 1.0
    for x in a.flat:
        s += x * k
        k += 1.0
    return s


def flat_indexed(a):
    s = 0.0
    for i in range(len(a.flat)):
        s += a.flat[i] * (i + 1)
    return s


@pytest.mark.parametrize("layout", LAYOUTS)
def test_flat(layout):
    run(flat_list, make_layout(A2, layout))
    run(flat_weighted, make_layout(sample_array((2, 3, 4), np.float64), layout))
    run(flat_indexed, make_layout(A2, layout))


def test_flat_0d_empty_bool():
    run(flat_weighted, np.array(2.0))
    run(flat_weighted, np.zeros((0, 4)))
    run(flat_indexed, np.array([[True, False], [False, True]]))


# ------------------------------------------------------------------ enumerate and zip over arrays


def enumerate_rows(a):
    s = 0.0
    for i, row in enumerate(a):
        s += row.sum() * (i + 1)
    return s


def zip_arrays(a, b):
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    return s


def enumerate_zip_flat(a, b):
    s = 0.0
    for i, (x, y) in enumerate(zip(a.flat, b.flat)):
        s += i * x - y
    return s


@pytest.mark.parametrize("layout", LAYOUTS)
def test_enumerate_zip(layout):
    a = make_layout(A2, layout)
    run(enumerate_rows, a)
    run(zip_arrays, make_layout(A2[0], layout), make_layout(A2[1], layout))
    run(enumerate_zip_flat, a, make_layout(A2 * 2, layout))
