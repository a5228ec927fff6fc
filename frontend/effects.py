"""Which typed ops may write memory an array can see (a mod analysis).

A typed rewrite that moves a read of an array past other ops (array
expression fusion computes ``a * b`` where its result is used, not where
it was written) must not move it past a write to that array. The answers
here are conservative: an op "may write" unless it surely writes no array
its operands can reach.

- ``nb.setitem`` writes its target; an in-place operator writes its
  target when that holds references (``a += 1`` on an array), not on
  numbers.
- a call writes only through what it is given (a jitted function cannot
  write a global array: globals are frozen constants, read-only): a ufunc
  called without an output, a builtin (``len``, ``min``) or a ``math``
  function writes nothing; a jitted function (a user's,
  or the implementation of an ``@overload`` such as ``np.sum``) writes
  through the arguments its typed IR may write through
  (:func:`written_arguments`, found once per signature and kept on the
  dispatcher); any other call may write through every argument that
  holds references.
- an op with a body writes what the ops of its body write; ops of
  dialects other than ``nb`` and ``arrayexpr`` may write through every
  operand.

:func:`written_arguments` follows, inside a function, which values may be
(views of, members of, or computed from) which arguments: a value is
derived from every argument any of its operands is derived from, a
block argument from every value that flows into it, and a closure cell
from every value stored in it. A write to an array
the function allocated itself (a work buffer) is not a write through an
argument.
"""

from __future__ import annotations

import builtins
from collections import namedtuple

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.dialects.nb_flow import target_arg

__all__ = ["may_write", "written_arguments", "call_written_arguments"]

#: the ops that never write memory themselves (their bodies may)
_READ_ONLY = frozenset({
    "nb.const", "nb.global", "nb.undef", "nb.binop", "nb.unary", "nb.truth", "nb.getattr", "nb.getitem",
    "nb.static_getitem", "nb.build_tuple", "nb.build_list", "nb.unpack", "nb.getiter", "nb.iternext", "nb.cast",
    "nb.return", "nb.raise", "nb.static_raise", "nb.br", "nb.cond_br", "nb.yield", "nb.incref", "nb.decref",
    "nb.make_cell", "nb.cell_get", "nb.cell_set", "nb.make_function", "nb.closure_cell", "nb.for_range",
    "arrayexpr.expr", "arrayexpr.apply", "arrayexpr.yield",
})

#: the modules whose functions never write their arguments (``len(a)``,
#: ``math.sqrt``): pycomp's templates for them only read
_READ_ONLY_MODULES = frozenset({"builtins", "math", "cmath"})

_CACHE = "_pycomp_written_arguments"
_Use = namedtuple("_Use", ["operation", "index"])
_ALL = None  # "every argument" (the analysis could not see the callee)


def _refs(v) -> bool:
    return ty.has_references(nb.type_of(v))


def may_write(op) -> bool:
    """Whether ``op`` (typed) may write memory an array can see."""
    return bool(_written_operands(op)) or any(
        may_write(inner) for r in op.regions for blk in r.blocks for inner in blk.ops)


def _written_operands(op) -> list:
    """The operands of ``op`` (not of its body) it may write through."""
    name = op.name
    if name == "nb.setitem":
        return [op.operands[0]]
    if name == "nb.inplace_binop":
        return [op.lhs] if _refs(op.lhs) else []
    if name == "nb.call":
        positions = call_written_arguments(op)
        args = list(op.args)
        return [a for a in args if _refs(a)] if positions is _ALL else [args[p] for p in positions]
    if name in _READ_ONLY:
        return []
    return [v for v in op.operands if _refs(v)]


def call_written_arguments(op):
    """The positions of the arguments ``nb.call`` ``op`` may write
    through (a frozenset), or None for every one holding references."""
    if not any(_refs(a) for a in op.args):
        return frozenset()
    callee = nb.type_of(op.callee)
    if isinstance(callee, ty.Function):
        from pycomp.ufunc_db import ufunc_spec

        if getattr(callee.key, "__module__", None) in _READ_ONLY_MODULES or getattr(
                callee.key, "__self__", None) is builtins:
            return frozenset()
        spec = ufunc_spec(callee.key)
        if spec is not None and len(op.args) == spec.nin and not op.kwnames.data:
            return frozenset()
        return _ALL
    if isinstance(callee, ty.Dispatcher):
        return _dispatcher_written(callee.dispatcher, tuple(nb.type_of(a) for a in op.args))
    return _ALL


def _typed_func(disp, argtypes):
    ov = getattr(disp, "overloads", {}).get(argtypes)
    if ov is not None and ov.typed_module is not None:
        return ov.typed_module.ops.first
    pre = getattr(disp, "_pretyped", {}).get(argtypes)
    if pre is not None:
        return pre[0].func
    return None


def _dispatcher_written(disp, argtypes):
    try:
        cache = disp.__dict__.setdefault(_CACHE, {})
    except AttributeError:
        cache = {}
    if argtypes in cache:
        return cache[argtypes]
    func = _typed_func(disp, argtypes)
    if func is None:  # not typed yet (a recursive call): assume the worst
        return _ALL
    cache[argtypes] = _ALL  # while analysing it: a recursive call may write anything
    got = cache[argtypes] = written_arguments(func)
    return got


def written_arguments(func):
    """The positions of ``func``'s arguments (a typed ``nb.func``) whose
    memory it may write (a frozenset), or None if it may write through
    every one."""
    ops = [op for blk in nb.walk_blocks(func) for op in blk.ops]
    origins: dict = {}  # value -> set of argument positions it may derive from
    for i, a in enumerate(func.body.blocks.first.args):
        if _refs(a):
            origins[a] = {i}

    def add(v, src) -> bool:
        cur = origins.setdefault(v, set())
        if src <= cur:
            return False
        cur |= src
        return True

    changed = True
    while changed:
        changed = False
        for op in ops:
            for idx, v in enumerate(op.operands):
                src = origins.get(v)
                if not src:
                    continue
                for r in op.results:
                    changed |= add(r, src)
                target = target_arg(_Use(op, idx))
                if target is not None:
                    changed |= add(target, src)
            if op.name == "nb.cell_set" and origins.get(op.operands[1]):  # what the cell holds: read back by cell_get
                changed |= add(op.operands[0], origins[op.operands[1]])
            if isinstance(op, nb.ForRangeOp):  # the results are the carried values at the end
                for r, carried in zip(op.results, op.body.blocks.first.args[1:]):
                    if origins.get(carried):
                        changed |= add(r, origins[carried])
    written: set = set()
    for op in ops:
        for v in _written_operands(op):
            written |= origins.get(v, set())
    return frozenset(written)
