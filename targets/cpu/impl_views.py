"""Lowering of the primitives that make a view of an array: new shape and
strides over the same data and memory block.

- :func:`reversed_view` (``a.T``, ``a.transpose()``): the axes reversed;
- :func:`permuted_view` (``a.transpose(axes)``) and :func:`swapped_view`
  (``a.swapaxes(i, j)``), :func:`axis_last_view` (an axis moved last, for
  reductions along an axis): shape and strides permuted at run time;
- :func:`reshaped_view` (``a.reshape(shape)``, ``a.ravel()`` of a
  C-contiguous array): C-order strides of a new shape, ``-1`` inferred;
- :func:`dtype_view` (``a.view(dtype)``): the same bytes as another dtype;
- :func:`part_view` (``a.real``, ``a.imag`` of a complex array);
- :func:`memory_view` (a contiguous array as one dimension, in memory order).

A view keeps the base's meminfo and parent. One made by a call (the
``pycomp.np`` primitives, ``own=True``) owns a reference, so the base lives
as long as it does: the lowering increfs the meminfo. One made by an
``nb.getattr`` (``a.T``) borrows, as ``a[i]`` does.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.targets.cpu.impl_arrays import _contiguous
from pycomp.targets.datamodel import I1, I64, I8, PTR, itemsize_of, llvm_type, register_model

__all__ = ["build_view", "reversed_view", "permuted_view", "swapped_view", "axis_last_view", "reshaped_view",
           "dtype_view", "part_view", "memory_view", "dims", "itemsize_of"]

register_model(ty.ArrayCTypes, lambda t: I64)  # a.ctypes is the data address


def dims(b, arr, ndim: int, field: int) -> list:
    """The ``ndim`` extents (field 5) or strides (field 6) of array ``arr``."""
    return [b.extract(arr, [field, k], I64) for k in range(ndim)]


def build_view(ctx, b, res_t: ty.Array, base, data, shape: list, strides: list, own: bool):
    """An array struct of type ``res_t`` viewing ``data`` with ``shape`` and
    ``strides`` (i64 values), holding ``base``'s meminfo and parent (and a
    reference of its own when ``own``)."""
    out = b.undef(llvm_type(res_t))
    mi = b.extract(base, 0, PTR)
    if own:
        ctx.declare("pycomp_nrt_incref", None, [PTR])
        b.call("pycomp_nrt_incref", [mi])
    out = b.insert_value(out, mi, 0)
    out = b.insert_value(out, b.extract(base, 1, PTR), 1)
    nitems = b.const_int(I64, 1)
    for k, (n, s) in enumerate(zip(shape, strides)):
        nitems = b.ibin("mul", nitems, n)
        out = b.insert_value(out, n, [5, k])
        out = b.insert_value(out, s, [6, k])
    out = b.insert_value(out, nitems, 2)
    out = b.insert_value(out, b.const_int(I64, itemsize_of(res_t.dtype)), 3)
    return b.insert_value(out, data, 4)


def reversed_view(ctx, b, arr_t: ty.Array, arr, res_t: ty.Array, own: bool = False):
    """``a.T``: shape and strides in reverse order."""
    n = arr_t.ndim
    return build_view(ctx, b, res_t, arr, b.extract(arr, 4, PTR), dims(b, arr, n, 5)[::-1],
                      dims(b, arr, n, 6)[::-1], own)


def _pick(b, values: list, k):
    """``values[k]`` for a run-time ``k`` in range (a chain of selects)."""
    out = values[0]
    for j in range(1, len(values)):
        out = b.select(b.icmp("==", k, b.const_int(I64, j)), values[j], out)
    return out


def _normalize_axis(ctx, b, axis, ndim: int):
    """``axis`` (i64) wrapped to [0, ndim); an axis out of range raises
    AxisError (a ValueError, as NumPy)."""
    from numpy.exceptions import AxisError

    from pycomp.targets.base import VALUE

    n = b.const_int(I64, ndim)
    given = axis
    axis = b.select(b.icmp("<", axis, b.const_int(I64, 0)), b.ibin("add", axis, n), axis)
    bad = b.ibin("or", b.icmp("<", axis, b.const_int(I64, 0)), b.icmp(">=", axis, n))
    # AxisError(axis, ndim): NumPy's "axis 3 is out of bounds for array of dimension 2"
    ctx.guard_with_values(b, bad, AxisError, (VALUE, ndim), [(ty.int64, given)])
    return axis


def _permute(ctx, b, arr_t, arr, res_t, axes: list, own: bool):
    shape, strides = dims(b, arr, arr_t.ndim, 5), dims(b, arr, arr_t.ndim, 6)
    return build_view(ctx, b, res_t, arr, b.extract(arr, 4, PTR), [_pick(b, shape, k) for k in axes],
                      [_pick(b, strides, k) for k in axes], own)


def permuted_view(ctx, b, arr_t: ty.Array, arr, axes: list, res_t: ty.Array, own: bool = True):
    """``a.transpose(axes)``: axis k of the view is axis ``axes[k]`` (i64
    values, negative ones counted from the end); ValueError if they are no
    permutation of the axes."""
    n = arr_t.ndim
    axes = [_normalize_axis(ctx, b, ax, n) for ax in axes]
    seen = b.const_int(I64, 0)
    one = b.const_int(I64, 1)
    for ax in axes:
        bit = b.ibin("shl", one, ax)
        ctx.guard(b, b.icmp("!=", b.ibin("and", seen, bit), b.const_int(I64, 0)), ValueError,
                  ("repeated axis in transpose",))
        seen = b.ibin("or", seen, bit)
    return _permute(ctx, b, arr_t, arr, res_t, axes, own)


def swapped_view(ctx, b, arr_t: ty.Array, arr, i, j, res_t: ty.Array, own: bool = True):
    """``a.swapaxes(i, j)``."""
    n = arr_t.ndim
    i, j = _normalize_axis(ctx, b, i, n), _normalize_axis(ctx, b, j, n)
    axes = []
    for k in range(n):
        kk = b.const_int(I64, k)
        axes.append(b.select(b.icmp("==", kk, i), j, b.select(b.icmp("==", kk, j), i, kk)))
    return _permute(ctx, b, arr_t, arr, res_t, axes, own)


def axis_last_view(ctx, b, arr_t: ty.Array, arr, axis, res_t: ty.Array, own: bool = True):
    """The view with axis ``axis`` moved to the end, the others in order
    (a reduction along ``axis`` reduces the rows of the view)."""
    n = arr_t.ndim
    axis = _normalize_axis(ctx, b, axis, n)
    axes = []
    for k in range(n - 1):  # k < axis: k; else k + 1
        kk = b.const_int(I64, k)
        axes.append(b.select(b.icmp("<", kk, axis), kk, b.ibin("add", kk, b.const_int(I64, 1))))
    axes.append(axis)
    return _permute(ctx, b, arr_t, arr, res_t, axes, own)


def reshaped_view(ctx, b, arr_t: ty.Array, arr, new_dims: list, res_t: ty.Array, own: bool = True):
    """``a.reshape(new_dims)`` (i64 extents, one of them may be negative:
    inferred) of a contiguous array, in C order. ValueError if the sizes
    differ or more than one extent is unknown; NotImplementedError (as
    Numba) if the array is not C-contiguous, where a view cannot be had."""
    zero, one = b.const_int(I64, 0), b.const_int(I64, 1)
    size = b.extract(arr, 2, I64)
    known = one
    unknown = zero
    for d in new_dims:
        neg = b.icmp("<", d, zero)
        unknown = b.ibin("add", unknown, b.select(neg, one, zero))
        known = b.ibin("mul", known, b.select(neg, one, d))
    ctx.guard(b, b.icmp(">", unknown, one), ValueError, ("can only specify one unknown dimension",))
    # the unknown extent: size / known (known == 0 only fits an empty array)
    safe_known = b.select(b.icmp("==", known, zero), one, known)
    inferred = b.ibin("sdiv", size, safe_known)
    has_unknown = b.icmp("==", unknown, one)
    bad = b.select(has_unknown,
                   b.ibin("or", b.icmp("!=", b.ibin("srem", size, safe_known), zero),
                          b.icmp("==", known, zero)),
                   b.icmp("!=", known, size))
    ctx.guard(b, bad, ValueError, ("total size of new array must be unchanged",))
    new_dims = [b.select(b.icmp("<", d, zero), inferred, d) for d in new_dims]
    if arr_t.layout != "C" and arr_t.ndim > 1:
        ctx.guard(b, b.ibin("xor", _contiguous(b, arr_t, arr, False), b.const_int(I1, 1)),
                  NotImplementedError, ("incompatible shape for array",))
    strides = []
    stride = b.extract(arr, 3, I64)
    for d in reversed(new_dims):
        strides.append(stride)
        stride = b.ibin("mul", stride, d)
    return build_view(ctx, b, res_t, arr, b.extract(arr, 4, PTR), new_dims, strides[::-1], own)


def memory_view(ctx, b, arr_t: ty.Array, arr, res_t: ty.Array, own: bool = True):
    """A C or F contiguous array as a 1-d array of its elements in memory
    order."""
    itemsize = b.extract(arr, 3, I64)
    return build_view(ctx, b, res_t, arr, b.extract(arr, 4, PTR), [b.extract(arr, 2, I64)], [itemsize], own)


def dtype_view(ctx, b, arr_t: ty.Array, arr, res_t: ty.Array, own: bool = True):
    """``a.view(dtype)``: the same bytes as ``res_t.dtype``. Another
    itemsize changes the last axis, which must be contiguous, and its
    size in bytes must be a multiple of the new itemsize (ValueError,
    NumPy's messages)."""
    old, new = itemsize_of(arr_t.dtype), itemsize_of(res_t.dtype)
    n = arr_t.ndim
    shape, strides = dims(b, arr, n, 5), dims(b, arr, n, 6)
    if old != new:
        last_bytes = b.ibin("mul", shape[-1], b.const_int(I64, old))
        contiguous = b.ibin("or", b.icmp("==", strides[-1], b.const_int(I64, old)),
                            b.icmp("==", shape[-1], b.const_int(I64, 1)))
        ctx.guard(b, b.ibin("xor", contiguous, b.const_int(I1, 1)), ValueError,
                  ("To change to a dtype of a different size, the last axis must be contiguous",))
        if new < old and old % new:  # known when compiling; NumPy checks it before the larger-dtype rule
            ctx.guard(b, b.const_int(I1, 1), ValueError, ("When changing to a smaller dtype, its size must be a "
                                                          "divisor of the size of original dtype",))
        ctx.guard(b, b.icmp("!=", b.ibin("srem", last_bytes, b.const_int(I64, new)), b.const_int(I64, 0)),
                  ValueError, ("When changing to a larger dtype, its size must be a divisor of the total size "
                               "in bytes of the last axis of the array.",))
        shape[-1] = b.ibin("sdiv", last_bytes, b.const_int(I64, new))
        strides[-1] = b.const_int(I64, new)
    return build_view(ctx, b, res_t, arr, b.extract(arr, 4, PTR), shape, strides, own)


def part_view(ctx, b, arr_t: ty.Array, arr, res_t: ty.Array, imag: bool, own: bool = False):
    """``a.real`` or ``a.imag`` of a complex array: the floats at offset 0 or
    half an item, same shape and strides."""
    n = arr_t.ndim
    data = b.extract(arr, 4, PTR)
    if imag:
        data = b.gep(data, [b.const_int(I64, itemsize_of(arr_t.dtype) // 2)], I8)
    return build_view(ctx, b, res_t, arr, data, dims(b, arr, n, 5), dims(b, arr, n, 6), own)
