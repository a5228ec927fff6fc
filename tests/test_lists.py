"""Differential tests: Python lists in compiled code (Numba's reflected lists).

Every operation runs under the compiler and CPython on the same inputs;
everything that makes lists runs under ``no_leaks``.
"""

import contextlib
import copy

import numpy as np
import pytest

from support import TypingError, assert_same, is_numba, is_pycomp, jitted, no_leaks, numba_differs, pycomp_only



def _compare(got, want, where="result"):
    """``assert_same`` that also looks inside lists (kinds of items included)."""
    if isinstance(want, list):
        assert isinstance(got, list), "%s: %r is not a list" % (where, got)
        assert len(got) == len(want), "%s: %r != %r" % (where, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, "%s[%d]" % (where, i))
    elif isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want), "%s: %r != %r" % (where, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, "%s[%d]" % (where, i))
    else:
        assert_same(got, want, where=where)


def same(pyfunc, *args, match_message=True):
    """Run ``pyfunc`` under CPython and compiled, each on its own deep copy
    of ``args`` (lists are changed in place), under ``no_leaks``: the same
    result or the same exception, and the same list arguments afterwards
    (the compiled side's written back by reflection)."""
    py_args, jit_args = copy.deepcopy(args), copy.deepcopy(args)
    try:
        want, want_exc = pyfunc(*py_args), None
    except Exception as e:  # noqa: BLE001 -- compared below
        want, want_exc = None, e
    with no_leaks() if want_exc is None or not is_numba else contextlib.nullcontext():  # Numba leaks on errors
        try:
            got, got_exc = jitted(pyfunc)(*jit_args), None
        except TypingError:
            raise
        except Exception as e:  # noqa: BLE001 -- compared below
            got, got_exc = None, e
        if want_exc is not None:
            assert type(got_exc) is type(want_exc), "expected %r, got %r" % (want_exc, got_exc)
            if match_message:
                assert str(got_exc) == str(want_exc)
            return
        if got_exc is not None:
            raise got_exc
        _compare(got, want)
        for i, (g, w) in enumerate(zip(jit_args, py_args)):
            if isinstance(w, list):
                _compare(g, w, "argument %d after the call" % i)
        del got, jit_args


# ------------------------------------------------------------------ displays and items


def display_int(a, b):
    return [a, b, a + b]


def display_mixed(a, b):
    return [a, b]


def display_nested(a):
    return [[a, a + 1], [a * 2]]


def display_nested_empty(a):
    return [[a, a + 1], []]


def display_tuples(a):
    return [(a, 1.5), (a + 1, 2.5)]


def display_arrays(n):
    return [np.arange(n) * 1.0, np.zeros(n)]


@pytest.mark.parametrize("a,b", [(1, 2), (-3, 7)])
def test_display_ints(a, b):
    same(display_int, a, b)


@pytest.mark.parametrize("a,b,want", [(1, 2.5, [1.0, 2.5]), (True, False, [True, False]), (1j, 2.0, [1j, 2 + 0j])])
def test_display_unifies_items(a, b, want):
    with no_leaks():
        _compare(jitted(display_mixed)(a, b), want)


def test_display_nested_lists_and_tuples():
    same(display_nested, 3)
    same(display_tuples, 4)


@numba_differs("Numba cannot type an empty list inside a display")
def test_display_nested_empty_list_takes_the_others_type():
    same(display_nested_empty, 3)


def test_display_of_arrays():
    with no_leaks():
        got = jitted(display_arrays)(3)
        assert len(got) == 2
        np.testing.assert_array_equal(got[0], np.arange(3.0))
        np.testing.assert_array_equal(got[1], np.zeros(3))
        del got


def items(lst, i):
    return lst[i], lst[-1], len(lst)


@pytest.mark.parametrize("i", [0, 2, -1, -3])
def test_getitem_wraps_negative(i):
    same(items, [1.5, 2.5, 3.5], i)


@pytest.mark.parametrize("i", [3, -4, 100])
def test_getitem_out_of_range(i):
    same(items, [1, 2, 3], i, match_message=not is_numba)


def setitem(lst, i, v):
    lst[i] = v
    return lst


@pytest.mark.parametrize("i", [0, -1, 5])
def test_setitem(i):
    same(setitem, [1, 2, 3], i, 9, match_message=not is_numba)


def setitem_converts(lst):
    lst[0] = True
    lst[1] = 7
    return lst


def test_setitem_converts_to_the_item_type():
    with no_leaks():
        _compare(jitted(setitem_converts)([1.5, 2.5]), [1.0, 7.0])


def array_items(n):
    lst = [np.ones(n), np.zeros(n)]
    a = lst[0]
    lst[0] = np.arange(n) * 1.0
    lst.clear()
    return a.sum() + len(lst)


@numba_differs("Numba leaks the arrays a list drops")
def test_items_holding_arrays_stay_alive():
    same(array_items, 4)


# ------------------------------------------------------------------ methods


def appends(n):
    out = [0]
    for i in range(n):
        out.append(i * i)
    out.insert(0, -1)
    out.insert(-1, 99)
    out.insert(100, 7)
    out.insert(-100, 8)
    return out


@pytest.mark.parametrize("n", [0, 1, 20])
def test_append_and_insert(n):
    same(appends, n)


def pops(lst):
    a = lst.pop()
    b = lst.pop(0)
    c = lst.pop(-1)
    return a, b, c, lst


def test_pop():
    same(pops, [1, 2, 3, 4, 5])


def pop_empty(n):
    x = [n]
    x.pop()
    return x.pop()


def pop_far(lst):
    return lst.pop(10)


def test_pop_errors():
    same(pop_empty, 1, match_message=not is_numba)
    same(pop_far, [1, 2], match_message=not is_numba)


def extends(lst, t, a):
    lst.extend([7, 8])
    lst.extend(t)
    lst.extend(range(3))
    lst.extend(a)
    lst.extend(lst)
    lst += [1]
    return lst


def test_extend_from_list_tuple_range_array_and_itself():
    same(extends, [1], (2, 3), np.arange(2))


def clear_copy(lst):
    c = lst.copy()
    lst.clear()
    c.append(5)
    return len(lst), c


def test_clear_and_copy():
    same(clear_copy, [1, 2, 3])


def index_count(lst, x):
    return lst.index(x), lst.count(x), lst.index(x, 1), lst.count(99)


def test_index_and_count():
    same(index_count, [3, 1, 3, 2, 3], 3)


def index_missing(lst, x):
    return lst.index(x)


def test_index_missing_is_a_value_error():
    same(index_missing, [1, 2], 5, match_message=False)


def reverse(lst):
    lst.reverse()
    return lst


@pytest.mark.parametrize("lst", [[1, 2, 3, 4], [1.5], [(1, 2), (3, 4), (5, 6)]])
def test_reverse(lst):
    same(reverse, lst)


def sorts(lst):
    a = sorted(lst)
    b = sorted(lst, reverse=True)
    lst.sort()
    return a, b, lst


def sort_reverse(lst):
    lst.sort(reverse=True)
    return lst


@pytest.mark.parametrize("lst", [[3, 1, 2, 2, -5], [2.5, -1.0, 0.0, 7.25], [True, False, True], [9]])
def test_sort_and_sorted(lst):
    same(sorts, lst)
    same(sort_reverse, lst)


def sort_tuples(lst):
    lst.sort()
    return lst


def test_sort_tuples():
    same(sort_tuples, [(2, 1), (1, 5), (2, 0), (1, 1)])


def sort_strings(lst):
    a = sorted(lst, reverse=True)
    lst.sort()
    return a, lst


def test_sort_strings():
    same(sort_strings, ["b", "B", "a", "日本", "", "ab", "😀", "b"])


def _inverse(z):
    return 1.0 / z


def _negated_second(t):
    return -t[1]


def sort_by_key(lst, key):
    a = sorted(lst, key=key)
    b = sorted(lst, key=key, reverse=True)
    lst.sort(key=key)
    return a, b, lst


@pytest.mark.parametrize("lst,key", [([3, 1, 4, 1, 5, 9], _inverse), ([2.5, -1.0, 0.5, 7.25], _inverse),
                                     ([(1, 2), (3, 2), (5, 1), (0, 9)], _negated_second)],
                         ids=["ints", "floats", "tuples-stable"])
def test_sort_by_key(lst, key):
    """A jitted key function (a dispatcher value); equal keys keep their order."""
    same(sort_by_key, lst, jitted(key))


def sort_by_inner_key(lst):
    def key(z):
        return -z
    lst.sort(key=key)
    return sorted(lst, key=key, reverse=True), lst


def test_sort_by_inner_function():
    same(sort_by_inner_key, [3, 1, 4, 1, 5, 9])


def sorted_array(a, reverse):
    return sorted(a, reverse=reverse)


@pytest.mark.parametrize("reverse", [False, True])
def test_sorted_of_an_array(reverse):
    a = np.random.default_rng(0).random(20) * 100
    same(sorted_array, a, reverse)


def copy_of_a_dying_list():
    order = [0, 1, 2]
    return order.copy()


def test_bound_method_keeps_its_list_alive():
    """``order.copy()`` where ``order`` dies: the list was released before
    the call (a use after free that returned an empty list)."""
    same(copy_of_a_dying_list)


def reductions(lst):
    return sum(lst), min(lst), max(lst)


@pytest.mark.parametrize("lst", [[3, 1, 2], [2.5, -1.0, 7.25], [4]])
def test_sum_min_max(lst):
    same(reductions, lst)


# ------------------------------------------------------------------ operators


def operators(a, b, n):
    return a + b, a * n, n * b, a == b, a != b, a == a[:], [a] == [a], bool(a), bool(a[:0])


@pytest.mark.parametrize("n", [0, 1, 3, -2])
def test_operators(n):
    same(operators, [1, 2], [3], n)


def inplace(a, n):
    a *= n
    return len(a), a + [0]


@pytest.mark.parametrize("n", [3, 1, 0, -1])
def test_inplace_repeat(n):
    same(inplace, [1, 2], n)


def contains(lst, x):
    return x in lst, x not in lst


@pytest.mark.parametrize("x", [2, 5])
def test_in(x):
    same(contains, [1, 2, 3], x)


def slices(lst, a, b, c):
    return lst[a:b], lst[a:b:c], lst[::-1], lst[1:], lst[:-1], lst[::2]


@pytest.mark.parametrize("a,b,c", [(0, 3, 1), (-2, 100, 1), (4, 0, -1), (0, 5, 2), (5, 1, 1)])
def test_slicing(a, b, c):
    same(slices, [0, 1, 2, 3, 4, 5], a, b, c)


def slice_step(lst, c):
    return lst[::c]


def test_slice_step_zero_is_a_value_error():
    same(slice_step, [1, 2], 0, match_message=not is_numba)


def truth(lst):
    if lst:
        return 1
    return 0


def truth_of_empty(x):
    e = [x][1:]
    return bool(e), bool([x])


def test_truth():
    same(truth, [1])
    same(truth_of_empty, 1.5)


# ------------------------------------------------------------------ iteration and list()


def iterate(lst):
    s = 0.0
    for x in lst:
        s += x
    for i, x in enumerate(lst):
        s += i * x
    for x, y in zip(lst, lst[1:]):
        s += x * y
    return s


def test_iteration():
    same(iterate, [1.5, 2.0, -3.0])


def iterate_nested(n):
    lst = [[1, 2], [3], [n, 5, 6]]
    out = []
    for row in lst:
        for x in row:
            out.append(x)
    return out


def test_iterate_nested():
    same(iterate_nested, 4)


def constructors(n, t, a, lst):
    return list(range(n)), list(t), list(a), list(lst), list(lst) is not lst


def test_list_constructor():
    same(constructors, 4, (1.5, 2.5), np.arange(3), [7, 8])


def empty_constructor(n):
    out = list()
    for i in range(n):
        out.append(i)
    return out


def test_empty_constructor_is_refined():
    same(empty_constructor, 3)


# ------------------------------------------------------------------ empty lists refined by their uses


def refined_append(n):
    out = []
    for i in range(n):
        out.append(i * 0.5)
    return out


def refined_in_branch(n):
    out = []
    if n > 2:
        out.append(n)
    return out, len(out)


def refined_extend(n):
    out = []
    out.extend(range(n))
    return out


def refined_setitem_after_insert(n):
    out = []
    out.insert(0, n)
    out[0] = n + 1
    return out


def refined_nested(n):
    out = [[], [1]]
    out[0].append(n)
    return out


@pytest.mark.parametrize("fn", [refined_append, refined_in_branch, refined_extend, refined_setitem_after_insert,
                                pytest.param(refined_nested, marks=[
                                    pytest.mark.numba_differs(reason="Numba cannot type [[], [1]]"),
                                    pytest.mark.xfail(is_numba, reason="Numba cannot type [[], [1]]",
                                                      strict=True)])])
@pytest.mark.parametrize("n", [0, 4])
def test_empty_list_refined_by_use(fn, n):
    same(fn, n)


def unrefined(n):
    x = []
    return len(x)


def test_unrefined_empty_list_is_a_typing_error():
    with pytest.raises(TypingError) as e:
        jitted(unrefined)(1)
    if is_pycomp:
        assert "cannot infer the type of the empty list at line %d" % (unrefined.__code__.co_firstlineno + 1) \
            in str(e.value)


def heterogeneous():
    return [1, (2, 3)]


@pycomp_only("Numba fails with a TypeError from inside its type inference")
def test_heterogeneous_list_is_a_typing_error_naming_the_line():
    with pytest.raises(TypingError) as e:
        jitted(heterogeneous)()
    assert "int64 and UniTuple(int64 x 2)" in str(e.value)
    assert "line %d" % (heterogeneous.__code__.co_firstlineno + 1) in str(e.value)


def bad_append(lst):
    lst.append((1, 2))


def test_append_of_a_wrong_type_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(bad_append)([1])


@pycomp_only("CPython's messages; Numba has its own")
def test_index_errors_have_cpythons_messages():
    with pytest.raises(IndexError, match="^list index out of range$"):
        jitted(items)([1], 3)
    with pytest.raises(IndexError, match="^list assignment index out of range$"):
        jitted(setitem)([1], 3, 0)
    with pytest.raises(IndexError, match="^pop from empty list$"):
        jitted(pop_empty)(1)


# ------------------------------------------------------------------ to and from Python


def mutate(lst):
    lst.append(lst[0] * 2)
    lst[0] = -1


def read_only(lst):
    return lst[0] + len(lst)


def test_reflection_writes_changes_back():
    with no_leaks():
        x = [1.5, 2.5]
        jitted(mutate)(x)
        assert x == [-1.0, 2.5, 3.0]
        y = [3, 4]
        assert jitted(read_only)(y) == 5 and y == [3, 4]


def test_unchanged_list_keeps_its_items():
    a = np.arange(3.0)
    x = [a]
    with no_leaks():
        jitted(read_only_arrays)(x)
    assert x[0] is a


def read_only_arrays(lst):
    return lst[0].sum()


def passes_through(lst):
    return lst


def test_returning_an_argument():
    with no_leaks():
        x = [1, 2]
        assert jitted(passes_through)(x) == [1, 2]


def test_empty_list_argument_is_an_error():
    with pytest.raises((TypeError, ValueError)):
        jitted(read_only)([])


def test_items_must_convert():
    with pytest.raises(TypeError):
        jitted(read_only)([1, "a"])


def append_array(lst, n):
    lst.append(np.zeros(n))
    return len(lst)


def test_list_of_arrays_argument():
    with no_leaks():
        x = [np.ones(2)]
        assert jitted(append_array)(x, 3) == 2
        assert len(x) == 2
        np.testing.assert_array_equal(x[1], np.zeros(3))
        del x  # its arrays are the runtime's


def nested_arg(lst):
    lst.append([len(lst)])
    return lst


@numba_differs("Numba cannot reflect a list of lists (TypeError)")
def test_nested_list_argument():
    with no_leaks():
        x = [[1, 2], [3]]
        assert jitted(nested_arg)(x) == [[1, 2], [3], [2]]
        assert x == [[1, 2], [3], [2]]


# ------------------------------------------------------------------ NumPy on lists


def to_array(lst):
    return np.array(lst), np.asarray(lst), np.array(lst, dtype=np.float32)


@pytest.mark.parametrize("lst", [[1, 2, 3], [1.5, -2.0], [True, False]])
def test_np_array_of_a_list(lst):
    same(to_array, lst)


def to_array_nested(n):
    rows = []
    for i in range(n):
        rows.append([i, i * 2])
    return np.array(rows), np.asarray(rows, dtype=np.float64)


@numba_differs("Numba refuses np.array of a list(list(int64)) variable (not a NumPy dtype)")
def test_np_array_of_a_list_of_lists():
    same(to_array_nested, 3)


def literal_2d(x):
    return np.array([[1.0, 2.0], [3.0, x]])


def literal_3d(x):
    return np.array([[[x, 1], [2, 3]], [[4, 5], [6, 7]]], dtype=np.int32)


def test_np_array_of_nested_literal_lists():
    same(literal_2d, 4.5)
    same(literal_3d, 9)


def ragged(x):
    return np.array([[1.0, 2.0], [x]])


def test_ragged_rows_are_a_value_error():
    same(ragged, 3.0, match_message=False)


def empty_rows(n):
    out = [[1]]
    out.clear()
    return np.array(out).shape


@numba_differs("Numba gives shape (0,) for an empty list of lists")
def test_np_array_of_an_empty_list_of_lists():
    with no_leaks():
        assert jitted(empty_rows)(1) == (0, 0)


# ------------------------------------------------------------------ comprehensions


def comprehension(n):
    return [i * 2 for i in range(n)]


def comprehension_nested(n):
    i = 100
    grid = [[i * j for j in range(3)] for i in range(n)]
    return grid, i, np.array(grid)


def comprehension_filtered(lst):
    return [x * x for x in lst if x > 0]


@pytest.mark.parametrize("n", [0, 3])
def test_comprehensions(n):
    same(comprehension, n)


@numba_differs("Numba turns a comprehension passed to np.array into an array")
def test_nested_comprehension():
    same(comprehension_nested, 3)


def test_comprehension_over_a_list():
    same(comprehension_filtered, [1, -2, 3])


# On 3.11 a list comprehension is a nested function (<listcomp>) called with
# the iterator; on 3.12+ it is inlined (PEP 709). Both compile.

def comprehension_over_an_array(a):
    return [x * 2.0 for x in a]


def comprehension_over_zip(a, b):
    return [x + y for x, y in zip(a, b)]


def comprehension_over_enumerate(n):
    return [(i, v) for i, v in enumerate(range(n, 0, -1))]


def comprehension_in_a_loop(n):
    out = 0
    for k in range(n):
        out += len([i for i in range(k) if i > 1])
    return out


def comprehension_summed(n):
    return sum([i for i in range(n)])


def comprehension_to_array(a):
    return np.array([a[i] * i for i in range(a.shape[0])])


def comprehension_sees_the_value_at_its_line(n):
    x = 5
    out = [x + i for i in range(n)]
    x = 7
    return out, x


def comprehension_of_comprehensions_capturing(n, k):
    return [[i * j + k for j in range(i)] for i in range(n)]


@pytest.mark.parametrize("fn, args", [
    (comprehension_over_an_array, (np.arange(4.0),)),
    (comprehension_over_zip, ([1.0, 2.0, 3.0], [0.5, 0.25, 0.0])),
    (comprehension_over_enumerate, (3,)),
    (comprehension_in_a_loop, (6,)),
    (comprehension_summed, (10,)),
    (comprehension_to_array, (np.arange(3.0),)),
    (comprehension_sees_the_value_at_its_line, (3,)),
    (comprehension_of_comprehensions_capturing, (4, 10)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_comprehension_forms(fn, args):
    same(fn, *args)


def set_comprehension(n):
    return {i for i in range(n)}


def dict_comprehension(n):
    return {i: i for i in range(n)}


@pycomp_only("Numba raises its own TypingErrors for these")
@pytest.mark.parametrize("fn, what", [(set_comprehension, "set comprehensions|sets are"),
                                      (dict_comprehension, "dict comprehensions|dicts are")])
def test_set_and_dict_comprehensions_name_themselves(fn, what):
    from pycomp import UnsupportedError

    with pytest.raises(UnsupportedError, match=what):
        jitted(fn)(3)



def repeated(n, v):
    a = list(range(n))
    return a * v


def repeated_in_place(n, v):
    a = list(range(n))
    a *= v
    return a


@pytest.mark.parametrize("fn", [repeated, repeated_in_place])
@pytest.mark.parametrize("n, v", [(1, 2**58), (1, 2**62), (2, 2**62 + 1), (3, 2**62)])
def test_a_list_too_large_is_a_memory_error(fn, n, v):
    # Once, the size in bytes wrapped around: a small buffer was written
    # past its end and the interpreter died (Numba's test_lists.test_mul_error).
    with pytest.raises(MemoryError):
        jitted(fn)(n, v)
