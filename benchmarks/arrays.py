"""Arrays as values: pycomp against Numba and NumPy in one run, with the
machine's memory bandwidth measured in the same run.

Cases (each the same plain-Python function for every engine):

- ``expr3``: ``a * b + c`` (allocating its result);
- ``expr5``: ``a * b + c * d - e`` (5 operations);
- ``expr3_named``: ``a * b + c`` through named temporaries (``t = a * b;
  u = t + c``): Numba's array-expression rewrite fuses ``expr3`` and
  ``expr5`` into one loop but not this form; pycomp fuses all three
  (``nb-fuse-arrayexpr``; ``benchmarks/arrayexpr.py`` has more cases);
- ``stencil``: ``out[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] +
  a[1:-1, :-2] + a[1:-1, 2:])`` on a square grid, slices everywhere;
- ``sum``, ``min``, ``argmax``, ``mean``: reductions of a float64 array;
- ``sum_strided``: ``a[::2].sum()``;
- ``zeros``, ``arange``: creation;
- ``mask``: ``a[a > 0.5]``.

Bandwidth: a STREAM triad (``x[i] = y[i] + s * z[i]``, float64) compiled
with llvmlite at -O3 (no allocation, no Python in the loop), best of
several runs: 24 bytes per element moved. An expression's achieved
bandwidth counts the bytes it must move at least: each input read once and
the result written once (8 bytes each for float64), over its time; the
table gives it as a fraction of the triad's.

    python benchmarks/arrays.py                   # all cases, 10^3 .. 10^7
    python benchmarks/arrays.py --cases expr3,sum --sizes 1000000 --repeat 7
    python benchmarks/arrays.py --json out.json

Ratios are pycomp time / other time (below 1: pycomp is faster).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import time

import numpy as np


def expr3(a, b, c):
    return a * b + c


def expr5(a, b, c, d, e):
    return a * b + c * d - e


def expr3_named(a, b, c):
    t = a * b
    u = t + c
    return u


def stencil(a, out):
    out[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
    return out


def r_sum(a):
    return a.sum()


def r_min(a):
    return a.min()


def r_argmax(a):
    return a.argmax()


def r_mean(a):
    return a.mean()


def r_sum_strided(a):
    return a[::2].sum()


def c_zeros(n):
    return np.zeros(n)


def c_arange(n):
    return np.arange(n)


def mask(a):
    return a[a > 0.5]


def _vec(n, k, seed=0):
    rng = np.random.default_rng(seed)
    return tuple(rng.random(n) for _ in range(k))


def _grid(n):
    side = max(3, int(round(n ** 0.5)))
    a = np.random.default_rng(1).random((side, side))
    return a, np.zeros_like(a)


#: name -> (function, make arguments for size n, bytes moved at least for size n or None)
CASES = {
    "expr3": (expr3, lambda n: _vec(n, 3), lambda n: 4 * 8 * n),
    "expr5": (expr5, lambda n: _vec(n, 5), lambda n: 6 * 8 * n),
    "expr3_named": (expr3_named, lambda n: _vec(n, 3), lambda n: 4 * 8 * n),
    "stencil": (stencil, _grid, lambda n: 2 * 8 * n),
    "sum": (r_sum, lambda n: _vec(n, 1), lambda n: 8 * n),
    "min": (r_min, lambda n: _vec(n, 1), lambda n: 8 * n),
    "argmax": (r_argmax, lambda n: _vec(n, 1), lambda n: 8 * n),
    "mean": (r_mean, lambda n: _vec(n, 1), lambda n: 8 * n),
    "sum_strided": (r_sum_strided, lambda n: _vec(2 * n, 1), None),
    "zeros": (c_zeros, lambda n: (n,), None),  # zeroed pages come from the kernel: no bandwidth figure
    "arange": (c_arange, lambda n: (n,), lambda n: 8 * n),
    "mask": (mask, lambda n: _vec(n, 1), None),
}

TRIAD_IR = r"""
define void @triad(ptr noalias %x, ptr noalias %y, ptr noalias %z, double %s, i64 %n) {
entry:
  %has = icmp sgt i64 %n, 0
  br i1 %has, label %loop, label %done
loop:
  %i = phi i64 [0, %entry], [%i1, %loop]
  %py = getelementptr double, ptr %y, i64 %i
  %pz = getelementptr double, ptr %z, i64 %i
  %px = getelementptr double, ptr %x, i64 %i
  %vy = load double, ptr %py
  %vz = load double, ptr %pz
  %m = fmul double %s, %vz
  %v = fadd double %vy, %m
  store double %v, ptr %px
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret void
}
"""


def triad_bandwidth(n=10_000_000, repeat=10) -> float:
    """Best STREAM triad bandwidth in GB/s (24 bytes per element)."""
    import llvmlite.binding as llvm

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    target = llvm.Target.from_default_triple()
    tm = target.create_target_machine(cpu=llvm.get_host_cpu_name(), features=llvm.get_host_cpu_features().flatten(),
                                      opt=3)
    mod = llvm.parse_assembly(TRIAD_IR)
    mod.triple = tm.triple
    pto = llvm.create_pipeline_tuning_options(speed_level=3)
    pb = llvm.create_pass_builder(tm, pto)
    pb.getModulePassManager().run(mod, pb)
    engine = llvm.create_mcjit_compiler(mod, tm)
    engine.finalize_object()
    fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_double,
                          ctypes.c_int64)(engine.get_function_address("triad"))
    x, y, z = np.zeros(n), np.ones(n), np.ones(n)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(x.ctypes.data, y.ctypes.data, z.ctypes.data, 3.0, n)
        best = min(best, time.perf_counter() - t0)
    return 24 * n / best / 1e9


def best_time(fn, args, budget=0.2, repeat=5) -> float:
    """Best per-call seconds over ``repeat`` samples of about ``budget`` s."""
    fn(*args)
    t0 = time.perf_counter()
    fn(*args)
    once = max(time.perf_counter() - t0, 1e-7)
    loops = max(1, int(budget / repeat / once))
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(loops):
            fn(*args)
        best = min(best, (time.perf_counter() - t0) / loops)
    return best


def _same(x, y) -> bool:
    if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
        return np.allclose(x, y)
    return abs(x - y) <= 1e-9 * max(1.0, abs(y))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cases", default=",".join(CASES))
    p.add_argument("--sizes", default="1000,100000,1000000,10000000")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--json", default=os.path.join(os.path.dirname(__file__), "results", "arrays.json"))
    args = p.parse_args(argv)
    import numba

    import pycomp

    bw = triad_bandwidth()
    print("# STREAM triad (llvmlite -O3, 10^7 float64): %.1f GB/s" % bw)
    print("# load average %.2f on %d CPUs" % (os.getloadavg()[0], os.cpu_count()))
    rows = []
    hdr = "%-12s %9s %11s %11s %11s %8s %8s %7s %7s" % ("case", "n", "pycomp", "numba", "numpy", "pc/nb", "pc/np",
                                                      "pc bw", "nb bw")
    print(hdr)
    for name in args.cases.split(","):
        fn, make, nbytes = CASES[name]
        engines = {"pycomp": pycomp.njit(fn), "numba": numba.njit(fn), "numpy": fn}
        for n in (int(s) for s in args.sizes.split(",")):
            data = make(n)
            ref = fn(*[x.copy() if isinstance(x, np.ndarray) else x for x in data])
            times = {}
            for eng, f in engines.items():
                got = f(*data)
                if not _same(got, ref):
                    raise SystemExit("%s: %s gives a wrong result at n=%d" % (name, eng, n))
                times[eng] = best_time(f, data, repeat=args.repeat)
            frac = {e: (nbytes(n) / times[e] / 1e9 / bw if nbytes else None) for e in times}
            row = {"case": name, "n": n, "seconds": times, "bandwidth_fraction": frac,
                   "pycomp/numba": times["pycomp"] / times["numba"], "pycomp/numpy": times["pycomp"] / times["numpy"]}
            rows.append(row)
            fmt = lambda v: "%6.0f%%" % (100 * v) if v is not None else "      -"  # noqa: E731
            print("%-12s %9d %9.3gus %9.3gus %9.3gus %8.3f %8.3f %7s %7s" % (
                name, n, 1e6 * times["pycomp"], 1e6 * times["numba"], 1e6 * times["numpy"], row["pycomp/numba"],
                row["pycomp/numpy"], fmt(frac["pycomp"]), fmt(frac["numba"])))
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump({"machine": platform.machine(), "cpus": os.cpu_count(), "triad_GBps": bw,
                   "numba": numba.__version__, "numpy": np.__version__, "rows": rows}, f, indent=1)
    print("wrote", args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
