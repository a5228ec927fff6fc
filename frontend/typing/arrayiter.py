"""Typing of N-dimensional iteration over arrays: ``np.ndindex(shape)`` or
``np.ndindex(*dims)``, ``np.ndenumerate(a)``, ``np.nditer(a)`` of one
array, and ``a.flat`` (iterated, ``len(a.flat)``, ``a.flat[i]`` read and
written with a flat C-order position).

Each is an iterator type of :mod:`pycomp.types` (``NumpyNdIndexType``,
``NumpyNdEnumerateType``, ``NumpyNdIterType``, ``NumpyFlatType``): a
pointer to its state, lowered in targets/cpu/impl_nditer.py. They visit
the elements in C order, whatever the array's layout.
"""

from __future__ import annotations

import builtins

import numpy as np

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, signature

__all__: list = []


def _is_index(t) -> bool:
    return isinstance(t, ty.Integer) and not isinstance(t, ty.Boolean)


@registry.register_global(np.ndindex)
class NdIndex(AbstractTemplate):
    """``np.ndindex(n, m, ...)`` or ``np.ndindex((n, m, ...))``: yields the
    index tuples (intp) of that shape."""

    def generic(self, args, kws):
        if kws:
            return None
        if len(args) == 1 and isinstance(args[0], ty.BaseTuple):
            dims = args[0].types
        else:
            dims = args
        if not all(_is_index(d) for d in dims):
            raise TypingError("np.ndindex(): the shape must be integers or a tuple of integers, not (%s)"
                              % ", ".join(str(a) for a in args))
        return signature(ty.NumpyNdIndexType(len(dims)), *args)

    def describe(self):
        return ["np.ndindex(*shape)"]


@registry.register_global(np.ndenumerate)
class NdEnumerate(AbstractTemplate):
    """``np.ndenumerate(a)``: yields ``(index, element)``."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], ty.Array):
            return signature(ty.NumpyNdEnumerateType(args[0]), args[0])
        return None

    def describe(self):
        return ["np.ndenumerate(array)"]


@registry.register_global(np.nditer)
class NdIter(AbstractTemplate):
    """``np.nditer(a)`` of one array: yields a 0-d view of each element, in
    memory order for a C or F array (an F array is iterated as its
    transpose, which is C), in C order otherwise (as Numba; NumPy's
    default order "K" also reverses negative strides)."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], ty.Array):
            a = args[0]
            seen = a.copy(layout="C") if a.layout == "F" else a
            return signature(ty.NumpyNdIterType(seen), a)
        if args and not kws:
            raise TypingError("np.nditer() is supported for one array only, not (%s)"
                              % ", ".join(str(a) for a in args))
        return None

    def describe(self):
        return ["np.nditer(array)"]


class FlatGetItem(AbstractTemplate):
    """``a.flat[i]``: the element at C-order position ``i``."""

    def generic(self, args, kws):
        flat, idx = args
        if isinstance(flat, ty.NumpyFlatType) and _is_index(idx):
            return signature(flat.array.dtype, flat, ty.intp)
        return None

    def describe(self):
        return ["getitem(array.flat, int)"]


class FlatSetItem(AbstractTemplate):
    """``a.flat[i] = v``."""

    def generic(self, args, kws):
        flat, idx, val = args
        if isinstance(flat, ty.NumpyFlatType) and _is_index(idx):
            if flat.array.readonly:
                raise TypingError("cannot assign to an element of a read-only array (%s)" % flat.array)
            return signature(ty.none, flat, ty.intp, flat.array.dtype)
        return None

    def describe(self):
        return ["setitem(array.flat, int, value)"]


class FlatLen(AbstractTemplate):
    """``len(a.flat)``: the array's size."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], ty.NumpyFlatType):
            return signature(ty.intp, args[0])
        return None

    def describe(self):
        return ["len(array.flat)"]


registry.register_op("getitem", FlatGetItem)
registry.register_op("setitem", FlatSetItem)
registry.register_global(builtins.len, FlatLen)
