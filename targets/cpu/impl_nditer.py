"""Lowering of N-dimensional iteration: ``a.flat`` (iterated, indexed,
``len``), ``np.nditer(a)``, ``np.ndenumerate(a)`` and ``np.ndindex(shape)``.

The array iterators share one state (an ``alloca`` in the entry block, as
every iterator): ``{count, [ndim x index], byte offset, array}``. Each
step reads the element at the offset and advances the index in C order,
carrying into the dimensions to its left, so the offset moves by one
stride (and back by an extent on a carry) and no step multiplies. An
iterator that needs no index over an array laid out in C order (``a.flat``
of a C array, the memory-order elements the reductions read) only counts:
its element is ``data[count]``, a loop LLVM vectorizes.

``np.ndindex`` has ``{count, total, [ndim x extent], [ndim x index]}``.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import llvm

from pycomp import types as ty
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.impl_arrays import _load
from pycomp.targets.cpu.impl_views import build_view, dims, reversed_view
from pycomp.targets.datamodel import I64, I8, PTR, llvm_type, memory_type

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


def _advance(b, state, st, shape, strides, off):
    """Increment the C-order index held at field 1 of ``state`` (``shape``
    its extents); with ``strides``, move the byte offset ``off`` with it
    and return the new offset."""
    n = len(shape)
    cont = b.new_block()
    cont.insert_arg(I64, 0)
    zero = b.const_int(I64, 0)
    for k in range(n - 1, -1, -1):
        pidx = b.gep(state, [0, 1, k], st)
        i = b.ibin("add", b.load(pidx, I64), b.const_int(I64, 1))
        if strides is not None:
            off = b.ibin("add", off, strides[k])
        inside = b.icmp("<", i, shape[k])
        b.store(b.select(inside, i, zero), pidx)
        carry = b.new_block()
        b.cond_br(inside, cont, [off], carry, [])
        b.position_at_end(carry)
        if strides is not None:
            off = b.ibin("sub", off, b.ibin("mul", shape[k], strides[k]))
    b.br(cont, [off])
    b.position_at_end(cont)
    return cont.args[0]


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
        off = _advance(b, state, st, dims(b, arr, arr_t.ndim, 5), dims(b, arr, arr_t.ndim, 6),
                       b.load(ppos, I64))
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
        _advance(b, state, st, shape, None, b.const_int(I64, 0))
    b.br(done)
    b.position_at_end(done)
    return item, valid

