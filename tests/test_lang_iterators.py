"""Differential tests: zip(), enumerate(), iter(), next() and the unpacking
of iterables (ranges, homogeneous tuples, arrays, iterators)."""

import numpy as np
import pytest

from support import TypingError, UNSUPPORTED_ERRORS, check, is_numba, jitted, njit, numba_differs, pycomp_only

A1 = np.arange(5.0)
A2 = np.arange(12).reshape(4, 3)

# ------------------------------------------------------------------ zip


def zip_two(a, b):
    s = 0.0
    for x, y in zip(a, b):
        s = s * 3 + x * y
    return s


def zip_none():
    n = 0
    for _ in zip():
        n += 1
    return n


def zip_one(a):
    s = 0
    for (x,) in zip(a):
        s = s * 10 + x
    return s


def zip_item_tuple(a, b):
    s = 0.0
    for pair in zip(a, b):
        s += pair[0] - pair[1]
    return s


def zip_ranges(n, m):
    s = 0
    for i, j in zip(range(n), range(m, 0, -2)):
        s = s * 7 + i * j
    return s


@pytest.mark.parametrize("a,b", [
    ((1, 2, 3), (4, 5, 6)),
    ((1, 2, 3), (4.5, 5.5)),          # stops at the shortest
    ((1.5,), (2, 3, 4, 5)),
])
def test_zip_tuples(a, b):
    check(zip_two, a, b)


def test_zip_arrays_of_different_lengths():
    check(zip_two, A1, np.arange(3, dtype=np.int32))


def test_zip_array_and_range_and_tuple():
    def f(a, c):
        s = 0.0
        n = 0
        for x, y, z in zip(a, range(2, 9), c):
            s += x * y - z
            n += 1
        return s, n
    check(f, A1, (1, 2, 3, 4))


def test_zip_rows_of_2d_array():
    def rows(a, w):
        s = 0
        for row, k in zip(a, w):
            s += row[0] * k + row[2]
        return s
    check(rows, A2, (1, 2, 3))


def test_zip_without_arguments():
    check(zip_none)


def test_zip_one_argument():
    check(zip_one, (1, 2, 3))


def test_zip_item_as_tuple():
    check(zip_item_tuple, (1.0, 2.0), (0.5, 0.25, 9.0))


@pytest.mark.parametrize("n,m", [(5, 9), (0, 3), (6, 2)])
def test_zip_ranges(n, m):
    check(zip_ranges, n, m)


def zip_first_exhausted(a, b):
    it = iter(b)
    s = 0
    for x, y in zip(a, it):
        s += x * y
    return s, next(it)  # zip left the item after the shortest in `it`


def test_zip_does_not_advance_past_the_exhausted_iterator():
    check(zip_first_exhausted, (1, 2), (10, 20, 30))


def test_zip_heterogeneous_tuple_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(zip_two)((1, 2.5), (1, 2.5))


# ------------------------------------------------------------------ enumerate


def enumerate_sum(t):
    s = 0.0
    for i, x in enumerate(t):
        s += i * x
    return s


def enumerate_start(t, start):
    s = 0
    last = -1
    for i, x in enumerate(t, start):
        s += i * x
        last = i
    return s, last


def enumerate_start_kw(t):
    out = 0
    for i, x in enumerate(t, start=10):
        out = out * 100 + i + x
    return out


def enumerate_zip(a, b):
    s = 0.0
    for i, (x, y) in enumerate(zip(a, b)):
        s += i * (x - y)
    return s


def zip_enumerate(a, b):
    s = 0
    for (i, x), y in zip(enumerate(a), b):
        s = s * 10 + i + x * y
    return s


def enumerate_enumerate(a):
    s = 0
    for i, (j, x) in enumerate(enumerate(a, 5)):
        s += i * j * x
    return s


@pytest.mark.parametrize("t", [(1.5, 2.5, 3.5), (4, 5)])
def test_enumerate_tuple(t):
    check(enumerate_sum, t)


def test_enumerate_array():
    check(enumerate_sum, A1)


def test_enumerate_range():
    def f(n):
        s = 0
        for i, x in enumerate(range(3, n, 4)):
            s += i * x
        return s
    check(f, 12)


def test_enumerate_2d_array_rows():
    def rows(a):
        s = 0
        for i, row in enumerate(a):
            s += i * row[1]
        return s
    check(rows, A2)


@pytest.mark.parametrize("start", [0, 42, -3, np.int8(5), np.uint64(7)])
def test_enumerate_integer_start(start):
    check(enumerate_start, (1, 2, 3), start)


@numba_differs("Numba fails on enumerate()'s start passed by keyword (an internal AssertionError)")
def test_enumerate_start_keyword():
    check(enumerate_start_kw, (1, 2, 3))


def test_enumerate_zip_nested():
    check(enumerate_zip, A1, (1, 2, 3))


def test_zip_enumerate_nested():
    check(zip_enumerate, (1, 2, 3), np.arange(4))


def test_enumerate_enumerate():
    check(enumerate_enumerate, (3, 4, 5))


def test_enumerate_count_is_int64():
    # the count is an int64 whatever the start's width (Numba's rule): an
    # int8 start of 127 counts on to 128, as in Python
    check(enumerate_start, (1, 2), np.int8(127))


def enumerate_float_start(t):
    for i, x in enumerate(t, 1.5):
        return x
    return 0


def test_enumerate_non_integer_start_is_a_typing_error():
    with pytest.raises(TypingError) as info:
        jitted(enumerate_float_start)((1, 2))
    assert "Only integers supported as start value in enumerate" in str(info.value)


@pycomp_only("the message names the source line")
def test_enumerate_non_integer_start_message_names_the_line():
    with pytest.raises(TypingError) as info:
        njit(enumerate_float_start)((1, 2))
    assert "float64" in str(info.value)
    assert "for i, x in enumerate(t, 1.5):" in str(info.value)


# ------------------------------------------------------------------ iter and next


def iter_next_two(x):
    it = iter(x)
    a = next(it)
    b = next(it)
    return a, b


def loop_over_iter(x):
    it = iter(x)
    first = next(it)
    s = 0
    for v in it:  # the rest: an iterator's iterator is itself
        s += v
    return first, s


def next_of_zip(a, b):
    z = zip(a, b)
    x, y = next(z)
    return x + y


def next_of_enumerate(a):
    e = enumerate(a, 3)
    next(e)
    return next(e)


def next_after_loop(n):
    it = iter(range(n))
    for i in it:
        if i == 2:
            break
    return next(it)


def iter_next_range(n):
    it = iter(range(4, n))
    a = next(it)
    b = next(it)
    return a, b


@pytest.mark.parametrize("x", [(1, 42, 5), (1.5, 2.5), A1])
def test_iter_next(x):
    check(iter_next_two, x)


@pytest.mark.parametrize("n", [9, 5])
def test_iter_next_range(n):
    check(iter_next_range, n)


@pytest.mark.parametrize("x", [(1,), np.arange(1.0)])
def test_next_raises_stop_iteration(x):
    check(iter_next_two, x)


def test_loop_over_an_iterator():
    check(loop_over_iter, (1, 2, 3, 4))


def test_loop_over_an_iterator_of_a_range():
    def f(n):
        it = iter(range(3, n))
        first = next(it)
        s = 0
        for v in it:
            s += v
        return first, s
    check(f, 7)


def test_next_of_zip():
    check(next_of_zip, (1, 2), (3.5, 4.5))


def test_next_of_enumerate():
    check(next_of_enumerate, (7, 8, 9))


@pytest.mark.parametrize("n", [5, 3])
def test_next_continues_after_break(n):
    check(next_after_loop, n)


def test_iterating_over_0d_array_is_a_typing_error():
    def f(a):
        s = 0
        for x in a:
            s += x
        return s
    with pytest.raises(TypingError) as info:
        njit(f)(np.array(3))
    assert "0-d array" in str(info.value)


@pycomp_only("Numba fails to box the iterator with a NotImplementedError instead")
def test_returning_an_iterator_is_unsupported():
    def f(a):
        return zip(a, a)
    with pytest.raises(UNSUPPORTED_ERRORS):
        njit(f)((1, 2))


@pycomp_only("pycomp refuses an iterator crossing a return (its state is in the callee's frame)")
def test_returning_an_iterator_to_a_jitted_caller_is_unsupported():
    make = njit(lambda a: enumerate(a))

    def use(a):
        s = 0
        for i, x in make(a):
            s += i * x
        return s
    with pytest.raises(UNSUPPORTED_ERRORS):
        njit(use)((1, 2))


# ------------------------------------------------------------------ unpacking iterables


def unpack3(x):
    a, b, c = x
    return a * 100 + b * 10 + c


def unpack_range3(n):
    a, b, c = range(n)
    return a + 2 * b + 3 * c


def unpack_zip(a):
    p, q = zip(a, a)
    return p[0] + q[1]


def unpack_enumerate(a):
    p, q = enumerate(a, 1)
    return p[0] * 10 + q[0], p[1] + q[1]


@pytest.mark.parametrize("x", [np.arange(3), np.array([1.5, 2.5, 3.5])])
def test_unpack_array(x):
    check(unpack3, x)


def test_unpack_2d_array_rows():
    def rows(a):
        r0, r1 = a
        return r0[0] + r1[2]
    check(rows, np.arange(6).reshape(2, 3))


def test_unpack_range():
    check(unpack_range3, 3)


@pytest.mark.parametrize("x", [np.arange(2), np.arange(4)])
def test_unpack_array_wrong_length_raises_value_error(x):
    check(unpack3, x, match_message=not is_numba)  # Numba's ValueError has no message


@pytest.mark.parametrize("n", [2, 4, 0])
def test_unpack_range_wrong_length_raises_value_error(n):
    check(unpack_range3, n, match_message=not is_numba)


def test_unpack_zip():
    check(unpack_zip, (5, 6))


def test_unpack_enumerate():
    check(unpack_enumerate, (5, 6))


def test_unpack_a_number_is_a_typing_error():
    def f(x):
        a, b = x
        return a + b
    with pytest.raises(TypingError) as info:
        njit(f)(3)
    assert "failed to unpack int64" in str(info.value)
