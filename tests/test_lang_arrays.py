"""Differential tests: NumPy arrays passed in as arguments (no allocation in
compiled code): indexing, attributes, iteration, every dtype, every memory
layout, writes, bounds checking and summation kernels."""

import numpy as np
import pytest

from support import (ALL_DTYPES, READ_LAYOUTS, WRITE_LAYOUTS, check, check_array_mutation, jitted,
                     make_layout, sample_array, typeof, types)

# ------------------------------------------------------------------ indexing


def get1(a, i):
    return a[i]


def get2(a, i, j):
    return a[i, j]


def get3(a, i, j, k):
    return a[i, j, k]


def get_tuple(a, idx):
    return a[idx]


def get_chained(a, i, j):
    # a[i] is a view of one row; then index that
    return a[i][j]


def set1(a, i, v):
    a[i] = v


def set2(a, i, j, v):
    a[i, j] = v


def set3(a, i, j, k, v):
    a[i, j, k] = v


def set_tuple(a, idx, v):
    a[idx] = v


A1 = sample_array((7,), np.float64)
A2 = sample_array((3, 4), np.float64, seed=1)
A3 = sample_array((2, 3, 4), np.int64, seed=2)


@pytest.mark.parametrize("i", [0, 3, 6, -1, -7])
def test_get_1d(i):
    check(get1, A1, i)


@pytest.mark.parametrize("i,j", [(0, 0), (2, 3), (1, -1), (-3, -4), (-1, 2)])
def test_get_2d(i, j):
    check(get2, A2, i, j)
    check(get_tuple, A2, (i, j))
    check(get_chained, A2, i, j)


@pytest.mark.parametrize("i,j,k", [(0, 0, 0), (1, 2, 3), (-1, -2, -3), (1, 0, -4)])
def test_get_3d(i, j, k):
    check(get3, A3, i, j, k)
    check(get_tuple, A3, (i, j, k))


def get_constant_indices(a):
    return a[0, 0] + a[-1, -1] * 10 + a[(1, 2)] * 100


def test_get_constant_indices():
    check(get_constant_indices, A2)


@pytest.mark.parametrize("i", [np.int32(-2), np.uint64(1)])
def test_index_with_other_integer_types(i):
    check(get1, A1, i)


@pytest.mark.parametrize("i,v", [(0, 9.5), (-1, -2.0), (3, 7)])
def test_set_1d(i, v):
    check_array_mutation(set1, A1, i, v)


@pytest.mark.parametrize("i,j", [(0, 0), (2, 3), (-1, -4)])
def test_set_2d(i, j):
    check_array_mutation(set2, A2, i, j, 42.5)
    check_array_mutation(set_tuple, A2, (i, j), -1.25)


@pytest.mark.parametrize("i,j,k", [(0, 0, 0), (1, 2, 3), (-1, -3, 0)])
def test_set_3d(i, j, k):
    check_array_mutation(set3, A3, i, j, k, 77)
    check_array_mutation(set_tuple, A3, (i, j, k), -5)


@pytest.mark.parametrize("v", [2.7, -2.7])
def test_store_converts_to_dtype(v):
    # storing a float into an int array truncates toward zero, like NumPy
    check_array_mutation(set1, np.arange(5, dtype=np.int64), 2, v)


def test_store_int_into_float32():
    check_array_mutation(set1, np.zeros(3, np.float32), 1, 16777217)


# ------------------------------------------------------------------ attributes

def attributes(a):
    return a.shape, a.ndim, a.size, len(a)


def shape_items(a):
    return a.shape[0] * 100 + a.shape[-1]


@pytest.mark.parametrize("shape", [(5,), (0,), (3, 4), (2, 3, 4), (1, 0, 2)])
def test_attributes(shape):
    check(attributes, np.zeros(shape))


@pytest.mark.parametrize("shape", [(5,), (2, 3, 4)])
def test_shape_indexing(shape):
    check(shape_items, np.zeros(shape))


# ------------------------------------------------------------------ loops and iteration

def iterate_1d(a):
    total = 0.0
    count = 0
    for x in a:
        total = total * 0.5 + x
        count += 1
    return total, count


def iterate_rows(a):
    # iterating over a 2-D array gives its rows
    total = 0.0
    for row in a:
        total = total * 2 + row[0] - row[-1]
    return total


def weighted_sum_2d(a):
    total = 0.0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            total += a[i, j] * (i + 1) * (j + 3)
    return total


def weighted_sum_3d(a):
    total = 0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            for k in range(a.shape[2]):
                total += a[i, j, k] * (i * 100 + j * 10 + k)
    return total


@pytest.mark.parametrize("n", [0, 1, 6])
def test_iterate_1d(n):
    check(iterate_1d, sample_array((n,), np.float64))


@pytest.mark.parametrize("layout", ["C", "negstrided"])
def test_iterate_rows(layout):
    check(iterate_rows, make_layout(A2, layout))


@pytest.mark.parametrize("layout", READ_LAYOUTS)
def test_read_layouts_2d(layout):
    a = make_layout(A2, layout)
    check(weighted_sum_2d, a)
    check(attributes, a)


@pytest.mark.parametrize("layout", ["C", "F", "negstrided"])
def test_read_layouts_3d(layout):
    check(weighted_sum_3d, make_layout(A3, layout))


@pytest.mark.parametrize("layout", ["strided", "negstrided", "readonly"])
def test_read_layouts_1d(layout):
    a = make_layout(A1, layout)
    check(iterate_1d, a)
    check(get1, a, -2)


def test_layouts_are_what_they_claim():
    assert make_layout(A2, "C").flags.c_contiguous
    assert make_layout(A2, "F").flags.f_contiguous and not make_layout(A2, "F").flags.c_contiguous
    s = make_layout(A2, "strided")
    assert not s.flags.c_contiguous and not s.flags.f_contiguous
    assert all(st < 0 for st in make_layout(A2, "negstrided").strides)
    assert not make_layout(A2, "readonly").flags.writeable
    for layout in READ_LAYOUTS:
        assert np.array_equal(make_layout(A2, layout), A2)


@pytest.mark.parametrize("layout,expected", [("C", "C"), ("F", "F"), ("strided", "A"), ("negstrided", "A")])
def test_typeof_layouts(layout, expected):
    assert typeof(make_layout(A2, layout)) == types.Array(types.float64, 2, expected)


def test_typeof_readonly():
    assert typeof(make_layout(A2, "readonly")) == types.Array(types.float64, 2, "C", readonly=True)


# ------------------------------------------------------------------ writing

def fill_2d(out):
    for i in range(out.shape[0]):
        for j in range(out.shape[1]):
            out[i, j] = i * 10 + j


def scale_inplace(a, k):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] *= k
    return a[0, 0]


def prefix_sum(a):
    # order-dependent: every element reads the one written just before
    for i in range(1, len(a)):
        a[i] += a[i - 1]


def fill_3d(out):
    for i in range(out.shape[0]):
        for j in range(out.shape[1]):
            for k in range(out.shape[2]):
                out[i, j, k] = i - j * k


def copy_2d(dst, src):
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            dst[i, j] = src[i, j] + 0.5


@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
def test_write_layouts_2d(layout):
    check_array_mutation(fill_2d, make_layout(np.zeros((3, 4)), layout))


@pytest.mark.parametrize("layout", ["F"])
def test_read_modify_write(layout):
    check_array_mutation(scale_inplace, make_layout(A2, layout), 2.5)


@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
def test_write_layouts_1d(layout):
    check_array_mutation(prefix_sum, make_layout(A1, layout))


@pytest.mark.parametrize("layout", WRITE_LAYOUTS)
def test_write_layouts_3d(layout):
    check_array_mutation(fill_3d, make_layout(np.zeros((2, 3, 4), np.int64), layout))


@pytest.mark.parametrize("dst_layout,src_layout", [("C", "F"), ("strided", "readonly")])
def test_copy_between_layouts(dst_layout, src_layout):
    check_array_mutation(copy_2d, make_layout(np.zeros((3, 4)), dst_layout), make_layout(A2, src_layout))


def test_write_through_view_leaves_gaps_alone():
    # writing a strided view must not touch the elements between its items
    base = np.zeros((6, 8))
    view = base[::2, ::2]
    jitted(fill_2d)(view)
    expected = np.zeros((6, 8))
    fill_2d(expected[::2, ::2])
    assert np.array_equal(base, expected)


# ------------------------------------------------------------------ dtypes

def read_write(a, v):
    old = a[1]
    a[1] = v
    a[-1] = a[0]
    return old, a[-1], a[1]


DTYPE_IDS = [np.dtype(d).name for d in ALL_DTYPES]


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
def test_every_dtype_get_set(dtype):
    a = sample_array((5,), dtype, seed=3)
    v = {"b": True, "i": -100, "u": 200, "f": 1.5, "c": 1 - 2.5j}[np.dtype(dtype).kind]
    check_array_mutation(read_write, a, np.dtype(dtype).type(v))


@pytest.mark.parametrize("dtype,v", [(np.int64, -(2**63)), (np.uint64, 2**64 - 1), (np.int8, -128),
                                     (np.uint8, 255), (np.int32, 2**31 - 1)])
def test_extreme_integer_values(dtype, v):
    a = np.array([v, 0, 1], dtype=dtype)
    check_array_mutation(read_write, a, dtype(v))


def add_elements(a, i, j):
    return a[i] + a[j]


def test_float32_elements_stay_single():
    a = np.array([0.1, 0.2, 1e-8, 1.0], np.float32)
    check(add_elements, a, 0, 1, rtol=0)
    check(add_elements, a, 2, 3, rtol=0)


def sum_1d(a):
    s = 0
    for i in range(a.shape[0]):
        s += a[i]
    return s


SUM_DTYPES = [np.int8, np.int64, np.float32, np.complex128, np.bool_]


@pytest.mark.parametrize("dtype", SUM_DTYPES, ids=[np.dtype(d).name for d in SUM_DTYPES])
def test_sum_kernel_every_dtype(dtype):
    a = sample_array((200,), dtype, seed=4)
    kind = np.dtype(dtype).kind
    wide = {"b": np.int64, "i": np.int64, "u": np.int64, "f": np.float64, "c": np.complex128}[kind]
    expected = np.sum(a.astype(wide)).item()
    single = dtype in (np.float32, np.complex64)
    check(sum_1d, a, expected=expected, rtol=1e-6 if single else 1e-12)


def sum_2d(a):
    s = 0.0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            s += a[i, j]
    return s


@pytest.mark.parametrize("layout", ["C", "negstrided"])
def test_sum_kernel_layouts(layout):
    big = sample_array((40, 30), np.float64, seed=5)
    check(sum_2d, make_layout(big, layout), expected=float(np.sum(big)), rtol=1e-12)


# ------------------------------------------------------------------ bounds checking

@pytest.mark.parametrize("i", [7, -8, 100])
def test_boundscheck_1d(i):
    f = jitted(get1, boundscheck=True)
    with pytest.raises(IndexError):
        f(A1, i)
    assert f(A1, 6) == A1[6]


@pytest.mark.parametrize("i,j", [(3, 0), (0, 4), (-4, 0), (0, -5)])
def test_boundscheck_2d(i, j):
    f = jitted(get2, boundscheck=True)
    with pytest.raises(IndexError):
        f(A2, i, j)


def test_boundscheck_store():
    f = jitted(set1, boundscheck=True)
    a = np.zeros(3)
    with pytest.raises(IndexError):
        f(a, 3, 1.0)
    assert not a.any()
