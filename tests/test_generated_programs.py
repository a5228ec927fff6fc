"""Programs nobody wrote by hand: random numeric functions from
tests/program_generator.py (loops, branches, tuples, inner functions and
closures, calls with conditional arguments, integer and float arithmetic
that may divide by zero) compiled and compared with CPython on several
inputs: same values and kinds, or the same exception. Every program must
compile: the generator only writes what compiled code supports.
``scripts/random-programs.py -n 2000`` runs thousands of them."""

import re

import pytest

from program_generator import compile_program, generate, inputs
from support import check, is_numba, jitted

SEEDS = range(60)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_program_matches_cpython(seed):
    src = generate(seed)
    if is_numba and re.search(r"def g\d|lambda", src):
        pytest.skip("Numba refuses many inner functions (defaults, variables assigned after the definition)")
    pyfunc = compile_program(src, seed)
    cfunc = jitted(pyfunc)
    for args in inputs(seed):
        # the exception class must match; its message is Numba's ("division by zero"), not always CPython's
        check(pyfunc, *args, cfunc=cfunc, match_message=False)
