"""``np.partition``, ``np.argpartition`` and the methods ``a.partition``
(in place) and ``a.argpartition``: NumPy's partial sorts.

For each ``k`` of ``kth`` (an integer or a sequence of them, negative ones
counted from the end), the ``k``-th item along ``axis`` (default -1; None
flattens, for the functions) lands where a sort would put it, no larger
items before it and no smaller ones after it (the other positions are in
no promised order). ``kth`` out of bounds is NumPy's ValueError. The order
is the sort's (:func:`pycomp.np.sorting.less_than`: NaNs last). Each ``k``
is found by quickselect (:mod:`pycomp.np.quickselect`) on the part of the
row after the previous ``k``, ``kth`` taken in increasing order.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, overload_method, register_jitable
from pycomp.np.arraylike import as_array_type, is_array_like, is_scalar_like
from pycomp.np.quickselect import select_for
from pycomp.np.sorting import axis_kind, less_than
from pycomp.np.views import axis_last_view, is_index

__all__ = []


@register_jitable
def _item(a, v, i):
    return v[i]


@register_jitable
def _indexed(a, v, i):
    return a[v[i]]


_SELECTS = {}


def _select(dtype, by_index):
    """The jitable ``select(a, v, lo, hi, k)`` of ``dtype`` items: of ``v``
    itself, or (``by_index``) of the indices ``v`` into ``a``."""
    key = (less_than(dtype), by_index)
    fn = _SELECTS.get(key)
    if fn is None:
        fn = _SELECTS[key] = select_for(key[0], _indexed if by_index else _item)
    return fn


def _kth_list(kth, name):
    """A jitable ``kths(kth, n)``: the sorted, bounds-checked positions
    (none checked in an empty row, as NumPy: there is nothing to place)."""
    if isinstance(kth, types.Boolean) or (is_array_like(kth) and
                                          isinstance(as_array_type(kth).dtype, types.Boolean)):
        raise TypingError("%s(): Booleans unacceptable as partition index" % name)
    if is_index(kth):
        def kths(kth, n):
            if n == 0:
                return np.empty(0, np.intp)
            k = kth + n if kth < 0 else kth
            if k < 0 or k >= n:
                raise ValueError("kth out of bounds")
            out = np.empty(1, np.intp)
            out[0] = k
            return out
        return register_jitable(kths)
    if not (is_array_like(kth) and isinstance(as_array_type(kth).dtype, types.Integer)):
        raise TypingError("%s(): Partition index must be integer (kth must be an integer or a sequence "
                          "of integers, not %s)" % (name, kth))

    def kths(kth, n):
        ka = np.asarray(kth)
        if ka.ndim > 1:
            raise ValueError("kth must be scalar or 1-D")
        if n == 0:
            return np.empty(0, np.intp)
        out = np.empty(ka.size, np.intp)
        i = 0
        for x in ka.flat:
            k = x + n if x < 0 else x
            if k < 0 or k >= n:
                raise ValueError("kth out of bounds")
            out[i] = k
            i += 1
        return np.sort(out)
    return register_jitable(kths)


def _part_row_for(select):
    def part(a, v, ks):
        """Partition row ``v`` (of ``a``'s items, or indices into ``a``) at
        the sorted positions ``ks``."""
        lo = 0
        hi = v.shape[0] - 1
        for k in ks:
            if k >= lo:
                select(a, v, lo, hi, k)
                lo = k + 1
    return register_jitable(part)


def _partition_impl(a, kth, axis, name, by_index, in_place):
    """The implementation of ``np.partition``/``np.argpartition`` (or the
    methods: ``in_place`` for ``a.partition``); ``a`` an array-like."""
    if not is_array_like(a) or is_scalar_like(a):
        raise TypingError("%s(): The first argument must be an array-like, not %s" % (name, a))
    if not isinstance(a, types.Array):  # a list or tuple: partition its array
        inner = _partition_impl(as_array_type(a), kth, axis, name, by_index, in_place)

        def impl(a, kth, axis=-1):
            return inner(np.asarray(a), kth, axis)
        inner = register_jitable(inner)
        return impl
    flat = axis_kind(axis, name) == "none"
    if flat and in_place:
        raise TypingError("%s(): axis must be an integer" % name)
    kths = _kth_list(kth, name)
    part = _part_row_for(_select(a.dtype, by_index))
    if not flat and a.ndim == 0:
        raise TypingError("%s(): The first argument must be at least 1-D (found 0-D)" % name)
    if by_index:
        if flat:
            def impl(a, kth, axis=-1):
                b = a.ravel()
                ks = kths(kth, b.shape[0])
                out = np.arange(b.shape[0])
                part(b, out, ks)
                return out
            return impl
        if a.ndim == 1:
            def impl(a, kth, axis=-1):
                src = axis_last_view(a, axis)
                ks = kths(kth, src.shape[0])
                out = np.arange(src.shape[0])
                part(src, out, ks)
                return out
            return impl

        def impl(a, kth, axis=-1):
            out = np.empty(a.shape, np.intp)
            src = axis_last_view(a, axis)
            dst = axis_last_view(out, axis)
            n = src.shape[-1]
            ks = kths(kth, n)
            for idx in np.ndindex(src.shape[:-1]):
                row = np.arange(n)
                part(src[idx], row, ks)
                dst[idx] = row
            return out
        return impl
    if flat:
        def impl(a, kth, axis=-1):
            out = a.flatten()
            part(out, out, kths(kth, out.shape[0]))
            return out
        return impl
    if a.ndim == 1:
        def rows(out, kth, axis):
            v = axis_last_view(out, axis)
            part(v, v, kths(kth, v.shape[0]))
    else:
        def rows(out, kth, axis):
            v = axis_last_view(out, axis)
            ks = kths(kth, v.shape[-1])
            for idx in np.ndindex(v.shape[:-1]):
                r = v[idx]
                part(r, r, ks)
    rows = register_jitable(rows)
    if in_place:
        def impl(a, kth, axis=-1):
            rows(a, kth, axis)
        return impl

    def impl(a, kth, axis=-1):
        out = np.copy(a)  # NumPy's copy keeps a Fortran layout
        rows(out, kth, axis)
        return out
    return impl


@overload(np.partition)
def _np_partition(a, kth, axis=-1):
    """``np.partition(a, kth, axis=-1)``: a partitioned copy."""
    return _partition_impl(a, kth, axis, "np.partition", False, False)


@overload(np.argpartition)
def _np_argpartition(a, kth, axis=-1):
    """``np.argpartition(a, kth, axis=-1)``: the indices that partition ``a``."""
    return _partition_impl(a, kth, axis, "np.argpartition", True, False)


@overload_method(types.Array, "partition")
def _partition(a, kth, axis=-1):
    """``a.partition(kth, axis=-1)``: in place."""
    if isinstance(a, types.Array) and a.readonly:
        raise TypingError("partition() of a read-only array (%s)" % a)
    return _partition_impl(a, kth, axis, "partition", False, True)


@overload_method(types.Array, "argpartition")
def _argpartition(a, kth, axis=-1):
    """``a.argpartition(kth, axis=-1)``: as ``np.argpartition``."""
    return _partition_impl(a, kth, axis, "argpartition", True, False)
