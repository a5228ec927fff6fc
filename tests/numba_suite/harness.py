"""Numba's own test suite, run against pycomp: the conformance oracle.

Numba's test modules are read at run time from the installed ``numba``
wheel (never copied here). Each module, or each shard of a large one, runs
in its own child process (``child.py``) with a time limit, so a crash or a
hang loses one test, not the run: the child names each test before it
starts it, and the parent resumes after the one that died.

    python tests/numba_suite/harness.py run [--set core|all|ci] [MODULE ...] [--id TEST_ID ...]
    python tests/numba_suite/harness.py run --engine numba --set all   # Numba itself
    python tests/numba_suite/harness.py baseline      # store Numba's outcomes (run --engine numba first)
    python tests/numba_suite/harness.py summary [--markdown]
    python tests/numba_suite/harness.py check         # CI: every id in passing.txt still passes
    python tests/numba_suite/harness.py check --large-module-stride 3   # test_ufuncs' ids: every third
    python tests/numba_suite/harness.py update-passing

Results go to ``tests/numba_suite/results/<engine>.jsonl`` (not tracked),
one line per test: id, module, outcome (pass, fail, error, skip, xfail,
xpass, crash, timeout), detail, and ``kinds`` the facade saw (``forceobj``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.environ.get("PYCOMP_NUMBA_SUITE_RESULTS") or os.path.join(HERE, "results")
BASELINE = os.path.join(HERE, "baseline-numba.json")
PASSING = os.path.join(HERE, "passing.txt")

# The first 16 are the ones the language and array-argument scope is measured on.
CORE = [
    "test_operators", "test_builtins", "test_tuples", "test_mathlib", "test_range", "test_closure",
    "test_recursion", "test_exceptions", "test_numconv", "test_complex", "test_unpack_sequence",
    "test_dispatcher", "test_typeof", "test_iteration", "test_array_attr", "test_indexing",
]
MORE = [
    "test_array_methods", "test_array_manipulation", "test_array_reductions", "test_array_exprs",
    "test_np_functions", "test_ufuncs", "test_linalg", "test_sort", "test_slices", "test_nan",
    "test_maxmin", "test_optional", "test_globals", "test_return_values", "test_extending",
    "test_vectorization", "test_random", "test_np_randomgen", "test_func_interface", "test_nested_calls",
    "test_array_constants", "test_array_iterators", "test_array_return", "test_dyn_array", "test_nrt",
    "test_lists", "test_npdatetime", "test_record_dtype", "test_typedlist",
    "test_mixed_tuple_unroller", "test_fancy_indexing",
]
SETS = {"core": CORE, "all": CORE + MORE}
# Large modules run as several children; each shard has its own time limit.
SHARDS = {"test_np_functions": 8, "test_array_methods": 3, "test_linalg": 3, "test_ufuncs": 3,
          "test_random": 2, "test_extending": 2, "test_builtins": 2, "test_operators": 2,
          "test_array_reductions": 2, "test_indexing": 2, "test_array_manipulation": 2,
          "test_sort": 2, "test_np_randomgen": 2, "test_dispatcher": 2, "test_lists": 2,
          "test_dyn_array": 2}
# seconds one test may run before it counts as hung, and one child in all
TEST_TIMEOUT = float(os.environ.get("PYCOMP_NUMBA_SUITE_TEST_TIMEOUT", 120))
SHARD_TIMEOUT = float(os.environ.get("PYCOMP_NUMBA_SUITE_SHARD_TIMEOUT", 900))
MAX_RESUMES = 25


def python_for(engine):
    return sys.executable


# ---------------------------------------------------------------- running
class Job:
    """One module shard: runs its child, resuming after a crash or a hang."""

    def __init__(self, engine, module, shard, only=None):
        self.engine, self.module, self.shard, self.only = engine, module, shard, only
        self.records: dict[str, dict] = {}
        self.resumes = 0
        self.proc = None
        self.out = None
        self.started = 0.0
        self.done = False
        self.pos = 0
        self.current = None
        self.current_since = 0.0
        self.finished_cleanly = False

    def label(self):
        i, n = self.shard
        return self.module if n == 1 else "%s[%d/%d]" % (self.module, i, n)

    def start(self, tmpdir):
        fd, self.out = tempfile.mkstemp(prefix=self.module + "-", suffix=".jsonl", dir=tmpdir)
        os.close(fd)
        cmd = [python_for(self.engine), os.path.join(HERE, "child.py"), "--engine", self.engine,
               "--module", self.module, "--out", self.out, "--shard", "%d/%d" % self.shard]
        if self.only is not None:
            p = self.out + ".only"
            with open(p, "w") as f:
                f.write("\n".join(sorted(self.only)))
            cmd += ["--only", p]
        if self.records:
            p = self.out + ".exclude"
            with open(p, "w") as f:
                f.write("\n".join(sorted(self.records)))
            cmd += ["--exclude", p]
        env = dict(os.environ)
        env.setdefault("PYTHONHASHSEED", "0")
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     stdin=subprocess.DEVNULL, env=env, cwd=tempfile.gettempdir(),
                                     start_new_session=True)
        self.started = time.monotonic()
        self.pos = 0
        self.current = None
        self.current_since = self.started
        self.finished_cleanly = False

    def _read(self):
        with open(self.out) as f:
            f.seek(self.pos)
            chunk = f.read()
        # only whole lines
        end = chunk.rfind("\n") + 1
        self.pos += len(chunk[:end].encode())
        for line in chunk[:end].splitlines():
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if "start" in rec:
                self.current = rec["start"]
                self.current_since = time.monotonic()
            elif rec.get("done"):
                self.finished_cleanly = True
            else:
                rec["module"] = self.module
                self.records[rec["id"]] = rec
                if rec["id"] == self.current:
                    self.current = None

    def _kill(self):
        try:
            os.killpg(self.proc.pid, 9)
        except OSError:
            pass
        self.proc.wait()

    def poll(self, tmpdir):
        """Advance; returns True when the job is over."""
        self._read()
        rc = self.proc.poll()
        now = time.monotonic()
        if rc is None:
            hung = self.current is not None and now - self.current_since > TEST_TIMEOUT
            if hung or now - self.started > SHARD_TIMEOUT:
                self._kill()
                self._read()
                victim = self.current
                if victim is None:
                    sid = "%s:<shard>" % self.label()
                    self.records[sid] = {"id": sid, "module": self.module, "outcome": "timeout",
                                         "detail": {"type": "timeout", "message": "shard time limit"}}
                    self.done = True
                    return True
                self.records[victim] = {"id": victim, "module": self.module, "outcome": "timeout",
                                        "detail": {"type": "timeout",
                                                   "message": "no result after %ds" % int(now - self.current_since)}}
                return self._resume(tmpdir)
            return False
        self._read()
        if self.finished_cleanly:
            self.done = True
            return True
        victim = self.current
        if victim is None:
            self.records["%s:<exit>" % self.label()] = {
                "id": "%s:<exit>" % self.label(), "module": self.module, "outcome": "crash",
                "detail": {"type": "crash", "message": "child exited with %s outside a test" % rc}}
            self.done = True
            return True
        self.records[victim] = {"id": victim, "module": self.module, "outcome": "crash",
                                "detail": {"type": "crash", "message": "interpreter died (exit %s)" % rc}}
        return self._resume(tmpdir)

    def _resume(self, tmpdir):
        self.resumes += 1
        if self.resumes > MAX_RESUMES:
            self.done = True
            return True
        self.start(tmpdir)
        return False


def run_jobs(jobs, nworkers, verbose=True, on_done=None):
    tmpdir = tempfile.mkdtemp(prefix="numba-suite-")
    pending = list(jobs)
    running = []
    t0 = time.monotonic()
    while pending or running:
        while pending and len(running) < nworkers:
            j = pending.pop(0)
            j.start(tmpdir)
            running.append(j)
        time.sleep(0.2)
        for j in list(running):
            if j.poll(tmpdir):
                running.remove(j)
                if on_done is not None:
                    on_done(j)
                if verbose:
                    c = Counter(r["outcome"] for r in j.records.values())
                    print("%-32s %5.0fs  %s" % (j.label(), time.monotonic() - t0,
                                                " ".join("%s=%d" % kv for kv in sorted(c.items()))),
                          flush=True)
    out = {}
    for j in jobs:
        out.update(j.records)
    return out


def results_path(engine):
    return os.path.join(RESULTS, engine + ".jsonl")


def load_results(engine):
    recs = {}
    path = results_path(engine)
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                recs[r["id"]] = r
    return recs


def save_results(engine, records, merge, whole_modules=()):
    """Write ``records`` over the stored results; the old records of every
    module in ``whole_modules`` (those run in full) are dropped first."""
    os.makedirs(RESULTS, exist_ok=True)
    allrecs = load_results(engine) if merge else {}
    whole = set(whole_modules)
    allrecs = {k: r for k, r in allrecs.items() if r.get("module", module_of(k)) not in whole}
    allrecs.update(records)
    with open(results_path(engine), "w") as f:
        for k in sorted(allrecs):
            f.write(json.dumps(allrecs[k]) + "\n")


def make_jobs(engine, modules, ids=None):
    jobs = []
    for m in modules:
        only = None
        if ids is not None:
            only = {i for i in ids if i.split(".", 1)[0] == m}
            if not only:
                continue
            n = 1 if len(only) < 200 else SHARDS.get(m, 1)
        else:
            n = SHARDS.get(m, 1)
        for i in range(n):
            jobs.append(Job(engine, m, (i, n), only))
    return jobs


def cmd_run(args):
    ids = None
    modules = list(args.modules)
    if args.id:
        ids = set(args.id)
        modules = sorted({i.split(".", 1)[0] for i in ids})
    if args.set:
        modules += [m for m in SETS[args.set] if m not in modules]
    if not modules:
        modules = SETS["core"]
    jobs = make_jobs(args.engine, modules, ids)
    # the old records of modules run in full go first; each finished shard is
    # saved at once, so an interrupted run keeps what it finished
    save_results(args.engine, {}, merge=True, whole_modules=modules if ids is None else ())
    records = run_jobs(jobs, args.jobs, on_done=lambda job: save_results(args.engine, job.records, merge=True))
    c = Counter(r["outcome"] for r in records.values())
    print("%s: %s" % (args.engine, " ".join("%s=%d" % kv for kv in sorted(c.items()))))
    return 0


# ---------------------------------------------------------------- baseline
def load_baseline():
    return load_baseline_meta().get("outcomes", {})


def load_baseline_meta():
    if not os.path.exists(BASELINE):
        return {}
    with open(BASELINE) as f:
        return json.load(f)


def cmd_baseline(args):
    recs = load_results("numba")
    if not recs:
        print("no results for the numba engine: run `harness.py run --engine numba --set all` first")
        return 1
    import importlib.metadata

    data = {"numba": importlib.metadata.version("numba"),
            "python": "%d.%d" % sys.version_info[:2],
            "numpy": importlib.metadata.version("numpy"),
            # merged: modules not run this time keep their stored outcomes
            "outcomes": dict(sorted({**load_baseline(), **{k: r["outcome"] for k, r in recs.items()}}.items()))}
    with open(BASELINE, "w") as f:
        json.dump(data, f, indent=0, sort_keys=False)
        f.write("\n")
    print("wrote %s: %d outcomes" % (os.path.relpath(BASELINE), len(data["outcomes"])))
    return 0


# ---------------------------------------------------------------- summary
_MESSAGE_ONLY = re.compile(r"not found in|does not match|Regex didn't match|"
                           r"^AssertionError: '[^'\n]*' != '[^'\n]*'$", re.M)  # assertEqual of two texts


#: Numba tests that fail only because pycomp deliberately does what NumPy
#: does where Numba does not: it compiles what Numba refuses (the test
#: asserts Numba's TypingError), or gives NumPy's result where Numba departs
#: from it; each is tested against NumPy in tests/ with a numba_differs mark.
ACCEPTS_MORE = {
    "test_linalg.TestBasics.test_kron": "np.kron of strided (layout 'A') operands",
    "test_linalg.TestBasics.test_outer": "np.outer of arrays of 3 or more dimensions (flattened, as NumPy)",
    "test_array_reductions.TestArrayReductions.test_np_all": "np.all of a list or tuple",
    "test_array_reductions.TestArrayReductions.test_np_any": "np.any of a list or tuple",
    "test_dyn_array.TestNpArray.test_raises": "np.array of an array (a copy, as NumPy)",
    "test_array_manipulation.TestArrayManipulation.test_broadcast_arrays_invalid_mixed_input_types":
        "np.broadcast_arrays of arrays of several dtypes",
    "test_array_manipulation.TestArrayManipulation.test_broadcast_arrays_scalar_input":
        "np.broadcast_arrays of numbers gives 0-d arrays (NumPy; Numba: shape (1,))",
    "test_np_functions.TestNPFunctions.test_take_along_axis_exceptions":
        "np.take_along_axis with an axis known only at run time (Numba wants a constant; "
        "a constant out of range is NumPy's AxisError when the call runs)",
}


def classify(rec):
    """Split a pycomp outcome that is not a pass into one of: objmode,
    superset (pycomp compiles what Numba refuses: ACCEPTS_MORE), message,
    internal, real."""
    if "forceobj" in rec.get("kinds", ()):
        return "objmode"
    if rec["id"] in ACCEPTS_MORE:
        return "superset"
    d = rec.get("detail") or {}
    msg = d.get("message", "") if isinstance(d, dict) else str(d)
    if "internal" in rec.get("kinds", ()) or "numba internal:" in msg:
        return "internal"
    if rec["outcome"] == "fail" and d.get("type") == "AssertionError" and _MESSAGE_ONLY.search(msg):
        return "message"
    return "real"


def module_of(test_id):
    return test_id.split(".", 1)[0].split(":", 1)[0]


def summarize(base, mine):
    rows = defaultdict(Counter)
    for tid, outcome in base.items():
        m = module_of(tid)
        rows[m]["cases"] += 1
        if outcome == "pass":
            rows[m]["numba"] += 1
    for tid, rec in mine.items():
        m = module_of(tid)
        if rec["outcome"] == "pass":
            rows[m]["pycomp"] += 1
            continue
        if base.get(tid) != "pass":
            continue  # Numba does not pass it either: not ours to count
        rows[m][classify(rec)] += 1
        if rec["outcome"] in ("crash", "timeout"):
            rows[m]["crash"] += 1
    ran = {module_of(t) for t in mine}
    for tid, outcome in base.items():
        if outcome == "pass" and tid not in mine and module_of(tid) in ran:
            # the module made this test from Numba's internals at import time
            # (e.g. one test per ufunc Numba's typing tables list): not collected
            rows[module_of(tid)]["uncollected"] += 1
    return rows


def cmd_summary(args):
    base = load_baseline()
    mine = load_results("pycomp")
    rows = summarize(base, mine)
    mods = [m for m in SETS["all"] if m in rows] + sorted(m for m in rows if m not in SETS["all"])
    cols = ["numba", "pycomp", "objmode", "superset", "message", "internal", "uncollected", "real", "crash"]
    heads = ["Numba passes", "pycomp passes", "objmode twins", "NumPy's behaviour", "message text",
             "Numba internals",
             "not collected", "real failures", "of which crash/hang"]
    lines = []
    if args.markdown:
        lines.append("| module | %s |" % " | ".join(heads))
        lines.append("|---|%s" % ("---|" * len(cols)))
    else:
        lines.append("%-26s %7s %7s %8s %8s %8s %9s %11s %7s %6s" % ("module", *cols))

    def line(name, r, bold=False):
        vals = [r[c] for c in cols]
        if args.markdown:
            fmt = "**%d**" if bold else "%d"
            return "| %s | %s |" % ("**%s**" % name if bold else name, " | ".join(fmt % v for v in vals))
        return "%-26s %7d %7d %8d %8d %8d %9d %11d %7d %6d" % (name, *vals)

    core, total = Counter(), Counter()
    for m in mods:
        total.update(rows[m])
        if m in SETS["core"]:
            core.update(rows[m])
        lines.append(line(m, rows[m]))
    lines.append(line("first 16 (core)", core, bold=True))
    lines.append(line("total", total, bold=True))
    print("\n".join(lines))
    if args.reasons:
        reasons = Counter()
        for tid, rec in mine.items():
            if rec["outcome"] != "pass" and base.get(tid) == "pass" and classify(rec) == "real":
                d = rec.get("detail") or {}
                msg = (d.get("message") or "").splitlines()
                first = msg[0][:150] if msg else rec["outcome"]
                reasons[re.sub(r"\d+", "N", first)] += 1
        for reason, n in reasons.most_common(args.reasons):
            print("%5d  %s" % (n, reason))
    return 0


# ---------------------------------------------------------------- CI check
def read_passing():
    with open(PASSING) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def _numba_version():
    import importlib.metadata

    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        return None


def _strided(ids, stride: int, large: int = 1000) -> set:
    """``ids`` with every ``stride``-th id (in sorted order) kept of each
    module listing more than ``large`` (test_ufuncs' generated per-loop
    tests): a fixed sample that keeps the CI check's time in bounds."""
    by_module = defaultdict(list)
    for i in sorted(ids):
        by_module[module_of(i)].append(i)
    out = set()
    for m, lst in by_module.items():
        out.update(lst[::stride] if stride > 1 and len(lst) > large else lst)
    return out


def cmd_check(args):
    ids = _strided(set(read_passing()), args.large_module_stride)
    have, made_with = _numba_version(), load_baseline_meta().get("numba")
    if have is None:
        print("numba-suite check: numba (its test files) is not installed; install the test extra")
        return 1
    if made_with and have != made_with:
        print("numba-suite check: warning: numba %s is installed, the list was made with %s; "
              "test ids may differ" % (have, made_with))
    modules = sorted({module_of(i) for i in ids})
    t0 = time.monotonic()
    jobs = make_jobs("pycomp", modules, ids)
    records = run_jobs(jobs, args.jobs, verbose=args.verbose)
    save_results("pycomp-check", records, merge=False)
    broken = sorted(i for i in ids if records.get(i, {}).get("outcome") != "pass")
    print("numba-suite check: %d of %d listed Numba tests pass (%d modules, %.0fs)"
          % (len(ids) - len(broken), len(ids), len(modules), time.monotonic() - t0))
    print("numba-suite: %d passed, %d failed" % (len(ids) - len(broken), len(broken)))
    for i in broken:
        r = records.get(i)
        if r is None:
            print("  %s: not run" % i)
        else:
            d = r.get("detail") or {}
            print("  %s: %s %s" % (i, r["outcome"], (d.get("message") or "").splitlines()[:1]))
    return 1 if broken else 0


def cmd_update_passing(args):
    mine = load_results("pycomp")
    ids = sorted(i for i, r in mine.items() if r["outcome"] == "pass")
    with open(PASSING, "w") as f:
        f.write("# Numba test ids that pass under pycomp; `harness.py check` (CI) fails when one stops.\n")
        f.write("# Regenerate with `harness.py run --set all && harness.py update-passing`.\n")
        f.write("\n".join(ids) + "\n")
    print("wrote %s: %d ids" % (os.path.relpath(PASSING), len(ids)))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("modules", nargs="*")
    r.add_argument("--engine", choices=("pycomp", "numba"), default="pycomp")
    r.add_argument("--set", choices=sorted(SETS))
    r.add_argument("--id", action="append", help="one test id (module.Class.test), repeatable")
    r.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    r.set_defaults(fn=cmd_run)
    b = sub.add_parser("baseline")
    b.set_defaults(fn=cmd_baseline)
    s = sub.add_parser("summary")
    s.add_argument("--markdown", action="store_true")
    s.add_argument("--reasons", type=int, default=0, help="also list the N commonest real-failure messages")
    s.set_defaults(fn=cmd_summary)
    c = sub.add_parser("check")
    c.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    c.add_argument("--verbose", action="store_true")
    c.add_argument("--large-module-stride", type=int, default=1,
                   help="check every K-th listed id of a module listing over 1000 (default 1: all)")
    c.set_defaults(fn=cmd_check)
    u = sub.add_parser("update-passing")
    u.set_defaults(fn=cmd_update_passing)
    args = ap.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
