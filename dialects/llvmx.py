"""``llvmx``: llvm-dialect operations that xDSL 0.74 lacks.

Each mirrors the LLVM instruction of the same name (MLIR spells them
``llvm.fptosi`` etc.); :mod:`pycomp.lowering.emit` turns them into llvmlite
instructions next to xDSL's own converter.
"""

from __future__ import annotations

from xdsl.dialects.llvm import GenericCastOp
from xdsl.ir import Dialect
from xdsl.irdl import irdl_op_definition


@irdl_op_definition
class FPToSIOp(GenericCastOp):
    """Float to signed integer, rounding toward zero."""

    name = "llvmx.fptosi"


@irdl_op_definition
class FPToUIOp(GenericCastOp):
    """Float to unsigned integer, rounding toward zero."""

    name = "llvmx.fptoui"


@irdl_op_definition
class UIToFPOp(GenericCastOp):
    """Unsigned integer to float."""

    name = "llvmx.uitofp"


LLVMX = Dialect("llvmx", [FPToSIOp, FPToUIOp, UIToFPOp], [])
