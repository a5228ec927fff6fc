"""Lowering of ``datetime64`` / ``timedelta64`` arithmetic, comparisons,
boxing and unboxing (typing: :mod:`pycomp.frontend.typing.datetimes`).

Values are int64 counts; both operands are first brought to the result's
unit (a multiplication by the unit factor), and NaT (INT64_MIN) in any
operand gives NaT (or NaN for ``td / td``, False for comparisons but
``!=``), as NumPy computes. Division by zero gives NaT (``//`` by a zero
timedelta gives 0), as NumPy does, without its warning.
"""

from __future__ import annotations

import builtins

import numpy as np

from pycomp import types as ty
from pycomp.frontend.typing.datetimes import unit_factor
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.pyapi import NativeValue, register_boxer, register_unboxer
from pycomp.targets.datamodel import F64, I1, I64
from pycomp.typeof import as_numpy_dtype

_DT, _TD = ty.NPDatetime, ty.NPTimedelta
_LIKE = (_DT, _TD)


def _nat(b):
    return b.i64(ty.NAT)


def _is_nat(b, v):
    return b.icmp("==", v, _nat(b))


def _to_unit(b, v, src: str, dst: str):
    """``v`` (a count of ``src`` units, maybe NaT) in ``dst`` units."""
    f = unit_factor(src, dst)
    if f == 1:
        return v
    return b.select(_is_nat(b, v), _nat(b), b.ibin("mul", v, b.i64(f)))


def _any_nat(b, *vs):
    out = _is_nat(b, vs[0])
    for v in vs[1:]:
        out = b.ibin("or", out, _is_nat(b, v))
    return out


def _unit_of(t) -> str:
    return t.unit if isinstance(t, _LIKE) else ""


def _operands(b, sig, args, unit: str):
    """Both operands, the datetime-like ones in ``unit``."""
    return [(_to_unit(b, v, t.unit, unit) if isinstance(t, _LIKE) else v) for t, v in zip(sig.args, args)]


def _floor_div(b, x, y):
    """Python's floor division of int64s (``y`` nonzero)."""
    q = b.ibin("sdiv", x, y)
    r = b.ibin("srem", x, y)
    adjust = b.ibin("and", b.icmp("!=", r, b.i64(0)), b.icmp("!=", b.icmp("<", r, b.i64(0)), b.icmp("<", y, b.i64(0))))
    return b.select(adjust, b.ibin("sub", q, b.i64(1)), q)


def _floor_mod(b, x, y):
    r = b.ibin("srem", x, y)
    adjust = b.ibin("and", b.icmp("!=", r, b.i64(0)), b.icmp("!=", b.icmp("<", r, b.i64(0)), b.icmp("<", y, b.i64(0))))
    return b.select(adjust, b.ibin("add", r, y), r)


def _to_float(ctx, b, t, v):
    return ctx.cast(b, v, t, ty.float64)


def _count_from_float(b, f):
    """A float count truncated to int64 (NaN and infinities: NaT)."""
    bad = b.ibin("or", b.fcmp("uno", f, f), b.fcmp("oge", b.intrinsic("llvm.fabs", [f], F64), b.const_float(F64, 2.0 ** 63)))
    return b.select(bad, _nat(b), b.cast("fptosi", f, I64))


def _arith(op):
    def impl(ctx, b, sig, args):
        a_t, b_t = sig.args
        res_t = sig.return_type
        if isinstance(a_t, _LIKE) and isinstance(b_t, _LIKE):
            unit = _unit_of(res_t) if isinstance(res_t, _LIKE) else _common(a_t.unit, b_t.unit)
            x, y = _operands(b, sig, args, unit)
            nat = _any_nat(b, x, y)
            if op == "+":
                return b.select(nat, _nat(b), b.ibin("add", x, y))
            if op == "-":
                return b.select(nat, _nat(b), b.ibin("sub", x, y))
            zero = b.icmp("==", y, b.i64(0))
            safe_y = b.select(zero, b.i64(1), y)
            if op == "/":  # td / td: a float, NaN for NaT
                q = b.fbin("fdiv", b.cast("sitofp", x, F64), b.cast("sitofp", y, F64))
                return b.select(nat, b.const_float(F64, float("nan")), q)
            if op == "//":  # an int64 (0 for NaT or a zero divisor, as NumPy gives)
                return b.select(b.ibin("or", nat, zero), b.i64(0), _floor_div(b, x, safe_y))
            if op == "%":
                return b.select(b.ibin("or", nat, zero), _nat(b), _floor_mod(b, x, safe_y))
        # a timedelta and a number: *, /, //
        td_first = isinstance(a_t, _TD)
        v, n = (args[0], args[1]) if td_first else (args[1], args[0])
        n_t = b_t if td_first else a_t
        if op == "*" and isinstance(n_t, ty.Integer):
            n = ctx.cast(b, n, n_t, ty.int64)
            return b.select(_is_nat(b, v), _nat(b), b.ibin("mul", v, n))
        if op == "//" or op == "/" and isinstance(n_t, ty.Integer):  # truncated, as NumPy divides
            n = ctx.cast(b, n, n_t, ty.int64)
            zero = b.icmp("==", n, b.i64(0))
            q = b.ibin("sdiv", v, b.select(zero, b.i64(1), n))
            return b.select(b.ibin("or", _is_nat(b, v), zero), _nat(b), q)
        f = _to_float(ctx, b, n_t, n)
        x = b.cast("sitofp", v, F64)
        q = b.fbin("fmul" if op == "*" else "fdiv", x, f)
        return b.select(_is_nat(b, v), _nat(b), _count_from_float(b, q))
    return impl


def _common(a: str, b: str) -> str:
    from pycomp.frontend.typing.datetimes import common_unit

    return common_unit(a, b)


for _op in ("+", "-", "*", "/", "//", "%"):
    reg.lower(_op, _TD, _TD)(_arith(_op))
    reg.lower(_op, _DT, _TD)(_arith(_op))
    reg.lower(_op, _TD, _DT)(_arith(_op))
    reg.lower(_op, _DT, _DT)(_arith(_op))
    reg.lower(_op, _TD, ty.Number)(_arith(_op))
    reg.lower(_op, ty.Number, _TD)(_arith(_op))

_PREDICATES = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _compare(op):
    def impl(ctx, b, sig, args):
        a_t, b_t = sig.args
        x, y = _operands(b, sig, args, _common(a_t.unit, b_t.unit))
        nat = _any_nat(b, x, y)
        res = b.icmp(_PREDICATES[op], x, y)
        return b.select(nat, b.const_int(I1, 1 if op == "!=" else 0), res)
    return impl


for _op in _PREDICATES:
    reg.lower(_op, _DT, _DT)(_compare(_op))
    reg.lower(_op, _TD, _TD)(_compare(_op))


@reg.lower("unary-", _TD)
def timedelta_neg(ctx, b, sig, args):
    v = args[0]
    return b.select(_is_nat(b, v), v, b.ibin("sub", b.i64(0), v))


@reg.lower("unary+", _TD)
def timedelta_pos(ctx, b, sig, args):
    return args[0]


@reg.lower(builtins.abs, _TD)
def timedelta_abs(ctx, b, sig, args):
    v = args[0]
    neg = b.icmp("<", v, b.i64(0))
    return b.select(b.ibin("and", neg, b.ibin("xor", _is_nat(b, v), b.const_int(I1, 1))), b.ibin("sub", b.i64(0), v), v)


@reg.lower("isnat", ty.Type)
def isnat(ctx, b, sig, args):
    """``np.isnat(x)`` of one value (the ufunc's datetime loops call it)."""
    return _is_nat(b, args[0])


# ------------------------------------------------------------------ boxing

def _box(t, value, c):
    """A new ``np.datetime64`` / ``np.timedelta64`` of the type's unit."""
    from llvmlite import ir

    handle = c.pyapi.serialize_object(as_numpy_dtype(t))
    descr = ir.Constant(ir.IntType(64), id(handle)).inttoptr(c.pyapi.pyobj)
    return c.pyapi._call("pycomp_box_datetime", c.pyapi.pyobj, [ir.IntType(64), c.pyapi.pyobj], [value, descr])


def _unbox(t, obj, c):
    """The int64 count of an ``np.datetime64`` / ``np.timedelta64``."""
    from llvmlite import ir

    slot = c.builder.alloca(ir.IntType(64))
    rc = c.pyapi._call("pycomp_unbox_datetime", ir.IntType(32), [c.pyapi.pyobj, ir.IntType(64).as_pointer()],
                       [obj, slot])
    return NativeValue(c.builder.load(slot), is_error=c.builder.icmp_signed("!=", rc, ir.Constant(ir.IntType(32), 0)))


for _cls in _LIKE:
    register_boxer(_cls, _box)
    register_unboxer(_cls, _unbox)


# ------------------------------------------------------------------ constructors

def _construct(ctx, b, sig, args):
    """``np.datetime64(n, "unit")`` and friends: the count itself; a
    constant string is read when compiling."""
    first = sig.args[0]
    res = sig.return_type
    if isinstance(first, ty.StringLiteral):
        value = getattr(np, res.kind)(first.value, *((sig.args[1].value,) if len(sig.args) > 1 else ()))
        return ctx.constant(b, res, value)
    if isinstance(first, _LIKE):  # np.timedelta64(td, "s"): converted to the unit
        return _to_unit(b, args[0], first.unit, res.unit) if unit_factor(first.unit, res.unit) else args[0]
    return ctx.cast(b, args[0], first, ty.int64)


for _ctor in (np.datetime64, np.timedelta64):
    reg.lower(_ctor, ty.Type)(_construct)
    reg.lower(_ctor, ty.Type, ty.StringLiteral)(_construct)


def _extreme(pred):
    def impl(ctx, b, sig, args):
        unit = sig.return_type.unit
        values = [_to_unit(b, v, t.unit, unit) for t, v in zip(sig.args, args)]
        best = values[0]
        for v in values[1:]:  # the later value wins only if it compares strictly better (never a NaT)
            better = b.ibin("and", b.icmp(pred, v, best),
                            b.ibin("xor", _any_nat(b, v, best), b.const_int(I1, 1)))
            best = b.select(better, v, best)
        return best
    return impl


def _count(ctx, b, sig, args):
    """``int(x)``: the count of units."""
    return args[0]


for _cls in _LIKE:  # ahead of the number implementations, which take any arguments
    reg.lower(builtins.min, _cls, _cls, first=True)(_extreme("<"))
    reg.lower(builtins.max, _cls, _cls, first=True)(_extreme(">"))
    reg.lower(builtins.int, _cls, first=True)(_count)
