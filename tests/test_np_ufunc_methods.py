"""Differential tests: ``ufunc.reduce`` and ``ufunc.accumulate`` of binary
ufuncs (pycomp/np/ufuncmethods.py) against NumPy: values, result dtypes
(add/multiply accumulate small integers in 64 bits), axes, layouts, empty
inputs and their identities, and the errors NumPy raises."""

import numpy as np
import pytest

from support import LAYOUTS, TypingError, check, is_numba, jitted, make_layout, pycomp_only

_NUMBA = "Numba 0.68 has no reduce/accumulate on NumPy's ufuncs (an unknown attribute)"
pytestmark = [pytest.mark.numba_differs(reason=_NUMBA),
              pytest.mark.xfail(is_numba, reason="numba differs: " + _NUMBA, strict=True)]

UFUNCS = [np.add, np.multiply, np.subtract, np.maximum, np.minimum, np.fmax, np.logical_and, np.logical_or,
          np.bitwise_or, np.bitwise_and, np.power, np.true_divide]

_REDUCERS = {}


def reducer(uf, kind, axis):
    """One compiled function per (ufunc, method, axis form): ``uf.kind(a)``,
    ``uf.kind(a, axis=...)`` or ``uf.kind(a, axis=None)``."""
    key = (uf, kind, axis)
    if key not in _REDUCERS:
        if kind == "reduce":
            if axis == "default":
                def f(a):
                    return uf.reduce(a)
            elif axis is None:
                def f(a):
                    return uf.reduce(a, axis=None)
            else:
                def f(a, axis):
                    return uf.reduce(a, axis=axis)
        elif axis == "default":
            def f(a):
                return uf.accumulate(a)
        else:
            def f(a, axis):
                return uf.accumulate(a, axis=axis)
        f.__name__ = "%s_%s" % (uf.__name__, kind)
        _REDUCERS[key] = f
    return _REDUCERS[key]


def operand(uf, dtype, shape=(3, 4)):
    a = (np.arange(int(np.prod(shape))).reshape(shape) % 4 + 1).astype(dtype)
    if uf in (np.bitwise_or, np.bitwise_and) and np.dtype(dtype).kind == "f":
        pytest.skip("bitwise ufuncs take integers")
    if uf is np.true_divide and np.dtype(dtype).kind in "iub":
        a = a.astype(np.float64)
    return a


@pytest.mark.parametrize("uf", UFUNCS, ids=lambda u: u.__name__)
@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.uint8, np.int64], ids=lambda d: np.dtype(d).name)
def test_reduce_and_accumulate_1d(uf, dtype):
    a = operand(uf, dtype, (5,))
    check(reducer(uf, "reduce", "default"), a)
    check(reducer(uf, "accumulate", "default"), a)


@pytest.mark.parametrize("uf", [np.add, np.maximum, np.multiply, np.logical_or], ids=lambda u: u.__name__)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_along_an_axis(uf, layout, axis):
    a = make_layout(operand(uf, np.float64), layout)
    check(reducer(uf, "reduce", 0), a, axis)
    check(reducer(uf, "accumulate", 0), a, axis)
    check(reducer(uf, "reduce", None), a)


def test_booleans_and_small_integers_widen_as_numpy():
    b = np.array([True, False, True])
    check(reducer(np.add, "reduce", "default"), b)  # int64
    check(reducer(np.add, "accumulate", "default"), b)
    check(reducer(np.logical_and, "reduce", "default"), b)  # bool
    check(reducer(np.multiply, "reduce", "default"), np.array([200, 3], dtype=np.uint8))  # uint64


def test_empty_inputs_give_the_identity_or_a_value_error():
    check(reducer(np.add, "reduce", "default"), np.zeros(0))
    check(reducer(np.multiply, "reduce", "default"), np.zeros(0, np.int8))
    check(reducer(np.bitwise_and, "reduce", "default"), np.zeros(0, np.uint8))
    check(reducer(np.logical_or, "reduce", "default"), np.zeros(0))
    check(reducer(np.add, "accumulate", 0), np.zeros((2, 0)), 1)
    with pytest.raises(ValueError, match="no identity"):
        jitted(reducer(np.maximum, "reduce", "default"))(np.zeros(0))


def test_a_0d_array_and_a_bad_axis():
    check(reducer(np.add, "reduce", "default"), np.array(3.5))
    with pytest.raises(ValueError):  # numpy.exceptions.AxisError
        jitted(reducer(np.add, "reduce", 0))(np.ones((2, 3)), 2)


def reduce_a_unary(a):
    return np.sqrt.reduce(a)


@pycomp_only("a pycomp TypingError")
def test_a_unary_ufunc_has_no_reduce():
    with pytest.raises(TypingError, match="only for binary ufuncs"):
        jitted(reduce_a_unary)(np.ones(3))


def outer_add(a, b):
    return np.add.outer(a, b)


def outer_less(a, b):
    return np.less.outer(a, b)


def outer_maximum(a, b):
    return np.maximum.outer(a, b)


@pytest.mark.parametrize("fn", [outer_add, outer_less, outer_maximum], ids=lambda f: f.__name__)
def test_outer(fn):
    a = np.arange(3.0)
    b = np.arange(4, dtype=np.int32).reshape(2, 2)
    check(fn, a, b)  # shape (3, 2, 2), float64 / bool
    check(fn, make_layout(b, "F"), a[::-1])
    check(fn, np.array(2.0), a)
    check(fn, np.zeros(0), a)
