"""``raise E(args)`` with run-time values (Numba's "dynamic exceptions"):
numbers and booleans computed in compiled code reach Python as the
exception's args, exactly as CPython builds them, through nested calls,
with the raising line as the last traceback frame; NumPy's AxisError gets
its formatted message. Runs under Numba with PYCOMP_TEST_ENGINE=numba."""

import traceback

import numpy as np
import pytest

from support import UnsupportedError, is_numba, jitted, njit


def raise_with_values(x, y, flag):
    if x > 1:
        raise ValueError("x is", x, "and y", y, flag)
    return x


def only_values(x):
    raise IndexError(x, x * 2, -x)


def unsigned(x):
    raise KeyError(x)


def caller(x):
    return raise_with_values_jit(x, np.float32(0.25), False) + 1


raise_with_values_jit = njit(raise_with_values)


def inside_loop(a):
    s = 0.0
    for i in range(a.shape[0]):
        if a[i] < 0:
            raise ValueError("negative item at", i, a[i])
        s += a[i]
    return s


def axis_error(axis, ndim):
    raise np.exceptions.AxisError(axis, ndim)


def expect_same(pyfunc, *args, compare_args=True):
    """The compiled call raises what CPython raises: the same class and
    equal args (a NumPy scalar of CPython's comes out as the Python number
    of its value, as from Numba), booleans as booleans."""
    with pytest.raises(Exception) as want:
        pyfunc(*args)
    with pytest.raises(Exception) as got:
        jitted(pyfunc)(*args)
    assert type(got.value) is type(want.value)
    if compare_args:
        assert got.value.args == want.value.args
        assert [isinstance(a, (bool, np.bool_)) for a in got.value.args] == \
            [isinstance(a, (bool, np.bool_)) for a in want.value.args]
    else:
        assert str(got.value) == str(want.value)
    return got.value


@pytest.mark.parametrize("args", [(3, 2.5, True), (2, -0.0, False), (10**15, float("inf"), True)])
def test_numbers_and_booleans_travel_with_the_exception(args):
    expect_same(raise_with_values, *args)


@pytest.mark.parametrize("x", [0, -7, 2**40])
def test_every_argument_can_be_a_value(x):
    expect_same(only_values, x)


def test_an_unsigned_value_keeps_its_magnitude():
    expect_same(unsigned, np.uint64(2**64 - 1))


def test_values_cross_compiled_calls():
    with pytest.raises(ValueError) as info:
        njit(caller)(np.int8(5))
    assert info.value.args == ("x is", 5, "and y", 0.25, False)


def test_a_raise_in_a_loop():
    a = np.array([1.0, 2.0, -3.5, 4.0])
    e = expect_same(inside_loop, a)
    assert e.args == ("negative item at", 2, -3.5)
    assert jitted(inside_loop)(np.abs(a)) == inside_loop(np.abs(a))


def test_the_last_frame_is_the_raise_line():
    with pytest.raises(ValueError) as info:
        njit(raise_with_values)(5, 1.0, True)
    last = traceback.extract_tb(info.value.__traceback__)[-1]
    assert (last.name, last.lineno) == ("raise_with_values", raise_with_values.__code__.co_firstlineno + 2)


def test_numpy_axis_error_formats_its_message():
    e = expect_same(axis_error, 3, 2)
    assert str(e) == "axis 3 is out of bounds for array of dimension 2"


def sum_along(a, axis):
    return a.sum(axis)


@pytest.mark.parametrize("axis", [2, -3])
def test_reductions_name_the_axis_out_of_bounds(axis):
    # NumPy's own raise passes msg_prefix=None too: equal messages, not args
    e = expect_same(sum_along, np.ones((4, 3)), axis, compare_args=False)
    assert str(e) == "axis %d is out of bounds for array of dimension 2" % axis


def raise_an_array(a):
    raise ValueError(a)


@pytest.mark.skipif(is_numba, reason="Numba raises a different error for an array argument")
def test_an_array_argument_is_a_clear_error():
    with pytest.raises(UnsupportedError, match="constants, numbers and booleans, not array"):
        njit(raise_an_array)(np.ones(2))
