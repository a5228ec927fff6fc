import os
import tempfile

# hypothesis keeps a cache in the working directory unless told otherwise
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(tempfile.gettempdir(), "pycomp-hypothesis"))
# every compilation in the suite verifies the IR after each stage (pycomp.compiler.verify_stage)
os.environ.setdefault("PYCOMP_VERIFY", "1")


def pytest_configure(config):
    for m in ("pycomp_only: checks of pycomp-specific behaviour (skipped under PYCOMP_TEST_ENGINE=numba)",
              "numba_differs: Numba lacks this or behaves differently (strict xfail under Numba)",
              "cpython_differs: compiled semantics deliberately differ from CPython (expected value given)",
              "keeps_runtime_memory: the test keeps memory of pycomp's runtime allocated on purpose (no leak check)"):
        config.addinivalue_line("markers", m)

# tests/numba_suite runs Numba's own test modules in child processes (its own
# command, see docs/numba-suite.md); pytest must not collect its facade
collect_ignore = ["numba_suite"]


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _no_runtime_leaks(request):
    """Every test fails if it leaves memory of pycomp's runtime allocated
    (support.no_leaks around the whole test, after its locals are gone).
    A test that keeps runtime memory on purpose (a module-level cache of
    results) is marked ``keeps_runtime_memory``. Not under
    PYCOMP_TEST_ENGINE=numba: Numba leaks what a raised exception abandons,
    which pycomp releases (docs/architecture.md, "Memory")."""
    from support import is_numba, no_leaks

    if is_numba or request.node.get_closest_marker("keeps_runtime_memory"):
        yield
        return

    with no_leaks():
        yield
