"""``pycomp-opt``: run pycomp's passes from the command line.

Built on xDSL's ``xDSLOptMain`` (so every ``xdsl-opt`` flag and every xDSL
dialect and pass works), with pycomp's dialects and passes registered
lazily, and these additions:

Input
  ``file.mlir`` (or stdin): textual IR, as ``xdsl-opt``.
  ``file.py --function NAME [--signature "(int64, float64)"]``: the file is
  imported as a module (its folder first on ``sys.path``), IR is generated
  for the named function(s) (``--function`` repeats or takes a comma list)
  and, with ``--signature`` (``"(int64)"`` or ``"float64(int64)"``), the
  argument types are written into each ``nb.func`` so ``nb-type-infer`` can
  run. ``--dump-cfg`` prints the bytecode CFG of the function(s) instead.

Pipelines
  ``-p``/``--passes``/``--pass-pipeline`` take MLIR's syntax
  (``builtin.module(nb-static-raise,nb-type-infer{signature="(int64)"})``,
  nested ``nb.func(...)`` anchors allowed) or xDSL's flat list
  (``nb-static-raise,nb-dce``); options are ``name{key=value key2=v1,v2}``.
  ``--pipeline=jit`` runs the JIT's sequence after IR generation
  (``nb-static-raise,nb-static-getitem,nb-simplify-cfg,nb-dce,nb-type-infer,
  nb-to-llvm``); it excludes ``-p``.

Output (``-t``/``--target``)
  ``mlir`` (default): the IR as text. For a module in the llvm dialect
  (after ``nb-to-llvm``): ``llvm``, its LLVM IR as the JIT hands it to LLVM
  (host triple and data layout); ``llvm-opt``, that IR optimized by LLVM's
  pass pipeline for the host CPU, as the JIT does (``--opt-level N``, 0-3,
  default 3, or ``-t 'llvm-opt{opt-level=2}'``); ``asm``, the host assembly
  of the optimized module (same option). Nothing is added to the JIT; an
  nb.func left in the module is a diagnostic. ``--timing`` adds a row
  ``(target NAME)``. The other ``xdsl-opt`` targets stay available.

Instrumentation (dumps and timings go to stderr, as mlir-opt's do)
  ``--print-ir-after-all``, ``--print-ir-after=NAME`` (repeatable, or a
  comma list), the same for ``--print-ir-before*``; ``--print-between-passes``
  is xDSL's spelling of ``--print-ir-after-all``; ``--print-ir-after-change``
  prints only when the pass changed the IR, ``--print-ir-after-failure`` the
  IR a failing pass left (each also spelled ``--mlir-...``). ``--timing`` (also
  ``--time-passes``, ``--mlir-timing``) prints a table of seconds per pass.

Verification
  As in xDSL and MLIR, the module is verified on input and after every pass
  (``--verify-each``, the default); ``--verify-each=false``,
  ``--no-verify-each`` or ``--disable-verify`` turn it off.

Discovery
  ``--list-passes`` prints every registered pass, pycomp's with their
  options and a one-line description.

Errors
  A pycomp ``CompilerError`` (a ``TypingError``, an unsupported construct,
  ...) is printed as one diagnostic, ``<Kind>: <message and source line>``,
  on stderr, and the exit status is 1; so are verifier and parse errors.
  ``--verify-diagnostics`` checks them against ``expected-error``,
  ``expected-warning`` and ``expected-note`` annotations in the input, as
  ``mlir-opt -verify-diagnostics`` does (``// expected-error @below
  {{message}}``; ``#`` in Python input; see pycomp/diagnostics.py): every
  diagnostic of each ``// -----`` chunk must be expected and every
  expectation met, else ``file:line: error: ...`` and exit status 1.
"""

from __future__ import annotations

import argparse
import dataclasses
import linecache
import os
import sys
import time
import types as pytypes
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline, get_pass_option_infos
from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.exceptions import DiagnosticException, ParseError
from xdsl.utils.target import Target
from xdsl.xdsl_opt_main import xDSLOptMain

from pycomp import passes as pycomp_passes
from pycomp.errors import CompilerError

__all__ = ["PycompOptMain", "main", "LLVMIRTarget", "OptimizedLLVMTarget", "AsmTarget",
           "LLVM_TARGETS", "emit_llvm_ir", "optimize_llvm_ir"]


class _OptExit(Exception):
    """Leave ``run`` with an exit status after printing a diagnostic."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


def _diagnostic(e: BaseException) -> str:
    """One clear diagnostic for an error about the user's input."""
    if isinstance(e, CompilerError):
        return "%s: %s" % (type(e).__name__, e)
    return str(e)


# ------------------------------------------------------------------ LLVM targets

def _check_llvm_module(module: ModuleOp, target: str) -> None:
    from pycomp.dialects import nb

    for op in module.ops:
        if isinstance(op, nb.FuncOp):
            raise DiagnosticException(
                "-t %s needs a module in the llvm dialect, but @%s is an nb.func: run nb-to-llvm "
                "first (e.g. --pipeline=jit)" % (target, op.sym_name.data))


def emit_llvm_ir(module: ModuleOp, target: str = "llvm") -> str:
    """LLVM IR text of an llvm-dialect module, with the host triple and data
    layout (what the JIT hands to LLVM, less its CPython wrapper)."""
    _check_llvm_module(module, target)
    from pycomp.lowering.emit import emit_llvmlite
    from pycomp.targets.cpu.codegen import engine

    eng = engine()
    try:
        return str(emit_llvmlite(module, eng.triple, eng.data_layout))
    except (NotImplementedError, KeyError, TypeError, ValueError) as e:
        raise DiagnosticException("cannot emit LLVM IR: %s: %s" % (type(e).__name__, e)) from e


def optimize_llvm_ir(ir_text: str, opt_level: int = 3):
    """Parse, verify and optimize LLVM IR for the host CPU with the JIT's
    pass-builder pipeline; returns the llvmlite ``ModuleRef`` (not added to
    the JIT)."""
    from pycomp.targets.cpu.codegen import engine

    eng = engine()
    try:
        mod = eng.parse(ir_text)
    except RuntimeError as e:
        raise DiagnosticException("LLVM rejected the module: %s" % str(e).strip()) from e
    eng.optimize(mod, opt_level)
    return mod


def _check_opt_level(level: int) -> None:
    if not 0 <= level <= 3:
        raise ValueError("opt-level must be 0, 1, 2 or 3, not %d" % level)


@dataclass(frozen=True)
class LLVMIRTarget(Target):
    """LLVM IR of an llvm-dialect module (host triple and data layout)."""

    name: ClassVar[str] = "llvm"

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(emit_llvm_ir(module, self.name))


@dataclass(frozen=True)
class OptimizedLLVMTarget(Target):
    """LLVM IR optimized for the host CPU by the JIT's pipeline (opt-level 0-3)."""

    name: ClassVar[str] = "llvm-opt"

    opt_level: int = 3

    def __post_init__(self):
        _check_opt_level(self.opt_level)

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(str(optimize_llvm_ir(emit_llvm_ir(module, self.name), self.opt_level)))


@dataclass(frozen=True)
class AsmTarget(Target):
    """Host assembly of the module optimized at opt-level (0-3)."""

    name: ClassVar[str] = "asm"

    opt_level: int = 3

    def __post_init__(self):
        _check_opt_level(self.opt_level)

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        from pycomp.targets.cpu.codegen import engine

        mod = optimize_llvm_ir(emit_llvm_ir(module, self.name), self.opt_level)
        output.write(engine().tm.emit_assembly(mod))


#: pycomp's targets by name (registered lazily through pycomp.passes.get_pycomp_targets)
LLVM_TARGETS = {t.name: t for t in (LLVMIRTarget, OptimizedLLVMTarget, AsmTarget)}


class PycompOptMain(xDSLOptMain):
    """The ``pycomp-opt`` driver (see the module docstring)."""

    version_format = "pycomp-opt built from xdsl version {xdsl_version}"

    def __init__(self, args: Sequence[str] | None = None):
        self.timings: dict[str, float] = {}
        self.pipeline_passes: list = []
        super().__init__(description="pycomp modular optimizer driver (xdsl-opt with pycomp's "
                                     "dialects, passes and Python frontend)", args=args)

    # ------------------------------------------------------------ registration
    def register_all_dialects(self):
        super().register_all_dialects()
        known = set(self.ctx.registered_dialect_names)
        for name, getter in pycomp_passes.get_all_dialects().items():
            if name not in known:  # already there when pycomp is installed (entry point)
                self.ctx.register_dialect(name, getter)

    def register_all_passes(self):
        super().register_all_passes()
        for name, getter in pycomp_passes.get_all_passes().items():
            if name not in self.available_passes:
                self.register_pass(name, getter)

    def register_all_targets(self):
        super().register_all_targets()
        # ``llvm`` replaces xDSL's converter, which knows no llvmx op
        self.available_targets.update(pycomp_passes.get_pycomp_targets())

    def register_all_frontends(self):
        super().register_all_frontends()
        self.available_frontends["py"] = self._python_frontend

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser):
        super().register_all_arguments(arg_parser)
        self._arg_parser = arg_parser
        arg_parser.prog = "pycomp-opt"
        arg_parser.add_argument(
            "--pass-pipeline", "-pass-pipeline", dest="passes", type=str,
            help="Pass pipeline, MLIR style: 'builtin.module(nb-static-raise,nb-type-infer)' "
                 "(same as -p, which also takes xDSL's flat list)")
        arg_parser.add_argument(
            "--pipeline", choices=sorted(pycomp_passes.PIPELINES), default=None,
            help="a named pipeline instead of -p: 'jit' is the JIT's sequence after IR generation "
                 "(%s)" % pycomp_passes.PIPELINES["jit"])
        arg_parser.add_argument(
            "--opt-level", type=int, default=None, choices=range(4), metavar="N",
            help="LLVM optimization level (0-3, default 3) of -t llvm-opt and -t asm")
        py = arg_parser.add_argument_group("Python input (file.py)")
        py.add_argument("--function", action="append", default=[], metavar="NAME",
                        help="function(s) of the Python file to compile (repeat or comma list)")
        py.add_argument("--signature", type=str, default=None, metavar="SIG",
                        help="argument types written into each nb.func, e.g. '(int64, float64)' "
                             "or 'float64(int64, float64)'")
        py.add_argument("--locals", type=str, default=None, metavar="NAME=TYPE,...",
                        help="jit's locals= option: variables converted to a declared type, "
                             "e.g. 'x=float32,t=UniTuple(int32 x 2)'")
        py.add_argument("--dump-cfg", action="store_true", default=False,
                        help="print the bytecode control-flow graph of the function(s) and exit")
        ins = arg_parser.add_argument_group("pass instrumentation (printed to stderr)")
        ins.add_argument("--print-ir-after-all", "--mlir-print-ir-after-all", action="store_true",
                         default=False, help="print the IR after every pass")
        ins.add_argument("--print-ir-after", "--mlir-print-ir-after", action="append", default=[],
                         metavar="NAME", help="print the IR after the named pass(es) "
                                              "(repeat or comma list)")
        ins.add_argument("--print-ir-before-all", "--mlir-print-ir-before-all", action="store_true",
                         default=False, help="print the IR before every pass")
        ins.add_argument("--print-ir-before", "--mlir-print-ir-before", action="append", default=[],
                         metavar="NAME", help="print the IR before the named pass(es)")
        ins.add_argument("--print-ir-after-change", "--mlir-print-ir-after-change", action="store_true",
                         default=False, help="with --print-ir-after*: print only when the pass changed the IR")
        ins.add_argument("--print-ir-after-failure", "--mlir-print-ir-after-failure", action="store_true",
                         default=False, help="print the IR as a failing pass left it")
        ins.add_argument("--timing", "--mlir-timing", action="store_true", default=False,
                         help="print the wall time of each pass (same as --time-passes)")
        ins.add_argument("--verify-each", nargs="?", const="true", default="true",
                         choices=["true", "false"],
                         help="verify the IR on input and after every pass (default: true; "
                              "--no-verify-each and --disable-verify turn it off)")
        ins.add_argument("--no-verify-each", dest="verify_each", action="store_const", const="false",
                         help="same as --verify-each=false")
        arg_parser.add_argument("--list-passes", action="store_true", default=False,
                                help="list the registered passes and exit")

    # ------------------------------------------------------------ pipeline
    def setup_pipeline(self):
        args = self.args
        spec = args.passes or ""
        if args.pipeline is not None:
            if spec:
                self._arg_parser.error("--pipeline and -p/--pass-pipeline exclude each other")
            spec = pycomp_passes.PIPELINES[args.pipeline]
        target_spec = parse_spec(args.target)  # well-formed: xDSLOptMain checked it
        self.target = None  # None: xDSL's own target
        if target_spec.name in LLVM_TARGETS:
            try:
                self.target = LLVM_TARGETS[target_spec.name].from_spec(target_spec)
            except ValueError as e:
                self._arg_parser.error("-t %s: %s" % (args.target, e))
        if args.opt_level is not None:
            if not isinstance(self.target, (OptimizedLLVMTarget, AsmTarget)):
                self._arg_parser.error("--opt-level applies to -t llvm-opt and -t asm only")
            self.target = dataclasses.replace(self.target, opt_level=args.opt_level)
        try:
            self.pipeline_passes = pycomp_passes.parse_pipeline(spec, self.available_passes)
        except pycomp_passes.PipelineSyntaxError as e:
            self._arg_parser.error(str(e))
        self.pipeline = PassPipeline(tuple(self.pipeline_passes))
        self.print_after = self._pass_set(args.print_ir_after_all or args.print_between_passes,
                                          args.print_ir_after, "--print-ir-after")
        self.print_before = self._pass_set(args.print_ir_before_all, args.print_ir_before,
                                           "--print-ir-before")
        self.verify_each = args.verify_each == "true" and not args.disable_verify
        self.timing = args.timing or args.time_passes

    def _pass_set(self, all_: bool, names: list[str], flag: str):
        if all_:
            return "all"
        out = {n.strip() for arg in names for n in arg.split(",") if n.strip()}
        unknown = sorted(n for n in out if n not in self.available_passes)
        if unknown:
            self._arg_parser.error("%s: unknown pass %s" % (flag, ", ".join(unknown)))
        return out or None

    def apply_passes(self, prog: ModuleOp):
        try:
            pycomp_passes.run_pipeline(
                prog, self.pipeline_passes, self.ctx, timings=self.timings if self.timing else None,
                print_after=self.print_after, print_before=self.print_before,
                verify_each=self.verify_each, stream=sys.stderr,
                print_generic=self.args.print_op_generic,
                print_after_failure=self.args.print_ir_after_failure,
                print_after_change=self.args.print_ir_after_change)
        except CompilerError as e:
            self._compiler_error(e)

    def output_resulting_program(self, prog: ModuleOp) -> str:
        if self.target is None:
            return super().output_resulting_program(prog)
        import io

        out = io.StringIO()
        t0 = time.perf_counter()
        try:
            self.target.emit(self.ctx, prog, out)
        finally:
            if self.timing:
                key = "(target %s)" % self.target.name
                self.timings[key] = self.timings.get(key, 0.0) + (time.perf_counter() - t0)
        return out.getvalue()

    def _compiler_error(self, e: CompilerError):
        """``run`` reports a CompilerError (under --verify-diagnostics the
        chunk's expectations are checked against it)."""
        raise e

    def _run_chunks(self) -> int:
        """--split-input-file: every chunk is processed, as mlir-opt does; a
        chunk's error is reported (with its line in the whole file) and the
        next chunk runs; exit status 1 if any chunk failed."""
        chunks, ext = self.prepare_input()
        output = self.prepare_output()
        failed = False
        try:
            for i, (chunk, offset) in enumerate(chunks):
                module = None
                try:
                    if i > 0:
                        output.write("// -----\n")
                    module = self.parse_chunk(chunk, ext, offset)
                    if module is not None:
                        self.apply_passes(module)
                        output.write(self.output_resulting_program(module))
                    output.flush()
                except ParseError as e:
                    e.span = dataclasses.replace(e.span, line_offset=offset)
                    failed = True
                    sys.stdout.flush()
                    print(_diagnostic(e), file=sys.stderr)
                except (CompilerError, DiagnosticException) as e:
                    failed = True
                    sys.stdout.flush()
                    print(self._located(e, module), file=sys.stderr)
                finally:
                    chunk.close()
        finally:
            if output is not sys.stdout:
                output.close()
        return 1 if failed else 0

    def _located(self, e: BaseException, module) -> str:
        """A verifier error as ``file:line:col: error: message`` at the op
        that fails (MLIR's form), with the op printed under it; any other
        error as :func:`_diagnostic` gives it."""
        from xdsl.utils.exceptions import VerifyException

        if isinstance(e, VerifyException) and module is not None:
            from pycomp.diagnostics import first_invalid_op

            op, msg = first_invalid_op(module)
            loc = getattr(op, "location", None)
            line = getattr(getattr(loc, "line", None), "data", None)
            if line is not None:
                col = loc.column.data
                text = linecache.getline(loc.filename.data, line).rstrip()
                return "%s:%d:%d: error: %s\n%s" % (loc.filename.data, line, col, msg, text)
        return _diagnostic(e)

    # ------------------------------------------------------------ --verify-diagnostics
    def _run_verify_diagnostics(self) -> int:
        """Check each chunk's diagnostics against its expected-* annotations
        (pycomp/diagnostics.py); print the programs of chunks that produce
        none. Exit status 1 on any mismatch."""
        from pycomp import diagnostics as D

        chunks, ext = self.prepare_input()
        name = self.get_input_name()
        path = os.path.abspath(self.args.input_file) if self.args.input_file else name
        comment = "#" if ext == "py" else "//"
        problems = []
        for i, (chunk, offset) in enumerate(chunks):
            data = chunk.read()
            chunk.close()
            text = data.decode("utf-8")
            expected = D.parse_expectations(text, comment, offset)
            produced = self._chunk_diagnostics(D, data, text, ext, offset, name, path)
            for line, what in D.compare(expected, produced):
                problems.append("%s:%s: error: %s" % (name, "?" if line is None else line, what))
        sys.stdout.flush()
        for p in problems:
            print(p, file=sys.stderr)
        return 1 if problems else 0

    def _chunk_diagnostics(self, D, data: bytes, text: str, ext: str, offset: int, name: str, path: str):
        """The diagnostics one chunk produces (parse, verification, passes)."""
        from xdsl.utils.exceptions import VerifyException

        def located(e) -> D.Diagnostic:
            loc = getattr(e, "loc", None)
            line = loc.line if loc is not None and loc.filename in (name, path) else None
            return D.Diagnostic("error", line, _diagnostic(e))

        parsers: list = []
        try:
            if ext == "py":
                import io

                module = self._python_frontend(io.BytesIO(data))
            else:
                module = self._parse_mlir(text, offset, parsers)
        except ParseError as e:
            return [D.Diagnostic("error", e.span.get_location().line + offset, str(e).strip().splitlines()[-1])]
        except CompilerError as e:
            return [located(e)]
        except DiagnosticException as e:  # an op rejected while it is built: the line being parsed
            line = D.parser_line(parsers[0], text, offset) if parsers else None
            return [D.Diagnostic("error", line, str(e).strip().splitlines()[0])]
        if module is None:
            return []
        if self.verify_each:
            op, msg = D.first_invalid_op(module)
            if op is not None:
                return [D.Diagnostic("error", D.op_line(op, name), msg)]
        try:
            self.apply_passes(module)
        except CompilerError as e:
            return [located(e)]
        except (VerifyException, DiagnosticException) as e:
            return [D.Diagnostic("error", None, str(e).strip().splitlines()[0])]
        sys.stdout.write(self.output_resulting_program(module))
        return []

    # ------------------------------------------------------------ Python frontend
    def _load_python(self, chunk: IO[bytes]) -> pytypes.ModuleType:
        path = self.args.input_file
        filename = os.path.abspath(path) if path else "<stdin>"
        source = chunk.read().decode("utf-8")
        lines = source.splitlines(keepends=True)
        linecache.cache[filename] = (len(source), None, lines, filename)  # carets in diagnostics
        stem = os.path.splitext(os.path.basename(filename))[0]
        modname = stem if stem.isidentifier() and stem not in sys.modules else "_pycomp_input_" + (
            stem if stem.isidentifier() else "stdin")
        module = pytypes.ModuleType(modname)
        module.__file__ = filename
        if path:
            folder = os.path.dirname(filename)
            if folder not in sys.path:
                sys.path.insert(0, folder)
        sys.modules[modname] = module
        exec(compile(source, filename, "exec"), module.__dict__)
        return module

    def _functions(self, module: pytypes.ModuleType):
        names = [n.strip() for arg in self.args.function for n in arg.split(",") if n.strip()]
        if not names:
            raise _UsageError("Python input needs --function NAME (the function to compile)")
        out = []
        for name in names:
            obj = module.__dict__.get(name)
            if obj is None:
                raise _UsageError("%s defines no function '%s'" % (self.get_input_name(), name))
            obj = getattr(obj, "py_func", obj)  # a jitted function: its Python function
            if not isinstance(obj, pytypes.FunctionType):
                raise _UsageError("'%s' in %s is not a Python function" % (name, self.get_input_name()))
            out.append((name, obj))
        return out

    def _python_frontend(self, chunk: IO[bytes]) -> ModuleOp | None:
        t0 = time.perf_counter()
        module = self._load_python(chunk)
        funcs = self._functions(module)
        if self.args.dump_cfg:
            from pycomp.frontend.bytecode import decode
            from pycomp.frontend.cfg import ControlFlowGraph

            for name, f in funcs:
                print(ControlFlowGraph.from_instrs(decode(f.__code__)).dump(name))
            return None
        from pycomp.frontend.irgen import generate_ir

        sig = None
        if self.args.signature is not None:
            from pycomp.signature import parse_signature

            try:
                sig = parse_signature(self.args.signature)
            except ValueError as e:
                raise _UsageError("--signature: %s" % e) from None
        locals_types = None
        if self.args.locals:
            from pycomp.signature import parse_signature

            locals_types = {}
            for item in _split_top_level(self.args.locals):
                name, _, text = item.partition("=")
                try:
                    (locals_types[name.strip()],) = parse_signature("(%s)" % text.strip()).args
                except ValueError as e:
                    raise _UsageError("--locals: %s" % e) from None
        result: ModuleOp | None = None
        try:
            for name, f in funcs:
                fir = generate_ir(f, locals_types=locals_types)
                if sig is not None:
                    pycomp_passes.set_func_signature(fir.func, sig.args, sig.return_type)
                if result is None:
                    result = fir.module
                else:
                    fir.func.detach()
                    result.body.block.add_op(fir.func)
        except CompilerError as e:
            self._compiler_error(e)
        if self.timing:
            self.timings["(python frontend)"] = self.timings.get("(python frontend)", 0.0) + (
                time.perf_counter() - t0)
        return result

    def parse_chunk(self, chunk: IO[bytes], file_extension: str, start_offset: int = 0):
        if self.args.dump_cfg and file_extension != "py":
            raise _UsageError("--dump-cfg needs Python input (file.py --function NAME)")
        if file_extension == "py":
            return super().parse_chunk(chunk, file_extension, start_offset)
        t0 = time.perf_counter()
        module = self._parse_mlir(chunk.read().decode("utf-8"), start_offset)
        if self.timing:
            self.timings["(parse)"] = self.timings.get("(parse)", 0.0) + (time.perf_counter() - t0)
        return module

    def _parse_mlir(self, text: str, line_offset: int, parser_out: list | None = None):
        """Parse MLIR text; every op without a ``loc(...)`` of its own gets
        its ``file:line:col`` (as MLIR's parser gives them), so diagnostics
        about it name the input line (pycomp/diagnostics.py)."""
        from pycomp.diagnostics import recording_parser

        parser = recording_parser(self.ctx, text, self.get_input_name(), line_offset)
        if parser_out is not None:
            parser_out.append(parser)
        return parser.parse_module(not self.args.no_implicit_module)

    # ------------------------------------------------------------ driver
    def list_passes(self, out: IO[str]) -> None:
        mine = pycomp_passes.get_all_passes()
        out.write("pycomp passes:\n")
        for name, getter in mine.items():
            cls = getter()
            opts = get_pass_option_infos(cls)
            spec = name
            if opts:
                spec += "{%s}" % " ".join("%s=<%s>" % (o.name.replace("_", "-"), o.expected_type.strip("'\""))
                                          for o in opts)
            out.write("  %s\n      %s\n" % (spec, pycomp_passes.pass_description(cls)))
        others = [n for n in self.available_passes if n not in mine]
        if others:
            out.write("xDSL passes:\n")
            for name in sorted(others):
                out.write("  %s\n" % name)

    def run(self) -> int:  # type: ignore[override]
        if self.args.list_passes:
            self.list_passes(sys.stdout)
            return 0
        try:
            if self.args.verify_diagnostics:
                return self._run_verify_diagnostics()
            if not (getattr(self.args, "shrink", False) or getattr(self.args, "parsing_diagnostics", False)):
                return self._run_chunks()
            super().run()
        except _UsageError as e:
            sys.stdout.flush()
            print("pycomp-opt: error: %s" % e, file=sys.stderr)
            return 2
        except (CompilerError, DiagnosticException, ParseError) as e:
            sys.stdout.flush()
            print(_diagnostic(e), file=sys.stderr)
            return 1
        finally:
            if self.timing and self.timings:
                sys.stdout.flush()
                sys.stderr.write(pycomp_passes.format_timings(self.timings))
        return 0


def _split_top_level(text: str) -> list[str]:
    """``text`` split at the commas outside parentheses."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur] if cur.strip() else out


class _UsageError(Exception):
    """Wrong command-line use (exit status 2)."""


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point of the ``pycomp-opt`` console script."""
    opt = PycompOptMain(args=argv)
    try:
        status = opt.run()
        sys.stdout.flush()
    except BrokenPipeError:  # `pycomp-opt ... | head`: the reader left early
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
