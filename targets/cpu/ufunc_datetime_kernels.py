"""The kernels of the datetime64/timedelta64 ufunc loops that are not a
scalar operator (:data:`DATETIME_KERNELS`, by ufunc name): extrema with
NumPy's NaT rules, the predicates, ``sign`` of a timedelta and
``timedelta // float``. The loops that are a scalar operator (``+``, ``<``,
...) run the operator's lowering (:mod:`pycomp.targets.cpu.impl_datetimes`);
the number loops are :mod:`pycomp.targets.cpu.ufunc_kernels`.
"""

from __future__ import annotations

import math

from pycomp import types as ty
from pycomp.targets.cpu.impl_datetimes import is_nat, nat_constant
from pycomp.targets.cpu.ufunc_kernels import KERNELS
from pycomp.targets.datamodel import I1, llvm_type
from pycomp.ufunc_db import UfuncLoop

__all__ = ["DATETIME_KERNELS"]


def _datetime_extremum(op, propagate_nat):
    """maximum/minimum (NaT in either gives NaT) and fmax/fmin (NaT gives
    the other one) of two datetimes or timedeltas, in the result's unit."""
    def impl(ctx, b, loop, args):
        x, y = (ctx.cast(b, v, t, loop.output) for v, t in zip(args, loop.inputs))
        best = b.select(b.icmp(op, x, y), x, y)
        if propagate_nat:
            return b.select(is_nat(b, x), x, b.select(is_nat(b, y), y, best))
        return b.select(is_nat(b, x), y, b.select(is_nat(b, y), x, best))
    return impl


def _datetime_predicate(name):
    """isnan (NaT), isinf (never), isfinite (not NaT) of a datetime or timedelta."""
    def impl(ctx, b, loop, args):
        if name == "isinf":
            return b.const_int(I1, 0)
        nat = is_nat(b, args[0])
        return nat if name == "isnan" else b.ibin("xor", nat, b.true())
    return impl


def _timedelta_sign(ctx, b, loop, args):
    """The sign of the count: as a timedelta (NaT, the most negative count,
    gives -1, as NumPy < 2.5), or as a float64 (NaT gives nan, NumPy 2.5)."""
    res = KERNELS["sign"](ctx, b, UfuncLoop((ty.int64,), ty.int64), args)
    if not isinstance(loop.output, ty.Float):
        return res
    f64 = llvm_type(ty.float64)
    return b.select(is_nat(b, args[0]), b.const_float(f64, math.nan), b.cast("sitofp", res, f64))


def _timedelta_floordiv_float(ctx, b, loop, args):
    """``td // float``: the floor of the quotient; NaT for NaT, and where
    the quotient is nan or infinite (division by zero, a nan divisor)."""
    x, d = args
    f64 = llvm_type(ty.float64)
    q = b.intrinsic("llvm.floor", [b.fbin("fdiv", b.cast("sitofp", x, f64), ctx.cast(b, d, loop.inputs[1],
                                                                                  ty.float64))], f64)
    bad = b.ibin("or", is_nat(b, x), b.ibin("or", b.fcmp("uno", q, q),
                                             b.fcmp("==", b.intrinsic("llvm.fabs", [q], f64),
                                                    b.const_float(f64, math.inf))))
    safe = b.select(bad, b.const_float(f64, 0.0), q)
    return b.select(bad, nat_constant(b), b.cast("fptosi", safe, llvm_type(ty.int64)))


#: ufunc name -> kernel of its datetime loops that are no scalar operator
DATETIME_KERNELS = {
    "maximum": _datetime_extremum(">", True), "minimum": _datetime_extremum("<", True),
    "fmax": _datetime_extremum(">", False), "fmin": _datetime_extremum("<", False),
    "isnan": _datetime_predicate("isnan"), "isinf": _datetime_predicate("isinf"),
    "isfinite": _datetime_predicate("isfinite"), "sign": _timedelta_sign,
    "floor_divide": _timedelta_floordiv_float,
}
