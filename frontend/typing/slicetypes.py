"""Typing of slice values: the ``slice`` builtin, a slice's ``start``,
``stop`` and ``step`` and its ``indices(length)`` method.

``slice(stop)``, ``slice(start, stop)`` and ``slice(start, stop, step)``
of integers or None give ``slice<a:b>``, or ``slice<a:b:c>`` when a step
other than None is given (Numba's slice2 and slice3 types, :class:`pycomp.types.SliceType`);
so does ``x[i:j]`` (:mod:`pycomp.frontend.slices`). A slice passed in from
Python is typed the same way by its step. Its ``start``, ``stop`` and
``step`` are int64: the parts left out are filled in as Numba fills them
(step 1; start 0 or, for a negative step, sys.maxsize; stop sys.maxsize or
-sys.maxsize - 1), and ``indices(n)`` is Python's ``slice.indices``.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.indexing import is_integer_index
from pycomp.frontend.typing.templates import AbstractTemplate, AttributeTemplate, builtin_registry as registry, signature

__all__ = ["SliceBuiltin", "SliceAttributes", "SliceIndices"]


def _slice_part(t) -> bool:
    return is_integer_index(t) or isinstance(t, (ty.NoneType, ty.Omitted))


@registry.register_global(builtins.slice)
class SliceBuiltin(AbstractTemplate):
    """``slice([start,] stop[, step])``."""

    def generic(self, args, kws):
        if kws or not 1 <= len(args) <= 3 or not all(_slice_part(t) for t in args):
            return None
        stepped = len(args) == 3 and not isinstance(args[2], (ty.NoneType, ty.Omitted))
        return signature(ty.slice3_type if stepped else ty.slice2_type, *args)

    def describe(self):
        return ["slice(stop)", "slice(start, stop[, step]) of integers or None"]


class SliceIndices(AbstractTemplate):
    """``s.indices(length)``: (start, stop, step) clipped to the length."""

    key = "slice.indices"

    def generic(self, args, kws):
        if len(args) == 2 and not kws and isinstance(args[0], ty.SliceType) and is_integer_index(args[1]):
            return signature(ty.UniTuple(ty.int64, 3), args[0], ty.int64)
        return None

    def describe(self):
        return ["slice.indices(length: int)"]


@registry.register_attr
class SliceAttributes(AttributeTemplate):
    key = ty.SliceType

    def resolve_start(self, s):
        return ty.int64

    def resolve_stop(self, s):
        return ty.int64

    def resolve_step(self, s):
        return ty.int64

    def resolve_indices(self, s):
        return ty.BoundFunction(SliceIndices, s)
