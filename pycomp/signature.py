"""Function signatures: a return type and argument types.

``Signature`` is what typing templates return and what ``@jit("...")``
accepts. ``parse_signature("float64(float64, int32)")`` reads the textual
form; a signature without a return type (``"(int64, int64)"``) leaves
``return_type`` as None, to be inferred.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pycomp import types as ty

__all__ = ["Signature", "parse_signature", "as_signature"]


@dataclass(frozen=True)
class Signature:
    return_type: ty.Type | None
    args: tuple
    #: for methods: the receiver type, passed as the first argument
    recvr: ty.Type | None = None

    def __str__(self):
        ret = "" if self.return_type is None else str(self.return_type)
        return "%s(%s)" % (ret, ", ".join(str(a) for a in self.args))

    def __repr__(self):
        """Numba's spelling, ``(int64, float64) -> float64``, so lists of
        signatures (``nopython_signatures``) print as Numba's do."""
        args = "(%s)" % ", ".join(str(a) for a in self.args) if len(self.args) != 1 else "(%s,)" % self.args[0]
        return "%s -> %s" % (args, self.return_type) if self.return_type is not None else args

    def replace(self, **kw) -> "Signature":
        """A copy with fields replaced (of the same class: a subclass keeps its fields)."""
        return dataclasses.replace(self, **kw)


def _args_paren(text: str) -> int:
    """The index of the '(' opening the argument list: the one matching the
    final ')' (a return type may hold parentheses: ``optional(float64)(...)``)."""
    if not text.endswith(")"):
        return -1
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            depth -= 1
            if depth == 0:
                return i
    return -1


def parse_signature(text: str) -> Signature:
    text = text.strip()
    lp = _args_paren(text)
    if lp < 0 or not text.endswith(")"):
        raise ValueError("a signature looks like 'float64(float64, int32)', not %r" % text)
    ret = ty.parse_type(text[:lp].strip()) if text[:lp].strip() else None
    inner = text[lp + 1:-1]
    args = []
    depth, start = 0, 0
    for i, ch in enumerate(inner):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(inner[start:i])
            start = i + 1
    if inner[start:].strip():
        args.append(inner[start:])
    return Signature(ret, tuple(ty.parse_type(a.strip()) for a in args))


def as_signature(sig) -> Signature:
    """Accept a Signature, a string, or a tuple of argument types."""
    if isinstance(sig, Signature):
        return sig
    if isinstance(sig, str):
        return parse_signature(sig)
    if isinstance(sig, (tuple, list)):
        return Signature(None, tuple(sig))
    raise TypeError("not a signature: %r" % (sig,))
