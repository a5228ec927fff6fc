"""Lowering of fixed-size string values: items of ``S<n>`` arrays
(``CharSeq``, an ``[n x i8]``) and ``U<n>`` arrays (``UnicodeCharSeq``, an
``[n x i32]`` of UCS-4 code points). Typing:
:mod:`pycomp.frontend.typing.charseq`.

The text of a value is its characters before the trailing NULs. To
compare, a value is spilled to the stack and read as a ``str`` of kind 1
(bytes) or 4 (UCS-4) of that length, so the ``str`` helpers of
csrc/unicode.c (which accept any mix of kinds) order it as Python orders
``str``/``bytes``. Storing text into a value truncates it to ``n`` and
pads it with NULs, as NumPy assigns.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.impl_creation import for_range
from pycomp.targets.cpu.impl_strings import _new_string, _parts3
from pycomp.targets.datamodel import I1, I8, I32, I64, PTR, llvm_type

__all__ = ["text_parts", "text_length"]

_SEQS = (ty.CharSeq, ty.UnicodeCharSeq)


def _elem(t):
    """The LLVM type of one character of ``t`` and its width in bytes (the str kind)."""
    return (I8, 1) if isinstance(t, ty.CharSeq) else (I32, 4)


def _spill(b, t, v):
    """A stack slot holding value ``v`` of ``t``: the address of its characters."""
    slot = b.alloca(llvm_type(t))
    b.store(v, slot)
    return slot


def text_length(b, t, ptr):
    """The length of the text at ``ptr`` (``t.count`` characters): the
    index after its last non-NUL character."""
    elem, _ = _elem(t)
    acc = b.alloca(I64)
    b.store(b.i64(0), acc)
    zero = b.const_int(elem, 0)

    def body(i):
        c = b.load(b.gep(ptr, [i], elem), elem)
        cur = b.load(acc, I64)
        b.store(b.select(b.icmp("!=", c, zero), b.ibin("add", i, b.i64(1)), cur), acc)

    for_range(b, b.i64(t.count), body)
    return b.load(acc, I64)


def text_parts(b, t, v):
    """``[data, length, kind]`` of a value of ``t``, as the str helpers
    take them: a fixed-size string read in place, or a str's own parts."""
    if isinstance(t, _SEQS):
        ptr = _spill(b, t, v)
        return [ptr, text_length(b, t, ptr), b.i32(_elem(t)[1])]
    return _parts3(b, v)


def _compare(op):
    def impl(ctx, b, sig, args):
        x = text_parts(b, sig.args[0], args[0])
        y = text_parts(b, sig.args[1], args[1])
        if op in ("==", "!="):
            ctx.declare("pycomp_str_equal", I32, [PTR, I64, I32, PTR, I64, I32])
            eq = b.call("pycomp_str_equal", x + y, I32)
            return b.icmp("!=" if op == "==" else "==", eq, b.i32(0))
        ctx.declare("pycomp_str_compare", I32, [PTR, I64, I32, PTR, I64, I32])
        c = b.call("pycomp_str_compare", x + y, I32)
        return b.icmp(op, c, b.i32(0))
    return impl


for _op in ("==", "!=", "<", "<=", ">", ">="):
    for _pair in ((ty.UnicodeCharSeq, ty.UnicodeCharSeq), (ty.CharSeq, ty.CharSeq),
                  (ty.UnicodeCharSeq, ty.UnicodeType), (ty.UnicodeType, ty.UnicodeCharSeq)):
        reg.lower(_op, *_pair, first=True)(_compare(_op))


@reg.lower(len, ty.CharSeq, first=True)
@reg.lower(len, ty.UnicodeCharSeq, first=True)
def charseq_len(ctx, b, sig, args):
    """``len(s)``: the characters before the trailing NULs."""
    t = sig.args[0]
    return text_length(b, t, _spill(b, t, args[0]))


@reg.lower_cast(ty.CharSeq, ty.Boolean)
@reg.lower_cast(ty.UnicodeCharSeq, ty.Boolean)
def charseq_truth(ctx, b, fromty, toty, v):
    """``bool(s)``: whether any character is not NUL."""
    elem, _ = _elem(fromty)
    zero = b.const_int(elem, 0)
    found = b.const_int(I1, 0)
    for k in range(fromty.count):
        found = b.ibin("or", found, b.icmp("!=", b.extract(v, k, elem), zero))
    return found


@reg.lower(str, ty.UnicodeCharSeq, first=True)
def charseq_str(ctx, b, sig, args):
    """``str(s)``: a new str of the text."""
    return charseq_to_str(ctx, b, sig.args[0], sig.return_type, args[0])


def charseq_to_str(ctx, b, fromty, toty, v):
    """A new str (owned by the caller) of the text of ``U<n>`` value ``v``,
    in the smallest kind that holds its largest code point (the canonical
    storage)."""
    t = fromty
    ptr = _spill(b, t, v)
    n = text_length(b, t, ptr)
    top = b.alloca(I32)
    b.store(b.i32(0), top)

    def body(i):
        c = b.load(b.gep(ptr, [i], I32), I32)
        cur = b.load(top, I32)
        b.store(b.select(b.icmp(">", c, cur, signed=False), c, cur), top)

    for_range(b, n, body)
    c = b.load(top, I32)
    kind = b.select(b.icmp("<", c, b.i32(0x100), signed=False), b.i32(1),
                    b.select(b.icmp("<", c, b.i32(0x10000), signed=False), b.i32(2), b.i32(4)))
    ascii_ = b.cast("zext", b.icmp("<", c, b.i32(0x80), signed=False), I32)
    out, data = _new_string(ctx, b, n, kind, ascii_)
    ctx.declare("pycomp_str_copy", None, [PTR, I32, I64, PTR, I32, I64])
    b.call("pycomp_str_copy", [data, kind, b.i64(0), ptr, b.i32(4), n])
    return out


def _concat_charseq(ctx, b, sig, args):
    """``s + t`` with a ``U<n>`` operand: the operands' text as str values
    (the temporaries released after), concatenated into a new str."""
    from pycomp.targets.cpu.impl_strings import _concat

    parts, temps = [], []
    for t, v in zip(sig.args, args):
        if isinstance(t, ty.UnicodeCharSeq):
            v = charseq_to_str(ctx, b, t, ty.unicode_type, v)
            temps.append(v)
        parts.append(v)
    out = _concat(ctx, b, sig.replace(args=(ty.unicode_type, ty.unicode_type)), parts)
    for v in temps:
        ctx.decref(b, ty.unicode_type, v)
    return out


for _pair in ((ty.UnicodeCharSeq, ty.UnicodeCharSeq), (ty.UnicodeCharSeq, ty.UnicodeType),
              (ty.UnicodeType, ty.UnicodeCharSeq)):
    reg.lower("+", *_pair, first=True)(_concat_charseq)


# ------------------------------------------------------------------ conversions (assignment)

@reg.lower_cast(ty.UnicodeType, ty.UnicodeCharSeq)
def str_to_charseq(ctx, b, fromty, toty, v):
    """A str stored as ``U<n>``: its first ``n`` code points, NUL-padded."""
    slot = b.alloca(llvm_type(toty))
    b.store(b.zero(llvm_type(toty)), slot)
    data, length, kind = _parts3(b, v)
    n = b.i64(toty.count)
    count = b.select(b.icmp("<", length, n), length, n)
    ctx.declare("pycomp_str_copy", None, [PTR, I32, I64, PTR, I32, I64])
    b.call("pycomp_str_copy", [slot, b.i32(4), b.i64(0), data, kind, count])
    return b.load(slot, llvm_type(toty))


@reg.lower_cast(ty.StringLiteral, ty.UnicodeCharSeq)
def literal_to_charseq(ctx, b, fromty, toty, v):
    """A string literal stored as ``U<n>``: its code points as constants."""
    out = b.zero(llvm_type(toty))
    for k, ch in enumerate(fromty.value[:toty.count]):
        out = b.insert_value(out, b.i32(ord(ch)), k)
    return out


def _resize(ctx, b, fromty, toty, v):
    """A ``U<m>``/``S<m>`` value as ``U<n>``/``S<n>``: truncated or NUL-padded."""
    elem, _ = _elem(fromty)
    out = b.zero(llvm_type(toty))
    for k in range(min(fromty.count, toty.count)):
        out = b.insert_value(out, b.extract(v, k, elem), k)
    return out


reg.lower_cast(ty.UnicodeCharSeq, ty.UnicodeCharSeq)(_resize)
reg.lower_cast(ty.CharSeq, ty.CharSeq)(_resize)
