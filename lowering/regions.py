"""Lowering rules of the nb ops with bodies, registered by op name
(:mod:`pycomp.oprules`) like any dialect's.

``nb.for_range`` becomes a loop in the function's CFG::

        br header(start, inits...)
    header(i, carried...):
        continue = step > 0 ? i < stop : i > stop
        cond_br continue, body, exit
    body...:                       (the region's blocks, lowered in place)
        nb.yield v...  ->  br header(i + step, v...)
    exit:                          (the results are header's carried values)

A zero step raises ValueError, as ``range`` does (LLVM folds the check and
the direction test away for a constant step).
"""

from __future__ import annotations

from xdsl.ir import Block

from pycomp.dialects import nb
from pycomp.oprules import lowering_rule

__all__ = ["lower_for_range", "lower_yield"]


@lowering_rule("nb.for_range")
def lower_for_range(lowering, op):
    b, ctx = lowering.b, lowering.ctx
    it = nb.type_of(op.induction_var)
    lt = lowering.llvm_type(it)
    start, stop, step = lowering.v(op.start), lowering.v(op.stop), lowering.v(op.step)
    zero = b.const_int(lt, 0)
    ctx.guard(b, b.icmp("==", step, zero), ValueError, ("range() arg 3 must not be zero",))
    header = Block(arg_types=[lt] + [lowering.llvm_type(nb.type_of(a)) for a in op.carried])
    b.region.add_block(header)
    b.br(header, [start] + [lowering.v(v) for v in op.inits])
    b.position_at_end(header)
    i = header.args[0]
    signed = it.signed
    up = b.icmp(">", step, zero)
    more = b.select(up, b.icmp("<", i, stop, signed), b.icmp(">", i, stop, signed))

    def next_iteration(values):
        lowering.b.br(header, [lowering.b.ibin("add", i, step)] + list(values))

    body = lowering.lower_body(op.body, list(header.args), next_iteration)
    exit_block = b.new_block()
    b.position_at_end(header)
    b.cond_br(more, body, [], exit_block, [])
    b.position_at_end(exit_block)
    return list(header.args[1:])


@lowering_rule("nb.yield")
def lower_yield(lowering, op):
    lowering.yield_to[op.parent_op()]([lowering.v(v) for v in op.values])
