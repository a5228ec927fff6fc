"""Error paths and result layouts of joining arrays and of a few creation
functions, against NumPy (and Numba's compile-time errors where the types
already decide): np.concatenate / np.stack / the *stack functions (F inputs
give an F result; different dimensions, incompatible dtypes, 0-d arrays and
non-arrays are TypingErrors; mismatched extents a ValueError naming the
dimension), as_strided(strides=None), np.eye with a NumPy scalar as its
dtype, np.empty_like / np.zeros_like of a record, and a too-large
allocation."""

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, no_leaks
from test_np_manipulation import column_stack, dstack, hstack, vstack

F2 = np.asfortranarray(np.arange(12.0).reshape(3, 4))
F2B = np.asfortranarray(np.arange(12.0).reshape(3, 4) * 2 - 5)
F3 = np.asfortranarray(np.arange(24).reshape(2, 3, 4))
C2 = np.arange(12.0).reshape(3, 4) + 0.5
V1 = np.arange(4.0)
REC = np.dtype([("a", np.int16), ("b", np.float32)])


def concat0(a, b):
    return np.concatenate((a, b))


def concat1(a, b):
    return np.concatenate((a, b), axis=1)


def concat_neg(a, b):
    return np.concatenate((a, b), -1)


def concat3(a, b, c):
    return np.concatenate((a, b, c))


def concat_axis(a, b, c, axis):
    return np.concatenate((a, b, c), axis=axis)


def stack0(a, b):
    return np.stack((a, b))


def stack_last(a, b):
    return np.stack((a, b), axis=-1)


def _flags(x):
    return x.flags.c_contiguous, x.flags.f_contiguous


# ------------------------------------------------------------------ layouts of joined arrays

LAYOUT_CASES = [
    ("FF", F2, F2B), ("FC", F2, C2), ("CF", C2, F2), ("CC", C2, C2 + 1), ("F3", F3, F3 + 1),
    ("F.T", F2.T, F2B.T), ("1d", V1, V1 + 1),
]


@pytest.mark.parametrize("func", [concat0, concat1, concat_neg, hstack, vstack, column_stack],
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("label, a, b", LAYOUT_CASES, ids=[c[0] for c in LAYOUT_CASES])
def test_joined_layout_is_numpys(func, label, a, b):
    """F when every input is F-contiguous, C otherwise (NumPy's order for these inputs)."""
    if func is concat1 and a.ndim == 1 or func is column_stack and a.ndim == 3:
        pytest.skip("not defined for these dimensions")
    got = check(func, a, b)
    want = func(a, b)
    assert _flags(got) == _flags(want)
    assert got.strides == want.strides


@pytest.mark.parametrize("func", [stack0, stack_last, dstack], ids=lambda f: f.__name__)
@pytest.mark.parametrize("label, a, b", LAYOUT_CASES, ids=[c[0] for c in LAYOUT_CASES])
def test_stacked_layout(func, label, a, b):
    """np.stack and np.dstack: C for inputs not all F (as NumPy); F for F
    inputs, Numba's rule (NumPy gives a permuted, non-contiguous order)."""
    got = check(func, a, b)
    all_f = a.flags.f_contiguous and not a.flags.c_contiguous and b.flags.f_contiguous and a.ndim > 1
    if all_f:
        assert got.flags.f_contiguous
    else:
        assert _flags(got) == _flags(func(a, b)) or got.ndim > 1 and got.flags.c_contiguous


@pytest.mark.parametrize("func", [concat0, concat1, hstack, vstack, column_stack, stack0],
                         ids=lambda f: f.__name__)
def test_joined_non_contiguous_inputs_give_c(func):
    """Inputs typed neither C nor F give a C result, Numba's rule (NumPy
    follows the inputs' stride order, here F-like)."""
    a, b = F2[::-1], F2B[::-1]
    got = check(func, a, b)
    assert got.flags.c_contiguous


def test_concatenate_f_of_three_and_compatible_sizes():
    a = np.arange(24).reshape((4, 3, 2))
    f = (a + 20).copy(order="F")
    for axis in (0, 1, 2, -1):
        got = check(concat_axis, a.T, (a + 10).T, a.T, axis)
        assert got.strides == concat_axis(a.T, (a + 10).T, a.T, axis).strides
    check(concat3, a[1:], a + 10, f[::-1])
    with no_leaks():
        jitted(concat_axis)(f, f, f, 1)


def test_concatenate_of_records():
    a = np.zeros(3, REC)
    a["a"] = [1, 2, 3]
    b = np.ones(2, REC)
    got = jitted(concat0)(a, b)
    want = concat0(a, b)
    assert got.dtype == want.dtype and np.array_equal(got, want)


# ------------------------------------------------------------------ errors the types decide


def test_concatenate_dimensions_differ():
    with pytest.raises(TypingError, match="all the input arrays must have same number of dimensions"):
        jitted(concat3)(np.arange(15), np.arange(15).reshape(3, 5), np.arange(15).reshape(3, 5))


def test_concatenate_incompatible_dtypes():
    a = np.arange(15)
    c = a.astype(np.dtype([("x", np.int8)]))
    with pytest.raises(TypeError):  # NumPy: no common dtype
        concat3(a, c, c)
    with pytest.raises(TypingError, match="input arrays must have compatible dtypes"):
        jitted(concat3)(a, c, c)


def test_concatenate_0d():
    d = np.array(42)
    with pytest.raises(ValueError, match="zero-dimensional arrays cannot be concatenated"):
        concat3(d, d, d)
    with pytest.raises(TypingError, match="zero-dimensional arrays cannot be concatenated"):
        jitted(concat3)(d, d, d)


def test_concatenate_non_tuple_of_arrays():
    c = np.arange(3)
    with pytest.raises(TypingError, match="expecting a non-empty tuple of arrays"):
        jitted(concat3)(c, 1, c)


def test_stack_dimensions_differ():
    with pytest.raises(ValueError, match="same shape"):
        stack0(np.arange(3.0), np.ones((1, 3)))
    with pytest.raises(TypingError, match="same number of dimensions"):
        jitted(stack0)(np.arange(3.0), np.ones((1, 3)))


def test_stack_incompatible_dtypes():
    with pytest.raises(TypingError, match="compatible dtypes"):
        jitted(stack0)(np.zeros(2, REC), np.arange(2))


# ------------------------------------------------------------------ errors the values decide


@pytest.mark.parametrize("axis, b, dim", [(1, (4, 3, 2), 0), (2, (4, 3, 2), 0), (-1, (4, 3, 2), 0),
                                          (0, (4, 2, 2), 1), (2, (4, 2, 2), 1), (-3, (4, 2, 2), 1)])
def test_concatenate_sizes_differ(axis, b, dim):
    """NumPy's ValueError; the message names the dimension, as Numba's does."""
    a = np.arange(18).reshape((3, 3, 2)) if dim == 0 else np.arange(24).reshape((4, 3, 2))
    bb = np.zeros(b, np.int64)
    check(concat_axis, a, bb, bb, axis, match_message=False)
    with pytest.raises(ValueError, match="input sizes over dimension %d do not match" % dim):
        jitted(concat_axis)(a, bb, bb, axis)


def test_concatenate_sizes_differ_no_axis():
    a = np.arange(24).reshape((4, 3, 2))
    with pytest.raises(ValueError, match="input sizes over dimension 1 do not match"):
        jitted(concat3)(a, a[:, 1:], a)


# ------------------------------------------------------------------ as_strided, np.eye, *_like, np.empty


def test_as_strided_strides_none_is_a_typing_error():
    def f():
        arr = np.arange(24).reshape((6, 4))
        return np.lib.stride_tricks.as_strided(arr, strides=None)

    with pytest.raises(TypingError, match="strides argument cannot be None"):
        jitted(f)()


@pytest.mark.parametrize("dt", [np.complex64(1), np.float32(2.5), np.int16(3), np.complex128(0)], ids=repr)
@pytest.mark.parametrize("n", [1, 3])
def test_eye_dtype_from_a_numpy_scalar(n, dt):
    """A NumPy scalar given as the dtype names its class's dtype."""
    def f(n, dtype=dt):
        return np.eye(n, dtype=dtype)

    check(f, n)
    check(f, n, dt)


@pytest.mark.parametrize("fn", [np.empty_like, np.zeros_like], ids=lambda f: f.__name__)
def test_like_of_a_record(fn):
    arr = np.linspace(0, 5, 6).astype(REC)

    def f(a):
        return fn(a)

    for x in (arr, arr.reshape(2, 3), arr[::2], arr[0]):
        got = jitted(f)(x)
        want = f(x)
        assert got.dtype == want.dtype and got.shape == want.shape and got.strides == want.strides
        if fn is np.zeros_like:
            assert np.array_equal(got, want)


def test_allocation_too_large_is_a_memory_error():
    """Numba's MemoryError (NumPy raises a ValueError before allocating)."""
    def f(n):
        return np.empty(n)

    with pytest.raises(MemoryError, match="Allocation failed"):
        jitted(f)(np.iinfo(np.uintp).max // 8 // 2)


# ------------------------------------------------------------------ np.broadcast_to of a string, np.fill_diagonal


def broadcast_text(shape):
    return np.broadcast_to("ab", shape)


def test_broadcast_to_of_a_string():
    check(broadcast_text, (2, 3))


def fill_diagonal(a, val):
    np.fill_diagonal(a, val)
    return a


@pytest.mark.parametrize("dtype,val", [(np.int8, np.array([1000])), (np.uint8, np.array([-1])),
                                       (np.int32, np.array([np.inf])), (np.int64, np.array([np.nan])),
                                       (np.float32, np.array([1e300]))],
                         ids=["int8-1000", "uint8-neg", "int-inf", "int-nan", "f32-1e300"])
def test_fill_diagonal_values_that_do_not_fit_are_a_value_error(dtype, val):
    # Numba's check (NumPy casts silently): ValueError, nothing written
    a = np.zeros((3, 3), dtype)
    with pytest.raises(ValueError, match="Unable to safely conform val to a.dtype"):
        jitted(fill_diagonal)(a, val)
    assert not a.any()


def test_fill_diagonal_values_that_fit():
    check(fill_diagonal, np.zeros((3, 3), np.int8), np.array([100, -100, 7]))
    check(fill_diagonal, np.zeros((3, 3), np.float32), np.array([1e30, np.inf, np.nan]))
    check(fill_diagonal, np.zeros((3, 3)), np.array([True, False]))
