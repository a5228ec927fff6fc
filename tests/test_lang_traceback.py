"""Exceptions raised by compiled code end their traceback with the user's
source line, as CPython's do (Numba injects that frame too); runs under
Numba with PYCOMP_TEST_ENGINE=numba."""

import traceback

import numpy as np
import pytest

from support import njit, numba_differs


def raise_value_error(x):
    if x > 1:
        raise ValueError("too big")
    return x


def divide(x, y):
    return x // y


def index(a, i):
    return a[i]


def assert_last_frame_matches(pyfunc, *args):
    """The last traceback frame (function, file, line) and the exception are
    the same for the compiled call as for CPython's."""
    frames = []
    for f in (pyfunc, njit(pyfunc)):
        with pytest.raises(Exception) as info:
            f(*args)
        last = traceback.extract_tb(info.value.__traceback__)[-1]
        frames.append((type(info.value), info.value.args, last.name, last.filename, last.lineno))
    assert frames[1][0] is frames[0][0]
    assert frames[1][2:] == frames[0][2:]


def test_raise_statement_line():
    assert_last_frame_matches(raise_value_error, 5)


@numba_differs("Numba adds the source frame for raise statements only")
def test_zero_division_line():
    assert_last_frame_matches(divide, 1, 0)


@numba_differs("Numba adds the source frame for raise statements only")
def test_index_error_line_with_boundscheck():
    a = np.arange(3)
    with pytest.raises(IndexError) as info:
        njit(boundscheck=True)(index)(a, 10)
    last = traceback.extract_tb(info.value.__traceback__)[-1]
    assert (last.name, last.lineno) == ("index", index.__code__.co_firstlineno + 1)


def test_the_frame_shows_the_source_text():
    with pytest.raises(ValueError) as info:
        njit(raise_value_error)(3)
    text = "".join(traceback.format_exception(info.value))
    assert 'raise ValueError("too big")' in text
