"""Bytecode decoding: CPython 3.11-3.13 instructions in one version-neutral form.

``decode(code)`` turns a code object into a list of :class:`Instr`. The
differences between CPython versions live in :data:`VERSION_TABLE` and the
small rename table :data:`_RENAMES`, never in pattern-matching of the code
CPython happens to generate:

- inline ``CACHE`` entries, ``RESUME``, ``PRECALL``, ``NOP``, ``TO_BOOL`` and
  the cell prologue carry no meaning for the compiler and are dropped;
- super-instructions (``LOAD_FAST_LOAD_FAST``, ...) are split in two;
- ``LOAD_GLOBAL`` with its NULL bit becomes ``LOAD_GLOBAL`` plus
  ``PUSH_NULL``, in the order the running version pushes them;
- ``LOAD_METHOD`` and method-flavoured ``LOAD_ATTR`` become
  ``LOAD_ATTR`` with ``flag=True`` (the IR generator pushes the NULL slot in
  the version's order, see ``null_first``);
- every conditional jump is ``POP_JUMP_IF_{TRUE,FALSE,NONE,NOT_NONE}`` and
  every unconditional one ``JUMP``, with an absolute target offset;
- ``RETURN_CONST c`` becomes ``LOAD_CONST c`` + ``RETURN_VALUE``;
- ``FOR_ITER``'s exit target is where execution resumes once the iterator
  is exhausted and popped (skipping ``END_FOR`` where the version has it);
- ``BINARY_OP`` and ``COMPARE_OP`` carry their operator symbol ("+", "+=",
  "<"); ``KW_NAMES`` carries its tuple of names.

Calls keep the stack shape of the running version; :attr:`VersionInfo.null_first`
tells the IR generator whether the NULL/self slot sits below the callable
(3.11, 3.12) or above it (3.13).
"""

from __future__ import annotations

import dis
import sys
from dataclasses import dataclass
from typing import Any

__all__ = ["Instr", "VersionInfo", "VERSION_TABLE", "version_info", "decode", "format_instrs", "first_protected_line"]


@dataclass(frozen=True)
class VersionInfo:
    """What differs between the CPython versions the frontend supports."""

    #: True if the call protocol puts NULL/self *below* the callable.
    null_first: bool
    #: instructions at a FOR_ITER target that exhaustion skips over.
    for_iter_exit_skips: tuple[str, ...]
    #: True if MAKE_FUNCTION takes only the code and SET_FUNCTION_ATTRIBUTE
    #: adds the closure and defaults (3.13); before, MAKE_FUNCTION's flags.
    set_function_attribute: bool = False


VERSION_TABLE: dict[tuple[int, int], VersionInfo] = {
    (3, 11): VersionInfo(null_first=True, for_iter_exit_skips=()),
    (3, 12): VersionInfo(null_first=True, for_iter_exit_skips=("END_FOR",)),
    (3, 13): VersionInfo(null_first=False, for_iter_exit_skips=("END_FOR", "POP_TOP"), set_function_attribute=True),
}


def version_info() -> VersionInfo:
    key = sys.version_info[:2]
    try:
        return VERSION_TABLE[key]
    except KeyError:
        from pycomp.errors import UnsupportedError

        raise UnsupportedError("pycomp supports CPython 3.11-3.13, not %d.%d" % key) from None


@dataclass(slots=True)
class Instr:
    """One instruction in version-neutral form."""

    offset: int
    op: str
    arg: int | None
    argval: Any
    line: int
    col: int
    #: for split super-instructions and inserted PUSH_NULLs: the same offset
    #: may appear twice, so ``index`` orders instructions uniquely.
    index: int = 0
    flag: bool = False

    @property
    def is_jump(self) -> bool:
        return self.op in _JUMPS

    @property
    def is_terminator(self) -> bool:
        return self.op in _TERMINATORS

    def __str__(self):
        extra = ""
        if self.argval is not None:
            extra = " %r" % (self.argval,)
        if self.flag:
            extra += " [flag]"
        return "%4d %-22s%s" % (self.offset, self.op, extra)


_DROPPED = frozenset({
    "CACHE", "RESUME", "PRECALL", "NOP", "TO_BOOL", "MAKE_CELL", "COPY_FREE_VARS",
    "EXTENDED_ARG", "NOT_TAKEN",
})
_RENAMES = {
    "POP_JUMP_FORWARD_IF_TRUE": "POP_JUMP_IF_TRUE",
    "POP_JUMP_BACKWARD_IF_TRUE": "POP_JUMP_IF_TRUE",
    "POP_JUMP_FORWARD_IF_FALSE": "POP_JUMP_IF_FALSE",
    "POP_JUMP_BACKWARD_IF_FALSE": "POP_JUMP_IF_FALSE",
    "POP_JUMP_FORWARD_IF_NONE": "POP_JUMP_IF_NONE",
    "POP_JUMP_BACKWARD_IF_NONE": "POP_JUMP_IF_NONE",
    "POP_JUMP_FORWARD_IF_NOT_NONE": "POP_JUMP_IF_NOT_NONE",
    "POP_JUMP_BACKWARD_IF_NOT_NONE": "POP_JUMP_IF_NOT_NONE",
    "JUMP_FORWARD": "JUMP",
    "JUMP_BACKWARD": "JUMP",
    "JUMP_BACKWARD_NO_INTERRUPT": "JUMP",
    "JUMP_ABSOLUTE": "JUMP",
    "LOAD_FAST_CHECK": "LOAD_FAST",
    "LOAD_FAST_AND_CLEAR": "LOAD_FAST_AND_CLEAR",
}
_CONDITIONAL = frozenset({
    "POP_JUMP_IF_TRUE", "POP_JUMP_IF_FALSE", "POP_JUMP_IF_NONE", "POP_JUMP_IF_NOT_NONE",
    "JUMP_IF_TRUE_OR_POP", "JUMP_IF_FALSE_OR_POP", "FOR_ITER",
})
_JUMPS = _CONDITIONAL | {"JUMP"}
_TERMINATORS = frozenset({"JUMP", "RETURN_VALUE", "RAISE_VARARGS", "RERAISE"})
CONDITIONAL_JUMPS = _CONDITIONAL


def _position(ins) -> tuple[int | None, int]:
    pos = getattr(ins, "positions", None)
    if pos is not None and pos.lineno is not None:
        return pos.lineno, (pos.col_offset or 0) + 1
    return None, 0


def decode(code) -> list[Instr]:
    """Decode ``code`` into version-neutral instructions (see module doc)."""
    vi = version_info()
    raw = list(dis.get_instructions(code))
    by_offset = {ins.offset: i for i, ins in enumerate(raw)}
    out: list[Instr] = []
    line = code.co_firstlineno
    for i, ins in enumerate(raw):
        lineno, col = _position(ins)
        if lineno is not None:
            line = lineno
        name = _RENAMES.get(ins.opname, ins.opname)
        if name in _DROPPED:
            continue

        def emit(op, argval=None, arg=ins.arg, flag=False):
            out.append(Instr(ins.offset, op, arg, argval, line, col, len(out), flag))

        if name == "LOAD_GLOBAL":
            push_null = bool(ins.arg & 1)
            gname = ins.argval
            if push_null and vi.null_first:
                emit("PUSH_NULL")
            emit("LOAD_GLOBAL", gname)
            if push_null and not vi.null_first:
                emit("PUSH_NULL")
        elif name == "LOAD_METHOD":
            emit("LOAD_ATTR", ins.argval, flag=True)
        elif name == "LOAD_ATTR":
            is_method = sys.version_info >= (3, 12) and bool(ins.arg & 1)
            emit("LOAD_ATTR", ins.argval, flag=is_method)
        elif name in ("LOAD_FAST_LOAD_FAST", "STORE_FAST_STORE_FAST", "STORE_FAST_LOAD_FAST"):
            first, second = ins.argval
            a, b = name.split("_FAST_")[0] + "_FAST", name.split("_FAST_")[1]
            emit(a, first)
            emit(b if b.endswith("_FAST") else b + "_FAST", second)
        elif name == "RETURN_CONST":
            emit("LOAD_CONST", ins.argval)
            emit("RETURN_VALUE")
        elif name == "BINARY_OP":
            sym = dis._nb_ops[ins.arg][1]
            if sym == "[]":  # 3.14: subscript is a BINARY_OP
                emit("BINARY_SUBSCR")
            else:
                emit("BINARY_OP", sym)
        elif name == "COMPARE_OP":
            sym = ins.argval
            if isinstance(sym, str) and sym.startswith("bool("):
                sym = sym[5:-1]
            emit("COMPARE_OP", sym)
        elif name == "KW_NAMES":
            names = ins.argval if isinstance(ins.argval, tuple) else code.co_consts[ins.arg]
            emit("KW_NAMES", tuple(names))
        elif name == "FOR_ITER":
            target = ins.argval
            j = by_offset.get(target)
            for skip in vi.for_iter_exit_skips:
                if j is not None and j < len(raw) and raw[j].opname == skip:
                    j += 1
            target = raw[j].offset if j is not None and j < len(raw) else target
            emit("FOR_ITER", target)
        elif name == "CALL_INTRINSIC_1":
            emit("CALL_INTRINSIC_1", ins.argrepr)  # e.g. "INTRINSIC_UNARY_POSITIVE"
        else:
            emit(name, ins.argval)
    _retarget_jumps(out)
    return out


def _retarget_jumps(instrs: list[Instr]) -> None:
    """A jump to a dropped instruction (a NOP heading a ``while True``)
    goes to the next instruction that was kept."""
    import bisect

    offsets = [i.offset for i in instrs]
    kept = set(offsets)
    for ins in instrs:
        if ins.is_jump and ins.argval not in kept:
            k = bisect.bisect_left(offsets, ins.argval)
            if k < len(offsets):
                ins.argval = offsets[k]


def format_instrs(instrs: list[Instr]) -> str:
    return "\n".join(str(i) for i in instrs)


def first_protected_line(code) -> int:
    """The line of the statement that opens the first protected range
    (``try:`` or ``with``): the instruction just before the range."""
    instrs = list(dis.get_instructions(code))
    parse = getattr(dis, "_parse_exception_table", None)
    entries = parse(code) if parse else []
    if entries:
        start = min(e.start for e in entries)
        before = [i for i in instrs if i.offset < start and i.positions and i.positions.lineno]
        at = [i for i in instrs if i.offset >= start and i.positions and i.positions.lineno]
        if before and before[-1].opname in ("NOP", "BEFORE_WITH", "SETUP_WITH", "LOAD_SPECIAL"):
            return before[-1].positions.lineno
        if at:
            return at[0].positions.lineno
    return code.co_firstlineno
