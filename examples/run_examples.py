"""Compile the example programs with pycomp, check each against CPython on
the same inputs and print the speed-up.

    python examples/run_examples.py
"""

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pycomp  # noqa: E402
from kernels import make_inputs  # noqa: E402


def copy_args(args):
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


def same(a, b):
    if isinstance(a, tuple):
        return all(same(x, y) for x, y in zip(a, b))
    if a is None or b is None:
        return a is b
    return np.allclose(a, b)


def best_of(fn, args, repeat):
    times = []
    for _ in range(repeat):
        fresh = copy_args(args)
        t0 = time.perf_counter()
        fn(*fresh)
        times.append(time.perf_counter() - t0)
    return min(times)


def main():
    print("pycomp %s on Python %s" % (pycomp.__version__, sys.version.split()[0]))
    print("%-22s %12s %12s %12s %10s  %s" % ("example", "compile", "CPython", "pycomp", "speed-up", "check"))
    failures = 0
    for name, fn, make in make_inputs():
        args = make()
        jitted = pycomp.njit(fn)
        t0 = time.perf_counter()
        jit_args, py_args = copy_args(args), copy_args(args)
        got = jitted(*jit_args)
        compile_time = time.perf_counter() - t0
        want = fn(*py_args)
        ok = same(got, want) and all(
            np.allclose(x, y) for x, y in zip(jit_args, py_args) if isinstance(x, np.ndarray))
        failures += not ok
        t_py = best_of(fn, args, 1)
        if t_py < 0.1:  # cheap enough to take the best of a few (NumPy's first call warms caches)
            t_py = min(t_py, best_of(fn, args, 5))
        t_jit = best_of(jitted, args, 5)
        print("%-22s %9.1f ms %9.1f ms %9.3f ms %9.0fx  %s" % (
            name, compile_time * 1e3, t_py * 1e3, t_jit * 1e3, t_py / t_jit, "ok" if ok else "MISMATCH"))
    if failures:
        print("%d example(s) disagree with CPython" % failures)
        return 1
    print("all examples match CPython")
    return 0


if __name__ == "__main__":
    sys.exit(main())
