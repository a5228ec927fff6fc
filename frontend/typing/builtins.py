"""Typing declarations for Python's operators and builtins.

Integer typing follows Numba's NBEP 1, not NumPy: arithmetic and bitwise
operators on two integers compute in 64 bits, signed if either operand is
signed (``bool`` counts as signed), so int64 with uint64 gives int64 where
NumPy gives float64. Shifts take the signedness of their left operand.
Comparisons and ``divmod`` convert both operands to one type that holds
them (uint64 with a signed integer: float64). ``-x``, ``+x`` and ``~x``
return a 64-bit integer computed at the operand's own width (``-uint8(1)``
is 255); ``abs`` keeps the width. ``/`` on integers gives float64,
comparisons give bool. Each declaration is a template registered in
:data:`builtin_registry`.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.special import prange
from pycomp.errors import TypingError
from pycomp.frontend.typing.conversions import unify_numbers, unify_types
from pycomp.frontend.typing.templates import (
    AbstractTemplate,
    AttributeTemplate,
    CallableTemplate,
    builtin_registry as registry,
    signature,
)

__all__ = ["arith_type", "is_int", "is_number"]


def is_int(t) -> bool:
    return isinstance(t, ty.Integer)  # includes Boolean


def is_number(t) -> bool:
    return isinstance(t, ty.Number)


def _widen_int(t: ty.Integer) -> ty.Integer:
    if isinstance(t, ty.Boolean) or t.signed:
        return ty.int64
    return ty.uint64


def _int_result(a: ty.Integer, b: ty.Integer) -> ty.Integer:
    """NBEP 1: two integers compute in 64 bits, signed unless both are
    unsigned (a bool counts as signed)."""
    if _widen_int(a).signed or _widen_int(b).signed:
        return ty.int64
    return ty.uint64


def _holding_type(a, b) -> ty.Type | None:
    """The one type two numbers convert to when an operation has only
    same-typed cases (comparisons, ``divmod``): for two integers, uint64 if
    both are unsigned (a bool goes with either), float64 for uint64 with a
    signed integer (no integer holds both), else int64."""
    if not (is_int(a) and is_int(b)):
        return arith_type(a, b)
    if isinstance(a, ty.Boolean) and not isinstance(b, ty.Boolean):
        a = b
    elif isinstance(b, ty.Boolean) and not isinstance(a, ty.Boolean):
        b = a
    ua = not _widen_int(a).signed
    ub = not _widen_int(b).signed
    if ua and ub:
        return ty.uint64
    if (ua and a.bitwidth == 64) or (ub and b.bitwidth == 64):
        return ty.float64
    return ty.int64


def arith_type(a, b) -> ty.Type | None:
    """The type both operands of an arithmetic operator convert to."""
    if not (is_number(a) and is_number(b)):
        return None
    if is_int(a) and is_int(b):
        return _int_result(a, b)
    if is_int(a):
        a = _widen_int(a) if b is ty.float32 and a.bitwidth > 16 else a
    if is_int(b):
        b = _widen_int(b) if a is ty.float32 and b.bitwidth > 16 else b
    return unify_numbers(a, b)


def _binary(name, result_rule):
    class _Op(AbstractTemplate):
        def generic(self, args, kws):
            if len(args) != 2:
                return None
            t = arith_type(*args)
            if t is None:
                return None
            r = result_rule(t, args)
            if r is None:
                return None
            if isinstance(r, tuple):
                t, r = r
            return signature(r, t, t)

        def describe(self):
            return ["%s(number, number)" % name]

    _Op.__name__ = "Op_" + name
    return _Op


class _TupleConcat(AbstractTemplate):
    def generic(self, args, kws):
        a, b = args
        if isinstance(a, ty.BaseTuple) and isinstance(b, ty.BaseTuple):
            return signature(ty.Tuple(a.types + b.types), a, b)
        return None

    def describe(self):
        return ["+(tuple, tuple)"]


registry.register_op("+", _TupleConcat)
for _op in ("+", "-", "*"):
    registry.register_op(_op, _binary(_op, lambda t, a: t))
for _op in ("//", "%"):
    registry.register_op(_op, _binary(_op, lambda t, a: None if isinstance(t, ty.Complex) else t))


def _truediv(t, args):
    if is_int(t):
        return ty.float64, ty.float64
    return t


registry.register_op("/", _binary("/", _truediv))


def _power(t, args):
    return t


registry.register_op("**", _binary("**", _power))


def _bitwise_rule(t, args):
    a, b = args
    if isinstance(a, ty.Boolean) and isinstance(b, ty.Boolean):
        return ty.boolean, ty.boolean
    return t if is_int(t) else None


for _op in ("&", "|", "^"):
    registry.register_op(_op, _binary(_op, _bitwise_rule))


class _Shift(AbstractTemplate):
    """``a << b``, ``a >> b``: 64 bits with the signedness of ``a``."""

    def generic(self, args, kws):
        if len(args) != 2 or not all(is_int(a) for a in args):
            return None
        r = _widen_int(args[0])
        return signature(r, r, r)

    def describe(self):
        return ["%s(int, int)" % self.key]


for _op in ("<<", ">>"):
    registry.register_op(_op, type("Shift" + _op, (_Shift,), {}))


class _Compare(AbstractTemplate):
    def generic(self, args, kws):
        a, b = args
        if is_number(a) and is_number(b):
            t = _holding_type(a, b)
            if isinstance(t, ty.Complex) and self.key not in ("==", "!="):
                return None
            return signature(ty.boolean, t, t)
        if a is b and isinstance(a, (ty.NoneType,)) and self.key in ("==", "!="):
            return signature(ty.boolean, a, b)
        return None  # tuples: see tupleops.py

    def describe(self):
        return ["%s(number, number)" % self.key]


for _op in ("<", "<=", ">", ">=", "==", "!="):
    registry.register_op(_op, type("Compare" + _op, (_Compare,), {}))


class _Identity(AbstractTemplate):
    def generic(self, args, kws):
        return signature(ty.boolean, *args)


registry.register_op("is", _Identity)
registry.register_op("is not", type("IsNot", (_Identity,), {}))


class _UnaryArith(AbstractTemplate):
    """``-x``, ``+x``, ``~x``. On an integer the result is 64 bits wide but
    computed at the operand's width, as Numba does (``-uint8(1)`` is 255,
    ``-int8(-128)`` is -128); ``-`` and ``+`` on a bool compute in int64,
    ``~`` on a bool is ``not`` (a bool, as in Numba and NumPy)."""

    def generic(self, args, kws):
        (a,) = args
        if isinstance(a, ty.Boolean):
            if self.key == "unary~":
                return signature(ty.boolean, ty.boolean)
            return signature(ty.int64, ty.int64)
        if isinstance(a, ty.Integer):
            return signature(_widen_int(a), a)
        if isinstance(a, (ty.Float, ty.Complex)) and self.key != "unary~":
            return signature(a, a)
        return None


for _op in ("unary-", "unary+", "unary~"):
    registry.register_op(_op, type("Unary" + _op, (_UnaryArith,), {}))


class _Truth(AbstractTemplate):
    def generic(self, args, kws):
        (a,) = args
        if isinstance(a, (ty.Number, ty.NoneType, ty.BaseTuple)):
            return signature(ty.boolean, a)
        return None


registry.register_op("truth", _Truth)


registry.register_op("unarynot", type("Not", (_Truth,), {}))  # `not x` types like bool(x)


# ------------------------------------------------------------------ indexing

class _GetItem(AbstractTemplate):
    """``t[i]`` on a homogeneous tuple with a run-time index (arrays:
    :mod:`pycomp.frontend.typing.arrayindex`)."""

    def generic(self, args, kws):
        obj, idx = args
        if isinstance(obj, ty.UniTuple) and is_int(idx):
            return signature(obj.dtype, obj, ty.intp)
        return None

    def describe(self):
        return ["getitem(UniTuple, int)"]


registry.register_op("getitem", _GetItem)


# ------------------------------------------------------------------ attributes

# array attributes: frontend/typing/arrayattrs.py

@registry.register_attr
class ComplexAttributes(AttributeTemplate):
    key = ty.Complex

    def resolve_real(self, c):
        return c.underlying_float

    def resolve_imag(self, c):
        return c.underlying_float


class ComplexConjugate(AbstractTemplate):
    key = "complex.conjugate"

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], ty.Number):
            return signature(args[0], args[0])
        return None


@registry.register_attr
class NumberAttributes(AttributeTemplate):
    key = ty.Number

    def resolve_real(self, t):
        return t

    def resolve_imag(self, t):
        return t

    def resolve_conjugate(self, t):
        return ty.BoundFunction(ComplexConjugate, t)


# ------------------------------------------------------------------ builtins

@registry.register_global(builtins.len)
class Len(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], (ty.BaseTuple, ty.Array, ty.RangeType)):
            if isinstance(args[0], ty.Array) and args[0].ndim == 0:
                raise TypingError("len() of unsized object (a 0-d array)")
            return signature(ty.intp, args[0])
        return None

    def describe(self):
        return ["len(tuple | array | range)"]


@registry.register_global(builtins.sum)
class Sum(CallableTemplate):
    def generic(self):
        def typer(iterable, start=None):
            if not isinstance(iterable, ty.BaseTuple):
                return None
            t = ty.int64 if start is None else start
            for e in iterable.types:
                if not is_number(e):
                    return None
                t = arith_type(t, e)
            if start is None:
                return signature(t, iterable)
            return signature(t, iterable, t)
        return typer


@registry.register_global(builtins.range)
class Range(AbstractTemplate):
    def generic(self, args, kws):
        if kws or not 1 <= len(args) <= 3 or not all(is_int(a) for a in args):
            return None
        return signature(ty.range_state64, *([ty.int64] * len(args)))

    def describe(self):
        return ["range(int[, int[, int]])"]


registry.register_global(prange, type("PRange", (Range,), {}))  # a serial range until parallel=True


@registry.register_global(builtins.abs)
class Abs(AbstractTemplate):
    def generic(self, args, kws):
        (a,) = args
        if isinstance(a, ty.Boolean):
            return signature(ty.int8, ty.int8)
        if isinstance(a, (ty.Integer, ty.Float)):
            return signature(a, a)  # keeps the width: abs(int8(-128)) is -128, as in Numba
        if isinstance(a, ty.Complex):
            return signature(a.underlying_float, a)
        return None


class _MinMax(AbstractTemplate):
    def generic(self, args, kws):
        if kws:
            return None
        if len(args) == 1 and isinstance(args[0], ty.BaseTuple) and not len(args[0]):
            raise TypingError("%s() argument is an empty tuple" % self.key.__name__)
        if len(args) == 1 and isinstance(args[0], ty.BaseTuple):
            elems = args[0].types
            t = elems[0]
            for e in elems[1:]:
                t = unify_types(t, e)
            if t is None or not is_number(t):
                return None
            return signature(t, args[0])
        if len(args) >= 2 and all(is_number(a) for a in args):
            t = args[0]
            for a in args[1:]:
                t = unify_types(t, a)
            if isinstance(t, ty.Complex):
                return None
            return signature(t, *([t] * len(args)))
        return None

    def describe(self):
        return ["%s(number, number, ...)" % self.key.__name__, "%s(tuple)" % self.key.__name__]


registry.register_global(builtins.min, type("Min", (_MinMax,), {}))
registry.register_global(builtins.max, type("Max", (_MinMax,), {}))


@registry.register_global(builtins.int)
class Int(AbstractTemplate):
    """``int(x)``: an integer keeps its type (``int(int32)`` is int32, as in
    Numba); a bool or a float gives int64."""

    def generic(self, args, kws):
        if len(args) == 1 and isinstance(args[0], ty.Integer) and not isinstance(args[0], ty.Boolean):
            return signature(args[0], args[0])
        if len(args) == 1 and isinstance(args[0], (ty.Integer, ty.Float)):
            return signature(ty.int64, args[0])
        return None


@registry.register_global(builtins.float)
class FloatCtor(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 1 and isinstance(args[0], (ty.Integer, ty.Float)):
            return signature(ty.float64, args[0])
        return None


@registry.register_global(builtins.complex)
class ComplexCtor(AbstractTemplate):
    def generic(self, args, kws):
        if 1 <= len(args) <= 2 and all(is_number(a) for a in args):
            if not any(isinstance(a, ty.Complex) for a in args):  # (re, im) taken as they are
                return signature(ty.complex128, *([ty.float64] * len(args)))
            return signature(ty.complex128, *([ty.complex128] * len(args)))
        return None


@registry.register_global(builtins.bool)
class BoolCtor(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 1 and isinstance(args[0], (ty.Number, ty.NoneType, ty.BaseTuple)):
            return signature(ty.boolean, args[0])
        return None


@registry.register_global(builtins.round)
class Round(CallableTemplate):
    def generic(self):
        def typer(number, ndigits=None):
            if isinstance(number, ty.Float):
                if ndigits is None:
                    return signature(ty.int64, number)
                if is_int(ndigits):
                    return signature(number, number, ty.int64)
            if isinstance(number, ty.Integer) and ndigits is None:
                return signature(ty.int64, ty.int64)
            return None
        return typer


@registry.register_global(builtins.pow)
class Pow(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 2 and not kws:
            t = arith_type(*args)
            if t is not None:
                return signature(t, t, t)
        return None


@registry.register_global(builtins.divmod)
class DivMod(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 2 and not kws and is_number(args[0]) and is_number(args[1]):
            t = _holding_type(*args)
            if t is not None and not isinstance(t, ty.Complex):
                return signature(ty.UniTuple(t, 2), t, t)
        return None


# iteration, tuple operations and the compile-time builtins (isinstance,
# getattr) have modules of their own; their templates go into the same registry
from pycomp.frontend.typing import introspection, iterators, tupleops  # noqa: E402,F401
