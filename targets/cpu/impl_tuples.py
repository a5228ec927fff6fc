"""Lowering of tuple comparisons, ``in``, ``tuple.index``, ``tuple()`` and
``type(namedtuple)``.

Typing converted the items to compare to one type per position (see
frontend/typing/tupleops.py), so each item comparison is the ``==`` or
ordering implementation of that type. Comparisons are unrolled and free of
branches: ``a < b`` is, from the last common position back, "the items
differ ? items[i] < ... : the verdict so far", starting from the lengths.
"""

from __future__ import annotations

import builtins
import operator

from pycomp import types as ty
from pycomp.signature import Signature
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.datamodel import I1, I64, llvm_type

_PYOPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _compare(ctx, b, op, ta, tb, x, y):
    sig = Signature(ty.boolean, (ta, tb))
    return ctx.implementation(op, sig)(ctx, b, sig, [x, y])


def _items(b, v, t):
    return [b.extract(v, i, llvm_type(e)) for i, e in enumerate(t.types)]


def _tuple_compare(op):
    def impl(ctx, b, sig, args):
        ta, tb = sig.args
        xs, ys = _items(b, args[0], ta), _items(b, args[1], tb)
        n = min(len(ta), len(tb))
        if op in ("==", "!="):
            if len(ta) != len(tb):
                return b.const_int(I1, op == "!=")
            same = b.true()
            for i in range(n):
                same = b.ibin("and", same, _compare(ctx, b, "==", ta.types[i], tb.types[i], xs[i], ys[i]))
            return same if op == "==" else b.ibin("xor", same, b.true())
        verdict = b.const_int(I1, _PYOPS[op](len(ta), len(tb)))
        for i in reversed(range(n)):
            eq = _compare(ctx, b, "==", ta.types[i], tb.types[i], xs[i], ys[i])
            here = _compare(ctx, b, op, ta.types[i], tb.types[i], xs[i], ys[i])
            verdict = b.select(eq, verdict, here)
        return verdict
    return impl


for _op in ("<", "<=", ">", ">=", "==", "!="):
    reg.lower(_op, ty.BaseTuple, ty.BaseTuple)(_tuple_compare(_op))


def _contains(ctx, b, sig, args):
    """``x in tup``: typing converted ``x`` and the items to one type."""
    xt, tt = sig.args
    found = b.const_int(I1, 0)
    for item in _items(b, args[1], tt) if len(tt) else ():
        found = b.ibin("or", found, _compare(ctx, b, "==", xt, xt, args[0], item))
    return found


@reg.lower("in", ty.Type, ty.BaseTuple)
def contains(ctx, b, sig, args):
    return _contains(ctx, b, sig, args)


@reg.lower("not in", ty.Type, ty.BaseTuple)
def not_contains(ctx, b, sig, args):
    return b.ibin("xor", _contains(ctx, b, sig, args), b.true())


@reg.lower("tuple.index")
def tuple_index(ctx, b, sig, args):
    """The first position holding ``x`` (each item converted to ``x``'s
    type); ValueError with CPython's (and Numba's) message if none does."""
    tt, xt = sig.args
    where = b.const_int(I64, -1)
    items = _items(b, args[0], tt)
    for i in reversed(range(len(tt))):
        item = ctx.cast(b, items[i], tt.types[i], xt)
        where = b.select(_compare(ctx, b, "==", xt, xt, args[1], item), b.const_int(I64, i), where)
    ctx.guard(b, b.icmp("<", where, b.const_int(I64, 0)), ValueError, ("tuple.index(x): x not in tuple",))
    return where


@reg.lower(builtins.tuple)
def tuple_(ctx, b, sig, args):
    """``tuple(t)``: ``t`` itself, one more reference to what it holds (a
    call's result owns its references)."""
    if not args:
        return b.undef(llvm_type(sig.return_type))
    ctx.incref(b, sig.return_type, args[0])
    return args[0]


@reg.lower(builtins.type)
def type_(ctx, b, sig, args):
    """``type(namedtuple)``: the class is a compile-time value (a byte placeholder)."""
    return b.undef(llvm_type(sig.return_type))
