"""str values: passed in and returned, literals meeting run-time strings,
comparisons, len, truth, concatenation, indexing; against CPython, on
ASCII, Latin-1, UCS-2 and UCS-4 text (the three storage kinds)."""

import sys

import numpy as np
import pytest

from support import TypingError, check, jitted, pycomp_only

TEXTS = ["", "a", "abc", "abd", "ab", "héllo", "hélla", "日本語", "日本", "x😀y", "😀", "ÿ", "Āb"]
PAIRS = [(a, b) for a in TEXTS for b in TEXTS[::3]] + [("abc", "abc"), ("日本", "日本"), ("x😀y", "x😀y")]


def identity(s):
    return s


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def gt(a, b):
    return a > b


def ge(a, b):
    return a >= b


def length(s):
    return len(s)


def truth(s):
    if s:
        return 1
    return 0


def negation(s):
    return not s


def concat(a, b):
    return a + b


def getitem(s, i):
    return s[i]


def repeat_concat(s, n):
    out = ""
    for i in range(n):
        out += s[i % len(s)]
    return out


def choose_literal(flag):
    s = "short" if flag else "a longer literal"
    return s, len(s)


def compare_literal(s):
    if s == "full":
        return 1
    elif s == "same":
        return 2
    return 3


def literal_order(s):
    return "m" < s, s <= "m", "日" > s


def return_literal():
    return "constant"


def str_of_str(s):
    return str(s)


def eq_other(s, x):
    return s == x, s != x, x == s


def in_tuple(t):
    return t[0] + t[1], t


def list_of_str(lst):
    out = []
    for s in lst:
        out.append(s + "!")
    return out


def contains(lst, x):
    return x in lst


@pytest.mark.parametrize("s", TEXTS)
def test_identity(s):
    check(identity, s)


@pytest.mark.parametrize("op", [eq, ne, lt, le, gt, ge])
@pytest.mark.parametrize("a,b", PAIRS)
def test_compare(op, a, b):
    check(op, a, b)


@pytest.mark.parametrize("s", TEXTS)
def test_len_truth_not(s):
    check(length, s)
    check(truth, s)
    check(negation, s)


@pytest.mark.parametrize("a,b", PAIRS)
def test_concat(a, b):
    check(concat, a, b)


@pytest.mark.parametrize("s", ["abc", "héllo", "日本語", "x😀y"])
@pytest.mark.parametrize("i", [0, 1, 2, -1, -3, 3, -4, 100])
def test_getitem(s, i):
    check(getitem, s, i)


@pytest.mark.parametrize("s,n", [("xyz", 7), ("é日😀", 5), ("a", 0)])
def test_build_by_concat(s, n):
    check(repeat_concat, s, n)


@pytest.mark.parametrize("flag", [True, False])
def test_literals_meet(flag):
    check(choose_literal, flag)


@pytest.mark.parametrize("s", ["full", "same", "fu", "fullx", ""])
def test_compare_with_literal(s):
    check(compare_literal, s)


@pytest.mark.parametrize("s", ["a", "m", "z", "日", "😀"])
def test_literal_order(s):
    check(literal_order, s)


def test_return_literal():
    check(return_literal)


def test_str_of_str():
    check(str_of_str, "héllo")


@pytest.mark.parametrize("x", [1, 2.5, None])
def test_eq_other_types(x):
    check(eq_other, "1", x)


def test_in_tuple():
    check(in_tuple, ("a", "日本"))


def test_list_of_strings():
    check(list_of_str, ["x", "yy", "日"])
    check(contains, ["a", "b"], "b")
    check(contains, ["a", "b"], "c")


@pytest.mark.parametrize("s", ["é", "日", "😀", "x"])
def test_getitem_keeps_kind(s):
    """A character of a wider string is stored in its own kind: it equals the
    same character written as a literal."""
    cfunc = jitted(getitem)
    got = cfunc("a" + s, 1)
    assert got == s and type(got) is str


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="reference counts")
@pycomp_only("Numba returns a new str equal to the argument; pycomp returns the argument itself")
def test_argument_returned_is_the_same_object():
    s = "a string returned as it came " + str(id(object()))
    cfunc = jitted(identity)
    before = sys.getrefcount(s)
    for _ in range(100):
        assert cfunc(s) is s
    assert sys.getrefcount(s) == before


def test_str_to_numeric_function_is_a_typing_error():
    def f(x):
        return np.sin(x)

    with pytest.raises(TypingError, match="sin"):
        jitted(f)("abc")


@pytest.mark.parametrize("s", ["", "abc", "日本"])
def test_str_index_out_of_range(s):
    check(getitem, s, len(s))


@pytest.mark.parametrize("s", ["abc", "héllo"])
@pycomp_only("pycomp's type name")
def test_typeof(s):
    from pycomp import typeof, types

    assert typeof(s) is types.unicode_type
    assert str(types.unicode_type) == "unicode_type" and types.parse_type("unicode_type") is types.unicode_type


def test_sort_kind_must_be_a_literal():
    def f(a, k):
        return np.sort(a, kind=k)

    with pytest.raises(TypingError):
        jitted(f)(np.arange(3), "quicksort")



def empty_of_dtype(n, dt):
    return np.empty(n, dt)


def test_dtype_given_as_a_str_value_is_a_typing_error():
    """Only a constant string names a dtype (Numba's message)."""
    with pytest.raises(TypingError, match="If np.empty dtype is a string it must be a string constant"):
        jitted(empty_of_dtype)(3, "int32")
