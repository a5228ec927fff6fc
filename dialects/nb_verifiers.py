"""What the nb ops check beyond the kinds of their operands and attributes
(their ``verify_`` methods call these).

Types are compared only where both sides are known: untyped IR (every value
``!nb.type<?>``) passes, typed IR must agree exactly, because lowering
trusts it (a return value whose type is not the function's would be stored
with the wrong width). :func:`check_typed` is the stronger invariant of IR
after type inference: no unknown type is left.
"""

from __future__ import annotations

from xdsl.utils.exceptions import VerifyException

from pycomp import types as ty

__all__ = ["BINARY_OPERATORS", "INPLACE_OPERATORS", "UNARY_OPERATORS", "check_operator", "check_function",
           "check_branch", "check_static_index", "check_typed", "first_untyped"]

#: the Python spellings nb.binop accepts
BINARY_OPERATORS = frozenset("+ - * / // % ** @ & | ^ << >> == != < <= > >= is in".split()) | {"is not", "not in"}
#: nb.inplace_binop: ``lhs op= rhs``
INPLACE_OPERATORS = frozenset("+ - * / // % ** @ & | ^ << >>".split())
#: nb.unary
UNARY_OPERATORS = frozenset({"-", "+", "~", "not"})


def _type(value) -> ty.Type | None:
    t = getattr(value.type, "data", None)
    return None if t is None or isinstance(t, ty.Unknown) else t


def check_operator(op_name: str, spelling: str, allowed: frozenset) -> None:
    if spelling not in allowed:
        raise VerifyException("%s: unknown operator %r (one of %s)"
                              % (op_name, spelling, ", ".join(sorted(allowed))))


def check_function(func) -> None:
    """``nb.func``: the entry block's arguments are the signature's (count,
    types and names), and every ``nb.return`` returns the declared type."""
    name = func.sym_name.data
    inputs = [a.data for a in func.function_type.inputs.data]
    outputs = func.function_type.outputs.data
    if len(outputs) != 1:
        raise VerifyException("nb.func @%s must have exactly one result type, not %d" % (name, len(outputs)))
    if len(func.arg_names.data) != len(inputs):
        raise VerifyException("nb.func @%s has %d argument names for %d arguments"
                              % (name, len(func.arg_names.data), len(inputs)))
    if not func.body.blocks:
        return
    entry = func.body.blocks.first
    if len(entry.args) != len(inputs):
        raise VerifyException("nb.func @%s: the entry block has %d arguments, the signature %d"
                              % (name, len(entry.args), len(inputs)))
    for i, (arg, t) in enumerate(zip(entry.args, inputs)):
        at = _type(arg)
        if at is not None and not isinstance(t, ty.Unknown) and at is not t:
            raise VerifyException("nb.func @%s: argument %d is %s in the entry block but %s in the signature"
                                  % (name, i, at, t))
    ret = outputs[0].data
    if isinstance(ret, ty.Unknown):
        return
    from pycomp.dialects.nb import ReturnOp, walk_blocks

    for block in walk_blocks(func):
        last = block.last_op
        if isinstance(last, ReturnOp):
            vt = _type(last.value)
            if vt is not None and vt is not ret:
                raise VerifyException("nb.return of %s in @%s, whose return type is %s" % (vt, name, ret))


def check_branch(what: str, dest, args) -> None:
    """A branch passes one value per argument of its destination, of its type."""
    args = list(args)
    if len(args) != len(dest.args):
        raise VerifyException("%s passes %d values to a block with %d arguments" % (what, len(args), len(dest.args)))
    for i, (v, a) in enumerate(zip(args, dest.args)):
        vt, at = _type(v), _type(a)
        if vt is not None and at is not None and vt is not at:
            raise VerifyException("%s passes %s for block argument %d of type %s" % (what, vt, i, at))


def check_static_index(op_name: str, index) -> None:
    ok = (isinstance(index, int) and not isinstance(index, bool)) or isinstance(index, slice) or (
        isinstance(index, tuple) and all(isinstance(i, int) and not isinstance(i, bool) for i in index))
    if not ok:
        raise VerifyException("%s: the index must be an int, a tuple of ints or a slice, not %r" % (op_name, index))


def first_untyped(func):
    """The first thing in ``func`` that has no type, as ``(clause, op)``:
    the clause says what ("argument 0 of @f has no type", "the result of
    nb.binop in @f has no type", "the return type of @f is unknown") and
    ``op`` is where to locate it (the function for its arguments and return
    type); None when everything is typed."""
    from pycomp.dialects.nb import walk_blocks

    name = func.sym_name.data
    for block in walk_blocks(func):
        for i, arg in enumerate(block.args):
            if _type(arg) is None:
                what = "argument %d" % i if block is func.body.blocks.first else "a block argument"
                return "%s of @%s has no type" % (what, name), func
        for op in block.ops:
            for r in op.results:
                if _type(r) is None:
                    return "the result of %s in @%s has no type" % (op.name, name), op
    outs = func.function_type.outputs.data
    if outs and isinstance(outs[0].data, ty.Unknown):
        return "the return type of @%s is unknown" % name, func
    return None


def check_typed(func) -> None:
    """Typed IR (after nb-type-infer): every value, block argument and the
    return type are known. Raises VerifyException naming the first that is not."""
    found = first_untyped(func)
    if found is not None:
        raise VerifyException("typed IR: " + found[0])
