"""Differential tests: builtins answered at compile time (isinstance,
getattr, hasattr), min()/max() of an empty tuple and tuple()."""

import math

import numpy as np
import pytest

from support import TypingError, check, cpython_differs, jitted, njit, numba_differs

# ------------------------------------------------------------------ isinstance

NoneType = type(None)  # a global: frozen at compile time like int or np.ndarray


def isinstance_scalars(x):
    return (isinstance(x, int), isinstance(x, float), isinstance(x, complex),
            isinstance(x, bool), isinstance(x, tuple))


def isinstance_class_tuple(x):
    return isinstance(x, (int, float)), isinstance(x, (complex, tuple))


def isinstance_numpy_scalars(x):
    return (isinstance(x, np.float64), isinstance(x, np.float32), isinstance(x, np.int32),
            isinstance(x, np.bool_))


@pytest.mark.parametrize("x", [3, 1.5, 2j, (1, 2), (1, 2.5), np.zeros(2)])
def test_isinstance_builtin_classes(x):
    check(isinstance_scalars, x)


@pytest.mark.parametrize("x", [3, 1.5, 2j, (1, 2.5)])
def test_isinstance_tuple_of_classes(x):
    check(isinstance_class_tuple, x)


@pytest.mark.parametrize("x", [np.float64(1.5), np.float32(2.5), np.int32(3), np.bool_(True)])
def test_isinstance_numpy_scalar_classes(x):
    check(isinstance_numpy_scalars, x)


@cpython_differs("Numba's typing has one type for bool values: isinstance(True, int) is False")
def test_isinstance_bool_is_not_int():
    check(isinstance_scalars, True, expected=(False, False, False, True, False))


@cpython_differs("int and np.int64 are one type in compiled code (as in Numba): isinstance(1, np.int64) is True")
def test_isinstance_python_and_numpy_scalars_alias():
    def f(x, y):
        return isinstance(x, np.int64), isinstance(y, np.float64), isinstance(y, float)
    check(f, 1, 1.5, expected=(True, True, True))


def isinstance_more(x):
    return isinstance(x, np.ndarray), isinstance(x, NoneType), isinstance(x, ((int, complex), float))


@numba_differs("Numba cannot type np.ndarray, type(None) or nested class tuples here")
@pytest.mark.parametrize("x", [np.zeros(2), None, 3, 2.5, 1j, (1, 2)])
def test_isinstance_arrays_none_and_nested_class_tuples(x):
    check(isinstance_more, x)


def isinstance_families(x):
    return (isinstance(x, np.integer), isinstance(x, np.signedinteger), isinstance(x, np.unsignedinteger),
            isinstance(x, np.floating), isinstance(x, np.complexfloating), isinstance(x, np.number))


@numba_differs("Numba cannot type the abstract NumPy scalar classes")
@pytest.mark.parametrize("x", [np.int8(3), np.uint16(4), np.float32(2.5), np.complex64(1j), np.bool_(True)])
def test_isinstance_numpy_scalar_families(x):
    check(isinstance_families, x)


@numba_differs("Numba cannot type the abstract NumPy scalar classes")
@cpython_differs("an int is an int64 in compiled code, so it is an np.integer (a float an np.floating)")
def test_isinstance_numpy_families_of_python_scalars():
    def f(i, x):
        return isinstance(i, np.integer), isinstance(x, np.floating), isinstance(i, np.floating)
    check(f, 3, 2.5, expected=(True, True, False))


def isinstance_branches(x):
    if isinstance(x, tuple):
        return len(x) * 1.0  # not typed for a number: len() of an int does not compile
    elif isinstance(x, complex):
        return x.imag
    elif isinstance(x, (int, float)):
        return x + 0.5
    return -1.0


@pytest.mark.parametrize("x", [(1, 2, 3), 2 + 5j, 4, 1.25])
def test_isinstance_prunes_branches(x):
    check(isinstance_branches, x)


def isinstance_rebinds(a):
    # Numba issue 9125: the branch is taken for an int, so `a` is a tuple below
    x = 0
    if isinstance(a, int):
        a = (a, a)
    for i in range(len(a)):
        x += i
    return x


def test_isinstance_pruning_keeps_merges_consistent():
    check(isinstance_rebinds, 3)


def isinstance_of_merged_variable(n):
    x = 0
    for _ in range(n):
        if isinstance(x, int):  # int on the first pass, float after: no one answer
            x = x + 0.5
    return x


def test_isinstance_of_a_variable_merged_from_branches_is_a_typing_error():
    with pytest.raises(TypingError):
        njit(isinstance_of_merged_variable)(3)


def isinstance_first_match(x):
    return isinstance(x, (float, "not a type"))


def test_isinstance_stops_at_the_first_matching_class():
    check(isinstance_first_match, 3.4)


def test_isinstance_with_a_non_class_is_a_typing_error():
    with pytest.raises(TypingError) as info:
        jitted(isinstance_first_match)(100)
    assert "Cannot infer Numba type of Python type" in str(info.value)


# ------------------------------------------------------------------ getattr and hasattr


def getattr_constant(x):
    return getattr(x, "real"), getattr(x, "imag")


def getattr_default(x, d):
    return getattr(x, "not_an_attribute", d), getattr(x, "real", d)


@pytest.mark.parametrize("x", [1 + 2j, 2.5, 7])
def test_getattr_constant_name(x):
    check(getattr_constant, x)


def test_getattr_array_attributes():
    def f(a):
        return getattr(a, "ndim"), getattr(a, "shape")
    check(f, np.zeros((2, 3)))


def test_getattr_method_then_call():
    def f(x):
        return getattr(x, "conjugate")()
    check(f, 1 + 2j)


@pytest.mark.parametrize("x,d", [(1.5, 7), (3, 2.5), (1j, (1, 2))])
def test_getattr_default(x, d):
    check(getattr_default, x, d)


def test_getattr_of_module_constant():
    def f():
        return getattr(math, "pi") * getattr(np, "e")
    check(f)


def test_getattr_missing_attribute_raises_attribute_error():
    def f(x):
        return getattr(x, "__not_a_valid_attr__")
    with pytest.raises(AttributeError) as info:
        njit(f)(1.23)
    assert "'float64' has no attribute '__not_a_valid_attr__'" in str(info.value)


def test_hasattr():
    def f(x, a):
        return hasattr(x, "real"), hasattr(x, "not_an_attribute"), hasattr(a, "shape"), hasattr(a, "nope")
    check(f, 1.5, np.zeros(3))


# ------------------------------------------------------------------ min/max of an empty tuple


def max_empty():
    return max(())


def min_empty():
    return min(())


@pytest.mark.parametrize("fn,name", [(max_empty, "max"), (min_empty, "min")])
def test_min_max_of_empty_tuple_is_a_typing_error(fn, name):
    with pytest.raises(TypingError) as info:
        njit(fn)()
    assert "%s() argument is an empty tuple" % name in str(info.value)


# ------------------------------------------------------------------ tuple()


def tuple_of(t):
    return tuple(t)


def tuple_empty():
    return tuple()


@pytest.mark.parametrize("t", [(1, 2), (1, 2.5, True)])
def test_tuple_of_tuple(t):
    check(tuple_of, t)


def test_tuple_empty():
    check(tuple_empty)


@cpython_differs("int() of a fixed-width integer keeps its width, as in Numba")
@pytest.mark.parametrize("value", [np.int8(-3), np.int32(1234), np.uint32(4000000000), np.uint64(2 ** 63 + 5)])
def test_int_keeps_the_integer_type(value):
    f = jitted(lambda x: int(x))
    got = f(value)
    assert got == int(value)
    assert [str(s.return_type) for s in f.nopython_signatures] == [type(value).__name__]


@pytest.mark.parametrize("value", [True, 2.7, -2.7, np.float32(1.5)])
def test_int_of_bool_and_float_is_int64(value):
    check(lambda x: int(x), value)
