"""NumPy's array creation functions in compiled code, each compared with
NumPy on the same inputs (values, dtypes, shapes, layouts) and checked for
leaks: np.arange, np.linspace, np.eye, np.identity, the ``*_like``
functions, np.copy, np.asarray, np.ascontiguousarray and np.array (from
numbers, nested tuples and arrays), every dtype argument form (NumPy
scalar classes, types, strings, dtype objects), empty and negative sizes,
and the errors wrong arguments give."""

import numpy as np
import pytest

from support import (ALL_DTYPES, LAYOUTS, TypingError, UNSUPPORTED_ERRORS, assert_same, check, cpython_differs, is_numba,
                     is_pycomp, jitted, make_layout, no_leaks, numba_differs, pycomp_only, sample_array, types)

F4 = np.dtype("f4")
I2 = np.dtype(np.int16)


def checked(func, *args, **options):
    """``check`` inside ``no_leaks`` (same values as NumPy, nothing left
    allocated once the result is dropped), then the compiled result of a
    second call, for the caller to inspect."""
    with no_leaks():
        check(func, *args, **options)
    return check(func, *args, **options)


# ------------------------------------------------------------------ np.arange


def arange1(a):
    return np.arange(a)


def arange2(a, b):
    return np.arange(a, b)


def arange3(a, b, c):
    return np.arange(a, b, c)


@pytest.mark.parametrize("args", [
    (5,), (0,), (-3,), (5.5,), (np.int32(5),), (np.float32(5),), (2, 9), (9, 2), (2, 9, 3), (9, 2, -3),
    (0.0, 1.0, 0.1), (1, 2.5), (0.0, -1.0, -0.25), (5, 0.0), (-7, 7, 2), (1.5, -2, -0.5),
    (1 + 2j,), (0j, 10 + 5j, 1 + 1j), (1 + 2j, 5, 1),
], ids=repr)
def test_arange_matches_numpy(args):
    func = {1: arange1, 2: arange2, 3: arange3}[len(args)]
    got = checked(func, *args)
    assert got.flags.c_contiguous and got.flags.writeable


@numba_differs("Numba 0.68 fails on unsigned bounds ('>' not supported between Integer and Integer)")
@pytest.mark.parametrize("args", [(np.uint8(5),), (np.uint64(1), np.int64(5)), (np.uint64(6),)], ids=repr)
def test_arange_unsigned_bounds_follow_numpy(args):
    checked({1: arange1, 2: arange2}[len(args)], *args)


@numba_differs("Numba raises ValueError('Maximum allowed size exceeded') for a zero step")
@pytest.mark.parametrize("args", [(0, 1, 0), (0.0, 1.0, 0.0), (0j, 1j, 0j)], ids=repr)
def test_arange_zero_step_is_a_zero_division_error(args):
    checked(arange3, *args)


@numba_differs("Numba returns an empty array for a NaN or infinite length and none for an underflowed one")
@pytest.mark.parametrize("args", [(0, np.nan), (0, np.inf), (0.0, 1.0, np.inf), (0.0, -1.0, -np.inf)], ids=repr)
def test_arange_length_edge_cases_follow_numpy(args):
    checked({2: arange2, 3: arange3}[len(args)], *args)


def arange_f32(n):
    return np.arange(n, dtype=np.float32)


def arange_i8(a, b):
    return np.arange(a, b, dtype=np.int8)


def arange_i8_positional(a, b):
    return np.arange(a, b, 1, np.int8)


def arange_f32_step(a, b, c):
    return np.arange(a, b, c, dtype=np.float32)


def arange_int_from_floats(a, b):
    return np.arange(a, b, dtype=np.int64)


def arange_step_keyword(n):
    return np.arange(n, step=2)


def arange_c64(x):
    return np.arange(x, dtype=np.complex64)


def arange_dtype_object(n):
    return np.arange(n, dtype=F4)


@pytest.mark.parametrize("func, args", [
    (arange_f32, (5,)), (arange_i8, (1, 5)), (arange_i8_positional, (1, 5)), (arange_i8, (0, 300)),
    (arange_f32_step, (0.0, 1.0, 0.1)), (arange_int_from_floats, (0.5, 4)), (arange_step_keyword, (5,)),
    (arange_c64, (5.0,)), (arange_dtype_object, (4,)),
], ids=lambda v: getattr(v, "__name__", repr(v)))
def test_arange_dtype_argument(func, args):
    checked(func, *args, rtol=1e-6)


def arange_string_dtype(n):
    return np.arange(n, dtype="f4")


@numba_differs("Numba 0.68's np.arange takes no dtype string")
def test_arange_dtype_string():
    checked(arange_string_dtype, 4)


# ------------------------------------------------------------------ np.linspace


def linspace2(a, b):
    return np.linspace(a, b)


def linspace3(a, b, n):
    return np.linspace(a, b, n)


def linspace_num_keyword(a, b, n):
    return np.linspace(a, b, num=n)


@pytest.mark.parametrize("args", [
    (0, 1, 5), (0, 1, 1), (0, 1, 0), (5, 5, 3), (-2.5, 7, 13), (1, -1, 4), (1j, 2 + 1j, 3), (1j, 2, 3),
    (0.0, 1e-300, 4),
], ids=repr)
def test_linspace_matches_numpy(args):
    checked(linspace3, *args)


def test_linspace_default_num_and_keyword():
    checked(linspace2, 0, 1)
    checked(linspace_num_keyword, 0, 10, 4)


@cpython_differs("NumPy keeps float32 bounds' dtype; Numba (and pycomp) compute in float64")
def test_linspace_float32_bounds_give_float64():
    want = np.linspace(0.0, 1.0, 5)
    checked(linspace3, np.float32(0), np.float32(1), 5, expected=want)


def test_linspace_negative_num_is_a_value_error():
    # NumPy: "Number of samples, -1, must be non-negative."; Numba: "negative dimensions not allowed"
    checked(linspace3, 0, 1, -1, match_message=False)


def linspace_no_endpoint(a, b, n):
    return np.linspace(a, b, n, endpoint=False)


def linspace_no_endpoint_positional(a, b, n):
    return np.linspace(a, b, n, False)


def linspace_f32(a, b, n):
    return np.linspace(a, b, n, dtype=np.float32)


def linspace_int(a, b, n):
    return np.linspace(a, b, n, dtype=np.int64)


def linspace_i8(a, b, n):
    return np.linspace(a, b, n, dtype="i1")


def linspace_c64(a, b, n):
    return np.linspace(a, b, n, dtype=np.complex64)


@numba_differs("Numba 0.68's np.linspace takes only start, stop and num")
@pytest.mark.parametrize("func, args", [
    (linspace_no_endpoint, (0, 10, 4)), (linspace_no_endpoint_positional, (0, 1, 1)),
    (linspace_no_endpoint, (1j, 3, 3)), (linspace_f32, (0, 1, 5)), (linspace_int, (-1, 2, 4)),
    (linspace_i8, (0, 1, 3)), (linspace_c64, (0, 1, 3)),
], ids=lambda v: getattr(v, "__name__", repr(v)))
def test_linspace_endpoint_and_dtype(func, args):
    checked(func, *args)


# ------------------------------------------------------------------ np.eye and np.identity


def eye1(n):
    return np.eye(n)


def eye2(n, m):
    return np.eye(n, m)


def eye3(n, m, k):
    return np.eye(n, m, k)


def eye_keywords(n, m, k):
    return np.eye(n, M=m, k=k, dtype=np.int32)


def eye_none_m(n):
    return np.eye(n, None, 0, np.int32)


def eye_dtype_object(n):
    return np.eye(n, dtype=F4)


@pytest.mark.parametrize("func, args", [
    (eye1, (3,)), (eye1, (0,)), (eye2, (3, 4)), (eye2, (4, 2)), (eye3, (3, 4, 1)), (eye3, (3, 4, -2)),
    (eye3, (3, 4, 10)), (eye3, (4, 2, -1)), (eye3, (2, 0, 0)), (eye_keywords, (3, 4, 1)), (eye_none_m, (3,)),
    (eye_dtype_object, (2,)),
], ids=lambda v: getattr(v, "__name__", repr(v)))
def test_eye_matches_numpy(func, args):
    got = checked(func, *args)
    assert got.flags.c_contiguous


def eye_string_dtype(n):
    return np.eye(n, dtype="i2")


def eye_bool(n):
    return np.eye(n, dtype=bool)


@numba_differs("Numba 0.68's np.eye takes neither dtype strings nor Python's bool")
@pytest.mark.parametrize("func", [eye_string_dtype, eye_bool])
def test_eye_dtype_forms(func):
    checked(func, 3)


def identity(n):
    return np.identity(n)


def identity_i8(n):
    return np.identity(n, np.int8)


def identity_c8(n):
    return np.identity(n, dtype="c8")


@pytest.mark.parametrize("func, n", [(identity, 3), (identity, 0), (identity_i8, 3), (identity_c8, 2)],
                         ids=lambda v: getattr(v, "__name__", repr(v)))
def test_identity_matches_numpy(func, n):
    checked(func, n)


@pytest.mark.parametrize("func, args", [(eye1, (-1,)), (eye2, (2, -3)), (identity, (-2,))],
                         ids=lambda v: getattr(v, "__name__", repr(v)))
def test_eye_negative_size_is_a_value_error(func, args):
    # NumPy's message; Numba's says "negative dimensions not allowed"
    checked(func, *args, match_message=not is_numba)


# ------------------------------------------------------------------ empty_like, zeros_like, ones_like, full_like


def empty_like_shape(a):
    b = np.empty_like(a)
    return b.shape


def zeros_like(a):
    return np.zeros_like(a)


def ones_like_i32(a):
    return np.ones_like(a, dtype=np.int32)


def ones_like_positional_dtype(a):
    return np.ones_like(a, np.uint8)


def full_like(a):
    return np.full_like(a, 7)


def full_like_float(a):
    return np.full_like(a, 7.5)


def full_like_f32(a):
    return np.full_like(a, 7.5, dtype=np.float32)


def zeros_like_string(a):
    return np.zeros_like(a, dtype="i4")


def zeros_like_dtype_object(a):
    return np.zeros_like(a, dtype=F4)


def all_likes(a):
    return (np.empty_like(a).shape, np.zeros_like(a), np.ones_like(a, dtype=np.int32), np.ones_like(a, np.uint8),
            np.full_like(a, 7), np.full_like(a, 7.5), np.full_like(a, 7.5, dtype=np.float32),
            np.zeros_like(a, dtype="i4"), np.zeros_like(a, dtype=F4))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_like_functions_match_numpy(layout):
    checked(all_likes, make_layout(sample_array((3, 4), np.float64), layout))


@pytest.mark.parametrize("shape", [(), (0,), (2, 0, 3), (5,)], ids=repr)
def test_like_functions_on_0d_empty_and_1d_arrays(shape):
    checked(all_likes, sample_array(shape, np.int16))


def likes_of_a_number(x):
    return np.zeros_like(x), np.ones_like(x, dtype=np.int32), np.full_like(x, 7.5, dtype=np.float32)


def test_like_functions_on_numbers():
    checked(likes_of_a_number, 3)
    checked(likes_of_a_number, 2.5)


def test_like_of_an_f_array_is_f_and_of_a_strided_one_c():
    f = make_layout(sample_array((3, 4), np.float64), "F")
    got = jitted(zeros_like)(f)
    assert got.flags.f_contiguous and not got.flags.c_contiguous  # NumPy's order="K", and Numba's
    got = jitted(full_like)(make_layout(sample_array((3, 4), np.float64), "strided"))
    assert got.flags.c_contiguous and got.flags.writeable


# ------------------------------------------------------------------ np.copy


def copy(a):
    return np.copy(a)


def copies(a):
    return np.copy(a), np.full_like(a, 1), np.zeros_like(a), np.asarray(a, np.complex128)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_copy_and_like_of_every_dtype(dtype):
    checked(copies, sample_array((3, 4), dtype))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.float64, np.int16, np.complex64], ids=lambda d: np.dtype(d).name)
def test_copy_of_every_layout(dtype, layout):
    a = make_layout(sample_array((3, 4), dtype), layout)
    got = checked(copy, a)
    assert not np.shares_memory(got, a) and got.flags.writeable
    assert got.flags.f_contiguous if layout == "F" else got.flags.c_contiguous


@pytest.mark.parametrize("value", [sample_array((), np.float64), sample_array((0, 3), np.int32),
                                   sample_array((2, 3, 4), np.complex64)[::-1, ::2], 3.0, 7, True, (1, 2.0),
                                   ((1, 2), (3, 4))], ids=repr)
def test_copy_of_0d_empty_3d_numbers_and_tuples(value):
    checked(copy, value)


# ------------------------------------------------------------------ np.asarray and np.ascontiguousarray


def asarray(a):
    return np.asarray(a)


def asarray_f32(a):
    return np.asarray(a, dtype=np.float32)


def asarray_i64(a):
    return np.asarray(a, np.int64)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_asarray_of_an_array_is_the_array(layout):
    a = make_layout(sample_array((3, 4), np.float64), layout)
    with no_leaks():
        assert jitted(asarray)(a) is a
        assert jitted(asarray_f32)(np.arange(3.0)).dtype == np.float32
        b = np.arange(3)
        assert np.shares_memory(jitted(asarray_i64)(b), b)


@pytest.mark.parametrize("func, value", [
    (asarray, (1, 2.0)), (asarray, ((1, 2), (3, 4))), (asarray, 3), (asarray, 2.5j), (asarray_f32, (1, 2)),
    (asarray_f32, np.arange(5)), (asarray_f32, make_layout(sample_array((3, 2), np.int64), "negstrided")),
    (asarray_i64, np.arange(3)),
], ids=lambda v: getattr(v, "__name__", repr(v)))
def test_asarray_matches_numpy(func, value):
    checked(func, value)


def ascontiguous(a):
    return np.ascontiguousarray(a)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_ascontiguousarray_of_every_layout(layout):
    a = make_layout(sample_array((3, 4), np.int32), layout)
    got = checked(ascontiguous, a)
    assert got.flags.c_contiguous


@pytest.mark.parametrize("value", [sample_array((), np.float64), 3.0, 4, sample_array((0, 2), np.float32)],
                         ids=repr)
def test_ascontiguousarray_of_0d_arrays_and_numbers_is_1d(value):
    got = checked(ascontiguous, value)
    assert got.ndim >= 1


def test_ascontiguousarray_of_a_c_array_is_the_array():
    a = np.arange(6.0).reshape(2, 3)
    assert jitted(ascontiguous)(a) is a


# ------------------------------------------------------------------ np.array


def array(a):
    return np.array(a)


@pytest.mark.parametrize("value", [
    (1, 2, 3), (1, 2.0, 3), ((1, 2), (3, 4)), (((1, 2), (3, 4)), ((5, 6), (7, 8))), (True, False), (1, 2j),
    (), ((), ()), 3.0, 4, (np.int8(1), np.int8(2)), (np.int8(1), 300), ((1, 2.0), (3, 4)), (np.float32(1.5),),
], ids=repr)
def test_array_from_numbers_and_tuples(value):
    got = checked(array, value)
    assert got.flags.c_contiguous and got.flags.writeable


def array_literal():
    return np.array((1, 2, 3))


def array_mixed(x):
    return np.array(((x, 2), (3, x + 1)))


def test_array_from_a_literal_and_variables():
    checked(array_literal)
    checked(array_mixed, 1.5)


def array_f32(a):
    return np.array(a, dtype=np.float32)


def array_i8(a):
    return np.array(a, np.int8)


def array_f4_string(a):
    return np.array(a, "f4")


def array_int32_string(a):
    return np.array(a, dtype="int32")


def array_dtype_object(a):
    return np.array(a, F4)


def array_dtype_object_int(a):
    return np.array(a, dtype=I2)


def array_engine_type(a):
    return np.array(a, dtype=types.int16)


@pytest.mark.parametrize("func", [array_f32, array_i8, array_f4_string, array_int32_string, array_dtype_object,
                                  array_dtype_object_int])
def test_array_dtype_argument_forms(func):
    checked(func, ((1, 2), (3, 4)))


def test_array_dtype_as_an_engine_type():
    with no_leaks():
        got = jitted(array_engine_type)(((1, 2), (3, 4)))
        assert_same(got, np.array(((1, 2), (3, 4)), dtype=np.int16))
        del got


def test_a_ragged_tuple_is_a_value_error():
    # NumPy's message is pycomp's; Numba says "incompatible sequence shape"
    checked(array, ((1, 2), (3,)), match_message=not is_numba)


@numba_differs("Numba refuses a tuple mixing numbers and tuples at compile time")
def test_a_tuple_mixing_numbers_and_tuples_is_a_value_error():
    checked(array, (1, (2, 3)))


@numba_differs("Numba 0.68's np.array does not take an array")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_array_of_an_array_is_a_copy(layout):
    a = make_layout(sample_array((3, 4), np.float64), layout)
    got = checked(array, a)
    assert not np.shares_memory(got, a)
    checked(array_f32, a)


def array_of_list():
    return np.array([1, 2, 3])


def test_array_of_a_list_literal():  # lists: tests/test_lists.py
    check(array_of_list)


# ------------------------------------------------------------------ every dtype, every dtype form


def empty_c64(n):
    return np.empty(n, dtype=np.complex64)


def test_empty_complex64():
    with no_leaks():
        got = jitted(empty_c64)(3)
        assert got.dtype == np.complex64 and got.shape == (3,)
        del got


def _dtype_user(dtype):
    """A function making arrays of ``dtype`` named in each form: the NumPy
    class, its name, its type code (pycomp only) and a dtype object."""
    cls, name, code, obj = dtype, np.dtype(dtype).name, np.dtype(dtype).str[1:], np.dtype(dtype)
    if is_numba:
        code = name  # Numba 0.68 reads names, not all type codes

    def make(n):
        return np.zeros(n, dtype=cls), np.ones((n, 2), name), np.full(n, 1, code), np.empty((0, n), dtype=obj)

    return make


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_creation_of_every_dtype_in_every_form(dtype):
    checked(_dtype_user(dtype), 3)


def zeros_shape(shape):
    return np.zeros(shape)


@pytest.mark.parametrize("shape", [(), (0,), (0, 3), (3, 0, 2)], ids=repr)
def test_empty_shapes(shape):
    checked(zeros_shape, shape)


@pytest.mark.parametrize("shape", [-1, (2, -3)], ids=repr)
def test_negative_sizes_are_value_errors(shape):
    checked(zeros_shape, shape, match_message=not is_numba)


# ------------------------------------------------------------------ errors


def bad_dtype_string(n):
    return np.zeros(n, dtype="bogus")


def bad_dtype_eye(n):
    return np.eye(n, dtype="bogus")


def bad_dtype_array(n):
    return np.array((n, n), dtype="bogus")


@pytest.mark.parametrize("func, name, line", [
    (bad_dtype_string, "np.zeros", 'np.zeros(n, dtype="bogus")'),
    (bad_dtype_eye, "np.eye", 'np.eye(n, dtype="bogus")'),
    (bad_dtype_array, "np.array", 'np.array((n, n), dtype="bogus")'),
])
def test_a_wrong_dtype_string_is_a_typing_error(func, name, line):
    # Numba 0.68's np.eye lets a TypeError out for a dtype string
    with pytest.raises((TypingError, TypeError) if is_numba else TypingError) as info:
        jitted(func)(3)
    if is_pycomp:  # names the function, the dtype and the user's line
        message = str(info.value)
        assert name in message and "'bogus'" in message and line in message, message


def complex_into_float(x):
    return np.array((x, 1.0), dtype=np.float64)


def float_num(a, b):
    return np.linspace(a, b, 2.5)


def arange_of_a_tuple(n):
    return np.arange((n, n))


@pytest.mark.parametrize("func, args", [(complex_into_float, (1j,)), (float_num, (0, 1)),
                                        (arange_of_a_tuple, (3,))],
                         ids=lambda v: getattr(v, "__name__", repr(v)))
def test_wrong_argument_types_are_typing_errors(func, args):
    with pytest.raises(TypingError):
        jitted(func)(*args)


def arange_bool(n):
    return np.arange(n, dtype=np.bool_)


@pycomp_only("NumPy fills at most 2 booleans and Numba's error differs; pycomp refuses a boolean arange")
def test_a_boolean_arange_is_a_typing_error():
    with pytest.raises(TypingError) as info:
        jitted(arange_bool)(2)
    assert "np.arange" in str(info.value) and "np.arange(n, dtype=np.bool_)" in str(info.value)
