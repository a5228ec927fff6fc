"""Lowering of advanced indexing (an integer or boolean array as the index)
and of assigning an array to a view (``a[1:-1] = b``), with NumPy's
semantics for overlapping memory.

Supported index forms (typing: :func:`pycomp.frontend.typing.arrayindex.advanced_index`):

- ``a[mask]``, ``mask`` a boolean array of ``a``'s shape: the elements
  where it is true, in C order, as a new 1-d array (IndexError if a
  dimension differs);
- ``a[rows]``, ``rows`` a 1-d boolean array (the positions along the first
  dimension where it is true) or a 1-d integer array (positions, negative
  ones from the end; IndexError outside the extent, always checked):
  ``a``'s sub-arrays at those positions, stacked into a new array.

Getting checks every index before the result is allocated, so an
IndexError leaves nothing allocated. Setting stores a scalar, or the items
of a 1-d array (one per element or row picked, or a single one for all),
in order (a repeated position keeps the last value, as in NumPy).

When the array assigned and the array assigned to may share memory
(:func:`may_overlap`: their byte ranges intersect), the source is copied
to a temporary first, so ``a[1:] = a[:-1]`` shifts as NumPy does.
"""

from __future__ import annotations

from xdsl.ir import Block

from pycomp import types as ty
from pycomp.targets.cpu.impl_arrayindex import element_at, loop_nest, make_array, store_element
from pycomp.targets.cpu.impl_arrays import _contiguous, _load, allocate_array
from pycomp.targets.datamodel import I1, I8, I64, PTR, llvm_type, memory_type

__all__ = ["advanced_getitem", "advanced_setitem", "copy_into_view", "may_overlap", "same_view", "unshared_source",
           "ASSIGN_ERROR"]

_NITEMS, _ITEMSIZE, _DATA, _SHAPE, _STRIDES = 2, 3, 4, 5, 6

#: NumPy's ValueError for an assigned value that does not fit its target
ASSIGN_ERROR = "could not broadcast input array into the shape of the assigned part"


def _shape(b, arr, ndim):
    return [b.extract(arr, [_SHAPE, k], I64) for k in range(ndim)]


def _strides(b, arr, ndim):
    return [b.extract(arr, [_STRIDES, k], I64) for k in range(ndim)]


def _address(b, arr, strides, idxs):
    """Address of element ``idxs`` of array ``arr`` read through ``strides``."""
    return element_at(b, b.extract(arr, _DATA, PTR), [(None, s) for s in strides], idxs)


def _cell(b, init):
    """A stack slot holding an i64 (a counter carried across loop bodies)."""
    slot = b.alloca(I64)
    b.store(init, slot)
    return slot


def _bump(b, slot):
    v = b.load(slot, I64)
    b.store(b.ibin("add", v, b.i64(1)), slot)
    return v


def _when(b, cond, then) -> None:
    """``if cond: then()`` (then may add blocks)."""
    yes, done = b.new_block(), b.new_block()
    b.cond_br(cond, yes, [], done, [])
    b.position_at_end(yes)
    then()
    b.br(done)
    b.position_at_end(done)


def _mask_true(b, mask, strides, idxs):
    v = b.load(_address(b, mask, strides, idxs), I8)
    return b.icmp("!=", v, b.const_int(I8, 0))


# ------------------------------------------------------------------ getitem


def _array_item(sig, idx):
    """(type, value) of the index array among the index items."""
    idx_t = sig.args[1]
    if isinstance(idx_t, ty.BaseTuple):
        for i, t in enumerate(idx_t.types):
            if isinstance(t, ty.Array):
                return t, (lambda b, i=i, t=t: b.extract(idx, i, llvm_type(t)))
    return idx_t, (lambda b: idx)


def _is_whole_mask(arr_t, idx_t) -> bool:
    return (not isinstance(idx_t, ty.BaseTuple) and isinstance(idx_t.dtype, ty.Boolean)
            and idx_t.ndim == arr_t.ndim)


def _picked(ctx, b, sig, args):
    """The plan of ``a[..., index array, ...]``: (view data, view dims,
    axis, count, position(j)), where the view is ``a`` indexed with the
    array taken as ``:`` and position(j) the j-th position the array picks
    along ``axis`` of it (checked before returning)."""
    from pycomp.targets.cpu.impl_arrayindex import view_around

    arr_t, idx_t = sig.args[0], sig.args[1]
    arr, idx = args[0], args[1]
    data, dims, axis = view_around(ctx, b, arr_t, arr, idx_t, idx)
    item_t, get = _array_item(sig, idx)
    count, position = _positions(ctx, b, dims[axis][0], item_t, get(b))
    return data, dims, axis, count, position


def _gather(b, loop_dims, axis, count, position, visit) -> None:
    """visit(out_idxs, src_idxs) for every element picked: j (the position
    in the result along ``axis``) outermost, so position(j) is asked in
    order, then the other dimensions of ``loop_dims``."""
    others = [e for k, (e, _) in enumerate(loop_dims) if k != axis]

    def row(j):
        i = position(j)
        loop_nest(b, others, lambda b, rest: visit(rest[:axis] + [j] + rest[axis:], rest[:axis] + [i] + rest[axis:]))

    b.counted_loop(count, row)


def advanced_getitem(ctx, b, sig, args):
    """``a[mask]``, or ``a[...]`` with one 1-d index array among basic
    items (see the module docstring): a new array."""
    arr_t, idx_t = sig.args
    res_t = sig.return_type
    if _is_whole_mask(arr_t, idx_t):
        return _mask_getitem(ctx, b, arr_t, args[0], idx_t, args[1], res_t)
    data, dims, axis, count, position = _picked(ctx, b, sig, args)
    shape = [count if k == axis else e for k, (e, _) in enumerate(dims)]
    out = allocate_array(ctx, b, res_t, shape)
    out_dims = list(zip(shape, _strides(b, out, res_t.ndim)))
    out_data = b.extract(out, _DATA, PTR)

    def visit(oi, si):
        store_element(b, arr_t.dtype, _load(b, arr_t.dtype, element_at(b, data, dims, si)),
               element_at(b, out_data, out_dims, oi))

    _gather(b, dims, axis, count, position, visit)
    return out


def _check_mask_shape(ctx, b, arr_t, arr, idx_t, idx, ndim):
    for k, (e, m) in enumerate(zip(_shape(b, arr, ndim), _shape(b, idx, ndim))):
        ctx.guard(b, b.icmp("!=", e, m), IndexError,
                  ("boolean index did not match indexed array along axis %d" % k,))


def _count_true(b, idx, idx_t):
    shape, strides = _shape(b, idx, idx_t.ndim), _strides(b, idx, idx_t.ndim)
    count = _cell(b, b.i64(0))
    loop_nest(b, shape, lambda b, idxs: _when(b, _mask_true(b, idx, strides, idxs), lambda: _bump(b, count)))
    return b.load(count, I64)


def _mask_getitem(ctx, b, arr_t, arr, idx_t, idx, res_t):
    _check_mask_shape(ctx, b, arr_t, arr, idx_t, idx, arr_t.ndim)
    out = allocate_array(ctx, b, res_t, [_count_true(b, idx, idx_t)])
    shape = _shape(b, arr, arr_t.ndim)
    a_strides, m_strides = _strides(b, arr, arr_t.ndim), _strides(b, idx, idx_t.ndim)
    out_data, j = b.extract(out, _DATA, PTR), _cell(b, b.i64(0))

    def body(b, idxs):
        def take():
            v = _load(b, arr_t.dtype, _address(b, arr, a_strides, idxs))
            store_element(b, arr_t.dtype, v, b.gep(out_data, [_bump(b, j)], memory_type(arr_t.dtype)))
        _when(b, _mask_true(b, idx, m_strides, idxs), take)

    loop_nest(b, shape, body)
    return out


def _positions(ctx, b, extent, idx_t, idx):
    """(count, position(j)) of the positions a 1-d boolean or integer index
    picks in a dimension of ``extent``; every position is checked
    (IndexError) before returning. position(j) must be asked for j = 0, 1,
    ... in order (a boolean index is scanned forward)."""
    n = b.extract(idx, [_SHAPE, 0], I64)
    stride = b.extract(idx, [_STRIDES, 0], I64)
    data = b.extract(idx, _DATA, PTR)
    zero = b.i64(0)
    if isinstance(idx_t.dtype, ty.Boolean):
        ctx.guard(b, b.icmp("!=", n, extent), IndexError,
                  ("boolean index did not match indexed array along the dimension it indexes",))
        count = _count_true(b, idx, idx_t)
        cursor = _cell(b, zero)  # where the scan for the next true entry starts

        def position(j):
            header = Block(arg_types=[I64])
            b.region.add_block(header)
            found = b.new_block()
            b.br(header, [b.load(cursor, I64)])
            b.position_at_end(header)
            i = header.args[0]
            hit = b.icmp("!=", b.load(b.gep(data, [b.ibin("mul", i, stride)], I8), I8), b.const_int(I8, 0))
            b.cond_br(hit, found, [], header, [b.ibin("add", i, b.i64(1))])
            b.position_at_end(found)
            b.store(b.ibin("add", i, b.i64(1)), cursor)
            return i

        return count, position

    def load_index(j):
        v = _load(b, idx_t.dtype, b.gep(data, [b.ibin("mul", j, stride)], I8))
        v = ctx.cast(b, v, idx_t.dtype, ty.intp)
        return b.select(b.icmp("<", v, zero), b.ibin("add", v, extent), v)

    def check(j):
        v = load_index(j)
        ctx.guard(b, b.ibin("or", b.icmp("<", v, zero), b.icmp(">=", v, extent)), IndexError,
                  ("index out of bounds",))

    b.counted_loop(n, check)
    return n, load_index


# ------------------------------------------------------------------ setitem


def advanced_setitem(ctx, b, sig, args):
    """``a[mask] = v`` (v a scalar or a 1-d array of one item per element
    picked, or of one) or ``a[..., index array, ...] = v`` (v a scalar or
    an array broadcast to the shape of what is picked)."""
    arr_t, idx_t, val_t = sig.args
    arr, idx, val = args
    if _is_whole_mask(arr_t, idx_t):
        return _mask_setitem(ctx, b, arr_t, arr, idx_t, idx, val_t, val)
    data, dims, axis, count, position = _picked(ctx, b, sig, args)
    shape = [count if k == axis else e for k, (e, _) in enumerate(dims)]
    view_t = arr_t.copy(ndim=len(dims), layout="A")
    value_at, release = _broadcast_source(ctx, b, view_t, make_array(b, view_t, arr, data, dims), shape,
                                          val_t, val)

    def visit(oi, si):
        store_element(b, arr_t.dtype, ctx.cast(b, value_at(oi), _dtype(val_t), arr_t.dtype), element_at(b, data, dims, si))

    _gather(b, dims, axis, count, position, visit)
    release()
    return None


def _dtype(t):
    return t.dtype if isinstance(t, ty.Array) else t


def _mask_setitem(ctx, b, arr_t, arr, idx_t, idx, val_t, val):
    _check_mask_shape(ctx, b, arr_t, arr, idx_t, idx, arr_t.ndim)
    shape, a_strides = _shape(b, arr, arr_t.ndim), _strides(b, arr, arr_t.ndim)
    count = _count_true(b, idx, idx_t) if isinstance(val_t, ty.Array) else None
    value_at, release = _broadcast_source(ctx, b, arr_t, arr, [count], val_t, val)
    m_strides, j = _strides(b, idx, idx_t.ndim), _cell(b, b.i64(0))

    def body(b, idxs):
        def put():
            v = ctx.cast(b, value_at([_bump(b, j)]), _dtype(val_t), arr_t.dtype)
            store_element(b, arr_t.dtype, v, _address(b, arr, a_strides, idxs))
        _when(b, _mask_true(b, idx, m_strides, idxs), put)

    loop_nest(b, shape, body)
    release()
    return None


def _broadcast_source(ctx, b, dst_t, dst, shape, val_t, val):
    """(value_at(idxs), release()): the value assigned at index ``idxs`` of
    a target of ``shape`` (i64 extents): a scalar everywhere, or an array
    broadcast to ``shape`` (ValueError if it does not broadcast), read from
    a copy when it shares memory with ``dst``."""
    if not isinstance(val_t, ty.Array):
        return (lambda idxs: val), (lambda: None)
    one = b.i64(1)
    off = len(shape) - val_t.ndim
    for k, e in enumerate(_shape(b, val, val_t.ndim)):
        bad = b.ibin("and", b.icmp("!=", e, shape[off + k]), b.icmp("!=", e, one))
        ctx.guard(b, bad, ValueError, ("shape mismatch: value array cannot be broadcast to the indexing result",))
    src, release = unshared_source(ctx, b, dst_t, dst, val_t, val)
    strides = [b.select(b.icmp("==", e, one), b.i64(0), s)
               for e, s in zip(_shape(b, src, val_t.ndim), _strides(b, src, val_t.ndim))]

    def value_at(idxs):
        return _load(b, val_t.dtype, _address(b, src, strides, idxs[off:]))

    return value_at, release


# ------------------------------------------------------------------ overlap and copies


def _byte_range(b, arr, ndim):
    """[lo, hi) of the bytes an array's elements occupy, as i64 addresses
    (empty when it has no elements)."""
    lo = hi = b.cast("ptrtoint", b.extract(arr, _DATA, PTR), I64)
    zero, one = b.i64(0), b.i64(1)
    for e, s in zip(_shape(b, arr, ndim), _strides(b, arr, ndim)):
        span = b.ibin("mul", b.ibin("sub", e, one), s)
        lo = b.ibin("add", lo, b.select(b.icmp("<", span, zero), span, zero))
        hi = b.ibin("add", hi, b.select(b.icmp(">", span, zero), span, zero))
    hi = b.ibin("add", hi, b.extract(arr, _ITEMSIZE, I64))
    empty = b.icmp("==", b.extract(arr, _NITEMS, I64), zero)
    return lo, b.select(empty, lo, hi)


def may_overlap(b, a_t: ty.Array, a, c_t: ty.Array, c):
    """Whether arrays ``a`` and ``c`` may share memory (i1): their byte
    ranges intersect."""
    alo, ahi = _byte_range(b, a, a_t.ndim)
    clo, chi = _byte_range(b, c, c_t.ndim)
    return b.ibin("and", b.icmp("<", alo, chi), b.icmp("<", clo, ahi))


def same_view(b, a_t: ty.Array, a, c_t: ty.Array, c):
    """Whether ``a`` and ``c`` are the same view (i1): same data pointer,
    shape and strides, so element ``i`` of one is element ``i`` of the other
    and an element-wise loop reading one and writing the other is safe."""
    if a_t.ndim != c_t.ndim:
        return b.const_int(I1, 0)
    pa = b.cast("ptrtoint", b.extract(a, _DATA, PTR), I64)
    pc = b.cast("ptrtoint", b.extract(c, _DATA, PTR), I64)
    same = b.icmp("==", pa, pc)
    for x, y in zip(_shape(b, a, a_t.ndim) + _strides(b, a, a_t.ndim),
                    _shape(b, c, c_t.ndim) + _strides(b, c, c_t.ndim)):
        same = b.ibin("and", same, b.icmp("==", x, y))
    return same


def unshared_source(ctx, b, dst_t, dst, src_t, src):
    """``src``, or a C-contiguous copy of it when it shares memory with
    ``dst`` without being the same view (NumPy's rule for assignments and
    ufunc outputs: ``a[1:] = a[:-1]`` and ``a[1:] += a[:-1]`` read the old
    values); and ``release()``, which frees the copy after its last use."""
    tmp_t = src_t.copy(layout="C", readonly=False)
    copy_blk = b.new_block()
    join = Block(arg_types=[llvm_type(src_t), I1])
    b.region.add_block(join)
    overlap = may_overlap(b, dst_t, dst, src_t, src)
    needs_copy = b.ibin("and", overlap, b.ibin("xor", same_view(b, dst_t, dst, src_t, src), b.const_int(I1, 1)))
    b.cond_br(needs_copy, copy_blk, [], join, [src, b.const_int(I1, 0)])
    b.position_at_end(copy_blk)
    tmp = allocate_array(ctx, b, tmp_t, _shape(b, src, src_t.ndim))
    _copy(ctx, b, tmp_t, tmp, src_t, src, _shape(b, src, src_t.ndim), _strides(b, src, src_t.ndim))
    b.br(join, [tmp, b.const_int(I1, 1)])
    b.position_at_end(join)
    used, owned = join.args

    def release():
        _when(b, owned, lambda: ctx.decref(b, tmp_t, used))

    return used, release


def _copy(ctx, b, dst_t, dst, src_t, src, shape, src_strides) -> None:
    """dst[...] = src element by element over ``shape`` (the source read
    through ``src_strides``, 0 on a broadcast dimension), converting the
    dtype."""
    dst_strides = _strides(b, dst, dst_t.ndim)

    def body(b, idxs):
        v = _load(b, src_t.dtype, _address(b, src, src_strides, idxs[len(idxs) - src_t.ndim:]))
        store_element(b, dst_t.dtype, ctx.cast(b, v, src_t.dtype, dst_t.dtype), _address(b, dst, dst_strides, idxs))

    loop_nest(b, shape, body)


def _drop_leading_ones(ctx, b, src_t: ty.Array, src, ndim: int):
    """(type, value) of ``src`` viewed with only its last ``ndim``
    dimensions: ValueError unless each leading one dropped has extent 1."""
    drop = src_t.ndim - ndim
    one = b.i64(1)
    shape, strides = _shape(b, src, src_t.ndim), _strides(b, src, src_t.ndim)
    for e in shape[:drop]:
        ctx.guard(b, b.icmp("!=", e, one), ValueError,
                  (ASSIGN_ERROR,))
    view_t = src_t.copy(ndim=ndim)
    return view_t, make_array(b, view_t, src, b.extract(src, _DATA, PTR), list(zip(shape[drop:], strides[drop:])))


def copy_into_view(ctx, b, dst_t: ty.Array, dst, src_t: ty.Array, src) -> None:
    """``dst[...] = src`` with NumPy's broadcasting (``src`` has at most
    ``dst``'s dimensions; each of its extents equals ``dst``'s or is 1):
    ValueError otherwise; through a copy when the two share memory. A
    ``src`` with more dimensions than ``dst`` must have extent 1 in the
    extra leading ones (NumPy drops them: ``a[:] = b.reshape(1, -1)``)."""
    if src_t.ndim > dst_t.ndim:
        src_t, src = _drop_leading_ones(ctx, b, src_t, src, dst_t.ndim)
    shape = _shape(b, dst, dst_t.ndim)
    off = dst_t.ndim - src_t.ndim
    one = b.i64(1)
    for k, e in enumerate(_shape(b, src, src_t.ndim)):
        bad = b.ibin("and", b.icmp("!=", e, shape[off + k]), b.icmp("!=", e, one))
        ctx.guard(b, bad, ValueError, (ASSIGN_ERROR,))
    src, release = unshared_source(ctx, b, dst_t, dst, src_t, src)
    if src_t.ndim == dst_t.ndim and all(isinstance(t.dtype, (ty.Number, ty.Boolean)) for t in (dst_t, src_t)):
        # both C-contiguous (by type, or at run time: a slice ``out[k:m]``)
        # and of one shape: a memcpy, or one flat loop with a constant
        # stride, which LLVM turns into a vector copy
        same = b.ibin("and", _contiguous(b, dst_t, dst, False), _contiguous(b, src_t, src, False))
        for x, y in zip(_shape(b, src, src_t.ndim), shape):
            same = b.ibin("and", same, b.icmp("==", x, y))
        flat, general, done = b.new_block(), b.new_block(), b.new_block()
        b.cond_br(same, flat, [], general, [])
        b.position_at_end(flat)
        n = b.extract(dst, _NITEMS, I64)
        if dst_t.dtype == src_t.dtype:  # the bytes themselves (libc's memcpy streams big copies)
            ctx.declare("memcpy", PTR, [PTR, PTR, I64])
            b.call("memcpy", [b.extract(dst, _DATA, PTR), b.extract(src, _DATA, PTR),
                              b.ibin("mul", n, b.i64(_itemsize(src_t)))], PTR)
        else:
            _copy(ctx, b, dst_t.copy(ndim=1), _flat_view(b, dst_t, dst, n), src_t.copy(ndim=1),
                  _flat_view(b, src_t, src, n), [n], [b.i64(_itemsize(src_t))])
        b.br(done)
        b.position_at_end(general)
    else:
        done = None
    strides = [b.select(b.icmp("==", e, one), b.i64(0), s)
               for e, s in zip(_shape(b, src, src_t.ndim), _strides(b, src, src_t.ndim))]
    _copy(ctx, b, dst_t, dst, src_t, src, shape, strides)
    if done is not None:
        b.br(done)
        b.position_at_end(done)
    release()


def _itemsize(t: ty.Array) -> int:
    import numpy as np

    from pycomp.typeof import as_numpy_dtype

    return np.dtype(as_numpy_dtype(t.dtype)).itemsize


def _flat_view(b, t: ty.Array, arr, n):
    """The contiguous array ``arr`` as a 1-d array of its ``n`` items."""
    return make_array(b, t.copy(ndim=1), arr, b.extract(arr, _DATA, PTR), [(n, b.i64(_itemsize(t)))])

