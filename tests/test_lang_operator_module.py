"""``operator.add(a, b)`` and the operator module's other functions, called
inside compiled code, behave as the operators they name."""

import operator

import numpy as np
import pytest

from support import TypingError, check, cpython_differs, jitted, pycomp_only

BINARY = ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift", "and_", "or_",
          "xor", "eq", "ne", "lt", "le", "gt", "ge"]
INPLACE = ["iadd", "isub", "imul", "itruediv", "ifloordiv", "imod", "ipow", "ilshift", "irshift",
           "iand", "ior", "ixor"]


def _binary(name):
    fn = getattr(operator, name)

    def f(a, b):
        return fn(a, b)
    f.__name__ = "call_" + name
    return f


@pytest.mark.parametrize("name", BINARY + INPLACE)
@pytest.mark.parametrize("a, b", [(7, 3), (-7, 2), (np.int32(9), np.int32(4)), (np.uint64(200), np.uint64(3))])
def test_integer_operands(name, a, b):
    check(_binary(name), a, b)


@pytest.mark.parametrize("name", [n for n in BINARY + INPLACE if n.strip("i_") not in
                                  ("lshift", "rshift", "and", "or", "xor", "ilshift", "irshift")
                                  and n not in ("iand", "ior", "ixor", "ilshift", "irshift")])
@pytest.mark.parametrize("a, b", [(7.5, 2.0), (-1.25, 2.0), (3, 0.5)])
def test_float_operands(name, a, b):
    check(_binary(name), a, b)


@pytest.mark.parametrize("name", ["add", "sub", "mul", "truediv", "eq", "ne", "iadd", "imul", "itruediv"])
def test_complex_operands(name):
    check(_binary(name), 1 + 2j, 0.5 - 1j)


@pytest.mark.parametrize("name", ["neg", "pos", "invert", "not_"])
@pytest.mark.parametrize("a", [5, -3, 0])
def test_unary(name, a):
    fn = getattr(operator, name)
    check(lambda x: fn(x), a)


@cpython_differs("Numba inverts a bool logically: ~True is False")
def test_invert_of_bool_is_logical_as_in_numba():
    check(lambda x: operator.invert(x), True, expected=False)
    check(lambda x: operator.invert(x), False, expected=True)
    check(lambda x: (operator.neg(x), operator.not_(x)), False)


@pycomp_only("Numba has no operator.truth")
@pytest.mark.parametrize("a", [0, 3, 0.0, -0.5, True])
def test_truth(a):
    check(lambda x: operator.truth(x), a)


def test_unary_on_floats_and_identity():
    check(lambda x: (operator.neg(x), operator.not_(x)), 0.0)
    check(lambda x: operator.is_(x, None), 1)
    check(lambda x: operator.is_not(x, None), 1)


def test_getitem_on_arrays_and_tuples():
    check(lambda a, i: operator.getitem(a, i), np.arange(5.0), 3)
    check(lambda t, i: operator.getitem(t, i), (4, 5, 6), -1)


def test_division_by_zero_raises_like_python():
    check(_binary("floordiv"), 1, 0, match_message=False)  # Numba words it differently
    check(_binary("truediv"), 1.0, 0.0, match_message=False)  # CPython says "float division by zero"


def test_wrong_arity_is_a_typing_error_naming_the_function():
    f = jitted(lambda a: operator.add(a))
    with pytest.raises(TypingError, match="add"):
        f(1)


@cpython_differs("values have no identity in compiled code: `is` on numbers and tuples is ==, as in Numba")
@pytest.mark.parametrize("a, b, expected", [
    (1, 1, True), (1, 2, False), (1.5, 1.5, True), (float("nan"), float("nan"), False), (1, 1.0, False),
    (1j, 1j, True), ((1, 2), (1, 2), True), (True, True, True), (None, None, True),
])
def test_is_compares_values_as_numba_does(a, b, expected):
    check(lambda x, y: x is y, a, b, expected=expected)
    check(lambda x, y: x is not y, a, b, expected=not expected)
    check(lambda x, y: operator.is_(x, y), a, b, expected=expected)


@pytest.mark.parametrize("t, x", [((1, 2, 3), 2), ((1, 2, 3), 5), ((1.5, 2.5), 2.5), ((), 1)])
def test_contains_takes_the_container_first(t, x):
    check(lambda a, b: operator.contains(a, b), t, x)
