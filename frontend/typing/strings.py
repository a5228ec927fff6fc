"""Typing of ``str`` values (``unicode_type``) and string literals, as
Numba types them:

- comparisons ``==`` ``!=`` ``<`` ``<=`` ``>`` ``>=`` of two strings (a
  literal converts to a str value), and ``==``/``!=`` of a string with any
  other type (False/True, as Python gives);
- ``len(s)``, ``bool(s)``/``not s``/``if s:``, ``s + t``, ``s[i]``,
  ``str(s)``.

Lowering: :mod:`pycomp.targets.cpu.impl_strings`.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, signature

__all__ = ["is_string"]

_STR = ty.unicode_type


def is_string(t) -> bool:
    """Whether ``t`` is a str value or a string literal."""
    return isinstance(t, (ty.UnicodeType, ty.StringLiteral))


def _has_value(args) -> bool:
    """At least one run-time str among two strings (two literals alone are
    compared too: they meet as str values)."""
    return len(args) == 2 and all(is_string(a) for a in args)


class _StringCompare(AbstractTemplate):
    """``s == t`` ... ``s >= t`` between two strings: Python's order of code points."""

    def generic(self, args, kws):
        if kws or not _has_value(args):
            return None
        return signature(ty.boolean, _STR, _STR)

    def describe(self):
        return ["comparison of two str"]


for _op in ("==", "!=", "<", "<=", ">", ">="):
    registry.register_op(_op, type("StringCompare" + _op, (_StringCompare,), {}))


class _StringOtherEq(AbstractTemplate):
    """``s == x`` / ``s != x`` with ``x`` not a string (a number, None): never
    equal, as in Python."""

    def generic(self, args, kws):
        if kws or len(args) != 2 or sum(isinstance(a, ty.UnicodeType) for a in args) != 1:
            return None
        other = args[1] if isinstance(args[0], ty.UnicodeType) else args[0]
        if is_string(other) or isinstance(other, (ty.Optional, ty.Array, ty.UnicodeCharSeq, ty.CharSeq)):
            return None
        return signature(ty.boolean, *args)

    def describe(self):
        return ["str ==/!= a value of another type (never equal)"]


registry.register_op("==", type("StringOtherEq", (_StringOtherEq,), {}))
registry.register_op("!=", type("StringOtherNe", (_StringOtherEq,), {}))


class _StringTruth(AbstractTemplate):
    """``bool(s)``, ``not s``, ``if s:``: whether it is not empty."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], ty.UnicodeType):
            return signature(ty.boolean, args[0])
        return None

    def describe(self):
        return ["truth(str)"]


registry.register_op("truth", _StringTruth)
registry.register_op("unarynot", type("StringNot", (_StringTruth,), {}))
registry.register_global(builtins.bool, type("StringBool", (_StringTruth,), {}))


@registry.register_global(builtins.len)
class StringLen(AbstractTemplate):
    """``len(s)``: its number of code points."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and is_string(args[0]):
            return signature(ty.intp, _STR)
        return None

    def describe(self):
        return ["len(str)"]


class StringConcat(AbstractTemplate):
    """``s + t``: a new str."""

    def generic(self, args, kws):
        if not kws and _has_value(args):
            return signature(_STR, _STR, _STR)
        return None

    def describe(self):
        return ["str + str"]


registry.register_op("+", StringConcat)
registry.register_op("+=", type("StringInplaceConcat", (StringConcat,), {}))


class StringGetItem(AbstractTemplate):
    """``s[i]``: the one-character str at index ``i`` (negative from the end;
    IndexError out of range)."""

    def generic(self, args, kws):
        if len(args) == 2 and is_string(args[0]) and isinstance(args[1], ty.Integer):
            return signature(_STR, _STR, args[1])
        return None

    def describe(self):
        return ["str[int]"]


registry.register_op("getitem", StringGetItem)


@registry.register_global(builtins.str)
class StringStr(AbstractTemplate):
    """``str(s)`` of a string: the same value."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and is_string(args[0]):
            return signature(_STR, _STR)
        return None

    def describe(self):
        return ["str(str)"]
