"""Fused array expressions: pycomp against Numba and NumPy, in achieved
memory bandwidth against the machine's, measured in the same run.

Cases (each the same plain-Python function for every engine):

- ``ops2``: ``a * b + c``; ``ops3``: ``(a - b) / (a + b + 1.0)``;
  ``ops5``: ``np.sqrt(a * a + b * b) * c - 1.0``; ``ops8``:
  ``((a * b + c) * 0.5 - a / (b + 1.0)) * c + b - 2.0``: element-wise
  expressions of 2 to 8 operations making a new array;
- ``trig``: ``np.sin(a) ** 2 + np.cos(a) ** 2`` (compute-bound);
- ``into``: ``out[:] = a * b + c`` (written into an existing array: the
  STREAM triad plus one read);
- ``lap1d``: ``a[2:] - 2.0 * a[1:-1] + a[:-2]`` and ``lap2d``: the 5-point
  Laplacian of an n-element square grid, stencils written with slices;
- ``heat``: ``un[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * (5-point stencil)``,
  one explicit time step into an existing grid.

Engines: pycomp, pycomp with the fusion off (``no_rewrites=True``,
``unfused``), Numba and NumPy. Ratios are pycomp time / other time (below
1: pycomp is faster).

Bandwidth counts, as STREAM does, each array read or written once per
element (the arrays an engine must at least touch: distinct inputs plus
the result), and is given as a fraction of the machine's bandwidth: a C
STREAM triad (``a[i] = b[i] + 3 * c[i]`` on 10^7 doubles, compiled with
``cc -O3 -march=native`` at start, best of 20) in the same run. Cases
that fit in cache can exceed 1.

    python benchmarks/arrayexpr.py                      # every case, sizes 10^3 .. 10^7
    python benchmarks/arrayexpr.py --cases ops2,into --sizes 10000000
    python benchmarks/arrayexpr.py --json out.json
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.arrays import best_time  # noqa: E402


def ops2(a, b, c):
    return a * b + c


def ops3(a, b, c):
    return (a - b) / (a + b + 1.0)


def ops5(a, b, c):
    return np.sqrt(a * a + b * b) * c - 1.0


def ops8(a, b, c):
    return ((a * b + c) * 0.5 - a / (b + 1.0)) * c + b - 2.0


def trig(a, b, c):
    return np.sin(a) ** 2 + np.cos(a) ** 2


def into(out, a, b, c):
    out[:] = a * b + c
    return out


def lap1d(a):
    return a[2:] - 2.0 * a[1:-1] + a[:-2]


def lap2d(u):
    return u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4.0 * u[1:-1, 1:-1]


def heat(u, un):
    un[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2]
                                          - 4.0 * u[1:-1, 1:-1])
    return un


def _three(n):
    rng = np.random.default_rng(1)
    return tuple(rng.random(n) for _ in range(3))


def _grid(n):
    side = max(3, int(round(n ** 0.5)))
    return (np.random.default_rng(2).random((side, side)),)


#: name -> (function, arguments for size n, arrays touched per element (STREAM's count))
CASES = {
    "ops2": (ops2, _three, 4),
    "ops3": (ops3, _three, 3),
    "ops5": (ops5, _three, 4),
    "ops8": (ops8, _three, 4),
    "trig": (trig, _three, 2),
    "into": (into, lambda n: (np.zeros(n),) + _three(n), 4),
    "lap1d": (lap1d, lambda n: _three(n)[:1], 2),
    "lap2d": (lap2d, _grid, 2),
    "heat": (heat, lambda n: _grid(n) + (np.zeros_like(_grid(n)[0]),), 2),
}

_TRIAD_C = r"""
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
double triad(double *a, const double *b, const double *c, long n, int reps) {
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t = now();
        for (long i = 0; i < n; i++) a[i] = b[i] + 3.0 * c[i];
        t = now() - t;
        if (t < best) best = t;
    }
    return best;
}
"""


def stream_triad_bandwidth(n: int = 10_000_000, reps: int = 20) -> float | None:
    """The machine's memory bandwidth in bytes per second: a C STREAM
    triad over ``n`` doubles (24 bytes per element), best of ``reps``;
    None without a C compiler."""
    with tempfile.TemporaryDirectory() as tmp:
        src, lib = os.path.join(tmp, "triad.c"), os.path.join(tmp, "triad.so")
        with open(src, "w") as f:
            f.write(_TRIAD_C)
        cc = os.environ.get("CC", "cc")
        try:
            subprocess.run([cc, "-O3", "-march=native", "-shared", "-fPIC", src, "-o", lib], check=True,
                           capture_output=True)
        except (OSError, subprocess.CalledProcessError):
            return None
        fn = ctypes.CDLL(lib).triad
        fn.restype = ctypes.c_double
        ptr = ctypes.POINTER(ctypes.c_double)
        fn.argtypes = [ptr, ptr, ptr, ctypes.c_long, ctypes.c_int]
        a, b, c = np.zeros(n), np.ones(n), np.full(n, 2.0)
        seconds = fn(*(x.ctypes.data_as(ptr) for x in (a, b, c)), n, reps)
        assert a[n // 2] == 7.0
        return 24.0 * n / seconds


def _elements(fn, data) -> int:
    """Elements computed by one call (the result's size)."""
    res = fn(*data)
    return int(np.asarray(res).size)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cases", default=",".join(CASES))
    p.add_argument("--sizes", default="1000,100000,1000000,10000000")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--json", default=os.path.join(os.path.dirname(__file__), "results", "arrayexpr.json"))
    args = p.parse_args(argv)

    import numba

    import pycomp

    bw = stream_triad_bandwidth()
    print("# load average %.2f on %d CPUs; STREAM triad: %s" % (
        os.getloadavg()[0], os.cpu_count(), "%.1f GB/s" % (bw / 1e9) if bw else "no C compiler"))
    print("%-6s %9s %10s %10s %10s %10s %7s %7s %7s %6s %6s" % (
        "case", "n", "pycomp", "unfused", "numba", "numpy", "pc/nb", "pc/np", "pc/unf", "GB/s", "of BW"))
    rows = []
    for name in args.cases.split(","):
        fn, make, touched = CASES[name]
        engines = {"pycomp": pycomp.njit(fn), "unfused": pycomp.njit(no_rewrites=True)(fn),
                   "numba": numba.njit(fn), "numpy": fn}
        for n in (int(s) for s in args.sizes.split(",")):
            data = make(n)
            ref = fn(*[x.copy() for x in data])
            times = {}
            for eng, f in engines.items():
                got = f(*[x.copy() for x in data])
                if not np.allclose(got, ref, rtol=1e-12, atol=1e-12, equal_nan=True):
                    raise SystemExit("%s: %s gives a wrong result at n=%d" % (name, eng, n))
                times[eng] = best_time(f, data, repeat=args.repeat)
            elems = _elements(fn, data)
            gbs = touched * 8 * elems / times["pycomp"] / 1e9
            ratio = {o: times["pycomp"] / times[o] for o in ("numba", "numpy", "unfused")}
            rows.append({"case": name, "n": elems, "seconds": times, "pycomp/numba": ratio["numba"],
                         "pycomp/numpy": ratio["numpy"], "pycomp/unfused": ratio["unfused"],
                         "pycomp_GBps": gbs, "fraction_of_stream": gbs * 1e9 / bw if bw else None})
            print("%-6s %9d %8.4gus %8.4gus %8.4gus %8.4gus %7.3f %7.3f %7.3f %6.1f %6s" % (
                name, elems, *(1e6 * times[e] for e in ("pycomp", "unfused", "numba", "numpy")),
                ratio["numba"], ratio["numpy"], ratio["unfused"], gbs,
                "%.2f" % (gbs * 1e9 / bw) if bw else "-"))
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump({"machine": platform.machine(), "cpus": os.cpu_count(), "numba": numba.__version__,
                   "numpy": np.__version__, "stream_triad_Bps": bw, "rows": rows}, f, indent=1)
    print("wrote", args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
