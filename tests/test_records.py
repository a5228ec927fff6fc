"""Structured (record) dtypes: fields of records and of record arrays, read
and written, records passed in and returned, arrays of records created in
compiled code; against NumPy (and Numba through the test-engine switch)."""

import numpy as np
import pytest

from support import TypingError, check, check_array_mutation, is_numba, jitted, no_leaks, numba_differs

POINT = np.dtype([("x", "f8"), ("n", "i4"), ("c", "c8")])
ALIGNED = np.dtype([("a", "u1"), ("b", "f8"), ("k", "i2")], align=True)
NESTED = np.dtype([("x", "f8"), ("v", "f4", (2, 3)), ("w", "i8", (4,))])
INNER = np.dtype([("p", "i2"), ("q", "f4")])
OUTER = np.dtype([("t", "f8"), ("in", INNER)])
TEXT = np.dtype([("x", "f8"), ("name", "U5"), ("tag", "S3")])


def points(n=5, dtype=POINT):
    a = np.zeros(n, dtype)
    a["x"] = np.linspace(-1.5, 2.0, n)
    a["n"] = np.arange(n) * 3 - 4
    a["c"] = np.arange(n) + 0.5j
    return a.view(np.recarray)  # CPython reads fields as attributes too


def nested(n=3):
    a = np.zeros(n, NESTED)
    a["x"] = np.arange(n) * 1.5
    a["v"] = np.arange(n * 6, dtype=np.float32).reshape(n, 2, 3)
    a["w"] = np.arange(n * 4).reshape(n, 4) - 5
    return a.view(np.recarray)


# ------------------------------------------------------------------ reading fields

def get_x(a, i):
    return a[i].x


def get_n_by_name(a, i):
    return a[i]["n"]


def get_c_by_position(a, i):
    return a[i][2]


def fields_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        r = a[i]
        s += r.x * r.n + r.c.imag
    return s


def iterate(a):
    s = 0
    for r in a:
        s += r.n
    return s


@pytest.mark.parametrize("func", [get_x, get_n_by_name, get_c_by_position])
@pytest.mark.parametrize("i", [0, 3, -1])
def test_read_field(func, i):
    check(func, points(), i)


@pytest.mark.parametrize("func", [fields_sum, iterate])
def test_read_fields_in_loops(func):
    check(func, points(7))
    check(func, points(7)[::-2])  # a strided view of records


def test_aligned_dtype_offsets():
    a = np.zeros(4, ALIGNED)
    a["a"], a["b"], a["k"] = [1, 2, 3, 4], [0.5, 1.5, 2.5, 3.5], [-1, -2, -3, -4]

    def f(a):
        return a[1]["a"] + a[2]["b"] + a[3]["k"]

    check(f, a)


def test_nested_record_field():
    a = np.zeros(3, OUTER)
    a["t"] = [1.0, 2.0, 3.0]
    a["in"]["p"] = [4, 5, 6]
    a["in"]["q"] = [0.25, 0.5, 0.75]

    def f(a, i):
        r = a[i]
        return r["t"] + r["in"]["p"] * r["in"]["q"]

    for i in range(3):
        check(f, a, i)


# ------------------------------------------------------------------ writing fields

def set_x(a, i, v):
    a[i].x = v


def set_n_by_name(a, i, v):
    a[i]["n"] = v


def make_set_by_position(k):
    def set_by_position(a, i, v):
        a[i][k] = v
    return set_by_position


def add_in_place(a):
    for i in range(a.shape[0]):
        r = a[i]
        r.x += 1.0
        r["n"] *= 2


@pytest.mark.parametrize("func, v", [(set_x, 2.5), (set_x, 7), (set_n_by_name, -9), (set_n_by_name, 3.0),
                                     (make_set_by_position(0), 4.25), (make_set_by_position(2), 1 - 2j)])
def test_write_field(func, v):
    check_array_mutation(func, points(), 2, v)


def test_write_through_record_reaches_array():
    check_array_mutation(add_in_place, points(6))
    check_array_mutation(add_in_place, points(6)[1::2])


def copy_record(a, i, j):
    a[i] = a[j]


def test_assign_record_into_array():
    check_array_mutation(copy_record, points(), 0, 4)
    check_array_mutation(copy_record, nested(), 2, 0)


def test_bad_field_name_and_position_are_typing_errors():
    def bad_name(a):
        return a[0]["nope"]

    def bad_position(a):
        return a[0][10]

    with pytest.raises(TypingError, match="nope"):
        jitted(bad_name)(points())
    with pytest.raises(TypingError, match="out of range"):
        jitted(bad_position)(points())


def test_value_that_does_not_convert_is_a_typing_error():
    def f(a):
        a[0].x = (1.0, 2.0)

    with pytest.raises(TypingError):
        jitted(f)(points())


# ------------------------------------------------------------------ array fields of records (subarrays)

def nested_read(a, i):
    r = a[i]
    return r.v[1, 2] + r.w[3] + r.v.sum()


def nested_write_item(a, i):
    r = a[i]
    r.v[0, 1] = 100.0
    r.w[:] = 7


def nested_assign_whole(a, i, w):
    a[i].w = w


def nested_assign_scalar(a, i):
    a[i].v = 2.5


def nested_shape(a):
    return a[0].v.shape, a[0].w.size


def test_nested_array_read():
    for i in range(3):
        check(nested_read, nested(), i)
    check(nested_shape, nested())


def test_nested_array_write():
    check_array_mutation(nested_write_item, nested(), 1)


@numba_differs("Numba 0.68 fails an internal assertion (np/arrayobj.py) assigning an array to a record's array "
               "field, and cannot cast a number to it")
def test_nested_array_assign_whole():
    check_array_mutation(nested_assign_whole, nested(), 2, np.array([9, 8, 7, 6]))
    check_array_mutation(nested_assign_whole, nested(), 0, np.arange(8)[::2])
    check_array_mutation(nested_assign_scalar, nested(), 1)


@numba_differs("Numba 0.68 fails an internal assertion (np/arrayobj.py) assigning an array to a record's array field")
def test_nested_array_wrong_shape_is_value_error():
    check(nested_assign_whole, nested(), 0, np.arange(3), match_message=False)


# ------------------------------------------------------------------ field views of record arrays

def field_view_attr(a):
    return a.x


def field_view_name(a):
    return a["n"]


def field_view_nested(a):
    return a.v


def write_through_field_view(a):
    a.x[:] = a.n * 2
    a["c"][1:] = 3j


def field_view_reductions(a):
    return a.x.sum() + a["n"].max()


@pytest.mark.parametrize("func", [field_view_attr, field_view_name, field_view_reductions])
def test_field_views(func):
    check(func, points())
    check(func, points(8)[::3])


def test_field_view_of_nested_field():
    check(field_view_nested, nested())
    check(field_view_nested, nested(5)[::2])


def test_field_view_shares_memory():
    a = points()
    v = jitted(field_view_attr)(a)
    assert np.shares_memory(v, a)
    check_array_mutation(write_through_field_view, points())


# ------------------------------------------------------------------ records and record arrays in and out

def identity(a):
    return a


def slice_of(a):
    return a[1:4]


def return_record(a, i):
    return a[i]


def record_argument(r):
    return r.x * 2 + r.n


def record_argument_write(r, v):
    r.x = v


def test_record_arrays_returned():
    a = points()
    got = jitted(identity)(a)
    assert got is a
    got = jitted(slice_of)(a)
    assert got.dtype == POINT and np.shares_memory(got, a)
    assert np.array_equal(got, a[1:4])
    check(slice_of, nested())


def test_record_returned_is_a_copy():
    a = points()
    with no_leaks():
        r = jitted(return_record)(a, 2)
    assert isinstance(r, np.record) and r == a[2]
    r.x = -100.0  # a copy: the array is unchanged
    assert a[2]["x"] != -100.0


def test_record_argument():
    a = points()
    check(record_argument, a[3])
    jitted(record_argument_write)(a[1], 42.0)  # a record of an array refers to its element
    assert a[1]["x"] == 42.0


def test_record_argument_of_another_dtype_compiles_again():
    f = jitted(record_argument)
    other = np.zeros(1, [("n", "i8"), ("x", "f4")])[0]
    assert f(points()[0]) == record_argument(points()[0])
    assert f(other) == 0.0


# ------------------------------------------------------------------ creating record arrays

def make_zeros(n):
    z = np.zeros(n, POINT)
    if n > 2:
        z[1]["x"] = 3.5
        z[2]["n"] = 7
    return z


def make_empty(n):
    z = np.empty(n, NESTED)
    z["x"][:] = 1.0
    z["v"][:] = 0.5
    z["w"][:] = 3
    return z


def test_create_record_arrays():
    check(make_zeros, 4)
    check(make_empty, 3)
    check(make_zeros, 0)


@pytest.mark.skipif(is_numba, reason="pycomp's own error")
def test_ones_of_record_dtype_is_refused():
    def f(n):
        return np.ones(n, POINT)

    with pytest.raises(Exception, match="structured dtype"):
        jitted(f)(3)


# ------------------------------------------------------------------ string fields, byte order

def text_x(a, i):
    return a[i]["x"] * 2


def text_name(a, i):
    return a[i]["name"]


def test_records_with_string_fields_pass_through():
    a = np.zeros(3, TEXT)
    a["x"] = [1.0, 2.0, 3.0]
    a["name"] = ["ab", "cde", "f"]
    check(text_x, a, 1)
    check(identity, a)


def text_tag_and_name(a, i):
    return a[i].tag, a[i]["name"], a[i].x


def test_reading_string_fields():
    """A string field reads as NumPy reads it: bytes / str without the
    trailing NULs (NULs inside stay)."""
    a = np.zeros(4, TEXT).view(np.recarray)
    a["name"] = ["ab", "cdéfg", "", "x"]
    a["tag"] = [b"abc", b"u\x00v", b"", b"z\x00\x00"]
    for i in range(4):
        assert jitted(text_tag_and_name)(a, i) == tuple(v.item() if hasattr(v, "item") else v
                                                       for v in text_tag_and_name(a, i))
        assert jitted(text_name)(a, i) == str(a[i]["name"])


def pass_field_on(a, i):
    return _identity(a[i].tag)


def copy_string_fields(a, b):
    for i in range(len(a)):
        a[i].tag = b[len(b) - 1 - i].tag
        a[i].name = b[len(b) - 1 - i].name


def test_string_field_values_are_copied_and_passed():
    global _identity
    _identity = jitted(identity)
    a = np.zeros(3, TEXT).view(np.recarray)
    a["name"], a["tag"] = ["ab", "cd", "éf"], [b"x", b"yz", b"abc"]
    assert jitted(pass_field_on)(a, 2) == b"abc"
    check(copy_string_fields, np.zeros(3, TEXT).view(np.recarray), a, compare_args=True)


def set_tag(a, i, tag, name):
    a[i].tag = tag
    a[i].name = name


@pytest.mark.skipif(is_numba, reason="written against pycomp.types and the entry_point of an overload")
def test_string_field_arguments_truncate_and_pad():
    from pycomp import njit, typeof, types

    a = np.zeros(2, TEXT).view(np.recarray)
    rec = typeof(a).dtype
    sig = (typeof(a), types.intp, rec.typeof("tag"), rec.typeof("name"))
    entry = njit(sig)(set_tag).overloads[sig].entry_point
    expected = a.copy()
    for tag, name in (("abcdef", "klmnopq"), (b"q", ""), ("x", "é")):
        entry(a, 1, tag, name)
        set_tag(expected, 1, tag, name)
        np.testing.assert_array_equal(a, expected)
    with pytest.raises(TypeError, match="bytes or str"):
        entry(a, 0, 5, "x")


def first_a(rec):
    return rec["a"]


def test_record_subtypes_reuse_a_compilation():
    """A record whose fields begin with another's converts to it (Numba's
    record subtyping): no new compilation; other field names or a shorter
    record do not."""
    from pycomp import njit

    ab = np.array([(2.0, 3.0)], [("a", "f8"), ("b", "f8")])[0]
    only_a = np.array([(1.0,)], [("a", "f8")])[0]
    f = njit(first_a)
    assert f(only_a) == 1.0
    f.disable_compile()
    assert f(ab) == 2.0
    other = np.array([(1.0,)], [("c", "f8")])[0]
    with pytest.raises(TypeError, match="No matching definition"):
        f(other)
    g = njit(first_a)
    g(ab)
    g.disable_compile()
    with pytest.raises(TypeError, match="No matching definition"):
        g(only_a)


def test_titles_name_the_same_field():
    titled = np.dtype([(("x title", "x"), "i4"), (("y title", "y"), "f8")])

    def f(a):
        for i in range(a.size):
            a[i]["x title"] = i + 1
            a[i]["y"] += a[i]["x"] * 0.5
        return a

    check(f, np.zeros(3, titled), compare_args=True)


@pytest.mark.skipif(is_numba, reason="the type API, not a compiled function")
def test_record_type_api_as_numba():
    import ctypes

    from pycomp import types, typeof

    class Ref(ctypes.Structure):
        _fields_ = [("apple", ctypes.c_int32), ("mango", ctypes.c_int8), ("orange", ctypes.c_double)]

    t = types.Record.make_c_struct([("apple", types.int32), ("mango", types.int8), ("orange", types.float64)])
    assert len(t) == 3 and t.size == ctypes.sizeof(Ref) and t.dtype.isalignedstruct
    assert [t.offset(n) for n in ("apple", "mango", "orange")] == [Ref.apple.offset, Ref.mango.offset,
                                                                    Ref.orange.offset]
    titled = typeof(np.zeros(1, [(("title a", "a"), "f8"), ("b", "f8")])).dtype
    assert titled.is_title("title a") and not titled.is_title("a") and len(titled.fields) == 3
    assert titled.dtype == np.dtype([(("title a", "a"), "f8"), ("b", "f8")])
    assert types.Array(types.NestedArray(types.float64, (4,)), 2, "C") == types.Array(types.float64, 3, "C")


def return_record(a, i):
    return a[i]


def test_returned_record_is_a_writable_copy():
    a = points(3)
    r = jitted(return_record)(a, 1)
    assert r == a[1]
    r.x = 99.0
    assert r.x == 99.0 and a[1].x != 99.0


@pytest.mark.skipif(is_numba, reason="pycomp's own message")
def test_big_endian_array_is_a_clear_type_error():
    f = jitted(identity)
    with pytest.raises(TypeError, match=r"argument 'a' .*non-native byte order"):
        f(np.zeros(3, ">f8"))
    with pytest.raises(TypeError, match=r"argument 'a' .*unsupported dtype"):
        f(np.zeros(3, "f2"))


def test_one_dispatcher_two_record_dtypes():
    """Arrays of two record dtypes are typed apart (the dispatcher's fast
    path keys arrays by type number, which is the same for all records)."""
    f = jitted(field_view_reductions)
    a = points()
    b = np.zeros(3, [("n", "i8"), ("x", "f4")]).view(np.recarray)
    b["n"], b["x"] = [1, 2, 3], [0.5, 0.25, 0.125]
    assert f(a) == field_view_reductions(a)
    assert f(b) == field_view_reductions(b)
