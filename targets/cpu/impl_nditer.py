"""Lowering of N-dimensional iteration: ``a.flat`` (iterated, indexed,
``len``), ``np.nditer(x)``, ``np.ndenumerate(a)`` and ``np.ndindex(shape)``.

The array iterators share one state (an ``alloca`` in the entry block, as
every iterator): ``{count, [ndim x index], byte offset, array}``. Each
step reads the element at the offset and advances the index in C order,
carrying into the dimensions to its left, so the offset moves by one
stride (and back by an extent on a carry) and no step multiplies. An
iterator that needs no index over an array laid out in C order (``a.flat``
of a C array, the memory-order elements the reductions read) only counts:
its element is ``data[count]``, a loop LLVM vectorizes.

``np.nditer`` of a scalar or of a tuple of operands broadcast together
keeps one byte offset and one set of (broadcast) strides per operand and
moves them all with the index; see :func:`_broadcast_state_type`.

``np.ndindex`` has ``{count, total, [ndim x extent], [ndim x index]}``.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import llvm

from pycomp import types as ty
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.impl_arrays import _load
from pycomp.targets.cpu.impl_views import build_view, dims, itemsize_of, reversed_view
from pycomp.targets.datamodel import I64, I8, PTR, llvm_type, memory_type, store_value

__all__ = ["flat_iterator", "flat_state_type"]


def _n(ndim: int) -> int:
    return max(ndim, 1)  # a 0-d array keeps one (unused) index


def flat_state_type(arr_t: ty.Array):
    """The state of an iterator over the elements of an array of ``arr_t``."""
    return llvm.LLVMStructType.from_type_list([I64, llvm.LLVMArrayType(_n(arr_t.ndim), I64), I64,
                                               llvm_type(arr_t)])


def _counts_only(it_t) -> bool:
    """Whether the element of ``it_t`` is ``data[count]`` (no index kept)."""
    return not isinstance(it_t, ty.NumpyNdEnumerateType) and (it_t.array.layout == "C" or it_t.array.ndim <= 1)


def flat_iterator(ctx, b, it_t, arr):
    """A new iterator of type ``it_t`` (flat, nditer, ndenumerate) over
    array ``arr``: the pointer to its state, at the first element."""
    st = flat_state_type(it_t.array)
    state = b.alloca(st)
    zero = b.const_int(I64, 0)
    b.store(zero, b.gep(state, [0, 0], st))
    for k in range(_n(it_t.array.ndim)):
        b.store(zero, b.gep(state, [0, 1, k], st))
    b.store(zero, b.gep(state, [0, 2], st))
    b.store(arr, b.gep(state, [0, 3], st))
    return state


def _advance(b, state, st, shape, strides, offs) -> list:
    """Increment the C-order index held at field 1 of ``state`` (``shape``
    its extents) and move each byte offset of ``offs`` with it (by its
    strides, one list of ``strides`` per offset); return the new
    offsets."""
    n = len(shape)
    offs = list(offs)
    cont = b.new_block()
    for j in range(len(offs)):
        cont.insert_arg(I64, j)
    zero = b.const_int(I64, 0)
    for k in range(n - 1, -1, -1):
        pidx = b.gep(state, [0, 1, k], st)
        i = b.ibin("add", b.load(pidx, I64), b.const_int(I64, 1))
        offs = [b.ibin("add", off, s[k]) for off, s in zip(offs, strides)]
        inside = b.icmp("<", i, shape[k])
        b.store(b.select(inside, i, zero), pidx)
        carry = b.new_block()
        b.cond_br(inside, cont, offs, carry, [])
        b.position_at_end(carry)
        offs = [b.ibin("sub", off, b.ibin("mul", shape[k], s[k])) for off, s in zip(offs, strides)]
    b.br(cont, offs)
    b.position_at_end(cont)
    return list(cont.args)


def _index_tuple(b, state, st, ndim: int):
    tup_t = ty.UniTuple(ty.intp, ndim)
    out = b.undef(llvm_type(tup_t))
    for k in range(ndim):
        out = b.insert_value(out, b.load(b.gep(state, [0, 1, k], st), I64), k)
    return out


@reg.lower("iternext", (ty.NumpyFlatType, ty.NumpyNdIterType, ty.NumpyNdEnumerateType))
def array_iternext(ctx, b, sig, args):
    """The next element (flat), 0-d view (nditer) or (index, element)
    (ndenumerate) in C order."""
    it_t = sig.args[0]
    if isinstance(it_t, ty.NumpyNdIterType) and it_t.array is None:
        return broadcast_iternext(ctx, b, sig, args)
    arr_t = it_t.array
    st = flat_state_type(arr_t)
    state = args[0]
    pcount = b.gep(state, [0, 0], st)
    count = b.load(pcount, I64)
    arr = b.load(b.gep(state, [0, 3], st), llvm_type(arr_t))
    valid = b.icmp("<", count, b.extract(arr, 2, I64))
    body, done = b.new_block(), b.new_block()
    out_t = llvm_type(sig.return_type)
    done.insert_arg(out_t, 0)
    b.cond_br(valid, body, [], done, [b.undef(out_t)])
    b.position_at_end(body)
    data = b.extract(arr, 4, PTR)
    if _counts_only(it_t):
        if arr_t.ndim == 1 and arr_t.layout != "C":
            ptr = b.gep(data, [b.ibin("mul", count, b.extract(arr, [6, 0], I64))], I8)
        else:
            ptr = b.gep(data, [count], memory_type(arr_t.dtype))
    else:
        ppos = b.gep(state, [0, 2], st)
        ptr = b.gep(data, [b.load(ppos, I64)], I8)
    if isinstance(it_t, ty.NumpyNdIterType):
        item = build_view(ctx, b, sig.return_type, arr, ptr, [], [], own=False)
    else:
        item = _load(b, arr_t.dtype, ptr)
    if isinstance(it_t, ty.NumpyNdEnumerateType):
        pair = b.insert_value(b.undef(out_t), _index_tuple(b, state, st, arr_t.ndim), 0)
        item = b.insert_value(pair, item, 1)
    b.store(b.ibin("add", count, b.const_int(I64, 1)), pcount)
    if not _counts_only(it_t) and arr_t.ndim > 0:
        off, = _advance(b, state, st, dims(b, arr, arr_t.ndim, 5), [dims(b, arr, arr_t.ndim, 6)],
                        [b.load(ppos, I64)])
        b.store(off, ppos)
    b.br(done, [item])
    b.position_at_end(done)
    return done.args[0], valid


def _flat_pointer(ctx, b, it_t, state, index):
    """The address of ``a.flat[index]`` (C order); IndexError outside the
    array (a negative index counts from the end)."""
    arr_t = it_t.array
    arr = b.load(b.gep(state, [0, 3], flat_state_type(arr_t)), llvm_type(arr_t))
    size = b.extract(arr, 2, I64)
    zero = b.const_int(I64, 0)
    index = b.select(b.icmp("<", index, zero), b.ibin("add", index, size), index)
    bad = b.ibin("or", b.icmp("<", index, zero), b.icmp(">=", index, size))
    ctx.guard(b, bad, IndexError, ("index out of bounds",))
    data = b.extract(arr, 4, PTR)
    if arr_t.layout == "C":
        return b.gep(data, [index], memory_type(arr_t.dtype))
    offset = zero
    rest = index
    for k in range(arr_t.ndim - 1, -1, -1):
        extent = b.extract(arr, [5, k], I64)
        offset = b.ibin("add", offset, b.ibin("mul", b.ibin("srem", rest, extent), b.extract(arr, [6, k], I64)))
        rest = b.ibin("sdiv", rest, extent)
    return b.gep(data, [offset], I8)


@reg.lower("getitem", ty.NumpyFlatType, ty.Integer)
def flat_getitem(ctx, b, sig, args):
    return _load(b, sig.args[0].array.dtype, _flat_pointer(ctx, b, sig.args[0], args[0], args[1]))


@reg.lower("setitem", ty.NumpyFlatType, ty.Integer, ty.Type)
def flat_setitem(ctx, b, sig, args):
    ptr = _flat_pointer(ctx, b, sig.args[0], args[0], args[1])
    v = args[2]
    if isinstance(sig.args[2], ty.Boolean):
        v = b.cast("zext", v, I8)
    b.store(v, ptr)
    return None


def flat_len(ctx, b, sig, args):
    """``len(a.flat)``: the array's size."""
    arr_t = sig.args[0].array
    arr = b.load(b.gep(args[0], [0, 3], flat_state_type(arr_t)), llvm_type(arr_t))
    return b.extract(arr, 2, I64)


# before the built-in len(), which takes any argument type
reg.impls.setdefault(len, []).insert(0, ((ty.NumpyFlatType,), flat_len))


@reg.lower(np.nditer, ty.Array)
@reg.lower(np.ndenumerate, ty.Array)
def array_iterator(ctx, b, sig, args):
    """``np.ndenumerate(a)``, ``np.nditer(a)`` (an F array through its
    transpose, so in memory order)."""
    arr_t, it_t = sig.args[0], sig.return_type
    arr = args[0]
    if it_t.array is not arr_t:
        arr = reversed_view(ctx, b, arr_t, arr, it_t.array)
    return flat_iterator(ctx, b, it_t, arr)


# ------------------------------------------------------------------ np.nditer of broadcast operands


def _broadcast_state_type(it_t):
    """The state of ``np.nditer`` over the broadcast operands of ``it_t``:
    ``{count, [n x index], total, [n x extent], [nop x [n x stride]],
    [nop x offset], {one base per operand}, flat}``, the extents and
    strides in the order visited; an array operand's base is its struct, a
    scalar's the memory its 0-d view reads and writes; ``flat`` (i64 0 or
    1) tells that every offset moves by its itemsize each step (see
    :func:`_flat_steps`)."""
    n, nop = _n(it_t.ndim), len(it_t.operands)
    dims_t = llvm.LLVMArrayType(n, I64)
    bases = [llvm_type(t) if isinstance(t, ty.Array) else memory_type(t) for t in it_t.operands]
    return llvm.LLVMStructType.from_type_list([I64, dims_t, I64, dims_t, llvm.LLVMArrayType(nop, dims_t),
                                               llvm.LLVMArrayType(nop, I64),
                                               llvm.LLVMStructType.from_type_list(bases), I64])


def _flat_steps(it_t):
    """The byte step of each operand when the iteration may walk every
    operand's memory in order (each array contiguous in the order visited,
    by its type), or None where it never may. It does at run time when no
    array stretches (its shape is the broadcast shape); a scalar or 0-d
    operand steps by 0."""
    steps = []
    for t in it_t.operands:
        if not isinstance(t, ty.Array) or t.ndim == 0:
            steps.append(0)
        elif t.ndim == it_t.ndim and (t.layout == it_t.order or (t.ndim == 1 and t.layout in "CF")):
            steps.append(itemsize_of(t.dtype))
        else:
            return None
    return steps


def _broadcast_strides(b, t, value, shape):
    """The byte strides (i64) of operand ``value`` of type ``t`` over the
    broadcast ``shape`` (C order): 0 along a dimension it lacks or
    stretches (extent 1)."""
    n = len(shape)
    zero, one = b.const_int(I64, 0), b.const_int(I64, 1)
    out = []
    for j in range(n):
        k = j - (n - t.ndim) if isinstance(t, ty.Array) else -1
        if k < 0:
            out.append(zero)
            continue
        extent = b.extract(value, [5, k], I64)
        out.append(b.select(b.icmp("==", extent, one), zero, b.extract(value, [6, k], I64)))
    return out


@reg.lower(np.nditer, ty.Number)
@reg.lower(np.nditer, ty.BaseTuple)
def broadcast_nditer(ctx, b, sig, args):
    """``np.nditer(s)`` of a scalar or ``np.nditer((x, y, ...))``: checks
    that the operands broadcast together (ValueError otherwise) and
    starts at the first position of the broadcast shape."""
    from pycomp.targets.cpu.broadcast import Operand, broadcast_shape

    it_t = sig.return_type
    ops = it_t.operands
    if isinstance(sig.args[0], ty.BaseTuple):
        values = [b.extract(args[0], i, llvm_type(t)) for i, t in enumerate(ops)]
    else:
        values = [args[0]]
    n = it_t.ndim
    shape = broadcast_shape(ctx, b, [Operand(t, v) for t, v in zip(ops, values)], n)
    strides = [_broadcast_strides(b, t, v, shape) for t, v in zip(ops, values)]
    shape_c = shape
    if it_t.order == "F":  # the first dimension varies fastest
        shape, strides = shape[::-1], [s[::-1] for s in strides]
    st = _broadcast_state_type(it_t)
    state = b.alloca(st)
    zero = b.const_int(I64, 0)
    total = b.const_int(I64, 1)
    for k, e in enumerate(shape):
        total = b.ibin("mul", total, e)
        b.store(e, b.gep(state, [0, 3, k], st))
    for k in range(_n(n)):
        b.store(zero, b.gep(state, [0, 1, k], st))
    for p, (t, v) in enumerate(zip(ops, values)):
        for k, s in enumerate(strides[p]):
            b.store(s, b.gep(state, [0, 4, p, k], st))
        b.store(zero, b.gep(state, [0, 5, p], st))
        if isinstance(t, ty.Array):
            b.store(v, b.gep(state, [0, 6, p], st))
        else:
            store_value(b, t, v, b.gep(state, [0, 6, p], st))
    flat = b.const_int(I64, 0)
    if _flat_steps(it_t) is not None:  # no array stretches
        same = None
        for t, v in zip(ops, values):
            for k in range(t.ndim if isinstance(t, ty.Array) else 0):
                eq = b.icmp("==", b.extract(v, [5, k], I64), shape_c[k])
                same = eq if same is None else b.ibin("and", same, eq)
        if same is not None:
            flat = b.cast("zext", same, I64)
    b.store(flat, b.gep(state, [0, 7], st))
    b.store(zero, b.gep(state, [0, 0], st))
    b.store(total, b.gep(state, [0, 2], st))
    return state


def broadcast_iternext(ctx, b, sig, args):
    """The next 0-d view of each operand (a tuple of them for a tuple of
    two or more) of a broadcast ``np.nditer``."""
    it_t = sig.args[0]
    ops, n = it_t.operands, it_t.ndim
    st = _broadcast_state_type(it_t)
    state = args[0]
    pcount = b.gep(state, [0, 0], st)
    count = b.load(pcount, I64)
    valid = b.icmp("<", count, b.load(b.gep(state, [0, 2], st), I64))
    out_t = llvm_type(sig.return_type)
    body, done = b.new_block(), b.new_block()
    done.insert_arg(out_t, 0)
    b.cond_br(valid, body, [], done, [b.undef(out_t)])
    b.position_at_end(body)
    views_t = sig.return_type.types if it_t.as_tuple else (sig.return_type,)
    poffs = [b.gep(state, [0, 5, p], st) for p in range(len(ops))]
    offs = [b.load(q, I64) for q in poffs]
    views = []
    for p, (t, view_t) in enumerate(zip(ops, views_t)):
        pbase = b.gep(state, [0, 6, p], st)
        if isinstance(t, ty.Array):
            base = b.load(pbase, llvm_type(t))
            ptr = b.gep(b.extract(base, 4, PTR), [offs[p]], I8)
        else:  # no memory block: the view reads the iterator's copy of the scalar
            base, ptr = b.zero(llvm_type(view_t)), pbase
        views.append(build_view(ctx, b, view_t, base, ptr, [], [], own=False))
    if it_t.as_tuple:
        item = b.undef(out_t)
        for p, v in enumerate(views):
            item = b.insert_value(item, v, p)
    else:
        item = views[0]
    b.store(b.ibin("add", count, b.const_int(I64, 1)), pcount)
    if n:
        steps = _flat_steps(it_t)
        if steps is not None:  # a loop-invariant branch: LLVM makes two loops of it
            flat, walk, join = b.new_block(), b.new_block(), b.new_block()
            for p in range(len(ops)):
                join.insert_arg(I64, p)
            is_flat = b.icmp("!=", b.load(b.gep(state, [0, 7], st), I64), b.const_int(I64, 0))
            b.cond_br(is_flat, flat, [], walk, [])
            b.position_at_end(flat)
            b.br(join, [b.ibin("add", off, b.const_int(I64, step)) for off, step in zip(offs, steps)])
            b.position_at_end(walk)
        shape = [b.load(b.gep(state, [0, 3, k], st), I64) for k in range(n)]
        strides = [[b.load(b.gep(state, [0, 4, p, k], st), I64) for k in range(n)] for p in range(len(ops))]
        new_offs = _advance(b, state, st, shape, strides, offs)
        if steps is not None:
            b.br(join, new_offs)
            b.position_at_end(join)
            new_offs = list(join.args)
        for q, off in zip(poffs, new_offs):
            b.store(off, q)
    b.br(done, [item])
    b.position_at_end(done)
    return done.args[0], valid


# ------------------------------------------------------------------ np.ndindex


def _ndindex_state_type(ndim: int):
    dims_t = llvm.LLVMArrayType(_n(ndim), I64)
    return llvm.LLVMStructType.from_type_list([I64, dims_t, I64, dims_t])


@reg.lower(np.ndindex)
def ndindex(ctx, b, sig, args):
    """``np.ndindex(*dims)`` or ``np.ndindex(shape)``."""
    if len(sig.args) == 1 and isinstance(sig.args[0], ty.BaseTuple):
        extents = [ctx.cast(b, b.extract(args[0], i, llvm_type(t)), t, ty.intp)
                   for i, t in enumerate(sig.args[0].types)]
    else:
        extents = [ctx.cast(b, v, t, ty.intp) for v, t in zip(args, sig.args)]
    n = len(extents)
    st = _ndindex_state_type(n)
    state = b.alloca(st)
    zero = b.const_int(I64, 0)
    total = b.const_int(I64, 1)
    for k, e in enumerate(extents):
        e = b.select(b.icmp("<", e, zero), zero, e)
        total = b.ibin("mul", total, e)
        b.store(e, b.gep(state, [0, 3, k], st))
        b.store(zero, b.gep(state, [0, 1, k], st))
    b.store(zero, b.gep(state, [0, 0], st))
    b.store(total, b.gep(state, [0, 2], st))
    return state


@reg.lower("iternext", ty.NumpyNdIndexType)
def ndindex_iternext(ctx, b, sig, args):
    n = sig.args[0].ndim
    st = _ndindex_state_type(n)
    state = args[0]
    pcount = b.gep(state, [0, 0], st)
    count = b.load(pcount, I64)
    valid = b.icmp("<", count, b.load(b.gep(state, [0, 2], st), I64))
    item = _index_tuple(b, state, st, n)
    body, done = b.new_block(), b.new_block()
    b.cond_br(valid, body, [], done, [])
    b.position_at_end(body)
    b.store(b.ibin("add", count, b.const_int(I64, 1)), pcount)
    if n:
        shape = [b.load(b.gep(state, [0, 3, k], st), I64) for k in range(n)]
        _advance(b, state, st, shape, [], [])
    b.br(done)
    b.position_at_end(done)
    return item, valid

