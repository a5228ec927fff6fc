"""The Numba-suite harness itself (tests/numba_suite): the facade resolves
Numba's names as documented, the support module's assertPreciseEqual keeps
Numba's rules, and the runner survives tests that crash or hang."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from support import is_pycomp

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = os.path.join(HERE, "numba_suite")
FACADE = os.path.join(SUITE, "facade")

pytestmark = pytest.mark.skipif(not is_pycomp, reason="the harness runs pycomp behind Numba's names")

try:
    import importlib.util

    HAVE_NUMBA = importlib.util.find_spec("numba") is not None
except ImportError:  # pragma: no cover
    HAVE_NUMBA = False
needs_numba = pytest.mark.skipif(not HAVE_NUMBA, reason="numba (its test files) is not installed")


def run_facade(code, env=None):
    """Run ``code`` in a fresh interpreter with the facade first on the path."""
    full = dict(os.environ, PYTHONPATH=os.pathsep.join([FACADE] + sys.path))
    full.update(env or {})
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                       env=full, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


@needs_numba
def test_facade_resolves_the_user_api_to_pycomp():
    out = run_facade("""
        import numba, pycomp
        from numba.core import types, errors
        print(numba.types is pycomp.types, types is not None, numba.typeof is pycomp.typeof)
        print(numba.float64 is pycomp.types.float64, errors.TypingError is pycomp.errors.TypingError)
        print(numba.njit(lambda x: x + 1)(41))
        from numba.np.numpy_support import from_dtype, as_dtype
        import numpy as np
        print(from_dtype(np.dtype('int16')) is pycomp.types.int16, as_dtype(pycomp.types.float32))
    """)
    assert out.split() == ["True", "True", "True", "True", "True", "42", "True", "float32"]


@needs_numba
def test_private_names_never_resolve_to_pycomp_modules():
    out = run_facade("""
        import numba, pycomp._helperlib, pycomp._dispatcher
        from numba import _helperlib, _dispatcher
        print(_helperlib is pycomp._helperlib, _dispatcher is pycomp._dispatcher)
        print(type(_helperlib).__name__, _helperlib.__file__.endswith(('.so', '.pyd')))
    """)
    assert out.split() == ["False", "False", "FacadeModule", "True"]


@needs_numba
def test_internals_are_lenient_at_import_and_skip_in_tests():
    out = run_facade("""
        import unittest
        import numba
        from numba._facade import STATE
        from numba.core.compiler import Flags          # an internal: a stand-in
        flags = Flags()                                # fine while a module loads
        flags.nrt = True
        class Pipeline(Flags): pass                    # even as a base class
        from numba.extending import overload_classmethod  # user API pycomp lacks yet
        STATE.begin_test()
        for use in (lambda: Flags(), lambda: Pipeline(), lambda: overload_classmethod(len)):
            try:
                use()
            except unittest.SkipTest as e:
                print("skip", e)
            except NotImplementedError as e:
                print("lacking", e)
        print(sorted(STATE.end_test()))
    """)
    lines = out.strip().splitlines()
    assert lines[0] == "skip numba internal: numba.core.compiler.Flags"
    assert lines[1] == "skip numba internal: numba.core.compiler.Flags"
    # when pycomp.extending gets overload_classmethod, it resolves to it: pick another lacking name then
    assert lines[2] == "lacking pycomp has no numba.extending.overload_classmethod yet"
    assert "internal" in lines[3]


@needs_numba
def test_forceobj_is_noted_for_the_objmode_split():
    out = run_facade("""
        import numba
        from numba._facade import STATE
        STATE.begin_test()
        try:
            numba.jit(forceobj=True)(lambda x: x)
        except Exception:
            pass
        print(sorted(STATE.end_test()))
    """)
    assert out.strip() == "['forceobj']"


# ------------------------------------------------------------ assertPreciseEqual
@pytest.fixture(scope="module")
def tc():
    sys.path.insert(0, FACADE)
    saved = {k: v for k, v in sys.modules.items() if k == "numba" or k.startswith("numba.")}
    for k in saved:
        del sys.modules[k]
    try:
        from numba.tests.support import TestCase

        class T(TestCase):
            def runTest(self):
                pass

        yield T()
    finally:
        for k in [k for k in sys.modules if k == "numba" or k.startswith("numba.")]:
            del sys.modules[k]
        sys.modules.update(saved)
        sys.path.remove(FACADE)


@needs_numba
@pytest.mark.parametrize("a, b, kw", [
    (1, 1, {}), (1.0, 1.0, {}), (float("nan"), float("nan"), {}), (np.int32(3), np.int32(3), {}),
    ((1, 2.5), (1, 2.5), {}), (1.0, 1.0 + 2 ** -52, {"prec": "double"}),
    (1.0, 1.0 + 2 ** -30, {"prec": "single"}), (0.0, -0.0, {"ignore_sign_on_zero": True}),
    (1e-20, 2e-20, {"prec": "double", "abs_tol": 1e-10}), (1 + 2j, 1 + 2j, {}),
    (np.arange(3.0), np.arange(3.0), {}),
])
def test_precise_equal_accepts(tc, a, b, kw):
    tc.assertPreciseEqual(a, b, **kw)


@needs_numba
@pytest.mark.parametrize("a, b, kw", [
    (1, 1.0, {}),                                   # exact vs approximate family
    (True, 1, {}),                                  # bool vs int
    (np.int32(3), np.int64(3), {}),                 # NumPy scalars of other dtypes
    (0.0, -0.0, {}),                                # signed zeros
    (complex(0.0, 0.0), complex(0.0, -0.0), {}),
    (1.0, 1.0 + 2 ** -52, {}),                      # exact by default
    (1.0, 1.0 + 2 ** -20, {"prec": "single"}),
    (np.arange(3.0), np.arange(3), {}),             # dtype
    (np.zeros((2, 2)), np.zeros((2, 2), order="F"), {}),  # strides
    (np.arange(3.0), np.arange(3.0).reshape(3, 1), {}),   # shape
    ((1, 2), (1, 2, 3), {}),
])
def test_precise_equal_rejects(tc, a, b, kw):
    with pytest.raises(AssertionError):
        tc.assertPreciseEqual(a, b, **kw)


@needs_numba
def test_precise_equal_rejects_other_writability(tc):
    ro = np.arange(3.0)
    ro.flags.writeable = False
    with pytest.raises(AssertionError, match="mutability"):
        tc.assertPreciseEqual(np.arange(3.0), ro)


# ------------------------------------------------------------ the runner
FAKE_MODULE = '''
import ctypes, os, time, unittest

class TestFake(unittest.TestCase):
    def test_a_pass(self):
        self.assertEqual(1 + 1, 2)

    def test_b_crash(self):
        ctypes.string_at(0)  # SIGSEGV: the interpreter dies

    def test_c_fail(self):
        self.assertEqual("text", "other text")

    def test_d_hang(self):
        time.sleep(60)

    def test_e_pass_after(self):
        pass

    def test_f_error(self):
        raise KeyError("boom")
'''


@needs_numba
def test_runner_survives_crashes_and_hangs(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_fake_harness.py").write_text(FAKE_MODULE)
    env = dict(os.environ, PYCOMP_NUMBA_SUITE_EXTRA_TESTS=str(tmp_path / "tests"),
               PYCOMP_NUMBA_SUITE_TEST_TIMEOUT="3", PYCOMP_NUMBA_SUITE_RESULTS=str(tmp_path / "results"))
    p = subprocess.run([sys.executable, os.path.join(SUITE, "harness.py"), "run", "test_fake_harness",
                        "--jobs", "1"], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    with open(tmp_path / "results" / "pycomp.jsonl") as f:
        got = {r["id"].rsplit(".", 1)[-1]: r for r in map(json.loads, f)}
    assert {k: r["outcome"] for k, r in got.items()} == {
        "test_a_pass": "pass", "test_b_crash": "crash", "test_c_fail": "fail",
        "test_d_hang": "timeout", "test_e_pass_after": "pass", "test_f_error": "error"}
    assert got["test_f_error"]["detail"]["type"] == "KeyError"
