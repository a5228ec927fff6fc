"""Differential tests: inner functions, lambdas and closures defined and
called inside a jitted function (Numba inlines them; pycomp compiles them
as lifted functions inlined by LLVM). Variables they use live in cells, so
an inner function sees a variable's value at the time of the call and may
assign it with ``nonlocal``, as in CPython."""

import pytest

from support import UNSUPPORTED_ERRORS, TypingError, check, is_numba, jitted, njit, numba_differs, pycomp_only

# ------------------------------------------------------------------ capturing


def capture_scalar(x):
    def add(y):
        return x + y

    return add(1) + add(2)


def capture_tuple(a):
    t = (a, a + 1)

    def g(i):
        return t[0] * i + t[1]

    return g(2)


def capture_float_and_complex(x, z):
    def g(y):
        return x * y + z

    return g(2.0)


def lambda_two_types(x):
    g = lambda y: y * x  # noqa: E731
    return g(2), g(2.5)


def lambda_without_free_variables(x):
    sq = lambda v: v * v  # noqa: E731
    return sq(x) + sq(3)


def nested_closures(x):
    def g(y):
        def h(z):
            return z + y + x

        return h(1)

    return g(2)


def inner_calls_inner(x):
    def g(y):
        return y + 1

    def h(z):
        return g(z) * 2

    return h(x)


def closure_in_loop(n):
    s = 0
    for i in range(n):
        def g():
            return i * 2

        s += g()
    return s


def closure_called_in_loop(a, n):
    def step(v):
        return v * a + 1

    acc = 0
    for _ in range(n):
        acc = step(acc)
    return acc


def closure_in_branch(x):
    if x > 0:
        def g(y):
            return y + x
    else:
        def g(y):  # noqa: F811
            return y - x
    return g(10)


@pytest.mark.parametrize("fn, args", [
    (capture_scalar, (3,)), (capture_scalar, (2.5,)), (capture_tuple, (3,)),
    (capture_float_and_complex, (1.5, 2j)), (lambda_two_types, (3,)),
    (lambda_without_free_variables, (4,)), (nested_closures, (3,)), (inner_calls_inner, (3,)),
    (closure_in_loop, (5,)), (closure_called_in_loop, (3, 4)),
])
def test_closures_match_cpython(fn, args):
    check(fn, *args)


@pytest.mark.parametrize("x", [4, -4])
def test_a_closure_defined_on_each_branch_with_the_same_name(x):
    # two different functions merge into one variable: Numba and pycomp refuse it
    with pytest.raises(TypingError, match="" if is_numba else "different functions on different paths"):
        jitted(closure_in_branch)(x)


# ------------------------------------------------------------------ cells: values at call time


def reassigned_after_definition(x):
    k = 1

    def g():
        return k

    a = g()
    k = 5 + x
    return a + g()


def assigned_after_definition(x):
    def g():
        return k

    k = x * 3
    return g()


def nonlocal_counter(x):
    c = 0

    def inc():
        nonlocal c
        c += x

    for _ in range(4):
        inc()
    return c


def nonlocal_parameter(x):
    def g():
        nonlocal x
        x += 1
        return x

    return g() + x


def widened_cell(x):
    acc = 0

    def get():
        return acc

    acc = 0.5 * x
    return get()


def bool_cell(x):
    flag = x > 2

    def get():
        return flag

    return get()


@pytest.mark.parametrize("fn, args", [
    (reassigned_after_definition, (1,)), (nonlocal_counter, (3,)),
    (nonlocal_parameter, (1,)), (widened_cell, (3,)), (bool_cell, (3,)), (bool_cell, (1,)),
])
def test_inner_functions_see_the_variable_when_called(fn, args):
    check(fn, *args)


@numba_differs("Numba refuses a cell variable assigned after the inner function is defined")
def test_a_variable_assigned_after_the_inner_function_is_defined():
    check(assigned_after_definition, 3)


# ------------------------------------------------------------------ calling conventions


def defaults_and_keywords(x):
    def g(y, z=10):
        return y + z + x

    return g(1), g(1, 2), g(y=3), g(z=1, y=2)


def star_args_inner(x):
    def g(*args):
        return len(args) + x

    return g(1, 2, 3)


@numba_differs("Numba fails on an inner function's defaults (an internal AssertionError)")
def test_inner_function_defaults_and_keywords():
    check(defaults_and_keywords, 3)


@numba_differs("Numba types an inner function's *args as its first argument")
def test_inner_function_star_args():
    check(star_args_inner, 3)


def test_each_specialization_of_the_enclosing_function_types_its_own_closure():
    f = jitted(capture_scalar)
    assert f(3) == capture_scalar(3)
    assert f(2.5) == capture_scalar(2.5)
    assert len(f.signatures) == 2


# ------------------------------------------------------------------ functions as values


@njit
def apply(f, x):
    return f(x)


def pass_plain_inner(x):
    def inc(y):
        return y + 1

    return apply(inc, x)


def pass_closure(x):
    def add(y):
        return x + y

    return apply(add, 3)


def return_closure(x):
    def g():
        return x

    return g


def test_an_inner_function_without_free_variables_is_a_function_value():
    assert jitted(pass_plain_inner)(3) == 4


@njit
def make_adder():
    def add(x, y=1.5):
        return x + y

    return add


def call_returned_function(x):
    return make_adder()(x)


def test_an_inner_function_returned_to_compiled_code_is_callable():
    assert jitted(call_returned_function)(4) == 5.5


@pycomp_only("Numba cannot box a function value")
def test_an_inner_function_returned_to_python_is_its_dispatcher():
    add = make_adder()
    assert add(2) == 3.5 and add(2, 3) == 5


def test_a_closure_cannot_be_passed_to_another_function():
    with pytest.raises(TypingError, match="add"):
        jitted(pass_closure)(2)


def test_a_closure_cannot_be_returned():
    with pytest.raises((TypingError,) + UNSUPPORTED_ERRORS):
        jitted(return_closure)(2)


# ------------------------------------------------------------------ refused, with the line


def recursive_inner(n):
    def fact(k):
        return 1 if k <= 1 else k * fact(k - 1)

    return fact(n)


def computed_default(n):
    def g(y=n):
        return y

    return g()


def nonlocal_changes_type(x):
    def bump():
        nonlocal x
        x = 0.5

    bump()
    return x


def test_recursive_inner_function_is_refused():
    with pytest.raises((NotImplementedError,) + UNSUPPORTED_ERRORS, match=None if is_numba else "recursive inner"):
        jitted(recursive_inner)(5)


@pycomp_only("the message is pycomp's")
def test_computed_default_is_refused_naming_the_line():
    with pytest.raises(UNSUPPORTED_ERRORS, match="default values must be constants") as info:
        jitted(computed_default)(2)
    assert "line" in str(info.value)


@pycomp_only("Numba widens the variable: it inlines the inner function")
def test_nonlocal_assignment_that_changes_the_type_is_refused():
    with pytest.raises(TypingError, match="variable of the enclosing function that holds int64"):
        jitted(nonlocal_changes_type)(1)


@pycomp_only("pycomp's lifted functions")
def test_a_lifted_function_is_not_callable_from_python():
    f = jitted(capture_scalar)
    f(1)
    (inner,) = f._inner_functions.values()
    with pytest.raises(TypeError, match="no_cpython_wrapper"):
        inner(None, 1)


@pycomp_only("pycomp's IR")
def test_an_unused_inner_function_costs_nothing():
    def unused(x):
        def g():
            return x

        return x + 1

    from pycomp.compiler import module_text

    f = jitted(unused)
    assert f(2) == 3
    (ov,) = f.overloads.values()
    assert "nb.make_function" not in module_text(ov.typed_module)
    # the cell x still lives in is a stack slot LLVM promotes to a register
    native = next(d for d in ov.optimized_ir.split("\ndefine ") if d.split("(")[0].endswith('%s"' % ov.native_symbol)
                  or d.split("(")[0].endswith("@" + ov.native_symbol))
    assert "alloca" not in native and "load" not in native
