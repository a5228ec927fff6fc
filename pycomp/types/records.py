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

from pycomp.types.abstract import Type
from pycomp.types.containers import Array

__all__ = ["Record", "NestedArray", "CharSeq", "UnicodeCharSeq"]


class Record(Type):
    """A structured dtype: ``fields`` is a tuple of ``(name, type,
    offset)``, ``size`` the itemsize in bytes, ``aligned`` NumPy's
    ``isalignedstruct``. Values are pointers to the record's bytes."""

    def __init__(self, fields, size: int, aligned: bool = False):
        self.fields = tuple((str(n), t, int(o)) for n, t, o in fields)
        self.size = int(size)
        self.aligned = bool(aligned)
        self._by_name = {n: (t, o) for n, t, o in self.fields}

    @classmethod
    def _key_from_args(cls, fields, size, aligned=False):
        return (tuple((str(n), t, int(o)) for n, t, o in fields), int(size), bool(aligned))

    def __str__(self):
        inner = ",".join("%s[type=%s;offset=%d]" % (n, t, o) for n, t, o in self.fields)
        return "Record(%s;%d;%s)" % (inner, self.size, self.aligned)

    def __getitem__(self, dims):
        """Numba's array shorthand: ``rec[:]`` is a 1-d C array of records."""
        from pycomp.types.scalars import Number

        return Number.__getitem__(self, dims)

    @property
    def names(self) -> tuple:
        """The field names, in order."""
        return tuple(n for n, _, _ in self.fields)

    def has_field(self, name: str) -> bool:
        return name in self._by_name

    def typeof(self, name: str) -> Type:
        """The type of field ``name`` (KeyError if there is none)."""
        return self._by_name[name][0]

    def offset(self, name: str) -> int:
        """The byte offset of field ``name``."""
        return self._by_name[name][1]

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
    """A fixed-length bytes field of a record (NumPy ``S<count>``). Records
    holding one pass through compiled code; the field itself cannot be read
    or written there (pycomp has no string values yet)."""

    def __init__(self, count: int):
        self.count = int(count)

    def __str__(self):
        return "charseq(%d)" % self.count


class UnicodeCharSeq(Type):
    """A fixed-length str field of a record (NumPy ``U<count>``, UCS-4);
    like :class:`CharSeq`, carried but not readable in compiled code."""

    def __init__(self, count: int):
        self.count = int(count)

    def __str__(self):
        return "unicodecharseq(%d)" % self.count
