"""Tests of ``pycomp-opt`` (pycomp/opt.py), the pass registry and pipeline
runner (pycomp/passes.py), the xDSL plugin (pycomp/universe.py), and the lit
suite under tests/filecheck (run from here so ``pytest`` runs everything)."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILECHECK_DIR = ROOT / "tests" / "filecheck"

from pycomp import passes as P  # noqa: E402  (cheap: imports no xDSL)

PASS_NAMES = list(P.get_all_passes(plugins=False, registered=False))  # pycomp's own (PASS_TABLE)

UNTYPED_IR = """\
nb.func @f(%t: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["t"]} {
  %i = nb.const <0> : !nb.type<?>
  %0 = nb.getitem %t[%i] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}
"""

TYPING_ERROR_PY = """\
def f(a):
    t = (a, a)
    return t + 1


def g(x, y):
    if x > y:
        z = x - y
    else:
        z = y - x
    return z * 2
"""


def run_opt(args, capsys):
    """Run pycomp-opt in this process; returns (status, stdout, stderr)."""
    from pycomp.opt import PycompOptMain

    try:
        status = PycompOptMain(args=[str(a) for a in args]).run()
    except SystemExit as e:  # argparse errors
        status = e.code
    out, err = capsys.readouterr()
    return status, out, err


def run_opt_process(args, **kw):
    """Run ``python -m pycomp.opt`` as the console script would be run."""
    return subprocess.run([sys.executable, "-m", "pycomp.opt", *map(str, args)],
                          capture_output=True, text=True, timeout=120, **kw)


@pytest.fixture
def untyped_mlir(tmp_path):
    p = tmp_path / "f.mlir"
    p.write_text(UNTYPED_IR)
    return p


@pytest.fixture
def typing_py(tmp_path):
    p = tmp_path / "user_code.py"
    p.write_text(TYPING_ERROR_PY)
    return p


# ------------------------------------------------------------------ registry

def test_registry_names():
    assert PASS_NAMES == ["nb-static-raise", "nb-static-getitem", "nb-simplify-cfg", "nb-literal-unroll",
                          "nb-lift-range-loops", "nb-dce", "nb-type-infer", "nb-fuse-arrayexpr", "nb-insert-refcounts",
                          "nb-to-llvm", "nb-cuda-intrinsics"]
    assert set(P.UNTYPED_PASS_NAMES) <= set(PASS_NAMES)


def test_jit_pipeline_is_the_compilers_sequence():
    """--pipeline=jit runs what pycomp/compiler.py runs after IR generation
    (the compiler takes its passes from the same registry, jit_pipeline)."""
    before, typed = P.jit_pipeline("jit")
    assert P.UNTYPED_PASS_NAMES == tuple(p.name for p in before)
    assert [p.name for p in typed] == ["nb-fuse-arrayexpr", "nb-insert-refcounts"]
    assert P.JIT_PASS_NAMES == P.UNTYPED_PASS_NAMES + ("nb-type-infer", "nb-fuse-arrayexpr", "nb-insert-refcounts",
                                                      "nb-to-llvm")
    assert [p.name for p in P.parse_pipeline(P.PIPELINES["jit"])] == list(P.JIT_PASS_NAMES)


@pytest.mark.parametrize("name", PASS_NAMES)
def test_every_pass_getter_gives_a_documented_module_pass(name):
    from xdsl.passes import ModulePass

    cls = P.get_all_passes()[name]()
    assert issubclass(cls, ModulePass)
    assert cls.name == name
    assert P.pass_description(cls), "%s has no docstring" % name
    cls()  # every option has a default


def test_dialect_registry():
    dialects = P.get_all_dialects()
    assert {"nb", "llvmx", "builtin", "llvm"} <= set(dialects)
    assert dialects["nb"]().name == "nb"
    assert dialects["llvmx"]().name == "llvmx"
    assert set(P.get_pycomp_dialects()) == {"nb", "arrayexpr", "llvmx"}


def test_target_registry():
    from xdsl.utils.target import Target

    targets = P.get_pycomp_targets()
    assert list(targets) == ["llvm", "llvm-opt", "asm"]
    for name, getter in targets.items():
        cls = getter()
        assert issubclass(cls, Target) and cls.name == name
        assert (cls.__doc__ or "").strip()
        cls()  # every option has a default


def test_import_is_lazy():
    code = ("import sys, pycomp.passes as P; P.get_all_passes(); P.get_all_dialects(); "
            "P.get_pycomp_targets(); "
            "print(sorted(m for m in sys.modules if m.startswith('xdsl')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_universe_lists_only_pycomp_names():
    from xdsl.universe import XDSL_UNIVERSE

    from pycomp.universe import PYCOMP_UNIVERSE

    assert set(PYCOMP_UNIVERSE.all_passes) == set(PASS_NAMES)
    assert set(PYCOMP_UNIVERSE.all_dialects) == {"nb", "arrayexpr", "llvmx"}
    # pycomp's `llvm` target is pycomp-opt's alone: xDSL's universe has one
    assert set(PYCOMP_UNIVERSE.all_targets) == {"llvm-opt", "asm"}
    # no clash with xDSL's universe (get_multiverse raises on duplicates)
    assert not set(PYCOMP_UNIVERSE.all_passes) & set(XDSL_UNIVERSE.all_passes)
    assert not set(PYCOMP_UNIVERSE.all_dialects) & set(XDSL_UNIVERSE.all_dialects)
    assert not set(PYCOMP_UNIVERSE.all_targets) & set(XDSL_UNIVERSE.all_targets)


def test_docs_list_every_pass():
    doc = ROOT / "docs" / "passes.md"
    if not doc.exists():
        pytest.skip("docs/passes.md not written yet")
    text = doc.read_text()
    missing = [n for n in PASS_NAMES if n not in text]
    assert not missing, "passes missing from docs/passes.md: %s" % missing


# ------------------------------------------------------------------ pipelines

@pytest.mark.parametrize("spec, flat", [
    ("builtin.module(nb-static-raise,nb-type-infer)", "nb-static-raise,nb-type-infer"),
    ("nb-static-raise,nb-dce", "nb-static-raise,nb-dce"),
    ("builtin.module(nb.func(nb-dce),nb-simplify-cfg)", "nb-dce,nb-simplify-cfg"),
    ("builtin.module( nb-dce , nb-simplify-cfg )", "nb-dce , nb-simplify-cfg"),
    ('builtin.module(nb-type-infer{signature="(int64, float64)"})',
     'nb-type-infer{signature="(int64, float64)"}'),
    ("builtin.module()", ""),
    ("", ""),
])
def test_flatten_pipeline(spec, flat):
    assert P.flatten_pipeline(spec) == flat


def test_nested_pipelines_are_kept_nested():
    nested = P.parse_pipeline("builtin.module(nb-static-raise,nb.func(nb-static-getitem,nb-dce),"
                              "nb-simplify-cfg,nb-type-infer)")
    flat = P.parse_pipeline("nb-static-raise,nb-static-getitem,nb-dce,nb-simplify-cfg,nb-type-infer")
    assert [p.name for p in flat] == ["nb-static-raise", "nb-static-getitem", "nb-dce", "nb-simplify-cfg",
                                      "nb-type-infer"]
    assert [p.name for p in nested] == ["nb-static-raise", "nb.func(nb-static-getitem,nb-dce)",
                                        "nb-simplify-cfg", "nb-type-infer"]
    group = nested[1]
    assert isinstance(group, P.NestedPipeline) and group.passes == (flat[1], flat[2])
    # builtin.module(...) alone only groups: the same passes as the flat list
    assert P.parse_pipeline("builtin.module(nb-dce,nb-type-infer)") == P.parse_pipeline("nb-dce,nb-type-infer")


@pytest.mark.parametrize("spec", [
    'builtin.module(nb-type-infer{signature="(int64, float64)"})',
    'nb-type-infer{signature="(int64, float64)"}',
])
def test_pipeline_options(spec):
    (p,) = P.parse_pipeline(spec)
    assert p.name == "nb-type-infer"
    assert p.signature == "(int64, float64)"
    assert P.parse_pipeline("nb-type-infer")[0].signature is None


@pytest.mark.parametrize("spec, message", [
    ("builtin.module(nb-dce", "missing ')'"),
    ("nb-dce)", "unbalanced ')'"),
    ("func.func(nb-dce)", "cannot anchor"),
    ("builtin.module(no-such-pass)", "unknown pass: no-such-pass"),
    ("nb-dce{bogus=1}", "bad options for pass nb-dce"),
    ("nb-dce{", "unbalanced"),
])
def test_pipeline_errors(spec, message):
    with pytest.raises(P.PipelineSyntaxError, match=re.escape(message)):
        P.parse_pipeline(spec)


def test_nb_to_llvm_options():
    (p,) = P.parse_pipeline("nb-to-llvm")
    assert (p.boundscheck, p.fastmath, p.error_model) == (False, False, "python")
    (p,) = P.parse_pipeline("builtin.module(nb-to-llvm{boundscheck=true fastmath=true error-model=numpy})")
    assert (p.boundscheck, p.fastmath, p.error_model) == (True, True, "numpy")
    with pytest.raises(P.PipelineSyntaxError, match="error-model must be one of python, numpy"):
        P.parse_pipeline("nb-to-llvm{error-model=fast}")


def _module(ir: str):
    from xdsl.context import Context
    from xdsl.parser import Parser

    ctx = Context()
    for name, getter in P.get_all_dialects().items():
        ctx.register_dialect(name, getter)
    return Parser(ctx, ir).parse_module()


def test_run_pipeline_timings_print_and_verify():
    module = _module(UNTYPED_IR)
    timings: dict[str, float] = {}
    stream = io.StringIO()
    P.run_pipeline(module, ["nb-static-getitem", "nb-dce", 'nb-type-infer{signature="(UniTuple(int64 x 2))"}'],
                   timings=timings, print_after={"nb-dce"}, verify_each=True, stream=stream)
    assert list(timings) == ["nb-static-getitem", "nb-dce", "nb-type-infer"]
    assert all(t >= 0 for t in timings.values())
    dumps = stream.getvalue()
    assert dumps.count("IR Dump") == 1 and "// -----// IR Dump After nb-dce //----- //" in dumps
    assert "nb.const" not in dumps and "nb.static_getitem" in dumps
    table = P.format_timings(timings)
    for name in timings:
        assert re.search(r"^\s+%s\s+[0-9.]+\s+[0-9.]+%%$" % re.escape(name), table, re.M)
    # instances and classes are accepted as well as names; a repeated pass accumulates
    timings2: dict[str, float] = {}
    dce = P.get_all_passes()["nb-dce"]()
    P.run_pipeline(module, [dce(), dce, "nb-dce"], timings=timings2)
    assert list(timings2) == ["nb-dce"]


# ------------------------------------------------------------------ CLI

def test_list_passes(capsys):
    status, out, _ = run_opt(["--list-passes"], capsys)
    assert status == 0
    for name, getter in P.get_all_passes().items():
        assert re.search(r"^  %s(\{.*\})?$" % re.escape(name), out, re.M), name
        assert P.pass_description(getter()) in out
    assert "xDSL passes:" in out and "\n  canonicalize\n" in out


@pytest.mark.parametrize("flag", ["-p", "--pass-pipeline"])
def test_cli_pipeline_syntaxes_agree(flag, untyped_mlir, capsys):
    results = []
    for spec in ("builtin.module(nb-static-getitem,nb-dce)", "nb-static-getitem,nb-dce",
                 "builtin.module(nb.func(nb-static-getitem),nb-dce)"):
        status, out, err = run_opt([untyped_mlir, flag, spec], capsys)
        assert status == 0, err
        results.append(out)
    assert results[0] == results[1] == results[2]
    assert "nb.static_getitem %t[<0>]" in results[0] and "nb.const" not in results[0]


def test_cli_bad_pipeline(untyped_mlir, capsys):
    status, _, err = run_opt([untyped_mlir, "-p", "builtin.module(nb-dce"], capsys)
    assert status == 2 and "missing ')'" in err


def test_print_ir_after_named_pass_only(untyped_mlir, capsys):
    status, out, err = run_opt([untyped_mlir, "-p", "nb-static-getitem,nb-dce",
                                "--print-ir-after=nb-static-getitem"], capsys)
    assert status == 0
    assert re.findall(r"IR Dump \w+ \S+", err) == ["IR Dump After nb-static-getitem"]
    assert "nb.const" in err  # the dump is taken before nb-dce ran
    assert "IR Dump" not in out and "nb.const" not in out


def test_print_ir_after_repeated_and_comma_list(untyped_mlir, capsys):
    status, _, err = run_opt([untyped_mlir, "-p", "nb-static-getitem,nb-dce,nb-simplify-cfg",
                              "--print-ir-after", "nb-dce,nb-simplify-cfg",
                              "--print-ir-after", "nb-static-getitem"], capsys)
    assert status == 0
    assert re.findall(r"IR Dump After (\S+)", err) == ["nb-static-getitem", "nb-dce", "nb-simplify-cfg"]


def test_print_ir_after_all_and_before(untyped_mlir, capsys):
    status, _, err = run_opt([untyped_mlir, "-p", "nb-static-getitem,nb-dce",
                              "--print-ir-after-all", "--print-ir-before=nb-dce"], capsys)
    assert status == 0
    assert re.findall(r"IR Dump (\w+) (\S+)", err) == [
        ("After", "nb-static-getitem"), ("Before", "nb-dce"), ("After", "nb-dce")]


def test_print_ir_after_unknown_pass(untyped_mlir, capsys):
    status, _, err = run_opt([untyped_mlir, "-p", "nb-dce", "--print-ir-after=nb-nope"], capsys)
    assert status == 2 and "unknown pass nb-nope" in err


@pytest.mark.parametrize("flag", ["--timing", "--time-passes"])
def test_timing_line_per_pass(flag, untyped_mlir, capsys):
    status, out, err = run_opt([untyped_mlir, "-p", "nb-static-getitem,nb-dce,nb-simplify-cfg", flag],
                               capsys)
    assert status == 0
    assert "pycomp pass timings" in err and "timings" not in out
    rows = re.findall(r"^  (\S+)\s+([0-9.]+)\s+([0-9.]+)%$", err, re.M)
    names = [r[0] for r in rows]
    assert names == ["(parse)", "nb-static-getitem", "nb-dce", "nb-simplify-cfg", "Total"]


COND_NOT_BOOL = """\
nb.func @f(%c: !nb.type<int64>) -> !nb.type<none> attributes {arg_names = ["c"]} {
  %n = nb.const <None> : !nb.type<none>
  nb.cond_br %c : !nb.type<int64>, ^a, ^a
^a:
  nb.return %n : !nb.type<none>
}
"""


def _breaking_pass():
    """A pass that leaves invalid IR (a cond_br on an int64)."""
    from dataclasses import dataclass

    from xdsl.passes import ModulePass

    from pycomp import types as ty
    from pycomp.dialects import nb

    @dataclass(frozen=True)
    class Breaker(ModulePass):
        name: ClassVar[str] = "test-breaker"

        def apply(self, ctx, op):
            for o in op.walk():
                if isinstance(o, nb.CondBranchOp):
                    nb.set_type(o.cond, ty.int64)

    return Breaker


def test_run_pipeline_verify_each():
    from xdsl.utils.exceptions import VerifyException

    ir = COND_NOT_BOOL.replace("!nb.type<int64>", "!nb.type<bool>")
    available = {"test-breaker": _breaking_pass}
    with pytest.raises(VerifyException, match="invalid after pass 'test-breaker': .*condition must be bool"):
        P.run_pipeline(_module(ir), "test-breaker", verify_each=True, available=available)
    P.run_pipeline(_module(ir), "test-breaker", available=available)  # the JIT default: no verify


def test_cli_verify_each_default_and_off(tmp_path, capsys):
    bad = tmp_path / "bad.mlir"
    bad.write_text(COND_NOT_BOOL)
    status, out, err = run_opt([bad, "-p", "nb-dce"], capsys)  # verified on input by default
    assert status == 1 and "condition must be bool" in err
    for flag in ("--no-verify-each", "--verify-each=false"):
        status, out, err = run_opt([bad, "-p", "nb-dce", flag], capsys)
        assert status == 0 and "nb.cond_br %c : !nb.type<int64>" in out, flag
    # xDSL's --disable-verify also turns off attribute checks process-wide: own process
    r = run_opt_process([bad, "-p", "nb-dce", "--disable-verify"])
    assert r.returncode == 0 and "nb.cond_br %c : !nb.type<int64>" in r.stdout


def test_invalid_input_is_one_diagnostic(tmp_path, capsys):
    bad = tmp_path / "bad.mlir"
    bad.write_text(COND_NOT_BOOL)
    status, out, err = run_opt([bad], capsys)
    assert status == 1 and "nb.cond_br condition must be bool, not int64" in err
    # --verify-diagnostics: the error is unexpected (no annotation) and named with its line
    status, out, err = run_opt([bad, "--verify-diagnostics"], capsys)
    assert status == 1 and re.search(r"bad\.mlir:\d+: error: unexpected error: nb\.cond_br condition must be bool", err)
    annotated = COND_NOT_BOOL.replace("  nb.cond_br", "  // expected-error @below {{condition must be bool}}\n  nb.cond_br")
    bad.write_text(annotated)
    status, out, err = run_opt([bad, "--verify-diagnostics"], capsys)
    assert status == 0 and err == "", err


def test_python_frontend_with_signature(typing_py, capsys):
    status, out, err = run_opt([typing_py, "--function", "g", "--signature", "(int64, float64)",
                                "-p", "builtin.module(nb-dce,nb-type-infer)"], capsys)
    assert status == 0, err
    assert re.search(r"nb\.func @g\(%\w+: !nb\.type<int64>, %\w+: !nb\.type<float64>\) "
                     r"-> !nb\.type<float64>", out)
    assert "nb.cast" in out and "!nb.type<?>" not in out


def test_python_frontend_untyped_and_several_functions(typing_py, capsys):
    status, out, err = run_opt([typing_py, "--function", "f,g"], capsys)
    assert status == 0, err
    assert "nb.func @f(" in out and "nb.func @g(" in out and out.count("builtin.module") == 1


def test_python_frontend_usage_errors(typing_py, capsys):
    status, _, err = run_opt([typing_py], capsys)
    assert status == 2 and "--function" in err
    status, _, err = run_opt([typing_py, "--function", "nope"], capsys)
    assert status == 2 and "no function 'nope'" in err


def test_dump_cfg(typing_py, capsys):
    status, out, _ = run_opt([typing_py, "--function", "g", "--dump-cfg"], capsys)
    assert status == 0
    assert out.startswith("CFG g: entry ")
    assert "back edges:" in out and "nb.func" not in out


def test_typing_error_exit_status_and_message(typing_py):
    r = run_opt_process([typing_py, "--function", "f", "--signature", "(int64)", "-p", "nb-type-infer"])
    assert r.returncode == 1
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    assert r.stderr.startswith("TypingError: no implementation of operator '+' for these argument types")
    assert 'user_code.py", line 3' in r.stderr and "return t + 1" in r.stderr
    assert "argument types: (UniTuple(int64 x 2), int64)" in r.stderr


def test_typing_error_under_verify_diagnostics(typing_py):
    r = run_opt_process([typing_py, "--function", "f", "--signature", "(int64)", "-p", "nb-type-infer",
                         "--verify-diagnostics"])
    assert r.returncode == 1  # no annotation expects it
    assert "user_code.py:3: error: unexpected error: TypingError: no implementation of operator '+'" in r.stderr


# ------------------------------------------------------------------ nb-to-llvm and the LLVM targets

TYPED_IR = """\
nb.func @f(%a: !nb.type<float64>, %b: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "/" %a, %b : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  %atan2 = nb.global "math.atan2" = <math.atan2> : !nb.type<function(math.atan2)>
  %1 = nb.call %atan2(%0, %a) kwnames [] : (!nb.type<function(math.atan2)>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  nb.return %1 : !nb.type<float64>
}
"""

SUM_PY = """\
def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


def probe_not_in_jit(x):
    return x * 3
"""


@pytest.fixture
def typed_mlir(tmp_path):
    p = tmp_path / "typed.mlir"
    p.write_text(TYPED_IR)
    return p


@pytest.fixture
def sum_py(tmp_path):
    p = tmp_path / "sum_code.py"
    p.write_text(SUM_PY)
    return p


def test_nb_to_llvm_pass_replaces_nb_funcs_in_place():
    from xdsl.dialects import llvm

    module = _module(TYPED_IR)
    extra = llvm.FuncOp("atan2", llvm.LLVMFunctionType([], llvm.LLVMVoidType()),
                        linkage=llvm.LinkageAttr("external"))
    other = llvm.FuncOp("keep_me", llvm.LLVMFunctionType([], llvm.LLVMVoidType()),
                        linkage=llvm.LinkageAttr("external"))
    module.body.block.add_op(other)
    module.body.block.insert_op_before(extra, module.body.block.first_op)
    P.run_pipeline(module, "nb-to-llvm", verify_each=True)
    ops = list(module.ops)
    assert all(isinstance(o, llvm.FuncOp) for o in ops)
    names = [o.sym_name.data for o in ops]
    # the declaration already there is not repeated; other ops stay
    assert names == ["atan2", "f", "keep_me"]
    f = ops[1]
    assert [str(t) for t in f.function_type.inputs.data] == ["!llvm.ptr", "f64", "f64"]
    assert str(f.function_type.output) == "i32"


def test_nb_to_llvm_error_model_and_untyped_input():
    from pycomp.errors import TypingError

    def fcmps(spec):
        module = _module(TYPED_IR)
        P.run_pipeline(module, spec)
        return sum(o.name == "llvm.fcmp" for o in module.walk())

    assert fcmps("nb-to-llvm") == 1  # division by zero raises
    assert fcmps("nb-to-llvm{error-model=numpy}") == 0
    with pytest.raises(TypingError, match="nb-to-llvm needs typed IR: argument 0 of @f has no type"):
        P.run_pipeline(_module(UNTYPED_IR), "nb-to-llvm")


def test_cli_nb_to_llvm_output_parses_back(typed_mlir, tmp_path, capsys):
    status, out, err = run_opt([typed_mlir, "-p", "nb-to-llvm{fastmath=true}"], capsys)
    assert status == 0, err
    assert "llvm.func @atan2(f64, f64) -> f64" in out and "#llvm.fastmath<fast>" in out
    lowered = tmp_path / "lowered.mlir"
    lowered.write_text(out)
    status, out2, err = run_opt([lowered], capsys)
    assert status == 0, err
    assert out2 == out


@pytest.mark.parametrize("target, expect", [
    ("llvm", r'define i32 @"f"\(ptr %"\.1", double %"\.2", double %"\.3"\)'),
    ("llvm-opt", r"^define [^\n]*i32 @f\("),
    ("asm", r"^_?f:"),
])
def test_cli_llvm_targets(target, expect, typed_mlir, capsys):
    status, out, err = run_opt([typed_mlir, "-p", "nb-to-llvm", "-t", target], capsys)
    assert status == 0, err
    assert re.search(expect, out, re.M), out


def test_cli_llvm_opt_vectorizes_with_fastmath_only(sum_py, capsys):
    base = [sum_py, "--function", "total", "--signature", "(array(float64, 1d, C))", "-t", "llvm-opt"]
    p = "builtin.module(%s,nb-type-infer,nb-to-llvm{fastmath=true})" % ",".join(P.UNTYPED_PASS_NAMES)
    status, out, err = run_opt(base + ["-p", p], capsys)
    assert status == 0, err
    assert re.search(r"fadd fast <\d+ x double>", out)
    status, out, err = run_opt(base + ["--pipeline=jit"], capsys)
    assert status == 0, err
    assert "fadd double" in out and not re.search(r"fadd [^\n]*x double>", out)  # in order
    status, out0, err = run_opt(base + ["--pipeline=jit", "--opt-level", "0"], capsys)
    assert status == 0, err
    # unoptimized: range's zero-step check on the constant step is still there
    assert "icmp eq i64 1, 0" in out0 and "x double>" not in out0


def test_cli_llvm_targets_do_not_touch_the_jit(sum_py, capsys):
    from pycomp.targets.cpu.codegen import engine

    for target in ("llvm-opt", "asm"):
        status, out, err = run_opt([sum_py, "--function", "probe_not_in_jit", "--signature", "(int64)",
                                    "--pipeline=jit", "-t", target], capsys)
        assert status == 0, err
        assert "probe_not_in_jit" in out
    assert engine().address_of("probe_not_in_jit") == 0


def test_cli_pipeline_jit_equals_explicit_passes(sum_py, capsys):
    args = [sum_py, "--function", "total", "--signature", "(array(float64, 1d, C))"]
    status, named, err = run_opt(args + ["--pipeline=jit"], capsys)
    assert status == 0, err
    spelled = "builtin.module(%s)" % ",".join(P.JIT_PASS_NAMES)
    status, explicit, err = run_opt(args + ["-p", spelled], capsys)
    assert status == 0, err
    assert named == explicit and "llvm.func @total(" in named
    status, _, err = run_opt(args + ["--pipeline=jit", "-p", "nb-dce"], capsys)
    assert status == 2 and "exclude each other" in err


def test_cli_target_errors(typed_mlir, capsys):
    status, out, err = run_opt([typed_mlir, "-t", "llvm"], capsys)
    assert status == 1 and "-t llvm needs a module in the llvm dialect, but @f is an nb.func" in err
    assert "Traceback" not in err
    status, _, err = run_opt([typed_mlir, "-t", "llvm", "--opt-level", "1"], capsys)
    assert status == 2 and "--opt-level applies to -t llvm-opt and -t asm only" in err
    status, _, err = run_opt([typed_mlir, "-t", "asm", "--opt-level", "5"], capsys)
    assert status == 2
    status, _, err = run_opt([typed_mlir, "-t", "llvm-opt{opt-level=9}"], capsys)
    assert status == 2 and "opt-level must be 0, 1, 2 or 3, not 9" in err


def test_cli_jitted_callee_is_a_clear_error(tmp_path):
    src = tmp_path / "caller_code.py"
    src.write_text("import pycomp\n\n\n@pycomp.njit\ndef g(x):\n    return x + 1\n\n\n"
                   "def f(x):\n    return g(x) * 2\n")
    r = run_opt_process([src, "--function", "f", "--signature", "(int64)", "--pipeline=jit"])
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.startswith("UnsupportedError: cannot lower a call to jitted function 'g'")
    assert 'caller_code.py", line 10' in r.stderr and "Traceback" not in r.stderr


# ------------------------------------------------------------------ lit suite

def _filecheck_available() -> bool:
    path = os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")])
    return shutil.which("filecheck", path=path) is not None


@pytest.mark.skipif(importlib.util.find_spec("lit") is None, reason="lit is not installed")
@pytest.mark.skipif(not _filecheck_available(), reason="filecheck is not installed")
def test_lit_suite():
    """All FileCheck golden tests (tests/filecheck), with this interpreter."""
    r = subprocess.run(
        [sys.executable, "-c", "import sys; from lit.main import main; sys.argv[0] = 'lit'; main()",
         str(FILECHECK_DIR), "-q"],
        capture_output=True, text=True, timeout=1200, cwd=ROOT)
    assert r.returncode == 0, "lit failures:\n%s\n%s" % (r.stdout[-20000:], r.stderr[-5000:])


def test_instrumentation_after_change_after_failure_and_one_dash_pipeline(tmp_path, capsys):
    src = tmp_path / "f.mlir"
    src.write_text('nb.func @f(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {\n'
                   '  %c = nb.const <1> : !nb.type<?>\n  nb.return %a : !nb.type<?>\n}\n')
    # only nb-dce changes the IR: only its dump is printed
    status, out, err = run_opt([src, "-pass-pipeline=builtin.module(nb-static-raise,nb-dce)",
                                "--print-ir-after-all", "--mlir-print-ir-after-change"], capsys)
    assert status == 0 and err.count("IR Dump After") == 1 and "IR Dump After nb-dce" in err
    # the failing pass is named and its IR shown
    status, out, err = run_opt([src, "-p", "nb-to-llvm", "--mlir-print-ir-after-failure"], capsys)
    assert status == 1 and "IR Dump After nb-to-llvm Failed" in err and "needs typed IR" in err


def test_timing_charges_no_import_to_the_first_pass(monkeypatch):
    """With timings on, the modules a pass imports on its first run (its
    ``imports``) are imported before the clock starts."""
    from dataclasses import dataclass

    from xdsl.passes import ModulePass

    seen = []

    @dataclass(frozen=True)
    class Importer(ModulePass):
        name: ClassVar[str] = "test-importer"
        imports: ClassVar[tuple] = ("wave",)

        def apply(self, ctx, op):
            seen.append("wave" in sys.modules)

    monkeypatch.delitem(sys.modules, "wave", raising=False)
    P.run_pipeline(_module(TYPED_IR), "test-importer", available={"test-importer": lambda: Importer})
    monkeypatch.delitem(sys.modules, "wave", raising=False)
    P.run_pipeline(_module(TYPED_IR), "test-importer", timings={}, available={"test-importer": lambda: Importer})
    assert seen == [False, True]
    for name in PASS_NAMES:  # every pycomp pass declares what it imports
        assert P.get_all_passes()[name]().imports


def test_canonicalize_folds_unary_and_keeps_bool_arithmetic_exact():
    ir = """\
nb.func @u() -> !nb.type<?> attributes {arg_names = []} {
  %five = nb.const <5> : !nb.type<?>
  %t = nb.const <True> : !nb.type<?>
  %n = nb.unary "-" %five : (!nb.type<?>) -> !nb.type<?>
  %i = nb.unary "~" %t : (!nb.type<?>) -> !nb.type<?>
  %x = nb.unary "not" %five : (!nb.type<?>) -> !nb.type<?>
  %r = nb.build_tuple(%n, %i, %x) : (!nb.type<?>, !nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %r : !nb.type<?>
}
"""
    from xdsl.printer import Printer
    from xdsl.transforms.canonicalize import CanonicalizePass

    module = _module(ir)
    P.run_pipeline(module, [CanonicalizePass()])
    buf = io.StringIO()
    Printer(stream=buf).print_op(module)
    out = buf.getvalue()
    assert "nb.unary" not in out
    # ~True is `not True` in compiled code (as Numba and NumPy), not Python's -2
    assert "nb.const <-5>" in out and "nb.const <-2>" not in out and out.count("nb.const <False>") == 2
