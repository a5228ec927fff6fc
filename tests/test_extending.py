"""The extension API (pycomp.extending, Numba's numba.extending): functions,
methods and attributes implemented in Python for compiled code, run under
both engines and compared with plain Python."""

import numpy as np
import pytest

from support import TypingError, is_numba, njit, no_leaks, types

if is_numba:
    from numba.extending import overload, overload_attribute, overload_method, register_jitable
else:
    from pycomp.extending import overload, overload_attribute, overload_method, register_jitable


# ------------------------------------------------------------------ @overload


def clamp(x, lo, hi):
    """A Python function compiled code cannot run itself."""
    raise NotImplementedError("only in compiled code")


@overload(clamp)
def _ol_clamp(x, lo, hi):
    if isinstance(x, types.Integer):
        def int_impl(x, lo, hi):
            return min(max(x, lo), hi)
        return int_impl
    if isinstance(x, types.Float):
        def float_impl(x, lo, hi):
            if x < lo:
                return lo * 1.0
            return hi * 1.0 if x > hi else x
        return float_impl
    return None


def use_clamp(a, b):
    return clamp(a, 0, 10), clamp(b, 0.0, 1.0)


def test_an_overload_chooses_its_implementation_by_type():
    f = njit(use_clamp)
    assert f(15, 0.5) == (10, 0.5)
    assert f(-3, 2.0) == (0, 1.0)
    r = f(4, -1.0)
    assert r == (4, 0.0) and type(r[0]) is int and type(r[1]) is float


def use_clamp_kw(a):
    return clamp(a, hi=3, lo=1)


def test_an_overload_takes_keywords():
    assert njit(use_clamp_kw)(7) == 3


def clamp_tuple(t):
    return clamp(t, 0, 1)


def test_no_implementation_for_the_types_is_a_typing_error_naming_the_line():
    with pytest.raises(TypingError) as info:
        njit(clamp_tuple)((1, 2))
    text = str(info.value)
    assert "clamp_tuple" in text and "return clamp(t, 0, 1)" in text


def broken(x):
    raise NotImplementedError


@overload(broken)
def _ol_broken(x):
    def impl(x):
        return x + (1, 2)
    return impl


def use_broken(x):
    return broken(x)


def test_an_implementation_that_does_not_type_names_the_user_s_line():
    with pytest.raises(TypingError) as info:
        njit(use_broken)(1)
    text = str(info.value)
    assert "return broken(x)" in text
    if not is_numba:
        assert "implemented by _ol_broken" in text and "x + (1, 2)" in text


def make_ones(n):
    raise NotImplementedError


@overload(make_ones)
def _ol_make_ones(n):
    def impl(n):
        a = np.empty(n)
        for i in range(n):
            a[i] = 1.0
        return a
    return impl


def use_make_ones(n):
    a = make_ones(n)
    return a, a[0] + make_ones(2)[1]


def test_an_overload_may_return_an_array_without_leaking():
    f = njit(use_make_ones)
    a, s = f(3)
    assert list(a) == [1.0, 1.0, 1.0] and s == 2.0
    with no_leaks():
        for _ in range(3):
            r = f(4)
            del r


# ------------------------------------------------------------------ @overload_method / @overload_attribute


@overload_method(types.Array, "total_from")
def _ol_total_from(arr, start=0.0):
    def impl(arr, start=0.0):
        s = start
        for x in arr:
            s += x
        return s
    return impl


def use_method(a):
    return a.total_from(), a.total_from(10.0), a.total_from(start=1.0)


def test_an_overloaded_method_gets_its_receiver_first():
    assert njit(use_method)(np.arange(4.0)) == (6.0, 16.0, 7.0)


@overload_attribute(types.Array, "bytes_used")
def _ol_bytes_used(arr):
    def get(arr):
        return arr.size * arr.itemsize
    return get


def use_attribute(a):
    return a.bytes_used


@pytest.mark.parametrize("a", [np.arange(4.0), np.zeros((2, 3), np.int32), np.zeros(0, np.uint8)])
def test_an_overloaded_attribute(a):
    assert njit(use_attribute)(a) == a.nbytes


# ------------------------------------------------------------------ @register_jitable


@register_jitable
def twice_plus_one(x):
    return x * 2 + 1


def use_jitable(x):
    return twice_plus_one(x) + twice_plus_one(1.5)


def test_a_jitable_function_runs_in_both_worlds():
    assert twice_plus_one(3) == 7
    assert njit(use_jitable)(3) == 11.0
