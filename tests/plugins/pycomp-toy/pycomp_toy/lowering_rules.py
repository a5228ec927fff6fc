"""Lowering rules of the toy ops, registered by op name with pycomp's
nb-to-llvm: plain LLVM built with the lowering's builder. An interval is
the struct {f64 lo, f64 hi} (pycomp_toy.types); the operands are float64
(type inference cast them)."""

from __future__ import annotations

from pycomp import types as ty
from pycomp.oprules import lowering_rule

from pycomp_toy.types import interval_type

__all__ = ["lower_interval", "lower_width", "lower_clamp"]


def _bounds(lowering, iv):
    """The LLVM values of an interval's lo and hi."""
    f64 = lowering.llvm_type(ty.float64)
    return lowering.b.extract(iv, 0, f64), lowering.b.extract(iv, 1, f64)


@lowering_rule("toy.interval")
def lower_interval(lowering, op):
    b = lowering.b
    lo, hi = lowering.v(op.lo), lowering.v(op.hi)
    lowering.ctx.guard(b, b.fcmp("<", hi, lo), ValueError, ("interval() needs lo <= hi",))
    iv = b.undef(lowering.llvm_type(interval_type))
    return b.insert_value(b.insert_value(iv, lo, 0), hi, 1)


@lowering_rule("toy.width")
def lower_width(lowering, op):
    lo, hi = _bounds(lowering, lowering.v(op.iv))
    return lowering.b.fbin("fsub", hi, lo)


@lowering_rule("toy.clamp")
def lower_clamp(lowering, op):
    b = lowering.b
    x = lowering.v(op.x)
    lo, hi = _bounds(lowering, lowering.v(op.iv))
    at_least_lo = b.select(b.fcmp(">", lo, x), lo, x)  # Python's max(x, lo)
    return b.select(b.fcmp("<", hi, at_least_lo), hi, at_least_lo)  # min(..., hi)
