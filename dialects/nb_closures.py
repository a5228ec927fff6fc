"""The nb ops of cells and closures: ``nb.make_cell``, ``nb.cell_get``,
``nb.cell_set`` (a variable an inner function shares, Python's
``co_cellvars``/``co_freevars``), ``nb.make_function`` (an inner function
or lambda) and ``nb.closure_cell`` (a free variable read through a
closure's environment). See frontend/closures.py for how the IR generator
makes them.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, traits_def, var_operand_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from pycomp import types as ty
from pycomp.dialects.nb import NbOp, NbType, PyLiteralAttr, PyObjectAttr, _res, nbtype, type_of

__all__ = ["MakeCellOp", "CellGetOp", "CellSetOp", "MakeFunctionOp", "ClosureCellOp"]


@irdl_op_definition
class MakeCellOp(NbOp):
    """``nb.make_cell``: the cell of variable ``var_name``, one an inner
    function uses (Python's ``co_cellvars``). Its type, ``cell(T)``, unifies
    every value the function stores into it; it lowers to a stack slot."""

    name = "nb.make_cell"
    var_name = prop_def(StringAttr)
    result = _res()
    assembly_format = "$var_name attr-dict `:` type($result)"

    def __init__(self, name: str, t: ty.Type = ty.unknown):
        super().__init__(properties={"var_name": StringAttr(name)}, result_types=[nbtype(t)])


@irdl_op_definition
class CellGetOp(NbOp):
    """``nb.cell_get``: the value a cell holds now (``LOAD_DEREF``)."""

    name = "nb.cell_get"
    cell = operand_def(NbType)
    var_name = prop_def(StringAttr)
    result = _res()
    assembly_format = "$cell `,` $var_name attr-dict `:` functional-type(operands, results)"

    def __init__(self, cell: SSAValue, name: str, t: ty.Type = ty.unknown):
        super().__init__(operands=[cell], properties={"var_name": StringAttr(name)}, result_types=[nbtype(t)])

    def verify_(self):
        ct, rt = type_of(self.cell), type_of(self.result)
        if isinstance(ct, ty.Cell) and rt is not ty.unknown and rt is not ct.type:
            raise VerifyException("nb.cell_get of %s gives %s, not %s" % (ct, ct.type, rt))


@irdl_op_definition
class CellSetOp(IRDLOperation):
    """``nb.cell_set``: store ``value`` into a cell (``STORE_DEREF``,
    ``nonlocal`` assignments included)."""

    name = "nb.cell_set"
    cell = operand_def(NbType)
    value = operand_def(NbType)
    var_name = prop_def(StringAttr)
    assembly_format = "$cell `,` $value `,` $var_name attr-dict `:` type($cell) `,` type($value)"

    def __init__(self, cell: SSAValue, value: SSAValue, name: str):
        super().__init__(operands=[cell, value], properties={"var_name": StringAttr(name)})

    def verify_(self):
        ct, vt = type_of(self.cell), type_of(self.value)
        if isinstance(ct, ty.Cell) and vt is not ty.unknown and vt is not ct.type:
            raise VerifyException("nb.cell_set stores %s into %s" % (vt, ct))


@irdl_op_definition
class MakeFunctionOp(NbOp):
    """``nb.make_function``: an inner function or lambda. ``function`` is
    its lifted form, a dispatcher whose first parameter is the environment
    when the function has free variables; ``cells`` are the cells it
    captures, in ``co_freevars`` order. Typed ``closure(...)`` when it
    captures cells, else as the dispatcher itself."""

    name = "nb.make_function"
    function = prop_def(PyObjectAttr)
    cells = var_operand_def(NbType)
    result = _res()
    traits = traits_def(Pure())
    assembly_format = "$function `(` $cells `)` attr-dict `:` functional-type(operands, results)"

    def __init__(self, function, cells: Sequence[SSAValue], t: ty.Type = ty.unknown):
        super().__init__(operands=[list(cells)], properties={"function": PyObjectAttr(function)},
                         result_types=[nbtype(t)])


@irdl_op_definition
class ClosureCellOp(NbOp):
    """``nb.closure_cell``: cell ``index`` of a closure's environment; a
    lifted inner function reads its free variables through these."""

    name = "nb.closure_cell"
    env = operand_def(NbType)
    index = prop_def(PyLiteralAttr)
    result = _res()
    traits = traits_def(Pure())
    assembly_format = "$env `[` $index `]` attr-dict `:` functional-type(operands, results)"

    def __init__(self, env: SSAValue, index: int, t: ty.Type = ty.unknown):
        super().__init__(operands=[env], properties={"index": PyLiteralAttr(index)}, result_types=[nbtype(t)])

    def verify_(self):
        et, rt = type_of(self.env), type_of(self.result)
        if isinstance(et, ty.Closure) and rt is not ty.unknown:
            i = self.index.data
            if not (isinstance(i, int) and 0 <= i < len(et.cell_types)) or et.cell_types[i] is not rt:
                raise VerifyException("nb.closure_cell %r of %s is not %s" % (i, et, rt))
