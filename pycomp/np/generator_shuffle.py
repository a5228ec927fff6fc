"""``Generator.shuffle`` and ``Generator.permutation`` in compiled code:
NumPy's Generator Fisher-Yates shuffle, drawing each swap partner in
``[0, i]`` by masked rejection (the smallest all-ones mask covering ``i``;
32-bit draws while ``i`` fits in 32 bits), so the order equals NumPy's for
the same bit generator state.

``shuffle(x, axis=0)`` permutes an array in place along ``axis`` (the
sub-arrays move together); ``permutation(x, axis=0)`` returns a shuffled
copy of an array, or of ``np.arange(x)`` for an integer.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.extending import overload_method, register_jitable
from pycomp.np.generator import (NumPyRandomGeneratorType, arg_error, next_uint32, next_uint64)

__all__ = ["random_interval"]


@register_jitable
def random_interval(gen, top):
    """A uniform integer in [0, top] (top >= 0) by masked rejection."""
    mx = np.uint64(top)
    if mx == np.uint64(0):
        return np.int64(0)
    mask = mx
    for shift in (1, 2, 4, 8, 16, 32):
        mask |= mask >> np.uint64(shift)
    if mx <= np.uint64(0xFFFFFFFF):
        value = np.uint64(next_uint32(gen)) & mask
        while value > mx:
            value = np.uint64(next_uint32(gen)) & mask
    else:
        value = next_uint64(gen) & mask
        while value > mx:
            value = next_uint64(gen) & mask
    return np.int64(value)


@register_jitable
def _axis(axis, ndim):
    """``axis`` normalized to [0, ndim); IndexError when out of bounds."""
    if axis < -ndim or axis >= ndim:
        raise IndexError("Axis is out of bounds for the given array")
    return axis + ndim if axis < 0 else axis


@register_jitable
def _shuffle_1d(gen, x):
    """Fisher-Yates on a 1-d array, from the end."""
    for i in range(x.shape[0] - 1, 0, -1):
        j = random_interval(gen, i)
        t = x[i]
        x[i] = x[j]
        x[j] = t


@register_jitable
def _shuffle_rows(gen, v):
    """Fisher-Yates on the first axis of an n-d array (rows swapped
    through a copy)."""
    for i in range(v.shape[0] - 1, 0, -1):
        j = random_interval(gen, i)
        buf = v[j].copy()
        v[j] = v[i]
        v[i] = buf


def _check_array(what, x, axis):
    """TypingError unless ``x`` is an array and ``axis`` an integer."""
    if not isinstance(x, types.Array):
        raise arg_error(what, "x", x, "[Array]")
    if not isinstance(axis, (int, types.Integer)):
        raise arg_error(what, "axis", axis, "[Integer, int]")


@overload_method(NumPyRandomGeneratorType, "shuffle")
def _ov_shuffle(gen, x, axis=0):
    """``gen.shuffle(x, axis=0)``: permute ``x`` in place along ``axis``
    (IndexError when out of bounds); nothing is drawn for an empty array."""
    _check_array("shuffle", x, axis)
    if x.ndim == 1:
        def impl1(gen, x, axis=0):
            _axis(axis, 1)
            _shuffle_1d(gen, x)
        return impl1

    def impl(gen, x, axis=0):
        ax = _axis(axis, x.ndim)
        if x.size == 0:
            return
        _shuffle_rows(gen, np.swapaxes(x, 0, ax))

    return impl


@overload_method(NumPyRandomGeneratorType, "permutation")
def _ov_permutation(gen, x, axis=0):
    """``gen.permutation(x, axis=0)``: a shuffled copy of array ``x`` along
    ``axis``, or a shuffled ``np.arange(x)`` for an integer ``x``."""
    if isinstance(x, types.Integer):
        if not isinstance(axis, (int, types.Integer)):
            raise arg_error("permutation", "axis", axis, "[Integer, int]")

        def impl_int(gen, x, axis=0):
            out = np.arange(x)
            _shuffle_1d(gen, out)
            return out
        return impl_int
    _check_array("permutation", x, axis)
    if x.ndim == 1:
        def impl1(gen, x, axis=0):
            _axis(axis, 1)
            out = x.copy()
            _shuffle_1d(gen, out)
            return out
        return impl1

    def impl(gen, x, axis=0):
        ax = _axis(axis, x.ndim)
        out = x.copy()
        v = np.swapaxes(out, 0, ax)
        if out.size == 0:
            # NumPy shuffles an index array: the draws still happen
            idx = np.arange(v.shape[0])
            _shuffle_1d(gen, idx)
        else:
            _shuffle_rows(gen, v)
        return out

    return impl
