"""Differential tests: expressions whose value stack spans blocks.

A conditional expression, ``and``/``or`` or a comparison chain inside a
larger expression splits control flow while other values of the expression
wait on the stack: the callee and the arguments already evaluated of a
call, the items of a tuple display, the left operand of an operator or a
subscript. Those values are carried to the merge as block arguments.
Also: a function that only raises (no reachable return) compiles, returns
none and raises at run time.

PYTEST_DONT_REWRITE: the functions compiled here must stay plain Python.
"""

import math
import textwrap

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import check, jitted, njit, numba_differs, types

# ------------------------------------------------------------------ jitted helpers


def _add3(a, b, c=0):
    return a * 100 + b * 10 + c


add3 = njit(_add3)


def _always_raises(x):
    raise ValueError("bad value")


always_raises = njit(_always_raises)


# ------------------------------------------------------------------ call arguments


def abs_of_conditional(x):
    return abs(x if x > 0 else -x)


def abs_of_conditional_shifted(x, y):
    return abs(x - y if x > y else y - x) + 1


@pytest.mark.parametrize("x", [5, -5, 0, 2.5, -2.5])
def test_builtin_call_conditional_argument(x):
    check(abs_of_conditional, x)


@pytest.mark.parametrize("x,y", [(1, 7), (7, 1), (3, 3), (-2.5, 4.0)])
def test_builtin_call_conditional_argument_in_expression(x, y):
    check(abs_of_conditional_shifted, x, y)


def call_or(a, b, c):
    return add3(a, b or c)


def call_and(a, b, c):
    return add3(a, b and c)


def call_and_or(a, b, c):
    return add3(a, b and c or a, c)


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (1, 0, 3), (4, 0, 0), (0, 5, 0), (-1, -2, 7)])
@pytest.mark.parametrize("func", [call_or, call_and, call_and_or])
def test_jitted_call_and_or_argument(func, a, b, c):
    check(func, a, b, c)


def call_keyword_conditional(a, b, c):
    return add3(a, c=b if b > c else c, b=a or c)


def call_conditional_before_keyword(a, b, c):
    return add3(b if a else c, c=a, b=b)


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (0, 5, 1), (2, 9, 4), (0, 0, 0)])
@pytest.mark.parametrize("func", [call_keyword_conditional, call_conditional_before_keyword])
def test_call_keywords_with_conditional(func, a, b, c):
    check(func, a, b, c)


def builtin_three_args(a, b, c):
    return max(a, b if b > c else c, c - 1), min(a or b, b, c and a)


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (5, -2, 0), (0, 0, 1), (-4, 8, 8)])
def test_builtin_several_conditional_arguments(a, b, c):
    check(builtin_three_args, a, b, c)


def math_module_call(x, y):
    # a module function: the call is set up (callee and NULL slot) before the split
    return math.hypot(x if x > y else y, y or x) + math.copysign(1.0, x and y)


@pytest.mark.parametrize("x,y", [(3.0, 4.0), (0.0, -2.0), (-1.5, 0.0), (2.0, 2.0)])
def test_module_function_conditional_arguments(x, y):
    check(math_module_call, x, y)


def nested_calls(a, b, c):
    return add3(add3(a, b if c else a), c or b, abs(a - b if a > b else b - a))


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (2, 1, 0), (0, 0, 0), (3, 3, 1)])
def test_nested_calls_conditional_arguments(a, b, c):
    check(nested_calls, a, b, c)


def nested_conditionals(a, b, c):
    return abs(a if a > b else (b if b > c else -c))


@pytest.mark.parametrize("a,b,c", [(5, 1, 2), (1, 5, 2), (1, 2, 5), (-3, -4, -5)])
def test_nested_conditional_argument(a, b, c):
    check(nested_conditionals, a, b, c)


def conditional_call_in_loop(n, k):
    s = 0
    for i in range(n):
        s += abs(i - k if i > k else k - i) * (i or 1)
    return s


def conditional_call_in_while(n):
    s = 0
    while n > 0:
        s = add3(s % 7, n % 2 and n, 1 if n > 3 else 2)
        n -= 1
    return s


@pytest.mark.parametrize("n,k", [(0, 0), (10, 4), (7, -2)])
def test_conditional_call_argument_in_for_loop(n, k):
    check(conditional_call_in_loop, n, k)


@pytest.mark.parametrize("n", [0, 1, 6, 11])
def test_conditional_call_argument_in_while_loop(n):
    check(conditional_call_in_while, n)


def call_with_tuple_argument(a, b, c):
    t = (a, b if c else a)
    return add3(t[0], t[1] or c, len((a, c or b)))


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (1, 2, 0), (0, 0, 0)])
def test_tuple_display_in_call(a, b, c):
    check(call_with_tuple_argument, a, b, c)


# ------------------------------------------------------------------ tuple displays


def tuple_display(a, b, c):
    return (a, b if c else a, c, b or c, a and c)


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (1, 2, 0), (0, 4, 5), (0, 0, 0)])
def test_tuple_display_conditional_items(a, b, c):
    check(tuple_display, a, b, c)


def star_conditional(a, b):
    # issue 9: was an internal compiler error
    return (*(b if a[0] else (5, 6)),)


def star_conditional_between_items(x, b, c):
    return (x, *(b if c else (5, 6)), x + 1)


def star_value(t, x):
    return (*t, x), (x, *t), (*t, *t), (*t, *(1, 2), x)


_NUMBA_STAR_BRANCH = "Numba refuses a branch inside a * unpacking in a display (LIST_EXTEND at the start of a block)"


@numba_differs(_NUMBA_STAR_BRANCH)
@pytest.mark.parametrize("a", [(True,), (False,)])
def test_star_unpacking_of_conditional(a):
    check(star_conditional, a, (1, 2))


@numba_differs(_NUMBA_STAR_BRANCH)
@pytest.mark.parametrize("c", [True, False])
def test_star_unpacking_of_conditional_between_items(c):
    check(star_conditional_between_items, 7, (1, 2), c)


def test_star_unpacking_of_value():
    check(star_value, (1, 2), 3)
    check(star_value, (1.5, 2.5, 3.5), 4.5)


def long_tuple_conditional(a, b):
    # long displays go through a list on some versions
    return (a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, b if a > b else a, b)


@pytest.mark.parametrize("a,b", [(1, 2), (3, 2)])
def test_long_tuple_display_conditional(a, b):
    check(long_tuple_conditional, a, b)


# ------------------------------------------------------------------ operators and subscripts


def binop_operands(x, y, z):
    return x * (y if y > z else z) + (x or z) - (y and 3)


@pytest.mark.parametrize("x,y,z", [(2, 3, 1), (0, 1, 5), (-2, 0, 0), (1.5, 2.5, 0.5)])
def test_binary_operator_conditional_operand(x, y, z):
    check(binop_operands, x, y, z)


def comparison_chain_operands(a, b, c):
    return 1 + (a < b < c), max(a < b <= c, c > b > a), add3(a, a < b < c, b <= c != a)


@pytest.mark.parametrize("a,b,c", [(1, 2, 3), (3, 2, 1), (1, 3, 2), (2, 2, 2), (1, 2, 2)])
def test_comparison_chain_inside_expression(a, b, c):
    check(comparison_chain_operands, a, b, c)


def subscript_conditional(a, i, j, c):
    return a[i if c else j] + a[j or i] * 2


@pytest.mark.parametrize("i,j,c", [(0, 1, True), (0, 1, False), (2, 0, True), (2, 0, False)])
def test_subscript_conditional_index(i, j, c):
    check(subscript_conditional, np.arange(5.0), i, j, c)


def subscript_conditional_array(a, b, i):
    return (a if i > 1 else b)[i] + (a if i else b)[i // 2]


@pytest.mark.parametrize("i", [0, 1, 2, 3])
def test_subscript_conditional_array(i):
    check(subscript_conditional_array, np.arange(4.0), np.arange(10.0, 14.0), i)


def store_subscript_conditional(a, i, v):
    a[i if i >= 0 else 0] = v if v > 0 else -v
    a[0] = a[0] + (a[1] or 7.0)
    return a[0] + a[1] + a[2]


@pytest.mark.parametrize("i,v", [(1, 2.0), (-3, -4.0), (0, 0.0)])
def test_store_subscript_conditional(i, v):
    check(store_subscript_conditional, np.zeros(3), i, v, compare_args=True)


def unary_and_not(a, b):
    return -(a if a > b else b), not (a or b), ~(a and b)


@pytest.mark.parametrize("a,b", [(1, 2), (0, 0), (3, 0), (0, -4)])
def test_unary_of_conditional(a, b):
    check(unary_and_not, a, b)


# ------------------------------------------------------------------ functions that only raise


def raise_only(x):
    raise ValueError("bad")


def raise_on_both_paths(x):
    if x > 0:
        raise ValueError("positive")
    raise KeyError("not positive")


def calls_raiser(x):
    if x < 0:
        always_raises(x)
    return x + 1


@pytest.mark.parametrize("x", [1, -1, 2.5])
def test_function_that_only_raises(x):
    check(raise_only, x)


@pytest.mark.parametrize("x", [1, -1])
def test_function_that_raises_on_every_path(x):
    check(raise_on_both_paths, x)


def test_only_raises_returns_none():
    cfunc = jitted(raise_only)
    with pytest.raises(ValueError, match="bad"):
        cfunc(3)
    assert cfunc.nopython_signatures
    for sig in cfunc.nopython_signatures:
        assert sig.return_type == types.none


@pytest.mark.parametrize("x", [3, -3])
def test_jitted_caller_of_function_that_only_raises(x):
    check(calls_raiser, x)


# ------------------------------------------------------------------ generated programs

_VARS = ("a", "b", "c")
_CMPS = ("<", "<=", ">", ">=", "==", "!=")
# (arity, template): integer-valued forms, most of them splitting control
# flow inside an expression whose other values wait on the stack
_FORMS = (
    (4, "({0} if {1} {cmp} {2} else {3})"),
    (2, "({0} or {1})"),
    (2, "({0} and {1})"),
    (3, "({0} + ({1} {cmp} {2} < 1))"),
    (1, "abs({0})"),
    (2, "max({0}, {1})"),
    (3, "min({0}, {1}, {2})"),
    (2, "({0} - {1})"),
    (2, "add3({0}, {1})"),
    (3, "add3({0}, c={1}, b={2})"),
    (3, "({0}, {1}, {2})[1]"),
)


@st.composite
def _expr(draw, depth):
    """A random integer expression over a, b, c of at most ``depth`` levels."""
    if depth == 0 or draw(st.integers(0, 5)) == 0:
        if draw(st.booleans()):
            return draw(st.sampled_from(_VARS))
        return str(draw(st.integers(-3, 3)))
    arity, form = draw(st.sampled_from(_FORMS))
    subs = [draw(_expr(depth - 1)) for _ in range(arity)]
    return form.format(*subs, cmp=draw(st.sampled_from(_CMPS)))


def _compile_source(body):
    src = "def generated(a, b, c):\n    return %s\n" % body
    namespace = {"add3": add3}
    exec(compile(textwrap.dedent(src), "<generated: %s>" % body, "exec"), namespace)
    return namespace["generated"]


@settings(max_examples=50, deadline=None, database=None, derandomize=True)
@given(
    _expr(3), _expr(3), _expr(3),
    st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=4),
)
def test_generated_programs(e1, e2, e3, inputs):
    # a tuple display and a call, each holding random expressions
    pyfunc = _compile_source("(%s, add3(%s, %s))" % (e1, e2, e3))
    cfunc = njit(pyfunc)
    for args in inputs:
        check(pyfunc, *args, cfunc=cfunc)
