"""Lowering of the ``math`` and ``cmath`` functions: LLVM intrinsics where
LLVM has one, the C math library otherwise."""

from __future__ import annotations

import math

from pycomp import types as ty
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.datamodel import I1, llvm_type

_INTRINSIC = {"sqrt": "llvm.sqrt", "exp": "llvm.exp", "log": "llvm.log", "log10": "llvm.log10",
              "log2": "llvm.log2", "sin": "llvm.sin", "cos": "llvm.cos", "fabs": "llvm.fabs",
              "copysign": "llvm.copysign", "pow": "llvm.pow", "tan": "llvm.tan"}
_LIBM = ("expm1", "log1p", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
         "erf", "erfc", "lgamma", "atan2", "hypot", "fmod")


def _libm_name(name, t):
    return name if t is ty.float64 else name + "f"


def _float_fn(name):
    def impl(ctx, b, sig, args):
        t = sig.return_type
        lt = llvm_type(t)
        if name in _INTRINSIC:
            return b.intrinsic(_INTRINSIC[name], list(args), lt)
        cname = _libm_name("tgamma" if name == "gamma" else name, t)
        ctx.declare(cname, lt, [lt] * len(args))
        return b.call(cname, list(args), lt)
    return impl


for _n in list(_INTRINSIC) + list(_LIBM) + ["gamma"]:
    reg.lower(getattr(math, _n))(_float_fn(_n))


@reg.lower(math.log)
def log_(ctx, b, sig, args):
    lt = llvm_type(sig.return_type)
    if len(args) == 1:
        return b.intrinsic("llvm.log", list(args), lt)
    return b.fbin("fdiv", b.intrinsic("llvm.log", [args[0]], lt), b.intrinsic("llvm.log", [args[1]], lt))


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
