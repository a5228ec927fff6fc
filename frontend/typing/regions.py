"""Typing rules of the nb ops with bodies (``nb.for_range``, ``nb.yield``),
registered by op name (:mod:`pycomp.oprules`) like any dialect's.

``nb.for_range``: ``start``, ``stop`` and ``step`` are typed as the
arguments of ``range(...)`` (same errors, same integer type); the
induction variable has the range's integer type; each carried value is
the unification of its initial value and of every value yielded for it,
and so is the matching result. At commit, operands and yielded values are
converted (``nb.cast``) to those types.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.dialects.nb_structured import yields_of
from pycomp.oprules import typing_rule

__all__ = ["ForRangeTyping", "YieldTyping"]


def _const(value, expected) -> bool:
    owner = value.owner
    return isinstance(owner, nb.ConstOp) and type(owner.value.data) is int and owner.value.data == expected


def range_operands(op) -> list:
    """The operand indices of ``op``'s bounds as ``range(...)`` is given
    them: ``range(stop)`` when start is the constant 0 and step the constant 1,
    ``range(start, stop)`` when only step is 1 (so messages show the call
    the user wrote)."""
    if _const(op.step, 1):
        return [1] if _const(op.start, 0) else [0, 1]
    return [0, 1, 2]


def _carried_types(state, op):
    entry = op.body.blocks.first
    return [state.type_of(a) for a in entry.args[1:]]


@typing_rule("nb.for_range")
class ForRangeTyping:
    """Type the loop header: induction variable, carried values, results."""

    partial = True  # an undefined initial value (nb.undef) gets its type from the yields

    def infer(self, state, op, ts):
        if any(t is None for t in ts[:3]):
            return
        given = range_operands(op)
        bounds = state.ctx.resolve_call(ty.Function(builtins.range), tuple(ts[i] for i in given), {})
        entry = op.body.blocks.first
        state.assign(entry.args[0], bounds.return_type.dtype, op, "the loop variable")
        for init_t, arg, res in zip(ts[3:], entry.args[1:], op.res):
            if init_t is not None:
                state.assign(arg, init_t, op, "a variable carried by the loop")
            if state.type_of(arg) is not None:
                state.assign(res, state.type_of(arg), op, "a variable carried by the loop")
        state.enter(entry)

    def commit(self, state, op):
        index_type = state.type_of(op.induction_var)  # range's integer type: the bounds convert to it
        for i in range(3):
            state.cast_operand(op, i, index_type)
        carried = _carried_types(state, op)
        for k, t in enumerate(carried):
            state.cast_operand(op, 3 + k, t)
        for y in yields_of(op):
            for k, t in enumerate(carried):
                state.cast_operand(y, k, t)


@typing_rule("nb.yield")
class YieldTyping:
    """Flow the yielded values into the carried values and the results."""

    partial = True

    def infer(self, state, op, ts):
        parent = op.parent_op()
        if not isinstance(parent, nb.ForRangeOp):
            return
        entry = parent.body.blocks.first
        for t, arg, res in zip(ts, entry.args[1:], parent.res):
            if t is None:
                continue
            state.assign(arg, t, op, "a variable carried by the loop")
            state.assign(res, state.type_of(arg), op, "a variable carried by the loop")

    def commit(self, state, op):
        pass  # the for_range's commit converts the yielded values
