"""Lowering of Python lists (typing: :mod:`pycomp.frontend.typing.lists`).

A list value is a pointer to a meminfo of the memory runtime whose payload
is ``{size, capacity, itemsize, table, buffer, items}`` (see
:mod:`pycomp.targets.cpu.listruntime`, which also holds the destructor and
the functions that grow and shift the item buffer). Items are stored as in
an array (bool as a byte), ``itemsize`` bytes apart. A list holds a
reference to each item that holds references (arrays, lists): storing an
item increfs it, overwriting or removing one releases it, and the
destructor releases them all. ``lst[i]`` gives a new reference to the item
(the list may drop its own while the item is used, see
``lowering.refcounts.makes_references``); iteration borrows.

Indices are always checked (IndexError, CPython's messages), as in Numba.
"""

from __future__ import annotations

import builtins
import hashlib
import struct

from xdsl.dialects import llvm

from pycomp import types as ty
from pycomp.oprules import lowering_rule
from pycomp.signature import Signature
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.impl_slices import slice_extent
from pycomp.targets.cpu.listruntime import ensure_list_runtime
from pycomp.targets.datamodel import (F32, F64, I1, I8, I32, I64, MEMINFO, MEMINFO_DATA_FIELD, PTR,
                                      iterator_state_type, memory_type)

__all__ = ["new_list", "list_append", "list_size", "item_layout", "load_item", "item_pointer"]

PAYLOAD = llvm.LLVMStructType.from_type_list([I64, I64, I64, PTR, PTR, PTR, I64])
SIZE, CAPACITY, ITEMSIZE, TABLE, BUFFER, ITEMS, DIRTY = range(7)


# ------------------------------------------------------------------ item layout


def _abi(t) -> tuple[int, int]:
    """(size, alignment) in bytes of an LLVM memory type on 64-bit targets."""
    if isinstance(t, llvm.LLVMStructType):
        off, align = 0, 1
        for m in t.types.data:
            s, a = _abi(m)
            off = (off + a - 1) // a * a + s
            align = max(align, a)
        return (off + align - 1) // align * align, align
    if isinstance(t, llvm.LLVMArrayType):
        s, a = _abi(t.type)
        return s * t.size.data, a
    if t == PTR or t == F64:
        return 8, 8
    if t == F32:
        return 4, 4
    w = t.width.data
    n = 1 if w <= 8 else 2 if w <= 16 else 4 if w <= 32 else 8
    return n, n


def _member_offsets(t) -> list[int]:
    off, out = 0, []
    for m in t.types.data:
        s, a = _abi(m)
        off = (off + a - 1) // a * a
        out.append(off)
        off += s
    return out


def _reference_offsets(t: ty.Type, base: int = 0) -> list[int]:
    """Byte offsets, inside an item of type ``t``, of the meminfo pointers it holds."""
    if isinstance(t, ty.Array) or isinstance(t, ty.List):
        return [base]  # an array struct's field 0; a list is its meminfo
    if isinstance(t, ty.BaseTuple) and ty.has_references(t):
        offs = _member_offsets(memory_type(t))
        out = []
        for e, o in zip(t.types, offs):
            out += _reference_offsets(e, base + o)
        return out
    return []


def item_layout(dtype: ty.Type) -> tuple[int, list[int]]:
    """(itemsize, offsets of the meminfo pointers in an item) of list items of ``dtype``."""
    return max(_abi(memory_type(dtype))[0], 1), _reference_offsets(dtype)


def _table(ctx, b, dtype):
    """The destructor's table of a list of ``dtype`` (null: no references)."""
    _, offs = item_layout(dtype)
    if not offs:
        return b.zero(PTR)
    data = struct.pack("<%dq" % (len(offs) + 1), len(offs), *offs)
    name = "pycomp.const.list.%s" % hashlib.sha1(data).hexdigest()[:16]
    ctx.constant_data.setdefault(name, data)
    return b._r(llvm.AddressOfOp(name, PTR))


# ------------------------------------------------------------------ the payload


def _declare_runtime(ctx):
    if getattr(ctx, "name", "") == "cpu":
        ensure_list_runtime()
    ctx.declare("pycomp_list_new", PTR, [I64, I64, PTR])
    ctx.declare("pycomp_list_reserve", I32, [PTR, I64])
    ctx.declare("pycomp_list_make_room", I32, [PTR, I64])
    ctx.declare("pycomp_list_remove_at", None, [PTR, I64])


def _payload(b, lst):
    return b.load(b.gep(lst, [0, MEMINFO_DATA_FIELD], MEMINFO), PTR)


def _field_ptr(b, lst, k):
    return b.gep(_payload(b, lst), [0, k], PAYLOAD)


def list_size(b, lst):
    """The number of items (i64)."""
    return b.load(_field_ptr(b, lst, SIZE), I64)


def _set_size(b, lst, n):
    b.store(n, _field_ptr(b, lst, SIZE))
    _mark_dirty(b, lst)


def _mark_dirty(b, lst):
    """Record a change (a reflected list is written back only if changed)."""
    b.store(b.i64(1), _field_ptr(b, lst, DIRTY))


def item_pointer(b, dtype, lst, i):
    """The address of item ``i`` (not checked)."""
    items = b.load(_field_ptr(b, lst, ITEMS), PTR)
    size, _ = item_layout(dtype)
    return b.gep(items, [b.ibin("mul", i, b.i64(size))], I8)


def load_item(b, dtype, ptr):
    if memory_type(dtype) == PTR:
        return _load_ptr(b, ptr)
    v = b.load(ptr, memory_type(dtype))
    return b.cast("trunc", v, I1) if isinstance(dtype, ty.Boolean) else v


def _store_item(b, dtype, v, ptr):
    if isinstance(dtype, ty.Boolean):
        v = b.cast("zext", v, I8)
    if memory_type(dtype) == PTR:
        return _store_ptr(b, v, ptr)
    b.store(v, ptr)


# a pointer value (a list) goes through memory as an i64: the emitter
# (lowering/emit.py) cannot store an opaque pointer value
def _store_ptr(b, v, ptr):
    b.store(b.cast("ptrtoint", v, I64), ptr)


def _load_ptr(b, ptr):
    return b._r(llvm.IntToPtrOp(b.load(ptr, I64)))


class owning:
    """``with owning(ctx, value, t):`` an exception raised inside releases
    ``value`` too (a new list or array an implementation is filling)."""

    def __init__(self, ctx, value, t):
        self.ctx, self.pair = ctx, (value, t)

    def __enter__(self):
        self.saved = self.ctx.owned_references
        self.ctx.owned_references = list(self.saved) + [self.pair]

    def __exit__(self, *exc):
        self.ctx.owned_references = self.saved
        return False


def new_list(ctx, b, list_t: ty.List, capacity):
    """A new empty list of type ``list_t`` with room for ``capacity`` (i64)
    items; MemoryError if memory is short."""
    _declare_runtime(ctx)
    size, _ = item_layout(list_t.dtype)
    lst = b.call("pycomp_list_new", [b.i64(size), capacity, _table(ctx, b, list_t.dtype)], PTR)
    ctx.guard(b, b.icmp("==", b.cast("ptrtoint", lst, I64), b.i64(0)), MemoryError,
              ("cannot allocate a list",))
    return lst


def _reserve(ctx, b, lst, n):
    _declare_runtime(ctx)
    st = b.call("pycomp_list_reserve", [lst, n], I32)
    ctx.guard(b, b.icmp("!=", st, b.i32(0)), MemoryError, ("cannot grow a list",))


def take_item_reference(ctx, b, list_t: ty.List, v):
    """Take the reference list ``list_t`` holds to item ``v``; the value to
    store. A typed list (``ListType``) outlives the call, so an array item
    borrowed from Python (no meminfo: an argument or a view of one) gets
    a meminfo that keeps its ndarray alive (``pycomp_meminfo_for_parent``),
    as Numba's arrays always have one; everything else is increfed."""
    dtype = list_t.dtype
    if not (isinstance(list_t, ty.ListType) and isinstance(dtype, ty.Array)):
        ctx.incref(b, dtype, v)
        return v
    mi = b.extract(v, 0, PTR)
    borrowed = b.icmp("==", b.cast("ptrtoint", mi, I64), b.i64(0))
    adopt, own, done = b.new_block(), b.new_block(), b.new_block()
    done.insert_arg(PTR, 0)
    b.cond_br(borrowed, adopt, [], own, [])
    b.position_at_end(adopt)
    ctx.declare("pycomp_meminfo_for_parent", PTR, [PTR])
    held = b.call("pycomp_meminfo_for_parent", [b.extract(v, 1, PTR)], PTR)  # null without a parent
    b.br(done, [held])
    b.position_at_end(own)
    ctx.incref(b, dtype, v)
    b.br(done, [mi])
    b.position_at_end(done)
    return b.insert_value(v, done.args[0], 0)


def list_append(ctx, b, list_t: ty.List, lst, v) -> None:
    """Append ``v`` (of the item type) to ``lst``; the list takes a reference."""
    n = list_size(b, lst)
    n1 = b.ibin("add", n, b.i64(1))
    _reserve(ctx, b, lst, n1)
    v = take_item_reference(ctx, b, list_t, v)
    _store_item(b, list_t.dtype, v, item_pointer(b, list_t.dtype, lst, n))
    _set_size(b, lst, n1)


def _copy_items(ctx, b, dtype, src, start, step, count, dst, at, dst_t=None):
    """Items ``start + k*step`` (k < count) of ``src`` to ``at + k`` of ``dst``
    (room reserved; references taken, as list ``dst_t`` takes them)."""
    def body(k):
        i = b.ibin("add", start, b.ibin("mul", k, step))
        v = load_item(b, dtype, item_pointer(b, dtype, src, i))
        if dst_t is None:
            ctx.incref(b, dtype, v)
        else:
            v = take_item_reference(ctx, b, dst_t, v)
        _store_item(b, dtype, v, item_pointer(b, dtype, dst, b.ibin("add", at, k)))
    b.counted_loop(count, body)


def _extend_from_list(ctx, b, list_t, lst, other):
    """``lst.extend(other)`` for a list of the same item type (``other``
    may be ``lst``: its size is read first)."""
    n, m = list_size(b, lst), list_size(b, other)
    total = b.ibin("add", n, m)
    _reserve(ctx, b, lst, total)
    _copy_items(ctx, b, list_t.dtype, other, b.i64(0), b.i64(1), m, lst, n, list_t)
    _set_size(b, lst, total)


def _extend(ctx, b, list_t, lst, src_t, src):
    """``lst.extend(src)`` for any iterable ``src`` (its items converted)."""
    if isinstance(src_t, ty.List) and src_t.dtype is list_t.dtype:
        return _extend_from_list(ctx, b, list_t, lst, src)
    if isinstance(src_t, ty.List):
        it_t = ty.ListIter(src_t)
    elif isinstance(src_t, ty.IteratorType):
        it_t = src_t
    else:
        it_t = _iterator_of(src_t)
    state = ctx.getiter(b, src_t, it_t, src)
    header, body, done = b.new_block(), b.new_block(), b.new_block()
    b.br(header)
    b.position_at_end(header)
    item, valid = ctx.iternext(b, it_t, state)
    b.cond_br(valid, body, [], done, [])
    b.position_at_end(body)
    list_append(ctx, b, list_t, lst, ctx.cast(b, item, it_t.yield_type, list_t.dtype))
    b.br(header)
    b.position_at_end(done)


def _iterator_of(t):
    if isinstance(t, ty.RangeType):
        return ty.RangeIter(t.dtype)
    if isinstance(t, ty.UniTuple):
        return ty.UniTupleIter(t)
    if isinstance(t, ty.Array):
        return ty.ArrayIter(t)
    raise TypeError("cannot iterate over %s" % t)


def _checked_index(ctx, b, lst, idx, message):
    """``idx`` wrapped (negative counts from the end) and checked: IndexError(message)."""
    n = list_size(b, lst)
    zero = b.i64(0)
    i = b.select(b.icmp("<", idx, zero), b.ibin("add", idx, n), idx)
    bad = b.ibin("or", b.icmp("<", i, zero), b.icmp(">=", i, n))
    ctx.guard(b, bad, IndexError, (message,))
    return i


# ------------------------------------------------------------------ displays, len, items


@lowering_rule("nb.build_list")
def lower_build_list(lowering, op):
    """``[a, b, ...]``: a new list holding the items (a reference to each)."""
    ctx, b = lowering.ctx, lowering.b
    from pycomp.dialects import nb

    list_t = nb.type_of(op.result)
    items = list(op.items)
    lst = new_list(ctx, b, list_t, b.i64(len(items)))
    for k, v in enumerate(items):
        val = lowering.v(v)
        ctx.incref(b, list_t.dtype, val)
        _store_item(b, list_t.dtype, val, item_pointer(b, list_t.dtype, lst, b.i64(k)))
    if items:
        _set_size(b, lst, b.i64(len(items)))
    return lst


def list_len(ctx, b, sig, args):
    return list_size(b, args[0])


reg.impls.setdefault(builtins.len, []).insert(0, ((ty.List,), list_len))  # before the generic len()


@reg.lower("getitem", ty.List, ty.Integer)
def list_getitem(ctx, b, sig, args):
    """``lst[i]``: a new reference to the item."""
    list_t = sig.args[0]
    i = _checked_index(ctx, b, args[0], args[1], "list index out of range")
    v = load_item(b, list_t.dtype, item_pointer(b, list_t.dtype, args[0], i))
    ctx.incref(b, list_t.dtype, v)
    return v


@reg.lower("getitem", ty.List, ty.SliceType)
def list_getslice(ctx, b, sig, args):
    """``lst[a:b:c]``: a new list of those items."""
    list_t = sig.args[0]
    start, step, count = slice_extent(ctx, b, args[1], list_size(b, args[0]))
    out = new_list(ctx, b, sig.return_type, count)
    _copy_items(ctx, b, list_t.dtype, args[0], start, step, count, out, b.i64(0))
    _set_size(b, out, count)
    return out


@reg.lower("setitem", ty.List, ty.Integer, ty.Type)
def list_setitem(ctx, b, sig, args):
    """``lst[i] = v``: the old item released, ``v`` referenced."""
    dtype = sig.args[0].dtype
    i = _checked_index(ctx, b, args[0], args[1], "list assignment index out of range")
    ptr = item_pointer(b, dtype, args[0], i)
    old = load_item(b, dtype, ptr)
    _store_item(b, dtype, take_item_reference(ctx, b, sig.args[0], args[2]), ptr)
    ctx.decref(b, dtype, old)
    _mark_dirty(b, args[0])


@reg.lower_cast(ty.List, ty.Boolean)
def list_truth(ctx, b, fromty, toty, v):
    """``bool(lst)``: whether it has items."""
    return b.icmp("!=", list_size(b, v), b.i64(0))


@reg.lower_cast(ty.List, ty.List)
def list_to_list(ctx, b, fromty, toty, v):
    """A reflected list and a plain one are the same value."""
    return v


# ------------------------------------------------------------------ iteration


@reg.lower("getiter", ty.List)
def list_getiter(ctx, b, sig, args):
    st = iterator_state_type(sig.return_type)
    state = b.alloca(st)
    b.store(b.i64(0), b.gep(state, [0, 0], st))
    _store_ptr(b, args[0], b.gep(state, [0, 1], st))
    return state


@reg.lower("iternext", ty.ListIter)
def list_iternext(ctx, b, sig, args):
    """The item at the index (borrowed); past the end, item 0 is read (the
    buffer always has room for one) and is not valid."""
    t = sig.args[0]
    st = iterator_state_type(t)
    pidx = b.gep(args[0], [0, 0], st)
    idx = b.load(pidx, I64)
    lst = _load_ptr(b, b.gep(args[0], [0, 1], st))
    valid = b.icmp("<", idx, list_size(b, lst))
    at = b.select(valid, idx, b.i64(0))
    item = load_item(b, t.yield_type, item_pointer(b, t.yield_type, lst, at))
    b.store(b.ibin("add", idx, b.i64(1)), pidx)
    return item, valid


# ------------------------------------------------------------------ methods


@reg.lower("list.append")
def list_append_method(ctx, b, sig, args):
    list_append(ctx, b, sig.args[0], args[0], args[1])


@reg.lower("list.insert")
def list_insert(ctx, b, sig, args):
    """``lst.insert(i, v)``: ``i`` clipped to [0, len] as Python does."""
    list_t, lst = sig.args[0], args[0]
    n = list_size(b, lst)
    zero = b.i64(0)
    i = b.select(b.icmp("<", args[1], zero), b.ibin("add", args[1], n), args[1])
    i = b.select(b.icmp("<", i, zero), zero, i)
    i = b.select(b.icmp(">", i, n), n, i)
    _declare_runtime(ctx)
    st = b.call("pycomp_list_make_room", [lst, i], I32)
    ctx.guard(b, b.icmp("!=", st, b.i32(0)), MemoryError, ("cannot grow a list",))
    _store_item(b, list_t.dtype, take_item_reference(ctx, b, list_t, args[2]), item_pointer(b, list_t.dtype, lst, i))


@reg.lower("list.pop")
def list_pop(ctx, b, sig, args):
    """``lst.pop([i])``: the item (its reference passes to the caller)."""
    list_t, lst = sig.args[0], args[0]
    n = list_size(b, lst)
    ctx.guard(b, b.icmp("==", n, b.i64(0)), IndexError, ("pop from empty list",))
    if len(args) > 1:
        i = _checked_index(ctx, b, lst, args[1], "pop index out of range")
    else:
        i = b.ibin("sub", n, b.i64(1))
    v = load_item(b, list_t.dtype, item_pointer(b, list_t.dtype, lst, i))
    _declare_runtime(ctx)
    b.call("pycomp_list_remove_at", [lst, i])
    return v


def _release_items(ctx, b, dtype, lst, start, stop):
    if ty.has_references(dtype):
        def body(k):
            i = b.ibin("add", start, k)
            ctx.decref(b, dtype, load_item(b, dtype, item_pointer(b, dtype, lst, i)))
        b.counted_loop(b.ibin("sub", stop, start), body)


@reg.lower("list.clear")
def list_clear(ctx, b, sig, args):
    dtype = sig.args[0].dtype
    _release_items(ctx, b, dtype, args[0], b.i64(0), list_size(b, args[0]))
    _set_size(b, args[0], b.i64(0))


@reg.lower("list.copy")
def list_copy(ctx, b, sig, args):
    out = new_list(ctx, b, sig.return_type, list_size(b, args[0]))
    with owning(ctx, out, sig.return_type):
        _extend_from_list(ctx, b, sig.return_type, out, args[0])
    return out


@reg.lower("list.extend")
def list_extend(ctx, b, sig, args):
    _extend(ctx, b, sig.args[0], args[0], sig.args[1], args[1])


@reg.lower("+=", ty.List, ty.Type)
def list_iadd(ctx, b, sig, args):
    """``a += iterable``: ``a`` extended in place (the result is ``a``, a new reference)."""
    _extend(ctx, b, sig.args[0], args[0], sig.args[1], args[1])
    ctx.incref(b, sig.args[0], args[0])
    return args[0]


@reg.lower(builtins.list)
def list_ctor(ctx, b, sig, args):
    """``list()`` and ``list(iterable)``."""
    list_t = sig.return_type
    cap = list_size(b, args[0]) if sig.args and isinstance(sig.args[0], ty.List) else b.i64(0)
    out = new_list(ctx, b, list_t, cap)
    if sig.args:
        with owning(ctx, out, list_t):
            _extend(ctx, b, list_t, out, sig.args[0], args[0])
    return out


# ------------------------------------------------------------------ operators


@reg.lower("+", ty.List, ty.List)
def list_add(ctx, b, sig, args):
    out = new_list(ctx, b, sig.return_type,
                   b.ibin("add", list_size(b, args[0]), list_size(b, args[1])))
    with owning(ctx, out, sig.return_type):
        _extend_from_list(ctx, b, sig.return_type, out, args[0])
        _extend_from_list(ctx, b, sig.return_type, out, args[1])
    return out


def _repeated_count(ctx, b, m, times):
    """``m * times`` items (``times >= 0``); MemoryError where that passes
    what the runtime can allocate (2**61: it cannot wrap around)."""
    limit = b.ibin("sdiv", b.i64(1 << 61), b.select(b.icmp("<", times, b.i64(1)), b.i64(1), times))
    ctx.guard(b, b.icmp(">", m, limit), MemoryError, ("cannot allocate a list",))
    return b.ibin("mul", m, times)


def _repeat_into(ctx, b, list_t, dst, src, times):
    """Append the items of ``src`` (its size read first) ``times`` times to ``dst``."""
    m = list_size(b, src)
    n0 = list_size(b, dst)
    total = b.ibin("add", n0, _repeated_count(ctx, b, m, times))
    _reserve(ctx, b, dst, total)

    def body(r):
        _copy_items(ctx, b, list_t.dtype, src, b.i64(0), b.i64(1), m, dst, b.ibin("add", n0, b.ibin("mul", r, m)))
    b.counted_loop(times, body)
    _set_size(b, dst, total)


@reg.lower("*", ty.List, ty.Integer)
@reg.lower("*", ty.Integer, ty.List)
def list_mul(ctx, b, sig, args):
    """``lst * n``: a new list, the items repeated (none for ``n <= 0``)."""
    if isinstance(sig.args[0], ty.List):
        src, n = args
    else:
        n, src = args
    n = b.select(b.icmp("<", n, b.i64(0)), b.i64(0), n)
    out = new_list(ctx, b, sig.return_type, _repeated_count(ctx, b, list_size(b, src), n))
    with owning(ctx, out, sig.return_type):
        _repeat_into(ctx, b, sig.return_type, out, src, n)
    return out


@reg.lower("*=", ty.List, ty.Integer)
def list_imul(ctx, b, sig, args):
    """``lst *= n``: ``n - 1`` more copies of the items appended (cleared for ``n <= 0``)."""
    list_t, lst, n = sig.args[0], args[0], args[1]
    clear, more, done = b.new_block(), b.new_block(), b.new_block()
    b.cond_br(b.icmp("<=", n, b.i64(0)), clear, [], more, [])
    b.position_at_end(clear)
    _release_items(ctx, b, list_t.dtype, lst, b.i64(0), list_size(b, lst))
    _set_size(b, lst, b.i64(0))
    b.br(done)
    b.position_at_end(more)
    _repeat_into(ctx, b, list_t, lst, lst, b.ibin("sub", n, b.i64(1)))
    b.br(done)
    b.position_at_end(done)
    ctx.incref(b, list_t, lst)
    return lst


def _items_equal(ctx, b, dtype, x, y):
    sig = Signature(ty.boolean, (dtype, dtype))
    return ctx.implementation("==", sig)(ctx, b, sig, [x, y])


def _search(ctx, b, dtype, lst, n, test):
    """Whether ``test(i)`` (an i1) holds for some ``i < n``; stops at the first."""
    from xdsl.ir import Block

    header = Block(arg_types=[I64])
    b.region.add_block(header)
    body, found, done = b.new_block(), b.new_block(), Block(arg_types=[I1])
    b.region.add_block(done)
    b.br(header, [b.i64(0)])
    b.position_at_end(header)
    i = header.args[0]
    b.cond_br(b.icmp("<", i, n), body, [], done, [b.const_int(I1, 0)])
    b.position_at_end(body)
    hit = test(i)
    b.cond_br(hit, found, [], header, [b.ibin("add", i, b.i64(1))])
    b.position_at_end(found)
    b.br(done, [b.true()])
    b.position_at_end(done)
    return done.args[0]


def _contains(negate: bool):
    def impl(ctx, b, sig, args):
        """``x in lst``: some item ``== x`` (``not in``: none)."""
        dtype, lst = sig.args[1].dtype, args[1]

        def test(i):
            return _items_equal(ctx, b, dtype, load_item(b, dtype, item_pointer(b, dtype, lst, i)), args[0])
        hit = _search(ctx, b, dtype, lst, list_size(b, lst), test)
        return b.ibin("xor", hit, b.true()) if negate else hit
    return impl


reg.lower("in", ty.Type, ty.List)(_contains(False))
reg.lower("not in", ty.Type, ty.List)(_contains(True))


def _equal(negate: bool):
    def impl(ctx, b, sig, args):
        """``a == b``: same size and every pair of items ``==`` (``!=``: not so)."""
        dtype = sig.args[0].dtype
        x, y = args
        n, m = list_size(b, x), list_size(b, y)
        from xdsl.ir import Block

        same_size = b.new_block()

        done = Block(arg_types=[I1])
        b.cond_br(b.icmp("==", n, m), same_size, [], done, [b.const_int(I1, 0)])
        b.region.add_block(done)
        b.position_at_end(same_size)

        def test(i):
            xi = load_item(b, dtype, item_pointer(b, dtype, x, i))
            yi = load_item(b, dtype, item_pointer(b, dtype, y, i))
            return b.ibin("xor", _items_equal(ctx, b, dtype, xi, yi), b.true())
        mismatch = _search(ctx, b, dtype, x, n, test)
        b.br(done, [b.ibin("xor", mismatch, b.true())])
        b.position_at_end(done)
        eq = done.args[0]
        return b.ibin("xor", eq, b.true()) if negate else eq
    return impl


reg.lower("==", ty.List, ty.List)(_equal(False))
reg.lower("!=", ty.List, ty.List)(_equal(True))


# ------------------------------------------------------------------ np.array


def array_from_list(ctx, b, list_t: ty.List, lst, arr_t: ty.Array):
    """``np.array(lst)`` of a (nested) list of numbers: a new C array, one
    dimension per level, extents from the first item of each level; a
    level whose lists differ in length raises NumPy's ValueError."""
    from pycomp.targets.cpu.impl_arrays import allocate_array

    t, v = list_t, lst
    dims = []
    for k in range(arr_t.ndim):  # the extents: the first item's, level by level
        n = list_size(b, v)
        dims.append(n)
        if k + 1 < arr_t.ndim:
            item = load_item(b, t.dtype, item_pointer(b, t.dtype, v, b.i64(0)))
            v = b.select(b.icmp(">", n, b.i64(0)), item, v)  # an empty level has no first item
            t = t.dtype
    # below an empty level every extent is 0
    fixed = [dims[0]]
    nonempty = b.icmp(">", dims[0], b.i64(0))
    for k in range(1, len(dims)):
        fixed.append(b.select(nonempty, dims[k], b.i64(0)))
        nonempty = b.ibin("and", nonempty, b.icmp(">", dims[k], b.i64(0)))
    arr = allocate_array(ctx, b, arr_t, fixed)
    data, mem_t = b.extract(arr, 4, PTR), memory_type(arr_t.dtype)

    def fill(level, t, v, prefix):
        n = list_size(b, v)
        ctx.guard(b, b.icmp("!=", n, fixed[level]), ValueError,
                  ("setting an array element with a sequence. The requested array has an "
                   "inhomogeneous shape",))

        def body(i):
            item = load_item(b, t.dtype, item_pointer(b, t.dtype, v, i))
            at = b.ibin("add", b.ibin("mul", prefix, fixed[level]), i)
            if level + 1 == arr_t.ndim:
                x = ctx.cast(b, item, t.dtype, arr_t.dtype)
                if isinstance(arr_t.dtype, ty.Boolean):
                    x = b.cast("zext", x, I8)
                b.store(x, b.gep(data, [at], mem_t))
            else:
                fill(level + 1, t.dtype, item, at)
        b.counted_loop(n, body)
    with owning(ctx, arr, arr_t):
        fill(0, list_t, lst, b.i64(0))
    return arr


from pycomp.targets.cpu import listboxing  # noqa: E402,F401  (boxing and unboxing, registered there)
from pycomp.targets.cpu import impl_typedlist  # noqa: E402,F401  (typed lists: constructors, boxing)
