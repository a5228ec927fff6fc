"""Structured (record) dtypes: ``Record`` and ``NestedArray``, as in Numba.

A NumPy structured dtype such as ``np.dtype([("x", "f8"), ("n", "i4")])``
is the pycomp type ``Record``: its fields, each a name, a pycomp type and a
byte offset, its size in bytes and whether NumPy aligned it. An array of
records is ``Array(Record(...), ndim, layout)``; an element of it,
``a[i]``, is a value of the ``Record`` type that *refers* to the element's
bytes (writing ``r.x = 1.0`` writes into the array, as in NumPy and
Numba). A field that is itself an array (``("v", "f8", (3,))``) has the
type ``NestedArray``; reading it gives an array view into the record.
"""

from __future__ import annotations

from typing import NamedTuple

from pycomp.types.abstract import Type
from pycomp.types.containers import Array

__all__ = ["Record", "RecordField", "NestedArray", "CharSeq", "UnicodeCharSeq"]


#: Conversion.safe (pycomp.frontend.typing.conversions)
_SAFE = 3


class RecordField(NamedTuple):
    """One field of a record, as Numba's ``Record.fields`` maps it."""

    type: Type
    offset: int
    alignment: int | None = None
    title: str | None = None


def _field_entry(item):
    """``(name, type, offset[, title])``, or Numba's ``(name, {"type": ...,
    "offset": ..., "title": ...})``, as ``(name, type, offset, title)``."""
    if len(item) == 2 and isinstance(item[1], dict):
        name, info = item
        return str(name), info["type"], int(info["offset"]), info.get("title")
    name, t, offset = item[:3]
    return str(name), t, int(offset), (item[3] if len(item) > 3 else None)


class Record(Type):
    """A structured dtype: its ``entries`` (a tuple of ``(name, type,
    offset)`` in order), ``size`` the itemsize in bytes, ``aligned`` NumPy's
    ``isalignedstruct``, and each field's optional title (another key that
    reads the same field, ``np.dtype([(("title", "name"), "f8")])``). Values
    are pointers to the record's bytes.

    As in Numba, ``fields`` maps every key (names and titles) to a
    :class:`RecordField`, ``members`` is the ``(name, type)`` list,
    ``len(rec)`` the number of fields and ``rec.dtype`` the NumPy dtype."""

    def __init__(self, fields, size: int, aligned: bool = False):
        items = [_field_entry(f) for f in fields]
        self.entries = tuple((n, t, o) for n, t, o, _ in items)
        self.titles = tuple(title for _, _, _, title in items)
        self.size = int(size)
        self.aligned = bool(aligned)
        self.fields = {}
        for n, t, o, title in items:
            self.fields[n] = RecordField(t, o, None, title)
        for n, t, o, title in items:
            if title is not None:
                self.fields[title] = self.fields[n]

    @classmethod
    def _key_from_args(cls, fields, size, aligned=False):
        return (tuple(_field_entry(f) for f in fields), int(size), bool(aligned))

    @classmethod
    def make_c_struct(cls, name_types):
        """The record of C struct layout (each field at its natural
        alignment, the size padded to the largest) of ``(name, type)``
        pairs, as Numba's ``Record.make_c_struct``."""
        import numpy as np

        from pycomp.typeof import as_numpy_dtype, dtype_to_type

        dt = np.dtype([(n, as_numpy_dtype(t)) for n, t in name_types], align=True)
        return dtype_to_type(dt)

    def __str__(self):
        inner = ",".join("%s[type=%s;offset=%d%s]" % (n, t, o, "" if title is None else ";title=%s" % title)
                         for (n, t, o), title in zip(self.entries, self.titles))
        return "Record(%s;%d;%s)" % (inner, self.size, self.aligned)

    def __len__(self):
        return len(self.entries)

    @property
    def members(self) -> list:
        """The ``(name, type)`` of each field, in order."""
        return [(n, t) for n, t, _ in self.entries]

    @property
    def dtype(self):
        """The NumPy structured dtype (Numba's ``Record.dtype``)."""
        return self.numpy_dtype

    def is_title(self, key: str) -> bool:
        """Whether ``key`` is a field's title rather than its name."""
        return key in self.titles and key not in self.names

    def __getitem__(self, dims):
        """Numba's array shorthand: ``rec[:]`` is a 1-d C array of records."""
        from pycomp.types.scalars import Number

        return Number.__getitem__(self, dims)

    @property
    def names(self) -> tuple:
        """The field names, in order."""
        return tuple(n for n, _, _ in self.entries)

    def has_field(self, name: str) -> bool:
        """Whether ``name`` is a field's name or title."""
        return name in self.fields

    def typeof(self, name: str) -> Type:
        """The type of field ``name`` (or title; KeyError if there is none)."""
        return self.fields[name].type

    def offset(self, name: str) -> int:
        """The byte offset of field ``name`` (or title)."""
        return self.fields[name].offset

    def can_convert_to(self, typingctx, other):
        """A record converts safely to a record whose fields are a prefix of
        its own (same names, types and offsets, in order): compiled code for
        ``[('a', 'f8')]`` takes a record of ``[('a', 'f8'), ('b', 'f8')]``,
        reading through the same pointer, as in Numba."""
        if not isinstance(other, Record) or other is self or other.aligned != self.aligned:
            return None
        n = len(other.entries)
        if n > len(self.entries) or self.entries[:n] != other.entries or self.titles[:n] != other.titles:
            return None
        return _SAFE

    @property
    def numpy_dtype(self):
        """The NumPy structured dtype this type stands for."""
        from pycomp.typeof import as_numpy_dtype

        return as_numpy_dtype(self)


class NestedArray(Type):
    """The type of an array field of a record (``("v", "f8", (2, 3))``): a
    C-contiguous block of fixed ``shape`` inside the record's bytes. Reading
    the field gives a view of it, of type :attr:`as_array`."""

    def __init__(self, dtype: Type, shape: tuple):
        self.dtype = dtype
        self.shape = tuple(int(s) for s in shape)
        self.ndim = len(self.shape)

    @classmethod
    def _key_from_args(cls, dtype, shape):
        return (dtype, tuple(int(s) for s in shape))

    def __str__(self):
        return "nestedarray(%s, %s)" % (self.dtype, self.shape)

    @property
    def nested_shape(self) -> tuple:
        """The dimensions an ``Array`` of this dtype appends to its own."""
        return self.shape

    @property
    def as_array(self) -> Array:
        """The type of a view of the field: a C array of its dtype."""
        return Array(self.dtype, self.ndim, "C")

    @property
    def nitems(self) -> int:
        n = 1
        for s in self.shape:
            n *= s
        return n


class CharSeq(Type):
    """A fixed-length bytes field of a record (NumPy ``S<count>``). Its value
    is the ``count`` bytes themselves (an LLVM ``[count x i8]``): read from a
    record, passed to functions, returned as ``bytes`` without the trailing
    NULs, and written into a record from another one or from a Python
    ``bytes``/ASCII ``str`` argument (truncated, NUL-padded), as NumPy."""

    def __init__(self, count: int):
        self.count = int(count)

    def __str__(self):
        return "charseq(%d)" % self.count

    def can_convert_from(self, typingctx, other):
        """Another ``S<m>`` value converts (truncated or NUL-padded, as NumPy assigns)."""
        return _SAFE if isinstance(other, CharSeq) else None


class UnicodeCharSeq(Type):
    """A fixed-length str field of a record (NumPy ``U<count>``): its value
    is ``count`` UCS-4 code points (``[count x i32]``), handled as
    :class:`CharSeq` is, returned as a ``str``."""

    def __init__(self, count: int):
        self.count = int(count)

    def __str__(self):
        return "unicodecharseq(%d)" % self.count

    def can_convert_from(self, typingctx, other):
        """A ``str`` (or literal) or another ``U<m>`` value converts
        (truncated or NUL-padded, as NumPy assigns)."""
        from pycomp.types.strings import StringLiteral, UnicodeType

        return _SAFE if isinstance(other, (UnicodeCharSeq, UnicodeType, StringLiteral)) else None
