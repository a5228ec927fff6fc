"""Arrays made in compiled code: creation (np.empty, zeros, ones, full),
returning them to Python, and their memory (freed on every path: returns,
branches, loops, exceptions), each compared with NumPy and checked for
leaks with the runtime's statistics."""

import numpy as np
import pytest

from support import assert_same, check, is_numba, jitted, no_leaks, njit, numba_differs, pycomp_only, types

# ------------------------------------------------------------------ creation


def zeros_n(n):
    return np.zeros(n)


def ones_2d(n, m):
    return np.ones((n, m))


def zeros_0d():
    return np.zeros(())


def full_int(n):
    return np.full(n, 7)


def full_float_3d(n):
    return np.full((2, n, 3), 2.5)


def full_bool(n):
    return np.full(n, True)


def empty_shape(n, m):
    a = np.empty((n, m))
    return a.shape


@pytest.mark.parametrize("func, args", [
    (zeros_n, (5,)), (zeros_n, (0,)), (ones_2d, (3, 4)), (ones_2d, (0, 4)), (zeros_0d, ()),
    (full_int, (4,)), (full_float_3d, (2,)), (full_bool, (3,)), (empty_shape, (3, 2)),
])
def test_creation_matches_numpy(func, args):
    check(func, *args)


def zeros_f32(n):
    return np.zeros(n, np.float32)


def zeros_i32_kw(n):
    return np.zeros(n, dtype=np.int32)


def ones_string_dtype(n):
    return np.ones((n, 2), "f4")


def ones_int16_string(n):
    return np.ones(n, dtype="int16")


def ones_bool(n):
    return np.ones(n, np.bool_)


def zeros_complex(n):
    return np.zeros(n, np.complex128)


def ones_python_int(n):
    return np.ones(n, int)


def ones_python_float(n):
    return np.ones(n, dtype=float)


def full_dtype(n):
    return np.full(n, 3, np.uint8)


def full_cast(n):
    return np.full(n, 2.7, dtype=np.int64)


def full_of_int32(n):
    return np.full((n, 2), np.int32(1))


def full_of_float32(n):
    return np.full(n, np.float32(1.5))


@pytest.mark.parametrize("func", [zeros_f32, zeros_i32_kw, ones_string_dtype, ones_int16_string, ones_bool,
                                  zeros_complex, ones_python_float, full_dtype, full_cast, full_of_int32,
                                  full_of_float32])
def test_creation_dtypes_match_numpy(func):
    check(func, 3)


@numba_differs("Numba 0.68 does not take Python's int as a dtype")
def test_python_int_is_a_dtype():
    check(ones_python_int, 3)


def ones_engine_type(n):
    return np.ones(n, types.int16)


def test_a_type_object_is_a_dtype():
    got = njit(ones_engine_type)(3)
    assert got.dtype == np.int16 and list(got) == [1, 1, 1]


def negative(n):
    return np.zeros(n)


def test_negative_dimensions_are_a_value_error():
    # NumPy's message; Numba's says "negative dimensions not allowed"
    check(negative, -1, match_message=not is_numba)
    check(ones_2d, 2, -3, match_message=not is_numba)


def too_big():
    return np.empty((2 ** 40, 2 ** 40))


def test_a_size_past_the_address_space_is_an_error():
    with no_leaks():
        with pytest.raises((ValueError, MemoryError)):
            njit(too_big)()


def test_a_returned_array_is_c_contiguous_and_writeable():
    a = njit(ones_2d)(3, 4)
    assert a.flags.c_contiguous and a.flags.writeable and a.flags.aligned
    a[1, 2] = 5.0
    assert a.sum() == 12 + 4


# ------------------------------------------------------------------ arrays passed in and out


def identity(a):
    return a


def row(a, i):
    return a[i]


def test_an_argument_returned_is_the_same_array():
    a = np.arange(6.0)
    assert njit(identity)(a) is a


def test_a_view_of_an_argument_shares_its_memory():
    a = np.arange(6.0).reshape(2, 3)
    r = njit(row)(a, 1)
    assert list(r) == [3.0, 4.0, 5.0]
    r[0] = -1.0
    assert a[1, 0] == -1.0


def test_a_view_keeps_its_array_alive():
    a = np.arange(6.0).reshape(2, 3)
    r = njit(row)(a, 1)
    del a
    import gc
    gc.collect()
    assert list(r) == [3.0, 4.0, 5.0]


# ------------------------------------------------------------------ memory on every path


def use_and_drop(n):
    a = np.zeros(n)
    a[0] = 2.0
    return a[0] + a[n - 1]


def branch_return(n, c):
    a = np.empty((n, 2))
    a[0, 0] = 1.5
    if c:
        return a[0, 0]
    return 2.0


def merge(n, c):
    if c:
        a = np.zeros(n)
    else:
        a = np.ones(n)
    return a


def loop_alloc(n):
    s = 0.0
    for i in range(n):
        a = np.full(3, i)
        s += a[1]
    return s


def while_realloc(n):
    a = np.zeros(1)
    k = 0
    while k < n:
        a = np.full(k + 1, k * 1.5)
        k += 1
    return a


def loop_carried(n):
    a = np.zeros(2)
    for i in range(n):
        if i % 2:
            a = np.ones(2)
    return a


def early_exit(n):
    for i in range(n):
        a = np.ones(i + 1)
        if i == 3:
            return a
    return np.zeros(1)


def two_arrays_tuple(n):
    return np.zeros(n), np.ones(n + 1)


def same_array_twice(n):
    a = np.ones(n)
    return a, a


def optional_array(n, c):
    a = None
    if c:
        a = np.ones(n)
    return a


def unused(n):
    np.zeros(n)
    return n


def nested_rows(n):
    a = np.ones((n, 3))
    s = 0.0
    for r in a:
        s += r[1]
    return s


@pytest.mark.parametrize("func, args", [
    (use_and_drop, (4,)), (branch_return, (3, True)), (branch_return, (3, False)), (merge, (3, True)),
    (merge, (3, False)), (loop_alloc, (10,)), (while_realloc, (4,)), (while_realloc, (0,)), (loop_carried, (5,)),
    (loop_carried, (0,)), (early_exit, (10,)), (early_exit, (2,)), (two_arrays_tuple, (2,)),
    (same_array_twice, (3,)), (optional_array, (2, True)), (optional_array, (2, False)), (unused, (5,)),
    (nested_rows, (4,)),
])
def test_memory_is_released_on_every_path(func, args):
    cfunc = jitted(func)
    check(func, *args, cfunc=cfunc)  # compiled and compared first
    with no_leaks():
        for _ in range(3):
            r = cfunc(*args)
            del r


def _owned_blocks(value):
    if isinstance(value, tuple):
        return [b for v in value for b in _owned_blocks(v)]
    if isinstance(value, np.ndarray) and type(value.base).__name__ == "MemInfoOwner":
        return [value.base]
    return []


@pycomp_only("the runtime's reference counts")
@pytest.mark.parametrize("func, args", [
    (zeros_n, (3,)), (merge, (3, True)), (while_realloc, (4,)), (loop_carried, (5,)), (early_exit, (10,)),
    (two_arrays_tuple, (2,)), (optional_array, (2, True)),
])
def test_a_returned_array_holds_the_only_reference(func, args):
    r = njit(func)(*args)
    blocks = _owned_blocks(r)
    assert blocks and all(b.refcount == 1 for b in blocks)
    want = func(*args)
    for _ in range(3):  # more allocations must not reuse the returned memory
        njit(func)(*args)
    assert_same(r, want)


def test_two_returned_references_to_one_array_share_it():
    a, b = njit(same_array_twice)(3)
    a[0] = 9.0
    assert b[0] == 9.0


# ------------------------------------------------------------------ exceptions release what is live


def raise_after_alloc(n):
    a = np.zeros(n)
    if n > 2:
        raise ValueError("too long")
    return a


def index_error_after_alloc(n, i):
    a = np.zeros(n)
    b = np.ones(n)
    return a[i] + b[0]


def unpack_error(n):
    a = np.zeros(n)
    x, y = (1, 2, 3)[:n]
    return a, x + y


def second_allocation_fails(n):
    a = np.ones(n)
    b = np.zeros(n - 5)
    return a, b


@pytest.mark.parametrize("func, args, exc", [
    (raise_after_alloc, (5,), ValueError), (second_allocation_fails, (3,), ValueError),
])
def test_an_explicit_raise_releases_what_is_live(func, args, exc):
    cfunc = jitted(func)
    check(func, *args, cfunc=cfunc, match_message=not is_numba)  # Numba: "negative dimensions not allowed"
    if is_numba and func is second_allocation_fails:
        return  # Numba leaks the first array when the second allocation raises
    with no_leaks():
        for _ in range(3):
            with pytest.raises(exc):
                cfunc(*args)


@numba_differs("Numba leaks the arrays live where an exception leaves an operation")
def test_an_error_inside_an_op_releases_what_is_live():
    cfunc = njit(boundscheck=True)(index_error_after_alloc)
    with pytest.raises(IndexError):
        cfunc(3, 7)
    with no_leaks():
        for _ in range(3):
            with pytest.raises(IndexError):
                cfunc(3, 7)
        assert cfunc(3, 1) == 1.0


@numba_differs("Numba leaks the arrays live where an exception leaves an operation")
def test_an_error_in_a_callee_releases_the_caller_s_arrays():
    inner = njit(raise_after_alloc)

    def outer(n):
        a = np.ones(n)
        b = inner(n)
        return a[0] + b[0]

    cfunc = njit(outer)
    assert cfunc(2) == 1.0
    with no_leaks():
        for _ in range(3):
            with pytest.raises(ValueError, match="too long"):
                cfunc(4)


def test_a_callee_returns_an_array_to_its_caller():
    make = njit(lambda n: np.full(n, 2.0))

    def outer(n):
        a = make(n)
        b = make(n + 1)
        return a[0] + b[n], b

    cfunc = njit(outer)
    s, b = cfunc(3)
    assert s == 4.0 and b.shape == (4,)
    with no_leaks():
        for _ in range(3):
            r = cfunc(3)
            del r


def test_an_argument_passed_through_a_callee_comes_back():
    through = njit(identity)

    def outer(n):
        a = np.ones(n)
        return through(a)

    cfunc = njit(outer)
    with no_leaks():
        r = cfunc(3)
        assert list(r) == [1.0, 1.0, 1.0]
        del r


@pycomp_only("the runtime's byte counter")
def test_a_dropped_result_frees_its_bytes():
    from pycomp import runtime

    cfunc = njit(zeros_n)
    cfunc(10)
    before = runtime.bytes_in_use()
    r = cfunc(1000)
    assert runtime.bytes_in_use() >= before + 8000
    del r
    assert runtime.bytes_in_use() == before


def test_many_calls_do_not_grow_memory():
    cfunc = jitted(loop_alloc)
    cfunc(5)
    with no_leaks():
        for _ in range(200):
            cfunc(50)
    if not is_numba:
        from pycomp import runtime

        assert runtime.bytes_in_use() < 1 << 20
