#!/usr/bin/env python3
"""Run N random programs (tests/program_generator.py) under pycomp (or
Numba) and CPython; report how many compiled and agreed, were refused, hit
an internal error, or gave a different answer. Examples of each failure are
printed with their seed (re-run one with --seed S --show).

    python scripts/random-programs.py -n 2000            # pycomp
    python scripts/random-programs.py -n 2000 --engine numba
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from program_generator import compile_program, generate, inputs  # noqa: E402


def same(a, b) -> bool:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return a == b and (not isinstance(a, float) or math.copysign(1, a) == math.copysign(1, b))


def run(fn, args):
    try:
        return fn(*args), None
    except Exception as e:  # noqa: BLE001
        return None, e


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=500)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--show", action="store_true", help="print the program(s)")
    ap.add_argument("--engine", default="pycomp", choices=("pycomp", "numba"))
    opts = ap.parse_args()
    if opts.engine == "numba":
        import numba as engine
        from numba.core.errors import NumbaError as Refusal
        internal = ()
    else:
        import pycomp as engine
        from pycomp.errors import CompilerError as Refusal
        from pycomp.errors import InternalCompilerError
        internal = (InternalCompilerError,)
    seeds = [opts.seed] if opts.seed is not None else range(opts.start, opts.start + opts.n)
    counts = {"agree": 0, "refused": 0, "internal": 0, "differ": 0}
    examples: dict[str, list] = {k: [] for k in counts}
    t0 = time.perf_counter()
    for seed in seeds:
        src = generate(seed)
        if opts.show:
            print("# seed %d\n%s" % (seed, src))
        py = compile_program(src, seed)
        cf = engine.njit(py)
        kind, why = "agree", ""
        for args in inputs(seed):
            want, wexc = run(py, args)
            got, gexc = run(cf, args)
            if isinstance(gexc, internal) or (gexc is not None and not isinstance(gexc, Refusal)
                                              and (wexc is None or type(gexc) is not type(wexc))):
                kind, why = "internal", "%s: %s" % (type(gexc).__name__, str(gexc).splitlines()[0][:160])
                break
            if isinstance(gexc, Refusal) and not isinstance(gexc, internal):
                kind, why = "refused", "%s: %s" % (type(gexc).__name__, str(gexc).splitlines()[0][:160])
                break
            if wexc is not None or gexc is not None:
                if type(wexc) is not type(gexc):
                    kind, why = "differ", "%r %r -> CPython %r, compiled %r" % (seed, args, wexc, gexc)
                    break
                continue
            if not same(got, want):
                kind, why = "differ", "%r -> CPython %r, compiled %r" % (args, want, got)
                break
        counts[kind] += 1
        if kind != "agree" and len(examples[kind]) < 8:
            examples[kind].append((seed, why))
    n = sum(counts.values())
    dt = time.perf_counter() - t0
    print("%d random programs under %s (%.1f s): %s" % (
        n, opts.engine, dt, ", ".join("%s %d (%.1f%%)" % (k, v, 100.0 * v / n) for k, v in counts.items())))
    for kind, ex in examples.items():
        for seed, why in ex:
            print("  %-8s seed %-6d %s" % (kind, seed, why))
    return 0 if counts["internal"] == 0 and counts["differ"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
