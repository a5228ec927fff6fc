"""Strings: ``StringLiteral`` (a constant known when compiling) and
``UnicodeType`` (a ``str`` value at run time), as in Numba.

A ``str`` passed to a jitted function has the type ``unicode_type``; a
string written in the source (or a global ``str``) is a
``literal_str('...')``, which overloads read when compiling
(``np.sort(a, kind="mergesort")``) and which converts to ``unicode_type``
where a run-time value is needed (two different literals meeting at a
merge, a literal compared with a ``str`` argument, a literal returned).

A ``unicode_type`` value is a struct of Numba's layout (see
:mod:`pycomp.targets.datamodel`): the code points (CPython's PEP 393
storage: ``kind`` bytes each), their count, the kind, whether all are ASCII,
a cached hash (-1: not computed), the runtime meminfo owning the storage
(null when it is borrowed: a Python argument's, or a constant's) and the
Python object it came from (null if none).
"""

from __future__ import annotations

from pycomp.types.abstract import Type

__all__ = ["StringLiteral", "UnicodeType", "unicode_type"]

#: Conversion.promote (pycomp.frontend.typing.conversions): a literal becomes a str value
_PROMOTE = 2


class UnicodeType(Type):
    """A Python ``str`` value (Numba's ``types.unicode_type``)."""

    #: the struct field holding the runtime meminfo (reference counting)
    meminfo_field = 5
    #: ``s[i]`` is a new string (pycomp.lowering.refcounts)
    item_is_new_reference = True

    def __str__(self):
        return "unicode_type"

    def unify(self, typingctx, other):
        """A str and a literal or another str are a str."""
        return self if isinstance(other, (UnicodeType, StringLiteral)) else None


class StringLiteral(Type):
    """A constant string: exception messages, keyword names, option values
    (``mode="full"``); a ``literal_str`` converts to ``unicode_type``."""

    def __init__(self, value: str):
        self.value = value

    def __str__(self):
        return "literal_str(%r)" % self.value

    def unify(self, typingctx, other):
        """Two different literals, or a literal and a str, are a str."""
        return unicode_type if isinstance(other, (UnicodeType, StringLiteral)) else None

    def can_convert_to(self, typingctx, other):
        return _PROMOTE if isinstance(other, UnicodeType) else None


unicode_type = UnicodeType()
