"""Constant folding for the nb dialect, through xDSL's traits, so xDSL's
own ``canonicalize`` pass folds nb IR.

- ``nb.const`` is ``ConstantLike`` (its folded value is its ``#nb.py``
  literal) and the dialect materializes folded values as ``nb.const``;
- ``nb.binop``, ``nb.unary``, ``nb.truth`` and ``nb.cast`` fold when their
  operands are constants and the result is exactly what compiled code
  computes: Python's value, computed here, is kept only when it is an int
  that fits int64, a bool, or a float64 (typed as such or untyped), and an
  operation that would raise (``1 // 0``, ``1 << -1``) is left to raise at
  run time; ``**`` and unsigned or narrow float types are never folded;
- ``nb.cond_br`` on a constant condition becomes ``nb.br`` (a
  canonicalization pattern); the dead blocks go with xDSL's region DCE.
"""

from __future__ import annotations

import operator

from xdsl.dialect_interfaces.constant_materialization import ConstantMaterializationInterface
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.traits import ConstantLike, HasCanonicalizationPatternsTrait, HasFolder

from pycomp import types as ty

__all__ = ["ConstFolder", "BinOpFolder", "UnaryFolder", "TruthFolder", "CastFolder", "CondBranchCanonicalization",
           "NbConstantMaterialization", "ConstantLike"]

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1

_BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "//": operator.floordiv,
    "%": operator.mod, "&": operator.and_, "|": operator.or_, "^": operator.xor, "<<": operator.lshift,
    ">>": operator.rshift, "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}
_UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert, "not": operator.not_}
#: the types whose values Python computes exactly as compiled code does
_EXACT = (ty.int64, ty.boolean, ty.float64, ty.unknown)


def _type(value):
    return value.type.data


def _constant(value):
    """The Python value of an nb.const operand, or None."""
    from pycomp.dialects.nb import PyLiteralAttr

    attr = ConstantLike.get_constant_value(value)
    if isinstance(attr, PyLiteralAttr) and type(attr.data) in (bool, int, float):
        return attr.data
    return None


def _exact(result, rtype):
    """``result`` as a literal attribute if compiled code of type ``rtype``
    gives exactly it, else None."""
    from pycomp.dialects.nb import PyLiteralAttr

    if type(result) is bool:
        ok = rtype in (ty.boolean, ty.unknown)
    elif type(result) is int:
        ok = rtype in (ty.int64, ty.unknown) and _INT64_MIN <= result <= _INT64_MAX
    elif type(result) is float:
        ok = rtype in (ty.float64, ty.unknown)
    else:
        ok = False
    return PyLiteralAttr(result) if ok else None


class ConstFolder(HasFolder):
    @classmethod
    def fold(cls, op):
        return (op.value,)


class BinOpFolder(HasFolder):
    @classmethod
    def fold(cls, op):
        fn = _BINARY.get(op.op.data)
        a, b = _constant(op.lhs), _constant(op.rhs)
        if fn is None or a is None or b is None:
            return None
        if any(_type(v) not in _EXACT for v in (op.lhs, op.rhs)):
            return None
        sym = op.op.data
        if sym in ("<<", ">>") and not (type(b) is int and 0 <= b < 64):
            return None  # compiled code's shift by 64 or more is not Python's
        if sym == "/" and type(a) is not float and type(b) is not float and max(abs(a), abs(b)) > 1 << 53:
            return None  # compiled code divides the ints as doubles
        try:
            result = fn(a, b)
        except (ArithmeticError, ValueError):
            return None  # raises at run time, as in Python
        folded = _exact(result, _type(op.result))
        return None if folded is None else (folded,)


class UnaryFolder(HasFolder):
    @classmethod
    def fold(cls, op):
        a = _constant(op.operand)
        if a is None or _type(op.operand) not in _EXACT:
            return None
        sym = op.op.data
        if type(a) is bool and sym == "~":
            result = not a  # compiled code's ~ on a bool is `not` (Numba, NumPy), not Python's -2
        elif type(a) is bool and sym in ("-", "+"):
            result = int(_UNARY[sym](a))  # computed in int64
        else:
            result = _UNARY[sym](a) if sym in _UNARY else None
        folded = _exact(result, _type(op.result))
        return None if folded is None else (folded,)


class TruthFolder(HasFolder):
    @classmethod
    def fold(cls, op):
        from pycomp.dialects.nb import PyLiteralAttr

        a = _constant(op.operand)
        return None if a is None else (PyLiteralAttr(bool(a)),)


class CastFolder(HasFolder):
    @classmethod
    def fold(cls, op):
        a = _constant(op.value)
        target = _type(op.result)
        if target is _type(op.value) and target is not ty.unknown:
            return (op.value,)  # a cast to the value's own type is the value
        if a is None:
            return None
        if target is ty.float64 and type(a) in (int, bool) and float(a) == a:
            folded = _exact(float(a), target)
        elif target is ty.int64 and type(a) is bool:
            folded = _exact(int(a), target)
        elif target is _type(op.value):
            folded = _exact(a, target)
        else:
            folded = None
        return None if folded is None else (folded,)


class _ConstantBranch(RewritePattern):
    """``nb.cond_br`` on a constant: an ``nb.br`` to the side it takes."""

    def match_and_rewrite(self, op, rewriter: PatternRewriter):
        from pycomp.dialects.nb import BranchOp

        c = _constant(op.cond)
        if c is None:
            return
        if c:
            rewriter.replace_op(op, BranchOp(op.then_block, list(op.then_arguments)))
        else:
            rewriter.replace_op(op, BranchOp(op.else_block, list(op.else_arguments)))


class CondBranchCanonicalization(HasCanonicalizationPatternsTrait):
    @classmethod
    def get_canonicalization_patterns(cls):
        return (_ConstantBranch(),)


class NbConstantMaterialization(ConstantMaterializationInterface):
    """Folded values become ``nb.const`` ops of the folded op's result type."""

    def materialize_constant(self, value, type):
        from pycomp.dialects.nb import ConstOp, PyLiteralAttr

        if not isinstance(value, PyLiteralAttr):
            return None
        return ConstOp(value.data, type.data)
