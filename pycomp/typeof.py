"""``typeof``: the pycomp type of a Python value, as the dispatcher sees it.

Python ``int`` is int64 (intp), ``float`` float64, ``complex`` complex128,
``bool`` boolean; NumPy scalars keep their dtype; arrays are typed by dtype,
ndim, layout ('C', 'F' or 'A') and writability; tuples element-wise;
instances of a namedtuple class are typed by their class and items.

Extensions type their own classes with :data:`typeof_impl` (Numba's
generic function): ``@typeof_impl.register(Interval)`` over
``fn(value, c)`` returning a pycomp type (or None: not typeable); a class
may instead carry a ``_numba_type_`` attribute. These are asked only for
values of the classes above none of the built-in rules takes.
"""

from __future__ import annotations

import functools

import numpy as np

from pycomp import types as ty
from pycomp.operators import operator_key

__all__ = ["typeof", "dtype_to_type", "as_numpy_dtype", "typeof_impl", "Purpose"]

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


#: the NumPy scalar classes that can be passed as arguments (``np.zeros(n, dt)``
#: with ``dt = np.float32``), typed as the class, as globals are
_NUMPY_SCALAR_CLASSES = frozenset(d.type for d in _DTYPES)


def dtype_to_type(dtype) -> ty.Type:
    """The pycomp type of NumPy dtype ``dtype``: a number type, or a
    ``Record`` for a structured dtype. ValueError for the others."""
    dt = np.dtype(dtype)
    t = _DTYPES.get(dt)
    if t is not None:
        return t
    if dt.fields is not None and dt.names:
        return _record_type(dt)
    if dt.kind in "SU" and dt.itemsize:  # an array of fixed-size strings: its items are charseqs
        return _field_type(dt)
    if dt.kind in "mM" and dt.isnative:
        unit, count = np.datetime_data(dt)
        if count != 1:
            raise ValueError("unsupported dtype %s: a unit with a multiplier" % dt)
        return (ty.NPDatetime if dt.kind == "M" else ty.NPTimedelta)("" if unit == "generic" else unit)
    if not dt.isnative and dt.newbyteorder("=") in _DTYPES:
        raise ValueError("unsupported dtype %s: a non-native byte order (pycomp reads native-endian data "
                         "only; convert with a.astype(a.dtype.newbyteorder('=')))" % dt)
    raise ValueError("unsupported dtype %s" % dt)


def _record_type(dt: np.dtype) -> ty.Type:
    """The ``Record`` type of structured dtype ``dt``: its fields' types
    (numbers, records, fixed-shape subarrays) and offsets."""
    fields = []
    for name in dt.names:
        fdt, offset = dt.fields[name][:2]
        title = dt.fields[name][2] if len(dt.fields[name]) > 2 else None
        if fdt.subdtype is not None:
            base, shape = fdt.subdtype
            ft = ty.NestedArray(_field_type(base), shape)
        else:
            ft = _field_type(fdt)
        fields.append((name, ft, offset, title))
    return ty.Record(fields, dt.itemsize, dt.isalignedstruct)


def _field_type(dt: np.dtype) -> ty.Type:
    """The type of a record field: any element type, or a string field."""
    if dt.kind == "S":
        return ty.CharSeq(dt.itemsize)
    if dt.kind == "U":
        return ty.UnicodeCharSeq(dt.itemsize // 4)
    return dtype_to_type(dt)


def as_numpy_dtype(t: ty.Type) -> np.dtype:
    """The NumPy dtype of pycomp type ``t`` (the inverse of
    :func:`dtype_to_type`)."""
    if isinstance(t, ty.Record):
        spec = {"names": list(t.names), "formats": [as_numpy_dtype(ft) for _, ft, _ in t.entries],
                "offsets": [o for _, _, o in t.entries], "itemsize": t.size}
        if any(title is not None for title in t.titles):
            spec["titles"] = list(t.titles)
        return np.dtype(spec, align=t.aligned)
    if isinstance(t, ty.NestedArray):
        return np.dtype((as_numpy_dtype(t.dtype), t.shape))
    if isinstance(t, (ty.NPDatetime, ty.NPTimedelta)):
        return np.dtype("%s[%s]" % (t.kind, t.unit) if t.unit else t.kind)
    if isinstance(t, ty.CharSeq):
        return np.dtype("S%d" % t.count)
    if isinstance(t, ty.UnicodeCharSeq):
        return np.dtype("U%d" % t.count)
    return np.dtype(str(t))


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
    if isinstance(value, str):  # a str value (a literal only when frozen as a constant)
        return ty.unicode_type
    if isinstance(value, (bytes, bytearray, memoryview)):
        return _buffer_type(value)
    if isinstance(value, np.void) and value.dtype.names:  # a record: refers to its bytes
        return dtype_to_type(value.dtype)
    if isinstance(value, (np.datetime64, np.timedelta64)):
        return dtype_to_type(value.dtype)
    if isinstance(value, type) and value in _NUMPY_SCALAR_CLASSES:  # np.float32: a compile-time value, as in Numba
        return ty.Function(value)
    if isinstance(value, np.dtype):  # a compile-time value, as in Numba
        return ty.DType(dtype_to_type(value))
    if value is Ellipsis:  # ``...`` in an index tuple passed as an argument: a compile-time value
        return ty.ellipsis
    if isinstance(value, slice):  # its parts are checked when it is unboxed (TypeError)
        return ty.slice3_type if value.step is not None else ty.slice2_type
    if isinstance(value, tuple):
        items = [typeof(v) for v in value]
        if type(value) is not tuple and ty.is_namedtuple_class(type(value)):
            return ty.NamedTuple(items, type(value))  # one type per namedtuple class
        return ty.Tuple(items)
    if isinstance(value, list):
        return _list_type(value)
    if type(value) is set:  # typed for the error messages of what refuses it, as in Numba
        if not value:
            raise ValueError("cannot compute fingerprint of empty set")  # Numba's error
        return ty.Set(typeof(next(iter(value))))
    if hasattr(value, "get_call_signature") and hasattr(value, "py_func"):
        return ty.Dispatcher(value)  # a jitted function passed as a value: calls to it are static
    if operator_key(value) is not None:
        return ty.Function(value)  # operator.add and friends, as values
    t = _typeof_extension(value)
    if t is not None:
        return t
    return _fail(value)


def _buffer_type(value) -> ty.Type:
    """``bytes`` and ``bytearray``: 1-d uint8 C arrays of their bytes; a
    ``memoryview``: an array of its items (read-only as the object is)."""
    if isinstance(value, bytes):
        return ty.Bytes(ty.uint8)
    if isinstance(value, bytearray):
        return ty.ByteArray(ty.uint8)
    try:  # the items as NumPy reads them (a view: nothing is copied)
        dt = np.asarray(value).dtype
        dtype = dtype_to_type(dt)
    except (TypeError, ValueError, NotImplementedError):
        raise ValueError("pycomp cannot pass a memoryview of format %r to compiled code"
                         % (value.format,)) from None
    layout = "C" if value.c_contiguous else "F" if value.f_contiguous else "A"
    return ty.MemoryView(dtype, value.ndim, layout, value.readonly)


def _list_type(value: list) -> ty.Type:
    """A Python list argument: ``reflected list(T)``, T the type of its first
    item (the others must convert to it when the list is unboxed; a list
    inside is a plain list). An empty list has no item type: ValueError, as in Numba."""
    if not value:
        raise ValueError("cannot compute fingerprint of empty list")  # Numba's error
    item = typeof(value[0])
    if isinstance(item, ty.List):
        item = item.copy(reflected=False)
    return ty.List(item, reflected=True)


class Purpose:
    """Why a value is typed (Numba's ``typeof.Purpose``): passed as an
    argument or frozen as a constant."""

    argument = "argument"
    constant = "constant"


class _TypeofContext:
    """The ``c`` a :data:`typeof_impl` function receives: ``c.purpose``."""

    def __init__(self, purpose=Purpose.argument):
        self.purpose = purpose


@functools.singledispatch
def typeof_impl(value, c):
    """The pycomp type of ``value`` for an extension (Numba's
    ``typeof_impl``): register a function per Python class with
    ``@typeof_impl.register(MyClass)``; it returns a type or None."""
    return None


_ARGUMENT = _TypeofContext(Purpose.argument)


def _typeof_extension(value):
    """The type an extension gives ``value``: its class's ``typeof_impl``
    function, else its ``_numba_type_`` attribute; None if neither."""
    if isinstance(value, np.random.Generator):
        import pycomp.np.generator  # noqa: F401  (registers the Generator type on first use)
    fn = typeof_impl.dispatch(type(value))
    if fn is not typeof_impl.dispatch(object):
        t = fn(value, _ARGUMENT)
        if t is not None and not isinstance(t, ty.Type):
            raise TypeError("typeof_impl for %s returned %r, not a pycomp type" % (type(value).__name__, t))
        return t
    try:
        t = getattr(value, "_numba_type_", None)
    except Exception:  # a property that fails: the value is not typeable
        return None
    return t if isinstance(t, ty.Type) else None


def _fail(value):
    if type(value) is int:
        raise OverflowError("int %d is too big for any integer type of compiled code (64 bits)" % value)
    raise ValueError("Cannot determine pycomp type of %s: pycomp cannot pass a value of type %s "
                     "to compiled code" % (type(value), type(value).__name__))
