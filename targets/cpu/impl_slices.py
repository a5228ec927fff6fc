"""Lowering of slice values (typing: :mod:`pycomp.frontend.typing.slicetypes`):
``slice(...)``, ``s.start``/``s.stop``/``s.step``, ``s.indices(n)``,
applying a slice to an extent, and slices crossing to and from Python.

A slice value is ``{start, stop, step}`` of i64 with the parts left out
filled in when it is made (:func:`pycomp.targets.datamodel.slice_fields`
is the same rule for constants): a missing step is 1, a missing start or
stop the end the step walks from or to (0 and INT64_MAX going up,
INT64_MAX and INT64_MIN going down), which is also what CPython's
``PySlice_Unpack`` gives, so a slice passed in is unboxed by it. Applied
to an extent ``n`` a slice is clipped the way Python's ``slice.indices(n)``
clips (:func:`slice_clip`); a zero step raises ValueError there.
A slice returned to Python is ``slice(start, stop, step)`` of the filled-in
parts (as in Numba).
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.pyapi import register_boxer, register_unboxer, NativeValue
from pycomp.targets.datamodel import I64, INT64_MAX, INT64_MIN, llvm_type

__all__ = ["make_slice", "slice_clip", "slice_extent"]


@reg.lower(builtins.slice, ty.Type)
@reg.lower(builtins.slice, ty.Type, ty.Type)
@reg.lower(builtins.slice, ty.Type, ty.Type, ty.Type)
def make_slice(ctx, b, sig, args):
    """``slice([start,] stop[, step])``: the parts left out (None) filled in
    according to the sign of the step."""
    parts = list(zip(sig.args, args))
    if len(parts) == 1:
        parts = [(ty.none, None)] + parts
    if len(parts) == 2:
        parts.append((ty.none, None))

    def value(t, v):
        if isinstance(t, (ty.NoneType, ty.Omitted)):
            return None
        return ctx.cast(b, v, t, ty.int64)

    start, stop, step = (value(t, v) for t, v in parts)
    if step is None:
        step = b.i64(1)
    else:  # the step negates without overflow
        floor = b.i64(-INT64_MAX)
        step = b.select(b.icmp("<", step, floor), floor, step)
    positive = b.icmp(">", step, b.i64(0))
    if start is None:
        start = b.select(positive, b.i64(0), b.i64(INT64_MAX))
    if stop is None:
        stop = b.select(positive, b.i64(INT64_MAX), b.i64(INT64_MIN))
    out = b.undef(llvm_type(sig.return_type))
    for i, v in enumerate((start, stop, step)):
        out = b.insert_value(out, v, i)
    return out


def slice_clip(ctx, b, sl, n):
    """(start, stop, step) of slice value ``sl`` clipped to an extent ``n``
    (i64) as Python's ``slice.indices(n)`` does; ValueError for a zero
    step."""
    start, stop, step = (b.extract(sl, i, I64) for i in range(3))
    zero, one, minus1 = b.i64(0), b.i64(1), b.i64(-1)
    ctx.guard(b, b.icmp("==", step, zero), ValueError, ("slice step cannot be zero",))
    positive = b.icmp(">", step, zero)
    # the positions are clipped to [0, n] going up, [-1, n-1] going down
    lo = b.select(positive, zero, minus1)
    hi = b.select(positive, n, b.ibin("sub", n, one))

    def clip(v):
        v = b.select(b.icmp("<", v, zero), b.ibin("add", v, n), v)
        v = b.select(b.icmp("<", v, lo), lo, v)
        return b.select(b.icmp(">", v, hi), hi, v)

    return clip(start), clip(stop), step


def slice_extent(ctx, b, sl, n):
    """(first position, step, count) of slice value ``sl`` applied to an
    extent ``n`` (i64); ValueError for a zero step."""
    start, stop, step = slice_clip(ctx, b, sl, n)
    zero, one = b.i64(0), b.i64(1)
    positive = b.icmp(">", step, zero)
    # count = ceil(distance / |step|) for a positive distance, else 0 (no overflow: |distance| <= n + 1)
    dist = b.select(positive, b.ibin("sub", stop, start), b.ibin("sub", start, stop))
    mag = b.select(positive, step, b.ibin("sub", zero, step))
    count = b.ibin("add", b.ibin("sdiv", b.ibin("sub", dist, one), mag), one)
    count = b.select(b.icmp(">", dist, zero), count, zero)
    return start, step, count


@reg.lower("getattr", ty.SliceType, ty.StringLiteral)
def slice_attribute(ctx, b, sig, args):
    """``s.start``, ``s.stop``, ``s.step``: the filled-in parts."""
    return b.extract(args[0], ("start", "stop", "step").index(sig.args[1].value), I64)


@reg.lower("slice.indices")
def slice_indices(ctx, b, sig, args):
    """``s.indices(n)``; ValueError for a negative length, as Python."""
    n = args[1]
    ctx.guard(b, b.icmp("<", n, b.i64(0)), ValueError, ("length should not be negative",))
    out = b.undef(llvm_type(sig.return_type))
    for i, v in enumerate(slice_clip(ctx, b, args[0], n)):
        out = b.insert_value(out, v, i)
    return out


# ------------------------------------------------------------------ to and from Python

def _unbox_slice(t, obj, c):
    """A Python slice: ``PySlice_Unpack`` fills in the parts left out as the
    slice's code does, and raises TypeError for a part that is not an
    integer or None (ValueError for a zero step)."""
    from llvmlite import ir

    b = c.builder
    parts = [b.alloca(ir.IntType(64)) for _ in range(3)]
    status = c.pyapi._call("PySlice_Unpack", ir.IntType(32), [c.pyapi.pyobj] + [ir.IntType(64).as_pointer()] * 3,
                           [obj] + parts)
    value = ir.Constant(c.context.get_value_type(t), ir.Undefined)
    for i, p in enumerate(parts):
        value = b.insert_value(value, b.load(p), i)
    return NativeValue(value, is_error=b.icmp_signed("!=", status, ir.Constant(ir.IntType(32), 0)))


def _box_slice(t, value, c):
    """``slice(start, stop, step)`` of the filled-in parts (a new reference)."""
    b = c.builder
    ints = [c.pyapi.long_from_longlong(b.extract_value(value, i)) for i in range(3)]
    out = c.pyapi._call("PySlice_New", c.pyapi.pyobj, [c.pyapi.pyobj] * 3, ints)
    for v in ints:
        c.pyapi.decref(v)
    return out


register_unboxer(ty.SliceType, _unbox_slice)
register_boxer(ty.SliceType, _box_slice)
