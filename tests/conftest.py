import pytest


def pytest_configure(config):
    for m in ("pycomp_only: checks of pycomp-specific behaviour (skipped under PYCOMP_TEST_ENGINE=numba)",
              "numba_differs: pycomp deliberately differs from Numba here"):
        config.addinivalue_line("markers", m)
