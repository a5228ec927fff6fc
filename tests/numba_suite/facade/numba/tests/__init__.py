"""``numba.tests``: the real test modules from the installed wheel, with the
facade's own ``support`` module taking the place of Numba's."""

import os

from numba._facade import real_numba_dir

REAL_TESTS_DIR = os.path.join(real_numba_dir(), "tests")
__path__.append(REAL_TESTS_DIR)
