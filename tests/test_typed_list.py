"""Typed lists (``numba.typed.List`` / ``pycomp.typed.List``): the Python
class against plain Python lists, typed lists passed to compiled code (the
same list, changes seen by Python), made and returned by compiled code
(``List()``, ``List.empty_list(T)``), items of every kind, np.asarray of
one, and the errors."""

import numpy as np
import pytest

from support import List, TypingError, assert_same, jitted, njit, numba_differs, types, typeof

INTS = [3, 1, 4, 1, 5, 9, 2, 6]
FLOATS = [2.5, -1.0, 0.0, 7.25, -3.5]
TUPLES = [(1, 2.0), (0, -1.0), (5, 3.5)]
STRINGS = ["b", "a", "ccc", ""]


def typed(items):
    out = List()
    for x in items:
        out.append(x)
    return out


# ------------------------------------------------------------------ the Python class


def test_constructors_and_repr():
    assert repr(typed([1, 2, 3])) == "ListType[int64]([1, 2, 3])"
    assert repr(List([1.5, 2.5])) == "ListType[float64]([1.5, 2.5])"
    assert repr(List((1, 2))) == "ListType[int64]([1, 2])"
    e = List.empty_list(types.float64)
    assert len(e) == 0 and str(typeof(e)) == "ListType[float64]"
    e.append(2)
    assert list(e) == [2.0] and isinstance(e[0], float)
    assert len(List()) == 0


def test_typeof_is_list_type():
    t = typeof(typed([1, 2]))
    assert isinstance(t, types.ListType) and t.item_type == types.int64
    assert str(t) == "ListType[int64]"
    assert typeof(List([(1, 2.0)])).item_type == types.Tuple((types.int64, types.float64))


@pytest.mark.parametrize("items", [INTS, FLOATS, TUPLES, STRINGS], ids=["int", "float", "tuple", "str"])
def test_python_methods_like_list(items):
    got, want = typed(items), list(items)
    assert len(got) == len(want) and list(got) == want
    assert got[0] == want[0] and got[-1] == want[-1]
    assert list(got[1:4]) == want[1:4] and list(got[::-2]) == want[::-2]
    assert (items[1] in got) and got.index(items[1]) == want.index(items[1])
    assert got.count(items[0]) == want.count(items[0])
    got.append(items[2])
    want.append(items[2])
    got.insert(1, items[0])
    want.insert(1, items[0])
    got.insert(-100, items[1])
    want.insert(-100, items[1])
    assert got.pop() == want.pop() and got.pop(0) == want.pop(0)
    got[2] = items[0]
    want[2] = items[0]
    got.extend(items[:2])
    want.extend(items[:2])
    del got[1]
    del want[1]
    assert list(got) == want
    got.reverse()
    want.reverse()
    assert list(got) == want
    got.sort()
    want.sort()
    assert list(got) == want
    got.sort(reverse=True)
    want.sort(reverse=True)
    assert list(got) == want
    c = got.copy()
    assert isinstance(c, List) and list(c) == want and c == got
    c.append(items[0])
    assert c != got and len(got) == len(want)
    got.clear()
    assert len(got) == 0 and list(got) == []


def test_python_errors():
    lst = typed([1, 2])
    with pytest.raises(IndexError):
        lst[5]
    with pytest.raises(IndexError):
        lst.pop(7)
    with pytest.raises(ValueError):
        lst.index(42)
    with pytest.raises(TypeError):
        List().pop()  # untyped
    with pytest.raises(TypingError):
        lst.append("text")


def test_sort_with_key():
    key = njit(lambda x: -x)
    lst = typed(INTS)
    lst.sort(key=key)
    assert list(lst) == sorted(INTS, key=lambda x: -x)


# ------------------------------------------------------------------ compiled code


def total(lst):
    t = 0
    for x in lst:
        t += x
    return t


def touch(lst):
    lst.append(100)
    lst[0] = -1
    lst.insert(1, 7)
    return len(lst)


def ops(lst):
    a = lst.pop()
    lst.extend(lst.copy())
    lst.reverse()
    lst.sort()
    b = lst.index(lst[2]) + lst.count(lst[0])
    return a, b, len(lst), lst[0], lst[-1], (lst[1] in lst)


@pytest.mark.parametrize("items", [INTS, FLOATS], ids=["int", "float"])
def test_passed_in_read(items):
    assert_same(jitted(total)(typed(items)), total(list(items)))


@pytest.mark.parametrize("items", [INTS, FLOATS], ids=["int", "float"])
def test_changes_seen_by_python(items):
    got, want = typed(items), list(items)
    assert jitted(touch)(got) == touch(want)
    assert list(got) == want  # the same list: no copy, no reflection


@pytest.mark.parametrize("items", [INTS, FLOATS, TUPLES], ids=["int", "float", "tuple"])
def test_methods_in_compiled_code(items):
    if isinstance(items[0], tuple):
        def f(lst):
            a = lst.pop(0)
            lst.append(a)
            lst.reverse()
            return a, len(lst), lst[0], lst.count(lst[1])
    else:
        f = ops
    got, want = typed(items), list(items)
    assert_same(jitted(f)(got), f(want))
    assert list(got) == want


def make_list(n):
    lst = List()
    for i in range(n):
        lst.append(i * 0.5)
    return lst


def make_empty_list(n):
    lst = List.empty_list(types.int32)
    for i in range(n):
        lst.append(i)
    return lst


def make_plain(n):
    return [i for i in range(n)]


def test_made_in_compiled_code():
    got = jitted(make_list)(4)
    assert isinstance(got, List) and list(got) == [0.0, 0.5, 1.0, 1.5]
    assert str(typeof(got)) == "ListType[float64]"
    e = jitted(make_list)(0)
    assert isinstance(e, List) and len(e) == 0
    i32 = jitted(make_empty_list)(3)
    assert str(typeof(i32)) == "ListType[int32]" and list(i32) == [0, 1, 2]
    plain = jitted(make_plain)(3)
    assert type(plain) is list and plain == [0, 1, 2]


def roundtrip(lst):
    lst.append(lst[0])
    return lst


def test_returned_argument_is_same_list():
    lst = typed([1, 2])
    out = jitted(roundtrip)(lst)
    assert list(out) == [1, 2, 1] and list(lst) == [1, 2, 1]
    out.append(5)
    assert list(lst) == [1, 2, 1, 5]


def slice_copy(lst):
    return lst[1:3], lst.copy()


def test_slice_and_copy_are_typed_lists():
    a, b = jitted(slice_copy)(typed(INTS))
    assert isinstance(a, List) and isinstance(b, List)
    assert list(a) == INTS[1:3] and list(b) == INTS


def nested(n):
    outer = List()
    for i in range(n):
        inner = List()
        for j in range(i):
            inner.append(j)
        outer.append(inner)
    return outer


def test_lists_of_lists():
    got = jitted(nested)(4)
    assert [list(x) for x in got] == [[], [0], [0, 1], [0, 1, 2]]


def sum_arrays(lst):
    s = 0.0
    for a in lst:
        s += a.sum()
    return s


def test_arrays_as_items():
    arrs = [np.arange(3.0), np.ones(4), np.zeros(0)]
    lst = typed(arrs)
    assert jitted(sum_arrays)(lst) == sum(a.sum() for a in arrs)
    np.testing.assert_array_equal(lst[1], arrs[1])


def join_strings(lst):
    out = ""
    for s in lst:
        out = out + s
    lst.append("z")
    return out


def test_strings_as_items():
    lst = typed(STRINGS)
    assert jitted(join_strings)(lst) == "".join(STRINGS)
    assert list(lst) == STRINGS + ["z"]


def asarray(lst):
    return np.asarray(lst)


def array_of(lst):
    return np.array(lst)


@pytest.mark.parametrize("items", [INTS, FLOATS, [True, False]], ids=["int", "float", "bool"])
def test_np_asarray(items):
    got = jitted(asarray)(typed(items))
    assert_same(got, asarray(list(items)))


@numba_differs("Numba's np.array does not take a typed List (ListType cannot be a NumPy dtype)")
@pytest.mark.parametrize("items", [INTS, FLOATS], ids=["int", "float"])
def test_np_array(items):
    got = jitted(array_of)(typed(items))
    assert_same(got, array_of(list(items)))


def eq(a, b):
    return a == b, a != b


def test_equality_in_compiled_code():
    assert jitted(eq)(typed(INTS), typed(INTS)) == (True, False)
    assert jitted(eq)(typed(INTS), typed(INTS[:-1])) == (False, True)


def append_text(lst):
    lst.append("text")


@pytest.mark.parametrize("item_type, value", [("int64", 2.5), ("int32", 1.5), ("float64", 1j)])
def test_python_append_refuses_lossy_kind(item_type, value):
    lst = List.empty_list(getattr(types, item_type))
    with pytest.raises(TypingError):
        lst.append(value)


@pytest.mark.parametrize("item_type, value, want", [("float64", 1, 1.0), ("int32", 5, 5), ("int64", True, 1),
                                                    ("complex128", 2.0, 2 + 0j), ("float32", 1.5, 1.5)])
def test_python_append_converts(item_type, value, want):
    lst = List.empty_list(getattr(types, item_type))
    lst.append(value)
    assert lst[0] == want and type(lst[0]) is type(want)


def test_wrong_item_type_is_typing_error():
    with pytest.raises(TypingError) as info:
        jitted(append_text)(typed([1, 2]))
    assert "int64" in str(info.value)


def index_error(lst):
    return lst[10]


def test_index_error_in_compiled_code():
    with pytest.raises(IndexError):
        jitted(index_error)(typed([1, 2]))


def test_untyped_list_cannot_be_passed():
    with pytest.raises((TypeError, ValueError)):
        jitted(total)(List())


def from_iterables(n, a):
    x = List(range(n))
    y = List(a)
    z = List.empty_list(types.float64, 10)
    z.append(1)
    return x, y, z


def test_constructors_in_compiled_code():
    x, y, z = jitted(from_iterables)(3, np.arange(2.0))
    assert list(x) == [0, 1, 2] and list(y) == [0.0, 1.0] and list(z) == [1.0]
    assert [str(typeof(v)) for v in (x, y, z)] == ["ListType[int64]", "ListType[float64]", "ListType[float64]"]


def unused_empty():
    lst = List()
    return len(lst)


def test_untyped_empty_list_in_compiled_code_is_typing_error():
    with pytest.raises(TypingError):
        jitted(unused_empty)()


def test_arrays_stored_from_python_outlive_the_arrays():
    lst = List()
    a = np.arange(5.0)
    lst.append(a)
    lst.append(a[1:4])
    lst.insert(0, a + 1)
    del a
    np.testing.assert_array_equal(lst[0], np.arange(5.0) + 1)
    np.testing.assert_array_equal(lst[2], np.arange(1.0, 4.0))
    assert jitted(sum_arrays)(lst) == 15 + 10 + 6


def test_nested_lists_from_python():
    inner = List([1, 2])
    outer = List()
    outer.append(inner)
    inner.append(3)  # the same list: the outer one sees it
    assert str(typeof(outer)) == "ListType[ListType[int64]]"
    assert [list(x) for x in outer] == [[1, 2, 3]]
    del inner
    assert list(outer[0]) == [1, 2, 3]


def compare(a, b):
    return a < b, a <= b, a == b, a != b, a >= b, a > b


@pytest.mark.parametrize("pa, pb", [([1, 2, 3], [1, 2, 3]), ([1, 2], [1, 2, 3]), ([1, 2, 4], [1, 2, 3]),
                                    ([], [0])])
def test_ordering(pa, pb):
    want = compare(pa, pb)
    assert compare(List(pa) if pa else List.empty_list(typeof(pb[0])), List(pb)) == want
    a = List(pa) if pa else List.empty_list(typeof(pb[0]))
    assert jitted(compare)(a, List(pb)) == want


@numba_differs("Numba orders typed lists of unequal lengths by their lengths first, not by their items")
def test_ordering_by_items_first():
    test_ordering([2.5], [-1.0, 3.0])


def test_comparison_with_non_list_is_false():
    assert not any(compare(List([1, 2]), 1))


def test_sort_with_plain_python_key():
    lst = typed(FLOATS)
    lst.sort(key=lambda x: abs(x))
    assert list(lst) == sorted(FLOATS, key=abs)


def ctor_int():
    return List(23)


def ctor_two():
    return List((0, 1), (2, 3))


def test_constructor_errors():
    with pytest.raises(TypeError, match="List\\(\\) argument must be iterable"):
        List(23)
    with pytest.raises(TypeError, match="List\\(\\) expected at most 1 argument, got 2"):
        List((0, 1), (2, 3))
    with pytest.raises(TypeError, match="List\\(\\) takes no keyword arguments"):
        List(iterable=(0, 1))
    with pytest.raises(TypingError, match="List\\(\\) argument must be iterable"):
        jitted(ctor_int)()
    with pytest.raises(TypingError, match="List\\(\\) expected at most 1 argument, got 2"):
        jitted(ctor_two)()


def test_mixed_items_are_checked_one_by_one():
    with pytest.raises(TypingError):
        List((1, 1.0))  # a float into integers
    assert repr(List([1.0, 2])) == "ListType[float64]([1.0, 2.0])"


def test_extended_slice_assignment_length_mismatch():
    lst = typed(INTS)
    with pytest.raises(ValueError):
        lst[::2] = [1, 2]


def _store_arrays(lst, a):
    lst.append(a)
    lst.append(a[1:])
    lst.insert(0, a[::2])
    lst[1] = a


def _extend_arrays(lst, a, b):
    lst.extend([a, b])


def test_argument_arrays_stored_in_a_typed_list_stay_alive():
    """Arrays passed in from Python and stored into a typed list (directly,
    as views, through insert/setitem/extend) keep their ndarrays alive:
    the list outlives the call and the caller's names."""
    import gc
    import sys

    lst = List.empty_list(types.float64[:])
    a = np.arange(5.0)
    before = sys.getrefcount(a)
    njit(_store_arrays)(lst, a)
    njit(_extend_arrays)(lst, np.ones(2), np.zeros(3))
    assert sys.getrefcount(a) > before
    expected = [[0.0, 2.0, 4.0], [0.0, 1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0], [1.0, 1.0], [0.0, 0.0, 0.0]]
    held = a
    del a
    gc.collect()
    scratch = [np.full(5, 7.0) for _ in range(50)]  # reuse any freed memory
    assert [x.tolist() for x in lst] == expected
    del lst, scratch
    gc.collect()
    assert sys.getrefcount(held) == before
