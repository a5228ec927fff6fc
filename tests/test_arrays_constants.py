"""Arrays as global and closure constants, and how arrays return to Python.

A global or closure ndarray used by compiled code is frozen when the
function compiles, as in Numba: typed as a read-only array, its data copied
into the compiled code (changing the Python array afterwards changes
nothing), writing to it a TypingError naming the line, and returning it
gives a read-only copy (over 1 MB: used in place, as in Numba). Results: a 0-d array returns as a 0-d ndarray;
arrays inside (nested) tuples box as ndarrays that keep their memory alive;
one array returned twice is one memory; an argument returned (alone or in
a tuple) is the caller's array. Every test checks the runtime for leaks.
"""

import gc

import numpy as np
import pytest

from support import (ALL_DTYPES, TypingError, assert_same, check, is_numba, jitted, make_layout, no_leaks, njit,
                     numba_differs, sample_array)

# ------------------------------------------------------------------ globals

G2 = np.arange(6.0).reshape(2, 3)
GF = np.asfortranarray(np.arange(12.0).reshape(3, 4))
GSTRIDED = np.arange(12.0)[::3]
GNEG = np.arange(5)[::-1]
G0 = np.array(5.5)
GEMPTY = np.zeros((0, 3))
GBIG = np.arange(100_000, dtype=np.int64)


def weighted_sum():
    s = 0.0
    for i in range(G2.shape[0]):
        for j in range(G2.shape[1]):
            s += G2[i, j] * (i + 1) + GF[i, j]
    return s


def global_attributes():
    return G2.shape, G2.ndim, G2.size, GF.shape, GSTRIDED.shape, G0.ndim, GEMPTY.shape


def strided_items():
    return GSTRIDED[0] + GSTRIDED[3] * 10, GNEG[0], GNEG[4]


def zero_d_item():
    return G0[()]


def big_sum():
    s = 0
    for x in GBIG:
        s += x
    return s


@pytest.mark.parametrize("func", [weighted_sum, global_attributes, strided_items, big_sum])
def test_global_arrays_read_like_numpy(func):
    with no_leaks():
        check(func)


def test_a_0d_global():
    with no_leaks():
        check(zero_d_item)


def _global_user(name):
    ns = {}
    exec("def total():\n    s = 0\n    for i in range(%s.shape[0]):\n        for j in range(%s.shape[1]):\n"
         "            s += %s[i, j] * (i + 2 * j + 1)\n    return s, %s[1, 2]\n" % ((name,) * 4), ns)
    return ns["total"]


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_global_arrays_of_every_dtype_and_order(dtype, order):
    value = make_layout(sample_array((3, 4), dtype), order)
    name = "G_%s_%s" % (np.dtype(dtype).name, order)
    globals()[name] = value
    func = _global_user(name)
    func.__globals__[name] = value
    with no_leaks():
        check(func)


def return_g2():
    return G2


def return_gf():
    return GF


def return_strided():
    return GSTRIDED


def return_0d():
    return G0


def return_empty():
    return GEMPTY


@pytest.mark.parametrize("func, value", [(return_g2, G2), (return_gf, GF), (return_0d, G0),
                                         (return_empty, GEMPTY)],
                         ids=lambda v: getattr(v, "__name__", ""))
def test_a_returned_global_is_a_read_only_copy(func, value):
    with no_leaks():
        got = njit(func)()
    assert_same(got, value)
    assert not got.flags.writeable
    assert not np.shares_memory(got, value)


@numba_differs("Numba 0.68 returns a writeable view of the global itself for a non-contiguous global array")
def test_a_returned_strided_global_is_a_read_only_copy_too():
    test_a_returned_global_is_a_read_only_copy(return_strided, GSTRIDED)


def test_a_global_is_frozen_at_compile_time():
    g = np.arange(4.0)
    ns = {"np": np, "G": g}
    exec("def total():\n    return G[0] + G[1] + G[2] + G[3]\n", ns)
    func = njit(ns["total"])
    assert func() == 6.0
    g[:] = 100.0  # changing the array afterwards changes nothing, as in Numba
    assert func() == 6.0
    ns["G"] = np.zeros(4)  # neither does rebinding the name
    assert func() == 6.0


def _big_global_user():
    big = np.arange(200_000, dtype=np.int64)  # 1.6 MB: more than the 1 MB frozen into the code
    ns = {"np": np, "BIG": big}
    exec("def total():\n    return BIG[3] + BIG[-1]\n"
         "def ret():\n    return BIG\n", ns)
    return big, ns


def test_a_big_global_is_used_in_place_not_frozen():
    """Over 1 MB, as in Numba: the code points at the array (its IR stays
    small), sees later changes, and keeps it alive when Python drops it.
    Returned, it is a read-only view of that memory, like every read-only
    result (Numba returns the writeable object itself)."""
    big, ns = _big_global_user()
    total, ret = njit(ns["total"]), njit(ns["ret"])
    with no_leaks():
        assert total() == 3 + 199_999
        got = ret()
        if is_numba:
            assert got is big
        else:
            assert got is not big and np.shares_memory(got, big) and not got.flags.writeable
        del got
    assert len(ret.inspect_llvm(())) < big.nbytes // 100
    assert big.flags.writeable  # returning it did not change the caller's array
    big[3] = 1000
    assert total() == 1000 + 199_999
    expect = big.copy()
    del big, ns
    gc.collect()
    with no_leaks():
        np.testing.assert_array_equal(ret(), expect)  # alive: the compiled code holds it


def test_a_big_global_stays_alive_for_a_caller_of_its_user():
    big, ns = _big_global_user()
    total = njit(ns["total"])

    def caller():
        return total() + 1

    caller = njit(caller)
    assert caller() == 3 + 199_999 + 1
    del big, ns, total
    gc.collect()
    assert caller() == 3 + 199_999 + 1


def broadcast_row(a):
    return np.broadcast_to(a, (2, a.shape[0]))[1]


def test_a_read_only_view_of_an_argument_returns_read_only_and_leaves_the_argument_alone():
    """A read-only result that is the whole argument again (a row of a
    broadcast) comes back as a new read-only view: the caller's array stays
    writeable, as in NumPy."""
    a = np.ones(3)
    with no_leaks():
        got = njit(broadcast_row)(a)
        assert got is not a and np.shares_memory(got, a)
        assert not got.flags.writeable and a.flags.writeable
        del got


def write_global():
    G2[0, 0] = 1.0
    return G2[0, 0]


def test_writing_to_a_global_array_is_a_typing_error():
    with pytest.raises(TypingError) as info:
        njit(write_global)()
    assert "G2[0, 0] = 1.0" in str(info.value) or is_numba
    assert G2[0, 0] == 0.0


F4 = np.dtype("f4")


def zeros_of_global_dtype(n):
    return np.zeros(n, dtype=F4)


def test_a_global_dtype_object_is_a_dtype():
    with no_leaks():
        check(zeros_of_global_dtype, 3)


GDATES = np.array(["2024-01-01", "NaT"], dtype="M8[D]")
GTEXT = np.array(["ab", "cde"])


def use_dates():
    return GDATES[0], GDATES.shape[0]


def use_text():
    return GTEXT.shape[0], GTEXT[1], GTEXT[0] < GTEXT[1]


@numba_differs("Numba 0.68 cannot freeze a datetime64 array global ('cannot include dtype 'M' in a buffer')")
def test_a_global_of_datetimes_is_a_constant():
    check(use_dates)


def test_a_global_of_strings_is_a_constant():
    check(use_text)


# ------------------------------------------------------------------ closure variables


def make_reader(a):
    def read(i):
        return a[i] * 2

    return read


def make_returner(a):
    def give():
        return a

    return give


def make_writer(a):
    def write():
        a[0] = 1
        return a[0]

    return write


def test_closure_arrays_are_frozen_constants():
    a = np.arange(5)
    with no_leaks():
        read = njit(make_reader(a))
        assert read(3) == 6
        a[3] = 50
        assert read(3) == 6
        got = njit(make_returner(np.arange(5.0).reshape(5, 1)))()
    assert_same(got, np.arange(5.0).reshape(5, 1))
    assert not got.flags.writeable


def test_writing_to_a_closure_array_is_a_typing_error():
    a = np.arange(5)
    with pytest.raises(TypingError) as info:
        njit(make_writer(a))()
    assert "a[0] = 1" in str(info.value) or is_numba
    assert a[0] == 0


# ------------------------------------------------------------------ boxing: 0-d results


def zeros_0d():
    return np.zeros(())


def array_0d(x):
    return np.array(x)


def full_0d(x):
    return np.full((), x)


@pytest.mark.parametrize("func, args", [(zeros_0d, ()), (array_0d, (3.5,)), (array_0d, (7,)),
                                        (full_0d, (2j,))], ids=lambda v: getattr(v, "__name__", repr(v)))
def test_a_0d_result_is_a_0d_ndarray(func, args):
    with no_leaks():
        got = check(func, *args)
        assert isinstance(got, np.ndarray) and got.shape == () and got.flags.writeable
        del got


# ------------------------------------------------------------------ boxing: arrays in tuples


def pair(n):
    return np.zeros(n), np.ones((n, 2), np.int32)


def nested(n):
    a = np.arange(n)
    return (a, (np.full(n, 2.5), n)), ((a.shape[0],),)


def same_twice(n):
    a = np.ones(n)
    return a, a


def same_nested(n):
    a = np.zeros(n)
    return (a, (a, 1))


@pytest.mark.parametrize("func", [pair, nested])
def test_arrays_in_tuples_box_as_ndarrays(func):
    with no_leaks():
        got = check(func, 4)
        del got


def test_arrays_in_a_tuple_keep_their_memory_alive():
    with no_leaks():
        (a, (b, n)), _ = njit(nested)(5)
        gc.collect()
        np.testing.assert_array_equal(a, np.arange(5))
        a[0] = 42  # writeable memory of its own
        np.testing.assert_array_equal(b, np.full(5, 2.5))
        assert n == 5
        del a, b


@pytest.mark.parametrize("func", [same_twice, same_nested])
def test_one_array_returned_twice_is_one_memory(func):
    with no_leaks():
        got = njit(func)(3)
        first, second = (got[0], got[1]) if func is same_twice else (got[0], got[1][0])
        assert first is second or np.shares_memory(first, second)
        first[1] = 9.0
        assert second[1] == 9.0
        del got, first, second  # freed once: no double free, no leak


# ------------------------------------------------------------------ boxing: arguments returned


def identity(a):
    return a


def twice(a):
    return a, a


def with_view(a):
    return a, a[1], (a, 0)


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided", "readonly"])
def test_an_argument_returned_is_the_caller_s_array(layout):
    a = make_layout(sample_array((3, 4), np.float64), layout)
    with no_leaks():
        assert jitted(identity)(a) is a
        x, y = jitted(twice)(a)
        assert x is a and y is a


def test_a_view_of_an_argument_in_a_tuple_shares_its_memory():
    a = np.arange(12.0).reshape(3, 4)
    with no_leaks():
        whole, row, (again, zero) = jitted(with_view)(a)
        assert whole is a and again is a and zero == 0
        assert np.shares_memory(row, a)
        row[0] = -1.0
        assert a[1, 0] == -1.0
        del whole, row, again


# ------------------------------------------------------------------ NumPy scalars and bytes as constants

S_INT32 = np.int32(64)
S_UINT8 = np.uint8(250)
S_FLOAT32 = np.float32(1.5)
S_BOOL = np.bool_(True)
S_COMPLEX64 = np.complex64(1 - 2j)


def numpy_scalar_globals():
    return S_INT32, S_FLOAT32, S_BOOL, S_COMPLEX64, S_UINT8


def numpy_scalar_global_arith():
    return S_INT32 * 2, S_FLOAT32 + S_FLOAT32, S_UINT8 + S_UINT8


def test_numpy_scalar_globals_are_constants_of_their_type():
    got = jitted(numpy_scalar_globals)()
    assert got == numpy_scalar_globals()
    # Numba's integer typing (NBEP 1): uint8 + uint8 is int64, so 250 + 250 is 500
    assert jitted(numpy_scalar_global_arith)() == (128, np.float32(3.0), 500)


def bytes_constant_as_array():
    return np.frombuffer(b"foo", dtype=np.uint8)


def bytes_constant_items(i):
    return b"hello"[i] + len(b"abc")


def test_bytes_constants_are_read_only_arrays_of_their_bytes():
    got = jitted(bytes_constant_as_array)()
    assert_same(got, bytes_constant_as_array())
    assert not got.flags.writeable
    for i in range(5):
        assert jitted(bytes_constant_items)(i) == bytes_constant_items(i)
