"""Calls typed by an implementation written in Python (``@overload``,
``@overload_method``, ``@overload_attribute``, ``@register_jitable``, see
:mod:`pycomp.extending`): once typing is done, type inference makes each of
them a call of the implementation's dispatcher, so the typed IR shows which
implementation runs and lowering calls it as any jitted function."""

from __future__ import annotations

from pycomp import types as ty
from pycomp.dialects import nb

__all__ = ["implementation_global", "call_attribute_implementation"]


def implementation_global(op, disp, types: dict):
    """An ``nb.global`` of dispatcher ``disp`` before ``op``; its value."""
    g = nb.GlobalOp(getattr(disp, "__name__", "implementation"), disp)
    g.location = op.location
    op.parent_block().insert_op_before(g, op)
    types[g.result] = ty.Dispatcher(disp)
    nb.set_type(g.result, types[g.result])
    return g.result


def call_attribute_implementation(op, disp, types: dict, callees: dict) -> None:
    """Replace ``nb.getattr`` ``op`` (an @overload_attribute's attribute) by a
    call of its implementation with the value."""
    value = op.value
    sig = disp.get_call_signature((types[value],), {})
    call = nb.CallOp(implementation_global(op, disp, types), [value], (), nb.type_of(op.result))
    call.location = op.location
    op.parent_block().insert_op_before(call, op)
    types[call.result] = types[op.result]
    op.result.replace_all_uses_with(call.result)
    callees[call] = (disp, sig)
    op.detach()
    op.erase()
