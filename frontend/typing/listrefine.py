"""How lists get their types during type inference: the typing rule of
``nb.build_list`` and the refinement of empty lists (the hook
:func:`waits_for_list_type` that ``frontend/typeinfer.py`` calls before
typing an op). The operations on lists are typed in
:mod:`pycomp.frontend.typing.lists`.

A display's item type is the unification of its items' types (``[1, 2.5]``
is ``list(float64)``); items that do not unify (``[1, (2, 3)]``) are a
TypingError. An empty display ``[]`` (or ``list()``) is ``list(?)`` until a
use gives its items a type, as in Numba: ``append``, ``extend``,
``insert`` or ``lst[i] = v`` on a list whose item type is unknown
*refines* the list at its definition (reached back through block
arguments and casts, :func:`refine_empty_list`), and the refined type
flows forward again. Every other use of such a list waits for that; a list
never refined is a TypingError naming the line of ``[]``.
"""

from __future__ import annotations

import builtins

from xdsl.ir import BlockArgument

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.dialects.nb_flow import incoming_values
from pycomp.errors import TypingError
from pycomp.frontend.typing.conversions import unify_types
from pycomp.frontend.typing.iterators import iterator_type
from pycomp.frontend.typing.templates import signature
from pycomp.oprules import typing_rule

__all__ = ["BuildListTyping", "refine_empty_list", "waits_for_list_type", "list_item_type"]


def _is_list(t) -> bool:
    return isinstance(t, ty.List)


def _undefined(t) -> bool:
    return isinstance(t, ty.List) and t.undefined


def list_item_type(items, where: str = "a list") -> ty.Type:
    """The item type of a list holding values of types ``items`` (their
    unification); a TypingError if they have none."""
    t = items[0]
    for e in items[1:]:
        u = unify_types(t, e)
        if u is None:
            raise TypingError("cannot make %s of items of types %s and %s (a list's items have one type)"
                              % (where, t, e))
        t = u
    if isinstance(t, ty.Optional) and ty.has_references(t.type):
        raise TypingError("a list of %s is not supported" % t)
    return t


# ------------------------------------------------------------------ nb.build_list


@typing_rule("nb.build_list")
class BuildListTyping:
    """``[a, b, ...]``: ``list(unified item type)``, the items converted to it;
    ``[]``: ``list(?)``, refined by its uses."""

    partial = False

    def infer(self, state, op, ts):
        if not ts:
            state.assign(op.result, ty.List(ty.unknown), op)
            return None
        dtype = list_item_type(list(ts))
        if _undefined(dtype):
            return None  # [[], []]: waits for a use of an item
        for v, t in zip(op.items, ts):  # [[], [1]]: the empty item is a list(int64) too
            if _undefined(t):
                refine_empty_list(state, v, dtype.dtype, op)
        state.assign(op.result, ty.List(dtype), op)
        return signature(ty.List(dtype), *([dtype] * len(ts)))

    def commit(self, state, op):
        t = state.type_of(op.result)
        if t is None or _undefined(t):
            raise _unrefined(op)


def _unrefined(op) -> TypingError:
    loc = nb.source_loc(op)
    line = " at line %d" % loc.line if loc is not None else ""
    return TypingError("cannot infer the type of the empty list%s: give it items, or append to it before "
                       "using it (its item type comes from its first use)" % line).with_loc(loc)


def _origins(value, seen=None) -> list:
    """The ``nb.build_list`` ops (and block arguments) a list value comes
    from, through block arguments and casts."""
    seen = set() if seen is None else seen
    if value in seen:
        return []
    seen.add(value)
    owner = value.owner
    if isinstance(owner, nb.BuildListOp):
        return [owner]
    if isinstance(owner, nb.CallOp) and not owner.args:  # list()
        fn = owner.callee.owner
        if isinstance(fn, nb.GlobalOp) and (fn.value.data is builtins.list or
                                            getattr(fn.value.data, "_pycomp_typed_list", False)):
            return [owner]  # list(), typed.List()
    if isinstance(owner, nb.CastOp):
        return _origins(owner.value, seen)
    if isinstance(value, BlockArgument):
        out = []
        for v in incoming_values(value):
            out += _origins(v, seen)
        return out
    return []


def refine_empty_list(state, value, dtype, op) -> None:
    """Give the empty list(s) ``value`` comes from the item type ``dtype``
    (at their ``nb.build_list``; the type flows forward from there)."""
    if _undefined(dtype):
        return
    if isinstance(dtype, ty.Optional) or dtype is ty.none:
        raise TypingError("cannot append None to a list (lists of optional values are not supported)")
    origins = _origins(value)
    if not origins:
        raise TypingError("cannot infer the type of this list (it does not come from a list display)")
    for origin in origins:
        t = state.type_of(origin.result)
        if _undefined(t):
            state.assign(origin.result, t.copy(dtype=dtype), op, "an empty list")  # keeps a typed list typed
        state.deferred.pop(origin, None)  # a use that waited for it said it had no type


#: methods whose arguments give an empty list its item type
_REFINING_METHODS = ("append", "extend", "insert")


def _refining_item_type(state, method: str, args):
    if method == "append" and len(args) == 1:
        return args[0]
    if method == "insert" and len(args) == 2:
        return args[1]
    if method == "extend" and len(args) == 1:
        if _is_list(args[0]):
            return args[0].dtype
        it = iterator_type(state.ctx, args[0])
        return None if it is None else it.yield_type
    return None


def waits_for_list_type(state, op, ts) -> bool:
    """The hook type inference calls before typing ``op`` (operand types
    ``ts``): True when ``op`` uses a list whose item type is not known yet
    and must wait. ``append``/``extend``/``insert``/``lst[i] = v`` on such a
    list refine it first (:func:`refine_empty_list`); the op is typed again
    once the list's type flows back to it."""
    if not any(_undefined(t) or (isinstance(t, ty.BoundFunction) and _undefined(t.this)) for t in ts):
        return False
    if isinstance(op, (nb.BranchOp, nb.CondBranchOp, nb.BuildListOp)):
        return False  # flows on; [[], [1]] refines its items
    if isinstance(op, nb.GetAttrOp) and op.attr.data in _REFINING_METHODS:
        return False  # the bound method, which the call refines
    if isinstance(op, nb.CallOp) and isinstance(ts[0], ty.BoundFunction) and _undefined(ts[0].this):
        getattr_op = op.callee.owner
        method = getattr_op.attr.data if isinstance(getattr_op, nb.GetAttrOp) else None
        if method in _REFINING_METHODS and not op.kwnames.data:
            dtype = _refining_item_type(state, method, ts[1:])
            if dtype is not None:
                refine_empty_list(state, getattr_op.value, dtype, op)
                # the bound method is typed again for the refined list
                state.types.pop(getattr_op.result, None)
                return True
    if isinstance(op, nb.SetItemOp) and _undefined(ts[0]):
        refine_empty_list(state, op.operands[0], ts[2], op)
        return True
    # any other use waits; if the list is never refined, say so at its []
    for i, t in enumerate(ts):
        if _undefined(t):
            for origin in _origins(op.operands[i]):
                if _undefined(state.type_of(origin.result)):
                    state.deferred.setdefault(origin, _unrefined(origin))
    return True
