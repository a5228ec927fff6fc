"""Differential tests: building, indexing, unpacking and passing tuples."""

import numpy as np
import pytest

from support import TypingError, check, jitted, no_leaks, numba_differs

# ------------------------------------------------------------------ building and returning


def build_pair(a, b):
    return a, b


def build_mixed(a, b):
    return (a, b, a + b, a * 1.5, a > b)


def build_nested(a, b):
    return (a, (b, a), ((a + b,),))


def empty_tuple():
    return ()


def single(a):
    return (a,)


@pytest.mark.parametrize("a,b", [(1, 2), (-3, 7)])
def test_return_int_pair(a, b):
    check(build_pair, a, b)


@pytest.mark.parametrize("a,b", [(1.5, 2), (1j, True)])
def test_return_heterogeneous_pair(a, b):
    check(build_pair, a, b)


@pytest.mark.parametrize("a,b", [(1, 2), (2.5, -1.0)])
def test_return_mixed_tuple(a, b):
    check(build_mixed, a, b)


def test_return_nested_tuple():
    check(build_nested, 3, 4)


def test_return_empty_tuple():
    check(empty_tuple)


def test_return_single_element_tuple():
    check(single, 9)


# ------------------------------------------------------------------ indexing

def const_index(t):
    return t[0] + t[2] * 10


def neg_const_index(t):
    return t[-1] - t[-3]


def hetero_const_index(t):
    # heterogeneous tuples support constant indices, each with its own type
    return t[0] * 2, t[1] + 0.5, t[-1]


def var_index_sum(t):
    total = 0
    for i in range(len(t)):
        total += t[i] * (i + 1)
    return total


def var_index_negative(t, i):
    return t[-i]


def var_index(t, i):
    return t[i]


def iterate_tuple(t):
    total = 0.0
    for x in t:
        total = total * 2 + x
    return total


@pytest.mark.parametrize("t", [(1, 2, 3), (5, -6, 7, 8, 9)])
def test_constant_index(t):
    check(const_index, t)


@pytest.mark.parametrize("t", [(1, 2, 3), (1.5, 2.5, 3.5, 4.5)])
def test_negative_constant_index(t):
    check(neg_const_index, t)


def test_heterogeneous_constant_index():
    check(hetero_const_index, (3, 1.5, True))


@pytest.mark.parametrize("t", [(4,), (1, 2, 3, 4, 5, 6, 7, 8)])
def test_variable_index_in_loop(t):
    check(var_index_sum, t)


@pytest.mark.parametrize("i", [0, 1, 2, -1, -3])
def test_variable_index(i):
    check(var_index, (10, 20, 30), i)


@pytest.mark.parametrize("i", [1, 2, 3])
def test_variable_negative_index(i):
    check(var_index_negative, (1.0, 2.0, 3.0), i)


@pytest.mark.parametrize("i", [3, -4, 100])
def test_variable_index_out_of_range(i):
    check(var_index, (10, 20, 30), i)


@pytest.mark.parametrize("t", [(1.0, 2.0, 3.0), (1, 2)])
def test_iterate_homogeneous_tuple(t):
    check(iterate_tuple, t)


# ------------------------------------------------------------------ unpacking

def swap(a, b):
    a, b = b, a
    return a, b


def rotate(a, b, c):
    a, b, c = b, c, a
    return a * 100 + b * 10 + c


def nested_unpack(t):
    (a, b), c = t
    return a + b * c


def unpack_return_of_expression(a, b):
    q, r = divmod(a, b)
    return q * b + r


def unpack_loop(n):
    x, y = 0, 1
    for _ in range(n):
        x, (y, _z) = y, (x + y, 0)
    return x


def unpack_mixed(t):
    i, f, b = t
    if b:
        return i + f
    return f - i


@pytest.mark.parametrize("a,b", [(1, 2), (3.5, -1.5)])
def test_swap(a, b):
    check(swap, a, b)


def test_rotate():
    check(rotate, 1, 2, 3)


@pytest.mark.parametrize("t", [((1, 2), 3), ((1.5, 2), 4)])
def test_nested_unpack(t):
    check(nested_unpack, t)


@pytest.mark.parametrize("a,b", [(17, 5), (-17, 5)])
def test_unpack_call_result(a, b):
    check(unpack_return_of_expression, a, b)


@pytest.mark.parametrize("n", [0, 10])
def test_nested_unpack_in_loop(n):
    check(unpack_loop, n)


@pytest.mark.parametrize("t", [(2, 3.5, True), (2, 3.5, False)])
def test_unpack_heterogeneous(t):
    check(unpack_mixed, t)


# ------------------------------------------------------------------ len and comparisons

def tuple_len(t):
    return len(t)


@pytest.mark.parametrize("t", [(), (1, 2, 3), (1, 2.0, (3, 4))])
def test_len(t):
    check(tuple_len, t)


def tuple_eq(a, b):
    return a == b, a != b


@pytest.mark.parametrize("a,b", [((1, 2), (1, 2)), ((1, 2), (2, 1)), ((1, 2.5), (1, 2.5))])
def test_tuple_equality(a, b):
    check(tuple_eq, a, b)


def tuple_compare(a, b):
    return a < b, a <= b, a > b, a >= b, a == b, a != b


@pytest.mark.parametrize("a,b", [
    ((4, 5), (4, 5)),
    ((4, 5), (4, 6)),
    ((4, 6), (4, 5)),
    ((4, 5), (5, 4)),
    ((4, 5.0), (4, 5)),                # different item types: compared as float64
    ((1, 2.5), (1, 3)),
    ((4, 5), (4, 5, 6)),               # different lengths: lexicographic, as Python
    ((4, 5, 6), (4, 5)),
    ((4, 5), (4, 4, 6)),
    ((4, 5), (4, 6, 7)),
    ((), (1,)),
    ((), ()),
    ((1, 2.5, True), (1, 2.5, False)),
    ((1, (2, 3)), (1, (2, 4))),        # nested tuples compare recursively
    ((-1, 2), (np.uint32(3), 0)),
    ((1.0, float("nan")), (1.0, 2.0)),
])
def test_tuple_comparisons(a, b):
    check(tuple_compare, a, b)


@numba_differs("Numba fails (an internal AssertionError) on nested tuples of different lengths")
def test_tuple_comparisons_nested_different_lengths():
    check(tuple_compare, (1, (2, 3)), (1, (2, 3, 0)))


def test_tuple_equality_of_complex_items():
    check(tuple_eq, (1j, 2), (1j, 2.0))


def test_tuple_ordering_of_complex_items_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(tuple_compare)((1j,), (2j,))


def contains(x, t):
    return x in t, x not in t


@pytest.mark.parametrize("x,t", [
    (2, (1, 2, 3)),
    (5, (4, 1, 5)),
    (0, (4, 1, 5)),
    (2.0, (1, 2, 3)),
    (True, (1, 2, 3)),
    (1, ()),
    ((1, 2), ((1, 2), (3, 4))),
    ((1, 5), ((1, 2), (3, 4))),
])
def test_in_tuple(x, t):
    check(contains, x, t)


@numba_differs("Numba's `in` takes homogeneous tuples only")
@pytest.mark.parametrize("x,t", [(2.5, (1, 2.5, 3)), (3, (np.int32(3), 4.5))])
def test_in_heterogeneous_tuple(x, t):
    check(contains, x, t)


def index_of(t, x):
    return t.index(x)


@pytest.mark.parametrize("t,x", [((1, 2, 3), 2), ((4, 3, 4), 4), ((1.0, 2.0, 3.0), 3), ((1, 2, 3), 2.0)])
def test_tuple_index(t, x):
    check(index_of, t, x)


@pytest.mark.parametrize("t,x", [((1, 2, 3), 4), ((1.5, 2.5), 2)])
def test_tuple_index_missing_raises_value_error(t, x):
    check(index_of, t, x)


@numba_differs("Numba's tuple.index takes homogeneous tuples only")
def test_tuple_index_heterogeneous():
    check(index_of, (1, 2.5, 3), 3)


def tuple_concat(a, b):
    return a + b


def test_tuple_concatenation():
    check(tuple_concat, (1, 2), (3.5, True))


# ------------------------------------------------------------------ tuples as arguments

def weighted(point, weights):
    x, y, z = point
    return x * weights[0] + y * weights[1] + z * weights[2]


def hetero_arg(t):
    n, scale, flag = t
    total = 0.0
    for i in range(n):
        total += i * scale
    return -total if flag else total


def tuple_passthrough(t):
    return t


@pytest.mark.parametrize("point", [(1, 2, 3), (1.5, 2.5, -3.5)])
def test_homogeneous_tuple_arguments(point):
    check(weighted, point, (0.5, 0.25, 2.0))


@pytest.mark.parametrize("t", [(5, 0.5, True), (3, -2.0, False)])
def test_heterogeneous_tuple_argument(t):
    check(hetero_arg, t)


@pytest.mark.parametrize("t", [(1.5, 2, True), ((1, 2), (3.5,)), (1j, -0.0)])
def test_tuple_passthrough(t):
    check(tuple_passthrough, t)


def min_max_of(t):
    lo = t[0]
    hi = t[0]
    for x in t:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    return lo, hi, hi - lo


@pytest.mark.parametrize("t", [(3, 1, 4, 1, 5, 9, 2, 6), (2.5, -1.0, 7.25)])
def test_return_ints_and_floats(t):
    check(min_max_of, t)


# ------------------------------------------------------------------ members that own memory


def concat_with_an_array(a):
    z = [1, 2]
    return (*a, z.append(3), z.extend(a), np.ones(3)), z


def concat_then_drop(a):
    t = a + (np.ones(2), np.zeros(3))
    return len(t)


def tuple_of_a_tuple_with_an_array(n):
    t = (np.arange(n), n)
    u = tuple(t)
    return int(u[0].sum())


@pytest.mark.parametrize("fn, arg", [(concat_with_an_array, (4, 5)), (concat_then_drop, (1, 2)),
                                     (tuple_of_a_tuple_with_an_array, 5)])
def test_tuples_made_from_tuples_own_their_arrays(fn, arg):
    # ``t + u`` and ``tuple(t)`` make a tuple that owns its members: once
    # they did not, the array was released twice and the heap corrupted
    # (Numba's test_tuples.test_build_unpack_with_calls_in_unpack).
    f = jitted(fn)
    with no_leaks():
        for _ in range(3):
            got, want = f(arg), fn(arg)
            assert repr(got) == repr(want)
            del got
    assert len([object() for _ in range(50000)]) == 50000
