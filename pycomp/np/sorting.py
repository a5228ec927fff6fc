"""Sorting: ``np.sort``, ``np.argsort``, ``a.sort()`` and ``a.argsort()``
with NumPy's ``axis`` (default -1; None flattens, for the functions) and
``kind`` ('quicksort', 'mergesort', 'heapsort', 'stable').

Orders are NumPy's: NaNs sort last; complex numbers sort by real part, then
imaginary part, with NaNs last as NumPy places them. The algorithms:

- ``quicksort``: an introsort -- quicksort with a median-of-three pivot,
  a final insertion sort of short partitions, and a heapsort of any
  partition that recurses too deep (n log n worst case). Float rows first
  move their NaNs to the end, so the sort itself compares with a plain
  ``<``;
- ``heapsort``: a heapsort;
- ``mergesort``/``stable``: a stable merge sort (of the indices, then
  gathered);
- every ``argsort`` is the stable merge sort of the indices, whatever the
  kind (NumPy allows it: only the stable kinds promise an order of ties).
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, overload_method, register_jitable
from pycomp.np.views import axis_last_view, is_index

__all__ = ["less_than", "sort_kind", "axis_kind"]

#: partitions up to this long are left to the final insertion sort
_SMALL = 16

#: the kinds NumPy takes, by name
_KINDS = ("quicksort", "mergesort", "heapsort", "stable")


@register_jitable
def _lt_nan_last(x, y):
    return x < y or (y != y and x == x)


@register_jitable
def _lt_plain(x, y):
    return x < y


@register_jitable
def _lt_complex(x, y):
    """NumPy's order of complex numbers: by real part, then imaginary part,
    a NaN in either part after every number without one there."""
    xr = x.real
    yr = y.real
    xi = x.imag
    yi = y.imag
    if xr < yr:
        return xi == xi or yi != yi
    if xr > yr:
        return yi != yi and xi == xi
    if xr == yr or (xr != xr and yr != yr):
        return xi < yi or (yi != yi and xi == xi)
    return yr != yr


def less_than(dtype):
    """The order of elements of ``dtype``, a jitable ``lt(x, y)``."""
    if isinstance(dtype, (types.Float, types.NPDatetime, types.NPTimedelta)):  # NaN / NaT last
        return _lt_nan_last
    if isinstance(dtype, types.Complex):
        return _lt_complex
    return _lt_plain


# ------------------------------------------------------------------ the algorithms


def _heap_range_for(lt):
    def heap_range(v, lo, hi):
        """Heapsort ``v[lo:hi + 1]`` in place."""
        n = hi - lo + 1
        start = n // 2 - 1
        end = n
        while True:
            if start >= 0:  # building the heap
                root = start
                start -= 1
            else:  # moving the largest behind the heap
                end -= 1
                if end <= 0:
                    return
                v[lo], v[lo + end] = v[lo + end], v[lo]
                root = 0
            while True:
                child = 2 * root + 1
                if child >= end:
                    break
                if child + 1 < end and lt(v[lo + child], v[lo + child + 1]):
                    child += 1
                if lt(v[lo + root], v[lo + child]):
                    v[lo + root], v[lo + child] = v[lo + child], v[lo + root]
                    root = child
                else:
                    break
    return register_jitable(heap_range)


def _quick_for(lt, heap_range):
    def quick(v):
        """Introsort ``v`` (1-d, in place)."""
        n = v.shape[0]
        if n < 2:
            return
        depth = 2
        m = n
        while m > 1:
            m >>= 1
            depth += 2
        stack = np.empty(3 * 64, np.intp)
        stack[0] = 0
        stack[1] = n - 1
        stack[2] = depth
        sp = 3
        while sp > 0:
            sp -= 3
            lo = stack[sp]
            hi = stack[sp + 1]
            d = stack[sp + 2]
            while hi - lo > _SMALL:
                if d == 0:
                    heap_range(v, lo, hi)
                    break
                d -= 1
                mid = (lo + hi) >> 1
                if lt(v[mid], v[lo]):
                    v[mid], v[lo] = v[lo], v[mid]
                if lt(v[hi], v[mid]):
                    v[mid], v[hi] = v[hi], v[mid]
                    if lt(v[mid], v[lo]):
                        v[mid], v[lo] = v[lo], v[mid]
                pivot = v[mid]
                i = lo - 1
                j = hi + 1
                while True:
                    i += 1
                    while lt(v[i], pivot):
                        i += 1
                    j -= 1
                    while lt(pivot, v[j]):
                        j -= 1
                    if i >= j:
                        break
                    v[i], v[j] = v[j], v[i]
                # [lo, j] and [j + 1, hi]: keep the smaller, push the larger
                if j - lo < hi - j:
                    stack[sp] = j + 1
                    stack[sp + 1] = hi
                    hi = j
                else:
                    stack[sp] = lo
                    stack[sp + 1] = j
                    lo = j + 1
                stack[sp + 2] = d
                sp += 3
        for i in range(1, n):
            x = v[i]
            j = i - 1
            while j >= 0 and lt(x, v[j]):
                v[j + 1] = v[j]
                j -= 1
            v[j + 1] = x
    return register_jitable(quick)


@register_jitable
def _nans_to_end(v):
    """Move the NaNs of float row ``v`` to its end; the count of the others."""
    i = 0
    j = v.shape[0]
    while i < j:
        x = v[i]
        if x != x:
            j -= 1
            v[i] = v[j]
            v[j] = x
        else:
            i += 1
    return j


#: rows of floats at least this long sort by radix (quicksort kind), and
#: argsort by radix; shorter ones by introsort / merge sort (measured
#: crossovers on float64: the radix sort's counting tables cost more below)
_RADIX_MIN = 1500
_RADIX_ARG_MIN = 700
_DIGIT = 11


def _radix_for(fcls, ucls, passes):
    """A jitable LSD radix sort of a 1-d float row without NaNs: its bits
    as unsigned keys (negatives inverted, positives with the sign bit
    set, so unsigned order is numeric order), ``passes`` scatters of 11-bit
    digits (a pass whose digit all keys share is skipped)."""
    bits = np.dtype(ucls).itemsize * 8

    def radix(v):
        n = v.shape[0]
        buf = np.empty(n, fcls)
        for i in range(n):
            buf[i] = v[i]
        src = buf.view(ucls)
        dst = np.empty(n, ucls)
        sign = ucls(1) << ucls(bits - 1)
        mask = ucls((1 << _DIGIT) - 1)
        counts = np.zeros((passes, 1 << _DIGIT), np.intp)
        for i in range(n):
            k = src[i]
            if k & sign:
                k = ~k
            else:
                k = k | sign
            src[i] = k
            for p in range(passes):
                counts[p, (k >> ucls(_DIGIT * p)) & mask] += 1
        for p in range(passes):
            shift = ucls(_DIGIT * p)
            if counts[p, (src[0] >> shift) & mask] == n:
                continue
            total = 0
            for d in range(1 << _DIGIT):
                c = counts[p, d]
                counts[p, d] = total
                total += c
            for i in range(n):
                k = src[i]
                d = (k >> shift) & mask
                dst[counts[p, d]] = k
                counts[p, d] += 1
            src, dst = dst, src
        for i in range(n):
            k = src[i]
            if k & sign:
                k = k ^ sign
            else:
                k = ~k
            src[i] = k
        out = src.view(fcls)
        for i in range(n):
            v[i] = out[i]
    return register_jitable(radix)


def _radix_arg_for(fcls, ucls, passes):
    """A jitable stable LSD radix argsort of a 1-d float row: the indices of
    the non-NaN items ordered by their keys (as :func:`_radix_for`'s, with
    -0.0 keyed as 0.0 so the two tie, as they compare), then those of the
    NaNs in their order (NumPy puts NaNs last)."""
    bits = np.dtype(ucls).itemsize * 8

    def radix_arg(a):
        n = a.shape[0]
        buf = np.empty(n, fcls)
        idx = np.empty(n, np.intp)
        m = 0
        for i in range(n):
            x = a[i]
            if x == x:
                buf[m] = x + fcls(0.0)  # -0.0 + 0.0 is 0.0
                idx[m] = i
                m += 1
        j = m
        for i in range(n):
            x = a[i]
            if x != x:
                idx[j] = i
                j += 1
        src = buf.view(ucls)
        dst = np.empty(n, ucls)
        isrc, idst = idx, np.empty(n, np.intp)
        sign = ucls(1) << ucls(bits - 1)
        mask = ucls((1 << _DIGIT) - 1)
        counts = np.zeros((passes, 1 << _DIGIT), np.intp)
        for i in range(m):
            k = src[i]
            k = ~k if k & sign else k | sign
            src[i] = k
            for p in range(passes):
                counts[p, (k >> ucls(_DIGIT * p)) & mask] += 1
        for p in range(passes):
            shift = ucls(_DIGIT * p)
            if m == 0 or counts[p, (src[0] >> shift) & mask] == m:
                continue
            total = 0
            for d in range(1 << _DIGIT):
                c = counts[p, d]
                counts[p, d] = total
                total += c
            for i in range(m):
                k = src[i]
                d = (k >> shift) & mask
                t = counts[p, d]
                dst[t] = k
                idst[t] = isrc[i]
                counts[p, d] = t + 1
            src, dst = dst, src
            isrc, idst = idst, isrc
        if isrc is not idx:  # the NaNs' tail stays in the first index array
            for i in range(m, n):
                isrc[i] = idx[i]
        return isrc
    return register_jitable(radix_arg)


_RADIXES = {}


def _radix(dtype):
    """The radix sort of float64 or float32 rows (None for other floats)."""
    if str(dtype) not in ("float64", "float32"):
        return None
    fn = _RADIXES.get(str(dtype))
    if fn is None:
        fcls, ucls, passes = (np.float64, np.uint64, 6) if str(dtype) == "float64" else (np.float32, np.uint32, 3)
        fn = _RADIXES[str(dtype)] = _radix_for(fcls, ucls, passes)
    return fn


def _argsort_for(lt):
    def argsort(a):
        """The indices that sort 1-d ``a``, by a stable merge sort (runs of
        ``_SMALL`` by insertion first). The keys travel with the indices
        (a copy of ``a`` in step with them), so a comparison reads two
        neighbouring keys rather than ``a`` through the indices."""
        n = a.shape[0]
        idx = np.empty(n, np.intp)
        tmp = np.empty(n, np.intp)
        key = np.empty(n, a.dtype)
        ktmp = np.empty(n, a.dtype)
        for i in range(n):
            idx[i] = i
            key[i] = a[i]
        for lo in range(0, n, _SMALL):
            hi = min(lo + _SMALL, n)
            for i in range(lo + 1, hi):
                k = idx[i]
                x = key[i]
                j = i - 1
                while j >= lo and lt(x, key[j]):
                    idx[j + 1] = idx[j]
                    key[j + 1] = key[j]
                    j -= 1
                idx[j + 1] = k
                key[j + 1] = x
        width = _SMALL
        while width < n:
            lo = 0
            while lo < n:
                mid = min(lo + width, n)
                hi = min(lo + 2 * width, n)
                if mid < hi and lt(key[mid], key[mid - 1]):
                    i = lo
                    j = mid
                    k = lo
                    while i < mid and j < hi:  # without branches: the order is data (random)
                        ki = key[i]
                        kj = key[j]
                        ii = idx[i]
                        ij = idx[j]
                        right = lt(kj, ki)
                        tmp[k] = ij if right else ii
                        ktmp[k] = kj if right else ki
                        step = np.intp(right)
                        j += step
                        i += 1 - step
                        k += 1
                    while i < mid:
                        tmp[k] = idx[i]
                        ktmp[k] = key[i]
                        i += 1
                        k += 1
                    while j < hi:
                        tmp[k] = idx[j]
                        ktmp[k] = key[j]
                        j += 1
                        k += 1
                else:  # in order already (or a lone run): copied through
                    for t in range(lo, hi):
                        tmp[t] = idx[t]
                        ktmp[t] = key[t]
                lo += 2 * width
            idx, tmp = tmp, idx
            key, ktmp = ktmp, key
            width *= 2
        return idx
    return register_jitable(argsort)


_ROW_SORTS = {}


def row_sort(dtype, kind):
    """A jitable ``sort(v)`` of the 1-d ``v`` of ``dtype`` items (in place)
    by ``kind`` ('quicksort', 'heapsort' or 'stable')."""
    key = (less_than(dtype), isinstance(dtype, types.Float), kind, str(dtype))
    fn = _ROW_SORTS.get(key)
    if fn is not None:
        return fn
    lt, floating = key[:2]
    if kind == "stable":
        argsort = row_argsort(dtype)

        def sort(v):
            idx = argsort(v)
            w = v.copy()
            for i in range(v.shape[0]):
                v[i] = w[idx[i]]
    else:
        plain = _lt_plain if floating else lt  # float rows: NaNs moved out first
        heap = _heap_range_for(plain)
        if kind == "heapsort":
            def whole(v):
                if v.shape[0] > 1:
                    heap(v, 0, v.shape[0] - 1)
            whole = register_jitable(whole)
        else:
            whole = _quick_for(plain, heap)
        radix = _radix(dtype) if kind == "quicksort" else None
        if radix is not None:
            def sort(v):
                m = _nans_to_end(v)
                if m >= _RADIX_MIN:
                    radix(v[:m])
                else:
                    whole(v[:m])
        elif floating:
            def sort(v):
                m = _nans_to_end(v)
                whole(v[:m])
        else:
            def sort(v):
                whole(v)
    fn = _ROW_SORTS[key] = register_jitable(sort)
    return fn


_ARGSORTS = {}


def row_argsort(dtype):
    """A jitable ``argsort(v)`` of 1-d ``v``: a new intp array (stable): a
    radix sort for float64/float32 rows of ``_RADIX_ARG_MIN`` items or more, a
    merge sort otherwise."""
    lt = less_than(dtype)
    key = (lt, str(dtype))
    fn = _ARGSORTS.get(key)
    if fn is None:
        merge = _argsort_for(lt)
        if str(dtype) in ("float64", "float32"):
            fcls, ucls, passes = (np.float64, np.uint64, 6) if str(dtype) == "float64" else (np.float32, np.uint32, 3)
            radix_arg = _radix_arg_for(fcls, ucls, passes)

            def argsort(a):
                if a.shape[0] >= _RADIX_ARG_MIN:
                    return radix_arg(a)
                return merge(a)
            fn = register_jitable(argsort)
        else:
            fn = merge
        _ARGSORTS[key] = fn
    return fn


# ------------------------------------------------------------------ arguments


def _none(t) -> bool:
    if isinstance(t, types.Omitted):
        t = t.value
    return t is None or isinstance(t, types.NoneType)


def sort_kind(kind, name):
    """The algorithm ``kind`` (a type, or the default) names: 'quicksort',
    'heapsort', 'stable', or None for a constant NumPy refuses (the
    implementation then raises its ValueError); TypingError for a kind that
    is not constant."""
    if isinstance(kind, types.Omitted):
        kind = kind.value
    if _none(kind):
        return "quicksort"
    if isinstance(kind, types.StringLiteral):
        kind = kind.value
    if isinstance(kind, str):
        return {"mergesort": "stable"}.get(kind, kind) if kind in _KINDS else None
    raise TypingError("%s(): kind must be a constant string or None, not %s" % (name, kind))


def axis_kind(axis, name):
    """'none' (flatten) or 'int' (one axis), for the ``axis`` argument."""
    if isinstance(axis, types.Omitted):
        axis = axis.value
    if _none(axis):
        return "none"
    if isinstance(axis, int) or is_index(axis):
        return "int"
    raise TypingError("%s(): axis must be an integer or None, not %s" % (name, axis))


def _bad_kind(kind):
    value = kind.value if isinstance(kind, (types.StringLiteral, types.Omitted)) else kind
    value = value.value if isinstance(value, types.StringLiteral) else value
    return "sort kind must be one of 'quick', 'heap', or 'stable' (got %r)" % (value,)


def _rows(fn, ndim):
    """``apply(v, axis)``: ``fn(row)`` of every 1-d row of the ``ndim``-d
    ``v`` along ``axis``."""
    if ndim == 1:
        def apply(v, axis):
            fn(axis_last_view(v, axis))
    else:
        def apply(v, axis):
            w = axis_last_view(v, axis)
            for idx in np.ndindex(w.shape[:-1]):
                fn(w[idx])
    return register_jitable(apply)


def _sortable(a):
    return isinstance(a, types.Array) and isinstance(a.dtype, (types.Number, types.Boolean, types.NPDatetime,
                                                               types.NPTimedelta, types.CharSeq,
                                                               types.UnicodeCharSeq))


# ------------------------------------------------------------------ sort


@overload_method(types.Array, "sort")
def _sort(a, axis=-1, kind=None):
    """``a.sort(axis=-1, kind=None)``: in place, along ``axis``."""
    if not _sortable(a):
        return None
    if a.readonly:
        raise TypingError("sort() of a read-only array (%s)" % a)
    if a.ndim == 0:
        raise TypingError("sort() of a 0-d array (axis -1 is out of bounds for array of dimension 0)")
    if axis_kind(axis, "sort") == "none":
        raise TypingError("sort(): axis must be an integer (a.sort(axis=None) is a TypeError in NumPy)")
    algo = sort_kind(kind, "sort")
    if algo is None:
        msg = _bad_kind(kind)

        def impl(a, axis=-1, kind=None):
            raise ValueError(msg)
        return impl
    apply = _rows(row_sort(a.dtype, algo), a.ndim)

    def impl(a, axis=-1, kind=None):
        apply(a, axis)
    return impl


@overload(np.sort)
def _np_sort(a, axis=-1, kind=None):
    """``np.sort(a, axis=-1, kind=None)``: a sorted copy (``axis=None``: of
    the flattened array); ``a`` an array, a list or a tuple."""
    if isinstance(a, (types.List, types.BaseTuple)):
        def impl(a, axis=-1, kind=None):
            return np.sort(np.asarray(a), axis, kind)
        return impl
    if not _sortable(a):
        return None
    flat = axis_kind(axis, "np.sort") == "none"
    algo = sort_kind(kind, "np.sort")
    if algo is None:
        msg = _bad_kind(kind)

        def impl(a, axis=-1, kind=None):
            raise ValueError(msg)
        return impl
    sort = row_sort(a.dtype, algo)
    if flat:
        def impl(a, axis=-1, kind=None):
            out = a.flatten()
            sort(out)
            return out
        return impl
    if a.ndim == 0:
        raise TypingError("np.sort() of a 0-d array along an axis (axis -1 is out of bounds for array of "
                          "dimension 0; axis=None sorts it)")
    apply = _rows(sort, a.ndim)

    def impl(a, axis=-1, kind=None):
        out = a.copy()
        apply(out, axis)
        return out
    return impl


# ------------------------------------------------------------------ argsort


def _argsort_impl(a, axis, kind, name):
    if not _sortable(a):
        return None
    flat = axis_kind(axis, name) == "none"
    if sort_kind(kind, name) is None:
        msg = _bad_kind(kind)

        def impl(a, axis=-1, kind=None):
            raise ValueError(msg)
        return impl
    argsort = row_argsort(a.dtype)
    if flat:
        def impl(a, axis=-1, kind=None):
            return argsort(a.flatten())
        return impl
    if a.ndim == 0:
        raise TypingError("%s() of a 0-d array along an axis (axis -1 is out of bounds for array of "
                          "dimension 0; axis=None sorts it)" % name)
    if a.ndim == 1:
        def impl(a, axis=-1, kind=None):
            return argsort(axis_last_view(a, axis))
        return impl

    def impl(a, axis=-1, kind=None):
        out = np.empty(a.shape, np.intp)
        src = axis_last_view(a, axis)
        dst = axis_last_view(out, axis)
        for idx in np.ndindex(src.shape[:-1]):
            dst[idx] = argsort(src[idx])
        return out
    return impl


@overload_method(types.Array, "argsort")
def _argsort(a, axis=-1, kind=None):
    """``a.argsort(axis=-1, kind=None)``: the indices that sort ``a`` along
    ``axis`` (None: of the flattened array); stable for every kind."""
    return _argsort_impl(a, axis, kind, "argsort")


@overload(np.argsort)
def _np_argsort(a, axis=-1, kind=None):
    """``np.argsort(a, axis=-1, kind=None)``: as ``a.argsort``."""
    if isinstance(a, (types.List, types.BaseTuple)):
        def impl(a, axis=-1, kind=None):
            return np.argsort(np.asarray(a), axis, kind)
        return impl
    return _argsort_impl(a, axis, kind, "np.argsort")


import pycomp.np.partition  # noqa: E402,F401  (registers np.partition, np.argpartition and the methods)
