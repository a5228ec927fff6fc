"""Exceptions raised by compiled code end their traceback with the user's
source line, as CPython's do (Numba injects that frame too); runs under
Numba with PYCOMP_TEST_ENGINE=numba."""

import traceback

import numpy as np
import pytest

from support import njit, numba_differs, pycomp_only


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


def _compiler_frames(exc):
    """Frames of the traceback that lie inside pycomp's own packages."""
    import os

    import pycomp

    roots = [os.path.dirname(os.path.dirname(pycomp.__file__))]
    inside = ("pycomp", "frontend", "dialects", "lowering", "targets")
    return [fr for fr in traceback.extract_tb(exc.__traceback__)
            if any(os.path.abspath(fr.filename).startswith(os.path.join(r, d, "")) for r in roots for d in inside)]


def uses_missing_attribute(x):
    return x.no_such_attribute


@pycomp_only("Numba's tracebacks show its compiler's frames")
def test_eager_signature_error_shows_no_compiler_frames():
    with pytest.raises(TypeError) as info:
        njit("int64(int64)")(uses_missing_attribute)
    assert _compiler_frames(info.value) == []
    assert "x.no_such_attribute" in str(info.value)


@pycomp_only("Numba's tracebacks show its compiler's frames")
def test_first_call_errors_show_no_dispatcher_frames():
    with pytest.raises(TypeError) as info:
        njit(uses_missing_attribute)(1)
    assert _compiler_frames(info.value) == []
    with pytest.raises(ValueError) as info:
        njit(raise_value_error)(5)
    assert _compiler_frames(info.value) == []
    assert traceback.extract_tb(info.value.__traceback__)[-1].name == "raise_value_error"


@pycomp_only("PYCOMP_DEV is pycomp's")
def test_pycomp_dev_keeps_the_compiler_frames(monkeypatch):
    monkeypatch.setenv("PYCOMP_DEV", "1")
    with pytest.raises(TypeError) as info:
        njit("int64(int64)")(uses_missing_attribute)
    assert _compiler_frames(info.value) != []
