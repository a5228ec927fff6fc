"""The numba-IR dialect (``nb``): Python semantics in SSA form.

The ops mirror the expression kinds of Numba's IR (binop, call, getattr,
getitem, build_tuple, getiter, iternext, cast, ...), with two MLIR-style
changes: variables are SSA values and merges are block arguments, and control
flow is explicit terminators (``nb.br``, ``nb.cond_br``, ``nb.return``,
``nb.raise``). Every value has type ``!nb.type<T>``, where ``T`` is a
:mod:`pycomp.types` type printed in its textual grammar
(``!nb.type<array(float64, 2d, C)>``); before type inference it is
``!nb.type<?>``.

Constants carry ``#nb.py<...>`` (a Python literal: int, float, complex,
bool, None, str or a tuple of them); frozen globals carry ``#nb.obj<path>``
(a module, function, jitted dispatcher or exception class, named by its
import path).
"""

from __future__ import annotations

import ast
import math
from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, FunctionType, StringAttr
from xdsl.ir import Attribute, Block, Data, Dialect, Region, SSAValue, TypeAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    region_def,
    result_def,
    successor_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import IsolatedFromAbove, IsTerminator, Pure, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from pycomp import types as ty
from pycomp.dialects import nb_folding as _f
from pycomp.dialects import nb_verifiers as _v
from pycomp.errors import Loc

# ------------------------------------------------------------------ attributes


@irdl_attr_definition
class NbType(Data[ty.Type], TypeAttribute):
    """``!nb.type<T>``: an SSA value's pycomp type."""

    name = "nb.type"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> ty.Type:
        body = parser._parse_dialect_symbol_body()  # raw text between < >
        try:
            return ty.parse_type(body.strip())
        except ValueError as e:
            parser.raise_error(str(e))

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string("<%s>" % self.data)


_TYPE_ATTRS: dict[ty.Type, NbType] = {}


def nbtype(t: ty.Type) -> NbType:
    """The (cached) type attribute of pycomp type ``t``."""
    a = _TYPE_ATTRS.get(t)
    if a is None:
        a = _TYPE_ATTRS[t] = NbType(t)
    return a


UNKNOWN = nbtype(ty.unknown)


def type_of(value: SSAValue) -> ty.Type:
    """The pycomp type of an SSA value of the nb dialect."""
    return value.type.data  # type: ignore[union-attr]


def set_type(value: SSAValue, t: ty.Type) -> None:
    """Give ``value`` the type ``t`` in place (type inference refines the
    types of existing values; rebuilding every op would cost a walk)."""
    value._type = nbtype(t)  # xDSL keeps the type in a private slot


def source_loc(op) -> Loc | None:
    """The user's source location of ``op`` (with its function's name), for
    error messages; None if the op carries no file/line location."""
    loc = op.location
    line = getattr(loc, "line", None)
    if line is None:
        return None
    func = op.parent_op() if op.parent is not None else None
    while func is not None and not isinstance(func, FuncOp):
        func = func.parent_op()
    name = ""
    if func is not None:  # the Python name, kept when the symbol is renamed
        name = func.attributes.get("nb.py_name", func.sym_name).data
    return Loc(loc.filename.data, line.data, loc.column.data, name)


def walk_blocks(op):
    """Every block of ``op``'s regions and of the regions of the ops in them,
    outer before inner (a body's blocks come after the block holding its op)."""
    for region in op.regions:
        for block in list(region.blocks):
            yield block
            for inner in list(block.ops):
                if inner.regions:
                    yield from walk_blocks(inner)


def walk_regions(op):
    """Every region of ``op`` and, recursively, of the ops in them, outer first."""
    for region in op.regions:
        yield region
        for block in list(region.blocks):
            for inner in list(block.ops):
                if inner.regions:
                    yield from walk_regions(inner)


def erase_blocks(region: Region, blocks) -> None:
    """Erase ``blocks`` of ``region`` that nothing live refers to (cycles
    among them included)."""
    for b in blocks:
        region.detach_block(b)
    for b in blocks:
        for op in b.ops:
            op.drop_all_references()
    for b in blocks:
        b.erase(safe_erase=False)


def _literal_repr(value) -> str:
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, complex):
        return "complex(%s, %s)" % (_literal_repr(value.real), _literal_repr(value.imag))
    if isinstance(value, tuple):
        inner = ", ".join(_literal_repr(v) for v in value)
        return "(%s,)" % inner if len(value) == 1 else "(%s)" % inner
    if isinstance(value, slice):
        return "slice(%s, %s, %s)" % tuple(_literal_repr(v) for v in (value.start, value.stop, value.step))
    return repr(value)


def _literal_eval(text: str):
    """Evaluate the literal grammar of ``#nb.py<...>`` (no names but nan/inf,
    no calls but complex(re, im) and slice(start, stop, step))."""

    def ev(node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Tuple):
            return tuple(ev(e) for e in node.elts)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            v = ev(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.Name) and node.id in ("nan", "inf"):
            return float(node.id)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "complex" and len(node.args) == 2):
            return complex(ev(node.args[0]), ev(node.args[1]))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "slice" and len(node.args) == 3):
            return slice(*(ev(a) for a in node.args))
        raise ValueError("not a literal: %s" % ast.dump(node))

    return ev(ast.parse(text.strip(), mode="eval").body)


@irdl_attr_definition
class PyLiteralAttr(Data[object]):
    """``#nb.py<value>``: a Python constant (int, float, complex, bool, None,
    str, or a tuple of these), or a constant slice (``slice(1, None, None)``)
    as ``t[1:]`` builds it."""

    name = "nb.py"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> object:
        body = parser._parse_dialect_symbol_body()
        try:
            return _literal_eval(body)
        except (ValueError, SyntaxError) as e:
            parser.raise_error(str(e))

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string("<%s>" % _literal_repr(self.data))

    def __eq__(self, other):  # 1 == 1.0 == True in Python; keep them apart
        return (isinstance(other, PyLiteralAttr) and type(self.data) is type(other.data)
                and _literal_repr(self.data) == _literal_repr(other.data))

    def __hash__(self):
        return hash((type(self.data), _literal_repr(self.data)))


@irdl_attr_definition
class PyObjectAttr(Data[object]):
    """``#nb.obj<path>``: a frozen global object (module, function, jitted
    function, exception class), printed as its import path."""

    name = "nb.obj"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> object:
        body = parser._parse_dialect_symbol_body().strip()
        try:
            return ty._resolve_path(body)
        except (ValueError, ImportError, AttributeError) as e:
            parser.raise_error("cannot resolve %s: %s" % (body, e))

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string("<%s>" % object_path(self.data))

    def __eq__(self, other):
        return isinstance(other, PyObjectAttr) and self.data is other.data

    def __hash__(self):
        return id(self.data)


def object_path(obj) -> str:
    py_func = getattr(obj, "py_func", None)  # a dispatcher prints as its function
    target = py_func if py_func is not None else obj
    if hasattr(target, "__qualname__") or hasattr(target, "__name__"):
        return ty._qualified_name(target)
    return type(obj).__name__


# ------------------------------------------------------------------ ops

def _res():
    return result_def(NbType)


class NbOp(IRDLOperation):
    """Base of the nb ops that produce one value."""


@irdl_op_definition
class FuncOp(IRDLOperation):
    """``nb.func``: a Python function in SSA form. Entry block arguments are
    the function's parameters; ``arg_names`` keeps their Python names and
    ``source`` the file they came from."""

    name = "nb.func"
    body = region_def()
    sym_name = prop_def(StringAttr)
    function_type = prop_def(FunctionType)
    arg_names = prop_def(ArrayAttr[StringAttr])
    traits = traits_def(IsolatedFromAbove(), SymbolOpInterface())

    def __init__(self, name: str, arg_types: Sequence[Attribute], ret_type: Attribute,
                 arg_names: Sequence[str], region: Region | None = None):
        if region is None:
            region = Region(Block(arg_types=arg_types))
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "function_type": FunctionType.from_lists(list(arg_types), [ret_type]),
                "arg_names": ArrayAttr([StringAttr(n) for n in arg_names]),
            },
            regions=[region],
        )

    @property
    def return_type(self) -> ty.Type:
        return self.function_type.outputs.data[0].data

    def verify_(self):
        _v.check_function(self)

    def set_signature(self, arg_types: Sequence[ty.Type], ret: ty.Type, type_args: bool = True) -> None:
        """Set the function type and (with ``type_args``) the entry block's
        argument types."""
        self.function_type = FunctionType.from_lists([nbtype(t) for t in arg_types], [nbtype(ret)])
        if type_args and self.body.blocks:
            for arg, t in zip(self.body.blocks.first.args, arg_types):
                set_type(arg, t)

    @classmethod
    def parse(cls, parser: Parser) -> "FuncOp":
        from xdsl.dialects.utils import parse_func_op_like

        name, ins, outs, region, extra, _, _ = parse_func_op_like(
            parser, reserved_attr_names=("sym_name", "function_type"))
        names = []
        if extra is not None and "arg_names" in extra.data:
            names = [s.data for s in extra.data["arg_names"].data]
        op = FuncOp(name, ins, outs[0] if outs else UNKNOWN, names, region)
        if extra is not None:
            op.attributes |= {k: v for k, v in extra.data.items() if k != "arg_names"}
        return op

    def print(self, printer: Printer):
        from xdsl.dialects.utils import print_func_op_like

        attrs = dict(self.attributes)
        attrs["arg_names"] = self.arg_names
        print_func_op_like(printer, self.sym_name, self.function_type, self.body, attrs,
                           reserved_attr_names=("sym_name", "function_type"))


@irdl_op_definition
class ConstOp(NbOp):
    """``nb.const``: a Python literal value."""

    name = "nb.const"
    value = prop_def(PyLiteralAttr)
    result = _res()
    traits = traits_def(Pure(), _f.ConstantLike(), _f.ConstFolder())
    assembly_format = "$value attr-dict `:` type($result)"

    def __init__(self, value, t: ty.Type = ty.unknown):
        super().__init__(properties={"value": PyLiteralAttr(value)}, result_types=[nbtype(t)])


@irdl_op_definition
class GlobalOp(NbOp):
    """``nb.global``: a global or closure variable frozen to its object at
    compile time (a module, a function, a jitted function, an exception class)."""

    name = "nb.global"
    value = prop_def(PyObjectAttr)
    var_name = prop_def(StringAttr)
    result = _res()
    traits = traits_def(Pure())
    assembly_format = "$var_name `=` $value attr-dict `:` type($result)"

    def __init__(self, name: str, value, t: ty.Type = ty.unknown):
        super().__init__(properties={"value": PyObjectAttr(value), "var_name": StringAttr(name)},
                         result_types=[nbtype(t)])


@irdl_op_definition
class UndefOp(NbOp):
    """``nb.undef``: the value of a variable on a path where it was never
    assigned. Reading it is a compile-time error unless the path is dead."""

    name = "nb.undef"
    var_name = prop_def(StringAttr)
    result = _res()
    traits = traits_def(Pure())
    assembly_format = "$var_name attr-dict `:` type($result)"

    def __init__(self, name: str):
        super().__init__(properties={"var_name": StringAttr(name)}, result_types=[UNKNOWN])


@irdl_op_definition
class BinOp(NbOp):
    """``nb.binop``: a binary operator (arithmetic, bitwise or comparison;
    ``op`` is its Python spelling: "+", "//", "<", "is", "in", ...)."""

    name = "nb.binop"
    op = prop_def(StringAttr)
    lhs = operand_def(NbType)
    rhs = operand_def(NbType)
    result = _res()
    traits = traits_def(_f.BinOpFolder())
    assembly_format = "$op $lhs `,` $rhs attr-dict `:` functional-type(operands, results)"

    def __init__(self, op: str, lhs: SSAValue, rhs: SSAValue, t: ty.Type = ty.unknown):
        super().__init__(properties={"op": StringAttr(op)}, operands=[lhs, rhs], result_types=[nbtype(t)])

    def verify_(self):
        _v.check_operator(self.name, self.op.data, _v.BINARY_OPERATORS)


@irdl_op_definition
class InplaceBinOp(NbOp):
    """``nb.inplace_binop``: ``lhs op= rhs``. Same as binop on immutable
    values; mutates arrays in place."""

    name = "nb.inplace_binop"
    op = prop_def(StringAttr)
    lhs = operand_def(NbType)
    rhs = operand_def(NbType)
    result = _res()
    assembly_format = "$op $lhs `,` $rhs attr-dict `:` functional-type(operands, results)"

    def __init__(self, op: str, lhs: SSAValue, rhs: SSAValue, t: ty.Type = ty.unknown):
        super().__init__(properties={"op": StringAttr(op)}, operands=[lhs, rhs], result_types=[nbtype(t)])

    def verify_(self):
        _v.check_operator(self.name, self.op.data, _v.INPLACE_OPERATORS)


@irdl_op_definition
class UnaryOp(NbOp):
    """``nb.unary``: unary ``-``, ``+``, ``~`` or ``not``."""

    name = "nb.unary"
    op = prop_def(StringAttr)
    operand = operand_def(NbType)
    result = _res()
    traits = traits_def(_f.UnaryFolder())
    assembly_format = "$op $operand attr-dict `:` functional-type(operands, results)"

    def __init__(self, op: str, operand: SSAValue, t: ty.Type = ty.unknown):
        super().__init__(properties={"op": StringAttr(op)}, operands=[operand], result_types=[nbtype(t)])

    def verify_(self):
        _v.check_operator(self.name, self.op.data, _v.UNARY_OPERATORS)


@irdl_op_definition
class TruthOp(NbOp):
    """``nb.truth``: ``bool(value)``, the condition of a branch."""

    name = "nb.truth"
    operand = operand_def(NbType)
    result = _res()
    traits = traits_def(Pure(), _f.TruthFolder())
    assembly_format = "$operand attr-dict `:` functional-type(operands, results)"

    def __init__(self, operand: SSAValue):
        super().__init__(operands=[operand], result_types=[nbtype(ty.boolean)])


@irdl_op_definition
class CallOp(NbOp):
    """``nb.call``: call ``callee`` with positional ``args``; the last
    ``len(kwnames)`` of them are passed by keyword."""

    name = "nb.call"
    callee = operand_def(NbType)
    args = var_operand_def(NbType)
    kwnames = prop_def(ArrayAttr[StringAttr])
    result = _res()
    assembly_format = ("$callee `(` $args `)` `kwnames` $kwnames attr-dict `:` "
                       "functional-type(operands, results)")

    def __init__(self, callee: SSAValue, args: Sequence[SSAValue], kwnames: Sequence[str] = (),
                 t: ty.Type = ty.unknown):
        super().__init__(
            operands=[callee, list(args)],
            properties={"kwnames": ArrayAttr([StringAttr(k) for k in kwnames])},
            result_types=[nbtype(t)],
        )

    def verify_(self):
        if len(self.kwnames.data) > len(self.args):
            raise VerifyException("nb.call names %d keywords for %d arguments" % (len(self.kwnames.data), len(self.args)))


@irdl_op_definition
class CallStarOp(NbOp):
    """``nb.call_star``: ``callee(*star_args)``, a call whose positional
    arguments are the items of one tuple (``f(*t)``; ``f(x, *t, y)`` passes
    ``(x,) + t + (y,)``). ``nb-type-infer`` expands it, once the tuple's
    type (so its length) is known, into an ``nb.unpack`` of the tuple and
    an ``nb.call`` of its items (pycomp.frontend.typing.starcalls); typed
    IR never holds it."""

    name = "nb.call_star"
    callee = operand_def(NbType)
    star_args = operand_def(NbType)
    result = _res()
    assembly_format = "$callee `(` `*` $star_args `)` attr-dict `:` functional-type(operands, results)"

    def __init__(self, callee: SSAValue, star_args: SSAValue, t: ty.Type = ty.unknown):
        super().__init__(operands=[callee, star_args], result_types=[nbtype(t)])


@irdl_op_definition
class GetAttrOp(NbOp):
    """``nb.getattr``: ``value.attr``."""

    name = "nb.getattr"
    attr = prop_def(StringAttr)
    value = operand_def(NbType)
    result = _res()
    traits = traits_def(Pure())
    assembly_format = "$value `,` $attr attr-dict `:` functional-type(operands, results)"

    def __init__(self, value: SSAValue, attr: str):
        super().__init__(properties={"attr": StringAttr(attr)}, operands=[value], result_types=[UNKNOWN])


@irdl_op_definition
class GetItemOp(NbOp):
    """``nb.getitem``: ``value[index]``."""

    name = "nb.getitem"
    value = operand_def(NbType)
    index = operand_def(NbType)
    result = _res()
    assembly_format = "$value `[` $index `]` attr-dict `:` functional-type(operands, results)"

    def __init__(self, value: SSAValue, index: SSAValue, t: ty.Type = ty.unknown):
        super().__init__(operands=[value, index], result_types=[nbtype(t)])


@irdl_op_definition
class StaticGetItemOp(NbOp):
    """``nb.static_getitem``: ``value[index]`` with a constant index (an int
    or a tuple of ints), so heterogeneous tuples can be indexed."""

    name = "nb.static_getitem"
    value = operand_def(NbType)
    index = prop_def(PyLiteralAttr)
    result = _res()
    assembly_format = "$value `[` $index `]` attr-dict `:` functional-type(operands, results)"

    def __init__(self, value: SSAValue, index, t: ty.Type = ty.unknown):
        super().__init__(operands=[value], properties={"index": PyLiteralAttr(index)},
                         result_types=[nbtype(t)])

    def verify_(self):
        _v.check_static_index(self.name, self.index.data)


@irdl_op_definition
class SetItemOp(IRDLOperation):
    """``nb.setitem``: ``target[index] = value``."""

    name = "nb.setitem"
    target = operand_def(NbType)
    index = operand_def(NbType)
    value = operand_def(NbType)
    assembly_format = "$target `[` $index `]` `=` $value attr-dict `:` type(operands)"

    def __init__(self, target: SSAValue, index: SSAValue, value: SSAValue):
        super().__init__(operands=[target, index, value])


@irdl_op_definition
class BuildTupleOp(NbOp):
    """``nb.build_tuple``: ``(items...)``."""

    name = "nb.build_tuple"
    items = var_operand_def(NbType)
    result = _res()
    traits = traits_def(Pure())
    assembly_format = "`(` $items `)` attr-dict `:` functional-type(operands, results)"

    def __init__(self, items: Sequence[SSAValue], t: ty.Type = ty.unknown):
        super().__init__(operands=[list(items)], result_types=[nbtype(t)])


@irdl_op_definition
class BuildListOp(NbOp):
    """``nb.build_list``: ``[items...]``, a new list (``[]`` when empty: its
    item type comes from the uses, see pycomp.frontend.typing.lists)."""

    name = "nb.build_list"
    items = var_operand_def(NbType)
    result = _res()
    assembly_format = "`[` $items `]` attr-dict `:` functional-type(operands, results)"

    def __init__(self, items: Sequence[SSAValue], t: ty.Type = ty.unknown):
        super().__init__(operands=[list(items)], result_types=[nbtype(t)])


@irdl_op_definition
class UnpackOp(IRDLOperation):
    """``nb.unpack``: ``a, b, c = value`` (exactly ``len(results)`` items)."""

    name = "nb.unpack"
    value = operand_def(NbType)
    outs = var_result_def(NbType)
    assembly_format = "$value attr-dict `:` functional-type(operands, results)"

    def __init__(self, value: SSAValue, count: int):
        super().__init__(operands=[value], result_types=[[UNKNOWN] * count])


@irdl_op_definition
class GetIterOp(NbOp):
    """``nb.getiter``: ``iter(value)``."""

    name = "nb.getiter"
    value = operand_def(NbType)
    result = _res()
    assembly_format = "$value attr-dict `:` functional-type(operands, results)"

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value], result_types=[UNKNOWN])


@irdl_op_definition
class IterNextOp(IRDLOperation):
    """``nb.iternext``: advance an iterator; ``item`` is meaningful only when
    ``valid`` is true."""

    name = "nb.iternext"
    iterator = operand_def(NbType)
    item = result_def(NbType)
    valid = result_def(NbType)
    assembly_format = "$iterator attr-dict `:` functional-type(operands, results)"

    def __init__(self, iterator: SSAValue):
        super().__init__(operands=[iterator], result_types=[UNKNOWN, nbtype(ty.boolean)])


@irdl_op_definition
class CastOp(NbOp):
    """``nb.cast``: convert ``value`` to the result type (inserted by type
    inference where an implicit conversion happens)."""

    name = "nb.cast"
    value = operand_def(NbType)
    result = _res()
    traits = traits_def(Pure(), _f.CastFolder())
    assembly_format = "$value attr-dict `:` functional-type(operands, results)"

    def __init__(self, value: SSAValue, t: ty.Type):
        super().__init__(operands=[value], result_types=[nbtype(t)])


# ------------------------------------------------------------------ terminators

@irdl_op_definition
class ReturnOp(IRDLOperation):
    """``nb.return``: return ``value`` to the caller."""

    name = "nb.return"
    value = operand_def(NbType)
    traits = traits_def(IsTerminator())
    assembly_format = "$value attr-dict `:` type($value)"

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value])


@irdl_op_definition
class RaiseOp(IRDLOperation):
    """``nb.raise``: raise the exception ``value`` (a class or an instance)."""

    name = "nb.raise"
    value = operand_def(NbType)
    traits = traits_def(IsTerminator())
    assembly_format = "$value attr-dict `:` type($value)"

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value])


@irdl_op_definition
class StaticRaiseOp(IRDLOperation):
    """``nb.static_raise``: raise ``exc_class(*args)`` with constant args
    (what ``nb-static-raise`` makes of ``raise E("msg")``)."""

    name = "nb.static_raise"
    exc_class = prop_def(PyObjectAttr)
    args = prop_def(PyLiteralAttr)
    traits = traits_def(IsTerminator())
    assembly_format = "$exc_class $args attr-dict"

    def __init__(self, exc_class, args: tuple):
        super().__init__(properties={"exc_class": PyObjectAttr(exc_class), "args": PyLiteralAttr(tuple(args))})


@irdl_op_definition
class BranchOp(IRDLOperation):
    """``nb.br``: jump to ``dest`` passing block arguments."""

    name = "nb.br"
    arguments = var_operand_def(NbType)
    dest = successor_def()
    traits = traits_def(IsTerminator())
    assembly_format = "$dest (`(` $arguments^ `:` type($arguments) `)`)? attr-dict"

    def __init__(self, dest: Block, args: Sequence[SSAValue] = ()):
        super().__init__(operands=[list(args)], successors=[dest])

    def verify_(self):
        _v.check_branch("nb.br", self.dest, self.arguments)


@irdl_op_definition
class CondBranchOp(IRDLOperation):
    """``nb.cond_br``: branch on a boolean."""

    name = "nb.cond_br"
    cond = operand_def(NbType)
    then_arguments = var_operand_def(NbType)
    else_arguments = var_operand_def(NbType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    then_block = successor_def()
    else_block = successor_def()
    traits = traits_def(IsTerminator(), _f.CondBranchCanonicalization())
    assembly_format = """
    $cond `:` type($cond) `,`
    $then_block (`(` $then_arguments^ `:` type($then_arguments) `)`)? `,`
    $else_block (`(` $else_arguments^ `:` type($else_arguments) `)`)?
    attr-dict
    """

    def __init__(self, cond: SSAValue, then_block: Block, then_args: Sequence[SSAValue],
                 else_block: Block, else_args: Sequence[SSAValue]):
        super().__init__(operands=[cond, list(then_args), list(else_args)],
                         successors=[then_block, else_block])

    def verify_(self):
        if type_of(self.cond) not in (ty.boolean, ty.unknown):
            raise VerifyException("nb.cond_br condition must be bool, not %s" % type_of(self.cond))
        _v.check_branch("nb.cond_br (then)", self.then_block, self.then_arguments)
        _v.check_branch("nb.cond_br (else)", self.else_block, self.else_arguments)


NB_OPS = [
    FuncOp, ConstOp, GlobalOp, UndefOp, BinOp, InplaceBinOp, UnaryOp, TruthOp, CallOp, CallStarOp,
    GetAttrOp, GetItemOp, StaticGetItemOp, SetItemOp, BuildTupleOp, BuildListOp, UnpackOp, GetIterOp,
    IterNextOp, CastOp, ReturnOp, RaiseOp, StaticRaiseOp, BranchOp, CondBranchOp,
]

# cells and closures, ops with bodies and reference counting (separate
# modules: they use the definitions above)
from pycomp.dialects.nb_closures import CellGetOp, CellSetOp, ClosureCellOp, MakeCellOp, MakeFunctionOp  # noqa: E402
from pycomp.dialects.nb_memory import DecRefOp, IncRefOp  # noqa: E402
from pycomp.dialects.nb_structured import ForRangeOp, YieldOp  # noqa: E402

NB_OPS += [MakeCellOp, CellGetOp, CellSetOp, MakeFunctionOp, ClosureCellOp, ForRangeOp, YieldOp, IncRefOp, DecRefOp]

Nb = Dialect("nb", NB_OPS, [NbType, PyLiteralAttr, PyObjectAttr], [_f.NbConstantMaterialization()])
