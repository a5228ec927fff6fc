"""Lowering of array indexing with slices, ``None``, ``...`` and index
arrays (typing: :mod:`pycomp.frontend.typing.arrayindex`; slice values:
:mod:`pycomp.targets.cpu.impl_slices`, whose :func:`slice_extent` applies a
slice to an extent).

A *basic* index makes a view (:func:`basic_view`): the same meminfo and
parent, a data pointer moved to the first element picked, and one extent
and byte stride per dimension kept (a slice multiplies the stride by its
step; ``None`` adds an extent-1 dimension with stride 0, as NumPy). The
view borrows from the array (``nb.getitem`` is a borrowing op for
``nb-insert-refcounts``), so no reference count changes unless it escapes.
Setting through a basic index stores a scalar into every element of the
view (:func:`fill_view`); through an advanced index (an integer or a
boolean array), into every element picked. Getting through an advanced
index copies what it picks into a new array.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.impl_arrays import _load, array_getitem, array_setitem
from pycomp.targets.cpu.impl_slices import slice_extent
from pycomp.targets.datamodel import I8, I64, PTR, llvm_type, memory_type, store_value

__all__ = ["basic_view", "view_around", "fill_view", "loop_nest", "make_array", "element_at",
           "store_element"]

# array struct fields (targets/datamodel.py)
_MEMINFO, _PARENT, _NITEMS, _ITEMSIZE, _DATA, _SHAPE, _STRIDES = range(7)


# ------------------------------------------------------------------ views

def _index_items(idx_t, idx):
    """(type, value getter) per index item (a tuple's items, or the index)."""
    if isinstance(idx_t, ty.BaseTuple):
        return [(t, (lambda b, i=i, t=t: b.extract(idx, i, llvm_type(t)))) for i, t in enumerate(idx_t.types)]
    return [(idx_t, lambda b: idx)]


def make_array(b, arr_t: ty.Array, base, data, dims) -> object:
    """An array struct of type ``arr_t`` with the meminfo, parent and
    itemsize of ``base`` (an array struct), data pointer ``data`` and
    ``dims``, a list of (extent, byte stride) i64 pairs."""
    out = b.undef(llvm_type(arr_t))
    for f in (_MEMINFO, _PARENT):
        out = b.insert_value(out, b.extract(base, f, PTR), f)
    nitems = b.i64(1)
    for k, (extent, stride) in enumerate(dims):
        nitems = b.ibin("mul", nitems, extent)
        out = b.insert_value(out, extent, [_SHAPE, k])
        out = b.insert_value(out, stride, [_STRIDES, k])
    out = b.insert_value(out, nitems, _NITEMS)
    out = b.insert_value(out, b.extract(base, _ITEMSIZE, I64), _ITEMSIZE)
    return b.insert_value(out, data, _DATA)


def basic_view(ctx, b, arr_t: ty.Array, arr, idx_t, idx):
    """(data pointer, dims) of ``arr[idx]`` for a basic index: ``dims`` is
    the (extent, byte stride) of each dimension of the result."""
    data, dims, _ = view_around(ctx, b, arr_t, arr, idx_t, idx)
    return data, dims


def view_around(ctx, b, arr_t: ty.Array, arr, idx_t, idx):
    """(data pointer, dims, axis) of the basic view ``arr[idx]`` would be
    with an index array among the items taken as ``:`` (the dimension kept
    whole): ``axis`` is where that dimension is among ``dims`` (None
    without an index array)."""
    from pycomp.indexing import index_plan

    plan = index_plan(arr_t, idx_t)
    offset = b.i64(0)
    dims = []
    axis = None
    d = 0  # the array's dimension the next item applies to
    for (t, get), kind in zip(_index_items(idx_t, idx), plan.kinds):
        if kind == "newaxis":
            dims.append((b.i64(1), b.i64(0)))
            continue
        if kind == "ellipsis":
            for k in range(d, d + plan.ellipsis_dims):
                dims.append((b.extract(arr, [_SHAPE, k], I64), b.extract(arr, [_STRIDES, k], I64)))
            d += plan.ellipsis_dims
            continue
        extent = b.extract(arr, [_SHAPE, d], I64)
        stride = b.extract(arr, [_STRIDES, d], I64)
        if kind == "int":
            pos = _wrapped(ctx, b, ctx.cast(b, get(b), t, ty.intp), extent)
            offset = b.ibin("add", offset, b.ibin("mul", pos, stride))
        elif kind == "array":
            axis = len(dims)
            dims.append((extent, stride))
        else:  # a slice
            first, step, count = slice_extent(ctx, b, get(b), extent)
            # an empty slice's first position may be the extent itself: it is never read
            offset = b.ibin("add", offset, b.select(b.icmp(">", count, b.i64(0)),
                                                   b.ibin("mul", first, stride), b.i64(0)))
            dims.append((count, b.ibin("mul", stride, step)))
        d += 1
    for k in range(d, arr_t.ndim):
        dims.append((b.extract(arr, [_SHAPE, k], I64), b.extract(arr, [_STRIDES, k], I64)))
    data = b.gep(b.extract(arr, _DATA, PTR), [offset], I8)
    return data, dims, axis


def _wrapped(ctx, b, pos, extent):
    """A position counted from the end when negative; IndexError outside
    the extent with ``boundscheck``."""
    zero = b.i64(0)
    pos = b.select(b.icmp("<", pos, zero), b.ibin("add", pos, extent), pos)
    if ctx.boundscheck:
        bad = b.ibin("or", b.icmp("<", pos, zero), b.icmp(">=", pos, extent))
        ctx.guard(b, bad, IndexError, ("index out of bounds",))
    return pos


def _all_int(idx_t) -> bool:
    from pycomp.indexing import is_integer_index

    items = idx_t.types if isinstance(idx_t, ty.BaseTuple) else (idx_t,)
    return all(is_integer_index(t) for t in items)


def loop_nest(b, extents, body) -> None:
    """Counted loops over ``extents`` (i64 values), the last innermost;
    ``body(b, indices)`` emits the innermost body at each index tuple."""
    def level(k, idxs):
        if k == len(extents):
            body(b, idxs)
            return
        b.counted_loop(extents[k], lambda i: level(k + 1, idxs + [i]))

    level(0, [])


def element_at(b, data, dims, idxs):
    """Address of element ``idxs`` of a strided view (data pointer, dims:
    (extent, byte stride) pairs); ``idxs`` may be shorter than ``dims``."""
    offset = b.i64(0)
    for (_, stride), i in zip(dims, idxs):
        offset = b.ibin("add", offset, b.ibin("mul", i, stride))
    return b.gep(data, [offset], I8)


store_element = store_value  # (b, dtype, value, ptr)


def fill_view(ctx, b, dtype, data, dims, value) -> None:
    """Store ``value`` (of ``dtype``) into every element of the view."""
    loop_nest(b, [e for e, _ in dims], lambda b, idxs: store_element(b, dtype, value, element_at(b, data, dims, idxs)))


# ------------------------------------------------------------------ getitem / setitem

@reg.lower("getitem", ty.Array, ty.Type)
def array_index(ctx, b, sig, args):
    """``a[index]`` for every index typing accepts."""
    arr_t, idx_t = sig.args
    if isinstance(idx_t, ty.StringLiteral):  # a["x"]: a field of an array of records
        from pycomp.targets.cpu.impl_records import array_field

        return array_field(ctx, b, sig, args)
    if _all_int(idx_t):
        return array_getitem(ctx, b, sig, args)
    res_t = sig.return_type
    if any(isinstance(t, ty.Array) for t in (idx_t.types if isinstance(idx_t, ty.BaseTuple) else (idx_t,))):
        from pycomp.targets.cpu.impl_fancyindex import advanced_getitem

        return advanced_getitem(ctx, b, sig, args)
    data, dims = basic_view(ctx, b, arr_t, args[0], idx_t, args[1])
    if not isinstance(res_t, ty.Array):  # every dimension indexed by an integer, through `...`
        return _load(b, res_t, data)
    return make_array(b, res_t, args[0], data, dims)


@reg.lower("setitem", ty.Array, ty.Type, ty.Type)
def array_index_set(ctx, b, sig, args):
    """``a[index] = value`` for every index typing accepts."""
    arr_t, idx_t, val_t = sig.args
    items = idx_t.types if isinstance(idx_t, ty.BaseTuple) else (idx_t,)
    if _all_int(idx_t) and len(items) == arr_t.ndim:
        return array_setitem(ctx, b, sig, args)
    if any(isinstance(t, ty.Array) for t in items):
        from pycomp.targets.cpu.impl_fancyindex import advanced_setitem

        return advanced_setitem(ctx, b, sig, args)
    data, dims = basic_view(ctx, b, arr_t, args[0], idx_t, args[1])
    if isinstance(val_t, (ty.Array, ty.BaseTuple)):
        from pycomp.targets.cpu.impl_fancyindex import copy_into_view

        view_t = arr_t.copy(ndim=len(dims), layout="A")
        view = make_array(b, view_t, args[0], data, dims)
        if isinstance(val_t, ty.Array):
            copy_into_view(ctx, b, view_t, view, val_t, args[2])
            return None
        from pycomp.targets.cpu.broadcast import keep_on_error

        value_t = ty.Array(arr_t.dtype, 1, "C")  # a[1:3] = (x, y): as a 1-d array of the items
        value = _tuple_as_array(ctx, b, value_t, val_t, args[2])
        with keep_on_error(ctx, value_t, value):  # a shape mismatch also frees it
            copy_into_view(ctx, b, view_t, view, value_t, value)
        ctx.decref(b, value_t, value)
        return None
    fill_view(ctx, b, arr_t.dtype, data, dims, args[2])
    return None


def _tuple_as_array(ctx, b, arr_t: ty.Array, tup_t: ty.BaseTuple, tup):
    """A new 1-d array of type ``arr_t`` holding the items of tuple ``tup``
    converted to its dtype."""
    from pycomp.targets.cpu.impl_arrays import allocate_array

    arr = allocate_array(ctx, b, arr_t, [b.i64(len(tup_t))])
    base = b.extract(arr, _DATA, PTR)
    for k, t in enumerate(tup_t.types):
        ptr = b.gep(base, [k], memory_type(arr_t.dtype))
        store_element(b, arr_t.dtype, ctx.cast(b, b.extract(tup, k, llvm_type(t)), t, arr_t.dtype), ptr)
    return arr
