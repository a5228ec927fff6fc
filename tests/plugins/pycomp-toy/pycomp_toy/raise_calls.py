"""``toy-raise-calls``: calls of pycomp_toy's functions become toy ops.

Runs on untyped nb IR, before ``nb-type-infer``: an ``nb.call`` whose
callee is the frozen global ``pycomp_toy.interval``, ``width`` or
``clamp`` (keywords allowed) is replaced by ``toy.interval``,
``toy.width`` or ``toy.clamp`` at the call's source location; the
global goes when nothing else uses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pycomp.dialects import nb
from pycomp.errors import TypingError

from pycomp_toy import functions
from pycomp_toy.dialect import ClampOp, IntervalOp, WidthOp

__all__ = ["RaiseToyCallsPass", "raise_calls"]

#: (function, the op its calls become, its parameter names)
_OPS = (
    (functions.interval, IntervalOp, ("lo", "hi")),
    (functions.width, WidthOp, ("iv",)),
    (functions.clamp, ClampOp, ("x", "iv")),
)


def _toy_function(call: nb.CallOp):
    """(op class, parameter names) if ``call`` calls a toy function, else None."""
    owner = call.callee.owner
    if not isinstance(owner, nb.GlobalOp):
        return None
    value = owner.value.data
    return next(((cls, params) for fn, cls, params in _OPS if value is fn), None)


def _bind(call: nb.CallOp, func: str, params) -> list:
    """The call's arguments in parameter order."""
    args = list(call.args)
    names = [k.data for k in call.kwnames.data]
    positional = args[:len(args) - len(names)]
    bound = dict(zip(params, positional))
    for name, value in zip(names, args[len(positional):]):
        if name not in params or name in bound:
            bound = {}
            break
        bound[name] = value
    if len(positional) > len(params) or len(bound) != len(params):
        raise TypingError("%s() takes the arguments (%s)" % (func, ", ".join(params))).with_loc(
            nb.source_loc(call))
    return [bound[p] for p in params]


def raise_calls(module: ModuleOp) -> None:
    """Replace the calls of the toy functions in ``module`` by toy ops."""
    for call in [op for op in module.walk() if isinstance(op, nb.CallOp)]:
        found = _toy_function(call)
        if found is None:
            continue
        cls, params = found
        new = cls(*_bind(call, cls.name.removeprefix("toy."), params))
        new.location = call.location
        call.parent_block().insert_op_before(new, call)
        call.result.replace_all_uses_with(new.result)
        callee = call.callee.owner
        call.detach()
        call.erase()
        if not callee.result.uses:
            callee.detach()
            callee.erase()


@dataclass(frozen=True)
class RaiseToyCallsPass(ModulePass):
    """Rewrite calls of pycomp_toy.interval, width and clamp into toy ops (before nb-type-infer)."""

    name: ClassVar[str] = "toy-raise-calls"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise_calls(op)
