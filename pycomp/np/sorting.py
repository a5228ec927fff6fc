"""Sorting: ``a.sort()`` (in place, along the last axis; a quicksort with a
median-of-three pivot and a final insertion sort), ``a.argsort(kind=...)``
of 1-d arrays (a stable merge sort of the indices, whatever the kind),
``np.sort`` (a sorted copy) and ``np.argsort``. NaNs sort last, as NumPy;
complex numbers sort by real part, then imaginary part."""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, overload_method, register_jitable

__all__ = ["less_than"]

#: partitions up to this long are left to the final insertion sort
_SMALL = 16


@register_jitable
def _lt_nan_last(x, y):
    return x < y or (y != y and x == x)


@register_jitable
def _lt_plain(x, y):
    return x < y


@register_jitable
def _lt_complex(x, y):
    return x.real < y.real or (x.real == y.real and x.imag < y.imag)


def less_than(dtype):
    """The order of elements of ``dtype``, a jitable ``lt(x, y)``."""
    if isinstance(dtype, types.Float):
        return _lt_nan_last
    if isinstance(dtype, types.Complex):
        return _lt_complex
    return _lt_plain


def _sort_row_for(lt):
    def sort_row(v):
        n = v.shape[0]
        if n < 2:
            return
        stack = np.empty(128, np.intp)
        stack[0] = 0
        stack[1] = n - 1
        sp = 2
        while sp > 0:
            sp -= 2
            lo = stack[sp]
            hi = stack[sp + 1]
            while hi - lo > _SMALL:
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
                sp += 2
        for i in range(1, n):
            x = v[i]
            j = i - 1
            while j >= 0 and lt(x, v[j]):
                v[j + 1] = v[j]
                j -= 1
            v[j + 1] = x
    return register_jitable(sort_row)


_SORT_ROWS = {}


def _sort_row(dtype):
    lt = less_than(dtype)
    fn = _SORT_ROWS.get(lt)
    if fn is None:
        fn = _SORT_ROWS[lt] = _sort_row_for(lt)
    return fn


@overload_method(types.Array, "sort")
def _sort(a):
    """``a.sort()``: in place, along the last axis."""
    if a.readonly:
        raise TypingError("sort() of a read-only array (%s)" % a)
    if a.ndim == 0:
        raise TypingError("sort() of a 0-d array (axis -1 is out of bounds for array of dimension 0)")
    sort_row = _sort_row(a.dtype)
    if a.ndim == 1:
        def impl(a):
            sort_row(a)
        return impl

    def impl(a):
        for idx in np.ndindex(a.shape[:-1]):
            sort_row(a[idx])
    return impl


def _argsort_for(lt):
    def argsort(a):
        n = a.shape[0]
        idx = np.empty(n, np.intp)
        tmp = np.empty(n, np.intp)
        for i in range(n):
            idx[i] = i
        width = 1
        while width < n:
            lo = 0
            while lo < n:
                mid = min(lo + width, n)
                hi = min(lo + 2 * width, n)
                i = lo
                j = mid
                k = lo
                while i < mid and j < hi:
                    if lt(a[idx[j]], a[idx[i]]):
                        tmp[k] = idx[j]
                        j += 1
                    else:
                        tmp[k] = idx[i]
                        i += 1
                    k += 1
                while i < mid:
                    tmp[k] = idx[i]
                    i += 1
                    k += 1
                while j < hi:
                    tmp[k] = idx[j]
                    j += 1
                    k += 1
                lo += 2 * width
            idx, tmp = tmp, idx
            width *= 2
        return idx
    return register_jitable(argsort)


_ARGSORTS = {}


@overload_method(types.Array, "argsort")
def _argsort(a, kind="quicksort"):
    """``a.argsort(kind="quicksort")`` of a 1-d array: the indices that sort
    it (stable for every kind)."""
    if isinstance(kind, types.StringLiteral) and kind.value not in ("quicksort", "mergesort", "stable", "heapsort"):
        raise TypingError("argsort(): unknown kind %r" % kind.value)
    if not (kind == "quicksort" or isinstance(kind, types.StringLiteral)):
        raise TypingError("argsort(): kind must be a constant string, not %s" % kind)
    if a.ndim != 1:
        raise TypingError("argsort() of an array of %d dimensions: only 1-d arrays are supported" % a.ndim)
    lt = less_than(a.dtype)
    fn = _ARGSORTS.get(lt)
    if fn is None:
        fn = _ARGSORTS[lt] = _argsort_for(lt)

    def impl(a, kind="quicksort"):
        return fn(a)
    return impl


@overload(np.sort)
def _np_sort(a):
    if isinstance(a, types.Array):
        def impl(a):
            out = a.copy()
            out.sort()
            return out
        return impl
    return None


@overload(np.argsort)
def _np_argsort(a, kind="quicksort"):
    if isinstance(a, types.Array):
        return lambda a, kind="quicksort": a.argsort(kind)
    return None
