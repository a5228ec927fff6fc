"""pycomp's pass registry, the pass runner with per-pass timings shared by
``pycomp-opt`` and the JIT, and pipelines.

Each pass is a ``ModulePass`` class in the module that implements it; it is
registered in one place, :data:`PASS_TABLE` (name -> ``"module:Class"``),
and imported on first use: importing this module imports no xDSL dialect
and no pass (as xDSL's own ``get_all_passes``/``get_all_dialects`` do), so
start-up pays only for what a pipeline uses. Passes from outside the tree
come from the ``pycomp.passes`` entry point group or :func:`register_pass`.

Pass names (stable; listed in docs/passes.md):

=======================  ==================================================
``nb-static-raise``      ``raise E(consts...)`` -> ``nb.static_raise``
``nb-static-getitem``    ``x[const]`` -> ``nb.static_getitem``
``nb-simplify-cfg``      drop unreachable blocks, merge straight-line blocks
``nb-literal-unroll``    ``for x in literal_unroll(tup)`` -> one body copy per element
``nb-dce``               remove unused pure ops
``nb-type-infer``        type every ``nb.func`` from its argument types
``nb-fuse-arrayexpr``    trees of element-wise array operations -> one ``arrayexpr.expr`` each
``nb-insert-refcounts``  explicit ``nb.incref``/``nb.decref`` of values holding arrays
``nb-to-llvm``           lower typed ``nb.func`` ops to ``llvm.func`` (CPU ABI)
=======================  ==================================================

:data:`PIPELINES` names whole pipelines (``pycomp-opt --pipeline=jit``).

:func:`run_pipeline` applies a list of passes (names, ``name{opt=val}``
specs, an MLIR-style ``builtin.module(...)`` pipeline or ``ModulePass``
instances) and can record seconds per pass, print the IR after chosen passes
and verify between passes. :func:`jit_pipeline` splits a pipeline into
what the JIT runs before type inference and the typed passes after it
(``@jit(pipeline=...)``, ``PYCOMP_PIPELINE``).
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # pragma: no cover
    from xdsl.context import Context
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.ir import Dialect
    from xdsl.passes import ModulePass

__all__ = [
    "get_all_passes", "get_all_dialects", "get_pycomp_dialects", "get_pycomp_targets", "pass_description",
    "parse_pipeline", "flatten_pipeline", "resolve_passes", "run_pipeline",
    "format_timings", "PipelineSyntaxError", "NestedPipeline", "UNTYPED_PASS_NAMES", "default_context",
    "set_func_signature", "JIT_PASS_NAMES", "PIPELINES", "ERROR_MODELS", "PASS_TABLE", "register_pass",
    "jit_pipeline",
]

#: the untyped rewrites in the order the JIT runs them
UNTYPED_PASS_NAMES = ("nb-static-raise", "nb-static-getitem", "nb-simplify-cfg", "nb-literal-unroll",
                      "nb-lift-range-loops", "nb-dce")

#: the passes the JIT runs after IR generation, in its order (pycomp/compiler.py)
JIT_PASS_NAMES = UNTYPED_PASS_NAMES + ("nb-type-infer", "nb-fuse-arrayexpr", "nb-insert-refcounts", "nb-to-llvm")

#: named pipelines: name -> flat pass list (``pycomp-opt --pipeline=NAME``)
PIPELINES = {"jit": ",".join(JIT_PASS_NAMES)}

#: the values of ``nb-to-llvm{error-model=...}`` (Numba's ``error_model``)
ERROR_MODELS = ("python", "numpy")


# ------------------------------------------------------------------ the registry
#
# The one place pycomp's passes are registered: each pass is a ModulePass
# class in the module that implements it, named here by import path and
# imported on first use (``import pycomp.passes`` imports no xDSL and no
# pass). Passes from outside the tree come from the ``pycomp.passes`` entry
# point group (``name = "package.module:Class"``) or :func:`register_pass`.

PASS_TABLE: dict[str, str] = {
    "nb-static-raise": "pycomp.frontend.untyped_rewrites:StaticRaisePass",
    "nb-static-getitem": "pycomp.frontend.untyped_rewrites:StaticGetItemPass",
    "nb-simplify-cfg": "pycomp.frontend.untyped_rewrites:SimplifyCfgPass",
    "nb-literal-unroll": "pycomp.frontend.literal_unroll:LiteralUnrollPass",
    "nb-lift-range-loops": "pycomp.frontend.lift_loops:LiftRangeLoopsPass",
    "nb-dce": "pycomp.frontend.untyped_rewrites:DeadCodePass",
    "nb-type-infer": "pycomp.frontend.typeinfer:TypeInferPass",
    "nb-fuse-arrayexpr": "pycomp.frontend.arrayexpr_fusion:FuseArrayExprPass",
    "nb-insert-refcounts": "pycomp.lowering.refcounts:InsertRefcountsPass",
    "nb-to-llvm": "pycomp.lowering.nb_to_llvm:NbToLLVMPass",
    "nb-cuda-intrinsics": "pycomp.frontend.typing.cudadecl:CudaIntrinsicsPass",
}

#: classes registered at run time (:func:`register_pass`), by name
_REGISTERED: dict[str, type] = {}
_ENTRY_POINTS: dict[str, str] = {}
_ENTRY_POINTS_READ: list = []


def register_pass(cls: type) -> type:
    """Register a ``ModulePass`` class under its ``name`` (usable as a
    decorator): pycomp-opt, :func:`run_pipeline` and the JIT's ``pipeline=``
    option then know it."""
    _REGISTERED[cls.name] = cls
    _SPEC_CACHE.clear()
    _JIT_PIPELINES.clear()
    return cls


def _load(path: str) -> type:
    import importlib

    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def _entry_point_passes() -> dict[str, str]:
    """Passes of installed plugins (entry point group ``pycomp.passes``),
    read once per process."""
    if not _ENTRY_POINTS_READ:
        from importlib.metadata import entry_points

        for ep in entry_points(group="pycomp.passes"):
            _ENTRY_POINTS.setdefault(ep.name, ep.value)
        _ENTRY_POINTS_READ.append(True)
    return _ENTRY_POINTS


def __getattr__(name: str):
    # ``from pycomp.passes import DeadCodePass`` imports the class where it lives
    for path in PASS_TABLE.values():
        if path.endswith(":" + name):
            return _load(path)
    if name == "lower_nb_module":
        from pycomp.lowering.nb_to_llvm import lower_nb_module

        return lower_nb_module
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


def set_func_signature(func, arg_types: Sequence[Any], ret_type: Any = None) -> None:
    """Write pycomp argument types (and the return type, when not None) into
    an ``nb.func``'s ``function_type`` and entry block arguments."""
    from pycomp import types as ty

    entry = func.body.blocks.first
    if len(entry.args) != len(arg_types):
        from pycomp.errors import TypingError

        raise TypingError("%s takes %d arguments, the signature gives %d types"
                          % (func.sym_name.data, len(entry.args), len(arg_types)))
    if ret_type is None:
        ret_type = func.function_type.outputs.data[0].data if func.function_type.outputs.data else ty.unknown
    func.set_signature(list(arg_types), ret_type)  # also types the entry block arguments


# ------------------------------------------------------------------ registries

def _getter(path: str) -> Callable[[], type]:
    def get():
        return _load(path)

    get.__name__ = "get_" + path.rpartition(":")[2]
    return get


def get_all_passes(plugins: bool = True, registered: bool = True) -> dict[str, Callable[[], type[ModulePass]]]:
    """Every registered pass: name -> zero-argument getter of its
    ``ModulePass`` class (importing its module on call): pycomp's
    (:data:`PASS_TABLE`), installed plugins' (entry point group
    ``pycomp.passes``, unless ``plugins`` is false) and those given to
    :func:`register_pass` (unless ``registered`` is false)."""
    passes: dict[str, Callable[[], type[ModulePass]]] = {name: _getter(path) for name, path in PASS_TABLE.items()}
    if plugins:
        for name, path in _entry_point_passes().items():
            passes.setdefault(name, _getter(path))
    if registered:
        for name, cls in _REGISTERED.items():
            passes[name] = (lambda c=cls: c)
    return passes


def _get_nb() -> Dialect:
    from pycomp.dialects.nb import Nb

    return Nb


def _get_arrayexpr() -> Dialect:
    from pycomp.dialects.arrayexpr import ArrayExpr

    return ArrayExpr


def _get_llvmx() -> Dialect:
    from pycomp.dialects.llvmx import LLVMX

    return LLVMX


def get_pycomp_dialects() -> dict[str, Callable[[], Dialect]]:
    """The dialects pycomp defines (what its xDSL ``Universe`` contributes):
    ``nb``, ``arrayexpr`` (fused array expressions) and ``llvmx`` (the
    llvm-dialect casts xDSL lacks)."""
    return {"nb": _get_nb, "arrayexpr": _get_arrayexpr, "llvmx": _get_llvmx}


def get_pycomp_targets() -> dict[str, Callable[[], type]]:
    """pycomp's output targets for an llvm-dialect module (xDSL ``Target``
    classes, built in :mod:`pycomp.opt`): ``llvm`` (LLVM IR), ``llvm-opt``
    (optimized for the host CPU) and ``asm`` (host assembly). The xDSL
    ``Universe`` lists all but ``llvm``, a name xDSL's universe holds."""

    def getter(name: str) -> Callable[[], type]:
        def get():
            from pycomp.opt import LLVM_TARGETS

            return LLVM_TARGETS[name]

        get.__name__ = "get_" + name.replace("-", "_") + "_target"
        return get

    return {name: getter(name) for name in ("llvm", "llvm-opt", "asm")}


def get_all_dialects() -> dict[str, Callable[[], Dialect]]:
    """Every dialect a pycomp pipeline may meet: pycomp's own plus the xDSL
    dialects it lowers to (builtin, llvm)."""

    def get_builtin():
        from xdsl.dialects.builtin import Builtin

        return Builtin

    def get_llvm():
        from xdsl.dialects.llvm import LLVM

        return LLVM

    dialects = {"builtin": get_builtin, "llvm": get_llvm}
    dialects.update(get_pycomp_dialects())
    return dialects


def pass_description(cls: type) -> str:
    """The first line of a pass class's docstring."""
    doc = (cls.__doc__ or "").strip()
    return doc.splitlines()[0].strip() if doc else ""


# ------------------------------------------------------------------ pipelines

class PipelineSyntaxError(ValueError):
    """A malformed pass pipeline."""


_ANCHOR = re.compile(r"[A-Za-z_][A-Za-z0-9_$-]*(\.[A-Za-z0-9_$-]+)+\s*\(")

#: op names that may anchor a nested pipeline: ``nb.func(p)`` runs ``p`` on
#: each nb.func on its own (:class:`NestedPipeline`)
ANCHOR_OPS = ("builtin.module", "nb.func")


_NEST_BEGIN, _NEST_END = "pycomp-nest-nb-func", "pycomp-nest-end"


def flatten_pipeline(spec: str, markers: bool = False) -> str:
    """Turn MLIR pipeline syntax into xDSL's flat pass list.

    ``builtin.module(nb-static-raise,nb.func(nb-dce),nb-type-infer{signature="(int64)"})``
    becomes ``nb-static-raise,nb-dce,nb-type-infer{signature="(int64)"}``;
    a flat list is returned unchanged. Option braces, quoted strings and
    xDSL's ``mlir-opt[...]`` brackets are copied verbatim. With ``markers``
    an ``nb.func(...)`` group is kept as ``pycomp-nest-nb-func,...,
    pycomp-nest-end`` (what :func:`parse_pipeline` nests again).
    """
    out: list[str] = []
    stack: list[str] = []
    i, n = 0, len(spec)
    while i < n:
        ch = spec[i]
        if ch == '"':  # a quoted option value
            j = i + 1
            while j < n and spec[j] != '"':
                j += 2 if spec[j] == "\\" else 1
            if j >= n:
                raise PipelineSyntaxError("unterminated string in pass pipeline: %r" % spec)
            out.append(spec[i:j + 1])
            i = j + 1
            continue
        if ch in "{[":  # options or an mlir-opt[...] pipeline: copy to the matching bracket
            close = "}" if ch == "{" else "]"
            j, depth = i, 0
            while j < n:
                c = spec[j]
                if c == '"':
                    j += 1
                    while j < n and spec[j] != '"':
                        j += 2 if spec[j] == "\\" else 1
                elif c == ch:
                    depth += 1
                elif c == close:
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            if j >= n:
                raise PipelineSyntaxError("unbalanced %r in pass pipeline: %r" % (ch, spec))
            out.append(spec[i:j + 1])
            i = j + 1
            continue
        m = _ANCHOR.match(spec, i)
        if m is not None and (i == 0 or spec[i - 1] in ", (\t\n"):
            anchor = m.group(0)[:-1].strip()
            if anchor not in ANCHOR_OPS:
                raise PipelineSyntaxError(
                    "cannot anchor a pass pipeline on '%s' (use one of: %s)"
                    % (anchor, ", ".join(ANCHOR_OPS)))
            stack.append(anchor)
            if markers and anchor == "nb.func":
                out.append(_NEST_BEGIN + ",")
            i = m.end()
            continue
        if ch == "(":
            raise PipelineSyntaxError("unexpected '(' in pass pipeline: %r" % spec)
        if ch == ")":
            if not stack:
                raise PipelineSyntaxError("unbalanced ')' in pass pipeline: %r" % spec)
            if markers and stack[-1] == "nb.func":
                out.append("," + _NEST_END)
            stack.pop()
            i += 1
            continue
        out.append(ch)
        i += 1
    if stack:
        raise PipelineSyntaxError("missing ')' for '%s(' in pass pipeline: %r" % (stack[-1], spec))
    flat = "".join(out)
    # empty anchors (``builtin.module()``) leave stray commas behind
    flat = re.sub(r"\s*,\s*(,\s*)+", ",", flat).strip().strip(",").strip()
    return flat


def parse_pipeline(spec: str, available: dict[str, Callable[[], type]] | None = None) -> list:
    """Parse a pipeline (MLIR ``builtin.module(...)`` syntax or xDSL's flat
    ``a,b{k=v}`` list) into ``ModulePass`` instances. ``available`` maps pass
    names to getters (default: pycomp's passes)."""
    from xdsl.utils.arg_spec import parse_pipeline as xdsl_parse_pipeline
    from xdsl.utils.exceptions import ArgSpecParseError

    plugins_read = available is not None
    if available is None:  # installed plugins are looked up only for a name pycomp does not have
        available = get_all_passes(plugins=False)
    flat = flatten_pipeline(spec, markers=True)
    try:
        specs = list(xdsl_parse_pipeline(flat))
    except ArgSpecParseError as e:  # a BaseException in xDSL
        raise PipelineSyntaxError("malformed pass pipeline %r: %s" % (spec, e)) from None
    unknown = [s.name for s in specs if s.name not in available and s.name not in (_NEST_BEGIN, _NEST_END)]
    if unknown and not plugins_read:
        available = get_all_passes()
        unknown = [n for n in unknown if n not in available]
    if unknown:
        raise PipelineSyntaxError("unknown pass%s: %s" % ("es" if len(unknown) > 1 else "",
                                                          ", ".join(unknown)))
    groups: list[list] = [[]]
    for s in specs:
        if s.name == _NEST_BEGIN:
            groups.append([])
            continue
        if s.name == _NEST_END:
            inner = groups.pop()
            groups[-1].append(NestedPipeline("nb.func", tuple(inner)))
            continue
        cls = available[s.name]()
        try:
            groups[-1].append(cls.from_pass_spec(s))
        except ValueError as e:
            raise PipelineSyntaxError("bad options for pass %s: %s" % (s.name, e)) from None
    return groups[0]


@dataclass(frozen=True)
class NestedPipeline:
    """``nb.func(p1,p2)`` in a pipeline: ``passes`` run on each ``nb.func``
    of the module on its own (each function in a module of its own while
    they run, then put back where it was with what the passes made of it),
    as MLIR runs a pipeline nested under an op name."""

    anchor: str
    passes: tuple

    @property
    def name(self) -> str:
        return "%s(%s)" % (self.anchor, ",".join(p.name for p in self.passes))


_SPEC_CACHE: dict[str, list] = {}


def _parse_cached(spec: str, available) -> list:
    if available is not None:
        return parse_pipeline(spec, available)
    got = _SPEC_CACHE.get(spec)
    if got is None:  # pass instances are frozen dataclasses: safe to share
        got = _SPEC_CACHE[spec] = parse_pipeline(spec)
    return got


def resolve_passes(passes: str | Iterable[Any],
                   available: dict[str, Callable[[], type]] | None = None) -> list:
    """Pass instances from a pipeline string, or from a sequence mixing pass
    names (``"nb-dce"``, ``"nb-type-infer{signature=...}"``), ``ModulePass``
    classes and instances."""
    if isinstance(passes, str):
        return list(_parse_cached(passes, available))
    out = []
    for p in passes:
        if isinstance(p, str):
            out.extend(_parse_cached(p, available))
        elif isinstance(p, type):
            out.append(p())
        else:
            out.append(p)
    return out


def run_pipeline(
    module: ModuleOp,
    passes: str | Iterable[Any],
    ctx: Context | None = None,
    *,
    timings: dict[str, float] | None = None,
    print_after: set[str] | frozenset[str] | str | None = None,
    print_before: set[str] | frozenset[str] | str | None = None,
    verify_each: bool = False,
    stream: IO[str] | None = None,
    print_generic: bool = False,
    available: dict[str, Callable[[], type]] | None = None,
    print_after_failure: bool = False,
    print_after_change: bool = False,
) -> ModuleOp:
    """Apply ``passes`` to ``module`` in place and return it.

    - ``timings``: when a dict, the seconds each pass took are added to
      ``timings[pass.name]`` (a pass run twice accumulates), in pipeline order;
    - ``print_after``: ``"all"`` or a set of pass names; the module is printed
      to ``stream`` (default stderr) after each such pass, under an MLIR-style
      header ``// -----// IR Dump After <name> //----- //``;
    - ``print_before``: the same, before the pass runs;
    - ``print_after_change``: print after a pass (of ``print_after``) only
      when it changed the IR (MLIR's ``-mlir-print-ir-after-change``);
    - ``print_after_failure``: when a pass raises (or leaves invalid IR),
      print the IR as that pass left it, under ``IR Dump After <name> Failed``;
    - ``verify_each``: verify the module before the first pass and after every
      pass (a ``VerifyException`` names the pass and the offending op). Off by default:
      the JIT does not pay for verification; ``pycomp-opt`` turns it on.
    """
    instances = resolve_passes(passes, available)
    if ctx is None:
        ctx = default_context()
    print_after = _name_set(print_after)
    print_before = _name_set(print_before)
    if verify_each:
        module.verify()
    clock = time.perf_counter
    if timings is not None:
        _import_pass_modules(instances)  # so the first pass is not charged for imports
    options = dict(timings=timings, print_after=print_after, print_before=print_before, verify_each=verify_each,
                   stream=stream, print_generic=print_generic, print_after_failure=print_after_failure,
                   print_after_change=print_after_change)
    for p in instances:
        if isinstance(p, NestedPipeline):
            _run_nested(module, p, ctx, options)
            continue
        if print_before is not None and (print_before == "all" or p.name in print_before):
            _dump(module, "Before", p.name, stream or sys.stderr, print_generic)
        after = print_after is not None and (print_after == "all" or p.name in print_after)
        before_text = _text(module) if after and print_after_change else None
        t0 = clock()
        try:
            p.apply(ctx, module)
            dt = clock() - t0
            if verify_each:
                _verify_after(module, p.name)
        except Exception:
            if print_after_failure:
                _dump(module, "After", p.name + " Failed", stream or sys.stderr, print_generic)
            raise
        if timings is not None:
            timings[p.name] = timings.get(p.name, 0.0) + dt
        if after and (before_text is None or _text(module) != before_text):
            _dump(module, "After", p.name, stream or sys.stderr, print_generic)
    return module


def _run_nested(module, nested: NestedPipeline, ctx, options: dict) -> None:
    """Run ``nested.passes`` on each ``nb.func`` of ``module`` alone."""
    from xdsl.dialects.builtin import ModuleOp

    from pycomp.dialects import nb

    block = module.body.block
    for func in [op for op in block.ops if isinstance(op, nb.FuncOp)]:
        anchor = func.next_op
        func.detach()
        alone = ModuleOp([func])
        try:
            run_pipeline(alone, list(nested.passes), ctx, **options)
        finally:
            known = {getattr(o, "sym_name", None) and o.sym_name.data for o in block.ops}
            for op in list(alone.body.block.ops):
                op.detach()
                name = getattr(op, "sym_name", None)
                if name is not None and name.data in known and not _has_body(op):
                    continue  # a declaration the module already has
                if anchor is None:
                    block.add_op(op)
                else:
                    block.insert_op_before(op, anchor)


def _has_body(op) -> bool:
    return any(r.blocks for r in op.regions)


def _text(module) -> str:
    import io

    from xdsl.printer import Printer

    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def _import_pass_modules(instances) -> None:
    """Import what each pass imports on its first run (its ``imports``
    class attribute), so ``--timing`` charges no import to the first pass."""
    import importlib

    for p in instances:
        for name in getattr(p, "imports", ()):
            importlib.import_module(name)


def _verify_after(module, pass_name: str) -> None:
    """Verify ``module``; a failure names the pass that left invalid IR."""
    from xdsl.utils.exceptions import VerifyException

    try:
        module.verify()
    except VerifyException as e:
        raise VerifyException("the IR is invalid after pass '%s': %s" % (pass_name, e)) from e


_JIT_PIPELINES: dict[str, tuple] = {}


def jit_pipeline(spec: str | None = None) -> tuple[list, list]:
    """The passes the JIT runs, from a pipeline spec or the name of one
    (``spec``, else ``$PYCOMP_PIPELINE``, else ``"jit"``): returns (the
    passes before ``nb-type-infer``, the typed passes between it and
    ``nb-to-llvm``). The spec must name ``nb-type-infer`` and end with
    ``nb-to-llvm``: the JIT runs those two itself, with the function's
    argument types and options (their options in the spec are not used)."""
    import os

    spec = spec or os.environ.get("PYCOMP_PIPELINE", "").strip() or "jit"
    spec = PIPELINES.get(spec, spec)
    got = _JIT_PIPELINES.get(spec)  # register_pass clears it
    if got is not None:
        return got
    instances = resolve_passes(spec)
    names = [p.name for p in instances]
    if names.count("nb-type-infer") != 1 or names.count("nb-to-llvm") != 1 or names[-1] != "nb-to-llvm" \
            or names.index("nb-type-infer") > names.index("nb-to-llvm"):
        raise PipelineSyntaxError("a JIT pipeline runs nb-type-infer once and ends with nb-to-llvm, not %r" % spec)
    i = names.index("nb-type-infer")
    got = _JIT_PIPELINES[spec] = (instances[:i], instances[i + 1:-1])
    return got


_DEFAULT_CTX: list = []


def default_context() -> Context:
    """A shared xDSL ``Context`` with pycomp's dialects registered (lazily)."""
    if not _DEFAULT_CTX:
        from xdsl.context import Context

        ctx = Context()
        for dname, getter in get_all_dialects().items():
            ctx.register_dialect(dname, getter)
        _DEFAULT_CTX.append(ctx)
    return _DEFAULT_CTX[0]


def _name_set(names):
    if names is None or names == "all" or not isinstance(names, str):
        return names
    return {n.strip() for n in names.split(",") if n.strip()} or None


def _dump(module, when: str, pass_name: str, stream: IO[str], generic: bool) -> None:
    from xdsl.printer import Printer

    stream.write("// -----// IR Dump %s %s //----- //\n" % (when, pass_name))
    Printer(stream=stream, print_generic_format=generic).print_op(module)
    stream.write("\n\n")
    stream.flush()


def format_timings(timings: dict[str, float], title: str = "pycomp pass timings") -> str:
    """A table of per-pass wall times (seconds and share of the total)."""
    total = sum(timings.values())
    width = max([len(n) for n in timings] + [len("Total")])
    lines = ["===" + "-" * 60 + "===", "  " + title, "===" + "-" * 60 + "===",
             "  Total wall time: %.6f s" % total, "",
             "  %-*s  %12s  %7s" % (width, "Pass", "Wall (s)", "%")]
    for name, t in timings.items():
        share = 100.0 * t / total if total > 0 else 0.0
        lines.append("  %-*s  %12.6f  %6.1f%%" % (width, name, t, share))
    lines.append("  %-*s  %12.6f  %6.1f%%" % (width, "Total", total, 100.0 if total > 0 else 0.0))
    return "\n".join(lines) + "\n"
