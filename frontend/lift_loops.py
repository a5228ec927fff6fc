"""``nb-lift-range-loops``: lift ``for i in range(...)`` loops out of the CFG
into ``nb.for_range`` ops with a body.

IR generation turns a for loop into a header block that advances an
iterator (``nb.iternext``) and branches into the body or out of the loop;
the loop-carried variables are the header's block arguments. When the
iterator is a ``range(...)`` (or ``prange(...)``) made only for this loop
and the loop is a single-entry region that is left only through its header
(no ``break``, no ``return`` inside; raising is fine), the header and the
body become one ``nb.for_range``: the header's arguments become the
carried values (the body's arguments, yielded at each back edge) and its
results (what the code after the loop sees). Innermost loops are lifted
first, so nests become nested ops. Loops that do not qualify stay as they
are; the pass never changes what a program computes.

This is the structured form later passes work on (parallel loops, fusion)
and what ``nb.for_range``'s lowering turns into a canonical counted loop.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Region
from xdsl.passes import ModulePass

from pycomp.dialects import nb
from pycomp.special import prange

__all__ = ["lift_range_loops", "LiftRangeLoopsPass"]

_RANGES = (builtins.range, prange)
#: how a block of a liftable loop body may end: an edge, or raising
_BODY_TERMINATORS = (nb.BranchOp, nb.CondBranchOp, nb.StaticRaiseOp, nb.RaiseOp)


@dataclass
class _Loop:
    header: Block
    preheader: Block
    body: list  # the body's blocks, entry first
    iternext: nb.IterNextOp
    call: nb.CallOp


def _range_call(it: nb.IterNextOp):
    get = it.iterator.owner
    if not isinstance(get, nb.GetIterOp) or len(list(get.result.uses)) != 1:
        return None
    call = get.value.owner
    if not isinstance(call, nb.CallOp) or len(list(call.result.uses)) != 1 or call.kwnames.data:
        return None
    g = call.callee.owner
    if not isinstance(g, nb.GlobalOp) or not any(g.value.data is r for r in _RANGES):
        return None
    return call if 1 <= len(call.args) <= 3 else None


def _top_block(op, region: Region):
    """The block of ``region`` that holds ``op`` (directly or in a body)."""
    blk = op.parent_block()
    while blk is not None and blk.parent is not region:
        parent = blk.parent_op()
        blk = parent.parent_block() if parent is not None else None
    return blk


def _match(region: Region, header: Block) -> _Loop | None:
    ops = list(header.ops)
    if len(ops) != 2 or not isinstance(ops[0], nb.IterNextOp) or not isinstance(ops[1], nb.CondBranchOp):
        return None
    it, br = ops
    if br.cond is not it.valid or len(list(it.valid.uses)) != 1:
        return None
    call = _range_call(it)
    if call is None:
        return None
    entry, exit_ = br.then_block, br.else_block
    if exit_ is header or entry is exit_:
        return None
    if entry is header:  # an empty body (simplify-cfg bypassed it): give it its block back
        outside = [p for p in set(header.predecessors()) if p is not header]
        if len(outside) != 1 or not isinstance(outside[0].last_op, nb.BranchOp):
            return None
        body = Block()
        back = nb.BranchOp(header, list(br.then_arguments))
        back.location = br.location
        body.add_op(back)
        region.insert_block_after(body, header)
        new = nb.CondBranchOp(br.cond, body, [], exit_, list(br.else_arguments))
        new.location = br.location
        header.insert_op_before(new, br)
        br.detach()
        br.erase()
        return _match(region, header)
    body, seen, stack = [], {header}, [entry]
    while stack:  # the blocks reached from the body's entry without passing the header
        b = stack.pop()
        if b in seen:
            continue
        seen.add(b)
        body.append(b)
        term = b.last_op
        if not isinstance(term, _BODY_TERMINATORS):
            return None  # a return, or a yield of an enclosing body: control leaves the loop
        stack.extend(term.successors)
    if exit_ in seen:
        return None  # a break: the body leaves the loop other than through the header
    body_set = set(body)
    for b in body:
        preds = set(b.predecessors())
        if b is entry and preds != {header}:
            return None
        if b is not entry and not preds <= body_set:
            return None  # entered from outside the loop
    outside = [p for p in set(header.predecessors()) if p not in body_set]
    if len(outside) != 1 or not isinstance(outside[0].last_op, nb.BranchOp):
        return None
    for use in it.item.uses:  # the loop variable is read in the body only
        top = _top_block(use.operation, region)
        if top not in body_set and use.operation is not br:
            return None
    if any(_top_block(u.operation, region) in body_set for u in call.result.uses):
        return None
    body.remove(entry)
    return _Loop(header, outside[0], [entry] + body, it, call)


def _bounds(loop: _Loop, before):
    args = list(loop.call.args)

    def const(v):
        c = nb.ConstOp(v)
        c.location = loop.call.location
        before.parent_block().insert_op_before(c, before)
        return c.result

    if len(args) == 1:
        return const(0), args[0], const(1)
    if len(args) == 2:
        return args[0], args[1], const(1)
    return tuple(args)


def _lift(region: Region, loop: _Loop) -> None:
    header, pre, it = loop.header, loop.preheader, loop.iternext
    br = header.last_op
    body_set = set(loop.body)
    entry = loop.body[0]
    then_args, else_args = list(br.then_arguments), list(br.else_arguments)
    jump = pre.last_op
    bounds = _bounds(loop, jump)
    new_entry = Block(arg_types=[it.item.type] + [a.type for a in header.args])
    for_op = nb.ForRangeOp(*bounds, list(jump.arguments), Region([new_entry]),
                           [a.type for a in header.args])
    for_op.location = br.location
    pre.insert_op_before(for_op, jump)

    def inside(value):  # a header value as the body sees it
        if value is it.item:
            return new_entry.args[0]
        if value in header.args:
            return new_entry.args[1 + header.args.index(value)]
        return value

    def after(value):  # a header value as the code after the loop sees it
        if value in header.args:
            return for_op.res[header.args.index(value)]
        return value

    exit_args = [after(v) for v in else_args]
    exit_ = br.else_block
    br.detach()
    br.erase()
    for a, v in zip(entry.args, then_args):
        a.replace_all_uses_with(inside(v))
    for a in reversed(list(entry.args)):
        entry.erase_arg(a)
    it.item.replace_all_uses_with(new_entry.args[0])
    for k, a in enumerate(header.args):
        for use in list(a.uses):
            top = _top_block(use.operation, region)
            use.operation.operands[use.index] = (new_entry.args[1 + k] if top in body_set
                                                else for_op.res[k])
    for b in list(loop.body):  # back edges become yields
        term = b.last_op
        if isinstance(term, nb.BranchOp) and term.dest is header:
            y = nb.YieldOp(list(term.arguments))
            y.location = term.location
            b.insert_op_before(y, term)
            term.detach()
            term.erase()
        elif isinstance(term, nb.CondBranchOp) and header in (term.then_block, term.else_block):
            t_blk, t_args = term.then_block, list(term.then_arguments)
            e_blk, e_args = term.else_block, list(term.else_arguments)
            if t_blk is header:
                t_blk, t_args = _yield_block(loop.body, t_args, term), []
            if e_blk is header:
                e_blk, e_args = _yield_block(loop.body, e_args, term), []
            new = nb.CondBranchOp(term.cond, t_blk, t_args, e_blk, e_args)
            new.location = term.location
            b.insert_op_before(new, term)
            term.detach()
            term.erase()
    for op in list(entry.ops):
        op.detach()
        new_entry.add_op(op)
    for b in loop.body[1:]:
        if b.parent is region:  # (a block made for a conditional yield has no region yet)
            region.detach_block(b)
        for_op.body.add_block(b)
    cont = nb.BranchOp(exit_, exit_args)
    cont.location = jump.location
    pre.insert_op_before(cont, jump)
    jump.detach()
    jump.erase()
    get = it.iterator.owner
    it.detach()
    it.erase()
    region.detach_block(entry)
    entry.erase()
    region.detach_block(header)
    header.erase()
    get.detach()
    get.erase()
    loop.call.detach()
    loop.call.erase()


def _yield_block(body: list, values, near) -> Block:
    blk = Block()
    y = nb.YieldOp(values)
    y.location = near.location
    blk.add_op(y)
    body.append(blk)
    return blk


def _lift_one(func) -> bool:
    best = None
    for region in nb.walk_regions(func):
        for header in region.blocks:
            loop = _match(region, header)
            if loop is not None and (best is None or len(loop.body) < len(best[1].body)):
                best = (region, loop)
    if best is None:
        return False
    _lift(*best)
    return True


def lift_range_loops(module: ModuleOp) -> None:
    from pycomp.frontend.untyped_rewrites import simplify_regions

    for func in [op for op in module.ops if isinstance(op, nb.FuncOp)]:
        lifted = False
        while _lift_one(func):
            lifted = True
        if lifted:  # the block after a loop now follows its preheader: merge them
            simplify_regions(func)


@dataclass(frozen=True)
class LiftRangeLoopsPass(ModulePass):
    """Lift `for i in range(...)` loops of the CFG into nb.for_range ops with a body.

    A loop qualifies when its iterator is a range (or prange) made for it
    alone and the loop is left only through its header (no break or return
    inside). Innermost loops are lifted first; other loops are kept as they are.
    """

    name: ClassVar[str] = "nb-lift-range-loops"
    imports: ClassVar[tuple] = ("pycomp.frontend.lift_loops",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lift_range_loops(op)
