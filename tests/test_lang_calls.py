"""Tests of calls: jitted functions calling jitted functions, recursion,
keyword and default arguments, explicit signatures, dispatcher attributes,
global constants, and exceptions raised inside compiled code.

PYTEST_DONT_REWRITE: pytest's assertion rewriting would turn the ``assert``
statements of the functions compiled here into calls into pytest."""

import pytest

from support import assert_same, check, jit, njit, types

# ------------------------------------------------------------------ jitted calling jitted


def _scale(a, b=2, c=0.5):
    return a * b + c


scale = njit(_scale)


@njit
def combine(x):
    # positional, default, keyword and out-of-order keyword arguments
    return scale(x) + scale(x, 3) + scale(x, c=1.0, b=4) + scale(c=0.25, a=x)


def combine_ref(x):
    return _scale(x) + _scale(x, 3) + _scale(x, c=1.0, b=4) + _scale(c=0.25, a=x)


@pytest.mark.parametrize("x", [0, 3, -2.5])
def test_jitted_calls_jitted_with_keywords_and_defaults(x):
    assert_same(combine(x), combine_ref(x))


def _square(x):
    return x * x


square = njit(_square)


@njit
def sum_of_squares(n):
    total = 0
    for i in range(n):
        total += square(i)
    return total


@njit
def chain(x):
    # a call result feeding another call, and a call inside an expression
    return square(square(x)) - square(x + 1)


def test_call_in_loop():
    assert_same(sum_of_squares(10), sum(i * i for i in range(10)))


@pytest.mark.parametrize("x", [2, -3, 1.5])
def test_nested_calls(x):
    assert_same(chain(x), (x * x) ** 2 - (x + 1) ** 2)


@njit
def _min_max(a, b):
    if a < b:
        return a, b
    return b, a


@njit
def spread(a, b, c):
    lo, hi = _min_max(a, b)
    lo2, _ = _min_max(lo, c)
    _, hi2 = _min_max(hi, c)
    return hi2 - lo2


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (3, 1, 2), (5, 9, -4)])
def test_callee_returns_tuple(a, b, c):
    assert_same(spread(a, b, c), max(a, b, c) - min(a, b, c))


# ------------------------------------------------------------------ recursion

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


_fib_py = fib


@pytest.fixture(scope="module")
def eager_fib():
    """``fib`` compiled eagerly from a signature, bound to the global name
    ``fib`` that its body calls (built here, not at import, so a compiler
    failure fails the tests instead of the collection)."""
    global fib
    fib = njit("int64(int64)")(_fib_py)
    yield fib
    fib = _fib_py


def fib_ref(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize("n", [0, 1, 2, 10, 25])
def test_recursion_with_signature(eager_fib, n):
    assert_same(eager_fib(n), fib_ref(n))


def test_recursion_with_signature_signatures(eager_fib):
    assert eager_fib.signatures == [(types.int64,)], eager_fib.signatures


@njit
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@pytest.mark.parametrize("n", [0, 1, 5, 20])
def test_self_recursion_without_signature(n):
    expected = 1
    for i in range(2, n + 1):
        expected *= i
    assert_same(fact(n), expected)


@njit
def gcd_rec(a, b):
    if b == 0:
        return a
    return gcd_rec(b, a % b)


@pytest.mark.parametrize("a,b", [(48, 18), (17, 5), (0, 9), (1071, 462)])
def test_tail_recursion(a, b):
    import math

    assert_same(gcd_rec(a, b), math.gcd(a, b))


@njit
def power_rec(x, n):
    if n == 0:
        return 1.0
    half = power_rec(x, n // 2)
    if n % 2:
        return half * half * x
    return half * half


@pytest.mark.parametrize("x,n", [(2.0, 10), (1.5, 7), (3.0, 0)])
def test_recursion_float_result(x, n):
    assert_same(power_rec(x, n), float(x**n))


# ------------------------------------------------------------------ keyword arguments at the Python call site

def test_keyword_arguments_from_python():
    assert_same(scale(2, c=3.0), _scale(2, c=3.0))
    assert_same(scale(a=1, b=5, c=0.0), _scale(a=1, b=5, c=0.0))
    assert_same(scale(c=1.0, a=2.0), _scale(c=1.0, a=2.0))
    assert_same(scale(4), _scale(4))
    assert_same(scale(4, 5), _scale(4, 5))


def _with_none_default(a, b=None):
    if b is None:
        return a * 2
    return a + b


def test_none_default():
    f = njit(_with_none_default)
    assert_same(f(3), 6)
    assert_same(f(3, 4), 7)
    assert_same(f(3, b=None), 6)


def _two(a, b):
    return a - b


def test_call_with_wrong_arguments_raises_type_error():
    f = njit(_two)
    with pytest.raises(TypeError):
        f(1, 2, 3)
    with pytest.raises(TypeError):
        f(1)
    with pytest.raises(TypeError):
        f(1, c=2)


def test_keywords_in_any_order():
    f = njit(_two)
    assert_same(f(b=1, a=5), 4)
    assert_same(f(5, b=1), 4)


# ------------------------------------------------------------------ explicit signatures

def _mul(a, b):
    return a * b


def test_signature_string():
    f = njit("float64(float64, int64)")(_mul)
    assert_same(f(1.5, 2), 3.0)
    # arguments convert to the declared types
    assert_same(f(3, 2), 6.0)
    assert f.signatures == [(types.float64, types.int64)], f.signatures


def test_signature_types_object():
    f = njit(types.float64(types.float64, types.int64))(_mul)
    assert_same(f(1.5, 2), 3.0)
    assert f.signatures == [(types.float64, types.int64)], f.signatures


def test_signature_return_type_converts():
    f = njit("float64(int64, int64)")(_mul)
    assert_same(f(3, 4), 12.0)


def test_signature_list():
    f = njit(["int64(int64, int64)", "float64(float64, float64)"])(_mul)
    assert_same(f(3, 4), 12)
    assert_same(f(1.5, 4.0), 6.0)
    assert f.signatures == [(types.int64, types.int64), (types.float64, types.float64)], f.signatures


def test_signature_list_of_types_objects():
    f = njit([types.int64(types.int64, types.int64), types.complex128(types.complex128, types.complex128)])(_mul)
    assert_same(f(3, 4), 12)
    assert_same(f(1j, 1j), -1 + 0j)


def test_no_matching_signature_raises_type_error():
    f = njit("int64(int64, int64)")(_mul)
    with pytest.raises(TypeError):
        f(1j, 2)


def test_signatures_after_lazy_calls():
    f = njit(_mul)
    assert f.signatures == [], f.signatures
    f(1, 2)
    f(1.0, 2)
    f(3, 4)  # already compiled
    assert f.signatures == [(types.int64, types.int64), (types.float64, types.int64)], f.signatures


def test_py_func():
    f = njit(_mul)
    assert f.py_func is _mul
    assert_same(f.py_func(2, 3), 6)


def test_decorator_forms():
    f1 = njit()(_mul)
    f2 = jit(nopython=True)(_mul)
    f3 = njit(cache=False)(_mul)
    for f in (f1, f2, f3):
        assert_same(f(2, 3), 6)


# ------------------------------------------------------------------ global constants

SCALE = 3
OFFSET = 0.5
COEFFS = (1.0, -2.0, 0.5)


def use_globals(x):
    return x * SCALE + OFFSET


def use_global_tuple(x):
    acc = 0.0
    for c in COEFFS:
        acc = acc * x + c
    return acc


@pytest.mark.parametrize("x", [2, -1.5])
def test_global_constants(x):
    check(use_globals, x)


def test_global_tuple():
    check(use_global_tuple, 2.0)


# ------------------------------------------------------------------ exceptions

class MyError(Exception):
    pass


class MyValueError(ValueError):
    pass


def raise_value_error(x):
    if x < 0:
        raise ValueError("x must be non-negative")
    return x


def raise_bare_class(x):
    if x < 0:
        raise ValueError
    return x


def raise_custom(x):
    if x < 0:
        raise MyError("custom failure")
    return x + 1


def raise_custom_subclass(x):
    if x > 10:
        raise MyValueError("too big")
    return x


def raise_custom_several_args(x):
    if x < 0:
        raise MyError("bad value", 42)
    return x


def assert_positive(x):
    assert x > 0, "x must be positive"
    return x


def assert_no_message(x):
    assert x > 0
    return x


def raise_in_loop(n):
    total = 0
    for i in range(n):
        if i == 5:
            raise IndexError("reached five")
        total += i
    return total


EXCEPTION_CASES = [
    (raise_value_error, (-1,)), (raise_value_error, (1,)),
    (raise_bare_class, (-1,)),
    (raise_custom, (-1,)), (raise_custom, (2,)),
    (raise_custom_subclass, (11,)),
    (raise_custom_several_args, (-1,)),
    (assert_positive, (-1,)), (assert_positive, (3,)),
    (assert_no_message, (0,)),
    (raise_in_loop, (3,)), (raise_in_loop, (10,)),
]


@pytest.mark.parametrize("func,args", EXCEPTION_CASES,
                         ids=["%s%r" % (f.__name__, a) for f, a in EXCEPTION_CASES])
def test_exceptions_reach_caller(func, args):
    # check() asserts the same class and the same message
    check(func, *args)


raise_custom_jit = njit(raise_custom)


@njit
def call_raiser(x):
    return raise_custom_jit(x) * 2


def test_exception_propagates_through_jitted_caller():
    with pytest.raises(MyError) as info:
        call_raiser(-5)
    assert str(info.value) == "custom failure"
    assert_same(call_raiser(1), 4)


def test_raised_exception_is_usable_after_catching():
    f = njit(raise_value_error)
    for _ in range(3):  # raising repeatedly leaves the function usable
        with pytest.raises(ValueError, match="x must be non-negative"):
            f(-1)
    assert_same(f(5), 5)
