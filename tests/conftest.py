import os
import tempfile

# hypothesis keeps a cache in the working directory unless told otherwise
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "pycomp-hypothesis"))
# every compilation in the suite verifies the IR after each stage (pycomp.compiler.verify_stage)
os.environ.setdefault("PYCOMP_VERIFY", "1")


def pytest_configure(config):
    for m in ("pycomp_only: checks of pycomp-specific behaviour (skipped under PYCOMP_TEST_ENGINE=numba)",
              "numba_differs: Numba lacks this or behaves differently (strict xfail under Numba)",
              "cpython_differs: compiled semantics deliberately differ from CPython (expected value given)"):
        config.addinivalue_line("markers", m)

# tests/numba_suite runs Numba's own test modules in child processes (its own
# command, see docs/numba-suite.md); pytest must not collect its facade
collect_ignore = ["numba_suite"]
