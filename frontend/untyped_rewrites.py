"""Rewrites of the untyped nb dialect, run before type inference.

- ``nb-static-raise``: ``raise E`` and ``raise E(c1, c2)`` with constant
  arguments become ``nb.static_raise`` (the exception is built by the
  caller's side from a table; compiled code only returns its index);
- ``nb-static-getitem``: ``x[c]`` with a constant index (an int, a tuple
  of ints or a constant slice) becomes ``nb.static_getitem`` so
  heterogeneous tuples can be indexed and sliced;
- ``nb-dce``: pure ops whose results are unused are removed;
- ``nb-simplify-cfg``: unreachable blocks are dropped, a block reached only
  by an unconditional branch is merged into its predecessor, and empty
  forwarding blocks are bypassed.

Each is one walk over the function, bodies of ops included (simplify-cfg
works on each body's CFG separately: an edge never leaves a region).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block
from xdsl.passes import ModulePass
from xdsl.traits import Pure

from pycomp.dialects import nb
from pycomp.errors import UnsupportedError

__all__ = ["static_raise", "static_getitem", "dead_code", "simplify_cfg", "StaticRaisePass",
           "StaticGetItemPass", "SimplifyCfgPass", "DeadCodePass", "simplify_regions"]


def _funcs(module: ModuleOp):
    return [op for op in module.ops if isinstance(op, nb.FuncOp)]


def static_raise(module: ModuleOp) -> None:
    for func in _funcs(module):
        for blk in nb.walk_blocks(func):
            term = blk.last_op
            if not isinstance(term, nb.RaiseOp):
                continue
            exc = term.value.owner
            args = ()
            if isinstance(exc, nb.CallOp) and not exc.kwnames.data:
                callee = exc.callee.owner
                if not all(isinstance(a.owner, nb.ConstOp) for a in exc.args):
                    continue
                args = tuple(a.owner.value.data for a in exc.args)
                exc = callee
            if isinstance(exc, nb.GlobalOp) and isinstance(exc.value.data, type) \
                    and issubclass(exc.value.data, BaseException):
                new = nb.StaticRaiseOp(exc.value.data, args)
                new.location = term.location
                blk.insert_op_before(new, term)
                call = term.value.owner
                term.detach()
                term.erase()
                if isinstance(call, nb.CallOp) and not call.result.uses:
                    call.detach()
                    call.erase()
            else:
                raise UnsupportedError("only 'raise ExceptionClass(args...)' without keyword arguments is supported"
                                       ).with_loc(nb.source_loc(term))


def static_getitem(module: ModuleOp) -> None:
    for func in _funcs(module):
        for blk in nb.walk_blocks(func):
            for op in list(blk.ops):
                if isinstance(op, nb.GetItemOp) and isinstance(op.index.owner, nb.ConstOp):
                    idx = op.index.owner.value.data
                    if (_int_index(idx) or isinstance(idx, slice)
                            or (isinstance(idx, tuple) and all(_int_index(i) for i in idx))):
                        new = nb.StaticGetItemOp(op.value, idx)
                        new.location = op.location
                        blk.insert_op_before(new, op)
                        op.result.replace_all_uses_with(new.result)
                        op.detach()
                        op.erase()


def _int_index(i) -> bool:
    return isinstance(i, int) and not isinstance(i, bool)  # a[True] means something else


_PURE = (nb.ConstOp, nb.GlobalOp, nb.UndefOp, nb.BuildTupleOp, nb.CastOp, nb.GetAttrOp,
         nb.StaticGetItemOp, nb.TruthOp, nb.MakeFunctionOp, nb.ClosureCellOp, nb.CellGetOp)


def _pure(op) -> bool:
    """nb's side-effect-free ops, and any other dialect's op with xDSL's Pure trait."""
    return isinstance(op, _PURE) or (not op.name.startswith("nb.") and not op.regions and op.has_trait(Pure))


def _dead_cell(op) -> bool:
    """A cell nothing reads (no nb.cell_get, no closure captures it): its
    stores are dead too."""
    return isinstance(op, nb.MakeCellOp) and all(isinstance(u.operation, nb.CellSetOp) and u.index == 0
                                                 for u in op.result.uses)


def dead_code(module: ModuleOp) -> None:
    for func in _funcs(module):
        changed = True
        while changed:  # a dead op may have been the last user of one in an earlier block
            changed = False
            for blk in nb.walk_blocks(func):
                for op in reversed(list(blk.ops)):
                    if _pure(op) and not any(r.uses for r in op.results):
                        op.detach()
                        op.erase()
                        changed = True
                    elif _dead_cell(op):
                        for use in list(op.result.uses):
                            use.operation.detach()
                            use.operation.erase()
                        op.detach()
                        op.erase()
                        changed = True


def _successors(blk: Block):
    t = blk.last_op
    if isinstance(t, nb.BranchOp):
        return [t.dest]
    if isinstance(t, nb.CondBranchOp):
        return [t.then_block, t.else_block]
    return []


def _retarget(term, old: Block, new: Block, new_args) -> None:
    """Make terminator ``term`` branch to ``new`` (with ``new_args``)
    wherever it branched to the argument-less block ``old``."""
    if isinstance(term, nb.BranchOp):
        repl = nb.BranchOp(new, list(new_args))
    else:
        t_blk, t_args = term.then_block, list(term.then_arguments)
        e_blk, e_args = term.else_block, list(term.else_arguments)
        if t_blk is old:
            t_blk, t_args = new, list(new_args)
        if e_blk is old:
            e_blk, e_args = new, list(new_args)
        repl = nb.CondBranchOp(term.cond, t_blk, t_args, e_blk, e_args)
    repl.location = term.location
    term.parent_block().insert_op_before(repl, term)
    term.detach()
    term.erase()


def _simplify_once(region) -> bool:
    entry = region.blocks.first
    seen, stack = set(), [entry]
    while stack:
        b = stack.pop()
        if b not in seen:
            seen.add(b)
            stack.extend(_successors(b))
    dead = [b for b in region.blocks if b not in seen]
    if dead:
        nb.erase_blocks(region, dead)
        return True
    preds: dict[Block, list[Block]] = {b: [] for b in region.blocks}
    for b in region.blocks:
        for s in _successors(b):
            preds[s].append(b)
    for b in region.blocks:
        t = b.last_op
        if not isinstance(t, nb.BranchOp):
            continue
        succ = t.dest
        if succ is b or succ is entry:
            continue
        if len(preds[succ]) == 1:  # merge succ into b
            for arg, val in zip(succ.args, t.arguments):
                arg.replace_all_uses_with(val)
            t.detach()
            t.erase()
            for op in list(succ.ops):
                op.detach()
                b.add_op(op)
            for arg in reversed(list(succ.args)):
                succ.erase_arg(arg)
            region.detach_block(succ)
            succ.erase()
            return True
        if (b is not entry and not b.args and b.first_op is t and preds[b]
                and not any(succ in _successors(p) for p in preds[b])):
            # an empty forwarding block: its predecessors jump straight on
            # (unless one already reaches succ: two edges from one block to
            # another could not carry different block arguments in LLVM)
            for p in set(preds[b]):
                _retarget(p.last_op, b, succ, t.arguments)
            nb.erase_blocks(region, [b])
            return True
    return False


def simplify_regions(func) -> None:
    """Simplify the CFG of ``func`` and of every body in it (each body is a
    CFG of its own: no edge leaves a region)."""
    for region in list(nb.walk_regions(func)):
        while _simplify_once(region):
            pass


def simplify_cfg(module: ModuleOp) -> None:
    for func in _funcs(module):
        simplify_regions(func)


# ------------------------------------------------------------------ the passes (registered in pycomp.passes.PASS_TABLE)


@dataclass(frozen=True)
class StaticRaisePass(ModulePass):
    """Turn `raise E` and `raise E(c1, ...)` with constant arguments into nb.static_raise.

    An exception built from run-time values stays a dynamic nb.raise; any
    other form (keyword arguments, a value that is not an exception) is
    an UnsupportedError.
    """

    name: ClassVar[str] = "nb-static-raise"
    imports: ClassVar[tuple] = ("pycomp.frontend.untyped_rewrites",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        static_raise(op)


@dataclass(frozen=True)
class StaticGetItemPass(ModulePass):
    """Turn `x[c]` with a constant int (or tuple of ints) index into nb.static_getitem.

    This is what lets heterogeneous tuples be indexed.
    """

    name: ClassVar[str] = "nb-static-getitem"
    imports: ClassVar[tuple] = ("pycomp.frontend.untyped_rewrites",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        static_getitem(op)


@dataclass(frozen=True)
class SimplifyCfgPass(ModulePass):
    """Drop unreachable blocks and merge a block into its only predecessor.

    A block reached by an unconditional nb.br from a block that is its only
    predecessor is merged into it (block arguments replaced by the branch
    operands); repeated to a fixed point.
    """

    name: ClassVar[str] = "nb-simplify-cfg"
    imports: ClassVar[tuple] = ("pycomp.frontend.untyped_rewrites",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        simplify_cfg(op)


@dataclass(frozen=True)
class DeadCodePass(ModulePass):
    """Remove pure nb ops (const, global, undef, build_tuple, cast, ...) whose results are unused."""

    name: ClassVar[str] = "nb-dce"
    imports: ClassVar[tuple] = ("pycomp.frontend.untyped_rewrites",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        dead_code(op)
