"""Differential tests: tuple slices with constant bounds, iterating a 0-d
array, ``locals=`` type annotations, keyword-only and ``*args`` parameters."""

import numpy as np
import pytest

from support import (UNSUPPORTED_ERRORS, TypingError, check, cpython_differs, jitted, njit, numba_differs,
                     pycomp_only, types)

# ------------------------------------------------------------------ tuple slices


def slice_from_one(t):
    return t[1:]


def slice_drop_last(t):
    return t[:-1]


def slice_step_two(t):
    return t[::2]


def slice_middle(t):
    return t[1:3]


def slice_reversed(t):
    return t[::-1]


def slice_out_of_range(t):
    return t[5:], t[-10:2], t[:100]


def slice_then_index(t):
    u = t[1:]
    return u[0] + len(u)


def slice_of_slice(t):
    return t[1:][::2]


@pytest.mark.parametrize("fn", [slice_from_one, slice_drop_last, slice_step_two, slice_middle,
                                slice_reversed, slice_out_of_range, slice_of_slice])
@pytest.mark.parametrize("t", [(1, 2, 3, 4, 5), (1, 2.5, 3j, True), (7,), ()])
def test_tuple_slices(fn, t):
    check(fn, t)


def test_slice_nested_and_used():
    check(slice_then_index, (1, 2, 3))
    check(slice_from_one, ((1, 2), (3.0, 4), 5))


def slice_variable(t, i):
    return t[i:]


def test_variable_bounds_on_a_tuple_are_a_typing_error():
    """The items t[i:] picks are not known at compile time, so neither is
    its type: a TypingError, as in Numba (arrays slice with any bounds:
    tests/test_arrays_indexing.py)."""
    with pytest.raises(TypingError) as info:
        jitted(slice_variable)((1, 2, 3), 1)
    assert "getitem" in str(info.value)


# ------------------------------------------------------------------ 0-d arrays do not iterate


def loop_0d(a):
    s = 0.0
    for x in a:
        s += x
    return s


def enumerate_0d(a):
    for i, x in enumerate(a):
        return x
    return 0.0


def zip_0d(a):
    for x, y in zip(a, a):
        return x
    return 0.0


def unpack_0d(a):
    x, = a
    return x


def len_0d(a):
    return len(a)


@pytest.mark.parametrize("fn", [loop_0d, enumerate_0d, zip_0d, unpack_0d])
def test_iterating_a_0d_array_is_a_typing_error(fn):
    with pytest.raises(TypingError) as info:
        jitted(fn)(np.array(3.0))
    msg = str(info.value)
    assert "iteration over a 0-d array" in msg
    assert "line " in msg and "Can't index" not in msg


def test_iterating_arrays_still_works():
    check(loop_0d, np.arange(4.0))
    check(enumerate_0d, np.arange(1.0, 4.0))
    check(zip_0d, np.arange(1.0, 4.0))


@numba_differs("Numba fails in its code generator (TypeError: Can't index at [0] in [0 x i64])")
def test_len_of_0d_array():
    with pytest.raises(TypingError) as info:
        jitted(len_0d)(np.array(3.0))
    assert "len() of unsized object" in str(info.value)


# ------------------------------------------------------------------ locals= type annotations


def locals_scaled(a):
    x = a * 0.1
    return x


def locals_counter(a):
    i = a
    i += 1
    return i


def locals_param(x):
    return x


def locals_branches(a):
    if a > 0:
        x = 1
    else:
        x = 2.5
    return x


def locals_tuple(a):
    x = (a, a)
    return x


@cpython_differs("the declared float32 rounds the value")
@pytest.mark.parametrize("a", [3, 7, -1])
def test_locals_float32(a):
    f = njit(locals={"x": types.float32})(locals_scaled)
    check(locals_scaled, a, cfunc=f, expected=float(np.float32(a * 0.1)))


@cpython_differs("the declared int32 truncates a float (an unsafe conversion, as in Numba)")
def test_locals_int32_truncates():
    f = njit(locals={"i": types.int32})(locals_counter)
    check(locals_counter, 2.7, cfunc=f, expected=3)
    check(locals_counter, 5, cfunc=f)


@cpython_differs("int8 wraps around")
def test_locals_int8_wraps():
    f = njit(locals={"x": types.int8})(locals_param)
    check(locals_param, 300, cfunc=f, expected=44)


@cpython_differs("a declared parameter is converted on entry")
def test_locals_parameter_and_merge():
    check(locals_param, 0.1, cfunc=njit(locals={"x": types.float32})(locals_param),
          expected=float(np.float32(0.1)))
    f = njit(locals={"x": types.float32})(locals_branches)
    check(locals_branches, 1, cfunc=f, expected=1.0)
    check(locals_branches, -1, cfunc=f)


def test_locals_tuple_type_and_unknown_name():
    check(locals_tuple, 1, cfunc=njit(locals={"x": types.UniTuple(types.float32, 2)})(locals_tuple),
          expected=(1.0, 1.0))
    check(locals_param, 4, cfunc=njit(locals={"zz": types.float32})(locals_param))


def test_locals_without_conversion_is_a_typing_error():
    f = njit(locals={"x": types.float32})(locals_tuple)
    with pytest.raises(TypingError) as info:
        f(1)
    assert "float32" in str(info.value) and "'x'" in str(info.value)


# ------------------------------------------------------------------ keyword-only parameters and *args


def kwonly(a, *, k=2, m):
    return a + k * m


def star_len(a, *args):
    return a + len(args), args


def star_sum(a, *args):
    s = a
    for x in args:
        s += x
    return s


def star_then_kwonly(a, /, b, *args, c=1.5):
    return a + b * c + len(args), args


@numba_differs("Numba 0.68 binds keyword-only parameters wrongly ('not enough arguments: expected 3, got 2')")
@pytest.mark.parametrize("args,kwargs", [((1,), dict(m=3)), ((2.5,), dict(m=2)), ((), dict(a=1, m=2))])
def test_keyword_only_default(args, kwargs):
    check(kwonly, *args, kwargs=kwargs)


@pytest.mark.parametrize("args,kwargs", [((1,), dict(k=5, m=3)), ((2.5,), dict(m=2, k=0.5))])
def test_keyword_only_all_given(args, kwargs):
    check(kwonly, *args, kwargs=kwargs)


@numba_differs("Numba 0.68 gives other messages (or binds wrongly) for keyword-only parameters")
@pytest.mark.parametrize("args,kwargs", [((1,), {}), ((1, 2), {}), ((1,), dict(m=2, z=3)),
                                         ((1,), dict(m=2, a=3))])
def test_keyword_only_wrong_calls_raise_pythons_type_error(args, kwargs):
    check(kwonly, *args, kwargs=kwargs)


@pytest.mark.parametrize("args", [(1,), (1, 2), (1, 2, 3), (1, 2.5, 3j), (1, (2, 3)), (1.5, True)])
def test_star_args_tuple(args):
    check(star_len, *args)


@pytest.mark.parametrize("args", [(1, 2, 3), (1.5, 2.5, 3.5, 4.5)])
def test_star_args_iterate(args):
    check(star_sum, *args)


def test_star_args_typed_as_a_tuple():
    f = jitted(star_len)
    f(1, 2, 3.5)
    assert types.Tuple((types.int64, types.float64)) in [s[1] for s in f.signatures]
    f(1, 2, 3)
    assert types.UniTuple(types.int64, 2) in [s[1] for s in f.signatures]


@numba_differs("Numba's message is its own ('not enough arguments: expected at least 1, got 0')")
def test_star_args_wrong_call():
    check(star_len)  # missing 'a': CPython's TypeError text


@numba_differs("Numba 0.68 binds keyword-only parameters after *args wrongly")
@pytest.mark.parametrize("args,kwargs", [((1, 2), {}), ((1, 2, 3, 4.5), {}), ((1,), dict(b=2)),
                                         ((1, 2), dict(c=2)), ((), dict(a=1, b=2)), ((1,), {})])
def test_positional_only_star_args_keyword_only(args, kwargs):
    check(star_then_kwonly, *args, kwargs=kwargs)


def call_star(x):
    return star_len_j(x, 1, 2), star_len_j(x), star_len_j(x, 2.5, (1, 2))


def call_kwonly(x):
    return kwonly_j(x, m=4) + kwonly_j(x, k=1, m=2)


star_len_j = jitted(star_len)
kwonly_j = jitted(kwonly)


@pytest.mark.parametrize("x", [1, 2.5])
def test_jitted_callers_of_star_args(x):
    check(call_star, x)


@numba_differs("Numba 0.68 binds keyword-only parameters wrongly")
@pytest.mark.parametrize("x", [1, 2.5])
def test_jitted_callers_of_keyword_only(x):
    check(call_kwonly, x)


def call_kwonly_missing(x):
    return kwonly_j(x)


@pycomp_only("the message of a compile-time binding error")
def test_jitted_caller_missing_keyword_only_is_a_typing_error():
    with pytest.raises(TypingError) as info:
        jitted(call_kwonly_missing)(1)
    assert "missing required keyword-only argument 'm'" in str(info.value)
