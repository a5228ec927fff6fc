"""Differential tests: tuple slices with constant bounds, iterating a 0-d
array, ``locals=`` type annotations, keyword-only and ``*args`` parameters."""

import numpy as np
import pytest

from support import UNSUPPORTED_ERRORS, TypingError, check, is_pycomp, jitted, numba_differs, njit, types

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


def slice_array(a):
    return a[1:]


def slice_variable(t, i):
    return t[i:]


@numba_differs("Numba slices arrays; pycomp refuses it until arrays are values")
def test_array_slicing_is_refused():
    with pytest.raises(UNSUPPORTED_ERRORS):
        jitted(slice_array)(np.arange(3.0))


@numba_differs("Numba types t[i:] as getitem(tuple, slice) and refuses it with a TypingError")
def test_variable_bounds_refused():
    with pytest.raises(UNSUPPORTED_ERRORS) as info:
        jitted(slice_variable)((1, 2, 3), 1)
    assert "non-constant" in str(info.value)
