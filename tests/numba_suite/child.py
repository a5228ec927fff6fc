"""Run one of Numba's test modules (or a shard of it) in this process.

The parent (``harness.py``) starts this script once per module or shard, in
a fresh interpreter, and reads the outcome file it writes: one JSON object a
line. Before each test a ``{"start": id}`` line is written and flushed, so
that when a test kills the interpreter or hangs, the parent knows which one
and can resume after it.

    child.py --engine pycomp|numba --module test_operators --out FILE
             [--shard I/N] [--only FILE] [--exclude FILE]

With ``--engine pycomp`` the facade package ``facade/numba`` comes first on
``sys.path``, so ``import numba`` is pycomp; with ``--engine numba`` the real
Numba runs the same tests (the baseline).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
FACADE = os.path.join(HERE, "facade")


def _flatten(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from _flatten(t)
        else:
            yield t


def short_id(test) -> str:
    tid = test.id()
    return tid[len("numba.tests."):] if tid.startswith("numba.tests.") else tid


def _read_ids(path):
    if not path:
        return None
    with open(path) as f:
        return {line.strip() for line in f if line.strip() and not line.startswith("#")}


class JsonResult(unittest.TestResult):
    """Writes a start line and one outcome line per test.

    The outcome of a test with subtests is its worst subtest. ``kind`` says
    what the facade saw during the test (``forceobj``: the test asked for
    object mode; ``internal``: it touched a Numba internal).
    """

    _RANK = {"pass": 0, "skip": 1, "xfail": 1, "xpass": 2, "fail": 3, "error": 4}

    def __init__(self, out, facade_state):
        super().__init__()
        self.out = out
        self.state = facade_state
        self.current = None

    def _write(self, obj):
        self.out.write(json.dumps(obj) + "\n")
        self.out.flush()

    def startTest(self, test):
        super().startTest(test)
        self.current = {"id": short_id(test), "outcome": "pass", "t0": time.perf_counter()}
        if self.state is not None:
            self.state.begin_test()
        self._write({"start": self.current["id"]})

    def _set(self, test, outcome, detail=None):
        cur = self.current
        if cur is None or cur["id"] != short_id(test):
            # a class or module fixture (setUpClass ...): its own line
            self._write({"id": short_id(test), "outcome": outcome, "detail": detail or ""})
            return
        if self._RANK[outcome] >= self._RANK[cur["outcome"]]:
            cur["outcome"] = outcome
            if detail is not None:
                cur["detail"] = detail

    @staticmethod
    def _describe(err):
        etype, value, tb = err
        text = "".join(traceback.format_exception_only(etype, value)).strip()
        frames = traceback.extract_tb(tb)
        where = ""
        for fr in reversed(frames):
            if "numba/tests" in fr.filename.replace(os.sep, "/") or "numba_suite" in fr.filename:
                where = "%s:%d" % (os.path.basename(fr.filename), fr.lineno)
                break
        return {"type": etype.__name__, "message": text[-2000:], "where": where}

    def addSuccess(self, test):
        self._set(test, "pass")

    def addFailure(self, test, err):
        self._set(test, "fail", self._describe(err))

    def addError(self, test, err):
        self._set(test, "error", self._describe(err))

    def addSkip(self, test, reason):
        self._set(test, "skip", {"type": "SkipTest", "message": str(reason)[:500], "where": ""})

    def addExpectedFailure(self, test, err):
        self._set(test, "xfail")

    def addUnexpectedSuccess(self, test):
        self._set(test, "xpass")

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if issubclass(err[0], test.failureException):
                self._set(test, "fail", self._describe(err))
            else:
                self._set(test, "error", self._describe(err))

    def stopTest(self, test):
        super().stopTest(test)
        cur = self.current
        if cur is None:
            return
        rec = {"id": cur["id"], "outcome": cur["outcome"],
               "time": round(time.perf_counter() - cur["t0"], 4)}
        if "detail" in cur:
            rec["detail"] = cur["detail"]
        if self.state is not None:
            kinds = self.state.end_test()
            if kinds:
                rec["kinds"] = sorted(kinds)
        self._write(rec)
        self.current = None


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", choices=("pycomp", "numba"), required=True)
    ap.add_argument("--module", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--shard", default="0/1")
    ap.add_argument("--only")
    ap.add_argument("--exclude")
    args = ap.parse_args(argv)

    state = None
    if args.engine == "pycomp":
        sys.path.insert(0, FACADE)
        import numba  # the facade

        state = numba._facade_state
    os.environ.setdefault("NUMBA_DISABLE_PERFORMANCE_WARNINGS", "1")
    import warnings

    warnings.simplefilter("ignore")

    out = open(args.out, "a", buffering=1)
    loader = unittest.TestLoader()
    name = "numba.tests." + args.module
    try:
        suite = loader.loadTestsFromName(name)
    except Exception as e:  # noqa: BLE001 - reported, not raised
        out.write(json.dumps({"id": args.module, "outcome": "error",
                              "detail": {"type": type(e).__name__, "message": str(e)[:2000],
                                         "where": "import"}}) + "\n")
        out.write(json.dumps({"done": True}) + "\n")
        out.close()
        os._exit(0)
    tests = list(_flatten(suite))
    i, n = (int(x) for x in args.shard.split("/"))
    tests = [t for k, t in enumerate(sorted(tests, key=short_id)) if k % n == i]
    only = _read_ids(args.only)
    if only is not None:
        tests = [t for t in tests if short_id(t) in only]
    excl = _read_ids(args.exclude)
    if excl:
        tests = [t for t in tests if short_id(t) not in excl]
    # module import failures come back as _FailedTest cases: report them as errors
    result = JsonResult(out, state)
    unittest.TestSuite(tests).run(result)
    out.write(json.dumps({"done": True}) + "\n")
    out.close()
    sys.stdout.flush()
    # skip interpreter teardown: some modules leave threads or pools behind
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
