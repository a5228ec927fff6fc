"""Python lists in compiled code (Numba's reflected lists): ``List`` and its iterator.

A list value is a pointer to a reference-counted memory block of the
runtime (csrc/nrt.c) whose payload holds the size, the capacity and the
item buffer; values are shared by reference, as Python lists are. A list
passed in from Python is *reflected* (``reflected list(int64)``): changes
made by compiled code are written back to the Python list on return.

``List(unknown)`` (printed ``list(?)``) is the type of an empty display
``[]`` before a use (``append``, ``extend``, ``insert``, ``lst[i] = v``)
gives its items a type; it unifies with any list.
"""

from __future__ import annotations

from pycomp.types.abstract import Type, Unknown
from pycomp.types.iterators import IteratorType

__all__ = ["List", "ListIter", "ListType", "Set"]


class List(Type):
    """A Python list of items of type ``dtype``; ``reflected`` when it came
    from a Python argument (its changes are written back on return)."""

    #: the value is a runtime meminfo pointer (see pycomp.types.has_references)
    holds_meminfo = True
    #: ``lst[i]`` and ``lst[a:b]`` own a reference (pycomp.lowering.refcounts)
    item_is_new_reference = True

    def __init__(self, dtype: Type, reflected: bool = False):
        self.dtype = dtype
        self.reflected = bool(reflected)
        self.is_precise = not isinstance(dtype, Unknown)

    @classmethod
    def _key_from_args(cls, dtype, reflected=False):
        return (dtype, bool(reflected))

    def copy(self, dtype=None, reflected=None) -> "List":
        return List(self.dtype if dtype is None else dtype, self.reflected if reflected is None else reflected)

    def __str__(self):
        return "%slist(%s)" % ("reflected " if self.reflected else "", self.dtype)

    @property
    def key(self):
        return (self.dtype, self.reflected)

    @property
    def undefined(self) -> bool:
        """Whether the item type is not known yet (an empty ``[]``)."""
        return isinstance(self.dtype, Unknown)

    def unify(self, typingctx, other):
        """Numba's ``Type.unify``: a list whose items are not known yet takes
        the other's item type; reflected with plain gives reflected."""
        if not isinstance(other, List) or isinstance(other, ListType):
            return None
        if self.undefined or other.dtype is self.dtype:
            dtype = other.dtype
        elif other.undefined:
            dtype = self.dtype
        else:
            return None
        return List(dtype, self.reflected or other.reflected)

    def can_convert_to(self, typingctx, other):
        """A list converts to the same list reflected or not (a promotion:
        the same value); an undefined one to any list."""
        if isinstance(other, List) and not isinstance(other, ListType) and \
                (other.dtype is self.dtype or self.undefined):
            return 2
        return None


class Set(Type):
    """A Python ``set`` argument of items of type ``dtype`` (Numba's
    ``reflected set(T)``). Compiled code has no operations on it: a
    function using one fails to type (each NumPy function names the
    argument it refuses), and one passing it through cannot be called
    (it is not unboxed)."""

    def __init__(self, dtype: Type, reflected: bool = True):
        self.dtype = dtype
        self.reflected = bool(reflected)

    @classmethod
    def _key_from_args(cls, dtype, reflected=True):
        return (dtype, bool(reflected))

    def __str__(self):
        return "%sset(%s)" % ("reflected " if self.reflected else "", self.dtype)

    @property
    def key(self):
        return (self.dtype, self.reflected)


class ListType(List):
    """Numba's ``types.ListType``: the type of a ``pycomp.typed.List``
    (printed ``ListType[int64]``). The same value as a native list (a
    meminfo pointer) and the same operations; passing one to compiled code
    passes the list itself (no copy, nothing reflected) and returning one
    gives a ``typed.List``."""

    def __init__(self, dtype: Type, reflected: bool = False):
        super().__init__(dtype, False)

    @classmethod
    def _key_from_args(cls, dtype, reflected=False):
        return (dtype,)

    @property
    def item_type(self) -> Type:
        """Numba's name for the item type."""
        return self.dtype

    def copy(self, dtype=None, reflected=None) -> "ListType":
        return ListType(self.dtype if dtype is None else dtype)

    def __str__(self):
        return "ListType[%s]" % self.dtype

    @property
    def key(self):
        return (self.dtype,)

    def unify(self, typingctx, other):
        """A typed list whose items are not known yet takes the other's item
        type; it does not unify with a reflected/native list."""
        if not isinstance(other, ListType):
            return None
        if self.undefined or other.dtype is self.dtype:
            return ListType(other.dtype)
        if other.undefined:
            return self
        return None

    def can_convert_to(self, typingctx, other):
        """Only to a typed list of the same items (an undefined one to any)."""
        if isinstance(other, ListType) and (other.dtype is self.dtype or self.undefined):
            return 2
        return None


class ListIter(IteratorType):
    """The iterator over a list: a pointer to mutable (index, list)."""

    def __init__(self, list_type: List):
        self.list_type = list_type
        self.yield_type = list_type.dtype

    def __str__(self):
        return "iter(%s)" % self.list_type
