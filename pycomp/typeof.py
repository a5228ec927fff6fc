"""``typeof``: the pycomp type of a Python value, as the dispatcher sees it.

Python ``int`` is int64 (intp), ``float`` float64, ``complex`` complex128,
``bool`` boolean; NumPy scalars keep their dtype; arrays are typed by dtype,
ndim, layout ('C', 'F' or 'A') and writability; tuples element-wise;
instances of a namedtuple class are typed by their class and items.
"""

from __future__ import annotations

import numpy as np

from pycomp import types as ty
from pycomp.operators import operator_key

__all__ = ["typeof", "dtype_to_type"]

_DTYPES = {
    np.dtype(np.bool_): ty.boolean,
    np.dtype(np.int8): ty.int8, np.dtype(np.int16): ty.int16,
    np.dtype(np.int32): ty.int32, np.dtype(np.int64): ty.int64,
    np.dtype(np.uint8): ty.uint8, np.dtype(np.uint16): ty.uint16,
    np.dtype(np.uint32): ty.uint32, np.dtype(np.uint64): ty.uint64,
    np.dtype(np.float32): ty.float32, np.dtype(np.float64): ty.float64,
    np.dtype(np.complex64): ty.complex64, np.dtype(np.complex128): ty.complex128,
}
_SCALARS = {int: ty.int64, float: ty.float64, complex: ty.complex128, bool: ty.boolean, type(None): ty.none}
_SCALARS.update({d.type: t for d, t in _DTYPES.items()})


def dtype_to_type(dtype) -> ty.Type:
    try:
        return _DTYPES[np.dtype(dtype)]
    except KeyError:
        raise ValueError("unsupported dtype %s" % dtype) from None


def _array_type(a: np.ndarray) -> ty.Type:
    flags = a.flags
    layout = "C" if flags.c_contiguous else ("F" if flags.f_contiguous else "A")
    return ty.Array(dtype_to_type(a.dtype), a.ndim, layout, not flags.writeable)


def typeof(value) -> ty.Type:
    """The type pycomp gives ``value`` when it is passed to a jitted function."""
    t = _SCALARS.get(type(value))
    if t is not None:
        if t is ty.int64 and type(value) is int and not -(1 << 63) <= value < (1 << 63):
            return ty.uint64 if 0 <= value < (1 << 64) else _fail(value)
        return t
    if isinstance(value, np.ndarray):
        return _array_type(value)
    if isinstance(value, tuple):
        items = [typeof(v) for v in value]
        if type(value) is not tuple and ty.is_namedtuple_class(type(value)):
            return ty.NamedTuple(items, type(value))  # one type per namedtuple class
        return ty.Tuple(items)
    if hasattr(value, "get_call_signature") and hasattr(value, "py_func"):
        return ty.Dispatcher(value)  # a jitted function passed as a value: calls to it are static
    if operator_key(value) is not None:
        return ty.Function(value)  # operator.add and friends, as values
    return _fail(value)


def _fail(value):
    if type(value) is int:
        raise OverflowError("int %d is too big for any integer type of compiled code (64 bits)" % value)
    raise ValueError("Cannot determine pycomp type of %s: pycomp cannot pass a value of type %s "
                     "to compiled code" % (type(value), type(value).__name__))
