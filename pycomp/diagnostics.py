"""``pycomp-opt --verify-diagnostics``: expected-diagnostic annotations, the
way ``mlir-opt -verify-diagnostics`` checks them.

A negative test states the diagnostics its input must produce, next to the
line they are about::

    // expected-error @below {{nb.return of int32 in @f, whose return type is int64}}
    nb.func @f(%x: !nb.type<int32>) -> !nb.type<int64> ...

``expected-error``, ``expected-warning`` and ``expected-note``, followed by a
location and a message between ``{{`` and ``}}`` that the diagnostic's
message must contain. The location: none (the annotation's own line),
``@+N`` / ``@-N`` (N lines below / above), ``@below`` / ``@above`` (``@+1`` /
``@-1``), ``@N`` (line N of the file) or ``@unknown`` (a diagnostic with no
location in this file). In Python input the comment starts with ``#``.

Every diagnostic must be expected and every expectation met, in each
``// -----`` chunk; a mismatch is reported as ``file:line: error: ...`` and
the exit status is 1. Where does a diagnostic's line come from: a parse
error's position; the op a verifier rejects (ops parsed from the input
get a ``file:line:col`` location, as MLIR's parser gives them, unless they
carry a ``loc(...)`` of their own); a pycomp ``CompilerError`` raised by a
pass or the Python frontend, from its source location.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Expected", "Diagnostic", "parse_expectations", "compare", "recording_parser"]

_ANNOTATION = re.compile(r"expected-(error|warning|note)\s*(?:@\s*([+-]?\d+|above|below|unknown))?\s*\{\{(.*?)\}\}")


@dataclass
class Expected:
    kind: str  # "error", "warning", "note"
    line: int | None  # None: unknown location
    message: str
    at: int  # the annotation's own line

    def describe(self) -> str:
        return "expected %s \"%s\"" % (self.kind, self.message)


@dataclass
class Diagnostic:
    kind: str
    line: int | None
    message: str


def parse_expectations(text: str, comment: str = "//", line_offset: int = 0) -> list[Expected]:
    """The annotations in ``text`` (lines numbered from ``line_offset + 1``)."""
    out = []
    for i, line in enumerate(text.splitlines(), start=1 + line_offset):
        pos = line.find(comment)
        if pos < 0:
            continue
        for m in _ANNOTATION.finditer(line, pos):
            kind, where, msg = m.group(1), m.group(2), m.group(3)
            if where is None:
                target = i
            elif where == "unknown":
                target = None
            elif where == "above":
                target = i - 1
            elif where == "below":
                target = i + 1
            elif where[0] in "+-":
                target = i + int(where)
            else:
                target = int(where)
            out.append(Expected(kind, target, msg, i))
    return out


def compare(expected: list[Expected], produced: list[Diagnostic]) -> list[tuple[int | None, str]]:
    """What does not match: (line, complaint) for each expectation no
    diagnostic met and each diagnostic no expectation allowed."""
    left = list(produced)
    problems = []
    for e in expected:
        hit = next((d for d in left if d.kind == e.kind and d.line == e.line and e.message in d.message), None)
        if hit is None:
            near = next((d for d in left if d.kind == e.kind and e.message in d.message), None)
            extra = "" if near is None else " (one was produced at %s)" % (
                "an unknown location" if near.line is None else "line %d" % near.line)
            problems.append((e.at, "%s was not produced%s" % (e.describe(), extra)))
        else:
            left.remove(hit)
    for d in left:
        problems.append((d.line, "unexpected %s: %s" % (d.kind, d.message)))
    return problems


def recording_parser(ctx, text: str, name: str, line_offset: int = 0):
    """An xDSL parser that gives every op it parses without a location of
    its own a ``FileLineColLoc(name, line, col)``, lines counted in the
    whole file (``line_offset`` lines come before ``text``)."""
    from xdsl.dialects.builtin import FileLineColLoc, IntAttr, StringAttr, UnknownLoc
    from xdsl.parser import Parser

    class _RecordingParser(Parser):
        def parse_operation(self):
            start = self._current_token.span.start
            op = super().parse_operation()
            if isinstance(op.location, UnknownLoc):
                line = text.count("\n", 0, start) + 1 + line_offset
                col = start - (text.rfind("\n", 0, start) + 1) + 1
                op.location = FileLineColLoc(StringAttr(name), IntAttr(line), IntAttr(col))
            return op

    return _RecordingParser(ctx, text, name)


def parser_line(parser, text: str, line_offset: int = 0) -> int:
    """The line of the token ``parser`` stopped at (an op rejected while it
    was being built: its last line)."""
    before = text[:parser._current_token.span.start].rstrip()
    while before and before.rsplit("\n", 1)[-1].lstrip().startswith("//"):  # comment lines
        before = before.rsplit("\n", 1)[0].rstrip() if "\n" in before else ""
    return before.count("\n") + 1 + line_offset


def op_line(op, name: str) -> int | None:
    """The line of ``op`` in file ``name``, from its location."""
    loc = op.location
    filename = getattr(getattr(loc, "filename", None), "data", None)
    line = getattr(getattr(loc, "line", None), "data", None)
    return line if filename == name else None


def first_invalid_op(module):
    """The first op (in walk order) whose own verifier fails, with the
    message; (None, None) when the module verifies."""
    from xdsl.utils.exceptions import VerifyException

    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            return op, str(e).strip().splitlines()[0] if str(e).strip() else "verification failed"
    return None, None
