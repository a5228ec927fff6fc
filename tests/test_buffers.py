"""bytes, bytearray and memoryview arguments (1-d uint8 arrays of their
bytes, as in Numba) and np.frombuffer; against CPython and NumPy."""

import gc
import sys

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, numba_differs, pycomp_only


def _differs(reason):
    """support.numba_differs as the marks of one parameter set."""
    return [pytest.mark.numba_differs(reason=reason),
            pytest.mark.xfail(is_numba, reason="numba differs: " + reason, strict=True)]


_OFFSET = _differs("Numba 0.68 mishandles offset: np.frombuffer(b, np.int32, -1, 4) is empty")

BUFFERS = [bytearray(range(16)), bytes(range(16)), memoryview(bytearray(range(16))), np.arange(12),
           np.arange(12).reshape(3, 4), np.arange(6, dtype=np.float32)]
IDS = ["bytearray", "bytes", "memoryview", "int64", "int64-2d", "float32"]


def frombuffer(b):
    return np.frombuffer(b)


def frombuffer_complex64(b):
    return np.frombuffer(b, dtype=np.complex64)


def frombuffer_str_dtype(b):
    return np.frombuffer(b, dtype="int16")


def frombuffer_count_offset(b, count, offset):
    return np.frombuffer(b, np.int32, count, offset)


@pytest.mark.parametrize("fn", [frombuffer, frombuffer_complex64, frombuffer_str_dtype])
@pytest.mark.parametrize("buf", BUFFERS, ids=IDS)
def test_frombuffer(fn, buf):
    got = check(fn, buf)
    assert got.flags.writeable == fn(buf).flags.writeable


@pytest.mark.parametrize("count,offset", [(-1, 0), (3, 0), pytest.param(-1, 4, marks=_OFFSET),
                                          pytest.param(2, 4, marks=_OFFSET), pytest.param(0, 16, marks=_OFFSET),
                                          pytest.param(-1, 16, marks=_OFFSET)])
def test_frombuffer_count_offset(count, offset):
    check(frombuffer_count_offset, bytes(range(16)), count, offset)


@pytest.mark.parametrize("count,offset", [pytest.param(-1, 3, marks=_OFFSET), (5, 0), (1, 17),
                                          pytest.param(1, -1, marks=_OFFSET)])
def test_frombuffer_errors(count, offset):
    check(frombuffer_count_offset, bytes(range(16)), count, offset, match_message=False)


def test_frombuffer_size_not_a_multiple():
    check(frombuffer, bytearray(b"xxx"))


@pytest.mark.parametrize("buf", BUFFERS[:3], ids=IDS[:3])
def test_frombuffer_keeps_the_buffer_alive_and_releases_it(buf):
    """The result holds the object passed, as Numba's does (NumPy's holds a
    memoryview's underlying object instead), and lets go of it."""
    before = sys.getrefcount(buf)
    got = jitted(frombuffer_complex64)(buf)
    gc.collect()
    assert sys.getrefcount(buf) == before + 1
    del got
    gc.collect()
    assert sys.getrefcount(buf) == before


def write_through(b):
    a = np.frombuffer(b, dtype=np.uint8)
    a[0] = 42
    return a.sum()


def test_writes_reach_a_bytearray():
    buf = bytearray(range(8))
    jitted(write_through)(buf)
    assert buf[0] == 42


def test_bytes_are_read_only():
    with pytest.raises(TypingError):
        jitted(write_through)(bytes(range(8)))


def walk(b):
    s = 0
    for x in b:
        s += x
    return s, len(b), b[3], b[-1]


@pytest.mark.parametrize("buf", [b"hello", bytearray(b"hello"), memoryview(b"hello")], ids=IDS[1::-1] + ["mv"])
def test_iterate_index_len(buf):
    got = jitted(walk)(buf)
    assert tuple(int(v) for v in got) == walk(buf)


def from_allocated(n):
    arr = np.ones(n, dtype=np.int32)
    return np.frombuffer(arr, dtype=np.complex64)


@pytest.mark.parametrize("n", [16, 0, 2])
def test_frombuffer_of_an_array_made_in_compiled_code(n):
    check(from_allocated, n)


def test_not_a_buffer_is_a_typing_error():
    with pytest.raises(TypingError, match='"buffer" must be buffer-like'):
        jitted(frombuffer)(None)


def frombuffer_dtype_arg(b, dt):
    return np.frombuffer(b, dtype=dt)


def test_dtype_as_a_str_value_is_a_typing_error():
    with pytest.raises(TypingError, match="If np.frombuffer dtype is a string it must be a string constant"):
        jitted(frombuffer_dtype_arg)(bytearray(16), "int32")


@pytest.mark.parametrize("make", [lambda: memoryview(np.arange(5)), lambda: memoryview(np.arange(5.0)[::-1]),
                                  lambda: memoryview(bytearray(24)).cast("i"),
                                  lambda: memoryview(np.arange(10, dtype=np.uint16))[::2]],
                         ids=["int64", "reversed-float64", "cast-int32", "strided-uint16"])
def test_memoryview_items_of_its_format(make):
    """A memoryview is an array of its items (its format's dtype), as in Numba."""
    check(walk, make())


def mv_2d(m):
    t = 0.0
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            t += m[i, j] * (i + 1)
    return t, m.shape


def test_memoryview_2d():
    check(mv_2d, memoryview(np.arange(12.0).reshape(3, 4)))
    check(mv_2d, memoryview(np.asfortranarray(np.arange(12.0).reshape(3, 4))))


def shuffle_view(m):
    np.random.shuffle(m)


def test_memoryview_writes_reach_the_buffer():
    b = np.arange(20)
    jitted(shuffle_view)(memoryview(b))
    assert sorted(b) == list(range(20)) and list(b) != list(range(20))


def test_read_only_memoryview_cannot_be_shuffled():
    with pytest.raises(TypingError):
        jitted(shuffle_view)(memoryview(b"xyz"))


@pycomp_only("pycomp's message")
def test_memoryview_of_an_unsupported_format_is_refused():
    with pytest.raises(TypeError, match="memoryview"):
        jitted(walk)(memoryview(np.zeros(4, np.float16)))




@pytest.mark.parametrize("value", [b"ab", bytearray(b"ab"), memoryview(b"ab"), memoryview(bytearray(b"ab"))])
def test_types_print_and_parse_back(value):
    if is_numba:
        pytest.skip("pycomp's type grammar")
    from pycomp import typeof, types

    t = typeof(value)
    assert isinstance(t, types.Bytes) and t.dtype is types.uint8 and t.readonly == isinstance(value, bytes) or \
        isinstance(value, memoryview)
    assert types.parse_type(str(t)) is t
