"""Where values flow along edges of the nb IR: the block argument an
operand of a branch, an ``nb.for_range`` or an ``nb.yield`` flows into,
and the values that flow into a block argument (type inference unifies
them; Numba's dead-branch pruning asks whether a variable has one
definition)."""

from __future__ import annotations

from xdsl.ir import BlockArgument

from pycomp.dialects import nb
from pycomp.dialects.nb_structured import yields_of

__all__ = ["incoming_values", "target_arg"]


def incoming_values(arg: BlockArgument) -> list:
    """The values every branch into ``arg``'s block passes for it (for a
    body's carried value: the initial value and every yielded one)."""
    parent = arg.block.parent_op()
    if isinstance(parent, nb.ForRangeOp) and arg.block is parent.body.blocks.first:
        if arg.index == 0:
            return []
        k = arg.index - 1
        return [parent.inits[k]] + [y.values[k] for y in yields_of(parent)]
    out = []
    for pred in arg.block.predecessors():
        term = pred.last_op
        if isinstance(term, nb.BranchOp):
            out.append(term.arguments[arg.index])
        elif isinstance(term, nb.CondBranchOp):
            if term.then_block is arg.block:
                out.append(term.then_arguments[arg.index])
            if term.else_block is arg.block:
                out.append(term.else_arguments[arg.index])
    return out


def target_arg(use) -> BlockArgument | None:
    """The block argument an operand flows into (a branch's, or a body's
    carried value for an nb.for_range initial value or an nb.yield)."""
    op = use.operation
    idx = use.index
    if isinstance(op, nb.ForRangeOp):
        return op.body.blocks.first.args[idx - 2] if idx >= 3 else None
    if isinstance(op, nb.YieldOp) and isinstance(op.parent_op(), nb.ForRangeOp):
        return op.parent_op().body.blocks.first.args[1 + idx]
    if isinstance(op, nb.BranchOp):
        return op.dest.args[idx]
    if isinstance(op, nb.CondBranchOp):
        nthen = len(op.then_arguments)
        if 1 <= idx < 1 + nthen:
            return op.then_block.args[idx - 1]
        if idx >= 1 + nthen:
            return op.else_block.args[idx - 1 - nthen]
    return None
