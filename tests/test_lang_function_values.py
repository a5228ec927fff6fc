"""Jitted functions and the operator module's functions passed as values to
jitted functions: the callee is part of the argument's type, so each
function passed gets its own specialization and the call is static."""

import operator

import pytest

from support import njit, numba_differs


def _mul(a, b):
    return a * b


def _add(a, b):
    return a + b


mul = njit(_mul)
add = njit(_add)


def apply(f, a, b):
    return f(a, b)


def twice(f, x):
    return f(f(x, x), x)


@pytest.mark.parametrize("fn, py, a, b", [(mul, _mul, 3, 4), (add, _add, 3, 4), (mul, _mul, 2.5, 2),
                                          (add, _add, 1j, 2.0)])
def test_a_jitted_function_as_an_argument(fn, py, a, b):
    f = njit(apply)
    assert f(fn, a, b) == py(a, b)
    assert f(fn, a, b) == py(a, b)  # again, from the cache


def test_each_function_passed_is_its_own_specialization():
    f = njit(apply)
    assert f(mul, 3, 4) == 12 and f(add, 3, 4) == 7
    assert len(f.signatures) == 2


def test_a_function_argument_called_twice():
    assert njit(twice)(mul, 3) == 27


@numba_differs("Numba cannot pass the operator module's functions as values")
@pytest.mark.parametrize("op, a, b", [(operator.add, 3, 4.5), (operator.sub, 10, 4), (operator.lt, 1, 2),
                                      (operator.mul, 2, 3)])
def test_an_operator_function_as_an_argument(op, a, b):
    assert njit(apply)(op, a, b) == op(a, b)
