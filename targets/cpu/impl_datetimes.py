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
from pycomp.frontend.typing.datetimes import datetime_common_unit, is_calendar_unit, unit_factor
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.pyapi import NativeValue, register_boxer, register_unboxer
from pycomp.targets.datamodel import F64, I1, I64
from pycomp.typeof import as_numpy_dtype

_DT, _TD = ty.NPDatetime, ty.NPTimedelta
_LIKE = (_DT, _TD)


def nat_constant(b):
    """NaT: the int64 count INT64_MIN."""
    return b.i64(ty.NAT)


def is_nat(b, v):
    """Whether the count ``v`` (i64) is NaT."""
    return b.icmp("==", v, nat_constant(b))


def _to_unit(b, v, src: str, dst: str):
    """``v`` (a count of ``src`` units, maybe NaT) in ``dst`` units."""
    f = unit_factor(src, dst)
    if f == 1:
        return v
    return b.select(is_nat(b, v), nat_constant(b), b.ibin("mul", v, b.i64(f)))


def _nat_safe(b, v, res):
    """``res``, or NaT where ``v`` is NaT."""
    return b.select(is_nat(b, v), nat_constant(b), res)


def _td_convert(b, v, src: str, dst: str):
    """A timedelta count of ``src`` units in ``dst`` units: multiplied to a
    finer unit, floored to a coarser one (as NumPy casts); NaT stays NaT."""
    if src == dst or src == "" or dst == "":
        return v
    f = unit_factor(src, dst)
    if f is not None:
        return _to_unit(b, v, src, dst)
    return _nat_safe(b, v, _floor_div(b, v, b.i64(unit_factor(dst, src))))


def _first_day(b, year, month0):
    """Days from 1970-01-01 to the first day of month ``month0`` (0-11) of
    the (proleptic Gregorian) ``year``: counted in 400-year eras of 146097
    days, from years starting in March."""
    march = b.icmp("<", month0, b.i64(2))  # January and February count in the year before
    y = b.ibin("sub", year, b.select(march, b.i64(1), b.i64(0)))
    era = _floor_div(b, y, b.i64(400))
    yoe = b.ibin("sub", y, b.ibin("mul", era, b.i64(400)))
    mp = b.select(march, b.ibin("add", month0, b.i64(10)), b.ibin("sub", month0, b.i64(2)))
    doy = b.ibin("sdiv", b.ibin("add", b.ibin("mul", mp, b.i64(153)), b.i64(2)), b.i64(5))
    doe = b.ibin("add", b.ibin("mul", yoe, b.i64(365)), b.ibin("sdiv", yoe, b.i64(4)))
    doe = b.ibin("add", b.ibin("sub", doe, b.ibin("sdiv", yoe, b.i64(100))), doy)
    return b.ibin("sub", b.ibin("add", b.ibin("mul", era, b.i64(146097)), doe), b.i64(719468))


def _dt_convert(b, v, src: str, dst: str):
    """A datetime count of ``src`` units in ``dst`` units: a datetime in
    years or months becomes the first day of its year or month (then
    weeks, floored, or finer units); the others scale as timedeltas do."""
    if src == dst or src == "" or dst == "":
        return v
    if not is_calendar_unit(src) or is_calendar_unit(dst):
        return _td_convert(b, v, src, dst)
    if src == "Y":
        year, month0 = b.ibin("add", v, b.i64(1970)), b.i64(0)
    else:
        year = b.ibin("add", _floor_div(b, v, b.i64(12)), b.i64(1970))
        month0 = _floor_mod(b, v, b.i64(12))
    days = _first_day(b, year, month0)
    if dst == "W":
        res = _floor_div(b, days, b.i64(7))
    else:
        f = unit_factor("D", dst)
        res = days if f == 1 else b.ibin("mul", days, b.i64(f))
    return _nat_safe(b, v, res)


def _convert(b, t, v, unit: str):
    """``v`` of datetime-like type ``t`` in ``unit`` (datetimes through the
    calendar)."""
    return (_dt_convert if isinstance(t, _DT) else _td_convert)(b, v, t.unit, unit)


def _any_nat(b, *vs):
    out = is_nat(b, vs[0])
    for v in vs[1:]:
        out = b.ibin("or", out, is_nat(b, v))
    return out


def _unit_of(t) -> str:
    return t.unit if isinstance(t, _LIKE) else ""


def _operands(b, sig, args, unit: str):
    """Both operands, the datetime-like ones in ``unit``."""
    return [(_convert(b, t, v, unit) if isinstance(t, _LIKE) else v) for t, v in zip(sig.args, args)]


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
    return b.select(bad, nat_constant(b), b.cast("fptosi", f, I64))


def _arith(op):
    def impl(ctx, b, sig, args):
        a_t, b_t = sig.args
        res_t = sig.return_type
        if isinstance(a_t, _LIKE) and isinstance(b_t, _LIKE):
            unit = _unit_of(res_t) if isinstance(res_t, _LIKE) else _common(a_t.unit, b_t.unit)
            x, y = _operands(b, sig, args, unit)
            nat = _any_nat(b, x, y)
            if op == "+":
                return b.select(nat, nat_constant(b), b.ibin("add", x, y))
            if op == "-":
                return b.select(nat, nat_constant(b), b.ibin("sub", x, y))
            zero = b.icmp("==", y, b.i64(0))
            safe_y = b.select(zero, b.i64(1), y)
            if op == "/":  # td / td: a float, NaN for NaT
                q = b.fbin("fdiv", b.cast("sitofp", x, F64), b.cast("sitofp", y, F64))
                return b.select(nat, b.const_float(F64, float("nan")), q)
            if op == "//":  # an int64 (0 for NaT or a zero divisor, as NumPy gives)
                return b.select(b.ibin("or", nat, zero), b.i64(0), _floor_div(b, x, safe_y))
            if op == "%":
                return b.select(b.ibin("or", nat, zero), nat_constant(b), _floor_mod(b, x, safe_y))
        # a timedelta and a number: *, /, //
        td_first = isinstance(a_t, _TD)
        v, n = (args[0], args[1]) if td_first else (args[1], args[0])
        n_t = b_t if td_first else a_t
        if op == "*" and isinstance(n_t, ty.Integer):
            n = ctx.cast(b, n, n_t, ty.int64)
            return b.select(is_nat(b, v), nat_constant(b), b.ibin("mul", v, n))
        if op in ("/", "//") and isinstance(n_t, ty.Integer):  # truncated, as NumPy divides
            n = ctx.cast(b, n, n_t, ty.int64)
            zero = b.icmp("==", n, b.i64(0))
            q = b.ibin("sdiv", v, b.select(zero, b.i64(1), n))
            return b.select(b.ibin("or", is_nat(b, v), zero), nat_constant(b), q)
        f = _to_float(ctx, b, n_t, n)
        x = b.cast("sitofp", v, F64)
        q = b.fbin("fmul" if op == "*" else "fdiv", x, f)
        return b.select(is_nat(b, v), nat_constant(b), _count_from_float(b, q))
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
        unit = datetime_common_unit(a_t.unit, b_t.unit) if isinstance(a_t, _DT) else _common(a_t.unit, b_t.unit)
        x, y = _operands(b, sig, args, unit)
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
    return b.select(is_nat(b, v), v, b.ibin("sub", b.i64(0), v))


@reg.lower("unary+", _TD)
def timedelta_pos(ctx, b, sig, args):
    return args[0]


@reg.lower(builtins.abs, _TD)
def timedelta_abs(ctx, b, sig, args):
    v = args[0]
    neg = b.icmp("<", v, b.i64(0))
    return b.select(b.ibin("and", neg, b.ibin("xor", is_nat(b, v), b.const_int(I1, 1))), b.ibin("sub", b.i64(0), v), v)


@reg.lower("isnat", ty.Type)
def isnat(ctx, b, sig, args):
    """``np.isnat(x)`` of one value (the ufunc's datetime loops call it)."""
    return is_nat(b, args[0])


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
        return _convert(b, first, args[0], res.unit)
    return ctx.cast(b, args[0], first, ty.int64)


for _ctor in (np.datetime64, np.timedelta64):
    reg.lower(_ctor, ty.Type)(_construct)
    reg.lower(_ctor, ty.Type, ty.StringLiteral)(_construct)


def _extreme(pred):
    def impl(ctx, b, sig, args):
        unit = sig.return_type.unit
        values = [_convert(b, t, v, unit) for t, v in zip(sig.args, args)]
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


def _hash(ctx, b, sig, args):
    """``hash(x)``: the count of units, -2 for -1 (as Python's int hash)."""
    v = args[0]
    return b.select(b.icmp("==", v, b.i64(-1)), b.i64(-2), v)


for _cls in _LIKE:  # ahead of the number implementations, which take any arguments
    reg.lower(builtins.hash, _cls, first=True)(_hash)
    reg.lower(builtins.min, _cls, _cls, first=True)(_extreme("<"))
    reg.lower(builtins.max, _cls, _cls, first=True)(_extreme(">"))
    reg.lower(builtins.int, _cls, first=True)(_count)


# ------------------------------------------------------------------ unit conversions (casts)

def _unit_cast(ctx, b, src, dst, value):
    """A datetime64 (timedelta64) of one unit as one of another unit, the
    way :func:`_convert` computes it (NaT stays NaT): what a ufunc result
    written into an array of another unit goes through."""
    return _convert(b, src, value, dst.unit)


for _cls in _LIKE:
    reg.lower_cast(_cls, _cls)(_unit_cast)
