"""NumPy's pairwise summation, so that ``sum``, ``mean``, ``var`` and ``std``
of float arrays give NumPy's values to the last bit, at NumPy's speed.

NumPy adds the items of a contiguous run (a 1-d array of any stride, a
C-contiguous array, a row along the last axis) by splitting it in two,
recursively, until a part has 128 items or fewer; such a block is added
into eight running sums that take turns (item ``i`` into sum ``i % 8``),
combined as ``((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))``, the
items left over by the last multiple of 8 added after; a part of fewer
than 8 items is added in order. The split point of ``n`` items is half
of ``n`` rounded down to a multiple of 8. The sum starts from 0.0 (so a
sum of negative zeros is +0.0, as NumPy's).

The rounding error grows like log n instead of n, and the eight running
sums are independent, so the compiler vectorizes a block (a sequential
sum waits on each addition's latency: about three times slower).

:func:`pairwise_for` makes the jitable ``psum(v, m)`` for a term
function: ``term(v, i, m)`` is the ``i``-th term (``v[i]`` for a sum, a
squared deviation from ``m`` for a variance). The recursion is run with
an explicit stack (its depth is at most the bit length of n).
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.extending import overload, register_jitable

__all__ = ["pairwise_for", "pairwise_with_work_for", "item_term", "squared_deviation_term", "float_items",
           "sum_in_memory_order", "innermost_axis", "contiguous_axis", "contiguous_rows"]

_BLOCK = 128
_DEPTH = 64


#: the jitables made so far, by term, class (and fallback): each is compiled once
_MADE = {}


def pairwise_for(term, cls):
    """A jitable ``psum(v, m)``: the pairwise sum of ``term(v, i, m)`` for
    ``i`` in ``range(v.shape[0])`` (``v`` 1-d), in the float class
    ``cls`` (one per term and class)."""
    made = _MADE.get((term, cls))
    if made is None:
        made = _MADE[(term, cls)] = _make(term, cls)
    return made


def _make(term, cls):
    """The jitable pairwise sum of ``term`` in ``cls``, with its ``with_work``
    form and ``new_work`` maker attached."""

    def block(v, lo, n, m):
        """One leaf: n <= 128 items from ``lo`` (indexed in a view from 0,
        so the indices are known not negative and the loop vectorizes)."""
        w = v[lo:lo + n]
        if n < 8:
            res = cls(-0.0)
            for i in range(n):
                res += term(w, i, m)
            return res
        r0 = term(w, 0, m)
        r1 = term(w, 1, m)
        r2 = term(w, 2, m)
        r3 = term(w, 3, m)
        r4 = term(w, 4, m)
        r5 = term(w, 5, m)
        r6 = term(w, 6, m)
        r7 = term(w, 7, m)
        whole = n - n % 8
        for i in range(8, whole, 8):
            r0 += term(w, i, m)
            r1 += term(w, i + 1, m)
            r2 += term(w, i + 2, m)
            r3 += term(w, i + 3, m)
            r4 += term(w, i + 4, m)
            r5 += term(w, i + 5, m)
            r6 += term(w, i + 6, m)
            r7 += term(w, i + 7, m)
        res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        for i in range(whole, n):
            res += term(w, i, m)
        return res
    block = register_jitable(block)

    def run(v, m, frames, values):
        """The sum, with the recursion's stacks given (``work(cls)``)."""
        n = v.shape[0]
        if n <= _BLOCK:
            return cls(0.0) + block(v, 0, n, m)
        # frames of the recursion: (start, count, stage); stage 0: left part
        # next, 1: right part next, 2: both done (their sums on the value stack)
        top = 0
        frames[0, 0] = 0
        frames[0, 1] = n
        frames[0, 2] = 0
        nvalues = 0
        while top >= 0:
            lo = frames[top, 0]
            count = frames[top, 1]
            if count <= _BLOCK:
                values[nvalues] = block(v, lo, count, m)
                nvalues += 1
                top -= 1
                continue
            half = count // 2
            half -= half % 8
            stage = frames[top, 2]
            frames[top, 2] = stage + 1
            if stage == 0:
                top += 1
                frames[top, 0] = lo
                frames[top, 1] = half
                frames[top, 2] = 0
            elif stage == 1:
                top += 1
                frames[top, 0] = lo + half
                frames[top, 1] = count - half
                frames[top, 2] = 0
            else:
                nvalues -= 1
                values[nvalues - 1] = values[nvalues - 1] + values[nvalues]
                top -= 1
        return cls(0.0) + values[0]
    run = register_jitable(run)

    def psum(v, m):
        if v.shape[0] <= _BLOCK:
            return cls(0.0) + block(v, 0, v.shape[0], m)
        return run(v, m, np.empty((_DEPTH, 3), np.intp), np.empty(_DEPTH, cls))
    psum = register_jitable(psum)

    def new_work():
        return np.empty((_DEPTH, 3), np.intp), np.empty(_DEPTH, cls)
    psum.with_work = run
    psum.new_work = register_jitable(new_work)
    return psum


def pairwise_with_work_for(term, cls):
    """``(run, new_work)``: ``pairwise_for(term, cls)`` as ``run(v, m,
    frames, values)``, taking the recursion's stacks, which ``new_work()``
    makes (once, for the many rows of a reduction along an axis)."""
    psum = pairwise_for(term, cls)
    return psum.with_work, psum.new_work


@register_jitable
def item_term(v, i, m):
    """The term of a sum: the item itself."""
    return v[i]


@register_jitable
def squared_deviation_term(v, i, m):
    """The term of a variance: the squared distance of the item from ``m``."""
    d = v[i] - m
    return d * d


# ------------------------------------------------------------------ NumPy's order over whole arrays and rows


def float_items(arr_t, cls) -> bool:
    """Whether NumPy sums the items of array type ``arr_t`` pairwise in the
    float class ``cls``: real float items accumulated in their own dtype."""
    return isinstance(arr_t, types.Array) and isinstance(arr_t.dtype, types.Float) and \
        getattr(np, str(arr_t.dtype)) is cls


def sum_in_memory_order(term, cls, sequential):
    """A jitable ``total(a, m)`` of ``term`` over every item of an array of
    ``cls`` items in NumPy's order: one pairwise run in memory order for a
    1-d, C or F array (NumPy coalesces their dimensions into one loop),
    ``sequential(a, m)`` for an A array of several dimensions (its order
    is only known at run time). One per term, class and fallback."""
    key = ("total", term, cls, sequential)
    made = _MADE.get(key)
    if made is not None:
        return made
    psum = pairwise_for(term, cls)

    def total(a, m):
        """Compiled code only."""
        raise NotImplementedError

    @overload(total)
    def _total(a, m):
        if a.ndim == 1:
            return lambda a, m: psum(a, m)
        if a.ndim == 0 or a.layout == "C":
            return lambda a, m: psum(a.ravel(), m)
        if a.layout == "F":
            return lambda a, m: psum(a.T.ravel(), m)
        return lambda a, m: sequential(a, m)

    _MADE[key] = total
    return total


def contiguous_axis(layout: str, ndim: int):
    """A jitable ``along(axis)``: whether ``axis`` (in range, maybe
    negative) is the contiguous dimension of a ``layout`` array (the last
    of C, the first of F; never for A)."""
    def along(axis):
        ax = axis + ndim if axis < 0 else axis
        if layout == "C":
            return ax == ndim - 1
        if layout == "F":
            return ax == 0
        return False
    return register_jitable(along)


def innermost_axis(layout: str, ndim: int):
    """A jitable ``inner(a, axis)``: whether NumPy's reduction of ``a`` along
    ``axis`` runs its inner loop along that axis, and so sums each row
    pairwise (along another axis it adds the rows one after another):
    ``axis`` is the contiguous dimension of a C or F array once the
    dimensions of extent 1 are set aside (NumPy's iterator drops them)."""
    def inner(a, axis):
        ax = axis + ndim if axis < 0 else axis
        if layout == "C":
            for k in range(ax + 1, ndim):
                if a.shape[k] != 1:
                    return False
            return True
        if layout == "F":
            for k in range(ax):
                if a.shape[k] != 1:
                    return False
            return True
        return False
    return register_jitable(inner)


@register_jitable
def _itself(a):
    return a


@register_jitable
def _transposed(a):
    return a.T


def contiguous_rows(layout: str):
    """A jitable ``rows(a)`` of a 2-d C or F array: the array whose rows are
    its contiguous lines, typed C (``a`` itself, or ``a.T``), so a row's
    loop vectorizes."""
    return _itself if layout == "C" else _transposed
