"""Lowering of array element access, array attributes and the functions
that make new arrays (``np.empty``, ``np.zeros``, ``np.ones``, ``np.full``).

An element's address is ``data + sum(index[k] * strides[k])`` (strides in
bytes, so C, F, strided and negative-stride views all work); negative
indices wrap by adding the dimension's extent. With ``boundscheck`` an
index outside ``[0, shape[k])`` after wrapping raises IndexError.
"""

from __future__ import annotations

import numpy as np
from xdsl.ir import Block

from pycomp import types as ty
from pycomp.typeof import as_numpy_dtype
from pycomp.errors import UnsupportedError
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.pyapi import NativeValue, register_boxer, register_unboxer
from pycomp.targets.datamodel import (I1, I8, I64, PTR, array_struct, itemsize_of, llvm_type, load_value, memory_type,
                                      register_model, store_value)

INT = ty.Integer


def _indices(b, sig_index, value):
    if isinstance(sig_index, ty.BaseTuple):
        return [b.extract(value, i, I64) for i in range(len(sig_index))]
    return [value]


def element_pointer(ctx, b, arr_t: ty.Array, arr, idxs):
    """Address of ``arr[idxs]`` (a prefix of the dimensions for views).

    A full index into a C or F contiguous array is a linear element index
    (so LLVM sees unit-stride accesses it can vectorize); anything else
    goes through the byte strides."""
    data = b.extract(arr, 4, PTR)
    zero = b.const_int(I64, 0)
    wrapped = []
    for k, idx in enumerate(idxs):
        extent = b.extract(arr, [5, k], I64)
        idx = b.select(b.icmp("<", idx, zero), b.ibin("add", idx, extent), idx)
        if ctx.boundscheck:
            bad = b.ibin("or", b.icmp("<", idx, zero), b.icmp(">=", idx, extent))
            ctx.guard(b, bad, IndexError, ("index out of bounds",))
        wrapped.append(idx)
    if len(wrapped) == arr_t.ndim and arr_t.layout in ("C", "F") and wrapped:
        order = range(arr_t.ndim) if arr_t.layout == "C" else range(arr_t.ndim - 1, -1, -1)
        linear = None
        for k in order:
            if linear is None:
                linear = wrapped[k]
            else:
                linear = b.ibin("add", b.ibin("mul", linear, b.extract(arr, [5, k], I64)), wrapped[k])
        return b.gep(data, [linear], memory_type(arr_t.dtype))
    offset = None
    for k, idx in enumerate(wrapped):
        term = b.ibin("mul", idx, b.extract(arr, [6, k], I64))
        offset = term if offset is None else b.ibin("add", offset, term)
    return b.gep(data, [offset], I8) if offset is not None else data


_load = load_value


def array_getitem(ctx, b, sig, args):
    """``a[i]``, ``a[i, j, ...]`` with integer indices (registered for every
    index by :mod:`pycomp.targets.cpu.impl_arrayindex`)."""
    arr_t, idx_t = sig.args
    idxs = _indices(b, idx_t, args[1])
    ptr = element_pointer(ctx, b, arr_t, args[0], idxs)
    if len(idxs) == arr_t.ndim:
        return _load(b, arr_t.dtype, ptr)
    # a view of the remaining dimensions
    res_t = sig.return_type
    out = b.undef(llvm_type(res_t))
    for f in (0, 1):
        out = b.insert_value(out, b.extract(args[0], f, PTR), f)
    nitems = b.const_int(I64, 1)
    for k in range(len(idxs), arr_t.ndim):
        ext = b.extract(args[0], [5, k], I64)
        nitems = b.ibin("mul", nitems, ext)
        out = b.insert_value(out, ext, [5, k - len(idxs)])
        out = b.insert_value(out, b.extract(args[0], [6, k], I64), [6, k - len(idxs)])
    out = b.insert_value(out, nitems, 2)
    out = b.insert_value(out, b.extract(args[0], 3, I64), 3)
    return b.insert_value(out, ptr, 4)


def array_setitem(ctx, b, sig, args):
    """``a[i, j, ...] = v`` with one integer index per dimension."""
    arr_t, idx_t, val_t = sig.args
    ptr = element_pointer(ctx, b, arr_t, args[0], _indices(b, idx_t, args[1]))
    store_value(b, arr_t.dtype, args[2], ptr)
    return None


@reg.lower("getattr", ty.Array, ty.StringLiteral)
def array_attribute(ctx, b, sig, args):
    """``a.shape``, ``a.strides``, ``a.ndim``, ``a.size``, ``a.itemsize``,
    ``a.nbytes``, ``a.dtype``, ``a.ctypes``, and the views ``a.T``,
    ``a.real``, ``a.imag`` (complex arrays) and ``a.flat`` (borrowed: an
    nb.getattr holds no reference). The attribute name is the literal type
    of the second operand."""
    arr_t, arr, attr = sig.args[0], args[0], sig.args[1].value
    if attr in ("shape", "strides"):
        field = 5 if attr == "shape" else 6
        res_t = ty.UniTuple(ty.intp, arr_t.ndim)
        out = b.undef(llvm_type(res_t))
        for k in range(arr_t.ndim):
            out = b.insert_value(out, b.extract(arr, [field, k], I64), k)
        return out
    if attr == "ndim":
        return b.const_int(I64, arr_t.ndim)
    if attr == "size":
        return b.extract(arr, 2, I64)
    if attr == "itemsize":
        return b.extract(arr, 3, I64)
    if attr == "nbytes":
        return b.ibin("mul", b.extract(arr, 2, I64), b.extract(arr, 3, I64))
    if attr == "dtype":  # a compile-time value
        return b.const_int(I8, 0)
    if attr == "ctypes":  # its value is the data address
        return b.cast("ptrtoint", b.extract(arr, 4, PTR), I64)
    if attr == "flags":  # its value is the array
        return arr
    from pycomp.targets.cpu import impl_nditer, impl_views

    if attr == "T":
        return impl_views.reversed_view(ctx, b, arr_t, arr, sig.return_type)
    if attr in ("real", "imag") and isinstance(arr_t.dtype, ty.Complex):
        return impl_views.part_view(ctx, b, arr_t, arr, sig.return_type, imag=attr == "imag")
    if attr == "real":
        return arr
    if attr == "flat":
        return impl_nditer.flat_iterator(ctx, b, sig.return_type, arr)
    if isinstance(arr_t.dtype, ty.Record) and arr_t.dtype.has_field(attr):
        from pycomp.targets.cpu.impl_records import array_field

        return array_field(ctx, b, sig, args)
    raise UnsupportedError("no lowering of array attribute %r" % attr)


@reg.lower("getattr", ty.ArrayCTypes, ty.StringLiteral)
def ctypes_attribute(ctx, b, sig, args):
    """``a.ctypes.data``: the data address (the ctypes value itself)."""
    if sig.args[1].value == "data":
        return args[0]
    raise UnsupportedError("no lowering of ctypes attribute %r" % sig.args[1].value)


def _contiguous(b, arr_t: ty.Array, arr, fortran: bool):
    """Whether the array is C- (or F-) contiguous (i1), NumPy's rule: each
    dimension of more than one element has the stride of the ones after it
    (before it, for F) packed; an empty array is contiguous."""
    if arr_t.layout == ("F" if fortran else "C") or arr_t.ndim == 0:
        return b.const_int(I1, 1)
    one, zero = b.i64(1), b.i64(0)
    expected = b.extract(arr, 3, I64)  # itemsize
    ok = b.const_int(I1, 1)
    dims = range(arr_t.ndim) if fortran else reversed(range(arr_t.ndim))
    for k in dims:
        extent, stride = b.extract(arr, [5, k], I64), b.extract(arr, [6, k], I64)
        fits = b.ibin("or", b.icmp("==", extent, one), b.icmp("==", stride, expected))
        ok = b.ibin("and", ok, fits)
        expected = b.ibin("mul", expected, extent)
    return b.ibin("or", ok, b.icmp("==", b.extract(arr, 2, I64), zero))


@reg.lower("getattr", ty.ArrayFlags, ty.StringLiteral)
def flags_attribute(ctx, b, sig, args):
    """``a.flags.c_contiguous`` / ``contiguous``, ``f_contiguous`` and
    ``writeable`` (compile-time: a read-only array type)."""
    arr_t, arr, attr = sig.args[0].array, args[0], sig.args[1].value
    if attr in ("c_contiguous", "contiguous"):
        return _contiguous(b, arr_t, arr, fortran=False)
    if attr == "f_contiguous":
        return _contiguous(b, arr_t, arr, fortran=True)
    if attr == "writeable":
        return b.const_int(I1, 0 if arr_t.readonly else 1)
    raise UnsupportedError("no lowering of flags attribute %r" % attr)


@reg.lower_cast(ty.Array, ty.Number)
@reg.lower_cast(ty.Array, ty.UnicodeCharSeq)
@reg.lower_cast(ty.Array, ty.CharSeq)
def zero_d_to_number(ctx, b, src, dst, value):
    """A 0-d array used as its element (an index ``a[i0d]``, an item
    assigned ``a[0] = x0d``): the element, converted."""
    if src.ndim != 0:
        raise UnsupportedError("no conversion of %s to %s" % (src, dst))
    return ctx.cast(b, _load(b, src.dtype, b.extract(value, 4, PTR)), src.dtype, dst)


def _box_dtype(t, value, c):
    """A dtype returned to Python (``return a.dtype``): the ``np.dtype``
    object it names, a constant of the compiled code (a new reference)."""
    return c.pyapi.unserialize(c.pyapi.serialize_object(as_numpy_dtype(t.dtype)))


def _unbox_dtype(t, obj, c):
    """A dtype or a NumPy scalar class passed in: a compile-time value,
    nothing to read at run time."""
    from llvmlite import ir

    return NativeValue(ir.Constant(ir.IntType(8), 0))


register_model(ty.ArrayFlags, lambda t: array_struct(t.array.ndim))  # a.flags is the array
register_boxer(ty.DType, _box_dtype)
register_unboxer(ty.DType, _unbox_dtype)
register_unboxer(ty.Function, _unbox_dtype)  # a NumPy scalar class passed in (np.float32)


# ------------------------------------------------------------------ new arrays


def allocate_array(ctx, b, arr_t: ty.Array, dims):
    """A new array of type ``arr_t`` with extents ``dims`` (i64 values),
    C-contiguous (F-contiguous if ``arr_t``'s layout is F), its memory
    from the runtime (uninitialized): ValueError for a
    negative extent or a size past the address space, MemoryError if the
    memory cannot be had. Returns the array struct (a new reference)."""
    itemsize = itemsize_of(arr_t.dtype)
    zero = b.const_int(I64, 0)
    nitems = b.const_int(I64, 1)
    limit = b.const_int(I64, (2 ** 63 - 1) // itemsize)
    for d in dims:
        ctx.guard(b, b.icmp("<", d, zero), ValueError, ("negative dimensions are not allowed",))
    for d in dims:  # nitems * d * itemsize must not overflow
        nonzero = b.select(b.icmp("==", d, zero), b.const_int(I64, 1), d)
        too_big = b.icmp(">", nitems, b.ibin("sdiv", limit, nonzero))
        ctx.guard(b, too_big, ValueError, ("array is too big; `arr.size * arr.dtype.itemsize` is larger than "
                                           "the maximum possible size.",))
        nitems = b.ibin("mul", nitems, d)
    size = b.const_int(I64, itemsize)
    mi, data = ctx.allocate(b, b.ibin("mul", nitems, size))
    out = b.undef(llvm_type(arr_t))
    out = b.insert_value(out, mi, 0)
    out = b.insert_value(out, b.zero(PTR), 1)
    out = b.insert_value(out, nitems, 2)
    out = b.insert_value(out, size, 3)
    out = b.insert_value(out, data, 4)
    stride = size
    order = range(arr_t.ndim) if arr_t.layout == "F" else range(arr_t.ndim - 1, -1, -1)
    for k in order:
        out = b.insert_value(out, dims[k], [5, k])
        out = b.insert_value(out, stride, [6, k])
        stride = b.ibin("mul", stride, dims[k])
    return out


def fill_array(ctx, b, arr_t: ty.Array, arr, value) -> None:
    """Store ``value`` (of the array's dtype) into every element of the new,
    contiguous array ``arr``."""
    mem_t = memory_type(arr_t.dtype)
    if isinstance(arr_t.dtype, ty.Boolean):
        value = b.cast("zext", value, I8)
    data, nitems = b.extract(arr, 4, PTR), b.extract(arr, 2, I64)
    header = Block(arg_types=[I64])
    b.region.add_block(header)
    body, done = b.new_block(), b.new_block()
    b.br(header, [b.const_int(I64, 0)])
    b.position_at_end(header)
    i = header.args[0]
    b.cond_br(b.icmp("<", i, nitems), body, [], done, [])
    b.position_at_end(body)
    b.store(value, b.gep(data, [i], mem_t))
    b.br(header, [b.ibin("add", i, b.const_int(I64, 1))])
    b.position_at_end(done)


def shape_values(ctx, b, shape_t: ty.Type, shape) -> list:
    """The extents of a shape argument (an integer or a tuple of them) as i64."""
    if isinstance(shape_t, ty.BaseTuple):
        items = [(b.extract(shape, i, llvm_type(e)), e) for i, e in enumerate(shape_t.types)]
    else:
        items = [(shape, shape_t)]
    return [ctx.cast(b, v, t, ty.intp) for v, t in items]


def fill_new_array(ctx, b, sig, args, arr, fill) -> None:
    """Fill the new array ``arr`` (of ``sig.return_type``) as ``fill`` says:
    None (leave it), "zeros", "ones" or "full" (the call's second operand)."""
    arr_t = sig.return_type
    if isinstance(arr_t.dtype, ty.Record) and fill is not None:  # a record: its bytes zeroed
        if fill != "zeros":
            raise UnsupportedError("np.%s() of a structured dtype is not supported (np.zeros and np.empty are)"
                                   % ("ones" if fill == "ones" else "full"))
        fill_array(ctx, b, arr_t, arr, b.zero(memory_type(arr_t.dtype)))  # the record's bytes
    elif fill == "zeros":
        fill_array(ctx, b, arr_t, arr, ctx.constant(b, arr_t.dtype, 0))
    elif fill == "ones":
        fill_array(ctx, b, arr_t, arr, ctx.constant(b, arr_t.dtype, 1))
    elif fill == "full":
        fill_array(ctx, b, arr_t, arr, ctx.cast(b, args[1], sig.args[1], arr_t.dtype))


def _creation(fill):
    def impl(ctx, b, sig, args):
        arr = allocate_array(ctx, b, sig.return_type, shape_values(ctx, b, sig.args[0], args[0]))
        fill_new_array(ctx, b, sig, args, arr, fill)
        return arr
    return impl


reg.lower(np.empty)(_creation(None))
reg.lower(np.zeros)(_creation("zeros"))
reg.lower(np.ones)(_creation("ones"))
reg.lower(np.full)(_creation("full"))
