"""Typing of N-dimensional iteration over arrays: ``np.ndindex(shape)`` or
``np.ndindex(*dims)``, ``np.ndenumerate(a)``, ``np.nditer(x)`` (of one
array, a scalar, or a tuple of operands broadcast together), and
``a.flat`` (iterated, ``len(a.flat)``, ``a.flat[i]`` read and written
with a flat C-order position).

Each is an iterator type of :mod:`pycomp.types` (``NumpyNdIndexType``,
``NumpyNdEnumerateType``, ``NumpyNdIterType``, ``NumpyFlatType``): a
pointer to its state, lowered in targets/cpu/impl_nditer.py. They visit
the elements in C order, whatever the array's layout (``np.nditer``: see
:class:`NdIter`).
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


def _nditer_scalar(t) -> bool:
    """Whether ``t`` may be an operand of ``np.nditer`` as a scalar."""
    return isinstance(t, ty.Number)


def _nditer_order(operands) -> str:
    """The order a broadcast ``np.nditer`` visits its shape in (Numba's
    rule): 'F' where more arrays of one or more dimensions are F than C (a
    contiguous 1-d array counts as both), 'C' otherwise."""
    c = f = 0
    for t in operands:
        if not isinstance(t, ty.Array) or t.ndim == 0:
            continue
        if t.ndim == 1 and t.layout in "CF":
            c, f = c + 1, f + 1
        elif t.layout == "C":
            c += 1
        elif t.layout == "F":
            f += 1
    return "F" if f > c else "C"


@registry.register_global(np.nditer)
class NdIter(AbstractTemplate):
    """``np.nditer(x)``: ``x`` an array, a scalar, or a tuple of arrays and
    scalars that broadcast together. Yields a 0-d view of each element of
    one array (in memory order for a C or F array: an F array is iterated
    as its transpose, which is C; in C order otherwise), or one 0-d view
    per operand of the broadcast shape (a tuple of them for a tuple of two
    or more), in C order, or F order where most operands are F (as Numba;
    NumPy's default order "K" follows memory order)."""

    def generic(self, args, kws):
        if kws or not args:
            return None
        if len(args) > 1:
            raise TypingError("np.nditer() takes one operand (an array, a scalar, or a tuple of them), "
                              "not (%s)" % ", ".join(str(a) for a in args))
        x = args[0]
        if isinstance(x, ty.Array):
            seen = x.copy(layout="C") if x.layout == "F" else x
            return signature(ty.NumpyNdIterType(seen), x)
        if _nditer_scalar(x):
            return signature(ty.NumpyNdIterType(None, (x,), "C", False), x)
        if isinstance(x, ty.BaseTuple) and len(x.types) \
                and all(isinstance(t, ty.Array) or _nditer_scalar(t) for t in x.types):
            ops = tuple(x.types)
            return signature(ty.NumpyNdIterType(None, ops, _nditer_order(ops), len(ops) > 1), x)
        raise TypingError("np.nditer() takes an array, a scalar, or a non-empty tuple of arrays and "
                          "scalars, not %s" % (x,))

    def describe(self):
        return ["np.nditer(array)", "np.nditer(scalar)", "np.nditer((array_or_scalar, ...))"]


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
