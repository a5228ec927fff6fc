"""The functions of Python's ``operator`` module and the nb operator each
one stands for: ``operator.add(a, b)`` types and lowers exactly as
``a + b`` (the typing context and the lowering look calls up here)."""

from __future__ import annotations

import operator

__all__ = ["OPERATOR_FUNCTIONS", "SWAPPED", "operator_key", "operator_operands"]

_BINARY = {
    "add": "+", "sub": "-", "mul": "*", "truediv": "/", "floordiv": "//", "mod": "%", "pow": "**",
    "lshift": "<<", "rshift": ">>", "and_": "&", "or_": "|", "xor": "^",
    "eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=",
    "is_": "is", "is_not": "is not", "getitem": "getitem", "matmul": "@",
}
_UNARY = {"neg": "unary-", "pos": "unary+", "invert": "unary~", "not_": "unarynot", "truth": "truth"}

#: function -> (operator key of the nb dialect, number of operands, in place)
OPERATOR_FUNCTIONS: dict = {}
for _name, _key in _BINARY.items():
    OPERATOR_FUNCTIONS[getattr(operator, _name)] = (_key, 2, False)
    _iname = "i" + _name.rstrip("_")
    if _key not in ("==", "!=", "<", "<=", ">", ">=", "is", "is not", "getitem") and hasattr(operator, _iname):
        OPERATOR_FUNCTIONS[getattr(operator, _iname)] = (_key, 2, True)
for _name, _key in _UNARY.items():
    OPERATOR_FUNCTIONS[getattr(operator, _name)] = (_key, 1, False)
#: ``operator.setitem(a, i, v)`` is the statement ``a[i] = v``
OPERATOR_FUNCTIONS[operator.setitem] = ("setitem", 3, False)
#: functions whose operands come in the other order: contains(a, b) is ``b in a``
SWAPPED = {operator.contains: ("in", 2, False)}
OPERATOR_FUNCTIONS.update(SWAPPED)


def operator_key(fn):
    """``(key, arity, inplace)`` if ``fn`` is one of the operator module's
    functions that compile as an operator, else None."""
    try:
        return OPERATOR_FUNCTIONS.get(fn)
    except TypeError:  # unhashable
        return None


def operator_operands(fn, operands):
    """The operands of ``fn``'s call in the order its operator takes them."""
    return list(reversed(operands)) if fn in SWAPPED else list(operands)
