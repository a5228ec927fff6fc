"""Builtins answered at compile time from types: ``isinstance()``,
``getattr()`` and ``hasattr()`` with a constant attribute name.

Their templates return a :class:`~pycomp.frontend.typing.templates.Folded`
signature: type inference replaces the call by a constant, by an attribute
access or by the default argument, and a branch on an ``isinstance`` or
``hasattr`` result reaches one side only, so the other side may hold code
that would not type for this argument (Numba's branch pruning).

``isinstance(x, C)`` follows Numba's aliasing of Python and NumPy scalar
classes: ``int`` is ``np.int64`` (so an int64 is an instance of both, and
a bool, an int32 or a uint64 of neither), ``float`` is ``np.float64``,
``complex`` is ``np.complex128`` and ``bool`` is ``np.bool_``. The abstract
NumPy classes (``np.integer``, ``np.floating``, ``np.number``, ...) take
every width, ``tuple`` every tuple, ``np.ndarray`` every array, ``range`` a
range, ``type(None)`` None; classes of values compiled code never holds
(``list``, ``dict``, ``set``, ``bytes``, exception classes) give False.
``C`` may be a tuple of classes, nested as in Python.
"""

from __future__ import annotations

import builtins

import numpy as np

from pycomp import types as ty
from pycomp.errors import TypingAttributeError, TypingError
from pycomp.frontend.typing.context import typeof_constant
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, folded

__all__ = ["isinstance_of"]

_EXACT = {int: ty.int64, float: ty.float64, complex: ty.complex128, bool: ty.boolean}
_FAMILIES = {
    np.bool_: lambda t: isinstance(t, ty.Boolean),
    np.signedinteger: lambda t: isinstance(t, ty.Integer) and t.signed and not isinstance(t, ty.Boolean),
    np.unsignedinteger: lambda t: isinstance(t, ty.Integer) and not t.signed and not isinstance(t, ty.Boolean),
    np.integer: lambda t: isinstance(t, ty.Integer) and not isinstance(t, ty.Boolean),
    np.floating: lambda t: isinstance(t, ty.Float),
    np.complexfloating: lambda t: isinstance(t, ty.Complex),
    np.inexact: lambda t: isinstance(t, (ty.Float, ty.Complex)),
    np.number: lambda t: isinstance(t, ty.Number) and not isinstance(t, ty.Boolean),
    np.datetime64: lambda t: isinstance(t, ty.NPDatetime),  # any unit
    np.timedelta64: lambda t: isinstance(t, ty.NPTimedelta),
    np.void: lambda t: isinstance(t, ty.Record),
}
_CLASSES = {tuple: ty.BaseTuple, np.ndarray: ty.Array, range: ty.RangeType, type(None): ty.NoneType,
            str: ty.StringLiteral, object: ty.Type}
_NEVER = (list, dict, set, frozenset, bytes, bytearray, BaseException)


def _scalar_class_type(cls):
    """The pycomp type a concrete NumPy scalar class stands for, or None."""
    try:
        return ty.parse_type(np.dtype(cls).name)
    except (TypeError, ValueError):
        return None


def isinstance_of(t: ty.Type, cls) -> bool:
    """Whether a value of type ``t`` is an instance of the Python class
    ``cls`` (see the module docstring); TypingError for a class that
    cannot be answered."""
    if isinstance(t, getattr(ty, "Optional", ())):
        raise TypingError("isinstance() cannot determine the class of a value that may be None (%s)" % t)
    if cls in _EXACT:
        return t is _EXACT[cls]
    if isinstance(cls, type) and issubclass(cls, ty.Type):
        raise TypingError("Numba type classes (such as %s) are not supported by isinstance(): "
                          "use a Python or NumPy class" % cls.__name__)
    if cls in _CLASSES:
        return isinstance(t, _CLASSES[cls])
    if ty.is_namedtuple_class(cls):
        return isinstance(t, ty.BaseNamedTuple) and issubclass(t.instance_class, cls)
    if isinstance(cls, type) and issubclass(cls, np.generic):
        if cls in _FAMILIES:
            return _FAMILIES[cls](t)
        scalar = _scalar_class_type(cls)
        if scalar is not None:
            return t is scalar
    if isinstance(cls, type) and issubclass(cls, _NEVER):
        if isinstance(t, ty.ExceptionInstance):
            return issubclass(t.exc_class, cls)
        return False
    raise TypingError("isinstance(): Cannot infer Numba type of Python type %s" % _describe(cls))


def _describe(cls) -> str:
    return getattr(cls, "__qualname__", None) or type(cls).__name__


def _classes(t: ty.Type):
    """The Python classes a type of isinstance()'s second argument stands
    for, in order (a tuple of classes, nested or not)."""
    if isinstance(t, ty.Function) and isinstance(t.key, type):
        return [t.key]
    if isinstance(t, ty.ExceptionClass):
        return [t.exc_class]
    if isinstance(t, ty.NamedTupleClass):
        return [t.instance_class]
    if isinstance(t, ty.BaseTuple):
        return [c for e in t.types for c in _classes(e)]
    if isinstance(t, ty.StringLiteral):
        return [t.value]  # not a class: rejected when reached
    raise TypingError("isinstance() arg 2 must be a class or a tuple of classes, not %s" % t)


@registry.register_global(builtins.isinstance)
class IsInstance(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) != 2 or kws:
            return None
        x, classes = args
        answer = False
        for cls in _classes(classes):  # left to right, as Python (and Numba) stop at a match
            if not isinstance(cls, type):
                raise TypingError("isinstance(): Cannot infer Numba type of Python type %s" % type(cls).__name__)
            if isinstance_of(x, cls):
                answer = True
                break
        return folded(("const", answer), ty.boolean, *args)

    def describe(self):
        return ["isinstance(value, class | tuple of classes)"]


_MISSING = object()


def _attribute_name(args, fname):
    if len(args) < 2 or not isinstance(args[1], ty.StringLiteral):
        raise TypingError("%s(): argument 'name' must be a literal string" % fname)
    return args[1].value


@registry.register_global(builtins.getattr)
class GetAttr(AbstractTemplate):
    """``getattr(obj, "name"[, default])``: ``obj.name``; the default when
    the type has no such attribute; a module's attribute if it is a number."""

    def generic(self, args, kws):
        if kws or len(args) not in (2, 3):
            return None
        obj, name = args[0], _attribute_name(args, "getattr")
        if isinstance(obj, ty.Module):
            value = getattr(obj.pymod, name, _MISSING)
            if value is _MISSING:
                if len(args) == 3:
                    return folded(("arg", 2), args[2], *args)
                raise TypingAttributeError("module '%s' has no attribute '%s'" % (obj.pymod.__name__, name))
            if type(value) in (bool, int, float, complex):
                return folded(("const", value), typeof_constant(value), *args)
            raise TypingError("getattr(%s, '%s'): Returning function objects is not implemented"
                              % (obj.pymod.__name__, name))
        try:
            rt = self.context.resolve_getattr(obj, name)
        except TypingAttributeError:
            if len(args) == 3:
                return folded(("arg", 2), args[2], *args)
            raise TypingAttributeError("'%s' has no attribute '%s'" % (obj, name)) from None
        return folded(("attr", name), rt, *args)

    def describe(self):
        return ["getattr(value, 'name'[, default])"]


@registry.register_global(builtins.hasattr)
class HasAttr(AbstractTemplate):
    """``hasattr(obj, "name")``: whether compiled code knows the attribute."""

    def generic(self, args, kws):
        if kws or len(args) != 2:
            return None
        obj, name = args[0], _attribute_name(args, "hasattr")
        if isinstance(obj, ty.Module):
            answer = hasattr(obj.pymod, name)
        else:
            try:
                self.context.resolve_getattr(obj, name)
                answer = True
            except TypingAttributeError:
                answer = False
        return folded(("const", answer), ty.boolean, *args)

    def describe(self):
        return ["hasattr(value, 'name')"]
