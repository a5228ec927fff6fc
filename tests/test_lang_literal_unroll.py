"""``for x in literal_unroll(tup)``: the loop body is compiled once per
element of the tuple (``nb-literal-unroll``), so ``x`` may have a different
type in each iteration and constant elements stay literal (record field
names). Each function runs under the JIT and CPython (and Numba with
PYCOMP_TEST_ENGINE=numba)."""

import numpy as np
import pytest

from support import TypingError, UnsupportedError, check, is_numba, jitted, numba_differs, pycomp_only

if is_numba:
    from numba import literal_unroll
else:
    from pycomp import literal_unroll

GLOBAL_MIXED = (1, 2.5, 7)
GLOBAL_FIELDS = ("a", "c")
REC = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.int64)])


# ------------------------------------------------------------------ values of several types

def doubled_mixed():
    t = (1, 2.5, "ab", np.arange(3.0))
    out = ()
    for x in literal_unroll(t):
        out = out + (x + x,)
    return out


def lengths():
    t = ("xyz", np.ones(4), "", np.arange(6).reshape(2, 3))
    n = 0
    for x in literal_unroll(t):
        n += len(x)
    return n


def lengths_over_two():
    t = ("xyz", np.arange(4.0) + 1, (7, "q"))
    k = 0.0
    for x in literal_unroll(t):
        if len(x) > 2:
            k += len(x)
    return k


def sum_mixed(t):
    s = 0
    for x in literal_unroll(t):
        s += x
    return s


def concat_strings():
    out = ""
    for x in literal_unroll(("ab", "c", "def")):
        out += x
    return out


def array_sums(a, b):
    s = 0.0
    for x in literal_unroll((a, b, a * 2)):
        s += x.sum()
    return s


# ------------------------------------------------------------------ control flow in the body

def with_break(t, limit):
    s = 0.0
    for x in literal_unroll(t):
        if x > limit:
            break
        s += x
    return s


def with_continue(t):
    s = 0.0
    for x in literal_unroll(t):
        if x == 2:
            continue
        s += x
    return s


def with_return(t):
    for x in literal_unroll(t):
        if x > 2:
            return x
    return -1


def with_else(t, stop):
    s = 0
    for x in literal_unroll(t):
        if x == stop:
            break
        s += x
    else:
        s += 100
    return s


def last_item(t):
    x = -1
    for x in literal_unroll(t):
        pass
    return x


def nested(t, u):
    acc = 0.0
    for x in literal_unroll(t):
        for y in literal_unroll(u):
            acc += x * y
    return acc


def nested_same(t):
    acc = 0.0
    for x in literal_unroll(t):
        for y in literal_unroll(t):
            if y == x:
                continue
            acc += x - y
    return acc


def inside_range_loop(n):
    s = 0.0
    for i in range(n):
        for x in literal_unroll((1, 0.5, 2)):
            s += i * x
    return s


def global_tuple():
    s = 0.0
    for x in literal_unroll(GLOBAL_MIXED):
        s += x
    return s


def local_tuple(a, b):
    t = (a, b, a + b)
    s = 0.0
    for x in literal_unroll(t):
        s = s * 10 + x
    return s


def sliced(t):
    s = 0.0
    for x in literal_unroll(t[1:]):
        s += x
    for x in literal_unroll(t[::-1]):
        s = s * 2 + x
    return s


def const_list():
    x = [12, 12.7, 3j, 4]
    acc = 0
    for a in literal_unroll(x):
        acc += a
        if acc.real < 26:
            acc -= 1
        else:
            break
    return acc


def empty_tuple():
    s = 0
    for x in literal_unroll(()):
        s += 1
    return s


def identity_outside_a_loop(t):
    u = literal_unroll(t)
    return u[1]


CASES = [
    (lengths, ()),
    (lengths_over_two, ()),
    (sum_mixed, ((1, 2.5, 3),)),
    (sum_mixed, ((1, 2, 3),)),
    (sum_mixed, ((True, 2, np.float32(1.5)),)),
    (concat_strings, ()),
    (array_sums, (np.arange(4.0), np.ones(2))),
    (with_break, ((1, 2.5, 3, 4.5), 2.7)),
    (with_break, ((1, 2.5, 3, 4.5), 10)),
    (with_continue, ((1, 2, 3.5),)),
    (with_else, ((1, 2, 3), 2)),
    (with_else, ((1, 2, 3), 7)),
    (last_item, ((1, 2, 3),)),
    (inside_range_loop, (4,)),
    (global_tuple, ()),
    (local_tuple, (1, 2.5)),
    (identity_outside_a_loop, ((1, 2.5),)),
    (sliced, ((1, 2.5, 3, 0.25),)),
    (const_list, ()),
]

#: what pycomp's unrolling before typing allows and Numba 0.68 rejects
#: (nesting, a return in the body, an empty tuple, a carried value whose
#: type changes from one copy to the next)
EXTENSIONS = [
    (doubled_mixed, ()),
    (with_return, ((1, 2.5, 3),)),
    (with_return, ((1, 2, 2),)),
    (nested, ((1, 2.5), (3, 4, 0.25))),
    (nested_same, ((1, 2.5, 4),)),
    (empty_tuple, ()),
]


@pytest.mark.parametrize("fn, args", CASES, ids=lambda v: getattr(v, "__name__", None))
def test_literal_unroll_matches_cpython(fn, args):
    check(fn, *args)


@pytest.mark.parametrize("fn, args", EXTENSIONS, ids=lambda v: getattr(v, "__name__", None))
@numba_differs("Numba 0.68 rejects nested literal_unroll loops, a return in the body, an empty tuple "
               "and carried values that change type")
def test_unrolled_before_typing(fn, args):
    check(fn, *args)


# ------------------------------------------------------------------ record field names

def get_fields(arr):
    out = 0.0
    for f in literal_unroll(("a", "b")):
        out += arr[0][f]
    return out


def get_global_fields(arr):
    out = 0.0
    for f in literal_unroll(GLOBAL_FIELDS):
        out += arr[1][f]
    return out


def set_fields(arr):
    for f in literal_unroll(("a", "b", "c")):
        arr[0][f] = 10
    return arr[0]["a"] + arr[0]["c"]


def set_global_fields(arr, v):
    r = arr[1]
    for f in literal_unroll(GLOBAL_FIELDS):
        r[f] = v


def _records():
    arr = np.zeros(2, dtype=REC)
    arr["a"] = [1.5, -2.0]
    arr["b"] = [3, 4]
    arr["c"] = [5, 6]
    return arr


@pytest.mark.parametrize("fn, extra", [(get_fields, ()), (get_global_fields, ()), (set_fields, ()),
                                       (set_global_fields, (7,))], ids=lambda v: getattr(v, "__name__", None))
def test_record_field_names(fn, extra):
    check(fn, _records(), *extra, compare_args=True)


def test_record_fields_through_a_free_variable():
    fs = ("c", "a")

    def get(rec):
        out = 0.0
        for f in literal_unroll(fs):
            out += rec[f]
        return out

    arr = _records()
    assert jitted(get)(arr[1]) == get(arr[1])


# ------------------------------------------------------------------ Python, errors

def test_python_returns_its_argument():
    t = (1, "a")
    assert literal_unroll(t) is t


def merged_tuple(n):
    t = (1, 2) if n > 0 else (3, 4)
    s = 0
    for x in literal_unroll(t):
        s += x
    return s


@pycomp_only("Numba types the merged tuple first, then unrolls; pycomp unrolls before typing")
def test_unknown_length_is_a_typing_error():
    with pytest.raises(TypingError, match="literal_unroll needs a tuple whose length is known before typing"):
        jitted(merged_tuple)(1)


@pycomp_only("pycomp's message")
def test_unknown_length_names_the_line():
    with pytest.raises(TypingError) as info:
        jitted(merged_tuple)(1)
    assert "for x in literal_unroll(t)" in str(info.value)


def over_a_string():
    n = 0
    for x in literal_unroll("abc"):
        n += 1
    return n


def test_a_string_is_unsupported():
    with pytest.raises(UnsupportedError, match="should be a tuple or a list of constant values"):
        jitted(over_a_string)()


@pycomp_only("the IR after the pass")
def test_unrolled_ir_has_no_iterator():
    from pycomp import njit

    cfunc = njit(sum_mixed)
    cfunc((1, 2.5))
    ir = cfunc.inspect_ir("nb-literal-unroll", cfunc.signatures[0])
    assert "nb.iternext" not in ir
    assert ir.count("nb.static_getitem") == 2
