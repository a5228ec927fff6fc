"""Tuples, named tuples, arrays and what describes an array (its dtype, ``a.ctypes``)."""

from __future__ import annotations

from pycomp.types.abstract import Type, _qualified_name
from pycomp.types.scalars import Number, Optional

# ---------------------------------------------------------------- tuples

class BaseTuple(Type):
    """A tuple; ``types`` holds the element types."""

    types: tuple[Type, ...]

    def __len__(self):
        return len(self.types)

    def __iter__(self):
        return iter(self.types)

    def __getitem__(self, i):
        return self.types[i]


class UniTuple(BaseTuple):
    """A homogeneous tuple: ``count`` elements of ``dtype``."""

    def __init__(self, dtype: Type, count: int):
        self.dtype = dtype
        self.count = count
        self.types = (dtype,) * count

    def __str__(self):
        return "UniTuple(%s x %d)" % (self.dtype, self.count)

    @property
    def key(self):
        return (self.dtype, self.count)


class Tuple(BaseTuple):
    """A heterogeneous tuple. ``Tuple((t, t))`` gives back ``UniTuple(t, 2)``."""

    @classmethod
    def _redirect(cls, types):
        types = _type_list(types)
        if types and all(t is types[0] for t in types):
            return UniTuple(types[0], len(types))
        return None

    @classmethod
    def _key_from_args(cls, types):
        return (tuple(types),)

    def __init__(self, types):
        self.types = tuple(types)

    def __str__(self):
        return "Tuple(%s)" % ", ".join(str(t) for t in self.types)

    @property
    def key(self):
        return self.types


def _type_list(types) -> tuple:
    """The item types of a tuple type, checked to be a sequence (Numba's
    error for ``Tuple(int32)``)."""
    if isinstance(types, Type) or not hasattr(types, "__iter__"):
        from pycomp.errors import TypingError

        raise TypingError("Argument 'types' is not iterable")
    return tuple(types)


class BaseNamedTuple(BaseTuple):
    """A tuple of a ``collections.namedtuple`` (or ``typing.NamedTuple``)
    class: ``instance_class`` is the class, ``fields`` its field names. A
    namedtuple type is distinct from the plain tuple of the same items (its
    values box back as instances of the class) and converts to no other
    type but the same class with converted items (as in Numba)."""

    instance_class: type
    fields: tuple[str, ...]

    @staticmethod
    def from_types(types, cls) -> "BaseNamedTuple":
        """``NamedUniTuple`` when the items have one type, else ``NamedTuple``."""
        return NamedTuple(types, cls)


class NamedUniTuple(UniTuple, BaseNamedTuple):
    """A homogeneous namedtuple: ``count`` items of ``dtype`` (Numba's
    ``NamedUniTuple``). Everything a ``UniTuple`` does (variable indexes,
    iteration) it does too."""

    def __init__(self, dtype: Type, count: int, cls: type):
        super().__init__(dtype, count)
        self.instance_class = cls
        self.fields = tuple(cls._fields)

    @classmethod
    def _key_from_args(cls, dtype, count, pycls):
        return (dtype, count, pycls)

    def __str__(self):
        return "NamedUniTuple(%s, %s x %d)" % (_qualified_name(self.instance_class), self.dtype, self.count)

    @property
    def key(self):
        return (self.instance_class, self.dtype, self.count)


class NamedTuple(Tuple, BaseNamedTuple):
    """A heterogeneous namedtuple (Numba's ``NamedTuple``);
    ``NamedTuple((t, t), cls)`` gives back ``NamedUniTuple(t, 2, cls)``."""

    @classmethod
    def _redirect(cls, types, pycls):
        types = _type_list(types)
        if types and all(t is types[0] for t in types):
            return NamedUniTuple(types[0], len(types), pycls)
        return None

    @classmethod
    def _key_from_args(cls, types, pycls):
        return (tuple(types), pycls)

    def __init__(self, types, cls: type):
        super().__init__(types)
        self.instance_class = cls
        self.fields = tuple(cls._fields)

    def __str__(self):
        return "NamedTuple(%s, %s)" % (_qualified_name(self.instance_class),
                                       ", ".join(str(t) for t in self.types) or "()")

    @property
    def key(self):
        return (self.instance_class, self.types)


class NamedTupleClass(Type):
    """A namedtuple class used as a value in compiled code: calling it
    builds a namedtuple (keywords and the class's defaults too)."""

    def __init__(self, cls: type):
        self.instance_class = cls

    def __str__(self):
        return "namedtuple_class(%s)" % _qualified_name(self.instance_class)

    @property
    def key(self):
        return self.instance_class


def is_namedtuple_class(obj) -> bool:
    """Whether ``obj`` is a class made by ``collections.namedtuple`` or
    ``typing.NamedTuple`` (a tuple subclass with ``_fields``)."""
    return isinstance(obj, type) and issubclass(obj, tuple) and isinstance(getattr(obj, "_fields", None), tuple)


# ---------------------------------------------------------------- arrays

class Array(Type):
    """A NumPy array view: dtype, number of dimensions, layout ('C', 'F' or
    'A' for any strides) and whether compiled code may write to it."""

    def __init__(self, dtype: Type, ndim: int, layout: str, readonly: bool = False, aligned: bool = True):
        if layout not in ("C", "F", "A"):
            raise ValueError("layout must be 'C', 'F' or 'A', not %r" % (layout,))
        # 0-d and 1-d F are C; a subarray dtype adds its dimensions
        dtype, ndim, layout, readonly = self._key_from_args(dtype, ndim, layout, readonly)
        self.dtype = dtype
        self.ndim = ndim
        self.layout = layout
        self.readonly = readonly
        self.mutable = not readonly

    @classmethod
    def _key_from_args(cls, dtype, ndim, layout, readonly=False, aligned=True):
        """``aligned`` is accepted for Numba's signature and not kept: pycomp
        reads any array element with unaligned-safe loads."""
        shape = getattr(dtype, "nested_shape", None)
        if shape is not None:  # Array(NestedArray(f8, (4,)), 2) is Array(f8, 3), as NumPy nests dtypes
            dtype, ndim = dtype.dtype, ndim + len(shape)
        if ndim == 0 or (ndim == 1 and layout == "F"):
            layout = "C"
        return (dtype, ndim, layout, readonly)

    def copy(self, dtype=None, ndim=None, layout=None, readonly=None):
        return Array(
            self.dtype if dtype is None else dtype,
            self.ndim if ndim is None else ndim,
            self.layout if layout is None else layout,
            self.readonly if readonly is None else readonly,
        )

    def __str__(self):
        ro = ", readonly" if self.readonly else ""
        return "array(%s, %dd, %s%s)" % (self.dtype, self.ndim, self.layout, ro)

    @property
    def key(self):
        """Numba's: (dtype, ndim, layout, mutable, aligned)."""
        return (self.dtype, self.ndim, self.layout, self.mutable, True)


class Bytes(Array):
    """A Python ``bytes`` passed to compiled code: a read-only 1-d uint8 C
    array of its bytes (Numba's ``Bytes``); what compiled code derives from
    it (slices, views) is a plain array. Its unboxing makes a NumPy view of
    the buffer for the call (``pycomp.targets.cpu.impl_buffers``)."""

    python_class = "bytes"

    def __init__(self, dtype, ndim=1, layout="C", readonly=True):
        super().__init__(dtype, ndim, layout, readonly)

    @classmethod
    def _key_from_args(cls, dtype, ndim=1, layout="C", readonly=True):
        return Array._key_from_args(dtype, ndim, layout, readonly)

    def __str__(self):
        return "%s(%s, %dd, %s%s)" % (type(self).__name__, self.dtype, self.ndim, self.layout,
                                      ", readonly" if self.readonly else "")


class ByteArray(Bytes):
    """A Python ``bytearray``: a writable 1-d uint8 C array of its bytes
    (Numba's ``ByteArray``)."""

    python_class = "bytearray"

    def __init__(self, dtype, ndim=1, layout="C", readonly=False):
        super().__init__(dtype, ndim, layout, readonly)

    @classmethod
    def _key_from_args(cls, dtype, ndim=1, layout="C", readonly=False):
        return Array._key_from_args(dtype, ndim, layout, readonly)


class MemoryView(Bytes):
    """A Python ``memoryview``: an array of its items (its format's dtype,
    its dimensions and layout), read-only when the view is (Numba's
    ``MemoryView``)."""

    python_class = "memoryview"

    def __init__(self, dtype, ndim=1, layout="C", readonly=False):
        super().__init__(dtype, ndim, layout, readonly)

    @classmethod
    def _key_from_args(cls, dtype, ndim=1, layout="C", readonly=False):
        return Array._key_from_args(dtype, ndim, layout, readonly)


def has_references(t: Type) -> bool:
    """Whether values of ``t`` hold references to reference-counted run-time
    memory: arrays, and tuples and optionals holding arrays; a type whose
    value is a runtime meminfo pointer (``holds_meminfo``: lists) or a
    struct with one in field ``meminfo_field`` (strings)."""
    if isinstance(t, Array) or getattr(t, "holds_meminfo", False) or getattr(t, "meminfo_field", None) is not None:
        return True
    if isinstance(t, BaseTuple):
        return any(has_references(e) for e in t.types)
    if isinstance(t, Optional):
        return has_references(t.type)
    return False



class DType(Type):
    """The dtype of an array, ``a.dtype`` (Numba's ``DType``): a compile-time
    value naming element type ``dtype``, accepted wherever a dtype argument
    is (``np.empty(n, a.dtype)``, ``b.astype(a.dtype)``)."""

    def __init__(self, dtype: Type):
        self.dtype = dtype

    def __str__(self):
        return "dtype(%s)" % self.dtype


class ArrayFlags(Type):
    """``a.flags`` of an array of type ``array``: its value is the array,
    from which ``c_contiguous``, ``f_contiguous`` and ``contiguous`` are
    read (known at compile time for C and F arrays, from the strides
    otherwise), as Numba's ``ArrayFlags``."""

    def __init__(self, array: Array):
        self.array = array

    def __str__(self):
        return "flags(%s)" % self.array


class ArrayCTypes(Type):
    """``a.ctypes`` of an array of type ``array``: its value is the address
    of the array's data, which ``.data`` reads as an integer."""

    def __init__(self, array: Array):
        self.array = array

    def __str__(self):
        return "ctypes(%s)" % self.array


def _layout_of_marks(marks) -> str:
    """The layout of an array spelled with one mark per dimension: ':' for
    any stride, '1' for ``::1`` (contiguous), as in ``float64[:, ::1]``."""
    if marks[-1] == "1" and all(d == ":" for d in marks[:-1]):
        return "C"
    if marks[0] == "1" and all(d == ":" for d in marks[1:]):
        return "F"
    return "A"
