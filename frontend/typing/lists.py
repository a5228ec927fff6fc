"""Typing of the operations on Python lists (Numba's reflected lists):
``len``, indexing and slicing, assignment to an item, iteration, ``in``,
``+``, ``*``, ``==``/``!=``, ``bool``, ``list(...)`` and the methods. How
displays and empty lists get their types: :mod:`pycomp.frontend.typing.listrefine`.

The methods ``append``, ``insert``, ``pop``, ``clear``, ``extend`` and
``copy`` are lowered natively (:mod:`pycomp.targets.cpu.impl_lists`);
``index``, ``count``, ``reverse``, ``sort``, ``sorted``, ``sum``, ``min``
and ``max`` are written in Python below (through :mod:`pycomp.extending`).
"""

from __future__ import annotations

import builtins
import operator

import numpy as np

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.conversions import Conversion, can_convert
from pycomp.frontend.typing.datetimes import is_datetime_like
from pycomp.frontend.typing.iterators import iterator_type
from pycomp.frontend.typing.listrefine import list_item_type
from pycomp.frontend.typing.templates import (
    AbstractTemplate,
    AttributeTemplate,
    builtin_registry as registry,
    signature,
)

__all__: list = []


def _is_list(t) -> bool:
    return isinstance(t, ty.List)


def _like(lst, dtype):
    """A new list of ``dtype`` of ``lst``'s kind (a typed list gives a typed list)."""
    return ty.ListType(dtype) if isinstance(lst, ty.ListType) else ty.List(dtype)


def _converts(src, dst) -> bool:
    return can_convert(src, dst) is not None


def _stores(lst, x) -> bool:
    """Whether a value of type ``x`` can be stored in list ``lst``: it
    converts to the item type; a typed list (as Numba's) also refuses a
    float into integers and a complex into reals."""
    if isinstance(lst, ty.ListType) and isinstance(x, (ty.Float, ty.Complex)) and \
            isinstance(lst.dtype, (ty.Integer, ty.Boolean, ty.Float)) and \
            not (isinstance(x, ty.Float) and isinstance(lst.dtype, ty.Float)):
        return False
    return _converts(x, lst.dtype)


# ------------------------------------------------------------------ operators


class ListGetItem(AbstractTemplate):
    """``lst[i]`` (an integer: IndexError when out of range) and ``lst[a:b:c]``
    (a new list)."""

    def generic(self, args, kws):
        if len(args) != 2 or not _is_list(args[0]):
            return None
        lst, idx = args
        if isinstance(idx, ty.Integer):
            return signature(lst.dtype, lst, ty.intp)
        if isinstance(idx, ty.SliceType):
            return signature(_like(lst, lst.dtype), lst, idx)
        return None

    def describe(self):
        return ["getitem(list, int | slice)"]


registry.register_op("getitem", ListGetItem)


class ListSetItem(AbstractTemplate):
    """``lst[i] = v``: ``v`` converted to the item type."""

    def generic(self, args, kws):
        if len(args) != 3 or not _is_list(args[0]) or not isinstance(args[1], ty.Integer):
            return None
        lst, _, value = args
        if not _stores(lst, value):
            raise TypingError("cannot store a value of type %s into a %s" % (value, lst))
        return signature(ty.none, lst, ty.intp, lst.dtype)

    def describe(self):
        return ["setitem(list, int, item)"]


registry.register_op("setitem", ListSetItem)


class ListTruth(AbstractTemplate):
    """``bool(lst)``, ``not lst``, ``if lst:``: whether it has items."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and _is_list(args[0]):
            return signature(ty.boolean, args[0])
        return None

    def describe(self):
        return ["truth(list)"]


registry.register_op("truth", ListTruth)
registry.register_op("unarynot", type("ListNot", (ListTruth,), {}))
registry.register_global(builtins.bool, type("ListBool", (ListTruth,), {}))


@registry.register_global(builtins.len)
class ListLen(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 1 and not kws and _is_list(args[0]):
            return signature(ty.intp, args[0])
        return None

    def describe(self):
        return ["len(list)"]


class ListGetIter(AbstractTemplate):
    """``iter(lst)``, ``for x in lst``: the items in order (borrowed)."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and _is_list(args[0]):
            return signature(ty.ListIter(args[0]), args[0])
        return None

    def describe(self):
        return ["iter(list)"]


registry.register_op("getiter", ListGetIter)


class ListContains(AbstractTemplate):
    """``x in lst``: ``x`` converted to the item type (a conversion that
    loses nothing), items compared with ``==``."""

    def generic(self, args, kws):
        if len(args) != 2 or not _is_list(args[1]):
            return None
        x, lst = args
        c = can_convert(x, lst.dtype)
        if c is None or c > Conversion.safe or not _item_eq(self.context, lst.dtype):
            return None
        return signature(ty.boolean, lst.dtype, lst)

    def describe(self):
        return ["%s(item, list)" % self.key]


registry.register_op("in", ListContains)
registry.register_op("not in", type("ListNotContains", (ListContains,), {}))


def _item_eq(context, dtype) -> bool:
    """Whether items of ``dtype`` compare with ``==`` to a bool."""
    try:
        return context.resolve_op("==", (dtype, dtype)).return_type is ty.boolean
    except TypingError:
        return False


class ListEq(AbstractTemplate):
    """``a == b``, ``a != b`` between lists of one item type."""

    def generic(self, args, kws):
        if len(args) != 2 or not all(_is_list(a) for a in args):
            return None
        a, b = args
        if a.dtype is not b.dtype or not _item_eq(self.context, a.dtype):
            return None
        return signature(ty.boolean, a, b)

    def describe(self):
        return ["%s(list, list)" % self.key]


registry.register_op("==", ListEq)
registry.register_op("!=", type("ListNe", (ListEq,), {}))


class ListAdd(AbstractTemplate):
    """``a + b``: a new list (one item type)."""

    def generic(self, args, kws):
        if len(args) != 2 or not all(_is_list(a) for a in args) or args[0].dtype is not args[1].dtype:
            return None
        return signature(ty.List(args[0].dtype), *args)

    def describe(self):
        return ["+(list, list)"]


registry.register_op("+", ListAdd)


class ListInplaceAdd(AbstractTemplate):
    """``a += iterable``: extends ``a`` in place (its item type stays)."""

    def generic(self, args, kws):
        if len(args) != 2 or not _is_list(args[0]):
            return None
        if _extend_item(self.context, args[0], args[1]) is None:
            return None
        return signature(args[0], *args)

    def describe(self):
        return ["+=(list, iterable)"]


registry.register_op("+=", ListInplaceAdd)


class ListMul(AbstractTemplate):
    """``lst * n`` and ``n * lst``: a new list, the items repeated (none if
    ``n <= 0``)."""

    def generic(self, args, kws):
        if len(args) != 2:
            return None
        a, b = args
        if _is_list(a) and isinstance(b, ty.Integer):
            return signature(ty.List(a.dtype), a, ty.intp)
        if _is_list(b) and isinstance(a, ty.Integer):
            return signature(ty.List(b.dtype), ty.intp, b)
        return None

    def describe(self):
        return ["*(list, int)", "*(int, list)"]


registry.register_op("*", ListMul)


class ListInplaceMul(AbstractTemplate):
    """``lst *= n``: the items repeated in place."""

    def generic(self, args, kws):
        if len(args) == 2 and _is_list(args[0]) and isinstance(args[1], ty.Integer):
            return signature(args[0], args[0], ty.intp)
        return None

    def describe(self):
        return ["*=(list, int)"]


registry.register_op("*=", ListInplaceMul)


@registry.register_global(builtins.list)
class ListCtor(AbstractTemplate):
    """``list()`` (an empty list, refined by its uses) and ``list(iterable)``
    (a new list of its items: a range, tuple, array, list or iterator)."""

    def generic(self, args, kws):
        if kws:
            return None
        if not args:
            return signature(ty.List(ty.unknown))
        if len(args) != 1:
            return None
        (t,) = args
        if isinstance(t, ty.BaseTuple) and not isinstance(t, ty.UniTuple):
            if not len(t):
                return None
            list_item_type(list(t.types))
            return None  # a heterogeneous tuple does not iterate
        it = iterator_type(self.context, t)
        if it is None:
            return None
        return signature(ty.List(it.yield_type), t)

    def describe(self):
        return ["list()", "list(iterable)"]


# ------------------------------------------------------------------ typed lists (pycomp.typed.List)

from pycomp.typed.typedlist import List as _TypedList, empty_list as _empty_list  # noqa: E402


@registry.register_global(_TypedList)
class TypedListCtor(ListCtor):
    """``List()`` (a typed list whose item type its first use gives) and
    ``List(iterable)``."""

    def generic(self, args, kws):
        if kws:
            raise TypingError("List() takes no keyword arguments")
        if len(args) > 1:
            raise TypingError("List() expected at most 1 argument, got %d" % len(args))
        sig = ListCtor.generic(self, args, kws)
        if sig is None:
            raise TypingError("List() argument must be iterable, not %s" % args[0])
        return signature(ty.ListType(sig.return_type.dtype), *sig.args)

    def describe(self):
        return ["List()", "List(iterable)"]


def _as_item_type(t):
    """The item type a ``List.empty_list`` argument names (a pycomp type or
    a NumPy scalar class as a global), or None."""
    key = getattr(t, "key", None) if isinstance(t, ty.Function) else None
    if isinstance(key, ty.Type):
        return key
    if isinstance(getattr(key, "_pycomp_item_type", None), ty.Type):  # pycomp.typed.typedlist._maker
        return key._pycomp_item_type
    if isinstance(key, type) and issubclass(key, np.generic):
        from pycomp.typeof import dtype_to_type

        return dtype_to_type(np.dtype(key))
    if isinstance(t, ty.DType):
        return t.dtype
    return None


@registry.register_global(_empty_list)
class TypedListEmpty(AbstractTemplate):
    """``List.empty_list(item_type[, allocated])``: a new empty typed list."""

    def generic(self, args, kws):
        kws = dict(kws)
        if "item_type" in kws:
            args = (kws.pop("item_type"),) + tuple(args)
        if "allocated" in kws:
            args = tuple(args) + (kws.pop("allocated"),)
        if kws or not 1 <= len(args) <= 2 or (len(args) == 2 and not isinstance(args[1], ty.Integer)):
            return None
        item = _as_item_type(args[0])
        if item is None:
            raise TypingError("List.empty_list(): the item type must be a type, not %s" % args[0])
        return signature(ty.ListType(item), *args)

    def describe(self):
        return ["List.empty_list(item_type)"]


@registry.register_attr
class TypedListClassAttributes(AttributeTemplate):
    """``List.empty_list`` on the typed List class."""

    key = ty.Function

    def generic_resolve(self, t, attr):
        if t.key is _TypedList and attr == "empty_list":
            return ty.Function(_empty_list)
        return None


# ------------------------------------------------------------------ methods


def _extend_item(context, lst: ty.List, iterable):
    """The item type of what ``lst.extend(iterable)`` adds, if it converts
    to ``lst``'s item type; else None."""
    if _is_list(iterable):
        item = iterable.dtype
    else:
        it = iterator_type(context, iterable)
        if it is None:
            return None
        item = it.yield_type
    return item if _converts(item, lst.dtype) else None


class _Method(AbstractTemplate):
    """A native list method: the receiver is the first argument."""

    def describe(self):
        return ["list.%s%s" % (self.key.split(".")[1], self.params)]


class ListAppend(_Method):
    key = "list.append"
    params = "(item)"

    def generic(self, args, kws):
        if len(args) != 2 or kws:
            return None
        lst, x = args
        if not _stores(lst, x):
            raise TypingError("cannot append a value of type %s to a %s" % (x, lst))
        return signature(ty.none, lst, lst.dtype)


class ListInsert(_Method):
    key = "list.insert"
    params = "(index, item)"

    def generic(self, args, kws):
        if len(args) != 3 or kws or not isinstance(args[1], ty.Integer):
            return None
        lst, _, x = args
        if not _stores(lst, x):
            raise TypingError("cannot insert a value of type %s into a %s" % (x, lst))
        return signature(ty.none, lst, ty.intp, lst.dtype)


class ListPop(_Method):
    key = "list.pop"
    params = "([index])"

    def generic(self, args, kws):
        if kws or not 1 <= len(args) <= 2:
            return None
        if len(args) == 2:
            if not isinstance(args[1], ty.Integer):
                return None
            return signature(args[0].dtype, args[0], ty.intp)
        return signature(args[0].dtype, args[0])


class ListClear(_Method):
    key = "list.clear"
    params = "()"

    def generic(self, args, kws):
        return signature(ty.none, args[0]) if len(args) == 1 and not kws else None


class ListCopy(_Method):
    key = "list.copy"
    params = "()"

    def generic(self, args, kws):
        return signature(_like(args[0], args[0].dtype), args[0]) if len(args) == 1 and not kws else None


class ListExtend(_Method):
    key = "list.extend"
    params = "(iterable)"

    def generic(self, args, kws):
        if len(args) != 2 or kws:
            return None
        if _extend_item(self.context, args[0], args[1]) is None:
            raise TypingError("cannot extend a %s with a value of type %s" % (args[0], args[1]))
        return signature(ty.none, *args)


_NATIVE_METHODS = {"append": ListAppend, "insert": ListInsert, "pop": ListPop, "clear": ListClear,
                   "copy": ListCopy, "extend": ListExtend}


@registry.register_attr
class ListAttributes(AttributeTemplate):
    """The native methods of lists (the others are overloads below)."""

    key = ty.List

    def generic_resolve(self, t, attr):
        template = _NATIVE_METHODS.get(attr)
        return None if template is None else ty.BoundFunction(template, t)


# ------------------------------------------------------------------ written in Python
# (pycomp.extending, as users write theirs; compiled for each list type)

from pycomp.extending import overload, overload_method, register_jitable  # noqa: E402


@overload_method(ty.List, "index")
def _list_index(lst, value, start=None, stop=None):
    def impl(lst, value, start=None, stop=None):
        n = len(lst)
        lo = 0 if start is None else start
        hi = n if stop is None else stop
        if lo < 0:
            lo = max(lo + n, 0)
        if hi < 0:
            hi = max(hi + n, 0)
        for i in range(lo, min(hi, n)):
            if lst[i] == value:
                return i
        raise ValueError("list.index(x): x not in list")
    return impl


@overload_method(ty.List, "count")
def _list_count(lst, value):
    def impl(lst, value):
        k = 0
        for x in lst:
            if x == value:
                k += 1
        return k
    return impl


@overload_method(ty.List, "reverse")
def _list_reverse(lst):
    def impl(lst):
        i = 0
        j = len(lst) - 1
        while i < j:
            a = lst[i]
            lst[i] = lst[j]
            lst[j] = a
            i += 1
            j -= 1
    return impl


def _merge_order(keys, reverse):
    """The stable sorted order of ``keys`` (a list of indices into it): a
    bottom-up merge sort through a copy; ``reverse`` keeps equal keys in
    their order, as Python does."""
    n = len(keys)
    src = list(range(n))
    dst = src.copy()
    width = 1
    while width < n:
        lo = 0
        while lo < n:
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                take_right = (keys[src[i]] < keys[src[j]]) if reverse else (keys[src[j]] < keys[src[i]])
                if take_right:
                    dst[k] = src[j]
                    j += 1
                else:
                    dst[k] = src[i]
                    i += 1
                k += 1
            while i < mid:
                dst[k] = src[i]
                i += 1
                k += 1
            while j < hi:
                dst[k] = src[j]
                j += 1
                k += 1
            lo += 2 * width
        src, dst = dst, src
        width *= 2
    return src


merge_order = register_jitable(_merge_order)


def _sortable(dtype) -> bool:
    return isinstance(dtype, (ty.Number, ty.Boolean, ty.BaseTuple, ty.UnicodeType)) and \
        not isinstance(dtype, ty.Complex)


@register_jitable
def _place(lst, order):
    items = lst.copy()
    for i in range(len(order)):
        lst[i] = items[order[i]]


@register_jitable
def msort(lst, reverse):
    """Sort ``lst`` in place by its items, stably."""
    _place(lst, merge_order(lst, reverse))


@register_jitable
def ksort(lst, key, reverse):
    """Sort ``lst`` in place by ``key(item)``, stably (each key computed once)."""
    _place(lst, merge_order([key(x) for x in lst], reverse))


def _no_key(key) -> bool:
    return key is None or isinstance(key, (ty.NoneType, ty.Omitted))


def _check_sortable(what, dtype, key):
    if _no_key(key) and not _sortable(dtype):
        raise TypingError("cannot sort a %s (items must be real numbers, booleans, strings or tuples, "
                          "or give a key)" % what)


@overload_method(ty.List, "sort")
def _list_sort(lst, key=None, reverse=False):
    """``lst.sort(key=None, reverse=False)``: stable, in place."""
    _check_sortable(lst, lst.dtype, key)
    if _no_key(key):
        def impl(lst, key=None, reverse=False):
            msort(lst, reverse)
        return impl

    def keyed(lst, key=None, reverse=False):
        ksort(lst, key, reverse)
    return keyed


@overload(builtins.sorted)
def _sorted(iterable, key=None, reverse=False):
    """``sorted(iterable, key=None, reverse=False)`` of a list or a 1-d
    array: a new list."""
    if _is_list(iterable):
        _check_sortable(iterable, iterable.dtype, key)

        def impl(iterable, key=None, reverse=False):
            out = iterable.copy()
            out.sort(key=key, reverse=reverse)
            return out
        return impl
    if isinstance(iterable, ty.Array) and iterable.ndim == 1:
        _check_sortable(iterable, iterable.dtype, key)

        def of_array(iterable, key=None, reverse=False):
            out = [x for x in iterable]
            out.sort(key=key, reverse=reverse)
            return out
        return of_array
    return None


@overload(builtins.sum)
def _sum(iterable, start=0):
    if not _is_list(iterable):
        return None

    def impl(iterable, start=0):
        s = start
        for x in iterable:
            s = s + x
        return s
    return impl


def _minmax(is_max: bool):
    """``min(x)`` / ``max(x)`` of a list or a 1-d datetime64/timedelta64
    array, as Python iterates it: the first item unless a later one
    compares strictly better (a NaT never does, so it is the answer only
    when it comes first); ValueError, in Python's words, when empty."""
    try:  # Python's own wording (it changed in 3.12)
        (max if is_max else min)(())
    except ValueError as e:
        empty = str(e)

    def typer(iterable):
        if not (_is_list(iterable) or (isinstance(iterable, ty.Array) and iterable.ndim == 1
                                       and is_datetime_like(iterable.dtype))):
            return None

        def impl(iterable):
            if len(iterable) == 0:
                raise ValueError(empty)
            best = iterable[0]
            for i in range(1, len(iterable)):
                x = iterable[i]
                if (x > best) if is_max else (x < best):
                    best = x
            return best
        return impl
    return typer


overload(builtins.min)(_minmax(False))
overload(builtins.max)(_minmax(True))


def _ordering(op, on_equal_prefix):
    """``a < b`` (and ``<=``, ``>``, ``>=``) between lists of one item type:
    the first unequal items decide, else the lengths (as Python)."""
    def typer(a, b):
        if not (_is_list(a) and _is_list(b)) or a.dtype is not b.dtype:
            return None

        def impl(a, b):
            for i in range(min(len(a), len(b))):
                if a[i] != b[i]:
                    return op(a[i], b[i])
            return on_equal_prefix(len(a), len(b))
        return impl
    return typer


overload(operator.lt)(_ordering(operator.lt, operator.lt))
overload(operator.le)(_ordering(operator.lt, operator.le))
overload(operator.gt)(_ordering(operator.gt, operator.gt))
overload(operator.ge)(_ordering(operator.gt, operator.ge))
