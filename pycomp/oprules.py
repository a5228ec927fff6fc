"""Typing and lowering rules of ops by name: how an op of any dialect takes
part in type inference and lowering.

The nb ops of the flat CFG are typed and lowered by methods of the two
drivers (``nb-type-infer``, ``nb-to-llvm``); every other op, pycomp's own
ops with bodies (``nb.for_range``, ``nb.yield``) and the ops of a dialect
defined outside pycomp alike, is handled by the rules registered here under
its name::

    from pycomp.oprules import typing_rule, lowering_rule

    @typing_rule("toy.clamp")
    def type_clamp(state, op, operand_types):
        state.assign(op.results[0], operand_types[0])
        return Signature(operand_types[0], (operand_types[0],) * 3)  # operands are cast to these

    @lowering_rule("toy.clamp")
    def lower_clamp(lowering, op):
        x, lo, hi = (lowering.v(v) for v in op.operands)
        ...
        return value            # the LLVM value of the single result

A typing rule is called with the inference state (:class:`TypingState`),
the op and the types of its operands, once they are all known, and again
whenever one changes. It assigns result types with ``state.assign``; it
may return a Signature whose argument types the operands are converted to
(an ``nb.cast`` is inserted where they differ). A rule that must decide the
conversions only once everything is typed (a body's carried values) is an
object with ``infer(state, op, operand_types)`` and ``commit(state, op)``.

A lowering rule is called with the function lowering (:class:`Lowering`)
and the op; it returns the LLVM value of the op's single result, a list
of values (one per result), or None.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["typing_rule", "lowering_rule", "typing_rule_for", "lowering_rule_for", "TypingState", "Lowering",
           "TYPING_RULES", "LOWERING_RULES"]


class TypingState(Protocol):
    """What a typing rule may use of type inference."""

    ctx: object  #: the TypingContext (resolve_op, resolve_call, resolve_getattr)

    def type_of(self, value): """The type inferred so far for ``value`` (None: not yet)."""

    def assign(self, value, t, op, what: str = "value") -> None:
        """Give ``value`` type ``t``, unified with what it had; its users are revisited."""

    def enter(self, block) -> None:
        """Mark a body block reachable: its ops get typed."""

    def cast_operand(self, op, index: int, t) -> None:
        """At commit: convert operand ``index`` of ``op`` to ``t`` (an nb.cast if it differs)."""


class Lowering(Protocol):
    """What a lowering rule may use of the function being lowered."""

    ctx: object  #: the TargetContext (data model, registries, casts, guard)
    b: object  #: the LLVMBuilder, positioned where the op's code goes

    def v(self, value): """The LLVM value of an nb value."""

    def llvm_type(self, t): """The LLVM type of pycomp type ``t``."""

    def lower_body(self, region, entry_values, on_yield) -> None:
        """Lower ``region``'s blocks in place (see lowering.regions)."""


class _FunctionRule:
    def __init__(self, fn):
        self.fn = fn

    def infer(self, state, op, operand_types):
        return self.fn(state, op, operand_types)

    def commit(self, state, op) -> None:
        pass


TYPING_RULES: dict[str, object] = {}
LOWERING_RULES: dict = {}


def typing_rule(op_name: str):
    """Register the typing rule of the ops called ``op_name`` (a function or
    an object with ``infer`` and ``commit``; see the module text)."""

    def deco(rule):
        if isinstance(rule, type):
            TYPING_RULES[op_name] = rule()
        else:
            TYPING_RULES[op_name] = rule if hasattr(rule, "infer") else _FunctionRule(rule)
        return rule

    return deco


def lowering_rule(op_name: str):
    """Register the lowering rule of the ops called ``op_name``."""

    def deco(fn):
        LOWERING_RULES[op_name] = fn
        return fn

    return deco


def typing_rule_for(op_name: str):
    _load_builtin_rules()
    return TYPING_RULES.get(op_name)


def lowering_rule_for(op_name: str):
    _load_builtin_rules()
    return LOWERING_RULES.get(op_name)


_loaded = False


def _load_builtin_rules():
    global _loaded
    if not _loaded:
        _loaded = True
        from pycomp.frontend.typing import regions  # noqa: F401
        from pycomp.lowering import arrayexpr as lower_arrayexpr  # noqa: F401
        from pycomp.lowering import regions as lower_regions  # noqa: F401
