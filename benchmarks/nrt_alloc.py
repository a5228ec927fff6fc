"""Allocation throughput of pycomp's memory runtime against malloc and NumPy.

Each sample runs, in a loop compiled with llvmlite (no Python in the loop):

    block = allocate(N); touch it; free(block)

where *touch* is either one byte written per 4 KiB page (``touch``: what a
fresh block costs in page faults) or the whole block written (``fill``: a
memset, as an allocating ``a*b+c`` writes its result).  Figures are GB/s of
block memory touched (N * iterations / seconds, best of ``--repeat``).

Engines:
  malloc        glibc malloc/free (the reference)
  nrt           pycomp_nrt_allocate/pycomp_nrt_decref, default reuse cache
  nrt-nocache   the same with the large-block cache disabled (mmap + THP only)
  numpy         numpy.empty(N, uint8) + a[::4096] = 1 or a.fill(1) (a Python loop)

    python benchmarks/nrt_alloc.py                 # 8 KiB .. 512 MiB, both modes
    python benchmarks/nrt_alloc.py --sizes 64K,32M --mode fill --repeat 5
    python benchmarks/nrt_alloc.py --threads 4 --sizes 256,8K --budget 256M   # contention
"""

from __future__ import annotations

import argparse
import ctypes
import os
import platform
import threading
import time

import numpy as np

from pycomp import _helperlib, runtime

IR = r"""
%meminfo = type { i64, ptr, ptr, ptr, i64 }
declare ptr @pycomp_nrt_allocate(i64)
declare void @pycomp_nrt_decref(ptr)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define void @touch(ptr %p, i64 %n, i64 %fill) noinline {
entry:
  %f = icmp ne i64 %fill, 0
  br i1 %f, label %do_fill, label %pages
do_fill:
  call void @llvm.memset.p0.i64(ptr %p, i8 1, i64 %n, i1 true)
  ret void
pages:
  %has = icmp sgt i64 %n, 0
  br i1 %has, label %loop, label %done
loop:
  %off = phi i64 [0, %pages], [%off1, %loop]
  %q = getelementptr i8, ptr %p, i64 %off
  store volatile i8 1, ptr %q
  %off1 = add i64 %off, 4096
  %c = icmp slt i64 %off1, %n
  br i1 %c, label %loop, label %done
done:
  ret void
}

define i64 @nrt_loop(i64 %n, i64 %reps, i64 %fill) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %ok]
  %m = call ptr @pycomp_nrt_allocate(i64 %n)
  %null = icmp eq ptr %m, null
  br i1 %null, label %fail, label %ok
ok:
  %dp = getelementptr %meminfo, ptr %m, i32 0, i32 3
  %d = load ptr, ptr %dp
  call void @touch(ptr %d, i64 %n, i64 %fill)
  call void @pycomp_nrt_decref(ptr %m)
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, %reps
  br i1 %c, label %loop, label %done
done:
  ret i64 0
fail:
  ret i64 -1
}

define i64 @malloc_loop(i64 %n, i64 %reps, i64 %fill) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %ok]
  %d = call ptr @malloc(i64 %n)
  %null = icmp eq ptr %d, null
  br i1 %null, label %fail, label %ok
ok:
  call void @touch(ptr %d, i64 %n, i64 %fill)
  call void @free(ptr %d)
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, %reps
  br i1 %c, label %loop, label %done
done:
  ret i64 0
fail:
  ret i64 -1
}
"""

LOOP = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64)


def compile_loops():
    import llvmlite.binding as llvm

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    for name, addr in _helperlib.c_helpers.items():
        llvm.add_symbol(name, addr)
    libc = ctypes.CDLL(None)
    for name in ("malloc", "free"):
        llvm.add_symbol(name, ctypes.cast(getattr(libc, name), ctypes.c_void_p).value)
    mod = llvm.parse_assembly(IR)
    mod.verify()
    engine = llvm.create_mcjit_compiler(mod, llvm.Target.from_default_triple().create_target_machine())
    engine.finalize_object()
    loops = {name: LOOP(engine.get_function_address(name)) for name in ("nrt_loop", "malloc_loop")}
    return engine, loops


def numpy_loop(n, reps, fill):
    for _ in range(reps):
        a = np.empty(n, np.uint8)
        if fill:
            a.fill(1)
        else:
            a[::4096] = 1
        del a
    return 0


def parse_size(text):
    text = text.strip().upper()
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:], 1)
    return int(text.rstrip("KMG")) * mult


def fmt_size(n):
    for unit, m in (("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)):
        if n >= m and n % m == 0:
            return f"{n // m} {unit}iB"
    return f"{n} B"


def run_threads(fn, n, reps, fill, threads):
    """fn(n, reps, fill) in `threads` threads at once (the compiled loops run
    with the GIL released); seconds of the whole."""
    if threads == 1:
        t0 = time.perf_counter()
        rc = [fn(n, reps, fill)]
        return time.perf_counter() - t0, rc
    barrier = threading.Barrier(threads + 1)
    rc = []

    def body():
        barrier.wait()
        rc.append(fn(n, reps, fill))

    pool = [threading.Thread(target=body) for _ in range(threads)]
    for t in pool:
        t.start()
    barrier.wait()
    t0 = time.perf_counter()
    for t in pool:
        t.join()
    return time.perf_counter() - t0, rc


def measure(fn, n, fill, budget, repeat, threads=1):
    """Best GB/s (all threads together) over `repeat` samples of about
    `budget` bytes per thread."""
    reps = max(3, budget // n)
    if fn(n, 1, fill) != 0:  # warm-up (first mapping, caches)
        raise MemoryError(f"allocation of {n} bytes failed")
    best = 0.0
    for _ in range(repeat):
        dt, rc = run_threads(fn, n, reps, fill, threads)
        if any(rc):
            raise MemoryError(f"allocation of {n} bytes failed")
        best = max(best, threads * n * reps / dt / 1e9)
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="8K,64K,512K,1M,2M,8M,32M,128M,512M")
    ap.add_argument("--mode", choices=("touch", "fill", "both"), default="both")
    ap.add_argument("--engines", default="malloc,nrt,nrt-nocache,numpy")
    ap.add_argument("--budget", default="2G", help="bytes touched per sample (default 2G)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1,
                    help="run each loop in this many threads at once (numpy: not threaded)")
    args = ap.parse_args(argv)

    sizes = [parse_size(s) for s in args.sizes.split(",")]
    engines = args.engines.split(",")
    modes = ("touch", "fill") if args.mode == "both" else (args.mode,)
    budget = parse_size(args.budget)
    engine, loops = compile_loops()

    def nocache(n, reps, fill):
        old = runtime.set_cache_limits(max_blocks=0)
        try:
            return loops["nrt_loop"](n, reps, fill)
        finally:
            runtime.set_cache_limits(*old)

    fns = {"malloc": loops["malloc_loop"], "nrt": loops["nrt_loop"], "nrt-nocache": nocache,
           "numpy": numpy_loop}
    if args.threads > 1:
        engines = [e for e in engines if e in ("malloc", "nrt")]
    try:
        thp = open("/sys/kernel/mm/transparent_hugepage/enabled").read().strip()
    except OSError:
        thp = "n/a"
    print(f"# {platform.machine()} {platform.system()} {platform.release()}, {os.cpu_count()} CPUs, "
          f"numpy {np.__version__}, THP: {thp}")
    print(f"# GB/s of block memory touched (best of {args.repeat}), {args.threads} thread(s)")
    for mode in modes:
        print(f"\n## mode {mode}: " + ("one byte written per 4 KiB page" if mode == "touch"
                                        else "every byte written (memset)"))
        header = f"{'size':>9} | " + " | ".join(f"{e:>11}" for e in engines)
        if "malloc" in engines and "nrt" in engines:
            header += " | nrt/malloc"
        print(header)
        print("-" * len(header))
        for n in sizes:
            row = {}
            for e in engines:
                runtime.trim()
                row[e] = measure(fns[e], n, mode == "fill", budget, args.repeat, args.threads)
            line = f"{fmt_size(n):>9} | " + " | ".join(f"{row[e]:11.1f}" for e in engines)
            if "malloc" in row and "nrt" in row:
                line += f" | {row['nrt'] / row['malloc']:9.1f}x"
            print(line, flush=True)
    runtime.trim()
    st = runtime.memsys_stats()
    print(f"\n# runtime: {st.alloc} allocations, {st.reused} large ones from the reuse cache, "
          f"{st.mapped} freshly mapped; bytes in use now {st.bytes_in_use}")
    del engine


if __name__ == "__main__":
    main()
