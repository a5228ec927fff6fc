"""Benchmark driver: pycomp against Numba, NumPy and plain CPython, in one run.

Measurement groups (ids are ``group/name``; ``--kernels`` filters on them):

``startup``   ``import X`` time, and import + decorate + first call of a scalar
              ``add``, each in a fresh interpreter (median of several runs).
``compile``   first call (decorate + compile + run) of a new function in a warm
              process, for six small functions; every sample compiles a fresh
              function object so no cache can hide the cost.
``dispatch``  per-call overhead of no-op functions for a few argument kinds,
              timed with a tight ``timeit`` loop (plain Python as reference).
``kernel``    steady-state time per call of seven numeric kernels; arrays and
              pre-allocated outputs are passed in.  Plain Python runs a smaller
              size and is scaled linearly ("extrapolated").  Every result is
              checked against the NumPy formulation ("ok").

Engines are interleaved: each repetition runs every engine in turn (rotating
the order), so machine noise hits all of them alike; the reported figure is
the median of the samples.  An engine that is not importable, or a kernel an
engine cannot compile, is recorded with its reason instead of stopping the run.

Before measuring pycomp in-process, a "preflight" subprocess compiles and runs
every pycomp case on tiny inputs, so a case that crashes the interpreter or
hangs is recorded as failed instead of killing the whole run.

Usage:  python -m benchmarks.run [--quick] [--out FILE] [--engines LIST]
        [--repeat N] [--kernels PATTERNS] [--subject ENGINE] [--list]
"""

from __future__ import annotations

import argparse
import fnmatch
import gc
import importlib
import importlib.metadata
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if __package__ in (None, ""):  # run as a script: python benchmarks/run.py
    sys.path.insert(0, str(ROOT))

# Single-threaded BLAS unless the caller says otherwise: every other engine runs
# on one core, and idle BLAS workers spin for ~0.1 s after each call, which on a
# small machine slows whichever engine is timed next.  Must precede numpy import.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

from benchmarks import kernels as K  # noqa: E402

ENGINES = ("pycomp", "numba", "numpy", "python")
COMPILERS = ("pycomp", "numba")
DEFAULT_OUT = HERE / "results" / "latest.json"

# (default, --quick) settings
REPEATS = {"startup": (5, 2), "compile": (5, 2), "dispatch": (9, 3), "kernel": (9, 3)}
DISPATCH_CALLS = (200_000, 50_000)  # calls per dispatch sample
MIN_SAMPLE_S = (0.05, 0.005)  # a kernel sample repeats the call until it lasts this long
PREFLIGHT_TIMEOUT_S = 60  # per case; --preflight-timeout


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def short_exc(exc: BaseException, limit: int = 300) -> str:
    text = f"{type(exc).__name__}: {exc}".strip().replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------------------
# Engines
# ---------------------------------------------------------------------------


@dataclass
class Engine:
    name: str
    jit: Callable | None = None  # decorator; identity for "python"; None for "numpy"
    reason: str | None = None  # why the engine is unavailable
    version: str | None = None
    importable: bool = True

    @property
    def available(self) -> bool:
        return self.reason is None


def load_engine(name: str) -> Engine:
    """Import an engine; never raises (an unusable engine carries its reason)."""
    if name == "python":
        return Engine(name, jit=lambda f: f, version=platform.python_version())
    if name == "numpy":
        return Engine(name, version=np.__version__)
    try:
        mod = importlib.import_module(name)
    except Exception as exc:  # noqa: BLE001 - any import failure is a reason
        return Engine(name, reason=f"import {name} failed: {short_exc(exc)}", importable=False)
    version = getattr(mod, "__version__", None)
    jit = getattr(mod, "njit", None)
    if not callable(jit):
        label = f"{name} {version}" if version else name
        return Engine(name, reason=f"{label} has no callable 'njit' yet", version=version)
    return Engine(name, jit=jit, version=version)


# ---------------------------------------------------------------------------
# Result records
# ---------------------------------------------------------------------------


def measured(samples: list[float], **extra: Any) -> dict:
    return {"status": "measured", "median": statistics.median(samples), "samples": samples, **extra}


def not_measured(status: str, reason: str) -> dict:
    """status: "unavailable" (engine), "failed" (this case), "n/a" or "skipped"."""
    return {"status": status, "reason": reason}


def record(group: str, name: str, unit: str, results: dict, **info: Any) -> dict:
    return {"id": f"{group}/{name}", "group": group, "name": name, "unit": unit, **info,
            "results": results}


def add_ratios(m: dict, subject: str | None) -> None:
    """ratios["subject/other"] = median(subject) / median(other); < 1: subject faster."""
    res = m["results"]
    m["ratios"] = {}
    if subject is None:
        return
    mine = res.get(subject, {}).get("median")
    for other in ENGINES:
        if other != subject and other in res:
            theirs = res[other].get("median")
            m["ratios"][f"{subject}/{other}"] = mine / theirs if mine and theirs else None


def rotations(engines: list[Engine], repeat: int):
    """Yield the engine order for each repetition, rotated so no engine always goes first."""
    for rep in range(repeat):
        k = rep % len(engines) if engines else 0
        yield engines[k:] + engines[:k]


def interleaved(runnable: list[Engine], repeat: int, measure: Callable[[Engine], float],
                results: dict) -> dict[str, list[float]]:
    """Samples of ``measure(engine)``: each repetition runs every engine in turn.

    An engine whose measurement raises gets a "failed" entry in ``results`` and
    is not run again.
    """
    samples: dict[str, list[float]] = {e.name: [] for e in runnable}
    for order in rotations(runnable, repeat):
        for eng in order:
            if eng.name in results:
                continue
            try:
                samples[eng.name].append(measure(eng))
            except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
                results[eng.name] = not_measured("failed", short_exc(exc))
    return samples


def timed(fn: Callable[[], Any], number: int) -> float:
    """Seconds per call of ``fn`` averaged over ``number`` calls, GC disabled."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        return (time.perf_counter() - t0) / number
    finally:
        if enabled:
            gc.enable()


def same(got: Any, expected: Any) -> bool:
    try:
        return bool(np.allclose(np.asarray(got, dtype=float), np.asarray(expected, dtype=float)))
    except (TypeError, ValueError):
        return got == expected


# ---------------------------------------------------------------------------
# Run context
# ---------------------------------------------------------------------------


@dataclass
class Ctx:
    engines: list[Engine]  # requested engines, in ENGINES order
    quick: bool
    repeat: int | None
    patterns: list[str]
    preflight_failures: dict[tuple[str, str], str]  # (engine, id) -> reason

    def reps(self, group: str) -> int:
        return self.repeat or REPEATS[group][self.quick]

    def wanted(self, group: str, name: str) -> bool:
        ident = f"{group}/{name}"
        return not self.patterns or any(
            p == group or fnmatch.fnmatch(ident, p) or fnmatch.fnmatch(name, p) for p in self.patterns)

    def engine(self, name: str) -> Engine | None:
        return next((e for e in self.engines if e.name == name), None)


def blocked(ctx: Ctx, eng: Engine, ident: str) -> dict | None:
    """The result to record instead of measuring, or None if ``eng`` may run ``ident``."""
    if not eng.available:
        return not_measured("unavailable", eng.reason)
    reason = ctx.preflight_failures.get((eng.name, ident))
    return not_measured("failed", reason) if reason else None


# ---------------------------------------------------------------------------
# Group 1: startup (fresh interpreters)
# ---------------------------------------------------------------------------

_FRESH_SCRIPT = """\
import sys, time
sys.path[:] = {path!r}
t0 = time.perf_counter()
import {module}
t1 = time.perf_counter()
{body}
t2 = time.perf_counter()
print("BENCH-RESULT", t1 - t0, t2 - t0)
"""

_FIRST_CALL_BODY = """\
def add(a, b):
    return a + b
assert {module}.njit(add)(1, 2) == 3"""


def child_sys_path() -> list[str]:
    return [os.path.abspath(p) if p else os.getcwd() for p in sys.path]


def run_fresh(script: str, tmpdir: str, timeout: float = 120) -> tuple[float, float, float]:
    """Run ``script`` in a fresh interpreter: (import s, import+body s, process wall s)."""
    path = os.path.join(tmpdir, "fresh_bench.py")  # a real file, so source is inspectable
    with open(path, "w") as f:
        f.write(script)
    # bytecode is cached as on a user's machine (pip compiled Numba's at install; an editable
    # pycomp writes its own on first import), even where the caller's environment forbids it
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=timeout, env=env)
    wall = time.perf_counter() - t0
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH-RESULT"):
            _, t_import, t_total = line.split()
            return float(t_import), float(t_total), wall
    tail = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
    raise RuntimeError(f"fresh process failed (rc={proc.returncode}): {tail[:300]}")


def run_startup(ctx: Ctx) -> list[dict]:
    rows = []
    path = child_sys_path()
    specs = [  # (name, engines that apply, body)
        ("import", ("pycomp", "numba", "numpy"), "pass"),
        ("import_first_call", COMPILERS, _FIRST_CALL_BODY),
    ]
    with tempfile.TemporaryDirectory(prefix="pycomp-bench-") as tmp:
        for name, applies, body in specs:
            if not ctx.wanted("startup", name):
                continue
            t_start = time.perf_counter()
            results, runnable = {}, []
            for eng in ctx.engines:
                if eng.name not in applies:
                    results[eng.name] = not_measured("n/a", "no module to import")
                elif name == "import" and eng.importable:
                    runnable.append(eng)  # import time is meaningful even without njit
                elif (res := blocked(ctx, eng, f"startup/{name}")) is not None:
                    results[eng.name] = res
                else:
                    runnable.append(eng)
            scripts = {e.name: _FRESH_SCRIPT.format(path=path, module=e.name,
                                                    body=body.format(module=e.name))
                       for e in runnable}
            # one unmeasured run first: .pyc files written, OS caches warm
            interleaved(runnable, 1, lambda e: run_fresh(scripts[e.name], tmp), results)
            samples = interleaved(runnable, ctx.reps("startup"),
                                  lambda e: run_fresh(scripts[e.name], tmp), results)
            for eng in runnable:
                if eng.name not in results:
                    s = samples[eng.name]
                    figure = [t[0] for t in s] if name == "import" else [t[1] for t in s]
                    results[eng.name] = measured(figure, import_s=[t[0] for t in s],
                                                 process_wall_s=[t[2] for t in s])
            rows.append(record("startup", name, "s", results,
                               description="fresh interpreter; perf_counter around "
                               + ("'import X'" if name == "import"
                                  else "'import X', X.njit(add), add(1, 2)")))
            log(f"  startup/{name}: {time.perf_counter() - t_start:.1f} s")
    return rows


# ---------------------------------------------------------------------------
# Group 2: first call of a new function in a warm process
# ---------------------------------------------------------------------------


def instantiate(eng: Engine, case: K.Case) -> Callable:
    """A freshly decorated copy of ``case.fn``, its callees jitted by the same engine."""
    callees = {name: eng.jit(K.fresh(fn)) for name, fn in case.callees.items()}
    return eng.jit(K.fresh(case.fn, **callees))


def warm_up_compiler(eng: Engine) -> None:
    """Compile something unrelated first, so one-time initialisation is not charged."""
    try:
        eng.jit(K.fresh(K.add))(1.0, 2.0)
        eng.jit(K.fresh(K.sum_sq))(np.ones(4))
    except Exception:  # noqa: BLE001 - per-case failures are recorded later
        pass


def run_compile(ctx: Ctx) -> list[dict]:
    engines = [e for e in ctx.engines if e.name != "numpy"]
    for eng in engines:
        if eng.name in COMPILERS and eng.available:
            warm_up_compiler(eng)
    rows = []
    for case in K.COMPILE_CASES:
        ident = f"compile/{case.name}"
        if not ctx.wanted("compile", case.name):
            continue
        t_start = time.perf_counter()
        expected = K.fresh(case.fn, **case.callees)(*case.args())
        results = {e.name: not_measured("n/a", "nothing to compile") for e in ctx.engines
                   if e.name == "numpy"}
        runnable = []
        for eng in engines:
            if (res := blocked(ctx, eng, ident)) is not None:
                results[eng.name] = res
            else:
                runnable.append(eng)
        ok = {e.name: True for e in runnable}

        def first_call(eng: Engine) -> float:
            callees = {n: eng.jit(K.fresh(fn)) for n, fn in case.callees.items()}
            plain, args = K.fresh(case.fn, **callees), case.args()
            t0 = time.perf_counter()
            got = eng.jit(plain)(*args)
            dt = time.perf_counter() - t0
            ok[eng.name] = ok[eng.name] and same(got, expected)
            return dt

        samples = interleaved(runnable, ctx.reps("compile"), first_call, results)
        for eng in runnable:
            if eng.name not in results:
                results[eng.name] = measured(samples[eng.name], ok=ok[eng.name])
        rows.append(record("compile", case.name, "s", results,
                           description="decorate a new function object + first call"))
        log(f"  {ident}: {time.perf_counter() - t_start:.1f} s")
    return rows


# ---------------------------------------------------------------------------
# Group 3: per-call dispatch overhead
# ---------------------------------------------------------------------------


def call_timer(fn: Callable, args: tuple, kwargs: dict | None = None) -> timeit.Timer:
    """A timeit loop calling ``fn(*args, **kwargs)`` with the function and the
    argument values in locals (keywords spelled out in the call)."""
    kwargs = kwargs or {}
    names = [f"a{i}" for i in range(len(args))]
    knames = [f"k{i}" for i in range(len(kwargs))]
    setup = "; ".join(["f = _f"] + [f"{n} = _{n}" for n in names + knames])
    env = {"_f": fn, **{f"_{n}": a for n, a in zip(names, args)},
           **{f"_{n}": v for n, v in zip(knames, kwargs.values())}}
    call = ", ".join(names + [f"{k}={n}" for k, n in zip(kwargs, knames)])
    return timeit.Timer(f"f({call})", setup, globals=env)


def run_dispatch(ctx: Ctx) -> list[dict]:
    number = DISPATCH_CALLS[ctx.quick]
    loop_overhead = min(timeit.Timer("pass").repeat(3, number)) / number
    rows = []
    for case in K.DISPATCH_CASES:
        ident = f"dispatch/{case.name}"
        if not ctx.wanted("dispatch", case.name):
            continue
        t_start = time.perf_counter()
        results, timers = {}, {}
        for eng in ctx.engines:
            if eng.name == "numpy":
                results[eng.name] = not_measured("n/a", "no function call to measure")
            elif (res := blocked(ctx, eng, ident)) is not None:
                results[eng.name] = res
            else:
                try:
                    fn, args, kwargs = instantiate(eng, case), case.args(), case.kwargs()
                    fn(*args, **kwargs)  # compile
                    timers[eng.name] = call_timer(fn, args, kwargs)
                except Exception as exc:  # noqa: BLE001
                    results[eng.name] = not_measured("failed", short_exc(exc))
        runnable = [e for e in ctx.engines if e.name in timers]
        samples = interleaved(runnable, ctx.reps("dispatch"),
                              lambda e: timers[e.name].timeit(number) / number, results)
        for eng in runnable:
            if eng.name not in results:
                results[eng.name] = measured(samples[eng.name], calls_per_sample=number)
        args_repr = ", ".join([type(a).__name__ + (str(a.shape) if hasattr(a, "shape") else "")
                               for a in case.args()] + [f"{k}={type(v).__name__}"
                                                        for k, v in case.kwargs().items()])
        rows.append(record("dispatch", case.name, "s", results, args=args_repr,
                           loop_overhead_s=loop_overhead,
                           description="no-op call in a timeit loop (loop overhead included)"))
        log(f"  {ident}: {time.perf_counter() - t_start:.1f} s")
    return rows


# ---------------------------------------------------------------------------
# Group 4: steady-state kernels
# ---------------------------------------------------------------------------


def with_own_output(kernel: K.Kernel, args: tuple) -> list:
    """Copy of ``args`` sharing the inputs but with a private output array."""
    args = list(args)
    if kernel.out is not None:
        args[kernel.out] = args[kernel.out].copy()
    return args


def reference(kernel: K.Kernel, args: tuple) -> Any:
    if kernel.numpy is None:
        return None
    a = with_own_output(kernel, args)
    r = kernel.numpy(*a)
    return a[kernel.out] if kernel.out is not None else r


@dataclass
class Prepared:
    call: Callable[[], Any]
    number: int  # calls per sample
    scale: float  # multiply a per-call time by this to get the full-size estimate
    info: dict


def prepare(eng: Engine, kernel: K.Kernel, data: dict, min_time: float) -> Prepared:
    """Compile (if needed), run once, check the result, and calibrate calls per sample."""
    size_key = "python" if eng.name == "python" else "full"
    args, ref, size = data[size_key]
    if eng.name == "numpy":
        fn = kernel.numpy
    elif eng.name == "python":
        fn = kernel.loop
    else:
        fn = eng.jit(K.fresh(kernel.loop))
    args = with_own_output(kernel, args)
    t0 = time.perf_counter()
    r = fn(*args)
    first = time.perf_counter() - t0
    got = args[kernel.out] if kernel.out is not None else r
    try:
        ok = kernel.check(got, ref) if ref is not None else None
    except (TypeError, ValueError):  # wrong shape or type counts as a wrong result
        ok = False

    def call():
        return fn(*args)

    once = timed(call, 1)
    number = max(1, min(100_000, round(min_time / max(once, 1e-9))))
    scale = kernel.work(data["full"][2]) / kernel.work(size)
    info = {"ok": ok, "first_call_s": first, "calls_per_sample": number,
            "size": kernel.describe(size)}
    if scale != 1.0:
        info.update(extrapolated=True, scale=scale)
    return Prepared(call, number, scale, info)


def run_kernels(ctx: Ctx) -> list[dict]:
    min_time = MIN_SAMPLE_S[ctx.quick]
    rows = []
    for kernel in K.KERNELS:
        ident = f"kernel/{kernel.name}"
        if not ctx.wanted("kernel", kernel.name):
            continue
        t_start = time.perf_counter()
        data = {}
        for key, size_key in (("full", "quick" if ctx.quick else "full"),
                              ("python", "python_quick" if ctx.quick else "python")):
            size = kernel.sizes[size_key]
            args = kernel.make_args(size)
            data[key] = (args, reference(kernel, args), size)
        results, prepared = {}, {}
        for eng in ctx.engines:
            if eng.name == "numpy" and kernel.numpy is None:
                results[eng.name] = not_measured("skipped", kernel.numpy_skip or "no NumPy formulation")
            elif (res := blocked(ctx, eng, ident)) is not None:
                results[eng.name] = res
            else:
                try:
                    prepared[eng.name] = prepare(eng, kernel, data, min_time)
                except Exception as exc:  # noqa: BLE001
                    results[eng.name] = not_measured("failed", short_exc(exc))
        runnable = [e for e in ctx.engines if e.name in prepared]
        samples = interleaved(runnable, ctx.reps("kernel"),
                              lambda e: timed(prepared[e.name].call, prepared[e.name].number), results)
        for eng in runnable:
            if eng.name in results:
                continue
            p, raw = prepared[eng.name], samples[eng.name]
            if p.scale != 1.0:
                results[eng.name] = measured([t * p.scale for t in raw], measured_samples=raw, **p.info)
            else:
                results[eng.name] = measured(raw, **p.info)
        rows.append(record("kernel", kernel.name, "s", results,
                           size=kernel.describe(data["full"][2]),
                           description="median time per call, inputs and outputs passed in"))
        log(f"  {ident}: {time.perf_counter() - t_start:.1f} s")
        data.clear()  # free the big arrays before the next kernel allocates its own
        prepared.clear()
    return rows


# ---------------------------------------------------------------------------
# Preflight: find pycomp cases that crash or hang the interpreter
# ---------------------------------------------------------------------------


def all_case_ids() -> list[str]:
    return (["startup/import", "startup/import_first_call"]
            + [f"compile/{c.name}" for c in K.COMPILE_CASES]
            + [f"dispatch/{c.name}" for c in K.DISPATCH_CASES]
            + [f"kernel/{k.name}" for k in K.KERNELS])


def preflight_child(engine_name: str, timeout: float, ids: list[str]) -> None:
    """Child process: run each case once on tiny inputs, bracketed by BEGIN/END lines."""
    import faulthandler

    faulthandler.enable()
    eng = load_engine(engine_name)
    cases = {f"compile/{c.name}": c for c in K.COMPILE_CASES}
    cases.update({f"dispatch/{c.name}": c for c in K.DISPATCH_CASES})
    kernels = {f"kernel/{k.name}": k for k in K.KERNELS}
    for ident in ids:
        print("BEGIN", ident, flush=True)
        faulthandler.dump_traceback_later(timeout, exit=True)
        try:
            if ident in cases:
                instantiate(eng, cases[ident])(*cases[ident].args())
            elif ident in kernels:
                k = kernels[ident]
                eng.jit(K.fresh(k.loop))(*k.make_args(k.sizes["tiny"]))
        except Exception:  # noqa: BLE001 - ordinary errors are recorded by the main run
            pass
        faulthandler.cancel_dump_traceback_later()
        print("END", ident, flush=True)


def preflight(eng: Engine, ids: list[str], timeout: float) -> dict[tuple[str, str], str]:
    """Return {(engine, id): reason} for cases that kill or hang a fresh interpreter."""
    failures: dict[tuple[str, str], str] = {}
    todo = [i for i in ids if not i.startswith("startup/")]
    code = ("import sys; sys.path[:] = %r; from benchmarks.run import preflight_child; "
            "preflight_child(sys.argv[1], float(sys.argv[2]), sys.argv[3:])" % child_sys_path())
    while todo:
        try:
            proc = subprocess.run([sys.executable, "-c", code, eng.name, str(timeout), *todo], capture_output=True,
                                  text=True, timeout=timeout * (len(todo) + 1))
            out, err, rc = proc.stdout, proc.stderr, proc.returncode
        except subprocess.TimeoutExpired as exc:
            out, err, rc = (exc.stdout or b"").decode(), (exc.stderr or b"").decode(), "timeout"
        begun = [ln.split()[1] for ln in out.splitlines() if ln.startswith("BEGIN ")]
        ended = {ln.split()[1] for ln in out.splitlines() if ln.startswith("END ")}
        culprits = [i for i in begun if i not in ended]
        if rc == 0 and not culprits:
            break
        if isinstance(rc, int) and rc < 0:
            why = f"crashed the interpreter (signal {-rc})"
        elif "Timeout (" in err or rc == "timeout":
            why = f"hung (no result within {timeout:g} s)"
        else:
            why = f"killed the interpreter (exit status {rc})"
        if not culprits:  # died before the first case, e.g. at import
            for i in todo:
                failures[(eng.name, i)] = f"preflight: {why} before running any case"
            break
        failures[(eng.name, culprits[0])] = f"preflight on tiny inputs: {why}"
        todo = [i for i in todo if i not in ended and i != culprits[0]]
    return failures


# ---------------------------------------------------------------------------
# Machine information
# ---------------------------------------------------------------------------


def cpu_info() -> dict:
    info = {"cpu_model": platform.processor() or platform.machine(), "simd": []}
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return info
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "model name":
            info["cpu_model"] = value.strip()
        elif key.strip() == "flags":
            flags = set(value.split())
            info["simd"] = [f for f in ("sse4_2", "avx", "avx2", "fma", "avx512f") if f in flags]
            break
    return info


def load_average() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def git(*args: str, cwd: Path) -> str | None:
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout.strip() if proc.returncode == 0 else None


def machine_info() -> dict:
    def version(dist: str) -> str | None:
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            mod = sys.modules.get(dist)
            return getattr(mod, "__version__", None)

    try:
        spec = importlib.util.find_spec("pycomp")
    except (ImportError, ValueError):
        spec = None
    pycomp_file = spec.origin if spec else None
    repo = Path(pycomp_file).resolve().parent if pycomp_file else ROOT
    mem = None
    try:
        line = next(ln for ln in Path("/proc/meminfo").read_text().splitlines() if ln.startswith("MemTotal"))
        mem = round(int(line.split()[1]) / 2**20, 1)
    except (OSError, StopIteration, ValueError):
        pass
    dirty = git("status", "--porcelain", "--untracked-files=no", cwd=repo)
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "executable": sys.executable,
        "platform": platform.platform(),
        **cpu_info(),
        "cpu_count": os.cpu_count(),
        "cpus_usable": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "memory_gib": mem,
        "thread_env": {k: v for k, v in os.environ.items()
                       if k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
                                "NUMBA_NUM_THREADS", "NUMBA_OPT")},
        "versions": {d: version(d) for d in ("numpy", "numba", "llvmlite", "pycomp", "xdsl")},
        "pycomp_file": pycomp_file,
        "pycomp_git_commit": git("rev-parse", "HEAD", cwd=repo),
        "pycomp_git_dirty": bool(dirty) if dirty is not None else None,
    }


# ---------------------------------------------------------------------------
# Table
# ---------------------------------------------------------------------------

GROUP_TITLES = {
    "startup": "startup, fresh interpreter (median)",
    "compile": "first call of a new function in a warm process: decorate+compile+run (median)",
    "dispatch": "per-call overhead of a no-op function (median)",
    "kernel": "steady-state time per call (median); ~ = plain Python extrapolated from a smaller size",
}


def fmt_time(sec: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if sec >= scale:
            return f"{sec / scale:.3g} {unit}"
    return f"{sec * 1e9:.3g} ns"


def render_table(rows: list[dict], engines: list[str], subject: str) -> str:
    notes: dict[str, int] = {}

    def cell(res: dict | None) -> str:
        if res is None:
            return ""
        st = res["status"]
        if st == "measured":
            text = fmt_time(res["median"])
            if res.get("extrapolated"):
                text = "~" + text
            return text + ("!" if res.get("ok") is False else "")
        if st == "n/a":
            return "-"
        if st == "unavailable":
            return "unavail"
        n = notes.setdefault(res["reason"], len(notes) + 1)
        return f"{'FAIL' if st == 'failed' else 'skip'}[{n}]"

    others = [e for e in engines if e != subject] if subject in engines else []
    head = ["measurement"] + engines + [f"{subject}/{o}" for o in others]
    lines = []
    widths = [28] + [11] * len(engines) + [max(12, len(h) + 1) for h in head[1 + len(engines):]]
    fmt_row = lambda cells: "".join(c.ljust(w) if i == 0 else c.rjust(w)  # noqa: E731
                                    for i, (c, w) in enumerate(zip(cells, widths)))
    group = None
    for m in rows:
        if m["group"] != group:
            group = m["group"]
            lines += ["", f"== {GROUP_TITLES[group]} ==", fmt_row(head)]
        ratios = [m["ratios"].get(f"{subject}/{o}") for o in others]
        lines.append(fmt_row([m["id"]] + [cell(m["results"].get(e)) for e in engines]
                             + [f"{r:.3g}" if r is not None else "-" for r in ratios]))
    if notes:
        lines += ["", "Notes:"] + [f"  [{n}] {reason}" for reason, n in notes.items()]
    lines.append("")
    if others:
        lines.append(f"Ratios are {subject} time / other time: < 1 means {subject} is faster.")
    else:
        lines.append(f"No ratio columns: --subject {subject} is not among --engines.")
    lines.append("'!' = result did not match the reference; '-' = does not apply.")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="small sizes and few repeats (CI smoke test)")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"JSON output (default {DEFAULT_OUT})")
    p.add_argument("--engines", default=",".join(ENGINES),
                   help="comma-separated subset of %(default)s")
    p.add_argument("--repeat", type=int, help="samples per measurement (overrides every group's default)")
    p.add_argument("--kernels", default="",
                   help="comma-separated filters: a group (kernel), an id (kernel/matvec), "
                        "a name (matvec) or a glob (compile/*)")
    p.add_argument("--subject", default="pycomp", choices=ENGINES,
                   help="engine whose ratios to the others are reported (default pycomp)")
    p.add_argument("--no-preflight", action="store_true",
                   help="skip the crash/hang check of pycomp in a subprocess")
    p.add_argument("--preflight-timeout", type=float, default=PREFLIGHT_TIMEOUT_S, metavar="S",
                   help="seconds a pycomp case may take in the preflight before it counts as hung")
    p.add_argument("--list", action="store_true", help="list measurement ids and exit")
    args = p.parse_args(argv)
    args.engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    bad = [e for e in args.engines if e not in ENGINES]
    if bad:
        p.error(f"unknown engine(s) {bad}; choose from {ENGINES}")
    if args.repeat is not None and args.repeat < 1:
        p.error("--repeat must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    patterns = [p.strip() for p in args.kernels.split(",") if p.strip()]
    if args.list:
        print("\n".join(all_case_ids()))
        return 0
    t_start = time.perf_counter()
    load_start = load_average()
    engines = [load_engine(e) for e in ENGINES if e in args.engines]
    for e in engines:
        log(f"{e.name:7s} " + (f"available ({e.version})" if e.available else f"unavailable: {e.reason}"))
    ctx = Ctx(engines, args.quick, args.repeat, patterns, {})
    wanted_ids = [i for i in all_case_ids() if ctx.wanted(*i.split("/"))]
    if not wanted_ids:
        log(f"no measurement matches --kernels {args.kernels!r}; see --list")
        return 2
    pyc = ctx.engine("pycomp")
    if pyc and pyc.available and not args.no_preflight:
        log("preflight: compiling every pycomp case on tiny inputs in a subprocess")
        ctx.preflight_failures = preflight(pyc, wanted_ids, args.preflight_timeout)
        for (_, ident), reason in ctx.preflight_failures.items():
            log(f"  {ident}: {reason}")

    rows = []
    for group, runner in (("startup", run_startup), ("compile", run_compile),
                          ("dispatch", run_dispatch), ("kernel", run_kernels)):
        if any(i.startswith(group + "/") for i in wanted_ids):
            log(f"{group}:")
            rows += runner(ctx)
    for m in rows:
        add_ratios(m, args.subject if args.subject in args.engines else None)

    names = [e.name for e in engines]
    print(render_table(rows, names, args.subject))
    for e in engines:
        if not e.available:
            print(f"{e.name}: unavailable - {e.reason}")
    elapsed = time.perf_counter() - t_start
    load = {"start": load_start, "end": load_average()}
    if load_start:
        print(f"load average (1 min) at start {load['start'][0]:.2f}, at end {load['end'][0]:.2f}"
              f" on {os.cpu_count()} CPUs; > ~0.5 per CPU means other work competed for the CPUs")
    report = {
        "schema": 1,
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "argv": sys.argv[1:] if argv is None else argv,
        "quick": args.quick,
        "subject": args.subject,
        "elapsed_s": elapsed,
        "load_average": load,
        "machine": machine_info(),
        "engines": {e.name: {"available": e.available, "version": e.version, "reason": e.reason}
                    for e in engines},
        "preflight_failures": {f"{e}:{i}": r for (e, i), r in ctx.preflight_failures.items()},
        "measurements": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"\nwrote {args.out} ({elapsed:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
