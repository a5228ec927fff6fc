"""Typing of array indexing, ``a[index]`` and ``a[index] = v`` (the
``getitem`` and ``setitem`` operators), by the index model of
:mod:`pycomp.indexing` (shared with the lowering): which items an index
has, whether it gives an element, a view or (advanced) a new array, and
the view's layout. Slice values: :mod:`pycomp.frontend.typing.slicetypes`.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, signature
from pycomp.indexing import _items, index_plan, is_integer_index, normalized_index_type  # noqa: F401

__all__ = ["ArrayGetItem", "ArraySetItem", "index_plan", "is_integer_index"]


class ArrayGetItem(AbstractTemplate):
    """``a[index]`` on an array."""

    def generic(self, args, kws):
        arr, idx = args
        if not isinstance(arr, ty.Array) or isinstance(idx, ty.StringLiteral):  # a field: typing/records.py
            return None
        plan = index_plan(arr, idx)
        if plan.result is None:  # pycomp.np.fancyindex's @overload(operator.getitem)
            return None
        return signature(plan.result, arr, normalized_index_type(idx))

    def describe(self):
        return ["getitem(array, int | slice | None | ... | int or bool array | tuple of these)"]


class ArraySetItem(AbstractTemplate):
    """``a[index] = value`` on an array: value is a scalar converted to the
    dtype, or (where the index leaves dimensions or is advanced) an array
    broadcast to what the index picks."""

    def generic(self, args, kws):
        arr, idx, val = args
        if not isinstance(arr, ty.Array) or isinstance(idx, ty.StringLiteral):
            return None
        plan = index_plan(arr, idx)
        if plan.result is None:  # pycomp.np.fancyindex's @overload(operator.setitem)
            return None
        if arr.readonly:
            raise TypingError("cannot assign to a read-only array (%s)" % arr)
        target = plan.result
        if isinstance(target, ty.Array):
            if isinstance(val, ty.Array) and not plan.is_basic and len(_items(idx)) == 1 and val.ndim != 1:
                (index,) = _items(idx)
                if isinstance(index.dtype, ty.Boolean) and index.ndim == arr.ndim:
                    raise TypingError("the value assigned through a boolean mask must be a scalar or 1-d, not %s"
                                      % val)
            if isinstance(val, ty.Array):
                if val.ndim > target.ndim and not plan.is_basic:
                    raise TypingError("cannot assign a %d-d array to a %d-d part of an array"
                                      % (val.ndim, target.ndim))
                from pycomp.frontend.typing.conversions import can_convert

                if not can_convert(val.dtype, arr.dtype):
                    raise TypingError("cannot assign an array of %s to an array of %s" % (val.dtype, arr.dtype))
                return signature(ty.none, arr, normalized_index_type(idx), val)
            if isinstance(val, ty.BaseTuple) and plan.is_basic and len(val) \
                    and all(isinstance(t, (ty.Number, ty.Boolean)) for t in val.types):
                return signature(ty.none, arr, normalized_index_type(idx), val)  # a 1-d sequence
            if not isinstance(val, (ty.Number, ty.Boolean)):
                raise TypingError("cannot assign %s to part of an array of %s" % (val, arr.dtype))
            return signature(ty.none, arr, normalized_index_type(idx), arr.dtype)
        if isinstance(val, ty.Array) and val.ndim == 0:  # its item (NumPy and Numba take it)
            return signature(ty.none, arr, normalized_index_type(idx), arr.dtype)
        if isinstance(val, ty.Array):
            raise TypingError("cannot assign an array (%s) to one element of %s" % (val, arr))
        return signature(ty.none, arr, normalized_index_type(idx), arr.dtype)

    def describe(self):
        return ["setitem(array, index, scalar | array)"]


registry.register_op("getitem", ArrayGetItem)
registry.register_op("setitem", ArraySetItem)
