"""Lowering of ``str`` values (typing: :mod:`pycomp.frontend.typing.strings`).

A value is the struct of :data:`pycomp.targets.datamodel.UNICODE_STRUCT`:

- a ``str`` argument refers to the Python object's own storage (meminfo
  null, parent the object: the caller keeps it alive for the call), and is
  returned as that same object;
- a string literal used as a value points at its code points, a constant
  of the compiled module (meminfo and parent null);
- a new string (``s + t``, ``s[i]``) owns a runtime memory block (its
  meminfo), released by the reference counting like an array's.

Storage is CPython's (PEP 393): ``kind`` bytes per code point, the
smallest kind that holds the largest one, so equal strings have equal
bytes. The comparisons and copies are C helpers (csrc/unicode.c); boxing a
new string makes a Python str of its code points.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.targets.constants import constant_bytes
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.pyapi import NativeValue, register_boxer, register_unboxer
from pycomp.targets.datamodel import I1, I32, I64, PTR, UNICODE_FIELDS as F, UNICODE_STRUCT

_STR = ty.UnicodeType


def _kind_of(text: str) -> int:
    top = max(map(ord, text), default=0)
    return 1 if top < 0x100 else (2 if top < 0x10000 else 4)


def _encoded(text: str, kind: int) -> bytes:
    return text.encode({1: "latin-1", 2: "utf-16-le", 4: "utf-32-le"}[kind])


def make_string(b, data, length, kind, is_ascii, meminfo=None, parent=None):
    """A str value of these parts (``kind`` and ``is_ascii`` i32; no hash yet)."""
    v = b.undef(UNICODE_STRUCT)
    for field, part in (("data", data), ("length", length), ("kind", kind), ("is_ascii", is_ascii),
                        ("hash", b.i64(-1)), ("meminfo", meminfo if meminfo is not None else b.zero(PTR)),
                        ("parent", parent if parent is not None else b.zero(PTR))):
        v = b.insert_value(v, part, F[field])
    return v


def _part(b, v, name):
    return b.extract(v, F[name], {"data": PTR, "length": I64, "kind": I32, "is_ascii": I32, "hash": I64,
                                  "meminfo": PTR, "parent": PTR}[name])


def string_constant(ctx, b, text: str):
    """The str value of the constant ``text``: its code points in the module."""
    kind = _kind_of(text)
    data = constant_bytes(ctx, b, _encoded(text, kind) or b"\0", "str")
    return make_string(b, data, b.i64(len(text)), b.i32(kind), b.i32(1 if text.isascii() else 0))


@reg.lower_cast(ty.StringLiteral, _STR)
def literal_to_str(ctx, b, fromty, toty, v):
    """A string literal where a str value is needed."""
    return string_constant(ctx, b, fromty.value)


@reg.lower_cast(_STR, ty.Boolean)
def str_truth(ctx, b, fromty, toty, v):
    """``bool(s)``: whether it is not empty."""
    return b.icmp("!=", _part(b, v, "length"), b.i64(0))


def _parts3(b, v):
    return [_part(b, v, "data"), _part(b, v, "length"), _part(b, v, "kind")]


def _compare(op):
    def impl(ctx, b, sig, args):
        x, y = args
        if op in ("==", "!="):
            ctx.declare("pycomp_str_equal", I32, [PTR, I64, I32, PTR, I64, I32])
            eq = b.call("pycomp_str_equal", _parts3(b, x) + _parts3(b, y), I32)
            return b.icmp("!=" if op == "==" else "==", eq, b.i32(0))
        ctx.declare("pycomp_str_compare", I32, [PTR, I64, I32, PTR, I64, I32])
        c = b.call("pycomp_str_compare", _parts3(b, x) + _parts3(b, y), I32)
        return b.icmp(op, c, b.i32(0))
    return impl


for _op in ("==", "!=", "<", "<=", ">", ">="):
    reg.lower(_op, _STR, _STR)(_compare(_op))


def _other(op):
    def impl(ctx, b, sig, args):
        return b.const_int(I1, 0 if op == "==" else 1)
    return impl


for _op in ("==", "!="):
    reg.lower(_op, _STR, ty.Type)(_other(_op))
    reg.lower(_op, ty.Type, _STR)(_other(_op))


@reg.lower(len, _STR, first=True)
def str_len(ctx, b, sig, args):
    return _part(b, args[0], "length")


def _new_string(ctx, b, length, kind, is_ascii):
    """A new string's value with room for ``length`` code points of ``kind``
    (its memory block owned by the value)."""
    nbytes = b.ibin("mul", b.ibin("add", length, b.i64(1)), b.cast("sext", kind, I64))
    mi, data = ctx.allocate(b, nbytes)
    return make_string(b, data, length, kind, is_ascii, meminfo=mi), data


def _copy(ctx, b, dst, dkind, at, src):
    ctx.declare("pycomp_str_copy", None, [PTR, I32, I64, PTR, I32, I64])
    b.call("pycomp_str_copy", [dst, dkind, at, _part(b, src, "data"), _part(b, src, "kind"),
                               _part(b, src, "length")])


def _concat(ctx, b, sig, args):
    """``s + t``: a new string of the wider kind."""
    x, y = args
    kx, ky = _part(b, x, "kind"), _part(b, y, "kind")
    kind = b.select(b.icmp(">", kx, ky), kx, ky)
    n = b.ibin("add", _part(b, x, "length"), _part(b, y, "length"))
    ascii_ = b.ibin("and", _part(b, x, "is_ascii"), _part(b, y, "is_ascii"))
    out, data = _new_string(ctx, b, n, kind, ascii_)
    _copy(ctx, b, data, kind, b.i64(0), x)
    _copy(ctx, b, data, kind, _part(b, x, "length"), y)
    return out


reg.lower("+", _STR, _STR)(_concat)
reg.lower("+=", _STR, _STR)(_concat)


@reg.lower("getitem", _STR, ty.Integer)
def str_getitem(ctx, b, sig, args):
    """``s[i]``: a new one-character string (IndexError out of range)."""
    s, i = args
    i = ctx.cast(b, i, sig.args[1], ty.int64)
    n = _part(b, s, "length")
    if sig.args[1].signed:
        i = b.select(b.icmp("<", i, b.i64(0)), b.ibin("add", i, n), i)
    bad = b.icmp(">=", i, n, signed=False)  # a negative index left negative is huge unsigned
    ctx.guard(b, bad, IndexError, ("string index out of range",))
    ctx.declare("pycomp_str_read", I32, [PTR, I32, I64])
    c = b.call("pycomp_str_read", [_part(b, s, "data"), _part(b, s, "kind"), i], I32)
    kind = b.select(b.icmp("<", c, b.i32(0x100), signed=False), b.i32(1),
                    b.select(b.icmp("<", c, b.i32(0x10000), signed=False), b.i32(2), b.i32(4)))
    ascii_ = b.cast("zext", b.icmp("<", c, b.i32(0x80), signed=False), I32)
    out, data = _new_string(ctx, b, b.i64(1), kind, ascii_)
    ctx.declare("pycomp_str_copy", None, [PTR, I32, I64, PTR, I32, I64])
    slot = b.alloca(I32)
    b.store(c, slot)
    b.call("pycomp_str_copy", [data, kind, b.i64(0), slot, b.i32(4), b.i64(1)])
    return out


@reg.lower(str, _STR, first=True)
def str_of_str(ctx, b, sig, args):
    """``str(s)``: the same string (a new reference to it)."""
    ctx.incref(b, _STR, args[0])
    return args[0]


# ------------------------------------------------------------------ boxing

def _box(t, value, c):
    """The Python str: the argument's own object, or a new one."""
    slot = c.builder.alloca(value.type)
    c.builder.store(value, slot)
    return c.pyapi._call("pycomp_box_str", c.pyapi.pyobj, [slot.type], [slot])


def _unbox(t, obj, c):
    """A str argument: refers to the object's storage for the call."""
    from llvmlite import ir

    lt = c.context.get_value_type(t)
    slot = c.builder.alloca(lt)
    rc = c.pyapi._call("pycomp_unbox_str", ir.IntType(32), [c.pyapi.pyobj, slot.type], [obj, slot])
    return NativeValue(c.builder.load(slot), is_error=c.builder.icmp_signed("!=", rc, ir.Constant(ir.IntType(32), 0)))


register_boxer(_STR, _box)
register_unboxer(_STR, _unbox)


def _box_literal(t, value, c):
    """A string literal returned to Python: the constant itself."""
    return c.pyapi.unserialize(c.pyapi.serialize_object(t.value))


register_boxer(ty.StringLiteral, _box_literal)
