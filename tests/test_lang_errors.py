"""Compile-time errors: typing errors (TypingError) and unsupported
constructs (UnsupportedError), and where their messages point."""

import inspect
import os
import re

import numpy as np
import pytest

from support import (UNSUPPORTED_ERRORS, TypingError, UnsupportedError, is_pycomp, jitted, njit, pycomp_only)


def lines_of(func, marker="# error here"):
    """The file of ``func`` and the absolute numbers of its lines holding
    ``marker`` (the offending statement; several where either is right)."""
    lines, first = inspect.getsourcelines(func)
    found = [first + offset for offset, text in enumerate(lines) if marker in text]
    assert found, "no %r in %s" % (marker, func.__name__)
    return inspect.getsourcefile(func), found


def assert_points_at(exc, func):
    """For pycomp: the message names the source file and the offending line
    (as ``line N`` or ``file:N``); other engines are not checked."""
    if not is_pycomp:
        return
    path, lines = lines_of(func)
    message = str(exc)
    assert os.path.basename(path) in message, message
    assert any(re.search(r"(\bline |:)%d\b" % n, message) for n in lines), (
        "none of lines %s in:\n%s" % (lines, message))


def compile_error(func, *args, expected=TypingError):
    """Call njit(func)(*args), expect ``expected`` and return the exception."""
    with pytest.raises(expected) as info:
        njit(func)(*args)
    return info.value


# ------------------------------------------------------------------ typing errors


def add_tuple_to_int(x):
    y = x * 2
    return (1, 2) + y  # error here


def call_undefined_function(x):
    y = x + 1
    return undefined_function(y)  # error here  # noqa: F821


def read_unknown_global(x):
    return x + unknown_global_name  # error here  # noqa: F821


def helper_not_jitted(x):
    return x + 1


def call_plain_python_function(x):
    return helper_not_jitted(x)  # error here


def attribute_of_int(x):
    return x.no_such_attribute  # error here


def compare_complex(a, b):
    return a < b  # error here


def index_a_scalar(x):
    return x[0]  # error here


def floordiv_complex(a, b):
    return a // b  # error here


def incompatible_returns(x):
    if x > 0:
        return (1, 2)  # error here
    return 1.5  # error here


def hetero_tuple_variable_index(t, i):
    return t[i]  # error here


def write_readonly(a):
    a[0] = 1.0  # error here


@njit
def _two_args(a, b):
    return a + b


def wrong_arity_jitted_call(x):
    return _two_args(x)  # error here


TYPING_CASES = [
    (add_tuple_to_int, (3,)),
    (call_undefined_function, (1,)),
    (read_unknown_global, (1,)),
    (call_plain_python_function, (1,)),
    (attribute_of_int, (1,)),
    (compare_complex, (1j, 2j)),
    (index_a_scalar, (5,)),
    (floordiv_complex, (1j, 2j)),
    (incompatible_returns, (1,)),
    (hetero_tuple_variable_index, ((1, 2.5), 0)),
    (wrong_arity_jitted_call, (1,)),
]


@pytest.mark.parametrize("func,args", TYPING_CASES, ids=[f.__name__ for f, _ in TYPING_CASES])
def test_typing_error(func, args):
    exc = compile_error(func, *args)
    assert_points_at(exc, func)


def test_write_to_readonly_array_is_a_typing_error():
    a = np.zeros(3)
    a.flags.writeable = False
    exc = compile_error(write_readonly, a)
    assert_points_at(exc, write_readonly)


def test_typing_error_with_eager_signature_raises_at_decoration():
    with pytest.raises(TypingError):
        njit("int64(int64)")(add_tuple_to_int)


def test_function_still_usable_after_typing_error():
    # a failed specialization leaves the dispatcher usable for good types
    f = njit(compare_complex)
    with pytest.raises(TypingError):
        f(1j, 2j)
    assert f(1, 2) is True


@pycomp_only("pycomp's TypingError is a TypeError")
def test_typing_error_is_type_error():
    assert issubclass(TypingError, TypeError)
    with pytest.raises(TypeError):
        njit(add_tuple_to_int)(3)


@pycomp_only("pycomp reports unknown global names with a NameError subclass")
@pytest.mark.parametrize("func", [read_unknown_global, call_undefined_function])
def test_unknown_global_is_name_error(func):
    with pytest.raises(NameError) as info:
        njit(func)(1)
    assert isinstance(info.value, TypingError)
    name = "unknown_global_name" if func is read_unknown_global else "undefined_function"
    assert name in str(info.value)
    assert_points_at(info.value, func)


# ------------------------------------------------------------------ unsupported constructs

def generator_expression(n):
    return sum(i for i in range(n))  # error here


G = 0


def store_global(x):
    global G
    G = x  # error here
    return x


def class_definition(x):
    class Local:  # error here
        pass

    return x


def import_inside(x):
    import math  # error here

    return math.sqrt(x)


class _Ctx:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


ctx = _Ctx()


def with_as(x):
    with ctx as c:  # error here
        x += 1
    return x, c


UNSUPPORTED_CASES = [generator_expression, store_global, class_definition, import_inside, with_as]


@pytest.mark.parametrize("func", UNSUPPORTED_CASES, ids=[f.__name__ for f in UNSUPPORTED_CASES])
def test_unsupported_construct(func):
    exc = compile_error(func, 3, expected=UNSUPPORTED_ERRORS)
    assert_points_at(exc, func)


def try_except(x):
    try:  # error here
        return 10 // x
    except ZeroDivisionError:
        return -1


def try_finally(x):
    try:  # error here
        x += 1
    finally:
        x *= 2
    return x


def generator_function(n):  # error here (the function is a generator)
    for i in range(n):
        yield i  # error here


def with_statement(x):
    with ctx:  # error here
        x += 1
    return x


PYCOMP_UNSUPPORTED = [try_except, try_finally, generator_function, with_statement]


@pycomp_only("Numba compiles these (or rejects them with other classes); "
             "pycomp's first milestone rejects them with UnsupportedError")
@pytest.mark.parametrize("func", PYCOMP_UNSUPPORTED, ids=[f.__name__ for f in PYCOMP_UNSUPPORTED])
def test_unsupported_in_pycomp(func):
    exc = compile_error(func, 3, expected=UnsupportedError)
    assert_points_at(exc, func)


def uses_fft(a):
    return np.fft.fft(a)


def uses_random(n):
    return np.random.bytes(n)


@pycomp_only("Numba's message for an unsupported NumPy function differs")
@pytest.mark.parametrize("fn, name", [(uses_fft, "np.fft.fft"), (uses_random, "np.random.bytes")])
def test_an_unsupported_numpy_function_is_named(fn, name):
    with pytest.raises(TypingError) as e:
        jitted(fn)(np.ones(3) if fn is uses_fft else 3)
    text = str(e.value)
    assert text.startswith("%s() is not supported in compiled code yet" % name), text
    assert "test_lang_errors.py" in text and ("np.fft.fft(a)" in text or "bytes(n)" in text)
