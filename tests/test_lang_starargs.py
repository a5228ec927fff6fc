"""Differential tests: ``*args`` in compiled code, run under the engine and
CPython and compared.

- Star calls: ``g(*t)``, ``g(x, *t)``, ``g(*t, y)``, ``g(*t1, *t2)`` with
  tuples of known length, to every kind of callee: jitted functions (with
  defaults and ``*args`` of their own), builtins, math and NumPy
  functions, array and slice methods, overloads written with the
  extension API, inner functions.
- Variadic definitions: ``def f(a, *args)`` takes the extra positional
  arguments as one tuple (len, indexing, iteration, unpacking, passing on),
  called from Python and from compiled code, with explicit signatures.
- Errors: a starred value that is not a tuple, a wrong number of
  arguments after expansion: a TypingError naming the user's line.
"""

import math

import numpy as np
import pytest

from support import (
    UNSUPPORTED_ERRORS, TypingError, assert_same, check, is_numba, jitted, make_layout, njit, no_leaks, numba_differs,
    pycomp_only, types,
)

if is_numba:
    from numba.extending import overload
else:
    from pycomp.extending import overload

# ------------------------------------------------------------------ callees


@njit
def add3(a, b, c):
    return a + b * 10 + c * 100


@njit
def add_default(a, b=2, c=3):
    return a + b * 10 + c * 100


@njit
def gather(a, *rest):
    return a, rest


def check_star(pyfunc, *args):
    """``check`` against a reference that runs the callees' Python code
    (their ``py_func``), not their compiled versions."""
    g = pyfunc.__globals__
    saved = {name: g[name] for name in _CALLEES}
    try:
        g.update({name: f.py_func for name, f in saved.items()})
        expected = pyfunc(*args)
    finally:
        g.update(saved)
    return check(pyfunc, *args, expected=expected)


_CALLEES = ("add3", "add_default", "gather")


def star_only(t):
    return add3(*t)


def star_after_positional(x, t):
    return add3(x, *t)


def star_before_positional(x, t):
    return add3(*t, x)


def two_stars(t1, t2):
    return add3(*t1, *t2)


def star_of_literal_tuple(x):
    return add3(*(x, 2), 3)


def star_of_empty_tuple(x):
    return add3(*(), x, 2, 3)


def star_of_nested_item(t):
    return add3(*t[0], t[1])


def star_to_defaults(t):
    return add_default(*t)


def star_to_variadic(t):
    return gather(*t), gather(0, *t)


@pytest.mark.parametrize("t", [(1, 2, 3), (1, 2.5, 3), (True, 2, 3j)])
def test_star_only(t):
    check_star(star_only, t)


@pytest.mark.parametrize("x, t", [(1, (2, 3)), (1.5, (2, 3)), (1, (2.0, np.int32(3)))])
def test_star_with_positionals(x, t):
    check_star(star_after_positional, x, t)
    check_star(star_before_positional, x, t)


@pytest.mark.parametrize("t1, t2", [((1,), (2, 3)), ((), (1, 2, 3)), ((1, 2, 3), ())])
def test_two_stars(t1, t2):
    check_star(two_stars, t1, t2)


def test_star_of_displays():
    check_star(star_of_literal_tuple, 1)
    check_star(star_of_empty_tuple, 1)
    check_star(star_of_nested_item, ((1, 2), 3))


@pytest.mark.parametrize("t", [(1,), (1, 5), (1, 5, 7)])
def test_star_fills_defaults(t):
    check_star(star_to_defaults, t)


@pytest.mark.parametrize("t", [(1,), (1, 2.5), (1, 2, (3, 4))])
def test_star_into_variadic(t):
    check_star(star_to_variadic, t)


# ------------------------------------------------------------------ builtins and math


def star_range(t):
    s = 0
    for i in range(*t):
        s += i
    return s


def star_max_min(t):
    return max(*t), min(*t)


def star_complex(t):
    return complex(*t)


def star_hypot(t):
    return math.hypot(*t)


def star_slice_index(a, t):
    return a[slice(*t)]


@pytest.mark.parametrize("t", [(5,), (1, 10), (1, 10, 3), (10, 1, -2)])
def test_star_range(t):
    check(star_range, t)


@pytest.mark.parametrize("t", [(1, 7, 3), (2.5, 1.5), (-3, -3)])
def test_star_max_min(t):
    check(star_max_min, t)


def test_star_complex_and_math():
    check(star_complex, (1.0, 2.0))
    check(star_hypot, (3.0, 4.0))


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
@pytest.mark.parametrize("t", [(1, 8), (1, 8, 3), (8, 1, -2), (None, None, -1)])
def test_star_slice(layout, t):
    a = make_layout(np.arange(12.0).reshape(12, 1), layout)[:, 0]
    with no_leaks():
        check(star_slice_index, a, t)


# ------------------------------------------------------------------ NumPy functions and methods


def star_zeros(t):
    return np.zeros(*t)


def star_full(t):
    return np.full(*t)


def star_arange(t):
    return np.arange(*t)


def star_empty_shape(t):
    return np.empty(*t).shape


def star_sum(a, t):
    return a.sum(*t)


def star_reshape(a, t):
    return a.reshape(*t)


def star_indices(s, t):
    return s.indices(*t)


def star_zeros_dtype(n):
    t = ((n, 2), np.float32)
    return np.zeros(*t)


@pytest.mark.parametrize("t", [((2, 3),), ((0,),), (4,)])
def test_star_zeros(t):
    with no_leaks():
        check(star_zeros, t)
        check(star_zeros_dtype, 3)


def test_star_full_arange_empty():
    with no_leaks():
        check(star_full, ((2, 2), 1.5))
        check(star_arange, (1, 10, 2))
        check(star_arange, (5,))
        check(star_arange, (1.0, 2.0, 0.25))
        check(star_empty_shape, ((2, 0),))


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
@pytest.mark.parametrize("t", [(), (0,), (1,)])
def test_star_method_sum(layout, t):
    a = make_layout(np.arange(12.0).reshape(3, 4), layout)
    with no_leaks():
        check(star_sum, a, t)


def test_star_method_sum_0d_and_empty():
    with no_leaks():
        check(star_sum, np.array(5.0), ())
        check(star_sum, np.zeros((0, 3)), (0,))
        check(star_sum, np.zeros((0, 3)), ())


@pytest.mark.parametrize("t", [((2, 6),), (3, 4), (-1,)])
def test_star_method_reshape(t):
    with no_leaks():
        check(star_reshape, np.arange(12), t)


@pytest.mark.parametrize("s", [slice(1, 10, 2), slice(None, None, -1), slice(-3, None)])
def test_star_slice_indices(s):
    check(star_indices, s, (5,))


# ------------------------------------------------------------------ overloads and inner functions


def scale_add(x, k, c):
    """Compiled code runs the overload below."""
    raise NotImplementedError


@overload(scale_add)
def _ol_scale_add(x, k, c):
    def impl(x, k, c):
        return x * k + c
    return impl


def star_overload(t):
    return scale_add(*t)


def test_star_to_overload():
    got = jitted(star_overload)((2, 3, 1))
    assert got == 7
    got = jitted(star_overload)((2.0, 3, 1))
    assert got == 7.0 and isinstance(got, float)


def star_inner_function(x, t):
    def g(a, b):
        return a - b + x

    return g(*t)


def star_lambda(t):
    g = lambda a, b: a * b  # noqa: E731
    return g(*t), g(*t[::-1])


@numba_differs("Numba does not call closures with *args; pycomp does")
def test_star_inner_functions():
    check(star_inner_function, 1, (5, 2))
    check(star_lambda, (5, 2.5))


def star_list_display(x):
    return add3(*[x, 2, 3])


@numba_differs("a starred list display has a known length: pycomp calls with its items as CPython does, "
               "Numba wants a tuple")
def test_star_list_display():
    check_star(star_list_display, 1)


# ------------------------------------------------------------------ variadic definitions


def var_len(a, *args):
    return a + len(args)


def var_items(*args):
    return args[0], args[-1], args[1:]


def var_iterate(*args):
    s = 0
    for x in args:
        s += x
    return s


def var_unpack(*args):
    a, b = args
    return b, a


def var_return(*args):
    return args


def var_pass_on(*args):
    return add3(*args), gather(*args), gather(*args, 9)


def var_arrays(*args):
    return args[0].sum() + args[1], args[0] * args[1]


@pytest.mark.parametrize("args", [(1,), (1, 2), (1, 2.5, 3j)])
def test_variadic_len(args):
    check(var_len, *args)


@pytest.mark.parametrize("args", [(1, 2), (1, 2.5, 7), (1, 2, 3, 4)])
def test_variadic_items(args):
    check(var_items, *args)


def test_variadic_iterate_and_unpack():
    check(var_iterate, 1, 2, 3)
    check(var_iterate, 1.5, 2.5)
    check(var_unpack, 1, 2.5)


@pytest.mark.parametrize("args", [(), (1,), (1, 2.5), ((1, 2), 3)])
def test_variadic_returns_its_tuple(args):
    check(var_return, *args)


def test_variadic_passes_on():
    check_star(var_pass_on, 1, 2, 3)
    check_star(var_pass_on, 1.5, 2, 3)


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
def test_variadic_with_arrays(layout):
    a = make_layout(np.arange(6.0).reshape(2, 3), layout)
    with no_leaks():
        check(var_arrays, a, 2)


def call_variadic(x):
    return gather(x), gather(x, 1, 2.5), gather(x, (1, 2))


def test_variadic_called_from_compiled_code():
    check_star(call_variadic, 1)
    check_star(call_variadic, 1.5)


def test_variadic_signatures_seen_by_dispatcher():
    f = njit(var_return)
    f(1, 2.5)
    f()
    assert [len(s) for s in f.signatures] == [1, 1]  # *args is one tuple parameter
    assert tuple(f.signatures[0][0].types) == (types.int64, types.float64)
    assert tuple(f.signatures[1][0].types) == ()


def test_variadic_repeated_calls_keep_their_types():
    # the second round finds each specialization again (pycomp: by the
    # type key of the raw arguments); every one must still match its types
    f = njit(var_return)
    cases = [(1, 2), (1, 2.0), (1, True), (1, np.float32(2)), (1, (2, 3)), (1.5, 2j)]
    with no_leaks():
        for _ in range(2):
            for args in cases:
                got = f(*args)
                assert_same(got, args)
                assert type(got[1]) is type(args[1]) or isinstance(args[1], np.generic)
            got = f(np.arange(3.0), 1)
            assert_same(got[0], np.arange(3.0))


@pycomp_only("pycomp's dispatcher internals")
def test_variadic_calls_take_the_raw_key_path():
    f = njit(var_len)
    f(1, 2, 3)
    assert len(f._star_entries) == 1
    assert f(1, 2, 3) == 3
    f(1, 2.0, 3)
    assert len(f._star_entries) == 2


@njit
def var_recursive(n, *args):
    if n <= 0:
        return len(args)
    return var_recursive(n - 1, *args)


@njit
def star_recursive(n, x):
    if n <= 0:
        return x
    t = (n - 1, x + 1)
    return star_recursive(*t)


def test_recursion_through_star_calls():
    assert var_recursive(3, 1, 2.5) == 2
    assert var_recursive(0) == 0
    assert_same(star_recursive(3, 0), 3)
    assert_same(star_recursive(2, 0.5), 2.5)


def explicit_variadic(a, *args):
    return a + args[0] + args[1]


def test_variadic_explicit_signature():
    f = njit(types.int64(types.int64, types.UniTuple(types.int64, 2)))(explicit_variadic)
    assert f(1, 2, 3) == 6
    assert f(1, 2, 3.5) == 6  # converted as the signature says
    assert f.signatures == [(types.int64, types.UniTuple(types.int64, 2))]
    with pytest.raises(TypeError):
        f(1, (2, 3))  # the tuple is one item of *args: no matching definition

    @njit
    def caller(x):
        return f(x, 2, 3), f(*(x, 2, 3))

    assert caller(1) == (6, 6)


def test_variadic_explicit_signature_heterogeneous():
    f = njit(types.float64(types.int64, types.Tuple((types.int64, types.float64))))(explicit_variadic)
    assert f(1, 2, 3.5) == 6.5


def star_in_loop(t):
    s = 0
    for i in range(3):
        s += add3(i, *t)
    return s


def star_merged(c, t1):
    t = t1 if c else (1, 2)
    return add3(0, *t)


def test_star_in_control_flow():
    check_star(star_in_loop, (1, 2))
    check_star(star_merged, True, (5, 6))
    check_star(star_merged, False, (5, 6))


# ------------------------------------------------------------------ errors


def _assert_names_line(exc, text):
    assert text in str(exc), "the error does not show the line %r:\n%s" % (text, exc)


def star_array(a):
    return add3(*a)


def star_scalar(x):
    return add3(*x)


def star_list_variable(x):
    lst = [x, 2, 3]
    return add3(*lst)


def test_starred_non_tuple_is_a_typing_error():
    with pytest.raises(TypingError, match="should be a tuple") as e:
        jitted(star_array)(np.arange(3))
    _assert_names_line(e.value, "add3(*a)")
    with pytest.raises(TypingError, match="should be a tuple") as e:
        jitted(star_scalar)(1)
    _assert_names_line(e.value, "add3(*x)")


def test_starred_list_variable_is_a_typing_error():
    with pytest.raises(TypingError, match="should be a tuple") as e:
        jitted(star_list_variable)(1)
    _assert_names_line(e.value, "add3(*lst)")


def star_wrong_count(t):
    return add3(*t)


@pytest.mark.parametrize("t", [(1, 2), (1, 2, 3, 4), ()])
def test_wrong_argument_count_after_expansion(t):
    cfunc = njit(star_wrong_count)
    with pytest.raises(TypingError) as e:
        cfunc(t)
    _assert_names_line(e.value, "add3(*t)")


def star_builtin_wrong_count(t):
    return complex(*t)


def test_builtin_wrong_argument_count():
    with pytest.raises(TypingError) as e:
        njit(star_builtin_wrong_count)((1.0, 2.0, 3.0))
    _assert_names_line(e.value, "complex(*t)")


def star_kwargs_call(t):
    return add_default(*t, c=1)


def kwargs_parameter(a, **kw):
    return a


@pycomp_only("Numba fails with an internal AssertionError on a keyword after *t")
def test_keywords_with_star_are_unsupported():
    with pytest.raises(UNSUPPORTED_ERRORS) as e:
        njit(star_kwargs_call)((1,))
    _assert_names_line(e.value, "add_default(*t, c=1)")


@pycomp_only("Numba raises TypeError for the missing keywords dict")
def test_kwargs_parameter_is_unsupported():
    with pytest.raises(UNSUPPORTED_ERRORS, match=r"\*\*kwargs"):
        njit(kwargs_parameter)(1)
