"""``numba.tests``: the real test modules from the installed wheel, with the
facade's own ``support`` module taking the place of Numba's."""

import os

from numba._facade import real_numba_dir

REAL_TESTS_DIR = os.path.join(real_numba_dir(), "tests")
__path__.append(REAL_TESTS_DIR)
# more test modules (the harness's own tests use it for modules that crash or hang)
__path__.extend(p for p in os.environ.get("PYCOMP_NUMBA_SUITE_EXTRA_TESTS", "").split(os.pathsep) if p)
