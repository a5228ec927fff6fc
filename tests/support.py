"""Shared helpers for the differential language tests (tests/test_lang_*.py).

Every test runs one Python function twice, once compiled with ``njit`` and
once under plain CPython (or NumPy), on the same inputs, and compares the
results: values *and* kinds of type.

The compiler under test is chosen by the environment variable
``PYCOMP_TEST_ENGINE``:

* ``pycomp`` (the default): ``pycomp``'s ``njit``, ``jit``, ``types``,
  ``typeof`` and ``pycomp.errors``;
* ``numba``: the same names from Numba, used to validate the suite itself.

Markers (see tests/pytest_markers.txt):

* :func:`pycomp_only` -- the test checks behaviour that only pycomp has; it
  is skipped when the engine is Numba.
* :func:`numba_differs` -- pycomp deliberately differs from Numba here; the
  test is a strict xfail under Numba (it must fail there).
* :func:`cpython_differs` -- informational: the expected value deliberately
  departs from CPython (static typing, fixed-width integers); the test runs
  and must pass on every engine.
"""

from __future__ import annotations

import math
import os
import warnings

import numpy as np
import pytest

__all__ = [
    "ENGINE", "engine", "njit", "jit", "types", "typeof", "TypingError",
    "UnsupportedError", "UNSUPPORTED_ERRORS", "is_pycomp", "is_numba",
    "pycomp_only", "numba_differs", "cpython_differs",
    "jitted", "check", "check_array_mutation", "run_both", "assert_same",
    "wrap_int64", "clone", "as_c", "as_f", "strided", "negstrided",
    "readonly", "make_layout", "LAYOUTS", "READ_LAYOUTS", "WRITE_LAYOUTS",
    "ALL_DTYPES", "INT_DTYPES", "UINT_DTYPES", "FLOAT_DTYPES",
    "COMPLEX_DTYPES", "sample_array", "no_leaks", "same_as_numba",
]

# ------------------------------------------------------------------ engine

ENGINE = os.environ.get("PYCOMP_TEST_ENGINE", "pycomp").strip().lower() or "pycomp"
is_numba = ENGINE == "numba"
is_pycomp = ENGINE == "pycomp"


class EngineUnavailable(RuntimeError):
    """Raised by every compiled call when the engine could not be imported."""


def _unavailable(reason):
    """Stand-ins for ``njit``/``jit`` when the engine does not import yet.

    Modules still import, so each test fails on its own with ``reason``
    instead of the whole run stopping at collection.
    """

    class _Dispatcher:
        def __init__(self, pyfunc):
            self.py_func = pyfunc
            self.__name__ = getattr(pyfunc, "__name__", "?")

        def __call__(self, *args, **kwargs):
            raise EngineUnavailable(reason)

        @property
        def signatures(self):
            raise EngineUnavailable(reason)

    def decorator(*args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]) and not isinstance(args[0], (str, list)):
            return _Dispatcher(args[0])
        return _Dispatcher

    return decorator


if is_numba:
    import numba as engine
    from numba import jit, njit, typeof, types
    from numba.core.errors import TypingError, UnsupportedBytecodeError, UnsupportedError

    #: every class an unsupported construct may raise (Numba reports some
    #: opcodes with UnsupportedBytecodeError, which is not a NumbaError).
    UNSUPPORTED_ERRORS = (UnsupportedError, UnsupportedBytecodeError)
elif is_pycomp:
    try:
        import pycomp as engine
        from pycomp import jit, njit, typeof, types
        from pycomp.errors import TypingError, UnsupportedError
    except ImportError as _exc:  # the compiler is not there yet
        _reason = "pycomp engine unavailable: %r" % (_exc,)
        try:
            import pycomp as engine
        except ImportError:
            engine = None
        try:
            from pycomp import types
        except ImportError:
            types = None
        njit = jit = _unavailable(_reason)

        def typeof(value):
            raise EngineUnavailable(_reason)

        class TypingError(TypeError):
            """Placeholder: pycomp.errors did not import."""

        class UnsupportedError(TypingError):
            """Placeholder: pycomp.errors did not import."""

    UNSUPPORTED_ERRORS = (UnsupportedError,)
else:
    raise RuntimeError("PYCOMP_TEST_ENGINE must be 'pycomp' or 'numba', not %r" % ENGINE)

#: the engine's typed list (``numba.typed.List`` / ``pycomp.typed.List``)
List = getattr(__import__("%s.typed" % ENGINE, fromlist=["List"]), "List") if engine is not None else None


# ------------------------------------------------------------------ markers

def pycomp_only(reason):
    """Mark a test as pycomp-only (skipped under other engines)."""

    def apply(func):
        func = pytest.mark.pycomp_only(reason=reason)(func)
        return pytest.mark.skipif(not is_pycomp, reason="pycomp only: " + reason)(func)

    return apply


def numba_differs(reason):
    """Mark a test where pycomp deliberately differs from Numba.

    Under Numba the test is a strict xfail: it has to fail there.
    """

    def apply(func):
        func = pytest.mark.numba_differs(reason=reason)(func)
        return pytest.mark.xfail(is_numba, reason="numba differs: " + reason, strict=True)(func)

    return apply


def cpython_differs(reason):
    """Tag a test whose expected value deliberately departs from CPython."""
    return pytest.mark.cpython_differs(reason=reason)


# ------------------------------------------------------------------ compiling

_JITTED = {}


def jitted(pyfunc, **options):
    """``njit(pyfunc, **options)``, built once per function and options.

    Reusing the dispatcher lets parametrized tests share compiled
    specializations instead of compiling again for every case.
    """
    key = (pyfunc, tuple(sorted(options.items())))
    cfunc = _JITTED.get(key)
    if cfunc is None:
        cfunc = njit(**options)(pyfunc) if options else njit(pyfunc)
        _JITTED[key] = cfunc
    return cfunc


# ------------------------------------------------------------------ comparing

_MISSING = object()

#: default relative tolerances
RTOL64 = 1e-12
RTOL32 = 1e-6


def wrap_int64(value):
    """``value`` wrapped to a signed 64-bit integer, as fixed-width code does."""
    value = int(value) & 0xFFFF_FFFF_FFFF_FFFF
    return value - (1 << 64) if value >= (1 << 63) else value


def _kind(value):
    """The kind of type a result has, with NumPy scalars mapped to Python's."""
    if value is None:
        return "none"
    if isinstance(value, (np.datetime64, np.timedelta64)):  # timedelta64 is an np.integer
        return type(value).__name__
    if isinstance(value, (bool, np.bool_)):
        return "bool"
    if isinstance(value, (int, np.integer)):
        return "int"
    if isinstance(value, (float, np.floating)):
        return "float"
    if isinstance(value, (complex, np.complexfloating)):
        return "complex"
    if isinstance(value, tuple):
        return "tuple"
    if isinstance(value, np.ndarray):
        return "array"
    if isinstance(value, str):
        return "str"
    return type(value).__name__


def _is_single(value):
    return isinstance(value, (np.float32, np.complex64, np.float16))


def _float_ok(got, want, rtol, atol, signed_zero):
    if math.isnan(want):
        return math.isnan(got)
    if math.isinf(want) or (rtol == 0 and atol == 0):
        same = got == want
    else:
        same = math.isclose(got, want, rel_tol=rtol, abs_tol=atol)
    if same and signed_zero and got == 0 and want == 0:
        same = math.copysign(1.0, got) == math.copysign(1.0, want)
    return same


def assert_same(got, want, rtol=None, atol=0.0, signed_zero=True, where="result"):
    """Assert ``got`` (from compiled code) matches ``want`` (from CPython).

    Integers and booleans compare exactly; floats within ``rtol`` (default
    1e-12, or 1e-6 when ``want`` is a float32/complex64 NumPy scalar), with
    NaN equal to NaN and the sign of zero checked unless ``signed_zero`` is
    false. Kinds must match (bool, int, float, complex, tuple element-wise,
    array dtype); compiled scalars must be plain Python objects.
    """
    kw, kg = _kind(want), _kind(got)
    assert kg == kw, "%s: kind %s (%r) != expected %s (%r)" % (where, kg, got, kw, want)
    if kw in ("bool", "int", "float", "complex"):
        assert type(got) in (bool, int, float, complex), (
            "%s: compiled code returned %s, not a Python scalar" % (where, type(got).__name__))
    if kw == "tuple":
        assert len(got) == len(want), "%s: tuple length %d != %d" % (where, len(got), len(want))
        for i, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, rtol, atol, signed_zero, "%s[%d]" % (where, i))
        return
    if rtol is None:
        single = _is_single(want) or kw == "array" and want.dtype in (np.float32, np.complex64)
        rtol = RTOL32 if single else RTOL64
    if kw in ("datetime64", "timedelta64"):  # same unit, same count (NaT equal to NaT)
        assert got.dtype == want.dtype and got.view("i8") == want.view("i8"), "%s: %r != %r" % (where, got, want)
    elif kw in ("bool", "int"):
        assert int(got) == int(want), "%s: %r != %r" % (where, got, want)
    elif kw == "float":
        assert _float_ok(float(got), float(want), rtol, atol, signed_zero), (
            "%s: %r != %r (rtol=%g, atol=%g)" % (where, got, want, rtol, atol))
    elif kw == "complex":
        g, w = complex(got), complex(want)
        assert _float_ok(g.real, w.real, rtol, atol, signed_zero) and _float_ok(
            g.imag, w.imag, rtol, atol, signed_zero), (
            "%s: %r != %r (rtol=%g, atol=%g)" % (where, got, want, rtol, atol))
    elif kw == "array":
        assert got.dtype == want.dtype, "%s: dtype %s != %s" % (where, got.dtype, want.dtype)
        assert got.shape == want.shape, "%s: shape %s != %s" % (where, got.shape, want.shape)
        if want.dtype.kind in "mM":  # compared as counts: NaT equals NaT
            assert np.array_equal(got.view("i8"), want.view("i8")), "%s: arrays differ\n got %r\nwant %r" % (
                where, got, want)
        elif want.dtype.kind in "fc":
            ok = np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
            assert ok.all(), "%s: arrays differ\n got %r\nwant %r" % (where, got, want)
        else:
            assert np.array_equal(got, want), "%s: arrays differ\n got %r\nwant %r" % (where, got, want)
    else:
        assert got == want, "%s: %r != %r" % (where, got, want)


def _call_python(pyfunc, args, kwargs):
    """Call pyfunc as CPython would, without NumPy's overflow warnings."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return pyfunc(*args, **kwargs)


def _outcome(call):
    try:
        return call(), None
    except EngineUnavailable:
        raise
    except Exception as exc:  # noqa: BLE001 -- compared below
        return None, exc


def run_both(pyfunc, *args, kwargs=None, cfunc=None):
    """Run pyfunc and its compiled version on separate copies of ``args``.

    Returns ``((py_result, py_exc, py_args), (jit_result, jit_exc, jit_args))``
    where the ``*_args`` are the (possibly mutated) argument copies.
    """
    kwargs = kwargs or {}
    cfunc = cfunc if cfunc is not None else jitted(pyfunc)
    py_args = tuple(clone(a) for a in args)
    py_kwargs = {k: clone(v) for k, v in kwargs.items()}
    jit_args = tuple(clone(a) for a in args)
    jit_kwargs = {k: clone(v) for k, v in kwargs.items()}
    py = _outcome(lambda: _call_python(pyfunc, py_args, py_kwargs))
    jt = _outcome(lambda: cfunc(*jit_args, **jit_kwargs))
    return py + (py_args,), jt + (jit_args,)


def _assert_same_exception(jit_exc, py_exc, match_message):
    assert jit_exc is not None, "expected %s(%r), compiled call returned normally" % (
        type(py_exc).__name__, str(py_exc))
    assert type(jit_exc) is type(py_exc), "expected %s(%r), compiled code raised %s(%r)" % (
        type(py_exc).__name__, str(py_exc), type(jit_exc).__name__, str(jit_exc))
    if match_message:
        assert str(jit_exc) == str(py_exc), "message %r != expected %r" % (str(jit_exc), str(py_exc))


def check(pyfunc, *args, kwargs=None, expected=_MISSING, rtol=None, atol=0.0,
          signed_zero=True, match_message=True, cfunc=None, compare_args=False):
    """Compare ``njit(pyfunc)(*args, **kwargs)`` with ``pyfunc(*args, **kwargs)``.

    Keyword arguments of ``check`` are options; the call's own keyword
    arguments go in ``kwargs``. ``expected`` replaces CPython's result where
    compiled semantics deliberately differ (mark such tests
    ``cpython_differs``). When CPython raises, the compiled call must raise
    the same class with the same message (only the class when
    ``match_message`` is false). Array arguments are copied for each side,
    strides and flags preserved; ``compare_args`` also compares them after
    the call. ``cfunc`` is a ready dispatcher to use instead of
    ``jitted(pyfunc)``. Returns the compiled result.
    """
    (pres, pexc, pargs), (jres, jexc, jargs) = run_both(pyfunc, *args, kwargs=kwargs, cfunc=cfunc)
    if expected is not _MISSING:
        if pexc is not None:
            raise AssertionError("CPython raised %r although an expected value was given" % (pexc,))
        pres = expected
    if pexc is not None:
        _assert_same_exception(jexc, pexc, match_message)
        return None
    if jexc is not None:
        raise AssertionError("compiled call raised %s(%r); CPython returned %r" % (
            type(jexc).__name__, str(jexc), pres)) from jexc
    assert_same(jres, pres, rtol, atol, signed_zero)
    if compare_args:
        for i, (g, w) in enumerate(zip(jargs, pargs)):
            if isinstance(w, np.ndarray):
                assert_same(g, w, rtol, atol, signed_zero, where="argument %d after the call" % i)
    return jres


def check_array_mutation(pyfunc, *args, **options):
    """Like :func:`check`, and also compare the array arguments after the call.

    Each side gets its own copies of the arrays (same strides, same flags),
    so writes through C, F, strided and negative-stride views are compared
    value by value and dtype by dtype.
    """
    return check(pyfunc, *args, compare_args=True, **options)


# ------------------------------------------------------------------ arrays

def _byte_bounds(a):
    try:
        from numpy.lib.array_utils import byte_bounds
    except ImportError:  # NumPy < 2
        byte_bounds = np.byte_bounds
    return byte_bounds(a)


def clone(value):
    """A deep copy of an ndarray with the same shape, strides and flags.

    Non-arrays are returned unchanged (they are immutable here).
    """
    if not isinstance(value, np.ndarray):
        return value
    if value.size == 0:
        out = value.copy(order="K")
    else:
        low, high = _byte_bounds(value)
        buf = np.zeros(high - low, dtype=np.uint8)  # high is one past the end
        out = np.ndarray(value.shape, value.dtype, buffer=buf,
                         offset=value.__array_interface__["data"][0] - low,
                         strides=value.strides)
        out[...] = value
    if isinstance(value, np.recarray):  # records read as attributes on both sides
        out = out.view(np.recarray)
    if not value.flags.writeable:
        out.flags.writeable = False
    return out


def as_c(a):
    """A C-contiguous copy."""
    return np.ascontiguousarray(a).copy(order="C")


def as_f(a):
    """A Fortran-contiguous copy."""
    return np.asfortranarray(a).copy(order="F")


def strided(a, step=2):
    """A non-contiguous view holding the same values as ``a`` (every axis
    stepped by ``step`` inside a larger buffer)."""
    a = np.asarray(a)
    big = np.zeros(tuple(n * step for n in a.shape), dtype=a.dtype)
    view = big[tuple(slice(None, None, step) for _ in a.shape)]
    view[...] = a
    return view


def negstrided(a):
    """A view with negative strides on every axis, same values as ``a``."""
    a = np.asarray(a)
    flip = tuple(slice(None, None, -1) for _ in a.shape)
    return a[flip].copy()[flip]


def readonly(a):
    """A read-only C-contiguous copy."""
    out = as_c(a)
    out.flags.writeable = False
    return out


#: layouts tests can read from
READ_LAYOUTS = ("C", "F", "strided", "negstrided", "readonly")
#: layouts tests can write into
WRITE_LAYOUTS = ("C", "F", "strided", "negstrided")
LAYOUTS = READ_LAYOUTS

_MAKERS = {"C": as_c, "F": as_f, "strided": strided, "negstrided": negstrided, "readonly": readonly}


def make_layout(a, layout):
    """``a``'s values in the memory layout named ``layout`` (see LAYOUTS)."""
    return _MAKERS[layout](np.asarray(a))


INT_DTYPES = (np.int8, np.int16, np.int32, np.int64)
UINT_DTYPES = (np.uint8, np.uint16, np.uint32, np.uint64)
FLOAT_DTYPES = (np.float32, np.float64)
COMPLEX_DTYPES = (np.complex64, np.complex128)
ALL_DTYPES = INT_DTYPES + UINT_DTYPES + FLOAT_DTYPES + COMPLEX_DTYPES + (np.bool_,)


def sample_array(shape, dtype, seed=0):
    """Deterministic sample values of ``dtype`` in ``shape`` (C order),
    small enough that sums do not overflow the narrowest integer types."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        flat = rng.integers(0, 2, n).astype(bool)
    elif dtype.kind == "u":
        flat = rng.integers(0, 10, n)
    elif dtype.kind == "i":
        flat = rng.integers(-9, 10, n)
    elif dtype.kind == "f":
        flat = rng.uniform(-4, 4, n)
    else:
        flat = rng.uniform(-4, 4, n) + 1j * rng.uniform(-4, 4, n)
    return np.asarray(flat, dtype=dtype).reshape(shape)


# ------------------------------------------------------------------ memory


class no_leaks:
    """``with no_leaks(): ...`` fails the test if the block leaves memory of
    the engine's runtime allocated (allocations minus frees, meminfos made
    minus released): pycomp.runtime's statistics, or Numba's rtsys.

    Cheap when nothing leaked: the cyclic garbage collector (100 ms and
    more in a process that has compiled many functions) runs only when the
    counts went up, to tell garbage not yet collected from a leak. Memory
    freed inside the block that was allocated before it does not count."""

    @staticmethod
    def _stats():
        if is_numba:
            from numba.core.runtime import rtsys

            from numba.core.runtime import _nrt_python

            _nrt_python.memsys_enable_stats()  # off unless asked for
            s = rtsys.get_allocation_stats()
        else:
            from pycomp.runtime import get_allocation_stats

            s = get_allocation_stats()
        return s.alloc - s.free, s.mi_alloc - s.mi_free

    def __enter__(self):
        self.before = self._stats()
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            after = self._stats()
            if after[0] > self.before[0] or after[1] > self.before[1]:
                import gc

                gc.collect()
                after = self._stats()
            assert after[0] <= self.before[0] and after[1] <= self.before[1], (
                "runtime memory leaked: %d blocks and %d meminfos more than before the block"
                % (after[0] - self.before[0], after[1] - self.before[1]))
        return False


def same_as_numba(fn, *args, reference=None, reference_args=None):
    """``fn`` compiled by the engine gives exactly (rtol 0) what real Numba
    gives for ``reference`` (default ``fn``; on ``reference_args``, default
    ``args``), and nothing leaks: the check
    where Numba, not NumPy or CPython, is the reference (the random streams
    Numba draws its own way). Skipped when Numba is not installed; under
    the Numba engine it compares Numba with itself."""
    numba = pytest.importorskip("numba")
    want = numba.njit(reference or fn)(*(args if reference_args is None else reference_args))
    with no_leaks():
        got = jitted(fn)(*args)
        assert_same(got, want, rtol=0.0)
        del got
