"""Lowering of records (structured dtypes): fields of a record, field views
of record arrays, and records passed in and returned.

A record's value is a pointer to its bytes (:func:`load_value` of an
element of a record array is the element's address), so ``r.x = v``
writes into the array the record came from, as in NumPy. A field is read
and written at its byte offset with the field's memory type; a subarray
field is a C array view of the bytes inside the record (no meminfo: it
borrows from the record's owner). Typing: :mod:`pycomp.frontend.typing.records`.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.extending_lowering import lower_setattr_generic
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.pyapi import NativeValue, register_boxer, register_unboxer
from pycomp.targets.datamodel import I8, I64, PTR, itemsize_of, llvm_type, load_value, store_value
from pycomp.typeof import as_numpy_dtype

__all__ = ["field_pointer", "read_field", "write_field", "field_view", "array_field"]


def field_pointer(b, rec_t: ty.Record, ptr, name: str):
    """The address of field ``name`` of the record at ``ptr``."""
    offset = rec_t.offset(name)
    return b.gep(ptr, [b.i64(offset)], I8) if offset else ptr


def _nested_view(b, nested: ty.NestedArray, data):
    """A C array view of the subarray field whose bytes start at ``data``
    (no meminfo, no parent: it lives inside the record)."""
    arr_t = nested.as_array
    out = b.undef(llvm_type(arr_t))
    null = b.zero(PTR)
    out = b.insert_value(out, null, 0)
    out = b.insert_value(out, null, 1)
    itemsize = itemsize_of(nested.dtype)
    stride = itemsize
    strides = []
    for extent in reversed(nested.shape):
        strides.append(stride)
        stride *= extent
    for k, (extent, st) in enumerate(zip(nested.shape, reversed(strides))):
        out = b.insert_value(out, b.i64(extent), [5, k])
        out = b.insert_value(out, b.i64(st), [6, k])
    out = b.insert_value(out, b.i64(nested.nitems), 2)
    out = b.insert_value(out, b.i64(itemsize), 3)
    return b.insert_value(out, data, 4)


def read_field(b, rec_t: ty.Record, ptr, name: str):
    """The value of field ``name`` of the record at ``ptr``."""
    t = rec_t.typeof(name)
    p = field_pointer(b, rec_t, ptr, name)
    if isinstance(t, ty.NestedArray):
        return _nested_view(b, t, p)
    return load_value(b, t, p)


def write_field(ctx, b, rec_t: ty.Record, ptr, name: str, value_t: ty.Type, value) -> None:
    """Store ``value`` (of the type typing chose: the field's; for a
    subarray field an array, copied in with broadcasting, or a number of
    its dtype, stored in every item) into field ``name``."""
    t = rec_t.typeof(name)
    p = field_pointer(b, rec_t, ptr, name)
    if isinstance(t, ty.NestedArray):
        from pycomp.targets.cpu.impl_arrayindex import fill_view
        from pycomp.targets.cpu.impl_fancyindex import copy_into_view

        view = _nested_view(b, t, p)
        if isinstance(value_t, ty.Array):
            copy_into_view(ctx, b, t.as_array, view, value_t, value)
        else:
            dims = [(b.extract(view, [5, k], I64), b.extract(view, [6, k], I64)) for k in range(t.ndim)]
            fill_view(ctx, b, t.dtype, p, dims, value)
        return
    store_value(b, t, value, p)


def field_view(ctx, b, arr_t: ty.Array, arr, name: str, res_t: ty.Array):
    """``a.name`` of an array of records: the field across the array (the
    array's shape and strides, the data pointer moved to the field, the
    field's itemsize; a subarray field's dimensions appended). Borrowed."""
    rec_t = arr_t.dtype
    ft = rec_t.typeof(name)
    out = b.undef(llvm_type(res_t))
    for f in (0, 1):
        out = b.insert_value(out, b.extract(arr, f, PTR), f)
    shape = [b.extract(arr, [5, k], I64) for k in range(arr_t.ndim)]
    strides = [b.extract(arr, [6, k], I64) for k in range(arr_t.ndim)]
    elem = ft.dtype if isinstance(ft, ty.NestedArray) else ft
    itemsize = itemsize_of(elem)
    if isinstance(ft, ty.NestedArray):
        stride, inner = itemsize, []
        for extent in reversed(ft.shape):
            inner.append(stride)
            stride *= extent
        shape += [b.i64(e) for e in ft.shape]
        strides += [b.i64(s) for s in reversed(inner)]
    nitems = b.i64(1)
    for k, (n, s) in enumerate(zip(shape, strides)):
        nitems = b.ibin("mul", nitems, n)
        out = b.insert_value(out, n, [5, k])
        out = b.insert_value(out, s, [6, k])
    out = b.insert_value(out, nitems, 2)
    out = b.insert_value(out, b.i64(itemsize), 3)
    return b.insert_value(out, field_pointer(b, rec_t, b.extract(arr, 4, PTR), name), 4)


# ------------------------------------------------------------------ the operations

@reg.lower("getattr", ty.Record, ty.StringLiteral)
def record_getattr(ctx, b, sig, args):
    """``r.x``."""
    return read_field(b, sig.args[0], args[0], sig.args[1].value)


@reg.lower("getitem", ty.Record, ty.StringLiteral)
def record_getitem(ctx, b, sig, args):
    """``r["x"]`` (and ``r[0]``, turned into its field's name)."""
    return read_field(b, sig.args[0], args[0], sig.args[1].value)


@reg.lower("setitem", ty.Record, ty.StringLiteral, ty.Type)
def record_setitem(ctx, b, sig, args):
    """``r["x"] = v``."""
    write_field(ctx, b, sig.args[0], args[0], sig.args[1].value, sig.args[2], args[2])
    return None


@lower_setattr_generic(ty.Record)
def record_setattr(ctx, b, sig, args, attr):
    """``r.x = v``."""
    rec_t, val_t = sig.args
    write_field(ctx, b, rec_t, args[0], attr, val_t, args[1])


def array_field(ctx, b, sig, args):
    """``a.x`` / ``a["x"]`` of an array of records (called by the array
    attribute and indexing lowerings)."""
    return field_view(ctx, b, sig.args[0], args[0], sig.args[1].value, sig.return_type)


# ------------------------------------------------------------------ boxing

def _dtype_handle(c, rec_t: ty.Record, record_class: bool = False):
    """The ``np.dtype`` of ``rec_t`` (whose scalars are ``np.record``s
    when ``record_class``) as a borrowed ``PyObject *`` constant, kept alive
    for the life of the process."""
    import numpy as np
    from llvmlite import ir

    dt = as_numpy_dtype(rec_t)
    handle = c.pyapi.serialize_object(np.dtype((np.record, dt)) if record_class else dt)
    return ir.Constant(ir.IntType(64), id(handle)).inttoptr(c.pyapi.pyobj)


def _box_record(t, value, c):
    """A record returned to Python: a new ``np.record`` holding a copy of
    it (fields readable as attributes, as Numba returns it)."""
    return c.pyapi._call("pycomp_box_record", c.pyapi.pyobj, [c.pyapi.voidptr, c.pyapi.pyobj],
                         [value, _dtype_handle(c, t, record_class=True)])


def _unbox_record(t, obj, c):
    """A record passed in (an ``np.void`` of the same dtype): the address of
    its bytes, borrowed (a record read from an array is a view of it, so
    writes reach the array)."""
    from llvmlite import ir

    ptr = c.pyapi._call("pycomp_unbox_record", c.pyapi.voidptr, [c.pyapi.pyobj, c.pyapi.pyobj],
                        [obj, _dtype_handle(c, t)])
    return NativeValue(ptr, is_error=c.builder.icmp_unsigned("==", ptr, ir.Constant(c.pyapi.voidptr, None)))


register_boxer(ty.Record, _box_record)
register_unboxer(ty.Record, _unbox_record)


# ------------------------------------------------------------------ string fields ('S<n>', 'U<n>')

def _charseq_parts(t):
    """The C helpers' suffix and the LLVM element width of a string field."""
    return ("charseq", 8) if isinstance(t, ty.CharSeq) else ("unicharseq", 32)


def _box_charseq(t, value, c):
    """A string field's value returned to Python: ``bytes`` (``S``) or
    ``str`` (``U``) without the trailing NULs, as NumPy reads the field."""
    from llvmlite import ir

    suffix, _ = _charseq_parts(t)
    slot = c.builder.alloca(value.type)
    c.builder.store(value, slot)
    ptr = c.builder.bitcast(slot, c.pyapi.voidptr)
    return c.pyapi._call("pycomp_box_" + suffix, c.pyapi.pyobj, [c.pyapi.voidptr, ir.IntType(64)],
                         [ptr, ir.Constant(ir.IntType(64), t.count)])


def _unbox_charseq(t, obj, c):
    """A ``bytes`` or ``str`` passed for a string field: its characters,
    truncated to the field's size and NUL-padded (NumPy's assignment)."""
    from llvmlite import ir

    suffix, width = _charseq_parts(t)
    ltype = ir.ArrayType(ir.IntType(width), t.count)
    slot = c.builder.alloca(ltype)
    status = c.pyapi._call("pycomp_unbox_" + suffix, ir.IntType(32), [c.pyapi.pyobj, c.pyapi.voidptr, ir.IntType(64)],
                           [obj, c.builder.bitcast(slot, c.pyapi.voidptr), ir.Constant(ir.IntType(64), t.count)])
    failed = c.builder.icmp_signed("!=", status, ir.Constant(ir.IntType(32), 0))
    return NativeValue(c.builder.load(slot), is_error=failed)


for _cls in (ty.CharSeq, ty.UnicodeCharSeq):
    register_boxer(_cls, _box_charseq)
    register_unboxer(_cls, _unbox_charseq)

