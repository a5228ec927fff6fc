"""Typing of optional values beyond the generic rule.

The generic rule lives in the typing context: where no template accepts an
``optional(T)`` operand, the templates are tried again with ``T`` and the
operand is cast (a None there raises TypeError at run time). Here: ``x ==
None`` and ``x != None`` on an optional compare its presence, as Numba
does (``x is None``).
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry, signature


class _OptionalNoneCompare(AbstractTemplate):
    def generic(self, args, kws):
        a, b = args
        if (isinstance(a, ty.Optional) and b is ty.none) or (a is ty.none and isinstance(b, ty.Optional)):
            return signature(ty.boolean, a, b)
        return None

    def describe(self):
        return ["%s(optional, none)" % self.key]


for _op in ("==", "!="):
    builtin_registry.register_op(_op, type("OptionalCompare" + _op, (_OptionalNoneCompare,), {}))
