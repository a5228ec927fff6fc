"""The NumPy API in compiled code: pycomp against Numba and NumPy in one run.

Cases (each the same plain-Python function for every engine; an engine that
cannot compile a case shows ``-``, with the reason in the JSON):

- ``matmul``: ``a @ b`` of float64 n x n matrices (Numba needs scipy for
  it, which this machine may lack: then ``-``);
- ``sum_axis0``, ``sum_axis1``: ``a.sum(axis=...)`` of an n x n matrix;
- ``mean_axis1``: ``a.mean(axis=1)`` (Numba takes no axis there);
- ``sort``: ``np.sort`` of n float64; ``median``, ``percentile``
  (``np.percentile(a, 90)``) of n float64;
- ``median_rows``: the sum of ``np.median`` of each row of a 10^6 / n x n
  matrix: every call sees other data (repeating one small input lets the
  branch predictor learn a selection's comparisons, which real calls do
  not allow);
- ``concatenate``: ``np.concatenate((a, b))`` of two n-vectors;
- ``where``: ``np.where(a > 0.5, a, 0.0)``;
- ``cumsum``: ``np.cumsum`` of n float64;
- ``solve``: ``np.linalg.solve(a, b)`` of an n x n system with n right-hand
  sides (Numba needs scipy);
- ``histogram``: the counts of ``np.histogram(a, 50)`` of n float64;
- ``rand_uniform``, ``rand_normal``, ``rand_int``: n draws of the legacy
  generator after ``np.random.seed(0)`` (``random``, ``standard_normal``,
  ``randint(0, 1000)``), the same values in every engine;
- ``gen_normal``: n ``standard_normal`` draws of a ``np.random.Generator``
  passed in (its state advances: values not compared between engines);
- ``gather2``: ``a[rows, cols]``, n items of a 1000 x 1000 matrix picked by
  two index arrays (advanced indexing with several arrays);
- ``take_axis``: ``np.take(a, idx, axis=1)``, n columns of a 100-row matrix.

    python benchmarks/numpy_api.py                 # all cases, the default sizes
    python benchmarks/numpy_api.py --cases matmul --sizes 100,500,1000
    python benchmarks/numpy_api.py --json out.json

Ratios are pycomp time / other time (below 1: pycomp is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.arrays import best_time  # noqa: E402


def matmul(a, b):
    return a @ b


def sum_axis0(a):
    return a.sum(axis=0)


def sum_axis1(a):
    return a.sum(axis=1)


def mean_axis1(a):
    return a.mean(axis=1)


def sort(a):
    return np.sort(a)


def median(a):
    return np.median(a)


def median_rows(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += np.median(a[i])
    return s


def percentile(a):
    return np.percentile(a, 90.0)


def concatenate(a, b):
    return np.concatenate((a, b))


def where(a):
    return np.where(a > 0.5, a, 0.0)


def cumsum(a):
    return np.cumsum(a)


def solve(a, b):
    return np.linalg.solve(a, b)


def histogram(a):
    return np.histogram(a, 50)[0]


def rand_uniform(n):
    np.random.seed(0)
    return np.random.random(n)


def rand_normal(n):
    np.random.seed(0)
    return np.random.standard_normal(n)


def rand_int(n):
    np.random.seed(0)
    return np.random.randint(0, 1000, n)


def gen_normal(g, n):
    return g.standard_normal(n)


def gather2(a, rows, cols):
    return a[rows, cols]


def take_axis(a, idx):
    return np.take(a, idx, axis=1)


def _gather_args(n):
    rng = np.random.default_rng(4)
    return (rng.random((1000, 1000)), rng.integers(0, 1000, n), rng.integers(0, 1000, n))


def _take_args(n):
    rng = np.random.default_rng(5)
    return (rng.random((100, 1000)), rng.integers(0, 1000, n))


def _square(n):
    rng = np.random.default_rng(1)
    return (rng.random((n, n)), rng.random((n, n)))


def _vec(n, k=1):
    rng = np.random.default_rng(2)
    return tuple(rng.random(n) for _ in range(k))


#: name -> (function, make arguments for size n, default sizes[, compare results between engines])
CASES = {
    "matmul": (matmul, _square, (100, 500, 1000, 2000)),
    "solve": (solve, _square, (100, 500, 1000, 2000)),
    "histogram": (histogram, _vec, (1000, 1000000)),
    "rand_uniform": (rand_uniform, lambda n: (n,), (1000, 1000000)),
    "rand_normal": (rand_normal, lambda n: (n,), (1000, 1000000)),
    "rand_int": (rand_int, lambda n: (n,), (1000, 1000000)),
    "gen_normal": (gen_normal, lambda n: (np.random.default_rng(3), n), (1000, 1000000), False),
    "sum_axis0": (sum_axis0, lambda n: _square(n)[:1], (100, 1000)),
    "sum_axis1": (sum_axis1, lambda n: _square(n)[:1], (100, 1000)),
    "mean_axis1": (mean_axis1, lambda n: _square(n)[:1], (100, 1000)),
    "sort": (sort, _vec, (1000, 1000000)),
    "median": (median, _vec, (1000, 1000000)),
    "median_rows": (median_rows, lambda n: (np.random.default_rng(4).random((max(1, 10**6 // n), n)),),
                    (100, 1000, 100000)),
    "percentile": (percentile, _vec, (1000, 1000000)),
    "concatenate": (concatenate, lambda n: _vec(n, 2), (1000, 1000000)),
    "where": (where, _vec, (1000, 1000000)),
    "cumsum": (cumsum, _vec, (1000, 1000000)),
    "gather2": (gather2, _gather_args, (1000, 1000000)),
    "take_axis": (take_axis, _take_args, (100, 10000)),
}


def _same(x, y) -> bool:
    return np.allclose(np.asarray(x), np.asarray(y), rtol=1e-9, atol=1e-9)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cases", default=",".join(CASES))
    p.add_argument("--sizes", default=None, help="comma-separated sizes for every case (default: each case's own)")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--json", default=os.path.join(os.path.dirname(__file__), "results", "numpy_api.json"))
    args = p.parse_args(argv)
    import numba

    import pycomp

    print("# load average %.2f on %d CPUs" % (os.getloadavg()[0], os.cpu_count()))
    print("%-12s %8s %11s %11s %11s %8s %8s" % ("case", "n", "pycomp", "numba", "numpy", "pc/nb", "pc/np"))
    rows = []
    for name in args.cases.split(","):
        fn, make, sizes = CASES[name][:3]
        compare = CASES[name][3] if len(CASES[name]) > 3 else True
        if args.sizes:
            sizes = tuple(int(s) for s in args.sizes.split(","))
        engines = {"pycomp": pycomp.njit(fn), "numba": numba.njit(fn), "numpy": fn}
        for n in sizes:
            data = make(n)
            ref = fn(*data)
            times, errors = {}, {}
            for eng, f in engines.items():
                try:
                    got = f(*data)
                except Exception as e:  # noqa: BLE001 -- an engine that cannot compile the case
                    errors[eng] = "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:200])
                    continue
                if compare and not _same(got, ref):
                    raise SystemExit("%s: %s gives a wrong result at n=%d" % (name, eng, n))
                times[eng] = best_time(f, data, repeat=args.repeat)
            ratio = {o: times["pycomp"] / times[o] for o in ("numba", "numpy") if "pycomp" in times and o in times}
            rows.append({"case": name, "n": n, "seconds": times, "errors": errors,
                         "pycomp/numba": ratio.get("numba"), "pycomp/numpy": ratio.get("numpy")})
            us = lambda e: "%9.3gus" % (1e6 * times[e]) if e in times else "%11s" % "-"  # noqa: E731
            r = lambda o: "%8.3f" % ratio[o] if o in ratio else "%8s" % "-"  # noqa: E731
            print("%-12s %8d %11s %11s %11s %s %s" % (name, n, us("pycomp"), us("numba"), us("numpy"),
                                                       r("numba"), r("numpy")))
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump({"machine": platform.machine(), "cpus": os.cpu_count(), "numba": numba.__version__,
                   "numpy": np.__version__, "rows": rows}, f, indent=1)
    print("wrote", args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
