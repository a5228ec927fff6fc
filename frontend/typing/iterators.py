"""Typing of iteration: ``for`` loops, unpacking, ``iter()``, ``next()``,
``zip()`` and ``enumerate()``.

One rule says what an iterable's iterator is: the ``"getiter"`` operator
templates below (``nb.getiter``, ``iter(x)``, ``zip``'s and
``enumerate``'s arguments and the unpacking of a non-tuple all ask it).
Iterators are the :class:`pycomp.types.IteratorType` subclasses; each knows
its ``yield_type``, so ``nb.iternext`` and ``next()`` need no rule of their
own, and the iterator of an iterator is itself (``iter(zip(a, b))``,
``enumerate(zip(a, b))``).

What iterates: ranges, homogeneous tuples, arrays of one dimension or more
(over the first one) and iterators.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.templates import (
    AbstractTemplate,
    CallableTemplate,
    builtin_registry as registry,
    signature,
)

__all__ = ["iterator_type", "not_iterable"]


class GetIter(AbstractTemplate):
    """``iter(x)``: the iterator type of an iterable type."""

    def generic(self, args, kws):
        if len(args) != 1 or kws:
            return None
        (t,) = args
        if isinstance(t, ty.IteratorType):
            return signature(t, t)
        if isinstance(t, ty.RangeType):
            return signature(ty.RangeIter(t.dtype), t)
        if isinstance(t, ty.UniTuple):
            return signature(ty.UniTupleIter(t), t)
        if isinstance(t, ty.Array) and t.ndim > 0:
            return signature(ty.ArrayIter(t), t)
        return None

    def describe(self):
        return ["iter(range | homogeneous tuple | array | iterator)"]


registry.register_op("getiter", GetIter)


def iterator_type(context, t: ty.Type) -> ty.IteratorType | None:
    """The iterator over values of type ``t``, or None if they do not iterate."""
    try:
        return context.resolve_op("getiter", (t,)).return_type
    except TypingError:
        return None


def not_iterable(t: ty.Type) -> TypingError:
    """The error for iterating over (or unpacking) a value of type ``t``."""
    if isinstance(t, ty.Array) and t.ndim == 0:
        return TypingError("iteration over a 0-d array")
    return TypingError("cannot iterate over a value of type %s" % t)


def _refuse_0d(args) -> None:
    """A 0-d array passed where an iterable is expected is Numba's
    "iteration over a 0-d array", not a failed overload."""
    for a in args:
        if isinstance(a, ty.Array) and a.ndim == 0:
            raise not_iterable(a)


@registry.register_global(builtins.iter)
class Iter(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) != 1 or kws:
            return None
        _refuse_0d(args)
        it = iterator_type(self.context, args[0])
        return None if it is None else signature(it, args[0])

    def describe(self):
        return ["iter(range | homogeneous tuple | array | iterator)"]


@registry.register_global(builtins.next)
class Next(AbstractTemplate):
    """``next(it)``: the next item; StopIteration when exhausted."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], ty.IteratorType):
            return signature(args[0].yield_type, args[0])
        return None

    def describe(self):
        return ["next(iterator)"]


@registry.register_global(builtins.zip)
class Zip(AbstractTemplate):
    """``zip(a, b, ...)`` of any number of iterables (``zip()`` yields nothing)."""

    def generic(self, args, kws):
        if kws:
            return None
        _refuse_0d(args)
        its = [iterator_type(self.context, a) for a in args]
        if any(it is None for it in its):
            return None
        return signature(ty.ZipIter(its), *args)

    def describe(self):
        return ["zip(iterable, ...)"]


@registry.register_global(builtins.enumerate)
class Enumerate(CallableTemplate):
    """``enumerate(x, start=0)``: the count is an int64 (an integer start of
    another width is converted), as in Numba."""

    def generic(self):
        def typer(iterable, start=None):
            _refuse_0d((iterable,))
            it = iterator_type(self.context, iterable)
            if it is None:
                return None
            if start is None:
                return signature(ty.EnumerateIter(it), iterable)
            if not isinstance(start, ty.Integer) or isinstance(start, ty.Boolean):
                raise TypingError("Only integers supported as start value in enumerate, not %s" % start)
            return signature(ty.EnumerateIter(it), iterable, ty.int64)
        return typer
