"""Differential tests: scalar arithmetic, bitwise operators, comparisons and
boolean operators on int, float, complex and bool, and on NumPy scalars."""

import math
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from support import (INT_DTYPES, UINT_DTYPES, assert_same, check, cpython_differs, jitted, typeof, types,
                     wrap_int64)

# ------------------------------------------------------------------ operators


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


def divmod_(a, b):
    return divmod(a, b)


def four_ops(a, b):
    return a + b, a - b, a * b, a / b


def six_ops(a, b):
    return a + b, a - b, a * b, a / b, a // b, a % b


def floor_ops(a, b):
    return a // b, a % b


ARITH = [add, sub, mul, truediv, floordiv, mod]
ARITH_IDS = [f.__name__ for f in ARITH]

INT_PAIRS = [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (6, 3), (-6, 3), (1, 1),
             (2**40 + 17, 1000), (-(2**40) - 17, 999), (12345, -1)]
FLOAT_PAIRS = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (0.1, 0.3),
               (-0.0, 2.0), (0.0, -2.0), (1e300, 1e-10), (5.0, 0.3), (-5.0, 0.3),
               (1e-300, 3.0), (float("inf"), 2.0), (2.0, float("inf")),
               (-2.0, float("inf")), (float("nan"), 1.0), (3.0, 3.0)]


@pytest.mark.parametrize("op", ARITH, ids=ARITH_IDS)
@pytest.mark.parametrize("a,b", INT_PAIRS)
def test_int_arith(op, a, b):
    check(op, a, b)


@pytest.mark.parametrize("op", ARITH, ids=ARITH_IDS)
@pytest.mark.parametrize("a,b", FLOAT_PAIRS)
def test_float_arith(op, a, b):
    check(op, a, b)


@pytest.mark.parametrize("a,b", INT_PAIRS + FLOAT_PAIRS[:12])
def test_divmod(a, b):
    check(divmod_, a, b)


@pytest.mark.parametrize("a,b", [(7, 2), (6, 3), (-7, 2), (1, 3), (0, -4)])
def test_int_truediv_gives_float(a, b):
    assert isinstance(check(truediv, a, b), float)


COMPLEX_PAIRS = [(1 + 2j, 3 - 4j), (-1.5 + 0.5j, 2j), (0j, 1 + 1j), (1e10 + 1j, 1e-10 - 2j)]


@pytest.mark.parametrize("a,b", COMPLEX_PAIRS)
def test_complex_arith(a, b):
    check(four_ops, a, b)


@pytest.mark.parametrize("a,b", [(1 + 2j, 2), (1 + 2j, 3 - 1j), (-1.5 + 0.5j, 0.5 + 0.25j), (2j, 0)])
def test_complex_power(a, b):
    check(power, a, b, rtol=1e-9)


MIXED = [
    (3, 2.5), (2.5, 3), (-7, 2.0), (7.0, -2), (2**53 + 1, 1.0),  # int/float -> float
    (3, 1 + 2j), (1 + 2j, 3), (2.5, 1 - 1j), (1 - 1j, 2.5),      # -> complex
    (True, 3), (-2.5, True),                                      # bool promotes
]


@pytest.mark.parametrize("a,b", MIXED)
def test_mixed_promotion(a, b):
    # one function for + - * / keeps the number of compilations down
    check(four_ops, a, b)


@pytest.mark.parametrize("a,b", [(-7, 2.0), (7.0, -2), (7, 2.5), (-7, 2.5)])
def test_mixed_floordiv_mod(a, b):
    check(floor_ops, a, b)


# ------------------------------------------------------------------ zero division

def test_int_floordiv_by_zero():
    # Numba's message ("integer division by zero") differs from CPython's
    check(floordiv, 1, 0, match_message=False)


def test_int_mod_by_zero():
    check(mod, -5, 0)


def test_int_truediv_by_zero():
    check(truediv, 5, 0)


def test_int_divmod_by_zero():
    check(divmod_, 5, 0, match_message=False)


@pytest.mark.parametrize("op,a,b", [
    (op, a, b) for op in (truediv, floordiv, mod, divmod_) for a, b in ((1.0, 0.0), (-1.5, -0.0), (0.0, 0.0))
] + [(truediv, 3, 0.0), (floordiv, 2.5, 0), (mod, 3, 0.0)])
def test_float_division_by_zero(op, a, b):
    # the class is ZeroDivisionError everywhere; CPython's messages name the
    # operation ("float floor division by zero"), compiled code's may not
    check(op, a, b, match_message=False)


def test_complex_division_by_zero():
    check(truediv, 1 + 1j, 0j)


# ------------------------------------------------------------------ fixed-width ints

@cpython_differs("int64 arithmetic wraps around instead of growing")
@pytest.mark.parametrize("op,a,b", [
    (mul, 2**62, 4),
    (mul, 2**62, 3),
    (add, 2**63 - 1, 1),
    (sub, -(2**63), 1),
    (mul, -(2**63), -1),
    (mul, 3037000500, 3037000500),
], ids=["2**62*4", "2**62*3", "max+1", "min-1", "min*-1", "square"])
def test_int64_wraparound(op, a, b):
    check(op, a, b, expected=wrap_int64(op(a, b)))


def wrap_constants():
    x = 2**62
    return x * 4 + 5


@cpython_differs("int64 arithmetic wraps around instead of growing")
def test_int64_wraparound_constants():
    check(wrap_constants, expected=5)


def negate(a):
    return -a


@cpython_differs("int64 arithmetic wraps around instead of growing")
def test_negate_int64_min():
    check(negate, -(2**63), expected=-(2**63))


# ------------------------------------------------------------------ power

@pytest.mark.parametrize("a,b", [(2, 0), (2, 10), (-3, 3), (-3, 4), (0, 0), (0, 5), (7, 1), (1, 63), (-1, 63), (3, 39)])
def test_int_power(a, b):
    check(power, a, b)


@cpython_differs("int ** int is int64 even for negative exponents: "
                 "the result truncates toward zero (CPython gives a float)")
@pytest.mark.parametrize("a,b", [(2, -1), (-2, -2), (1, -3), (-1, -3), (-1, -4), (10, -2)])
def test_int_power_negative_exponent(a, b):
    check(power, a, b, expected=int(a ** b))


def test_int_power_zero_to_negative():
    # CPython says "0.0 cannot be raised...", compiled code "0 cannot ..."
    check(power, 0, -1, match_message=False)


@pytest.mark.parametrize("a,b", [(2.0, 3), (2.0, -1), (-2.0, -3), (2, 0.5), (2.5, 1.5), (9.0, 0.5),
                                 (1e10, -3.0), (-2.0, 3.0), (0.0, 0.0), (float("inf"), -1.0),
                                 (4, -0.5), (-8.0, 2), (1.0, float("nan"))])
def test_float_power(a, b):
    check(power, a, b)


def negative_base_fractional_power(a):
    return a ** (1.0 / 3.0)


@cpython_differs("float ** float stays float: a negative base with a "
                 "fractional exponent gives nan (CPython returns a complex)")
def test_float_power_negative_base_fractional():
    check(negative_base_fractional_power, -8.0, expected=float("nan"))


def square(a):
    return a ** 2


def cube(a):
    return a ** 3


def reciprocal(a):
    return a ** -1


def root(a):
    return a ** 0.5


@pytest.mark.parametrize("func,a", [(f, a) for f in (square, cube, reciprocal, root)
                                    for a in (3.0, -2.5, 0.5, 1e100) if not (f is root and a < 0)])
def test_float_power_constant_exponent(func, a):
    check(func, a)


@pytest.mark.parametrize("func", [square, cube])
@pytest.mark.parametrize("a", [3, -7, 0, 2**20])
def test_int_power_constant_exponent(func, a):
    check(func, a)


# ------------------------------------------------------------------ bitwise

def bitand(a, b):
    return a & b


def bitor(a, b):
    return a | b


def bitxor(a, b):
    return a ^ b


def lshift(a, b):
    return a << b


def rshift(a, b):
    return a >> b


def invert(a):
    return ~a


BIT_PAIRS = [(12, 10), (-12, 10), (12, -10), (-1, 255), (0, 0), (2**40 + 5, 2**33 + 7), (-(2**62), 2**62 - 1)]


def bit_ops(a, b):
    return a & b, a | b, a ^ b


@pytest.mark.parametrize("a,b", BIT_PAIRS)
def test_bitwise(a, b):
    check(bit_ops, a, b)


@pytest.mark.parametrize("op", [bitand, bitor, bitxor], ids=["and", "or", "xor"])
def test_bitwise_alone(op):
    check(op, -12, 10)


@pytest.mark.parametrize("a,b", [(True, False), (True, True), (False, False)])
def test_bitwise_bool_stays_bool(a, b):
    check(bit_ops, a, b)


@pytest.mark.parametrize("a,b", [(1, 0), (1, 10), (3, 40), (-5, 3), (1, 62), (-1, 63), (0, 5)])
def test_lshift(a, b):
    check(lshift, a, b)


@pytest.mark.parametrize("a,b", [(1024, 3), (-1024, 3), (-7, 1), (7, 0), (2**62, 61), (-1, 63), (-(2**63), 63)])
def test_rshift(a, b):
    check(rshift, a, b)


@cpython_differs("int64 shifts drop the bits shifted past bit 63")
def test_lshift_into_sign_bit():
    check(lshift, 3, 62, expected=wrap_int64(3 << 62))


@pytest.mark.parametrize("a", [0, 5, -5, 2**62, -(2**63), 2**63 - 1])
def test_invert(a):
    check(invert, a)


# ------------------------------------------------------------------ unary

def pos(a):
    return +a


def not_(a):
    return not a


def unary_ops(a):
    return -a, +a, not a


@pytest.mark.parametrize("a", [5, -5, 0, 2**62, 2.5, -0.0, 0.0, float("nan"), float("-inf"), 1 - 2j, 0j, -0j,
                               True, False])
def test_unary(a):
    check(unary_ops, a)


# ------------------------------------------------------------------ comparisons

def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


def gt(a, b):
    return a > b


def ge(a, b):
    return a >= b


COMPARE = [lt, le, eq, ne, gt, ge]


def compare_ops(a, b):
    return a < b, a <= b, a == b, a != b, a > b, a >= b


@pytest.mark.parametrize("a,b", [(1, 2), (2, 2), (3, 2), (-1, 1), (1.5, 2.5), (2.5, 2.5),
                                 (float("nan"), 1.0), (float("nan"), float("nan")), (-0.0, 0.0),
                                 (float("inf"), 1e308), (2, 2.0), (3, 2.5),
                                 (True, 1), (False, 0.5), (True, False)])
def test_compare(a, b):
    check(compare_ops, a, b)


def equality_ops(a, b):
    return a == b, a != b


@pytest.mark.parametrize("a,b", [(1 + 2j, 1 + 2j), (1 + 2j, 1 - 2j), (2 + 0j, 2), (2 + 0j, 2.0), (1j, 1)])
def test_compare_complex_equality(a, b):
    check(equality_ops, a, b)


def chained(a, b, c):
    return a < b < c


def chained_mixed(a, b, c):
    return a <= b > c != a


def chained_long(a, b, c):
    return a < b <= c == c < 100


@pytest.mark.parametrize("func", [chained, chained_mixed, chained_long])
@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (1, 3, 2), (3, 2, 1), (2, 2, 2), (0, 5, 99), (1, 2, 200)])
def test_chained_comparison(func, a, b, c):
    check(func, a, b, c)


@pytest.mark.parametrize("a,b,c", [(1.0, 2.5, 3.0), (1.0, float("nan"), 3.0), (-1.0, -0.0, 0.0)])
def test_chained_comparison_float(a, b, c):
    check(chained, a, b, c)


def chained_evaluates_once(a):
    # a chain over an expression operand: 0 < b and b < 10 and 10 > a
    b = a + 1
    return 0 < b < 10 > a


@pytest.mark.parametrize("a", [-5, 0, 3, 9, 11])
def test_chained_comparison_values(a):
    check(chained_evaluates_once, a)


# ------------------------------------------------------------------ and / or

def and_(a, b):
    return a and b


def or_(a, b):
    return a or b


def and_or(a, b, c):
    return a and b or c


@pytest.mark.parametrize("op", [and_, or_], ids=["and", "or"])
@pytest.mark.parametrize("a,b", [(0, 5), (3, 5), (3, 0), (0, 0), (-1, 7),
                                 (0.0, 2.5), (1.5, 2.5), (float("nan"), 0.0)])
def test_and_or_return_operands(op, a, b):
    check(op, a, b)


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (0, 2, 3), (1, 0, 3), (0, 0, 0)])
def test_and_or_combined(a, b, c):
    check(and_or, a, b, c)


@cpython_differs("the operands of and/or unify to one type: int and float give float")
@pytest.mark.parametrize("op,a,b,expected", [(and_, 0, 2.5, 0.0), (or_, 3, 2.5, 3.0), (or_, 0, 2.5, 2.5)])
def test_and_or_mixed_types_unify(op, a, b, expected):
    check(op, a, b, expected=expected)


def short_circuit(a, b):
    # b // a is evaluated only when a is non-zero
    return a != 0 and b // a > 1


@pytest.mark.parametrize("a,b", [(0, 5), (2, 5), (5, 2)])
def test_short_circuit(a, b):
    check(short_circuit, a, b)


# ------------------------------------------------------------------ augmented assignment

def augmented(a, b):
    x = a
    x += b
    x *= 3
    x -= b
    x //= 2
    x %= 1000
    x **= 2
    x <<= 2
    x >>= 1
    x |= 5
    x &= 0xFFFF
    x ^= 0x55
    return x


@pytest.mark.parametrize("a,b", [(1, 2), (-17, 5), (1000, -999), (0, 0)])
def test_augmented_assignment_int(a, b):
    check(augmented, a, b)


def augmented_float(a, b):
    x = a
    x += b
    x *= 1.5
    x /= b
    x -= 0.25
    x //= 0.5
    x %= 7.0
    x **= 2
    return x


@pytest.mark.parametrize("a,b", [(1.0, 2.0), (-17.5, 5.25), (1000, -3.0)])
def test_augmented_assignment_float(a, b):
    check(augmented_float, a, b)


def rebind_int_to_float(a):
    x = a
    x /= 2
    return x


def test_augmented_truediv_turns_int_variable_into_float():
    check(rebind_int_to_float, 7)


# ------------------------------------------------------------------ bool arithmetic

@pytest.mark.parametrize("a,b", [(True, True), (True, False), (False, True)])
def test_bool_arith(a, b):
    check(four_ops, a, b)


@pytest.mark.parametrize("a,b", [(True, True), (False, True), (True, False)])
def test_bool_floordiv_mod(a, b):
    check(floor_ops, a, b, match_message=False)


def bool_sum(a, b, c):
    return (a > 0) + (b > 0) + (c > 0)


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (-1, 2, -3), (0, 0, 0)])
def test_bool_sum(a, b, c):
    check(bool_sum, a, b, c)


# ------------------------------------------------------------------ NumPy scalars

@pytest.mark.parametrize("value,expected", [
    (np.int8(3), "int8"), (np.int16(3), "int16"), (np.int32(3), "int32"), (np.int64(3), "int64"),
    (np.uint8(3), "uint8"), (np.uint16(3), "uint16"), (np.uint32(3), "uint32"), (np.uint64(3), "uint64"),
    (np.float32(3), "float32"), (np.float64(3), "float64"), (np.complex64(3), "complex64"),
    (np.complex128(3), "complex128"), (np.bool_(True), "boolean"), (3, "int64"), (3.0, "float64"),
    (3j, "complex128"), (True, "boolean"),
])
def test_typeof_scalars(value, expected):
    assert typeof(value) == getattr(types, expected)


@pytest.mark.parametrize("a,b", [(1.0, 1e-8), (0.1, 0.2), (1.0, 3.0), (16777216.0, 1.0), (3.4e38, 1.1),
                                 (1e-30, 1e-30), (-2.5, 0.7)])
def test_float32_arith_rounds_in_single_precision(a, b):
    # exact comparison: float32 results differ from float64 ones in the
    # last bits, and compiled float32 code must round like NumPy's float32
    x, y = np.float32(a), np.float32(b)
    got = check(four_ops, x, y, rtol=0)
    with np.errstate(all="ignore"):
        assert got == tuple(float(v) for v in four_ops(x, y))


def float32_accumulate(x, n):
    acc = x
    for i in range(n):
        acc = acc + x
    return acc


def test_float32_accumulation_stays_single():
    x = np.float32(0.1)
    got = check(float32_accumulate, x, 1000, rtol=0)
    assert got != sum([0.1] * 1001)  # the float64 sum differs


@pytest.mark.parametrize("a,b", [(np.int8(10), np.int8(-7)), (np.int32(2**20), np.int32(-1234)),
                                 (np.int32(-7), np.int32(2))])
def test_narrow_signed_ints(a, b):
    check(six_ops, a, b)


@pytest.mark.parametrize("a,b", [(np.uint8(20), np.uint8(7)), (np.uint32(2**20 + 5), np.uint32(3000)),
                                 (np.uint64(2**62 + 5), np.uint64(3))])
def test_unsigned_ints(a, b):
    check(six_ops, a, b)


def test_uint64_large_values():
    check(sub, np.uint64(2**64 - 1), np.uint64(2**63))
    check(floordiv, np.uint64(2**64 - 1), np.uint64(3))


@cpython_differs("integers narrower than 64 bits compute in int64/uint64 "
                 "(Numba's rule), so they do not wrap at their own width like NumPy scalars")
@pytest.mark.parametrize("a,b", [(np.int8(100), np.int8(27)), (np.uint8(200), np.uint8(200))])
def test_narrow_ints_promote_to_64_bits(a, b):
    check(mul, a, b, expected=int(a) * int(b))


@cpython_differs("uint64 arithmetic wraps modulo 2**64")
def test_uint64_wraparound():
    check(add, np.uint64(2**64 - 1), np.uint64(2), expected=1)


@pytest.mark.parametrize("a", [np.float32(2.5), np.float32(-0.1)])
def test_float32_unary(a):
    check(negate, a, rtol=0)


def float32_times_float32(x, y):
    z = x * y
    return z * z


def test_float32_variables_keep_dtype():
    x, y = np.float32(1.1), np.float32(3.3)
    got = check(float32_times_float32, x, y, rtol=0)
    assert got != (1.1 * 3.3) ** 2


def mix_float32_float64(x, y):
    return x + y


def test_float32_plus_float64_is_float64():
    check(mix_float32_float64, np.float32(0.1), np.float64(0.2), rtol=0)


def test_complex64_arith():
    check(four_ops, np.complex64(1 + 2j), np.complex64(0.1 - 3j))


def int_float_math(a, b):
    # several promotions in one expression
    return (a * 2 + b) / 3 - a // 2 + math.pi * b


@pytest.mark.parametrize("a,b", [(1, 2.0), (-7, 0.5), (100, -1e10)])
def test_expression_mix(a, b):
    check(int_float_math, a, b)


# ------------------------------------------------------------------ division overflow

INT64_MIN = -(2**63)


def ifloordiv(a, b):
    a //= b
    return a


def imod(a, b):
    a %= b
    return a


DIVISION_OPS = [floordiv, mod, divmod_, ifloordiv, imod]
DIVISION_IDS = [f.__name__ for f in DIVISION_OPS]
ERROR_MODELS = ["python", "numpy"]

_OVERFLOW_SCRIPT = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    import numpy as np
    from support import njit

    def floordiv(a, b):
        return a // b

    def mod(a, b):
        return a % b

    def divmod_(a, b):
        return divmod(a, b)

    def ifloordiv(a, b):
        a //= b
        return a

    def imod(a, b):
        a %= b
        return a

    for em in ("python", "numpy"):
        for f in (floordiv, mod, divmod_, ifloordiv, imod):
            cf = njit(error_model=em)(f)
            for t in (int, np.int64, np.int32, np.int8):
                lo = -(2**63) if t is int else int(np.iinfo(t).min)
                print(em, f.__name__, t.__name__, cf(t(lo), t(-1)), flush=True)
""")


def _overflow_expected():
    lines = []
    for em in ERROR_MODELS:
        for f in DIVISION_OPS:
            for name, lo in (("int", INT64_MIN), ("int64", INT64_MIN), ("int32", -(2**31)), ("int8", -128)):
                # narrower types compute in int64, where -MIN fits
                q, r = (0, 0) if lo == INT64_MIN else (-lo, 0)
                res = {"floordiv": q, "ifloordiv": q, "mod": r, "imod": r, "divmod_": (q, r)}[f.__name__]
                lines.append("%s %s %s %s" % (em, f.__name__, name, res))
    return lines


def test_int_division_overflow_keeps_the_interpreter_alive():
    # MIN // -1 traps (SIGFPE) on x86 if it reaches the divide instruction;
    # run it in a child so that a regression fails this test instead of
    # killing the whole run. The test files' engine is the child's too.
    proc = subprocess.run([sys.executable, "-c", _OVERFLOW_SCRIPT, os.path.dirname(__file__)],
                          capture_output=True, text=True, timeout=600, env=dict(os.environ))
    assert proc.returncode == 0, "child died with status %d\n%s" % (proc.returncode, proc.stderr[-3000:])
    assert proc.stdout.splitlines() == _overflow_expected()


@cpython_differs("int64 MIN // -1 overflows: quotient and remainder are 0, as in Numba")
@pytest.mark.parametrize("em", ERROR_MODELS)
@pytest.mark.parametrize("op", DIVISION_OPS, ids=DIVISION_IDS)
@pytest.mark.parametrize("a", [INT64_MIN, np.int64(INT64_MIN)], ids=["int", "np.int64"])
def test_int64_min_divided_by_minus_one(op, em, a):
    expected = (0, 0) if op is divmod_ else 0
    check(op, a, -1, expected=expected, cfunc=jitted(op, error_model=em))


@pytest.mark.parametrize("em", ERROR_MODELS)
@pytest.mark.parametrize("op", DIVISION_OPS, ids=DIVISION_IDS)
@pytest.mark.parametrize("a,b", [(INT64_MIN, 1), (INT64_MIN, -2), (INT64_MIN + 1, -1), (INT64_MIN, INT64_MIN),
                                 (2**63 - 1, -1), (-1, INT64_MIN), (5, -1)])
def test_int64_division_near_overflow(op, em, a, b):
    check(op, a, b, cfunc=jitted(op, error_model=em))


@cpython_differs("narrow integers divide in int64 (Numba), so MIN // -1 does not wrap as in NumPy")
@pytest.mark.parametrize("em", ERROR_MODELS)
@pytest.mark.parametrize("op", DIVISION_OPS, ids=DIVISION_IDS)
@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32])
def test_narrow_int_min_divided_by_minus_one(op, em, dtype):
    lo = int(np.iinfo(dtype).min)
    check(op, dtype(lo), dtype(-1), expected=op(lo, -1), cfunc=jitted(op, error_model=em))


ALL_INT_DTYPES = INT_DTYPES + UINT_DTYPES


@pytest.mark.parametrize("op", DIVISION_OPS, ids=DIVISION_IDS)
@pytest.mark.parametrize("dtype", ALL_INT_DTYPES)
def test_int_division_by_zero_every_width(op, dtype):
    # NumPy scalars give 0 with a warning; compiled code raises as Python does
    with pytest.raises(ZeroDivisionError):
        jitted(op)(dtype(7), dtype(0))


@pytest.mark.parametrize("op", DIVISION_OPS, ids=DIVISION_IDS)
@pytest.mark.parametrize("dtype", ALL_INT_DTYPES)
@pytest.mark.parametrize("a", ["max", 0, "min"])
def test_int_division_by_zero_numpy_error_model(op, dtype, a):
    # error_model="numpy": x // 0 and x % 0 are 0, as NumPy gives them
    a = {"max": np.iinfo(dtype).max, "min": np.iinfo(dtype).min}.get(a, a)
    check(op, dtype(a), dtype(0), cfunc=jitted(op, error_model="numpy"))


@pytest.mark.parametrize("em", ERROR_MODELS)
@pytest.mark.parametrize("op", DIVISION_OPS, ids=DIVISION_IDS)
@pytest.mark.parametrize("a,b", [(2**64 - 1, 3), (2**64 - 1, 2**64 - 1), (2**63, 2**64 - 1), (5, 2**63)])
def test_uint64_division(op, em, a, b):
    check(op, np.uint64(a), np.uint64(b), cfunc=jitted(op, error_model=em))


# ------------------------------------------------------------------ float division, error_model="numpy"

NUMPY_FLOAT_ZERO = [(1.0, 0.0), (-1.0, 0.0), (0.0, 0.0), (1.0, -0.0), (-1.0, -0.0), (-0.0, 0.0),
                    (float("inf"), 0.0), (float("-inf"), -0.0), (float("nan"), 0.0)]


@pytest.mark.parametrize("op", [truediv, floordiv, mod, divmod_], ids=["truediv", "floordiv", "mod", "divmod"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("a,b", NUMPY_FLOAT_ZERO)
def test_float_division_by_zero_numpy_error_model(op, dtype, a, b):
    # NumPy's answers: x // 0 is x / 0 (+-inf, nan for 0 // 0), x % 0 is nan
    check(op, dtype(a), dtype(b), cfunc=jitted(op, error_model="numpy"))


@pytest.mark.parametrize("op", [floordiv, mod, divmod_], ids=["floordiv", "mod", "divmod"])
@pytest.mark.parametrize("a,b", [(7.5, -2.0), (-7.5, 2.0), (5.0, float("inf")), (-5.0, float("inf")),
                                 (float("inf"), 2.0), (-0.0, 2.0), (0.0, -2.0), (1e308, 1e-308)])
def test_float_floor_division_numpy_error_model(op, a, b):
    check(op, np.float64(a), np.float64(b), cfunc=jitted(op, error_model="numpy"))


@cpython_differs("error_model='numpy': float division by zero gives NumPy's inf/nan instead of raising")
@pytest.mark.parametrize("op,expected", [(floordiv, float("inf")), (mod, float("nan")),
                                         (divmod_, (float("inf"), float("nan")))])
def test_float_division_by_zero_numpy_error_model_python_floats(op, expected):
    # plain Python floats: CPython raises, compiled code follows NumPy
    assert_same(jitted(op, error_model="numpy")(1.0, 0.0), expected)


# ------------------------------------------------------------------ unary operators on every integer width

def unary_neg(a):
    return -a


def unary_pos(a):
    return +a


def unary_invert(a):
    return ~a


def unary_abs(a):
    return abs(a)


UNARY = [unary_neg, unary_pos, unary_invert, unary_abs]
UNARY_IDS = ["neg", "pos", "invert", "abs"]


def _edge_values(dtype):
    info = np.iinfo(dtype)
    return sorted({int(info.min), int(info.min) + 1, -1 if info.min < 0 else 0, 0, 1, 7, int(info.max)})


@pytest.mark.parametrize("op", UNARY, ids=UNARY_IDS)
@pytest.mark.parametrize("dtype,value", [(d, v) for d in ALL_INT_DTYPES for v in _edge_values(d)])
def test_unary_at_operand_width(op, dtype, value):
    # computed at the operand's width (NumPy's value): -uint8(1) is 255,
    # ~uint32(0) is 4294967295, -int8(-128) is -128, abs(int8(-128)) is -128
    check(op, dtype(value))


@pytest.mark.parametrize("op,result", [
    (unary_neg, ["int64"] * 4 + ["uint64"] * 4), (unary_pos, ["int64"] * 4 + ["uint64"] * 4),
    (unary_invert, ["int64"] * 4 + ["uint64"] * 4),
    (unary_abs, ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]),
], ids=UNARY_IDS)
def test_unary_result_types(op, result):
    # the value is 64 bits wide afterwards (abs keeps the width), as in Numba
    cfunc = jitted(op)
    for dtype, want in zip(ALL_INT_DTYPES, result):
        cfunc(dtype(1))
        sig = [s for s in cfunc.nopython_signatures if s.args == (getattr(types, dtype.__name__),)]
        assert len(sig) == 1 and sig[0].return_type == getattr(types, want), (dtype, sig)


def negate_then_add(a, b):
    return -a + b


@pytest.mark.parametrize("a,b", [(np.uint8(1), np.uint8(0)), (np.int8(-128), np.int8(0)),
                                 (np.uint32(1), np.uint64(1)), (np.int16(-32768), 1)])
def test_unary_value_in_wider_expression(a, b):
    # the narrow result (255, -128, 2**32 - 1, -32768) is widened before the
    # next operation
    check(negate_then_add, a, b)


@cpython_differs("~ on a bool is logical not (a bool), as in Numba and NumPy; "
                 "CPython gives -2/-1 and deprecates it")
@pytest.mark.parametrize("a", [True, False, np.bool_(True), np.bool_(False)])
def test_invert_bool(a):
    check(unary_invert, a, expected=not a)


# ------------------------------------------------------------------ integer typing (NBEP 1)

NBEP1_OPS = [add, sub, mul, floordiv, mod, power, bitand, bitor, bitxor]
NBEP1_IDS = ["add", "sub", "mul", "floordiv", "mod", "pow", "and", "or", "xor"]


def _nbep1_expected(op, a, b):
    """Python's result on the operands converted to int64, wrapped to 64 bits."""
    x, y = wrap_int64(int(a)), wrap_int64(int(b))
    return wrap_int64(op(x, y))


@cpython_differs("NBEP 1: int64 with uint64 is int64 (NumPy gives float64 or refuses); "
                 "the uint64 operand is reinterpreted as int64")
@pytest.mark.parametrize("op", NBEP1_OPS, ids=NBEP1_IDS)
@pytest.mark.parametrize("a,b", [(np.int64(0), np.uint64(0)), (np.int64(7), np.uint64(3)),
                                 (np.uint64(7), np.int64(-3)), (np.int64(-7), np.uint64(2)),
                                 (np.uint64(2**63 + 5), np.int64(3)), (np.int64(1), np.uint64(2**64 - 1)),
                                 (7, np.uint64(3)), (np.uint64(10), -3)])
def test_int64_with_uint64_is_int64(op, a, b):
    if op in (floordiv, mod) and wrap_int64(int(b)) == 0:
        pytest.skip("division by zero")
    if op is power and wrap_int64(int(b)) < 0:
        expected = _nbep1_expected(lambda x, y: int(x ** y), a, b) if abs(wrap_int64(int(a))) == 1 else 0
    else:
        expected = _nbep1_expected(op, a, b)
    # NumPy raises for int64 & uint64, so compare with the value directly
    assert_same(jitted(op)(a, b), expected)


def all_int_ops(a, b):
    return a + b, a - b, a * b, a // b, a % b, a ** b, a & b, a | b, a ^ b, a << b, a >> b


RESULT_TYPE_DTYPES = [np.bool_, np.int8, np.int16, np.int64, np.uint8, np.uint32, np.uint64]


@pytest.mark.parametrize("ta", RESULT_TYPE_DTYPES, ids=lambda d: d.__name__)
def test_integer_result_types(ta):
    # +, -, *, //, %, **, &, |, ^: 64 bits, signed if either side is signed
    # (bool counts as signed); shifts: 64 bits with the left operand's
    # signedness; & | ^ of two bools stay bool
    cfunc = jitted(all_int_ops)
    for tb in RESULT_TYPE_DTYPES:
        a, b = ta(1), tb(1)
        cfunc(a, b)
        sig = [s for s in cfunc.nopython_signatures if s.args == (typeof(a), typeof(b))]
        assert len(sig) == 1
        unsigned_a = ta.__name__.startswith("u")
        unsigned = unsigned_a and tb.__name__.startswith("u")
        arith = types.uint64 if unsigned else types.int64
        bitwise = types.boolean if ta is tb is np.bool_ else arith
        shift = types.uint64 if unsigned_a else types.int64
        want = (arith,) * 6 + (bitwise,) * 3 + (shift,) * 2
        assert tuple(sig[0].return_type) == want, (ta, tb, sig[0])


@pytest.mark.parametrize("a,b", [(np.int64(-1), np.uint64(0)), (np.int64(-1), np.uint64(2**64 - 1)),
                                 (np.int64(2**62), np.uint64(2**62)), (np.uint64(2**63), np.int64(-5)),
                                 (np.int8(-1), np.uint8(255)), (np.int32(-1), np.uint32(1))])
def test_compare_signed_unsigned(a, b):
    # comparisons convert both sides to a type that holds them (float64 for
    # int64 with uint64), so -1 < uint64(0) is true, as in NumPy
    check(compare_ops, a, b)


@pytest.mark.parametrize("a,b", [(np.int64(7), np.uint64(2)), (np.uint64(7), np.int8(-2)),
                                 (np.uint8(7), np.uint16(2)), (np.bool_(True), np.uint8(2)),
                                 (np.int8(-7), np.uint32(2))])
def test_divmod_signed_unsigned(a, b):
    # divmod has only same-typed cases in Numba: uint64 with a signed integer
    # divides in float64, as NumPy does
    check(divmod_, a, b)


@cpython_differs("NBEP 1: shifts keep the left operand's signedness at 64 bits "
                 "(NumPy refuses uint64 with int64)")
@pytest.mark.parametrize("op,a,b,expected", [
    (rshift, np.uint64(2**63), np.int64(1), 2**62),
    (rshift, np.uint64(2**64 - 1), np.int8(60), 15),
    (rshift, np.int64(-8), np.uint64(1), -4),
    (rshift, np.uint8(200), np.int8(1), 100),
    (lshift, np.int64(1), np.uint64(62), 2**62),
    (lshift, np.uint64(1), np.int64(63), 2**63),
    (lshift, np.uint8(1), np.int8(40), 2**40),
])
def test_shift_mixed_signedness(op, a, b, expected):
    assert_same(jitted(op)(a, b), expected)


# ------------------------------------------------------------------ properties (hypothesis)

#: deterministic, no example database written into the tree
PROPERTY = settings(max_examples=300, deadline=None, database=None, derandomize=True)
INT64 = st.integers(-(2**63), 2**63 - 1)
FLOATS = st.floats(allow_nan=True, allow_infinity=True)


def int_ops(a, b):
    return a + b, a - b, a * b, a // b, a % b, a / b


@PROPERTY
@given(INT64, INT64)
def test_property_int64_ops(a, b):
    # Python's sign rules for // and %, wrapping + - *, true division as
    # floats; MIN // -1 overflows and gives 0, 0 (Numba's answer)
    assume(b != 0)
    q, r = (0, 0) if (a, b) == (-(2**63), -1) else (a // b, a % b)
    expected = tuple(wrap_int64(v) for v in (a + b, a - b, a * b, q, r)) + (a / b,)
    check(int_ops, a, b, expected=expected)


@PROPERTY
@given(st.integers(-1000, 1000), st.integers(-1000, 1000))
def test_property_small_int_ops(a, b):
    assume(b != 0)
    check(int_ops, a, b)


@PROPERTY
@given(FLOATS, FLOATS)
def test_property_float_ops(a, b):
    check(six_ops, a, b, match_message=False)


@PROPERTY
@given(INT64, INT64)
def test_property_bitwise(a, b):
    check(bit_ops, a, b)


@PROPERTY
@given(INT64, st.integers(0, 63))
def test_property_shifts(a, b):
    check(lshift, a, b, expected=wrap_int64(a << b))
    check(rshift, a, b)


def to_int_and_round(x):
    return int(x), round(x), math.floor(x), math.ceil(x)


@PROPERTY
@given(st.floats(-(2.0**62), 2.0**62))
def test_property_float_to_int(x):
    check(to_int_and_round, x)
