"""Typing rules of the toy ops, registered by op name with pycomp's type
inference. Each checks its operands' types (a TypingError, which type
inference places at the op's source line), gives the result its type and
returns the signature the operands are converted to (float64 bounds)."""

from __future__ import annotations

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.oprules import typing_rule
from pycomp.signature import Signature

from pycomp_toy.types import INTERVAL, REAL, interval_type

__all__ = ["type_interval", "type_width", "type_clamp"]


def _expect(func: str, names, types, kinds) -> None:
    for name, t, (test, expected) in zip(names, types, kinds):
        if not test(t):
            raise TypingError("%s() argument '%s' must be %s, not %s" % (func, name, expected, t))


@typing_rule("toy.interval")
def type_interval(state, op, operand_types):
    _expect("interval", ("lo", "hi"), operand_types, (REAL, REAL))
    state.assign(op.result, interval_type, op)
    return Signature(interval_type, (ty.float64, ty.float64))


@typing_rule("toy.width")
def type_width(state, op, operand_types):
    _expect("width", ("iv",), operand_types, (INTERVAL,))
    state.assign(op.result, ty.float64, op)
    return Signature(ty.float64, (interval_type,))


@typing_rule("toy.clamp")
def type_clamp(state, op, operand_types):
    _expect("clamp", ("x", "iv"), operand_types, (REAL, INTERVAL))
    state.assign(op.result, ty.float64, op)
    return Signature(ty.float64, (ty.float64, interval_type))
