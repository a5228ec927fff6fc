"""``pycomp.typed.List``: Numba's typed list, a list whose items all have
one type, held in the runtime's memory as compiled code holds lists.

A ``List`` object owns one reference to a native list (a meminfo, through a
``pycomp._helperlib.MemInfoOwner``) and knows its type ``ListType(T)``.
Passing it to a jitted function passes that native list (no copy, nothing
reflected back: compiled code changes the list Python sees); an ndarray
stored from Python is stored as a copy (the list's memory cannot keep a
NumPy array alive, Numba's shares it); a jitted
function returning a ``ListType`` value gives a new ``List`` object over
it. Its methods call small jitted functions (compiled once per list type),
as Numba's do. ``List()`` has no item type until its first ``append`` (or
``extend``/``insert``); ``List.empty_list(T)`` and ``List(iterable)``
have one from the start.

In compiled code ``List()`` and ``List.empty_list(T)`` make a typed list
(typing: :mod:`pycomp.frontend.typing.lists`, lowering and boxing:
:mod:`pycomp.targets.cpu.impl_typedlist`).
"""

from __future__ import annotations

import ctypes
import operator
from collections.abc import MutableSequence

import numpy as np

from pycomp import types as ty

__all__ = ["List", "empty_list"]


def _item_type(item_type) -> ty.Type:
    """A pycomp type from what the user gives as an item type: a type, or
    a NumPy scalar class / dtype."""
    if isinstance(item_type, ty.Type):
        return item_type
    from pycomp.typeof import dtype_to_type

    try:
        return dtype_to_type(np.dtype(item_type))
    except TypeError:
        raise TypeError("List.empty_list(): %r is not a type" % (item_type,)) from None


def _type_of_item(item) -> ty.Type:
    """The item type a first item gives an untyped list."""
    from pycomp.typeof import typeof

    t = typeof(item)
    if isinstance(t, ty.List) and not isinstance(t, ty.ListType):
        raise TypeError("a typed List cannot hold Python lists (reflected lists): use typed Lists")
    if isinstance(t, ty.StringLiteral):
        return ty.unicode_type
    return t


# ------------------------------------------------------------------ jitted helpers
# (one dispatcher each; compiled once per list type and argument types)

_HELPERS: dict = {}

_HELPER_SOURCES = {
    "append": "def append(l, x):\n    l.append(x)\n",
    "extend": "def extend(l, xs):\n    l.extend(xs)\n",
    "insert": "def insert(l, i, x):\n    l.insert(i, x)\n",
    "append_copy": "def append_copy(l, x):\n    l.append(x.copy())\n",
    "insert_copy": "def insert_copy(l, i, x):\n    l.insert(i, x.copy())\n",
    "setitem_copy": "def setitem_copy(l, i, x):\n    l[i] = x.copy()\n",
    "pop": "def pop(l, i):\n    return l.pop(i)\n",
    "getitem": "def getitem(l, i):\n    return l[i]\n",
    "setitem": "def setitem(l, i, x):\n    l[i] = x\n",
    "contains": "def contains(l, x):\n    return x in l\n",
    "index": "def index(l, x, start, stop):\n    return l.index(x, start, stop)\n",
    "count": "def count(l, x):\n    return l.count(x)\n",
    "copy": "def copy(l):\n    return l.copy()\n",
    "sort": "def sort(l, key, reverse):\n    l.sort(key=key, reverse=reverse)\n",
    "sort_nokey": "def sort_nokey(l, reverse):\n    l.sort(reverse=reverse)\n",
    "reverse": "def reverse(l):\n    l.reverse()\n",
    "clear": "def clear(l):\n    l.clear()\n",
    "eq": "def eq(a, b):\n    return a == b\n",
}


def _storing(name, item):
    """The helper storing ``item``: an ndarray from Python is stored as a
    copy in the runtime's memory (the list cannot keep the NumPy array
    alive: its item would outlive the array's data)."""
    return _helper(name + "_copy" if isinstance(item, np.ndarray) else name)


def _helper(name):
    """The jitted helper ``name`` (made on first use)."""
    fn = _HELPERS.get(name)
    if fn is None:
        from pycomp.decorators import njit

        ns: dict = {}
        exec(compile(_HELPER_SOURCES[name], "<pycomp.typed.List %s>" % name, "exec"), ns)
        fn = _HELPERS[name] = njit(ns[name])
    return fn


_MAKERS: dict = {}


def _maker(list_type: ty.ListType):
    """A jitted function of no arguments making an empty list of ``list_type``."""
    fn = _MAKERS.get(list_type)
    if fn is None:
        from pycomp.decorators import njit

        # the item type reaches compiled code as a class naming it (any type, not only
        # those that are globals of compiled code)
        holder = type("ItemType", (), {"_pycomp_item_type": list_type.dtype})
        ns = {"empty_list": empty_list, "T": holder}
        exec(compile("def make():\n    return empty_list(T)\n", "<pycomp.typed.List make>", "exec"), ns)
        fn = _MAKERS[list_type] = njit(ns["make"])
    return fn


# ------------------------------------------------------------------ the class


class List(MutableSequence):
    """A typed list (Numba's ``numba.typed.List``): ``List()``,
    ``List(iterable)``, ``List.empty_list(item_type)``."""

    __slots__ = ("_opaque", "_meminfo", "_list_type", "__weakref__")

    #: ``List()`` in compiled code is an empty list its first use types
    #: (pycomp.frontend.typing.listrefine)
    _pycomp_typed_list = True

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("List() takes no keyword arguments")
        if len(args) > 1:
            raise TypeError("List() expected at most 1 argument, got %d" % len(args))
        self._opaque = None  # the MemInfoOwner of the native list (None: untyped yet)
        self._meminfo = 0  # its address (what unboxing reads)
        self._list_type = None
        if args:
            if not hasattr(args[0], "__iter__"):
                raise TypeError("List() argument must be iterable")
            self.extend(args[0])

    # ---------------------------------------------------------- plumbing

    @classmethod
    def _from_owner(cls, list_type, owner):
        """The ``List`` over the native list ``owner`` holds (boxing)."""
        out = cls.__new__(cls)
        out._opaque = owner
        out._meminfo = owner.address
        out._list_type = list_type
        return out

    def _initialise(self, list_type):
        if isinstance(list_type.dtype, ty.Optional) or list_type.dtype is ty.none:
            raise TypeError("a typed List cannot hold None")
        made = _maker(list_type)()
        self._opaque, self._meminfo, self._list_type = made._opaque, made._meminfo, made._list_type

    def _typed_by(self, item) -> bool:
        """Give an untyped list the type of ``item``; whether it has one."""
        if self._list_type is None:
            self._initialise(ty.ListType(_type_of_item(item)))
        return True

    @property
    def _typed(self) -> bool:
        """Whether the item type is known."""
        return self._list_type is not None

    @property
    def _numba_type_(self):
        """``ListType(T)`` (what typeof gives): a TypeError while untyped."""
        if self._list_type is None:
            raise TypeError("invalid operation on untyped list")
        return self._list_type

    @property
    def _dtype(self):
        """The item type (Numba's name)."""
        if self._list_type is None:
            raise RuntimeError("invalid operation on untyped list")  # as Numba
        return self._list_type.dtype

    # ---------------------------------------------------------- sequence protocol

    def __len__(self):
        if self._opaque is None:
            return 0
        return ctypes.c_int64.from_address(self._opaque.data).value  # the payload's size field

    def __getitem__(self, i):
        if self._opaque is None:
            raise IndexError("list index out of range")
        if isinstance(i, slice):
            return _helper("getitem")(self, i)
        return _helper("getitem")(self, _index(i))

    def __setitem__(self, i, item):
        if self._opaque is None:
            raise IndexError("list assignment index out of range")
        if isinstance(i, slice):
            rng = range(*i.indices(len(self)))
            items = list(item)
            if i.step not in (None, 1) or len(rng) == len(items):
                if len(rng) != len(items):
                    raise ValueError("length mismatch for extended slice and sequence")  # Numba's message
                for k, x in zip(rng, items):
                    _storing("setitem", x)(self, k, x)
                return
            start = rng.start
            del self[i]
            for k, x in enumerate(items):
                self.insert(start + k, x)
            return
        _storing("setitem", item)(self, _index(i), item)

    def __delitem__(self, i):
        if isinstance(i, slice):
            for k in sorted(range(*i.indices(len(self))), reverse=True):
                self.pop(k)
            return
        self.pop(_index(i))

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, item):
        if self._opaque is None:
            return False
        return _helper("contains")(self, item)

    def _compare(self, other, op):
        """``op`` between two typed lists; False with anything else (as Numba)."""
        if not isinstance(other, List):
            return False
        if op is operator.eq and self._list_type is not None and self._list_type is other._list_type:
            return _helper("eq")(self, other)
        return op(list(self), list(other))

    def __eq__(self, other):
        return self._compare(other, operator.eq)

    def __ne__(self, other):
        return isinstance(other, List) and not self._compare(other, operator.eq)

    def __lt__(self, other):
        return self._compare(other, operator.lt)

    def __le__(self, other):
        return self._compare(other, operator.le)

    def __gt__(self, other):
        return self._compare(other, operator.gt)

    def __ge__(self, other):
        return self._compare(other, operator.ge)

    __hash__ = None

    def __str__(self):
        return "[%s]" % ", ".join(str(x) for x in self)

    def __repr__(self):
        prefix = str(self._list_type) if self._list_type is not None else "ListType[Undefined]"
        return "%s(%s)" % (prefix, str(self))

    # ---------------------------------------------------------- methods

    def append(self, item):
        """Add ``item`` at the end (its type types an untyped list)."""
        self._typed_by(item)
        _storing("append", item)(self, item)

    def extend(self, iterable):
        """Add the items of ``iterable``."""
        if isinstance(iterable, List):
            if iterable._list_type is None:
                return
            if self._list_type is None:
                self._initialise(iterable._list_type)
            _helper("extend")(self, iterable)
            return
        items = list(iterable)
        if not items:
            return
        self._typed_by(items[0])
        if isinstance(items[0], (List, np.ndarray)) or len({type(x) for x in items}) > 1:
            # one by one: each item is checked as append checks it (a float into
            # integers is a TypingError, as in Numba)
            for x in items:
                _storing("append", x)(self, x)
        else:
            _helper("extend")(self, items)

    def insert(self, i, item):
        """Insert ``item`` before index ``i``."""
        self._typed_by(item)
        _storing("insert", item)(self, _index(i), item)

    def pop(self, i=-1):
        """Remove and return the item at ``i`` (the last one by default)."""
        if self._opaque is None:
            raise TypeError("invalid operation on untyped list")  # as Numba
        return _helper("pop")(self, _index(i))

    def index(self, item, start=None, stop=None):
        """The first index of ``item`` (ValueError if not there)."""
        if self._opaque is None:
            raise ValueError("list.index(x): x not in list")
        n = len(self)
        return _helper("index")(self, item, 0 if start is None else _index(start),
                                n if stop is None else _index(stop))

    def count(self, item):
        """How many items equal ``item``."""
        return 0 if self._opaque is None else _helper("count")(self, item)

    def copy(self):
        """A new typed list of the same items."""
        if self._opaque is None:
            return List()
        return _helper("copy")(self)

    def sort(self, key=None, reverse=False):
        """Sort in place, stably (``key``: a function, compiled if it is not jitted)."""
        if self._opaque is None:
            return
        if key is None:
            _helper("sort_nokey")(self, bool(reverse))
            return
        if not hasattr(key, "py_func"):  # a plain function: compiled, as Numba does
            from pycomp.decorators import njit

            key = njit(key)
        _helper("sort")(self, key, bool(reverse))

    def reverse(self):
        """Reverse the items in place."""
        if self._opaque is not None:
            _helper("reverse")(self)

    def clear(self):
        """Remove every item."""
        if self._opaque is not None:
            _helper("clear")(self)


def _index(i) -> int:
    """An index as a Python int (TypeError for what is not one)."""
    if isinstance(i, (bool, np.bool_)) or not hasattr(i, "__index__"):
        raise TypeError("list indices must be integers or slices, not %s" % type(i).__name__)
    return i.__index__()


def empty_list(item_type, allocated=0):
    """``List.empty_list(item_type)``: a new empty typed list (also in
    compiled code, where ``item_type`` is a pycomp type)."""
    out = List()
    out._initialise(ty.ListType(_item_type(item_type)))
    return out


List.empty_list = staticmethod(empty_list)
