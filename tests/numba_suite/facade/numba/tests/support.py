"""The facade's ``numba.tests.support``: what Numba's test modules import
from their support module, written for pycomp.

``TestCase.assertPreciseEqual`` follows the documented rules of Numba's:
values compare within a family (exact: bool, int, NumPy integers, str,
bytes; approximate: floats; complex; sequences; arrays; enums); arrays must
agree on dtype, ndim, shape, writability and strides (ignoring dimensions
of length 0 or 1) before their elements are compared; NumPy scalars must
agree on dtype; bools never equal non-bools; zeros must agree on sign
unless ``ignore_sign_on_zero``; two NaNs are equal; with ``prec`` 'single'
or 'double' inexact values may differ by ``ulps`` units in the last of 24 or
53 bits; ``abs_tol`` (a float, or 'eps' for the type's epsilon) accepts any
smaller absolute difference.

``MemoryLeakMixin`` compares pycomp's runtime allocation statistics before
and after each test (``pycomp.runtime.get_allocation_stats`` once the memory
runtime exists; until then compiled code allocates nothing, so there is
nothing to count and the check is trivially satisfied).
"""

from __future__ import annotations

import cmath
import contextlib
import enum
import gc
import io
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import types as pytypes
import unittest
from functools import cached_property

import numpy as np

from numba import _facade
from numba.core import errors

# ------------------------------------------------------------ flags, platform
# jit keyword dictionaries, as the test modules pass them (``jit(**flags)``)
force_pyobj_flags = {"forceobj": True}
enable_pyobj_flags = {"forceobj": True}
no_pyobj_flags = {"nopython": True}
nrt_flags = {"nopython": True}

_32bit = sys.maxsize <= 2 ** 32
IS_NUMPY_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"
_uname = platform.uname()
IS_MACOS = _uname.system == "Darwin"
IS_MACOS_ARM64 = IS_MACOS and _uname.machine == "arm64"
IS_WIN_ARM64 = _uname.system == "Windows" and _uname.machine == "ARM64"
_is_armv7l = platform.machine() == "armv7l"
REDUCED_TESTING = bool(int(os.environ.get("_NUMBA_REDUCED_TESTING", "0") or 0))
numpy_sincos_low_precision = False
has_typeguard = bool(os.environ.get("NUMBA_USE_TYPEGUARD", 0))

try:
    import scipy  # noqa: F401
    _has_scipy = True
except ImportError:
    _has_scipy = False
try:
    import cffi  # noqa: F401
    _has_cffi = True
except ImportError:
    _has_cffi = False


def _version_is(major, minor):
    return sys.version_info[:2] == (major, minor)


skip_parfors_unsupported = unittest.skipIf(_32bit, "parfors not supported on 32 bit")
skip_unless_py10_or_later = unittest.skipUnless(sys.version_info >= (3, 10), "needs Python 3.10+")
skip_unless_py10 = unittest.skipUnless(_version_is(3, 10), "needs Python 3.10")
skip_unless_py312 = unittest.skipUnless(_version_is(3, 12), "needs Python 3.12")
skip_unless_py314_or_later = unittest.skipUnless(sys.version_info >= (3, 14), "needs Python 3.14+")
skip_if_py313plus_on_windows = unittest.skipIf(sys.version_info >= (3, 13) and os.name == "nt", "Windows")
skip_if_linux_aarch64 = unittest.skipIf(sys.platform.startswith("linux") and platform.machine() == "aarch64",
                                        "linux aarch64")
skip_if_32bit = unittest.skipIf(_32bit, "Not supported on 32 bit")
skip_if_numpy_2 = unittest.skipIf(IS_NUMPY_2, "Not supported on NumPy 2.0+")
skip_if_reduced_testing = unittest.skipIf(REDUCED_TESTING, "reduced testing")
skip_if_freethreading = unittest.skipIf(not getattr(sys, "_is_gil_enabled", lambda: True)(), "free threading")
skip_unless_scipy = unittest.skipIf(not _has_scipy, "SciPy needed for test")
skip_unless_cffi = unittest.skipUnless(_has_cffi, "requires cffi")
linux_only = unittest.skipIf(not sys.platform.startswith("linux"), "linux only test")
windows_only = unittest.skipIf(not sys.platform.startswith("win"), "Windows-only test")
skip_if_windows = unittest.skipIf(sys.platform.startswith("win"), "non Windows test")
disabled_test = unittest.skipIf(True, "Test disabled")
skip_ppc64le_issue4563 = skip_ppc64le_issue6465 = skip_ppc64le_invalid_ctr_loop = unittest.skipIf(
    platform.machine() == "ppc64le", "ppc64le")
skip_macos_fenv_errors = unittest.skipIf(IS_MACOS, "macOS fenv")
skip_win_arm64_unittuple_uimm12 = unittest.skipIf(IS_WIN_ARM64, "Windows ARM64")
skip_unless_typeguard = unittest.skipUnless(has_typeguard, "typeguard not enabled")
skip_if_typeguard = unittest.skipIf(has_typeguard, "typeguard enabled")
# BLAS/LAPACK come from SciPy in Numba; the same condition keeps both engines comparable
needs_lapack = unittest.skipUnless(_has_scipy, "LAPACK needs SciPy 1.0+")
needs_blas = unittest.skipUnless(_has_scipy, "BLAS needs SciPy 1.0+")
needs_subprocess = unittest.skipUnless(os.environ.get("SUBPROC_TEST") == "1", "needs subprocess harness")
try:
    import setuptools  # noqa: F401
    needs_setuptools = unittest.skipUnless(True, "")
except ImportError:
    needs_setuptools = unittest.skip("Test needs setuptools")


def _expected_failure_if(cond):
    def deco(fn):
        return unittest.expectedFailure(fn) if cond else fn
    return deco


expected_failure_py311 = _expected_failure_if(_version_is(3, 11))
expected_failure_py312 = _expected_failure_if(_version_is(3, 12))
expected_failure_py313 = _expected_failure_if(_version_is(3, 13))
expected_failure_py314 = _expected_failure_if(_version_is(3, 14))
expected_failure_py315 = _expected_failure_if(_version_is(3, 15))
expected_failure_np2 = _expected_failure_if(IS_NUMPY_2)


def tag(*names):
    """Mark a test with tags (``important``, ``long_running``, ...)."""
    def deco(fn):
        fn.tags = set(getattr(fn, "tags", ())) | set(names)
        return fn
    return deco


always_test = tag("always_test")


def available_memory_bytes():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def ignore_internal_warnings():
    import warnings

    warnings.filterwarnings("ignore", category=errors.NumbaWarning if hasattr(errors, "NumbaWarning")
                            else Warning)


# ------------------------------------------------------------ runtime stats
def _allocation_stats():
    """(allocations, frees) of pycomp's memory runtime; (0, 0) while compiled
    code allocates nothing (no runtime yet)."""
    get = _facade.first_found(("pycomp.runtime", "get_allocation_stats"))
    if get is None:
        return (0, 0)
    st = get()
    return (st.alloc, st.free) if hasattr(st, "alloc") else tuple(st)[:2]


# ------------------------------------------------------------ TestCase
class TestCase(unittest.TestCase):
    longMessage = True

    @cached_property
    def random(self):
        """The same pseudo-random numbers for every test."""
        return np.random.RandomState(42)

    def reset_module_warnings(self, module):
        if isinstance(module, str):
            module = sys.modules[module]
        module.__dict__.pop("__warningregistry__", None)

    @contextlib.contextmanager
    def assertTypingError(self):
        """The block fails to compile in nopython mode."""
        accepted = (errors.TypingError, TypeError, NotImplementedError)
        lowering = getattr(errors, "LoweringError", None)
        if isinstance(lowering, type):
            accepted += (lowering,)
        with self.assertRaises(accepted) as cm:
            yield cm

    @contextlib.contextmanager
    def assertRefCount(self, *objects):
        gc.collect()
        before = [sys.getrefcount(o) for o in objects]
        yield
        gc.collect()
        after = [sys.getrefcount(o) for o in objects]
        for b, a, o in zip(before, after, objects):
            if b != a:
                self.fail("Refcount changed from %d to %d for object: %r" % (b, a, o))

    def assertRefCountEqual(self, *objects):
        gc.collect()
        counts = [sys.getrefcount(o) for o in objects]
        for i, c in enumerate(counts[1:], 1):
            if c != counts[0]:
                self.fail("Refcount for objects does not match. #0(%d) != #%d(%d)" % (counts[0], i, c))

    @contextlib.contextmanager
    def assertNoNRTLeak(self):
        a0, f0 = _allocation_stats()
        yield
        a1, f1 = _allocation_stats()
        self.assertEqual(a1 - a0, f1 - f0, "number of data allocs != number of data frees")

    # --- precise equality -------------------------------------------------
    @staticmethod
    def _family(x):
        if isinstance(x, np.ndarray):
            return "ndarray"
        if isinstance(x, enum.Enum):
            return "enum"
        if isinstance(x, (tuple, list)):
            return "sequence"
        if isinstance(x, (bool, np.bool_, int, str, np.integer, bytes, np.bytes_)):
            return "exact"
        if isinstance(x, (complex, np.complexfloating)):
            return "complex"
        if isinstance(x, (float, np.inexact)):
            return "approximate"
        return "unknown"

    @staticmethod
    def _relevant_strides(a):
        if a.size == 0:
            return [0] * a.ndim
        return [s / a.itemsize for s, n in zip(a.strides, a.shape) if n > 1]

    def assertStridesEqual(self, first, second):
        self.assertEqual(first.shape, second.shape, "shapes differ")
        self.assertEqual(first.itemsize, second.itemsize, "itemsizes differ")
        self.assertEqual(self._relevant_strides(first), self._relevant_strides(second), "strides differ")

    def assertPreciseEqual(self, first, second, prec="exact", ulps=1, msg=None,
                           ignore_sign_on_zero=False, abs_tol=None):
        """See the module docstring for the rules. ``prec`` is checked only
        where an inexact comparison needs it, as Numba's does (some tests
        pass a message in its place)."""
        try:
            self._precise(first, second, prec, ulps, msg, ignore_sign_on_zero, abs_tol)
        except AssertionError as e:
            text = str(e)
        else:
            return
        self.fail("when comparing %s and %s: %s" % (first, second, text))

    def _precise(self, first, second, prec, ulps, msg, ignore_sign_on_zero, abs_tol):
        fam, fam2 = self._family(first), self._family(second)
        self.assertEqual(fam, fam2, "Type Family mismatch. (%s != %s)%s" % (fam, fam2, ": %s" % msg if msg else ""))
        if fam == "ndarray":
            self.assertEqual(first.dtype, second.dtype)
            self.assertEqual(first.ndim, second.ndim, "different number of dimensions")
            self.assertEqual(first.shape, second.shape, "different shapes")
            self.assertEqual(first.flags.writeable, second.flags.writeable, "different mutability")
            self.assertEqual(self._relevant_strides(first), self._relevant_strides(second), "different strides")
            for a, b in zip(first.flat, second.flat):
                self._precise(a, b, prec, ulps, msg, ignore_sign_on_zero, abs_tol)
            return
        if fam == "sequence":
            self.assertEqual(len(first), len(second), msg=msg)
            for a, b in zip(first, second):
                self._precise(a, b, prec, ulps, msg, ignore_sign_on_zero, abs_tol)
            return
        if fam == "enum":
            self.assertIs(first.__class__, second.__class__)
            self._precise(first.value, second.value, prec, ulps, msg, ignore_sign_on_zero, abs_tol)
            return
        exact = fam == "exact" or prec == "exact"
        if fam == "unknown":
            self.assertIs(first.__class__, second.__class__)
            exact = True
        if hasattr(first, "dtype") and hasattr(second, "dtype"):
            self.assertEqual(first.dtype, second.dtype)
        is_bool = (isinstance(first, (bool, np.bool_)), isinstance(second, (bool, np.bool_)))
        if is_bool[0] != is_bool[1]:
            self.fail("Mismatching return types (%s vs. %s)%s"
                      % (first.__class__, second.__class__, ": %s" % msg if msg else ""))
        try:
            if cmath.isnan(first) and cmath.isnan(second):
                return
        except TypeError:
            pass
        if abs_tol is not None:
            if abs_tol == "eps":
                tol = np.finfo(type(first)).eps
            elif isinstance(abs_tol, float):
                tol = abs_tol
            else:
                raise ValueError('abs_tol is not "eps" or a float, found %s' % (abs_tol,))
            if abs(first - second) < tol:
                return
        delta = None
        if not exact:
            if prec not in ("single", "double"):
                raise ValueError("unsupported precision %r" % (prec,))
            bits = 24 if prec == "single" else 53
            delta = 2.0 ** (ulps - bits - 1) * (abs(first) + abs(second))
        if isinstance(first, (complex, np.complexfloating)):
            self._number(first.real, second.real, delta, msg, ignore_sign_on_zero)
            self._number(first.imag, second.imag, delta, msg, ignore_sign_on_zero)
        elif isinstance(first, (np.timedelta64, np.datetime64)) and np.isnat(first):
            self.assertEqual(np.isnat(first), np.isnat(second))
        else:
            self._number(first, second, delta, msg, ignore_sign_on_zero)

    def _number(self, first, second, delta, msg, ignore_sign_on_zero):
        try:
            special = first == second == 0.0 or math.isinf(first) or math.isinf(second)
        except TypeError:
            special = False
        if delta is None or special:
            self.assertEqual(first, second, msg=msg)
            if not ignore_sign_on_zero:
                try:
                    if math.copysign(1, first) != math.copysign(1, second):
                        self.fail(self._formatMessage(msg, "%s != %s" % (first, second)))
                except TypeError:
                    pass
        else:
            self.assertAlmostEqual(first, second, delta=delta, msg=msg)

    # --- subprocesses -----------------------------------------------------
    def subprocess_test_runner(self, test_module, test_class=None, test_name=None, envvars=None,
                               timeout=60, flags=None, _subproc_test_env="1"):
        """Run one test of ``test_module`` in a fresh interpreter with the
        facade on its path, failing if it fails there."""
        target = ".".join(p for p in (test_module, test_class, test_name) if p)
        facade_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ)
        env.update(envvars or {})
        env["SUBPROC_TEST"] = _subproc_test_env
        env["PYTHONPATH"] = os.pathsep.join([facade_root] + [p for p in sys.path if p])
        cmd = [sys.executable, "-m", "unittest", "-v", target]
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
        if p.returncode != 0:
            self.fail("subprocess failed:\n%s" % p.stderr[-4000:])
        return {"stdout": p.stdout, "stderr": p.stderr}

    @staticmethod
    def run_test_in_subprocess(maybefunc=None, timeout=60, envvars=None):
        """Decorator: run the test in a subprocess (with ``envvars`` set)."""
        def wrapper(func):
            def inner(self, *args, **kwargs):
                if os.environ.get("SUBPROC_TEST") != func.__name__:
                    self.subprocess_test_runner(self.__module__, self.__class__.__name__, func.__name__,
                                                envvars=envvars, timeout=timeout,
                                                _subproc_test_env=func.__name__)
                else:
                    func(self)
            inner.__name__ = func.__name__
            return inner

        if isinstance(maybefunc, pytypes.FunctionType):
            return wrapper(maybefunc)
        return wrapper

    def skip_if_no_external_compiler(self):
        if shutil.which("cc") is None and shutil.which("gcc") is None:
            self.skipTest("no external compiler")

    def make_dummy_type(self):
        raise unittest.SkipTest("numba internal: numba.tests.support.TestCase.make_dummy_type")


class SerialMixin:
    """Tests that must not run in parallel with others (ours run one at a time)."""

    _numba_parallel_test_ = False


class EnableNRTStatsMixin:
    def setUp(self):
        super().setUp()

    def tearDown(self):
        super().tearDown()


class MemoryLeak:
    """Fails a test whose compiled code allocated more than it freed."""

    __enable_leak_check = True

    def memory_leak_setup(self):
        gc.collect()
        self.__init_stats = _allocation_stats()

    def memory_leak_teardown(self):
        if self.__enable_leak_check:
            self.assert_no_memory_leak()

    def assert_no_memory_leak(self):
        gc.collect()
        a0, f0 = self.__init_stats
        a1, f1 = _allocation_stats()
        self.assertEqual(a1 - a0, f1 - f0, "memory leak: %d allocations, %d frees" % (a1 - a0, f1 - f0))

    def disable_leak_check(self):
        self.__enable_leak_check = False


class MemoryLeakMixin(EnableNRTStatsMixin, MemoryLeak):
    def setUp(self):
        super().setUp()
        self.memory_leak_setup()

    def tearDown(self):
        gc.collect()
        self.memory_leak_teardown()
        super().tearDown()


# ------------------------------------------------------------ utilities
@contextlib.contextmanager
def override_config(name, value):
    """Temporarily set ``numba.core.config.<name>``."""
    from numba.core import config

    missing = object()
    old = config.__dict__.get(name, missing)
    setattr(config, name, value)
    try:
        yield
    finally:
        if old is missing:
            delattr(config, name)
        else:
            setattr(config, name, old)


@contextlib.contextmanager
def override_env_config(name, value):
    old = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            del os.environ[name]
        else:
            os.environ[name] = old


def compile_function(name, code, globs):
    """Define function ``name`` from source ``code`` with globals ``globs``."""
    ns = {}
    exec(compile(code, "<string>", "exec"), globs, ns)
    return ns[name]


_temp_root = None


def temp_directory(prefix):
    global _temp_root
    if _temp_root is None:
        _temp_root = tempfile.mkdtemp(prefix="numba-suite-tmp-")
    return tempfile.mkdtemp(prefix=prefix + "-", dir=_temp_root)


def import_dynamic(modname):
    import importlib

    return importlib.import_module(modname)


@contextlib.contextmanager
def captured_output(stream_name):
    orig = getattr(sys, stream_name)
    setattr(sys, stream_name, io.StringIO())
    try:
        yield getattr(sys, stream_name)
    finally:
        setattr(sys, stream_name, orig)


def captured_stdout():
    return captured_output("stdout")


def captured_stderr():
    return captured_output("stderr")


def create_temp_module(source_lines, **jit_options):
    """Write ``source_lines`` (with ``{jit_options}`` filled in) to a module in
    a temporary folder and import it; a context manager yielding the module."""
    import importlib
    import uuid

    @contextlib.contextmanager
    def cm():
        d = temp_directory("test_temp_module")
        name = "temp_module_%s" % uuid.uuid4().hex
        opts = ", ".join("%s=%r" % kv for kv in jit_options.items())
        with open(os.path.join(d, name + ".py"), "w") as f:
            f.write(source_lines.format(jit_options=opts) if "{jit_options}" in source_lines else source_lines)
        sys.path.insert(0, d)
        try:
            yield importlib.import_module(name)
        finally:
            sys.path.remove(d)
            sys.modules.pop(name, None)
            shutil.rmtree(d, ignore_errors=True)

    return cm()


def run_in_subprocess(code, flags=None, env=None, timeout=30):
    """Run ``code`` in a fresh interpreter with the facade on its path;
    returns (stdout, stderr) as bytes; a failure raises AssertionError."""
    facade_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    full_env = dict(os.environ if env is None else env)
    full_env["PYTHONPATH"] = os.pathsep.join([facade_root] + [p for p in sys.path if p])
    p = subprocess.run([sys.executable] + list(flags or []) + ["-c", code], env=full_env,
                       capture_output=True, timeout=timeout)
    if p.returncode != 0:
        raise AssertionError("process failed with code %s: stderr follows\n%s"
                             % (p.returncode, p.stderr.decode(errors="replace")))
    return p.stdout, p.stderr


def __getattr__(name):
    """Any other support name is tied to Numba's internals."""
    if name.startswith("__"):
        raise AttributeError(name)
    return _facade.StandIn("numba.tests.support." + name, "internal")
