"""Array attributes and methods against NumPy: attributes (dtype, itemsize,
nbytes, strides, T, real, imag, flat, ctypes.data), views (reshape, ravel,
transpose, swapaxes, view), copies and conversions (copy, flatten,
astype, fill, item, nonzero, clip, round, conj, dot), reductions (sum,
prod, min, max, mean, std, var, argmin, argmax, cumsum, cumprod, any, all,
with axis where Numba takes one) and sorting (sort, argsort), on C, F,
strided, negative-stride, read-only, 0-d and empty arrays; every call
that makes arrays runs under ``no_leaks``."""

import contextlib

import numpy as np
import pytest

from support import (LAYOUTS, TypingError, check, cpython_differs, is_numba, jitted, make_layout, no_leaks,
                     numba_differs, pycomp_only, sample_array)

# ------------------------------------------------------------------ inputs

A2 = sample_array((3, 4), np.float64)
I2 = sample_array((3, 4), np.int32)


def layouts_of(a):
    return [pytest.param(a, layout, id=layout) for layout in LAYOUTS]


def run(fn, *args, **kw):
    with no_leaks():
        check(fn, *args, **kw)


def leak_check():
    """``no_leaks()`` where an exception is raised: pycomp releases what the
    failing call owned; Numba leaks it (a documented difference)."""
    return contextlib.nullcontext() if is_numba else no_leaks()


def run_error(fn, *args, **kw):
    """Compare an exception with NumPy's (the class; messages differ)."""
    with leak_check():
        check(fn, *args, match_message=False, **kw)


# ------------------------------------------------------------------ attributes


def attrs(a):
    return a.itemsize, a.nbytes, a.strides, a.shape, a.ndim, a.size


def attrs_T(a):
    return a.T, a.T.strides, a.T.shape


def attrs_dtype(a):
    return np.zeros(3, a.dtype), np.ones(a.shape, dtype=a.dtype)


def attrs_real_imag(a):
    return a.real, a.imag


def attrs_real_sum(a):
    return a.real.sum() + a.imag.sum() * 2


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.float64, np.int16, np.complex64])
def test_attributes(layout, dtype):
    a = make_layout(sample_array((3, 4), dtype), layout)
    run(attrs, a)
    run(attrs_T, a)
    run(attrs_dtype, a)
    if layout in ("C", "F", "readonly") or np.dtype(dtype).kind == "c":
        run(attrs_real_imag, a)
        run(attrs_real_sum, a)


@numba_differs("Numba cannot make the zeros of a.imag for a non-contiguous real array")
def test_imag_of_strided_real_array():
    run(attrs_real_imag, make_layout(A2, "strided"))
    run(attrs_real_sum, make_layout(I2, "negstrided"))


@pytest.mark.parametrize("a", [np.array(2.5), np.zeros((0, 3)), np.arange(5.0), np.zeros((2, 3, 4))],
                         ids=["0d", "empty", "1d", "3d"])
def test_attributes_shapes(a):
    run(attrs, a)
    run(attrs_T, a)
    run(attrs_dtype, a)
    run(attrs_real_imag, a)


def write_real(a):
    a.real[0] = 5.0
    a.imag[1] = -1.0
    return a


def test_real_imag_are_views():
    a = np.arange(3.0) + 1j
    with no_leaks():
        check(write_real, a, compare_args=True)


def ctypes_data(a):
    return a.ctypes.data


def test_ctypes_data():
    a = A2.copy()
    assert jitted(ctypes_data)(a) == a.ctypes.data


def flat_sum(a):
    s = 0.0
    k = 1.0
    for x in a.flat:
        s += x * k
        k += 1.0
    return s


def flat_index(a, i):
    return a.flat[i], len(a.flat)


def flat_store(a):
    a.flat[3] = 7
    a.flat[-1] = 9
    return a


@pytest.mark.parametrize("layout", LAYOUTS)
def test_flat(layout):
    a = make_layout(A2, layout)
    run(flat_sum, a)
    run(flat_index, a, 5)
    if layout != "readonly":
        run(flat_store_positive, a)


def flat_store_positive(a):
    a.flat[3] = 7
    a.flat[11] = 9
    return a


def test_flat_0d_empty():
    run(flat_sum, np.array(3.0))
    run(flat_sum, np.zeros((2, 0)))
    run(flat_store_positive, make_layout(A2, "negstrided"))


@numba_differs("Numba's a.flat[i] neither wraps a negative index nor checks the bounds")
def test_flat_negative_and_out_of_range():
    run(flat_index, A2, -2)
    run(flat_store, make_layout(A2, "F"))
    run_error(flat_index, A2, 12)


# ------------------------------------------------------------------ views


def reshape_forms(a):
    return a.reshape(4, 3), a.reshape((2, -1)), a.reshape(12), a.reshape((2, 2, 3)), a.reshape(-1)


def reshape_changes_base(a):
    b = a.reshape(4, 3)
    b[0, 1] = 100.0
    return a


def ravel(a):
    return a.ravel()


def flatten(a):
    return a.flatten()


def transpose_forms(a):
    return a.transpose(), a.transpose((1, 0)), a.transpose(1, 0), a.transpose(-1, 0), np.transpose(a)


def transpose3(a):
    return a.transpose((2, 0, 1)), a.transpose(1, 2, 0), a.T


def view_dtypes(a):
    return a.view(np.int64), a.view(np.uint8), a.view(np.float32)


@pytest.mark.parametrize("a", [A2, sample_array((3, 4), np.int64)], ids=["f8", "i8"])
def test_reshape(a):
    run(reshape_forms, a)
    run(reshape_changes_base, A2)
    run(reshape_forms, make_layout(a, "readonly"))


def test_reshape_empty_and_0d():
    run(lambda a: a.reshape(0, 5), np.zeros((2, 0)))
    run(lambda a: a.reshape(1, 1), np.array(4.0))
    run(lambda a: a.reshape(()), np.ones(1))


def reshape5(a):
    return a.reshape(5)


def reshape_two_unknown(a):
    return a.reshape(-1, -1)


def test_reshape_errors():
    run_error(reshape5, A2)  # ValueError (NumPy's message differs)
    run_error(reshape_two_unknown, A2)
    with leak_check(), pytest.raises(NotImplementedError):  # no view of an F array in C order (Numba's error)
        jitted(reshape_forms)(np.asfortranarray(A2))


def test_reshape_of_non_contiguous_is_a_typing_error():
    with pytest.raises(TypingError) as e:
        jitted(reshape_forms)(A2[:, ::2].copy()[:, ::2])
    assert "contiguous" in str(e.value)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_ravel_flatten(layout):
    a = make_layout(A2, layout)
    run(ravel, a)
    run(flatten, a)


def test_ravel_0d_empty():
    run(ravel, np.array(3.0))
    run(flatten, np.zeros((0, 2)))
    run(ravel, np.zeros((0, 2)))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_transpose(layout):
    a = make_layout(A2, layout)
    run(transpose_forms, a)
    run(transpose3, make_layout(sample_array((2, 3, 4), np.float64), layout))


def transpose_repeated(a):
    return a.transpose(0, 0)


def transpose_out_of_range(a):
    return a.transpose(0, 2)


def test_transpose_errors():
    with leak_check(), pytest.raises(ValueError):
        jitted(transpose_repeated)(A2)
    with leak_check(), pytest.raises(ValueError):
        jitted(transpose_out_of_range)(A2)


def swapaxes(a):
    return a.swapaxes(0, 1), a.swapaxes(-1, 0), a.swapaxes(1, 1)


@numba_differs("Numba 0.68 has no ndarray.swapaxes")
@pytest.mark.parametrize("layout", ["C", "F", "negstrided"])
def test_swapaxes(layout):
    run(swapaxes, make_layout(sample_array((2, 3, 4), np.float64), layout))


@pytest.mark.parametrize("layout", ["C", "readonly"])
def test_view(layout):
    run(view_dtypes, make_layout(A2, layout))
    run(lambda a: a.view(np.int32), np.ones(3, np.float32))
    run(lambda a: a.view(np.uint8), np.array([True, False]))
    run(lambda a: a.view(np.int64), np.array(2.5))


def view_int32(a):
    return a.view(np.int32)


def view_c16(a):
    return a.view(np.complex128)


def test_view_errors():
    run_error(view_int32, A2[:, ::2])
    run_error(view_c16, np.arange(3.0))


def view_write(a):
    v = a.view(np.int64)
    v[0] = 0
    return a


def test_view_shares_memory():
    run(view_write, np.arange(3.0))


# ------------------------------------------------------------------ copies and conversions


def copy(a):
    return a.copy()


def astype_forms(a):
    return a.astype(np.float32), a.astype("i2"), a.astype(np.int64), a.astype(np.complex128), a.astype(np.bool_)


def astype_like(a, b):
    return a.astype(b.dtype)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_copy_astype(layout):
    a = make_layout(A2 * 3, layout)
    run(copy, a)
    run(astype_forms, a)
    run(astype_like, make_layout(I2, layout), A2)


def astype_int32(a):
    return a.astype(np.int32)


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_astype_keeps_f_order(layout):
    """NumPy's astype keeps the memory order (order="K"): an F array gives
    an F array, others a C array."""
    a = make_layout(A2 * 3, layout)
    got = jitted(astype_int32)(a)
    want = astype_int32(a)
    np.testing.assert_array_equal(got, want)
    assert got.strides == want.strides and got.dtype == want.dtype


def test_copy_is_independent():
    def f(a):
        b = a.copy()
        b[0, 0] = 99.0
        return a, b
    run(f, A2)
    run(copy, np.array(4.0))
    run(copy, np.zeros((3, 0)))


def astype_complex_to_float(a):
    return a.astype(np.float64)


def test_astype_complex_to_float_is_a_typing_error():
    """NumPy drops the imaginary part (with a warning); Numba and pycomp
    refuse at typing."""
    with pytest.raises(TypingError):
        jitted(astype_complex_to_float)(np.ones(2, np.complex128))
    astype_complex_to_float(np.ones(2))  # noqa: numpy accepts


def fill(a, v):
    a.fill(v)
    return a


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
def test_fill(layout):
    run(fill, make_layout(A2, layout), 2.5)
    run(fill, make_layout(I2, layout), 3)
    run(fill, np.zeros((0, 2)), 4.0)


@numba_differs("Numba cannot fill a 0-d array")
def test_fill_0d():
    run(fill, np.array(1.0), 4.0)


def item(a):
    return a.item()


def test_item():
    run(item, np.array(2.5))
    run(item, np.array([[7]], np.int16))
    run(item, np.array([True]))
    run(item, A2[1:2, 2:3])
    run_error(item, A2)
    run_error(item, np.zeros(0))


def nonzero(a):
    return a.nonzero()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_nonzero(layout):
    a = make_layout(np.array([[0, 1, 0, 3], [2, 0, 0, 1], [0, 0, 0, 0]], np.int32), layout)
    run(nonzero, a)
    run(lambda a: np.nonzero(a), a)
    run(nonzero, np.array([0.0, 1.5, 0.0, -2.0]))
    run(nonzero, np.zeros((2, 0)))


def test_nonzero_0d_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(nonzero)(np.array(1))


def clip(a):
    return a.clip(-1, 2), a.clip(None, 1), a.clip(0, None), np.clip(a, 0, 1)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.float64, np.int32])
def test_clip(layout, dtype):
    run(clip, make_layout(sample_array((3, 4), dtype), layout))


def round_(a):
    return a.round(), a.round(2), a.round(-1)


@numba_differs("Numba 0.68 has no ndarray.round")
@pytest.mark.parametrize("layout", ["C", "F", "negstrided"])
def test_round(layout):
    a = make_layout(np.array([[0.5, 1.5, 2.5, -0.5], [1.234, -5.678, 14.9, 15.0]]), layout)
    run(round_, a)
    run(lambda a: a.round(), np.array([1, 2, 3]))


def conj(a):
    return a.conj(), a.conjugate()


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64, np.float64, np.int32])
def test_conj(dtype):
    run(conj, make_layout(sample_array((3, 4), dtype), "negstrided"))
    run(conj, sample_array((3,), dtype))


def dot(a, b):
    return a.dot(b)


@numba_differs("Numba's dot needs SciPy (BLAS), absent here")
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_dot(layout):
    a = make_layout(sample_array((3, 4), np.float64), layout)
    b = make_layout(sample_array((4, 2), np.float64, seed=1), layout)
    run(dot, a, b)
    run(dot, a, b[:, 0].copy())
    run(dot, a[0].copy(), b)
    run(dot, a[0].copy(), a[1].copy())
    run(dot, sample_array((2, 3), np.int32), sample_array((3, 2), np.int32))
    run(dot, np.zeros((2, 0)), np.zeros((0, 3)))
    run_error(dot, a, a)  # shapes not aligned: ValueError


# ------------------------------------------------------------------ reductions


def reduce_all(a):
    return a.sum(), a.prod(), a.min(), a.max(), a.argmin(), a.argmax(), a.any(), a.all()


def reduce_stats(a):
    return a.mean(), a.var(), a.std()


def reduce_cumulative(a):
    return a.cumsum(), a.cumprod()


def reduce_functions(a):
    return (np.sum(a), np.prod(a), np.min(a), np.max(a), np.amin(a), np.amax(a), np.argmin(a), np.argmax(a),
            np.any(a), np.all(a), np.mean(a), np.var(a), np.std(a), np.cumsum(a), np.cumprod(a))


REDUCE_DTYPES = [np.int8, np.int32, np.int64, np.uint8, np.uint64, np.float32, np.float64, np.bool_]


@pytest.mark.parametrize("dtype", REDUCE_DTYPES)
def test_reductions_dtypes(dtype):
    a = sample_array((3, 4), dtype)
    if np.dtype(dtype).kind in "iu":
        a = a % 3 + 1  # products stay small
    run(reduce_all, a)
    run(reduce_stats, a)
    run(reduce_cumulative, a)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_reductions_layouts(layout):
    a = make_layout(A2, layout)
    run(reduce_all, a)
    run(reduce_stats, a)
    run(reduce_cumulative, a)
    run(reduce_functions, a)
    run(reduce_all, make_layout(I2 % 4, layout))


def test_reductions_complex():
    a = sample_array((3, 4), np.complex128)
    run(lambda a: (a.sum(), a.prod(), a.mean(), a.var(), a.std(), a.any(), a.all()), a)
    run(reduce_cumulative, a)


def test_reductions_0d_and_3d():
    run(reduce_all, np.array(2.5))
    run(reduce_stats, np.array(2.5))
    run(reduce_cumulative, np.array(3))
    run(reduce_all, sample_array((2, 3, 4), np.float64))


def test_reductions_empty():
    e = np.zeros((0, 3))
    run(lambda a: (a.sum(), a.prod(), a.any(), a.all(), a.mean()), e)
    run(reduce_cumulative, e)
    for fn in (lambda a: a.min(), lambda a: a.max(), lambda a: a.argmin(), lambda a: a.argmax()):
        run_error(fn, e)  # ValueError


def test_reductions_nan():
    a = np.array([1.0, np.nan, -3.0, np.nan])
    run(reduce_all, a)
    run(reduce_all, np.array([np.nan, 1.0]))
    run(reduce_stats, a)


def sum_dtype(a):
    return a.sum(dtype=np.float32), a.sum(dtype=np.int64)


def test_sum_dtype():
    run(sum_dtype, I2)


def reduce_axis(a, axis):
    return a.sum(axis=axis), a.sum(axis), a.argmin(axis=axis), a.argmax(axis), a.cumsum(axis=axis), \
        np.sum(a, axis=axis)


def cumprod_axis(a, axis):
    return a.cumprod(axis=axis)


@numba_differs("Numba 0.68's cumprod takes no axis")
def test_cumprod_axis():
    run(cumprod_axis, I2 % 3 + 1, 0)
    run(cumprod_axis, make_layout(A2, "F"), -1)


def reduce_axis_more(a, axis):
    return (a.min(axis=axis), a.max(axis), a.mean(axis=axis), a.var(axis=axis), a.std(axis=axis, ddof=1),
            a.any(axis=axis), a.all(axis), np.min(a, axis), np.amax(a, axis=axis), np.mean(a, axis=axis),
            np.var(a, axis, ddof=1), np.std(a, axis=axis), np.any(a, axis=axis), np.all(a, axis))


def reduce_ddof(a):
    return a.var(ddof=1), a.std(ddof=2), np.var(a, ddof=0), np.std(a, ddof=1)


@numba_differs("Numba 0.68's min, max, mean, var, std, any and all take no axis (nor ddof)")
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_more_reductions_axis(layout, axis):
    run(reduce_axis_more, make_layout(A2, layout), axis)
    run(reduce_axis_more, make_layout(I2, layout), axis)


@numba_differs("Numba 0.68's min, max, mean, var, std, any and all take no axis (nor ddof)")
@pytest.mark.parametrize("axis", [0, 2, -2])
def test_more_reductions_axis_3d_1d_and_dtypes(axis):
    run(reduce_axis_more, sample_array((2, 3, 4), np.float64), axis)
    run(reduce_axis_more, sample_array((2, 3, 4), np.float32), axis)
    run(reduce_axis_more, sample_array((2, 3, 4), np.int8) % 5, axis)
    run(lambda a, axis: (a.mean(axis=axis), a.var(axis=axis), a.std(axis=axis), a.any(axis=axis)),
        sample_array((2, 3, 4), np.complex128), axis)
    run(reduce_axis_more, sample_array((5,), np.float64), axis % 1)
    run(reduce_ddof, make_layout(A2, "F"))
    run(reduce_ddof, np.array([1.0, np.nan, 2.0]))


@numba_differs("Numba 0.68's min, max, mean, var, std, any and all take no axis (nor ddof)")
def test_more_reductions_axis_empty_and_errors():
    e = np.zeros((0, 3))
    run(lambda a: (a.any(axis=0), a.all(axis=1), a.mean(axis=1), a.var(axis=1), a.std(axis=0, ddof=1)), e)
    run(lambda a: (a.min(axis=1), a.max(axis=1)), e)  # an empty result: no reduction of nothing
    run_error(lambda a: a.min(axis=0), e)  # ValueError: zero-size array
    run_error(lambda a: a.var(axis=2), A2)  # axis out of range
    run(lambda a: a.max(axis=1), np.array([[1.0, np.nan], [3.0, 2.0]]))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_reductions_axis(layout, axis):
    run(reduce_axis, make_layout(I2, layout), axis)
    run(reduce_axis, make_layout(A2, layout), axis)


@pytest.mark.parametrize("axis", [0, 1, 2, -2])
def test_reductions_axis_3d(axis):
    run(reduce_axis, sample_array((2, 3, 4), np.float64), axis)


def test_reductions_axis_1d():
    run(reduce_axis, sample_array((5,), np.float64), 0)


def test_reductions_axis_out_of_range():
    with leak_check(), pytest.raises(ValueError):  # numpy.exceptions.AxisError
        jitted(reduce_axis)(A2, 2)
    with leak_check(), pytest.raises(ValueError):
        jitted(reduce_axis)(A2, -3)


def argmin_axis_of_empty(a):
    return a.argmin(axis=1)


@numba_differs("Numba's argmin(axis) of an empty axis raises ZeroDivisionError")
def test_argmin_axis_of_empty():
    run_error(argmin_axis_of_empty, np.zeros((2, 0)))


def sum_of_float_axis(a):
    return a.sum(axis=1.5)


def test_reduction_wrong_argument_types_name_the_line():
    with pytest.raises(TypingError) as e:
        jitted(sum_of_float_axis)(A2)
    assert "a.sum(axis=1.5)" in str(e.value)


# ------------------------------------------------------------------ sorting


def sort(a):
    a.sort()
    return a


def argsort(a):
    return a.argsort(), np.argsort(a), np.sort(a)


SORT_INPUTS = {
    "floats": sample_array((50,), np.float64),
    "nans": np.array([3.0, np.nan, 1.0, -np.inf, np.nan, 2.0, np.inf, 0.0] * 5),
    "ints": np.random.default_rng(3).permutation(200).astype(np.int32),
    "sorted": np.arange(40.0),
    "reversed": np.arange(40.0)[::-1].copy(),
    "one": np.array([5]),
    "empty": np.zeros(0),
}


@pytest.mark.parametrize("name", list(SORT_INPUTS))
def test_sort(name):
    a = SORT_INPUTS[name]
    run(sort, a)
    run(sort, make_layout(a, "negstrided"))


def test_sort_duplicates_and_2d():
    run(sort, np.random.default_rng(1).integers(0, 5, 300))
    run(sort, sample_array((4, 30), np.float64))
    run(sort, make_layout(sample_array((4, 30), np.float64), "F"))


@pytest.mark.parametrize("name", ["floats", "ints", "sorted", "reversed", "one", "empty"])
def test_argsort(name):
    run(argsort, SORT_INPUTS[name])


def test_argsort_nan_last():
    run(argsort, np.array([3.0, np.nan, 1.0, -np.inf, 2.0, np.inf, 0.0]))
    run(argsort_stable, SORT_INPUTS["nans"])


def argsort_stable(a):
    return a.argsort(kind="mergesort")


def test_argsort_stable_with_ties():
    run(argsort_stable, np.random.default_rng(2).integers(0, 4, 100))


def test_sort_readonly_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(sort)(make_layout(np.arange(3.0), "readonly"))


# ------------------------------------------------------------------ leaks of views


def view_outlives_base(n):
    a = np.ones(n)
    v = a.reshape(2, n // 2).T
    return v


@pycomp_only("the view keeps the base's memory block alive (pycomp's allocation statistics)")
def test_view_keeps_base_alive():
    with no_leaks():
        v = jitted(view_outlives_base)(6)
        assert v.shape == (3, 2) and v.sum() == 6.0
        del v


def views_in_loop(a):
    s = 0.0
    for i in range(10):
        b = a.copy().reshape(-1).T
        s += b.sum() + b.view(np.int64)[0] * 0
    return s


def test_views_in_loop_do_not_leak():
    run(views_in_loop, A2)



def identity(a, b):
    return a is a, a is not a, a is b, a is a[::2]


def test_is_compares_array_identity():
    """``a is b`` on arrays: the same meminfo, data, shape and strides (as
    Numba: a view equal in all of these counts as the same array)."""
    a = np.arange(4.0)
    check(identity, a, a)
    check(identity, a, a.copy())


# ------------------------------------------------------------------ clip with array bounds and out=, take

CLIP_A = np.linspace(-10, 10, 40).reshape(5, 2, 4)
CLIP_LO = np.arange(-8, 0).astype(np.float64).reshape(2, 4)
CLIP_HI = np.arange(0, 8).astype(np.float64).reshape(2, 4)


def np_clip_out(a, lo, hi, out):
    r = np.clip(a, lo, hi, out=out)
    return r, out


def method_clip_out(a, lo, hi, out):
    r = a.clip(lo, hi, out)
    return r, out


def np_clip3(a, lo, hi):
    return np.clip(a, lo, hi)


@pytest.mark.parametrize("lo", [0, -5.5, CLIP_LO, None], ids=["int", "float", "array", "none"])
@pytest.mark.parametrize("hi", [5, CLIP_HI, None], ids=["int", "array", "none"])
def test_clip_array_bounds(lo, hi):
    if lo is None and hi is None:
        return
    check(np_clip3, CLIP_A, lo, hi)
    check(np_clip3, make_layout(CLIP_A, "F"), lo, hi)
    check(np_clip_out, CLIP_A, lo, hi, np.empty_like(CLIP_A))
    check(method_clip_out, CLIP_A[::-1], lo, hi, np.empty_like(CLIP_A))


@pytest.mark.parametrize("a, lo, hi", [
    (np.array([1.0, np.nan, 3.0]), 0, 2), (np.arange(5.0), np.arange(5.0)[::-1], None),
    (np.arange(5, dtype=np.int32), 1, 3)], ids=range(3))
def test_clip_nans_and_array_bounds(a, lo, hi):
    check(np_clip3, a, lo, hi)


@numba_differs("Numba's clip keeps an int array's dtype for a float bound, ignores a NaN bound, refuses "
               "bounds of another dtype and gives a 0-d array for a 0-d input")
@pytest.mark.parametrize("a, lo, hi", [
    (np.arange(10), 2.5, 7), (np.array([1.0, 2.0, 3.0]), np.nan, 2),
    (np.arange(6, dtype=np.int32).reshape(2, 3), np.array([1, 2, 3], dtype=np.int64), 4),
    (np.array(2.5), 0, 1)], ids=range(4))
def test_clip_dtypes_as_numpy(a, lo, hi):
    check(np_clip3, a, lo, hi)


@numba_differs("Numba's np.clip takes arrays only")
def test_clip_of_list():
    check(np_clip3, [1, 5, 9], 2, 6)


@pytest.mark.parametrize("lo, hi", [(0, np.arange(5.0).reshape(5, 1)), (np.arange(5.0).reshape(5, 1), 5)],
                         ids=["hi", "lo"])
def test_clip_no_broadcast(lo, hi):
    check(np_clip3, CLIP_A, lo, hi, match_message=False)


def test_clip_out_shape_mismatch():
    buf = np.full(8, 999.0)
    with pytest.raises(ValueError):
        jitted(np_clip_out)(np.arange(5.0), 0.0, 3.0, buf[:3])
    assert (buf == 999.0).all()
    with pytest.raises(TypingError, match='"out" must have the same number of dimensions'):
        jitted(np_clip_out)(np.arange(5.0), 0.0, 3.0, np.empty((2, 5)))


def clip_none(a):
    return np.clip(a, None, None)


@cpython_differs("NumPy 2.x returns a copy; pycomp raises ValueError, as Numba")
def test_clip_without_bounds():
    with pytest.raises(ValueError, match="must set either max or min"):
        jitted(clip_none)(np.arange(3.0))


def test_clip_errors():
    with pytest.raises(TypingError, match='"a" must be array-like'):
        jitted(np_clip3)(None, 0, 10)
    with pytest.raises(TypingError, match='"out" must be an array if it is provided'):
        jitted(np_clip_out)(np.arange(3.0), 1, 10, 6)


def take(a, indices):
    return a.take(indices)


TAKE_INDICES = [1, 11, -2, np.array([1, 5, 1, 11, 3]), make_layout(np.array([[1, 5, 1], [11, 3, 0]]), "F"),
                [1, 5, 1, 11, 3], (1, 5, 1), ((1, 5, 1), (11, 3, 2))]


@pytest.mark.parametrize("layout", ["C", "F", "negstrided"])
@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.complex128, np.bool_])
@pytest.mark.parametrize("indices", TAKE_INDICES, ids=range(len(TAKE_INDICES)))
def test_take(layout, dtype, indices):
    check(take, make_layout(np.arange(12).astype(dtype).reshape(4, 3), layout), indices)


@pytest.mark.parametrize("indices", [12, -13, [12], np.array([0, 12])], ids=range(4))
def test_take_out_of_bounds(indices):
    check(take, np.arange(12.0).reshape(4, 3), indices, match_message=False)


def test_take_float_indices():
    with pytest.raises(TypingError):
        jitted(take)(np.arange(4.0), [1.7])


@numba_differs("Numba's np.clip takes arrays only")
@pytest.mark.parametrize("a, lo, hi", [(5, 1, 10), (-2.5, 0, None), (True, None, 0)], ids=range(3))
def test_clip_of_a_number(a, lo, hi):
    check(np_clip3, a, lo, hi)


def imag_of(a):
    return a.imag


@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float32, np.float64, np.bool_])
def test_imag_of_a_real_array_is_read_only_zeros(dtype):
    a = np.arange(6).astype(dtype).reshape(2, 3)
    got = jitted(imag_of)(a)
    expected = imag_of(a)
    assert got.dtype == expected.dtype and got.shape == expected.shape and (got == 0).all()
    assert not got.flags.writeable
    with pytest.raises(ValueError):
        got[0, 0] = 1


def real_of(a):
    return a.real


@pytest.mark.parametrize("func", [real_of, imag_of])
def test_real_and_imag_of_a_record_array_are_typing_errors(func):
    """NumPy gives the array itself and zeros; Numba refuses (most likely a
    mistake), and so does pycomp."""
    arr = np.zeros(3, dtype=[("real", np.float32), ("imag", np.complex64)])
    with pytest.raises(TypingError, match="cannot access .%s of array of Record" % func.__name__[:4]):
        jitted(func)(arr)
