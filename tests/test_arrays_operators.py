"""Whole-array operators: arithmetic, comparisons, bitwise, unary and
in-place operators on arrays, with NumPy's broadcasting, compared with
NumPy on C, F, strided, negative-stride, read-only, 0-d and empty arrays
and over dtype pairs. Result dtypes follow Numba 0.68 where it departs
from NumPy 2 (see ``numba_dtype``). Every compiled call runs under a leak
check."""

import contextlib
import operator

import numpy as np
import pytest

from support import (LAYOUTS, TypingError, assert_same, check, is_pycomp, jitted, make_layout, no_leaks,
                     numba_differs, sample_array)


def numba_dtype(x, y):
    """The result dtype of an arithmetic operator on operands of dtypes
    ``x`` and ``y`` in Numba: NumPy's promotion, except that an integer
    meeting a float or complex operand gives that operand's dtype (so
    int32 + float32 is float32, where NumPy says float64)."""
    x, y = np.dtype(x), np.dtype(y)
    if x.kind in "iu" and y.kind in "fc":
        return y
    if y.kind in "iu" and x.kind in "fc":
        return x
    return np.result_type(x, y)


def leak_check():
    """A leak check of the block; none under Numba, which leaks the
    arrays live where an exception leaves compiled code."""
    return no_leaks() if is_pycomp else contextlib.nullcontext()


def check_nl(func, *args, **kw):
    """``check`` under a leak check (the result is dropped inside it)."""
    with no_leaks():
        check(func, *args, **kw)


# ------------------------------------------------------------------ operators on layouts

def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b


def truediv(a, b):
    return a / b


def floordiv(a, b):
    return a // b


def mod(a, b):
    return a % b


def power(a, b):
    return a ** b


def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def gt(a, b):
    return a > b


def ge(a, b):
    return a >= b


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


ARITH = [add, sub, mul, truediv, floordiv, mod, power]
COMPARE = [lt, le, gt, ge, eq, ne]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("func", ARITH + COMPARE)
def test_float_arrays_in_every_layout(func, layout):
    a = make_layout(sample_array((3, 4), np.float64, seed=1), layout)
    b = make_layout(np.abs(sample_array((3, 4), np.float64, seed=2)) + 0.5, layout)
    check_nl(func, a, b)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("func", [add, sub, mul, floordiv, mod, lt, eq])
def test_int_arrays_in_every_layout(func, layout):
    a = make_layout(sample_array((4, 3), np.int64, seed=3), layout)
    b = sample_array((4, 3), np.int64, seed=4)
    b[b == 0] = 3
    b = make_layout(b, layout)
    check_nl(func, a, b)


_SCALAR_OPS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod,
               operator.pow, operator.lt, operator.ge, operator.eq, operator.ne]
_WITH_SCALAR = {}


def _with_scalar(op, side):
    """``op(a, 1.5)`` or ``op(2.5, a)``: one function per operator and side."""
    key = (op, side)
    if key not in _WITH_SCALAR:
        if side == "left":
            def f(a):
                return op(a, 1.5)
        else:
            def f(a):
                return op(2.5, a)
        _WITH_SCALAR[key] = f
    return _WITH_SCALAR[key]


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("op", _SCALAR_OPS, ids=lambda f: f.__name__)
def test_array_with_scalar_on_either_side(op, side):
    a = make_layout(sample_array((2, 5), np.float64) + 5.0, "strided")
    check_nl(_with_scalar(op, side), a)


def test_mixed_layouts():
    a = make_layout(sample_array((3, 4), np.float64), "F")
    b = make_layout(sample_array((3, 4), np.float64, seed=1), "negstrided")
    check_nl(add, a, b)
    check_nl(mul, make_layout(a, "C"), b)


def test_three_dimensional():
    a = sample_array((2, 3, 4), np.float64)
    check_nl(mul, a, make_layout(sample_array((2, 3, 4), np.float64, seed=5), "F"))
    check_nl(add, make_layout(a, "strided"), 1.0)


# ------------------------------------------------------------------ broadcasting

@pytest.mark.parametrize("sa, sb", [
    ((3, 1), (1, 4)), ((4,), (3, 4)), ((3, 4), (4,)), ((3, 1), (3, 4)), ((1,), (5,)), ((2, 1, 3), (4, 1)),
    ((0, 4), (4,)), ((0,), (1,)), ((3, 0), (3, 1)), ((1, 1), (1, 1)), ((), (3,)), ((2, 3), ()),
])
def test_broadcast_shapes(sa, sb):
    a = sample_array(sa, np.float64, seed=1)
    b = sample_array(sb, np.float64, seed=2)
    check_nl(add, a, b)
    check_nl(mul, make_layout(a, "strided") if a.ndim else a, b)


def test_broadcast_column_and_row_of_views():
    m = sample_array((4, 6), np.float64)
    col = make_layout(sample_array((4, 1), np.float64, seed=3), "negstrided")
    row = make_layout(sample_array((6,), np.float64, seed=4), "strided")
    check_nl(sub, m, col)
    check_nl(sub, row, m)


@pytest.mark.parametrize("sa, sb", [((3,), (4,)), ((2, 3), (3, 2)), ((3, 4), (2, 1, 3)), ((0,), (2,))])
def test_mismatched_shapes_are_a_value_error(sa, sb):
    a, b = np.ones(sa), np.ones(sb)
    with leak_check():
        check(add, a, b, match_message=False)
    with leak_check():
        with pytest.raises(ValueError):
            jitted(add)(a, b)


def chain(a, b, c):
    return (a * b + c) / (a - c + 10.0)


def test_a_chain_of_operators_frees_its_temporaries():
    a, b, c = (sample_array((50,), np.float64, seed=s) for s in range(3))
    check_nl(chain, a, b, c)


def mismatch_after_a_temporary(a, b, c):
    t = a * 2.0
    return t + b + c


def test_an_error_after_an_allocation_does_not_leak():
    with leak_check():
        with pytest.raises(ValueError):
            jitted(mismatch_after_a_temporary)(np.ones(3), np.ones(3), np.ones(4))


# ------------------------------------------------------------------ dtypes

_DTYPES = (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
           np.float32, np.float64, np.complex64, np.complex128)


def _cast_values(a, dt):
    with np.errstate(all="ignore"):
        return a.astype(dt)


@pytest.mark.parametrize("dx", _DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("dy", _DTYPES, ids=lambda d: np.dtype(d).name)
def test_add_over_dtype_pairs(dx, dy):
    a = sample_array((6,), dx, seed=1)
    b = sample_array((6,), dy, seed=2)
    rt = numba_dtype(dx, dy)
    want = np.add(_cast_values(a, rt), _cast_values(b, rt))
    check_nl(add, a, b, expected=want)


@pytest.mark.parametrize("dx", _DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("dy", [np.int8, np.uint32, np.float32, np.bool_],  # every pair's dtype: test above
                         ids=lambda d: np.dtype(d).name)
def test_mul_and_compare_over_dtype_pairs(dx, dy):
    a = sample_array((5,), dx, seed=3)
    b = sample_array((5,), dy, seed=4)
    rt = numba_dtype(dx, dy)
    check_nl(mul, a, b, expected=np.multiply(_cast_values(a, rt), _cast_values(b, rt)))
    if np.dtype(rt).kind != "c":
        check_nl(lt, a, b, expected=np.less(_cast_values(a, rt), _cast_values(b, rt)))
    check_nl(eq, a, b, expected=np.equal(_cast_values(a, rt), _cast_values(b, rt)))


@pytest.mark.parametrize("dt", [np.int8, np.uint8, np.int32, np.uint64, np.float32, np.complex64, np.bool_],
                         ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("scalar", [3, 2.5, True, 1j], ids=["int", "float", "bool", "complex"])
def test_array_and_python_scalar_dtypes(dt, scalar):
    """A Python int is int64 and a float float64 (no NEP 50 weak scalars):
    int8 array + 3 is int64; float32 array + 3 stays float32."""
    a = sample_array((4,), dt, seed=5)
    sdt = np.asarray(scalar).dtype
    rt = numba_dtype(dt, sdt)
    want = np.add(_cast_values(a, rt), np.asarray(scalar).astype(rt))

    check_nl(_scalar_adder(scalar), a, expected=want)


_ADDERS = {}


def _scalar_adder(scalar):
    if repr(scalar) not in _ADDERS:
        def f(a):
            return a + scalar
        _ADDERS[repr(scalar)] = f
    return _ADDERS[repr(scalar)]


def test_integer_true_division_dtypes():
    """int / int: float64, but float32 for integers float32 holds exactly
    (int8, int16, uint8, uint16), as Numba resolves NumPy's loops."""
    for dt, rt in ((np.int8, np.float32), (np.uint16, np.float32), (np.int32, np.float64), (np.int64, np.float64)):
        a = sample_array((5,), dt) + 20
        b = np.arange(1, 6).astype(dt)
        check_nl(truediv, a, b, expected=(a.astype(rt) / b.astype(rt)))


def test_integer_division_by_zero_gives_zero():
    a = np.array([5, -7, 0, 3])
    b = np.array([0, 0, 0, 2])
    with np.errstate(all="ignore"):
        check_nl(floordiv, a, b, expected=np.array([0, 0, 0, 1]))
        check_nl(mod, a, b, expected=np.array([0, 0, 0, 1]))
        check_nl(truediv, a, b)


def test_float_division_by_zero_gives_inf_and_nan():
    check_nl(truediv, np.array([1.0, -1.0, 0.0]), np.zeros(3))
    check_nl(floordiv, np.array([1.0, -1.0, 0.0]), np.zeros(3))
    check_nl(mod, np.array([1.0, -1.0, 0.0]), np.zeros(3))


# ------------------------------------------------------------------ bitwise

def band(a, b):
    return a & b


def bor(a, b):
    return a | b


def bxor(a, b):
    return a ^ b


def lshift(a, b):
    return a << b


def rshift(a, b):
    return a >> b


@pytest.mark.parametrize("func", [band, bor, bxor, lshift, rshift])
@pytest.mark.parametrize("dt", [np.int8, np.uint16, np.int32, np.int64, np.uint64], ids=lambda d: np.dtype(d).name)
def test_bitwise_on_integer_arrays(func, dt):
    a = make_layout(sample_array((3, 3), dt) + 9, "strided")
    b = (np.arange(9).reshape(3, 3) % 5).astype(dt)
    check_nl(func, a, b)


@pytest.mark.parametrize("func", [band, bor, bxor])
def test_bitwise_on_bool_arrays(func):
    a = sample_array((7,), np.bool_, seed=1)
    b = sample_array((7,), np.bool_, seed=2)
    check_nl(func, a, b)


def test_bitwise_with_a_float_array_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(band)(np.ones(3), np.ones(3, dtype=np.int64))


# ------------------------------------------------------------------ unary

def neg(a):
    return -a


def pos(a):
    return +a


def inv(a):
    return ~a


def absolute(a):
    return abs(a)


@pytest.mark.parametrize("func", [neg, pos])
@pytest.mark.parametrize("dt", [np.int8, np.uint8, np.int64, np.float32, np.float64], ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("layout", ["C", "F", "negstrided"])
def test_unary_arithmetic(func, dt, layout):
    check_nl(func, make_layout(sample_array((3, 2), dt), layout))


@numba_differs("Numba has no abs() of an array (np.abs works)")
@pytest.mark.parametrize("dt", [np.int8, np.uint8, np.int64, np.float32, np.float64, np.bool_],
                         ids=lambda d: np.dtype(d).name)
def test_abs_of_an_array(dt):
    check_nl(absolute, make_layout(sample_array((3, 2), dt), "negstrided"))


@pytest.mark.parametrize("dt", [np.int8, np.uint32, np.int64, np.bool_], ids=lambda d: np.dtype(d).name)
def test_invert(dt):
    check_nl(inv, make_layout(sample_array((5,), dt), "strided"))


def test_negative_of_a_bool_array_is_int8():
    """NumPy refuses ``-bool_array``; Numba computes it in int8."""
    a = np.array([True, False, True])
    with no_leaks():
        assert_same(jitted(neg)(a), np.array([-1, 0, -1], dtype=np.int8))


@numba_differs("Numba has no abs() of an array")
def test_abs_of_a_complex_array():
    check_nl(absolute, sample_array((4,), np.complex128))


def test_unary_of_a_0d_array_is_a_scalar():
    """A ufunc over 0-d arrays and scalars only gives a scalar, as in Numba."""
    check_nl(neg, np.array(2.5), expected=-2.5)


def not_array(a):
    return not a


def test_not_of_an_array_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(not_array)(np.ones(1))


def test_empty_and_0d_arrays():
    check_nl(neg, np.zeros((0, 3)))
    check_nl(add, np.array(1.5), np.array(2.0), expected=3.5)
    check_nl(add, np.array(1.5), np.arange(3.0))


# ------------------------------------------------------------------ in place

def iadd(a, b):
    a += b
    return a


def isub(a, b):
    a -= b
    return a


def imul(a, b):
    a *= b
    return a


def itruediv(a, b):
    a /= b
    return a


def ifloordiv(a, b):
    a //= b
    return a


def imod(a, b):
    a %= b
    return a


def ipow(a, b):
    a **= b
    return a


def iand(a, b):
    a &= b
    return a


def ior(a, b):
    a |= b
    return a


def ixor(a, b):
    a ^= b
    return a


def ilshift(a, b):
    a <<= b
    return a


def irshift(a, b):
    a >>= b
    return a


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
@pytest.mark.parametrize("func", [iadd, isub, imul, itruediv, ifloordiv, imod, ipow])
def test_inplace_float_arrays(func, layout):
    a = make_layout(sample_array((3, 4), np.float64) + 5.0, layout)
    b = make_layout(np.abs(sample_array((3, 4), np.float64, seed=1)) + 0.5, layout)
    check_nl(func, a, b, compare_args=True)


@pytest.mark.parametrize("func", [iadd, isub, imul, ifloordiv, imod, iand, ior, ixor, ilshift, irshift])
def test_inplace_int_arrays_with_an_array(func):
    a = make_layout(sample_array((4, 3), np.int64) + 20, "strided")
    b = (np.arange(12).reshape(4, 3) % 4 + 1).astype(np.int64)
    check_nl(func, a, b, compare_args=True)


def test_inplace_broadcasts_a_row_and_a_scalar():
    check_nl(iadd, np.zeros((3, 4)), np.arange(4.0), compare_args=True)
    check_nl(imul, make_layout(np.ones((3, 4)), "F"), np.arange(3.0).reshape(3, 1), compare_args=True)
    check_nl(iadd, np.zeros((2, 2)), 1.5, compare_args=True)
    check_nl(iadd, np.zeros(()), 1.5, compare_args=True)


def test_inplace_casts_same_kind():
    """float32 += float64 array and int8 += int64 array write in the
    left array's dtype."""
    check_nl(iadd, np.arange(4, dtype=np.float32), np.arange(4.0) / 3, compare_args=True)
    check_nl(iadd, np.arange(4, dtype=np.int8), np.arange(4), compare_args=True)
    check_nl(itruediv, np.arange(4.0, dtype=np.float32), 3.0, compare_args=True)


@numba_differs("Numba fails on an unsigned array updated with a Python int (AttributeError)")
def test_inplace_scalar_is_weak_for_unsigned_arrays():
    check_nl(iadd, np.arange(4, dtype=np.uint8), 250, compare_args=True)
    check_nl(imul, np.arange(4, dtype=np.uint32), 3, compare_args=True)


@numba_differs("Numba crashes (AttributeError) where NumPy refuses the cast")
@pytest.mark.parametrize("func, a, b", [
    (iadd, np.arange(3), 1.5), (itruediv, np.arange(3), 2), (iadd, np.arange(3.0), 1j),
    (iadd, np.array([True]), 1),
])
def test_inplace_unsafe_cast_is_a_typing_error(func, a, b):
    with pytest.raises(TypingError, match="same_kind"):
        jitted(func)(a, b)


@numba_differs("Numba writes past the left array instead of raising")
def test_inplace_cannot_grow_the_left_array():
    with no_leaks():
        with pytest.raises(ValueError):
            jitted(iadd)(np.zeros(3), np.ones(4))
    with pytest.raises((ValueError, TypingError)):
        jitted(iadd)(np.zeros(4), np.ones((2, 4)))


@numba_differs("Numba crashes (AttributeError) on a read-only left array")
def test_inplace_on_a_readonly_array_is_a_typing_error():
    a = np.zeros(3)
    a.flags.writeable = False
    with pytest.raises(TypingError):
        jitted(iadd)(a, 1.0)


def accumulate(a, n):
    s = np.zeros(a.shape)
    for i in range(n):
        s += a
        s *= 0.5
    return s


def test_inplace_in_a_loop_keeps_one_array():
    check_nl(accumulate, sample_array((4,), np.float64), 5)


def shift_add_inplace(a):
    a[1:] += a[:-1]
    return a


def shift_add_out(a):
    np.add(a[:-1], a[1:], a[1:])
    return a


def reversed_inplace(a):
    a += a[::-1]
    return a


def same_view_inplace(a):
    v = a[::2]
    v *= a[::2]
    a += a
    return a


@numba_differs("Numba's loop reads values it already wrote where NumPy reads the old ones")
@pytest.mark.parametrize("func", [shift_add_inplace, shift_add_out, reversed_inplace])
def test_inplace_on_overlapping_arrays_reads_the_old_values(func):
    """An input that shares memory with the output, other than as the same
    view, is read from a copy, as NumPy does."""
    check_nl(func, np.arange(9.0), compare_args=True)
    check_nl(func, np.arange(12.0).reshape(3, 4)[:, 1], compare_args=True)


def test_inplace_on_the_same_view_needs_no_copy():
    check_nl(same_view_inplace, np.arange(10.0), compare_args=True)


def rebinds_scalar(x, a):
    x += a
    return x


@numba_differs("Numba cannot unify the float x with the array x + a")
def test_scalar_plus_equals_array_is_an_operator():
    """``x += a`` with x a scalar is ``x = x + a``: a new array, as in Python."""
    check_nl(rebinds_scalar, 1.0, np.arange(3.0))


def operator_module(a, b):
    return operator.add(a, b), operator.neg(a), operator.lt(a, b)


def operator_iadd(a, b):
    return operator.iadd(a, b)


def test_operator_module_functions_on_arrays():
    check_nl(operator_module, np.arange(3.0), np.ones(3))
    check_nl(operator_iadd, np.arange(3.0), np.ones(3), compare_args=True)
