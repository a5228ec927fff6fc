"""The pycomp type ``interval``: its type object, its name in the type
grammar (``!nb.type<interval>``), its data model (``{f64 lo, f64 hi}``)
and the kinds of types the toy ops take."""

from __future__ import annotations

from xdsl.dialects import llvm

from pycomp import types as ty
from pycomp.targets.datamodel import F64, register_model
from pycomp.type_grammar import register_type_name

__all__ = ["IntervalType", "interval_type", "REAL", "FLOAT64", "INTERVAL"]


class IntervalType(ty.Type):
    """A closed interval of float64; it lives in compiled code only."""

    def __init__(self):
        pass

    def __str__(self) -> str:
        return "interval"


interval_type = register_type_name("interval", IntervalType())

register_model(IntervalType, lambda t: llvm.LLVMStructType.from_type_list([F64, F64]))

#: kinds of types the ops take (the verifiers and typing rules check them):
#: a test and how messages name it
REAL = (lambda t: isinstance(t, (ty.Integer, ty.Float)), "a real number")
FLOAT64 = (lambda t: t is ty.float64, "float64")
INTERVAL = (lambda t: t is interval_type, "an interval")
