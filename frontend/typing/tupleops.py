"""Typing of tuple operations: comparisons, ``in``, ``.index()`` and
``tuple()``; namedtuple fields (``p.x``) and constructors (``Point(1, 2)``).

Comparisons are lexicographic, as in Python, between tuples of any lengths
and element types that compare: items at the same position are converted
to the type that holds both (what comparing them alone would do), so the
signature's argument types are the converted tuples and lowering compares
items of one type. ``==`` between tuples of different lengths is False
without looking at the items.

``x in t`` and ``t.index(x)`` convert ``x`` and every item to one type
(the unification of the pairwise ``==`` types, float64 for an int and a
float): Numba accepts only homogeneous tuples here; pycomp accepts any
tuple whose items compare with ``x``.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.conversions import unify_types
from pycomp.frontend.typing.templates import (
    AbstractTemplate,
    AttributeTemplate,
    builtin_registry as registry,
    signature,
)

__all__ = ["common_eq_type", "namedtuple_new"]


def _compared_types(context, op, a: ty.BaseTuple, b: ty.BaseTuple):
    """The tuple types ``a`` and ``b`` convert to before ``a op b``, or None
    if some pair of items at the same position does not compare."""
    ca, cb = list(a.types), list(b.types)
    ops = ("==",) if op in ("==", "!=") else ("==", op)
    for i in range(min(len(a), len(b))):
        found = None
        for o in ops:
            try:
                sig = context.resolve_op(o, (a.types[i], b.types[i]))
            except TypingError:
                return None
            if found is not None and sig.args != found:
                return None
            found = sig.args
        ca[i], cb[i] = found
    return ty.Tuple(ca), ty.Tuple(cb)


class TupleCompare(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) != 2 or not all(isinstance(a, ty.BaseTuple) for a in args):
            return None
        a, b = args
        conv = _compared_types(self.context, self.key, a, b)
        if conv is None and self.key in ("==", "!=") and len(a) != len(b):
            conv = (a, b)  # never equal: the items need not compare
        return None if conv is None else signature(ty.boolean, *conv)

    def describe(self):
        return ["%s(tuple, tuple)" % self.key]


for _op in ("<", "<=", ">", ">=", "==", "!="):
    registry.register_op(_op, type("TupleCompare" + _op, (TupleCompare,), {}))


def common_eq_type(context, x: ty.Type, items) -> ty.Type | None:
    """The one type ``x`` and every item convert to so that ``x == item``
    compares like the two alone, or None."""
    common = None
    for e in items:
        try:
            sig = context.resolve_op("==", (x, e))
        except TypingError:
            return None
        for t in sig.args:
            common = t if common is None else unify_types(common, t)
            if common is None:
                return None
    if common is not None:
        try:
            context.resolve_op("==", (common, common))
        except TypingError:
            return None
    return common


class Contains(AbstractTemplate):
    """``x in tup`` (the nb.binop's operands are ``x`` then ``tup``)."""

    def generic(self, args, kws):
        if len(args) != 2 or not isinstance(args[1], ty.BaseTuple):
            return None
        x, tup = args
        if not len(tup):
            return signature(ty.boolean, x, tup)
        t = common_eq_type(self.context, x, tup.types)
        return None if t is None else signature(ty.boolean, t, ty.UniTuple(t, len(tup)))

    def describe(self):
        return ["%s(value, tuple)" % self.key]


registry.register_op("in", Contains)
registry.register_op("not in", type("NotContains", (Contains,), {}))


class TupleIndex(AbstractTemplate):
    """``tup.index(x)``: the receiver stays as it is (lowering converts each
    item to ``x``'s converted type); ValueError when ``x`` is missing."""

    key = "tuple.index"

    def generic(self, args, kws):
        if len(args) != 2 or kws or not isinstance(args[0], ty.BaseTuple):
            return None
        tup, x = args
        if not len(tup):
            return signature(ty.intp, tup, x)
        t = common_eq_type(self.context, x, tup.types)
        return None if t is None else signature(ty.intp, tup, t)

    def describe(self):
        return ["tuple.index(value)"]


@registry.register_attr
class NamedTupleAttributes(AttributeTemplate):
    """``p.x``: the item of field ``x`` (a field shadows tuple methods, as
    in Python); ``p.__class__`` is the namedtuple class."""

    key = ty.BaseNamedTuple

    def resolve(self, t, attr):
        if attr in t.fields:
            return t.types[t.fields.index(attr)]
        if attr == "__class__":
            return ty.NamedTupleClass(t.instance_class)
        return None


def namedtuple_new(context, fnty: ty.NamedTupleClass, args, kws):
    """The signature of calling a namedtuple class: arguments bind to the
    fields as the class's ``__new__`` binds them (keywords, the class's
    defaults); the signature's arguments are the call's operand types, in
    operand order, unchanged."""
    cls = fnty.instance_class
    fields = cls._fields
    defaults = getattr(cls, "_field_defaults", {})
    name = cls.__name__
    if len(args) > len(fields):
        raise TypingError("%s() takes %d positional argument%s but %d were given"
                          % (name, len(fields), "" if len(fields) == 1 else "s", len(args)))
    items = dict(zip(fields, args))
    for k, t in kws.items():
        if k not in fields:
            raise TypingError("%s() got an unexpected keyword argument '%s'" % (name, k))
        if k in items:
            raise TypingError("%s() got multiple values for argument '%s'" % (name, k))
        items[k] = t
    missing = [f for f in fields if f not in items and f not in defaults]
    if missing:
        raise TypingError("%s() missing %d required argument%s: %s" % (
            name, len(missing), "" if len(missing) == 1 else "s", ", ".join(repr(m) for m in missing)))
    from pycomp.frontend.typing.context import typeof_constant

    types = [items[f] if f in items else typeof_constant(defaults[f]) for f in fields]
    return signature(ty.NamedTuple(types, cls), *args, *kws.values())


@registry.register_attr
class TupleAttributes(AttributeTemplate):
    key = ty.BaseTuple

    def resolve_index(self, t):
        return ty.BoundFunction(TupleIndex, t)


@registry.register_global(builtins.tuple)
class TupleCtor(AbstractTemplate):
    """``tuple()`` and ``tuple(t)`` of a tuple (itself; a namedtuple's
    items as a plain tuple)."""

    def generic(self, args, kws):
        if kws:
            return None
        if not args:
            return signature(ty.Tuple(()))
        if len(args) == 1 and isinstance(args[0], ty.BaseNamedTuple):
            return signature(ty.Tuple(args[0].types), args[0])  # a plain tuple of the items
        if len(args) == 1 and isinstance(args[0], ty.BaseTuple):
            return signature(args[0], args[0])
        return None

    def describe(self):
        return ["tuple()", "tuple(tuple)"]


@registry.register_global(builtins.type)
class TypeOf(AbstractTemplate):
    """``type(p)`` of a namedtuple: its class, a compile-time value that
    may be called to build another instance."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], ty.BaseNamedTuple):
            return signature(ty.NamedTupleClass(args[0].instance_class), args[0])
        return None

    def describe(self):
        return ["type(namedtuple)"]
