"""The ``toy`` dialect: ops on intervals of float64.

Operands and results are nb values (``!nb.type<T>``), so toy ops sit in an
``nb.func`` beside nb ops. Before ``nb-type-infer`` types may be ``?``;
once an op's result is typed, its number operands are float64 (type
inference casts them), which is what the lowering rules expect. The ops'
typing and lowering rules (by op name) are registered with the ops.
"""

from __future__ import annotations

from xdsl.ir import Dialect, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from pycomp import types as ty
from pycomp.dialects.nb import UNKNOWN, NbType, type_of

from pycomp_toy.types import FLOAT64, INTERVAL, REAL

__all__ = ["IntervalOp", "WidthOp", "ClampOp", "Toy"]


def _check(op, what: str, value: SSAValue, kind) -> None:
    test, expected = kind
    t = type_of(value)
    if not (t is ty.unknown or test(t)):
        raise VerifyException("%s %s must be %s, not %s" % (op.name, what, expected, t))


def _typed(value: SSAValue) -> bool:
    return type_of(value) is not ty.unknown


@irdl_op_definition
class IntervalOp(IRDLOperation):
    """``toy.interval``: the interval [lo, hi] (ValueError if hi < lo)."""

    name = "toy.interval"
    lo = operand_def(NbType)
    hi = operand_def(NbType)
    result = result_def(NbType)
    assembly_format = "$lo `,` $hi attr-dict `:` functional-type(operands, results)"

    def __init__(self, lo: SSAValue, hi: SSAValue):
        super().__init__(operands=[lo, hi], result_types=[UNKNOWN])

    def verify_(self) -> None:
        _check(self, "result", self.result, INTERVAL)
        bound = FLOAT64 if _typed(self.result) else REAL
        _check(self, "lo", self.lo, bound)
        _check(self, "hi", self.hi, bound)


@irdl_op_definition
class WidthOp(IRDLOperation):
    """``toy.width``: hi - lo of an interval."""

    name = "toy.width"
    iv = operand_def(NbType)
    result = result_def(NbType)
    traits = traits_def(Pure())
    assembly_format = "$iv attr-dict `:` functional-type(operands, results)"

    def __init__(self, iv: SSAValue):
        super().__init__(operands=[iv], result_types=[UNKNOWN])

    def verify_(self) -> None:
        _check(self, "operand", self.iv, INTERVAL)
        _check(self, "result", self.result, FLOAT64)


@irdl_op_definition
class ClampOp(IRDLOperation):
    """``toy.clamp``: ``x`` moved into an interval, min(max(x, lo), hi)."""

    name = "toy.clamp"
    x = operand_def(NbType)
    iv = operand_def(NbType)
    result = result_def(NbType)
    traits = traits_def(Pure())
    assembly_format = "$x `,` $iv attr-dict `:` functional-type(operands, results)"

    def __init__(self, x: SSAValue, iv: SSAValue):
        super().__init__(operands=[x, iv], result_types=[UNKNOWN])

    def verify_(self) -> None:
        _check(self, "result", self.result, FLOAT64)
        _check(self, "x", self.x, FLOAT64 if _typed(self.result) else REAL)
        _check(self, "interval", self.iv, INTERVAL)


Toy = Dialect("toy", [IntervalOp, WidthOp, ClampOp], [])

# the ops' typing and lowering rules, registered by op name with pycomp
from pycomp_toy import lowering_rules, typing_rules  # noqa: E402,F401
