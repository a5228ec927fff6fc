"""The nb ops of reference counting: ``nb.incref`` and ``nb.decref``.

Values whose type holds run-time memory (arrays made in compiled code, and
tuples or optionals holding them) carry references to reference-counted
memory blocks of the runtime (meminfos). In typed nb IR every such SSA
value owns one reference: an op's result is a new reference, an operand is
borrowed for the op. ``nb-insert-refcounts``
(:mod:`pycomp.lowering.refcounts`) makes the references explicit with
these two ops, so their placement prints, is checked by golden tests and
lowers one to one (``nb-to-llvm``: a call of the runtime's incref/decref
for each meminfo of the value; a value borrowed from Python, whose meminfo
is null, costs a test and no write).
"""

from __future__ import annotations

from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def
from xdsl.utils.exceptions import VerifyException

from pycomp import types as ty
from pycomp.dialects.nb import NbType, type_of
from pycomp.types import has_references

__all__ = ["IncRefOp", "DecRefOp", "has_references"]


class _RefOp(IRDLOperation):
    def verify_(self):
        t = type_of(self.value)
        if not isinstance(t, ty.Unknown) and not has_references(t):
            raise VerifyException("%s of a value of type %s, which holds no references" % (self.name, t))


@irdl_op_definition
class IncRefOp(_RefOp):
    """``nb.incref``: one more reference to the memory ``value`` holds."""

    name = "nb.incref"
    value = operand_def(NbType)
    assembly_format = "$value attr-dict `:` type($value)"

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value])


@irdl_op_definition
class DecRefOp(_RefOp):
    """``nb.decref``: give up one reference to the memory ``value`` holds
    (the last one frees it)."""

    name = "nb.decref"
    value = operand_def(NbType)
    assembly_format = "$value attr-dict `:` type($value)"

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value])
