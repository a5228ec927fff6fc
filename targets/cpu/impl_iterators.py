"""Lowering of iteration: the ``"getiter"`` and ``"iternext"`` implementations
of every iterator, and ``iter()``, ``next()``, ``zip()``, ``enumerate()``.

An iterator is a pointer to its state (``datamodel.iterator_state_type``),
allocated in the entry block. ``"getiter"`` implementations take the
iterable and return that pointer; ``"iternext"`` ones take the pointer and
return ``(item, valid)``: ``item`` means something only when the i1
``valid`` is true. ``nb.getiter``, ``nb.iternext``, unpacking, ``iter()``,
``next()`` and the iterators built of other iterators (zip, enumerate) all
go through these two keys, so a new iterator is two registrations here.
"""

from __future__ import annotations

import builtins

from xdsl.dialects import llvm

from pycomp import types as ty
from pycomp.signature import Signature
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.datamodel import I1, I64, PTR, iterator_state_type, llvm_type

__all__: list = []


# ------------------------------------------------------------------ getiter

@reg.lower("getiter", ty.IteratorType)
def iter_of_iterator(ctx, b, sig, args):
    return args[0]


@reg.lower("getiter", ty.RangeType)
def range_getiter(ctx, b, sig, args):
    st = iterator_state_type(sig.return_type)
    state = b.alloca(st)
    for i in range(3):
        b.store(b.extract(args[0], i, I64), b.gep(state, [0, i], st))
    return state


@reg.lower("getiter", (ty.Array, ty.UniTuple))
def indexed_getiter(ctx, b, sig, args):
    """Arrays and tuples: (index, container)."""
    st = iterator_state_type(sig.return_type)
    state = b.alloca(st)
    b.store(b.const_int(I64, 0), b.gep(state, [0, 0], st))
    b.store(args[0], b.gep(state, [0, 1], st))
    return state


# ------------------------------------------------------------------ iternext

@reg.lower("iternext", ty.RangeIter)
def range_iternext(ctx, b, sig, args):
    st = iterator_state_type(sig.args[0])
    state = args[0]
    pnext = b.gep(state, [0, 0], st)
    cur = b.load(pnext, I64)
    stop = b.load(b.gep(state, [0, 1], st), I64)
    step = b.load(b.gep(state, [0, 2], st), I64)
    up = b.icmp(">", step, b.const_int(I64, 0))
    valid = b.select(up, b.icmp("<", cur, stop), b.icmp(">", cur, stop))
    b.store(b.ibin("add", cur, step), pnext)
    return cur, valid


@reg.lower("iternext", (ty.ArrayIter, ty.UniTupleIter))
def indexed_iternext(ctx, b, sig, args):
    """The item at the index, read without a bounds check (an index past
    the end reads item 0 and is not valid). A tuple's items are read in
    place: the state's tuple struct has the layout of an [n x T] array."""
    t = sig.args[0]
    st = iterator_state_type(t)
    state = args[0]
    pidx = b.gep(state, [0, 0], st)
    idx = b.load(pidx, I64)
    if isinstance(t, ty.UniTupleIter):
        n = len(t.tuple)
        valid = b.icmp("<", idx, b.const_int(I64, n))
        safe_idx = b.select(valid, idx, b.const_int(I64, 0))
        items = b.gep(state, [0, 1], st)
        item = b.load(b.gep(items, [0, safe_idx], llvm.LLVMArrayType(n, llvm_type(t.yield_type))),
                      llvm_type(t.yield_type))
    else:
        cont = b.load(b.gep(state, [0, 1], st), llvm_type(t.array))
        valid = b.icmp("<", idx, b.extract(cont, [5, 0], I64))
        safe_idx = b.select(valid, idx, b.const_int(I64, 0))
        get = Signature(t.yield_type, (t.array, ty.intp))
        saved = ctx.boundscheck
        ctx.boundscheck = False
        try:
            item = ctx.implementation("getitem", get)(ctx, b, get, [cont, safe_idx])
        finally:
            ctx.boundscheck = saved
    b.store(b.ibin("add", idx, b.const_int(I64, 1)), pidx)
    return item, valid


@reg.lower("iternext", ty.ZipIter)
def zip_iternext(ctx, b, sig, args):
    """Advance each iterator in turn; the first one exhausted stops the
    rest from being advanced (as Python's zip: the iterators to its right
    keep their items)."""
    t = sig.args[0]
    out_t = llvm_type(t.yield_type)
    out = b.undef(out_t)
    if not t.iterators:
        return out, b.const_int(I1, 0)
    st = iterator_state_type(t)
    valid = None
    for i, it in enumerate(t.iterators):
        inner = b.load(b.gep(args[0], [0, i], st), PTR)
        if valid is None:
            item, valid = ctx.iternext(b, it, inner)
            out = b.insert_value(out, item, 0)
            continue
        step, merge = b.new_block(), b.new_block()
        merge.insert_arg(I1, 0)
        merge.insert_arg(out_t, 1)
        b.cond_br(valid, step, [], merge, [valid, out])
        b.position_at_end(step)
        item, ok = ctx.iternext(b, it, inner)
        b.br(merge, [ok, b.insert_value(out, item, i)])
        b.position_at_end(merge)
        valid, out = merge.args
    return out, valid


@reg.lower("iternext", ty.EnumerateIter)
def enumerate_iternext(ctx, b, sig, args):
    t = sig.args[0]
    st = iterator_state_type(t)
    pcount = b.gep(args[0], [0, 0], st)
    count = b.load(pcount, I64)
    inner = b.load(b.gep(args[0], [0, 1], st), PTR)
    item, valid = ctx.iternext(b, t.iterator, inner)
    b.store(b.ibin("add", count, b.const_int(I64, 1)), pcount)
    out = b.insert_value(b.undef(llvm_type(t.yield_type)), count, 0)
    return b.insert_value(out, item, 1), valid


# ------------------------------------------------------------------ builtins

@reg.lower(builtins.iter)
def iter_(ctx, b, sig, args):
    return ctx.getiter(b, sig.args[0], sig.return_type, args[0])


@reg.lower(builtins.next)
def next_(ctx, b, sig, args):
    item, valid = ctx.iternext(b, sig.args[0], args[0])
    ctx.guard(b, b.ibin("xor", valid, b.true()), StopIteration)
    return item


@reg.lower(builtins.zip)
def zip_(ctx, b, sig, args):
    t = sig.return_type
    st = iterator_state_type(t)
    state = b.alloca(st)
    for i, (a, at, it) in enumerate(zip(args, sig.args, t.iterators)):
        b.store(ctx.getiter(b, at, it, a), b.gep(state, [0, i], st))
    return state


@reg.lower(builtins.enumerate)
def enumerate_(ctx, b, sig, args):
    t = sig.return_type
    st = iterator_state_type(t)
    state = b.alloca(st)
    start = args[1] if len(args) > 1 else b.const_int(I64, 0)
    b.store(start, b.gep(state, [0, 0], st))
    b.store(ctx.getiter(b, sig.args[0], t.iterator, args[0]), b.gep(state, [0, 1], st))
    return state
