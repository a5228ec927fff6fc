"""Differential tests: if/elif/else, conditional expressions, while and for
loops over range, break/continue, loop else clauses, nested loops, early
returns and the unification of return types."""

import pytest

from support import check, cpython_differs

# ------------------------------------------------------------------ if / elif / else


def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


def classify(x):
    if x < 10:
        if x < 0:
            r = -1
        elif x == 0:
            r = 0
        else:
            r = 1
    elif x < 100:
        r = 2
    elif x < 1000:
        r = 3
    else:
        r = 4
    return r


def if_without_else(x):
    y = x
    if x % 2 == 0:
        y = x // 2
    if y > 10:
        y -= 10
    return y


def truthiness(x):
    # numbers in a condition: non-zero is true
    if x:
        return 1
    return 2


@pytest.mark.parametrize("x", [5, -3, 0])
def test_if_elif_else(x):
    check(sign, x)


@pytest.mark.parametrize("x", [-5, 0, 7, 10, 99, 100, 999, 1000, 10**9])
def test_nested_if(x):
    check(classify, x)


@pytest.mark.parametrize("x", [4, 7, 40, 41])
def test_if_without_else(x):
    check(if_without_else, x)


@pytest.mark.parametrize("x", [0, 3, -1, 0.0, -0.0, 0.5, float("nan"), 0j, 1j, True, False])
def test_truthiness(x):
    check(truthiness, x)


# ------------------------------------------------------------------ conditional expressions

def ternary(x):
    return x * 2 if x > 3 else x - 1


def ternary_in_expression(x, y):
    return (x if x > y else y) + (x if x < y else y) * 10


@pytest.mark.parametrize("x", [1, 3, 4, -100])
def test_conditional_expression(x):
    check(ternary, x)


def nested_ternary_plain(x):
    return 1 if x < 0 else 2 if x == 0 else 3


@pytest.mark.parametrize("x", [-2, 0, 2])
def test_nested_conditional_expression(x):
    check(nested_ternary_plain, x)


@pytest.mark.parametrize("x,y", [(1, 2), (2, 1), (3, 3), (1.5, -2.5)])
def test_conditional_expression_operands(x, y):
    check(ternary_in_expression, x, y)


def ternary_mixed(x):
    return 1 if x > 0 else 2.5


@cpython_differs("the branches of a conditional expression unify: int and float give float")
@pytest.mark.parametrize("x", [1, -1])
def test_conditional_expression_unifies(x):
    check(ternary_mixed, x, expected=float(ternary_mixed(x)))


# ------------------------------------------------------------------ while

def while_sum(n):
    i = 0
    total = 0
    while i < n:
        total += i * i
        i += 1
    return total


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def while_break_continue(n):
    i = 0
    acc = 0
    while True:
        i += 1
        if i > n:
            break
        if i % 3 == 0:
            continue
        acc += i
    return acc


def while_else(n, stop):
    i = 0
    while i < n:
        if i == stop:
            break
        i += 1
    else:
        return -i
    return i


def newton_sqrt(x):
    # a float loop-carried variable with a float condition
    guess = x
    while abs(guess * guess - x) > 1e-12 * x:
        guess = 0.5 * (guess + x / guess)
    return guess


@pytest.mark.parametrize("n", [0, 1, 10, 1000])
def test_while(n):
    check(while_sum, n)


# A function whose first statement is `while True:` (the loop header is the
# function's first instruction). The back edge used to branch to the entry
# block, which holds no loop-carried values: the loop never ended.

def while_true_first(x):
    while True:
        if x > 5:
            return x
        x += 1


def while_true_nested_first(x):
    while True:
        while True:
            if x > 50:
                return x
            elif x % 7 == 0:
                break
            x += 2
        x = x * 2 + 1


def while_true_break_first(n):
    while True:
        n -= 3
        if n < 0:
            break
    return n


@pytest.mark.parametrize("n", [-4, 0, 1, 6, 27])
@pytest.mark.parametrize("func", [while_true_first, while_true_nested_first, while_true_break_first])
def test_while_true_as_first_statement(func, n):
    check(func, n)


@pytest.mark.parametrize("n", [1, 6, 27, 97])
def test_while_collatz(n):
    check(collatz_steps, n)


@pytest.mark.parametrize("n", [0, 5, 20])
def test_while_true_break_continue(n):
    check(while_break_continue, n)


@pytest.mark.parametrize("n,stop", [(5, 3), (5, 10), (0, 0), (3, 0)])
def test_while_else(n, stop):
    check(while_else, n, stop)


@pytest.mark.parametrize("x", [2.0, 1e6, 0.25])
def test_while_float_condition(x):
    check(newton_sqrt, x)


# ------------------------------------------------------------------ for over range

def range_stop(n):
    total = 0
    for i in range(n):
        total += i
    return total


def range_start_stop(a, b):
    total = 0
    for i in range(a, b):
        total = total * 3 + i
    return total


def range_step(a, b, c):
    total = 0
    count = 0
    for i in range(a, b, c):
        total += i
        count += 1
    return total, count


def range_last(a, b, c):
    # the loop variable keeps its last value after the loop
    last = -999
    for i in range(a, b, c):
        last = i
    return last


@pytest.mark.parametrize("n", [0, 1, 10, -5])
def test_for_range_stop(n):
    check(range_stop, n)


@pytest.mark.parametrize("a,b", [(0, 5), (3, 8), (-4, 2), (5, 5), (5, 2)])
def test_for_range_start_stop(a, b):
    check(range_start_stop, a, b)


RANGE_STEPS = [(0, 10, 3), (0, 10, 1), (10, 0, -1), (10, 0, -3), (-5, 5, 2), (5, -5, -2),
               (0, 0, 1), (0, 5, -1), (5, 0, 1), (1, 2, 100), (-1, -10, -4), (2**40, 2**40 + 10, 7)]


@pytest.mark.parametrize("a,b,c", RANGE_STEPS)
def test_for_range_step(a, b, c):
    check(range_step, a, b, c)


@pytest.mark.parametrize("a,b,c", RANGE_STEPS)
def test_for_range_loop_variable_after_loop(a, b, c):
    check(range_last, a, b, c)


def test_range_step_zero():
    check(range_step, 0, 10, 0)


def range_constant():
    total = 0
    for i in range(10, -10, -3):
        total = total * 2 + i
    return total


def test_range_constant_arguments():
    check(range_constant)


def range_len(a, b, c):
    return len(range(a, b, c))


@pytest.mark.parametrize("a,b,c", RANGE_STEPS)
def test_range_len(a, b, c):
    check(range_len, a, b, c)


def range_float_accumulator(n):
    acc = 0.0
    for i in range(1, n + 1):
        acc += 1.0 / i
    return acc


@pytest.mark.parametrize("n", [0, 1, 100])
def test_for_float_accumulator(n):
    check(range_float_accumulator, n)


# ------------------------------------------------------------------ break / continue / else

def for_break(n, stop):
    total = 0
    for i in range(n):
        if i == stop:
            break
        total += i
    return total


def for_continue(n):
    total = 0
    for i in range(n):
        if i % 2:
            continue
        total += i
    return total


def for_else(n, stop):
    found = -1
    for i in range(n):
        if i * i == stop:
            found = i
            break
    else:
        found = -2
    return found


def nested_break(n):
    # break leaves only the inner loop
    count = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            count += 1
    return count


def nested_else(n):
    primes = 0
    for k in range(2, n):
        for d in range(2, k):
            if k % d == 0:
                break
        else:
            primes += 1
    return primes


@pytest.mark.parametrize("n,stop", [(10, 5), (10, 20), (0, 0)])
def test_for_break(n, stop):
    check(for_break, n, stop)


@pytest.mark.parametrize("n", [0, 9, 10])
def test_for_continue(n):
    check(for_continue, n)


@pytest.mark.parametrize("n,stop", [(10, 49), (10, 50), (0, 0), (5, 0)])
def test_for_else(n, stop):
    check(for_else, n, stop)


@pytest.mark.parametrize("n", [0, 1, 7])
def test_nested_break(n):
    check(nested_break, n)


@pytest.mark.parametrize("n", [2, 3, 50])
def test_nested_for_else(n):
    check(nested_else, n)


# ------------------------------------------------------------------ nested loops

def triple_loop(n):
    total = 0
    for i in range(n):
        for j in range(i, n):
            k = 0
            while k < j:
                total += (i ^ j) + k
                k += 2
    return total


def loop_carried_swap(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize("n", [0, 1, 5, 12])
def test_nested_loops(n):
    check(triple_loop, n)


@pytest.mark.parametrize("n", [0, 1, 2, 50, 90])
def test_loop_carried_tuple_swap(n):
    check(loop_carried_swap, n)


# ------------------------------------------------------------------ returns

def first_multiple(n, k):
    for i in range(1, n):
        if i % k == 0:
            return i
    return -1


def early_return_while(x):
    i = 0
    while True:
        if i * i >= x:
            return i
        i += 1


def return_in_nested(n):
    for i in range(n):
        for j in range(n):
            if i * j == 12:
                return i * 100 + j
    return 0


def mixed_returns(x):
    if x > 0:
        return 1
    return 2.5


def mixed_returns_bool_int(x):
    if x > 0:
        return True
    return 7


def int_then_float_variable(x):
    # a variable that holds an int on one path and a float on the other
    if x > 0:
        y = 3
    else:
        y = 0.5
    return y


def no_return_value(x):
    y = x + 1  # noqa: F841


def explicit_none(x):
    if x > 0:
        return None
    return None


UNIFY = cpython_differs("return values and variables unify to one type (bool < int < float)")


@pytest.mark.parametrize("n,k", [(20, 7), (5, 7), (1, 1)])
def test_early_return_for(n, k):
    check(first_multiple, n, k)


@pytest.mark.parametrize("x", [0, 1, 50, 10**6])
def test_early_return_while(x):
    check(early_return_while, x)


@pytest.mark.parametrize("n", [3, 5, 13])
def test_return_in_nested_loop(n):
    check(return_in_nested, n)


@UNIFY
@pytest.mark.parametrize("x", [1, -1])
def test_returns_unify_int_float(x):
    # CPython returns the int 1 for x > 0; compiled code unifies to float
    check(mixed_returns, x, expected=float(mixed_returns(x)))


@UNIFY
@pytest.mark.parametrize("x", [1, -1])
def test_returns_unify_bool_int(x):
    check(mixed_returns_bool_int, x, expected=int(mixed_returns_bool_int(x)))


@UNIFY
@pytest.mark.parametrize("x", [1, -1])
def test_variable_unifies_int_float(x):
    check(int_then_float_variable, x, expected=float(int_then_float_variable(x)))


def test_implicit_none():
    check(no_return_value, 3)


def test_explicit_none():
    check(explicit_none, 3)
    check(explicit_none, -3)


# ------------------------------------------------------------------ scoping

def loop_variable_leaks(n):
    i = -1
    for i in range(n):
        pass
    return i


@pytest.mark.parametrize("n", [0, 1, 5])
def test_loop_variable_keeps_value_after_loop(n):
    check(loop_variable_leaks, n)


def variable_defined_in_branches(x):
    if x > 0:
        y = x * 2
    else:
        y = -x
    z = y + 1
    return z


@pytest.mark.parametrize("x", [3, -3])
def test_variable_defined_in_both_branches(x):
    check(variable_defined_in_branches, x)


def pass_statement(x):
    if x:
        pass
    else:
        pass
    for i in range(3):
        pass
    return x


def test_pass():
    check(pass_statement, 4)


from support import engine  # noqa: E402

prange = engine.prange


def prange_sum(n):
    s = 0
    for i in prange(n):
        s += i
    for i in prange(1, n, 3):
        s -= i
    return s


@pytest.mark.parametrize("n", [0, 1, 10, 17])
def test_prange_is_a_range_without_parallel(n):
    check(prange_sum, n)
