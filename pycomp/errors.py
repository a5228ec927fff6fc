"""Errors pycomp raises, each naming the user's source line.

Every compile-time error derives from :class:`CompilerError` and, where a
Python exception fits, from it too: a typing error is a ``TypeError``, an
undefined global a ``NameError``, an unknown attribute an
``AttributeError``, an unsupported construct a ``NotImplementedError``.
The message fits on one screen: what went wrong, the file and line with a
caret under the column, and any notes (operand types, candidates tried).
Internal failures (a bug in pycomp, xDSL or llvmlite) are
:class:`InternalCompilerError`; their full traceback is chained only when
``PYCOMP_DEV=1``.
"""

from __future__ import annotations

import linecache
from dataclasses import dataclass

__all__ = [
    "Loc", "CompilerError", "TypingError", "UndefinedNameError", "TypingAttributeError",
    "UnsupportedError", "InternalCompilerError", "ambiguous_overload_message",
    # Numba's names, for code written against numba.core.errors
    "NumbaError", "LoweringError", "ForbiddenConstruct", "UnsupportedBytecodeError", "NumbaTypeError", "NumbaValueError",
    "NumbaAttributeError", "NumbaNotImplementedError", "NumbaIndexError", "NumbaKeyError",
    "NumbaAssertionError", "NumbaRuntimeError", "NumbaWarning", "NumbaPerformanceWarning",
    "NumbaDeprecationWarning", "NumbaPendingDeprecationWarning", "NumbaExperimentalFeatureWarning",
]


@dataclass(frozen=True)
class Loc:
    """A position in the user's source: file, 1-based line and column."""

    filename: str
    line: int
    col: int = 0
    function: str = ""

    def format(self) -> str:
        head = '  File "%s", line %d' % (self.filename, self.line)
        if self.function:
            head += ", in %s" % self.function
        text = linecache.getline(self.filename, self.line)
        if not text:
            return head
        stripped = text.rstrip("\n")
        indent = len(stripped) - len(stripped.lstrip())
        lines = [head, "    " + stripped.strip()]
        if self.col > 0 and self.col - 1 >= indent:
            lines.append("    " + " " * (self.col - 1 - indent) + "^")
        return "\n".join(lines)

    def __str__(self):
        return "%s:%d:%d" % (self.filename, self.line, self.col)


class CompilerError(Exception):
    """Base of every error pycomp reports about the user's code."""

    def __init__(self, message: str, loc: Loc | None = None, notes: list[str] | tuple = ()):
        self.message = message
        self.loc = loc
        self.notes = list(notes)
        super().__init__(self._render())

    def _render(self) -> str:
        parts = [self.message]
        if self.loc is not None:
            parts.append(self.loc.format())
        parts.extend("  " + n for n in self.notes)
        return "\n".join(parts)

    def with_loc(self, loc: Loc | None):
        """Attach a location if the error has none yet; returns self."""
        if self.loc is None and loc is not None:
            self.loc = loc
            self.args = (self._render(),)
        return self

    def __str__(self):
        return self._render()


class TypingError(CompilerError, TypeError):
    """The code cannot be typed: no implementation for these argument types."""


class UndefinedNameError(TypingError, NameError):
    """A global name the function uses is not defined."""


class TypingAttributeError(TypingError, AttributeError):
    """An attribute that the value's type does not have."""


class UnsupportedError(CompilerError, NotImplementedError):
    """A Python construct pycomp does not compile (yet)."""


class InternalCompilerError(CompilerError, RuntimeError):
    """A failure inside pycomp or its libraries; a bug to report."""


# ---------------------------------------------------------------- Numba's names
# Code written for Numba catches these; pycomp raises the ones that fit its
# errors (a TypingError is Numba's TypingError), and the rest exist so that
# such code imports and its except clauses mean what they say.

NumbaError = CompilerError


class LoweringError(CompilerError):
    """A failure while lowering typed IR to machine code."""


class ForbiddenConstruct(LoweringError):
    """A construct compiled code must not contain."""


class UnsupportedBytecodeError(UnsupportedError):
    """A bytecode instruction pycomp does not compile."""


class NumbaTypeError(TypingError):
    """A typing error that is a TypeError in Python's terms."""


class NumbaValueError(TypingError, ValueError):
    """A value known at compile time is not acceptable."""


class NumbaAttributeError(TypingError, AttributeError):
    """An attribute that the value's type does not have."""


class NumbaNotImplementedError(TypingError, NotImplementedError):
    """A typing case that is not implemented."""


class NumbaIndexError(TypingError, IndexError):
    """An index known at compile time is out of range."""


class NumbaKeyError(TypingError, KeyError):
    """A key known at compile time is missing."""


class NumbaAssertionError(TypingError, AssertionError):
    """An assertion that fails at compile time."""


class NumbaRuntimeError(CompilerError, RuntimeError):
    """A runtime failure of compiled code reported by the compiler's runtime."""


class NumbaWarning(Warning):
    """Base of the warnings pycomp emits."""


class NumbaPerformanceWarning(NumbaWarning):
    """The code compiles, but slower than it could."""


class NumbaDeprecationWarning(NumbaWarning, DeprecationWarning):
    """A feature that will go away."""


class NumbaPendingDeprecationWarning(NumbaWarning, PendingDeprecationWarning):
    """A feature that will be deprecated."""


class NumbaExperimentalFeatureWarning(NumbaWarning):
    """A feature whose behaviour may still change."""


def ambiguous_overload_message(name: str, argtypes, candidates) -> str:
    return "ambiguous call to %s%s: %s all match equally well" % (
        name, tuple(argtypes), ", ".join(str(c) for c in candidates))
