"""Array reductions (sum, min, argmax, and sum of an int64 array and of a
strided view) on 10**6 elements: pycomp against Numba, in one process.
Run: ``python benchmarks/array_reductions.py``; prints best-of times and
the ratio pycomp/Numba (below 1: pycomp is faster)."""

import timeit

import numba
import numpy as np

import pycomp


def r_sum(a):
    return a.sum()


def r_min(a):
    return a.min()


def r_argmax(a):
    return a.argmax()


def r_mean(a):
    return a.mean()


def main():
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, 10**6)
    xi = rng.integers(-100, 100, 10**6)
    cases = [("sum f8", r_sum, x), ("min f8", r_min, x), ("argmax f8", r_argmax, x), ("mean f8", r_mean, x),
             ("sum i8", r_sum, xi), ("min i8", r_min, xi), ("sum f8 [::2]", r_sum, x[::2]),
             ("sum f8 2d[:, ::2]", r_sum, x.reshape(1000, 1000)[:, ::2])]
    print("%-20s %10s %10s %7s" % ("case", "pycomp us", "numba us", "ratio"))
    for name, fn, arr in cases:
        pc, nb = pycomp.njit(fn), numba.njit(fn)
        assert np.isclose(pc(arr), nb(arr))
        tp = min(timeit.repeat(lambda: pc(arr), number=20, repeat=7)) / 20 * 1e6
        tn = min(timeit.repeat(lambda: nb(arr), number=20, repeat=7)) / 20 * 1e6
        print("%-20s %10.1f %10.1f %7.2f" % (name, tp, tn, tp / tn))


if __name__ == "__main__":
    main()
