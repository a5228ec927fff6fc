"""Typing of fixed-size string values: the items of NumPy ``U<n>`` arrays
(``UnicodeCharSeq``) and ``S<n>`` arrays (``CharSeq``), and string fields
of records, as Numba types them.

A value is its ``n`` characters, the trailing NULs not part of the text
(NumPy's reading). Supported:

- comparisons ``==`` ``!=`` ``<`` ``<=`` ``>`` ``>=`` between two ``U``
  values, a ``U`` value and a ``str`` (or literal), and two ``S`` values:
  the order of code points (bytes), as NumPy and Python compare;
- ``len(s)``, ``bool(s)``/``not s``/``if s:`` (not empty), ``str(s)`` of a
  ``U`` value (a new ``str``);
- the conversions ``str`` -> ``U<n>`` and ``U<m>`` -> ``U<n>``,
  ``S<m>`` -> ``S<n>`` (``a[i] = "xy"``: truncated or NUL-padded, as
  NumPy assigns) are the types' ``can_convert_from`` rules.

Arithmetic on these values has no template: a TypingError names the
operand types. Lowering: :mod:`pycomp.targets.cpu.impl_charseq`.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, signature

__all__ = ["is_charseq", "comparison_signature"]

_STR = ty.unicode_type


def is_charseq(t) -> bool:
    """Whether ``t`` is a fixed-size string value (``S<n>`` or ``U<n>``)."""
    return isinstance(t, (ty.CharSeq, ty.UnicodeCharSeq))


def comparison_signature(a, b):
    """The signature of comparing ``a`` with ``b`` when one is a fixed-size
    string: two of the same kind, or a ``U`` value with a ``str``; None
    otherwise."""
    if not (is_charseq(a) or is_charseq(b)):
        return None
    if isinstance(a, ty.UnicodeCharSeq) and isinstance(b, ty.UnicodeCharSeq):
        return signature(ty.boolean, a, b)
    if isinstance(a, ty.CharSeq) and isinstance(b, ty.CharSeq):
        return signature(ty.boolean, a, b)
    if isinstance(a, ty.UnicodeCharSeq) and isinstance(b, (ty.UnicodeType, ty.StringLiteral)):
        return signature(ty.boolean, a, _STR)
    if isinstance(b, ty.UnicodeCharSeq) and isinstance(a, (ty.UnicodeType, ty.StringLiteral)):
        return signature(ty.boolean, _STR, b)
    return None


class _CharSeqCompare(AbstractTemplate):
    """``s == t`` ... ``s >= t`` with a fixed-size string operand."""

    def generic(self, args, kws):
        if kws or len(args) != 2:
            return None
        return comparison_signature(*args)

    def describe(self):
        return ["comparison of fixed-size strings (U<n> with U<m> or str, S<n> with S<m>)"]


for _op in ("==", "!=", "<", "<=", ">", ">="):
    registry.register_op(_op, type("CharSeqCompare" + _op, (_CharSeqCompare,), {}))


class _CharSeqTruth(AbstractTemplate):
    """``bool(s)``, ``not s``, ``if s:``: whether the text is not empty."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and is_charseq(args[0]):
            return signature(ty.boolean, args[0])
        return None

    def describe(self):
        return ["truth(fixed-size string)"]


registry.register_op("truth", _CharSeqTruth)
registry.register_op("unarynot", type("CharSeqNot", (_CharSeqTruth,), {}))
registry.register_global(builtins.bool, type("CharSeqBool", (_CharSeqTruth,), {}))


@registry.register_global(builtins.len)
class CharSeqLen(AbstractTemplate):
    """``len(s)``: the number of characters before the trailing NULs."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and is_charseq(args[0]):
            return signature(ty.intp, args[0])
        return None

    def describe(self):
        return ["len(fixed-size string)"]


@registry.register_global(builtins.str)
class CharSeqStr(AbstractTemplate):
    """``str(s)`` of a ``U<n>`` value: a new ``str`` of its text."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], ty.UnicodeCharSeq):
            return signature(_STR, args[0])
        return None

    def describe(self):
        return ["str(U<n> value)"]


class CharSeqConcat(AbstractTemplate):
    """``s + t`` with a ``U<n>`` value and a ``U<m>`` value or a str: a new
    str (the operands read as their text)."""

    def generic(self, args, kws):
        if kws or len(args) != 2 or not any(isinstance(a, ty.UnicodeCharSeq) for a in args):
            return None
        if all(isinstance(a, (ty.UnicodeCharSeq, ty.UnicodeType, ty.StringLiteral)) for a in args):
            return signature(_STR, *[a if isinstance(a, ty.UnicodeCharSeq) else _STR for a in args])
        return None

    def describe(self):
        return ["U<n> value + U<m> value or str"]


registry.register_op("+", CharSeqConcat)
