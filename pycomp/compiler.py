"""The compile driver: one Python function + argument types -> native code.

Stages, each timed (``Overload.timings``, ``PYCOMP_TIMINGS=1``):
``ir-gen`` (bytecode decoding, CFG and IR generation), the untyped
rewrites, ``nb-type-infer``, ``nb-to-llvm``, ``emit-llvmlite`` and
``llvm-codegen``; the CPython wrapper is built between the last two and
not timed separately. ``PYCOMP_DUMP_IR=1`` prints the nb IR after IR generation,
``PYCOMP_DUMP_CFG=1`` the CFG, ``PYCOMP_DUMP_ANNOTATION=1`` the typed IR;
``PYCOMP_VERIFY=1`` verifies the IR after every stage (the test suite sets it).
Internal failures are reported as InternalCompilerError naming the
function; ``PYCOMP_DEV=1`` chains the original traceback.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from pycomp.config import flag
from pycomp import types as ty
from pycomp.errors import CompilerError, InternalCompilerError, TypingError
from pycomp.signature import Signature

__all__ = ["Overload", "compile_overload", "type_function", "module_text"]


@dataclass
class Overload:
    signature: Signature
    entry: object  # the builtin function object wrapping native code
    native_symbol: str
    typed_module: object = None  # the nb module after the typed passes (fusion, reference counting)
    llvm_module: object = None  # the llvm-dialect module
    llvm_ir: str = ""
    optimized_ir: str = ""
    timings: dict = field(default_factory=dict)
    #: Python objects the native code points at, alive as long as the overload
    keepalive: list = field(default_factory=list)

    @property
    def entry_point(self):
        """Numba's name for the compiled entry."""
        return self.entry


class Timer:
    """Accumulates seconds per stage name."""

    def __init__(self):
        self.timings: dict[str, float] = {}

    def run(self, name, fn, *args):
        t0 = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.timings[name] = self.timings.get(name, 0.0) + time.perf_counter() - t0


def module_text(module) -> str:
    import io

    from xdsl.printer import Printer

    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def type_function(dispatcher, argtypes, return_type=None, timer=None, snapshots=False):
    """Run the frontend: IR generation, untyped rewrites, type inference.
    Returns (FunctionIR, TypingResult, ir_after); ``ir_after`` maps each
    stage to its printed IR when ``snapshots`` is true (printing costs as
    much as the passes, so the JIT path does not)."""
    timer = timer or Timer()
    if argtypes in dispatcher._typing:
        raise TypingError("%s%s is needed while it is being typed (mutual recursion): give the functions "
                          "explicit signatures" % (dispatcher.py_func.__qualname__, tuple(argtypes)))
    dispatcher._typing.add(argtypes)
    try:
        return _type_function(dispatcher, argtypes, return_type, timer, snapshots)
    finally:
        dispatcher._typing.discard(argtypes)


def jit_passes(options) -> tuple[list, list]:
    """The passes the JIT runs for a function with jit ``options``: (those
    before ``nb-type-infer``, the typed ones before ``nb-to-llvm``), from
    its ``pipeline=`` option or the default; ``no_rewrites=True`` or
    ``PYCOMP_DISABLE_FUSION`` drop ``nb-fuse-arrayexpr`` (every array
    operation stays unfused)."""
    from pycomp.passes import jit_pipeline

    before, typed = jit_pipeline(options.get("pipeline"))
    if options.get("no_rewrites") or flag("PYCOMP_DISABLE_FUSION"):
        typed = [p for p in typed if p.name != "nb-fuse-arrayexpr"]
    return before, typed


def _type_function(dispatcher, argtypes, return_type, timer, snapshots):
    from pycomp.frontend.irgen import generate_ir
    from pycomp.frontend.typeinfer import default_typing_context, infer_types

    before, typed = jit_passes(dispatcher.targetoptions)

    keep = snapshots
    ir_after = {}
    verify = flag("PYCOMP_VERIFY")
    fir = timer.run("ir-gen", generate_ir, dispatcher.py_func, None, dispatcher,
                    dispatcher.targetoptions.get("locals"))
    if verify:
        verify_stage(fir.module, "ir-gen")
    if flag("PYCOMP_DUMP_CFG"):
        print(fir.cfg.dump(dispatcher.py_func.__qualname__))
    if flag("PYCOMP_DUMP_IR"):
        print(module_text(fir.module))
    if keep:
        ir_after["ir-gen"] = module_text(fir.module)
    if any(isinstance(t, ty.Omitted) for t in argtypes):
        _fold_omitted_arguments(fir.func, argtypes)
    # the untyped passes may read the argument types in the function type
    # (nb-literal-unroll: a tuple argument's length); the values stay untyped
    fir.func.set_signature(native_types(argtypes), ty.unknown, type_args=False)
    _run_passes(fir.module, before, timer, verify, ir_after if keep else None)
    res = timer.run("nb-type-infer", infer_types, default_typing_context(), fir.func, native_types(argtypes),
                    return_type, dispatcher)
    if verify:
        verify_stage(fir.module, "nb-type-infer", typed=True)
    if keep:
        ir_after["nb-type-infer"] = module_text(fir.module)
    dump = flag("PYCOMP_DUMP_IR")
    if dump:  # the typed IR, before the typed rewrites and after each of them
        _print_stage(fir.module, "nb-type-infer")
    if typed and dump:
        for p in typed:
            _run_passes(fir.module, [p], timer, verify, ir_after if keep else None)
            _print_stage(fir.module, p.name)
    elif typed:  # typed rewrites (nb-fuse-arrayexpr, nb-insert-refcounts, those of a pipeline= option)
        _run_passes(fir.module, typed, timer, verify, ir_after if keep else None)
    if flag("PYCOMP_DUMP_ANNOTATION"):
        from pycomp.frontend.annotate import annotate

        print(annotate(dispatcher.py_func, fir.func))
    return fir, res, ir_after


def _print_stage(module, stage: str) -> None:
    """PYCOMP_DUMP_IR: the IR after ``stage``, under an MLIR-style header."""
    print("// -----// IR Dump After %s //----- //" % stage)
    print(module_text(module))


def _run_passes(module, passes, timer, verify: bool, ir_after: dict | None) -> None:
    """Run registered passes through the one pass runner (per-pass times go
    into the compile timings; with PYCOMP_VERIFY the IR is verified after
    each, an invalid one naming the pass). With ``ir_after`` (inspect_ir)
    the IR after each pass is kept."""
    from xdsl.utils.exceptions import VerifyException

    from pycomp.passes import run_pipeline

    groups = [[p] for p in passes] if ir_after is not None else [list(passes)]
    for group in groups:
        try:
            run_pipeline(module, group, timings=timer.timings, verify_each=verify)
        except VerifyException as e:
            raise InternalCompilerError(str(e).strip().splitlines()[0],
                                        notes=["PYCOMP_VERIFY=1 checks the IR after every stage"]) from None
        if ir_after is not None:
            ir_after[group[0].name] = module_text(module)


def verify_stage(module, stage: str, typed: bool = False) -> None:
    """``PYCOMP_VERIFY=1``: verify the IR after a stage (and, after type
    inference, that every value is typed); invalid IR is an internal error
    that names the stage which produced it."""
    from xdsl.utils.exceptions import VerifyException

    from pycomp.dialects import nb
    from pycomp.dialects.nb_verifiers import check_typed

    try:
        module.verify()
        if typed:
            for op in module.ops:
                if isinstance(op, nb.FuncOp):
                    check_typed(op)
    except VerifyException as e:
        raise InternalCompilerError("the IR is invalid after %s: %s" % (stage, str(e).strip().splitlines()[0]),
                                    notes=["PYCOMP_VERIFY=1 checks the IR after every stage"]) from None


def native_types(argtypes) -> tuple:
    """The types the arguments are passed with: an omitted parameter's
    default is still passed (as its value's type), but the code uses the
    constant instead (see :func:`_fold_omitted_arguments`)."""
    return tuple(t.value_type if isinstance(t, ty.Omitted) else t for t in argtypes)


def _fold_omitted_arguments(func, argtypes):
    """Each parameter left to its default becomes an ``nb.const`` of the
    default at the top of the entry block, so rewrites, typing and LLVM see a
    constant (Numba's omitted arguments); the parameter itself stays, unused."""
    from pycomp.dialects import nb

    entry = func.body.blocks[0]
    first = entry.first_op
    for arg, t in zip(entry.args, argtypes):
        if isinstance(t, ty.Omitted):
            const = nb.ConstOp(t.value)
            if first is not None:
                const.location = first.location
                entry.insert_op_before(const, first)
            else:
                entry.add_op(const)
            arg.replace_all_uses_with(const.result)


def _check_boxable(fir, t):
    """Only values the CPython wrapper can box may be returned to Python."""
    from pycomp.errors import UnsupportedError

    def ok(t):
        if isinstance(t, ty.BaseTuple):
            return all(ok(e) for e in t.types)
        if isinstance(t, ty.Optional):
            return ok(t.type)
        return isinstance(t, (ty.Number, ty.NoneType, ty.Dispatcher, ty.Array)) or find_boxer(t) is not None

    from pycomp.targets.cpu.context import load_implementations
    from pycomp.targets.cpu.pyapi import find_boxer  # an extension type's @box (a slice's too)

    load_implementations()

    if not ok(t):
        from pycomp.dialects import nb

        where = next((nb.source_loc(op) for op in fir.func.walk() if isinstance(op, nb.ReturnOp)), None)
        what = ("an inner function that captures variables (%s)" % t if isinstance(t, ty.Closure) else
                "a value of type %s" % t)
        raise UnsupportedError("returning %s to Python is not supported yet" % what, where)


_gc_lock = threading.Lock()
_gc_depth = 0
_gc_was_enabled = False


@contextmanager
def paused_gc():
    """Pause CPython's cyclic garbage collector while a function compiles.

    A compile builds many short-lived IR objects (and, the first time,
    imports xDSL and llvmlite), so the generational collector would run
    many times, each full pass traversing every long-lived object of the
    process: measured, 20 ms of a 230 ms cold first call. The IR is
    collected as usual at the next collection after the compile. Nested
    and concurrent compiles share one pause; the collector is enabled
    again (if it was enabled) when the last one ends."""
    global _gc_depth, _gc_was_enabled
    with _gc_lock:
        if _gc_depth == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_depth += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_depth -= 1
            if _gc_depth == 0 and _gc_was_enabled:
                gc.enable()


def compile_overload(dispatcher, argtypes, return_type=None) -> Overload:
    """Compile ``dispatcher.py_func`` for ``argtypes`` (and return type, if
    the signature was given) and load it (the garbage collector paused:
    :func:`paused_gc`)."""
    try:
        with paused_gc():
            return _compile(dispatcher, tuple(argtypes), return_type)
    except CompilerError:
        raise
    except Exception as e:  # a bug in pycomp or a library: say so
        err = InternalCompilerError("internal compiler error while compiling %s%s: %s: %s"
                                    % (dispatcher.py_func.__qualname__, tuple(argtypes), type(e).__name__, e),
                                    notes=["set PYCOMP_DEV=1 for the full traceback"])
        if flag("PYCOMP_DEV"):
            raise err from e
        raise err from None


def _compile(dispatcher, argtypes, return_type) -> Overload:
    from pycomp import _helperlib
    from pycomp.lowering.emit import emit_llvmlite
    from pycomp.lowering.nb_to_llvm import lower_module, native_symbol_name
    from pycomp.targets.cpu.codegen import engine
    from pycomp.targets.cpu.context import CPUTargetContext
    from pycomp.targets.cpu.wrapper import build_wrapper, c_api_addresses

    pre = dispatcher._pretyped.pop(argtypes, None) if return_type is None else None
    if pre is not None:  # typed earlier for a caller: lower that IR
        fir, res, timer = pre
    else:
        timer = Timer()
        fir, res, _ = type_function(dispatcher, argtypes, return_type, timer)
    opts = dispatcher.targetoptions
    if not opts.get("no_cpython_wrapper"):  # called from compiled code only: nothing is boxed
        _check_boxable(fir, res.return_type)
    symbol = native_symbol_name("%s.%d" % (dispatcher.py_func.__qualname__, dispatcher.uid), argtypes)
    # the native symbol replaces the name; the Python name stays for messages and tracebacks
    fir.func.attributes.setdefault("nb.py_name", fir.func.sym_name)
    fir.func.sym_name = type(fir.func.sym_name)(symbol)
    dispatcher._compiling[argtypes] = symbol
    try:
        ctx = CPUTargetContext(boundscheck=opts.get("boundscheck", False), fastmath=bool(opts.get("fastmath")),
                               error_model=opts.get("error_model", "python"))

        callees: dict[str, tuple] = {}  # symbol -> (optimized IR, inline always?)

        def callee_symbol(disp, at):
            sym = disp.native_symbol(tuple(at))
            ov = next((o for o in disp.overloads.values() if o.native_symbol == sym), None)
            if ov is not None and sym not in callees:  # None: a recursive call to the function being compiled
                callees[sym] = (ov.optimized_ir, disp.targetoptions.get("inline") == "always")
                ctx.keepalive.extend(ov.keepalive)  # the callee's code is linked in: keep what it points at
            return sym

        llmod = timer.run("nb-to-llvm", lower_module, ctx, fir.module, callee_symbol)
        if flag("PYCOMP_VERIFY"):
            verify_stage(llmod, "nb-to-llvm")
        eng = engine()
        _ensure_runtime(eng, _helperlib, c_api_addresses)
        # the status calling convention: a return slot, then the Python parameters
        names = {symbol: ["retptr"] + ["arg." + n for n in dispatcher.pysig.parameters]}
        irmod = timer.run("emit-llvmlite", emit_llvmlite, llmod, eng.triple, eng.data_layout, names)
        python_entry = not opts.get("no_cpython_wrapper")  # inner functions are called from compiled code only
        if python_entry:
            wrapper = build_wrapper(irmod, symbol, native_types(argtypes), res.return_type, bool(opts.get("nogil")))
        cm = timer.run("llvm-codegen", eng.compile, str(irmod), symbol,
                       [text for text, _ in callees.values()],
                       [sym for sym, (_, always) in callees.items() if always])
        addr = eng.address_of(wrapper) if python_entry else 0
    finally:
        dispatcher._compiling.pop(argtypes, None)
    if python_entry:
        fn = _helperlib.make_function(addr, dispatcher.py_func.__name__, dispatcher.py_func.__doc__, eng,
                                      dispatcher.py_func.__module__)
    else:
        fn = _no_python_entry(dispatcher.py_func.__qualname__)
    sig = Signature(res.return_type, argtypes)
    ov = Overload(sig, fn, symbol, fir.module, llmod, cm.llvm_ir, cm.optimized_ir, timer.timings, ctx.keepalive)
    if flag("PYCOMP_TIMINGS"):
        total = sum(timer.timings.values())
        print("pycomp: compiled %s %s in %.1f ms: %s" % (
            dispatcher.py_func.__qualname__, sig, total * 1e3,
            ", ".join("%s %.2f" % (k, v * 1e3) for k, v in timer.timings.items())), file=sys.stderr)
    return ov


def _no_python_entry(name):
    """The entry of a specialization compiled with no_cpython_wrapper=True."""

    def entry(*args):
        raise TypeError("%s was compiled without a CPython wrapper (no_cpython_wrapper=True): "
                        "it can only be called from compiled code" % name)

    return entry


_runtime_ready = False


def _ensure_runtime(eng, helperlib, c_api_addresses):
    global _runtime_ready
    if not _runtime_ready:
        from pycomp.targets.cpu.context import exception_table

        eng.add_symbols(dict(helperlib.c_helpers))
        eng.add_symbols(c_api_addresses())
        _libm_symbols(eng)
        helperlib.set_exception_table(exception_table.entries)
        _runtime_ready = True


def _libm_symbols(eng):
    import ctypes
    import ctypes.util

    import llvmlite.binding as llb

    path = ctypes.util.find_library("m")
    if path:
        llb.load_library_permanently(path)
