"""Arrays of fixed-size strings (NumPy ``U<n>`` and ``S<n>``): passed in
and returned in every layout, items compared with each other and with
``str``, ``len``/truth/``str()`` of an item, assignment (truncated and
NUL-padded as NumPy), iteration, and the NumPy functions that take them
(nonzero, where, unique, sort, searchsorted, trim_zeros, asarray of a
literal, view), against NumPy."""

import numpy as np
import pytest

from support import TypingError, as_c, as_f, check, jitted, negstrided, numba_differs, strided

U_TEXTS = np.array(["b", "", "héllo", "a", "日本", "x😀y", "b", "ab", "a\x00b", ""])
S_TEXTS = np.array([b"b", b"", b"hello", b"a", b"\xff", b"b", b"ab", b""])

LAYOUTS = {"C": as_c, "F": as_f, "strided": strided, "negstrided": negstrided}


def _grid(a):
    """``a`` reshaped 2-d (F and strided layouts need two axes to differ)."""
    return a.reshape(2, -1)


def identity(a):
    return a


def item(a, i):
    return a[i]


def compare_items(a, i, j):
    x = a[i]
    y = a[j]
    return x == y, x != y, x < y, x <= y, x > y, x >= y


def compare_with_str(a, i, s):
    x = a[i]
    return x == s, x != s, x < s, s < x, s <= x, x >= s


def compare_with_literal(a, i):
    return a[i] == "ab", "b" < a[i], a[i] != ""


def length_and_truth(a, i):
    x = a[i]
    return len(x), bool(x), not x, 1 if x else 0


def as_str(a, i):
    return str(a[i])


def store(a, i, s):
    a[i] = s
    return a


def store_literal(a):
    a[0] = "tronqué-long"
    a[1] = ""
    return a


def store_item(a, b):
    a[0] = b[1]
    a[1] = b[0]
    return a


def count_nonempty(a):
    n = 0
    for s in a:
        if s:
            n += 1
    return n


def join_lengths(a):
    total = 0
    for s in a.ravel():
        total += len(s)
    return total


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("texts", [U_TEXTS, S_TEXTS], ids=["U", "S"])
def test_pass_and_return(texts, layout):
    a = LAYOUTS[layout](_grid(texts))
    check(identity, a)
    check(identity, a[:, 1:])
    check(identity, a.ravel()[::-2])


def test_return_0d_and_3d():
    check(identity, np.array("abc"))
    check(identity, U_TEXTS.reshape(5, 2, 1))


@pytest.mark.parametrize("i", range(len(U_TEXTS)))
def test_unicode_item_is_str(i):
    check(item, U_TEXTS, i)
    check(as_str, U_TEXTS, i)
    check(length_and_truth, U_TEXTS, i)


@pytest.mark.parametrize("i", range(len(S_TEXTS)))
def test_bytes_item_is_bytes(i):
    got = jitted(item)(S_TEXTS, i)
    assert type(got) is bytes and got == bytes(S_TEXTS[i])
    check(length_and_truth, S_TEXTS, i)


@pytest.mark.parametrize("texts", [U_TEXTS, S_TEXTS], ids=["U", "S"])
def test_item_comparisons(texts):
    for i in range(len(texts)):
        for j in range(len(texts)):
            check(compare_items, texts, i, j)


def test_item_compared_with_str():
    for i in range(len(U_TEXTS)):
        for s in ("", "a", "ab", "b", "héllo", "x😀", "日本語"):
            check(compare_with_str, U_TEXTS, i, s)
        check(compare_with_literal, U_TEXTS, i)


def test_different_sizes_compare_by_text():
    a = np.array(["ab", "c"], dtype="U2")
    b = np.array(["ab", "abc"], dtype="U7")
    check(lambda a, b: (a[0] == b[0], a[0] < b[1], b[1] > a[1]), a, b)


@pytest.mark.parametrize("s", ["", "xy", "héllo wörld", "日本語です", "😀😀"])
def test_store_str(s):
    check(store, U_TEXTS.copy(), 2, s, compare_args=True)
    check(store, as_f(_grid(U_TEXTS)), (1, 3), s, compare_args=True)


def test_store_items_of_the_same_size():
    check(store_item, np.array(["abcdef", "xyz"]), np.array(["ghi", "ü"], dtype="U6"), compare_args=True)
    check(store_item, np.array([b"abcdef", b"xyz"]), np.array([b"g", b"u"], dtype="S6"), compare_args=True)


@numba_differs("Numba cannot store a literal or an item longer than the array's items (no cast between "
               "sizes); pycomp truncates and pads as NumPy")
def test_store_literal_and_resized_items():
    check(store_literal, np.array(["abcdef", "xyz", "q"]), compare_args=True)
    check(store_item, np.array(["abcdef", "xyz"]), np.array(["longer text", "ü"]), compare_args=True)
    check(store_item, np.array([b"abcdef", b"xyz"]), np.array([b"longer text", b"u"]), compare_args=True)
    check(store_item, np.array(["ab", "cd"], dtype="U2"), np.array(["ü", "vwxyz"], dtype="U5"), compare_args=True)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_iteration(layout):
    a = LAYOUTS[layout](_grid(U_TEXTS))
    check(count_nonempty, a.ravel())
    check(join_lengths, a)
    check(count_nonempty, S_TEXTS)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("texts", [U_TEXTS, S_TEXTS], ids=["U", "S"])
def test_nonzero_and_where(texts, layout):
    a = LAYOUTS[layout](_grid(texts))
    check(lambda a: a.nonzero(), a)
    check(lambda a: np.nonzero(a), a)
    check(lambda a: np.where(a), a)
    check(lambda a: np.nonzero(a), texts)


@pytest.mark.parametrize("texts", [U_TEXTS, S_TEXTS, np.array(["A", "A", "B"], dtype="<U16"),
                                   np.array([], dtype="U3")], ids=["U", "S", "U16", "empty"])
def test_unique_and_sort(texts):
    check(lambda a: np.unique(a), texts)
    check(lambda a: np.unique(a), as_f(_grid(texts)) if texts.size % 2 == 0 else texts)
    check(lambda a: np.sort(a), texts)
    check(lambda a: np.sort(a), strided(texts))


@numba_differs("Numba's np.sort takes neither kind= nor axis= arguments")
def test_sort_kind_and_axis():
    check(lambda a: np.sort(a, kind="stable"), U_TEXTS)
    check(lambda a: np.sort(a, kind="heapsort"), S_TEXTS)
    check(lambda a: np.sort(a, axis=None), strided(_grid(U_TEXTS)))
    check(lambda a: np.sort(a, axis=0), as_f(_grid(U_TEXTS)))


def test_searchsorted():
    a = np.sort(U_TEXTS)
    v = np.array(["", "a", "aa", "b", "zz", "日本", "héllo"])
    check(lambda a, v: np.searchsorted(a, v), a, v)
    check(lambda a, v: np.searchsorted(a, v, side="right"), a, v)
    check(lambda a, v: np.searchsorted(a, v), np.array(["1", "2", "3"]), np.array(["2", "4"]))


@numba_differs("Numba's np.searchsorted takes neither a str key nor S<n> arrays")
def test_searchsorted_str_key_and_bytes():
    a = np.sort(U_TEXTS)
    check(lambda a, v: np.searchsorted(a, v), a, "b")
    check(lambda a, v: np.searchsorted(a, v, side="right"), a, "b")
    b = np.sort(S_TEXTS)
    check(lambda a, v: np.searchsorted(a, v), b, np.array([b"", b"ab", b"\xff", b"c"]))


@pytest.mark.parametrize("a", [np.array(["0", "Hello", "world"]), np.array(["", "a", "", "b", ""]),
                               np.array(["\0", "1", "2"]), np.array(["", ""])])
def test_trim_zeros(a):
    check(lambda a: np.trim_zeros(a), a)
    check(lambda a: np.trim_zeros(a, "f"), a)
    check(lambda a: np.trim_zeros(a, "b"), a)


@numba_differs("Numba's np.trim_zeros does not take an S<n> array")
def test_trim_zeros_bytes():
    check(lambda a: np.trim_zeros(a), np.array([b"", b"x", b""]))


def asarray_literal():
    return np.asarray("hello world")


def asarray_local():
    s = "大处 着眼，小处着手。大大大处"
    return np.asarray(s)


def asarray_empty():
    s = ""
    return np.asarray(s)


@pytest.mark.parametrize("fn", [asarray_literal, asarray_local, asarray_empty])
def test_asarray_of_literal(fn):
    check(fn)


def test_view():
    a = np.array(["abcdef", "ghijkl"])
    check(lambda a: a.view(np.int32), a)
    check(lambda a: a.view(np.uint8), np.array([b"abcd", b"ef"]))
    check(lambda a: a.view(np.complex128), np.array(["abcdef"]))  # ValueError: not a divisor


def test_arithmetic_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(lambda a: a + a)(U_TEXTS)
    with pytest.raises(TypingError):
        jitted(lambda a: a[0] + 1)(U_TEXTS)


@numba_differs("Numba repeats an item (s * 2); pycomp has no str repetition yet: a TypingError")
def test_item_repetition_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(lambda a: a[0] * 2)(U_TEXTS)


def test_item_concatenation():
    for i in range(len(U_TEXTS)):
        check(lambda a, i: (a[i] + a[0], a[i] + "xé", "日" + a[i]), U_TEXTS, i)


def test_bytes_and_str_items_do_not_compare():
    with pytest.raises(TypingError):
        jitted(lambda a, s: a[0] < s)(S_TEXTS, "b")
