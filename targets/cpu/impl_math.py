"""Lowering of the ``math`` and ``cmath`` functions: LLVM intrinsics where
LLVM has one, the C math library otherwise."""

from __future__ import annotations

import cmath
import math

from pycomp import types as ty
from pycomp.signature import Signature
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.datamodel import I1, llvm_type

_INTRINSIC = {"sqrt": "llvm.sqrt", "exp": "llvm.exp", "exp2": "llvm.exp2", "log10": "llvm.log10",
              "log2": "llvm.log2", "sin": "llvm.sin", "cos": "llvm.cos", "fabs": "llvm.fabs",
              "copysign": "llvm.copysign", "pow": "llvm.pow", "tan": "llvm.tan"}
_LIBM = ("cbrt", "nextafter", "expm1", "log1p", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
         "erf", "erfc", "lgamma", "atan2", "hypot", "fmod")


def _float_fn(name):
    def impl(ctx, b, sig, args):
        t = sig.return_type
        lt = llvm_type(t)
        if name in _INTRINSIC:
            return b.intrinsic(_INTRINSIC[name], list(args), lt)
        cname = ctx.math_symbol("tgamma" if name == "gamma" else name, t)
        ctx.declare(cname, lt, [lt] * len(args))
        return b.call(cname, list(args), lt)
    return impl


for _n in list(_INTRINSIC) + list(_LIBM) + ["gamma"]:
    if hasattr(math, _n):
        reg.lower(getattr(math, _n))(_float_fn(_n))


@reg.lower(math.log)
def log_(ctx, b, sig, args):
    lt = llvm_type(sig.return_type)
    if len(args) == 1:
        return b.intrinsic("llvm.log", list(args), lt)
    return b.fbin("fdiv", b.intrinsic("llvm.log", [args[0]], lt), b.intrinsic("llvm.log", [args[1]], lt))


@reg.lower(math.ldexp)
def ldexp(ctx, b, sig, args):
    from pycomp.targets.datamodel import I32

    t = sig.return_type
    lt = llvm_type(t)
    n = args[1]
    lo, hi = b.const_int(llvm_type(ty.int64), -(1 << 30)), b.const_int(llvm_type(ty.int64), 1 << 30)
    n = b.select(b.icmp("<", n, lo), lo, b.select(b.icmp(">", n, hi), hi, n))
    name = ctx.math_symbol("ldexp", t)
    ctx.declare(name, lt, [lt, I32])
    return b.call(name, [args[0], b.cast("trunc", n, I32)], lt)


@reg.lower(math.frexp)
def frexp(ctx, b, sig, args):
    from pycomp.targets.datamodel import I32, PTR

    t = sig.args[0]
    lt = llvm_type(t)
    slot = b.alloca(I32)
    name = ctx.math_symbol("frexp", t)
    ctx.declare(name, lt, [lt, PTR])
    m = b.call(name, [args[0], slot], lt)
    e = b.cast("sext", b.load(slot, I32), llvm_type(ty.int64))
    out = b.insert_value(b.undef(llvm_type(sig.return_type)), m, 0)
    return b.insert_value(out, e, 1)


@reg.lower(math.gcd)
def gcd(ctx, b, sig, args):
    i64 = llvm_type(ty.int64)
    ctx.declare("pycomp_gcd", i64, [i64, i64])
    return b.call("pycomp_gcd", list(args), i64)


@reg.lower(math.degrees)
def degrees(ctx, b, sig, args):
    lt = llvm_type(sig.return_type)
    return b.fbin("fmul", args[0], b.const_float(lt, 180.0 / math.pi))


@reg.lower(math.radians)
def radians(ctx, b, sig, args):
    lt = llvm_type(sig.return_type)
    return b.fbin("fmul", args[0], b.const_float(lt, math.pi / 180.0))


def _to_int(intr):
    def impl(ctx, b, sig, args):
        t = sig.args[0]
        if isinstance(t, ty.Integer):
            return args[0]
        r = b.intrinsic(intr, list(args), llvm_type(t))
        return ctx.cast(b, r, t, ty.int64)
    return impl


reg.lower(math.floor)(_to_int("llvm.floor"))
reg.lower(math.ceil)(_to_int("llvm.ceil"))
reg.lower(math.trunc)(_to_int("llvm.trunc"))


@reg.lower(math.isnan)
def isnan(ctx, b, sig, args):
    t = sig.args[0]
    if isinstance(t, ty.Integer):
        return b.const_int(I1, 0)
    return b.fcmp("uno", args[0], args[0])


@reg.lower(math.isinf)
def isinf(ctx, b, sig, args):
    t = sig.args[0]
    if isinstance(t, ty.Integer):
        return b.const_int(I1, 0)
    lt = llvm_type(t)
    a = b.intrinsic("llvm.fabs", list(args), lt)
    return b.fcmp("oeq", a, b.const_float(lt, float("inf")))


@reg.lower(math.isfinite)
def isfinite(ctx, b, sig, args):
    t = sig.args[0]
    if isinstance(t, ty.Integer):
        return b.const_int(I1, 1)
    lt = llvm_type(t)
    a = b.intrinsic("llvm.fabs", list(args), lt)
    return b.fcmp("olt", a, b.const_float(lt, float("inf")))


# ------------------------------------------------------------------ cmath

def _complex_parts(b, v, t):
    f = llvm_type(t.underlying_float)
    return b.extract(v, 0, f), b.extract(v, 1, f)


def _cmath_fn(name):
    """Call ``pycomp_cmath_<name>`` of the C helper library (C99 complex)."""

    def impl(ctx, b, sig, args):
        from pycomp.targets.datamodel import F64, PTR

        t = sig.args[0]
        c128 = ty.complex128
        z = ctx.cast(b, args[0], t, c128)
        re, im = _complex_parts(b, z, c128)
        out = b.alloca(llvm_type(c128))
        sym = "pycomp_cmath_" + name
        ctx.declare(sym, _void(), [F64, F64, PTR])
        b.call(sym, [re, im, out], None)
        return ctx.cast(b, b.load(out, llvm_type(c128)), c128, sig.return_type)

    return impl


def _void():
    from xdsl.dialects import llvm

    return llvm.LLVMVoidType()


for _n in ("sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
           "sinh", "cosh", "tanh", "asinh", "acosh", "atanh"):
    reg.lower(getattr(cmath, _n), ty.Complex)(_cmath_fn(_n))


@reg.lower(cmath.log, ty.Complex, ty.Complex)
def cmath_log_base(ctx, b, sig, args):
    """``cmath.log(z, base)``: log(z) / log(base) by complex division, as
    CPython computes it. Base 1 (log 0) raises ZeroDivisionError as in Numba
    (CPython says ValueError)."""
    from pycomp.targets.cpu.impl_builtins import cpx_div

    c128 = ty.complex128
    unary = Signature(c128, (c128,))
    log = _cmath_fn("log")
    num, den = (log(ctx, b, unary, [a]) for a in args)
    return cpx_div(ctx, b, Signature(c128, (c128, c128)), [num, den])


@reg.lower(cmath.phase)
def phase(ctx, b, sig, args):
    t = sig.args[0]
    re, im = _complex_parts(b, args[0], t)
    name = ctx.math_symbol("atan2", ty.float64)
    ctx.declare(name, llvm_type(ty.float64), [llvm_type(ty.float64)] * 2)
    return b.call(name, [im, re], llvm_type(ty.float64))


@reg.lower(cmath.polar)
def polar(ctx, b, sig, args):
    t = sig.args[0]
    re, im = _complex_parts(b, args[0], t)
    f = llvm_type(ty.float64)
    name = ctx.math_symbol("hypot", ty.float64)
    ctx.declare(name, f, [f, f])
    r = b.call(name, [re, im], f)
    out = b.insert_value(b.undef(llvm_type(sig.return_type)), r, 0)
    return b.insert_value(out, phase(ctx, b, sig, args), 1)


@reg.lower(cmath.rect)
def rect(ctx, b, sig, args):
    """Through ``pycomp_cmath_rect``: CPython's special values for infinite
    and nan arguments."""
    from pycomp.targets.datamodel import F64, PTR

    out = b.alloca(llvm_type(ty.complex128))
    ctx.declare("pycomp_cmath_rect", _void(), [F64, F64, PTR])
    b.call("pycomp_cmath_rect", [args[0], args[1], out], None)
    return b.load(out, llvm_type(ty.complex128))


def _complex_pred(combine, real_pred):
    def impl(ctx, b, sig, args):
        t = sig.args[0]
        re, im = _complex_parts(b, args[0], t)
        s = ty.boolean(t.underlying_float)
        x = real_pred(ctx, b, s, [re])
        y = real_pred(ctx, b, s, [im])
        return b.ibin(combine, x, y)
    return impl


reg.lower(cmath.isnan)(_complex_pred("or", isnan))
reg.lower(cmath.isinf)(_complex_pred("or", isinf))
reg.lower(cmath.isfinite)(_complex_pred("and", isfinite))
