"""Typing declarations for the ``math`` and ``cmath`` modules.

Float functions take float64 or float32 (integers convert to float64) and
return the same float type; ``floor``/``ceil``/``trunc`` return int64 as in
Python; predicates return bool.
"""

from __future__ import annotations

import cmath
import math

from pycomp import types as ty
from pycomp.frontend.typing.templates import ConcreteTemplate, builtin_registry as registry, signature

F64, F32, C128, C64 = ty.float64, ty.float32, ty.complex128, ty.complex64

UNARY_FLOAT = (
    "sqrt", "exp", "expm1", "log10", "log2", "log1p", "sin", "cos", "tan", "asin", "acos", "atan",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fabs", "degrees", "radians", "erf", "erfc",
    "gamma", "lgamma",
)
BINARY_FLOAT = ("atan2", "hypot", "copysign", "fmod", "pow", "nextafter")
PREDICATES = ("isnan", "isinf", "isfinite")
TO_INT = ("floor", "ceil", "trunc")
CMATH_UNARY = ("sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
               "sinh", "cosh", "tanh", "asinh", "acosh", "atanh")


def _decl(fn, cases):
    registry.register_global(fn, type("Math_" + fn.__name__, (ConcreteTemplate,), {"cases": cases}))


for _n in UNARY_FLOAT + ("exp2", "cbrt"):
    if hasattr(math, _n):  # exp2 and cbrt are new in 3.11
        _decl(getattr(math, _n), [signature(F64, F64), signature(F32, F32)])
for _n in BINARY_FLOAT:
    _decl(getattr(math, _n), [signature(F64, F64, F64), signature(F32, F32, F32)])
for _n in PREDICATES:
    _decl(getattr(math, _n), [signature(ty.boolean, ty.int64), signature(ty.boolean, F64),
                              signature(ty.boolean, F32)])
for _n in TO_INT:
    _decl(getattr(math, _n), [signature(ty.int64, ty.int64), signature(ty.int64, F64), signature(ty.int64, F32)])
_decl(math.ldexp, [signature(F64, F64, ty.int64), signature(F32, F32, ty.int64)])
_decl(math.frexp, [signature(ty.Tuple((F64, ty.int64)), F64), signature(ty.Tuple((F32, ty.int64)), F32)])
_decl(math.gcd, [signature(ty.int64, ty.int64, ty.int64)])
_decl(math.log, [signature(F64, F64), signature(F32, F32), signature(F64, F64, F64)])
for _n in CMATH_UNARY:
    _decl(getattr(cmath, _n), [signature(C128, C128), signature(C64, C64)])
_decl(cmath.log, [signature(C128, C128, C128)])  # log(z, base)
_decl(cmath.phase, [signature(F64, C128)])
_decl(cmath.polar, [signature(ty.UniTuple(F64, 2), C128)])
_decl(cmath.rect, [signature(C128, F64, F64)])
_decl(cmath.isnan, [signature(ty.boolean, C128)])
_decl(cmath.isinf, [signature(ty.boolean, C128)])
_decl(cmath.isfinite, [signature(ty.boolean, C128)])
