"""The ``reduce``, ``accumulate`` and ``outer`` methods of binary ufuncs
(``np.add.reduce(a, axis=0)``, ``np.maximum.accumulate(a)``), written
through the extension API: a method of the type of a ufunc used as a value
(``types.Function`` keyed by the ufunc), whose implementation calls the
ufunc itself on scalars.

Result dtypes are NumPy's: ``add`` and ``multiply`` of booleans and of
integers narrower than 64 bits accumulate in int64 (uint64 for unsigned),
as ``sum`` does; the other ufuncs keep their loop's output type for two
items of the array's dtype (``logical_and`` gives booleans). ``axis`` is
an integer (negative too) or, for ``reduce``, None (all axes). An empty
reduction gives the ufunc's identity (0 for add, 1 for multiply, ...) or,
for ufuncs without one (maximum, subtract, ...), NumPy's ValueError.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload_method, register_jitable
from pycomp.np.reductions import accumulator_type, scalar_class
from pycomp.np.views import axis_last_view, is_index
from pycomp.ufunc_db import UFUNCS, element_type, resolve_loop

__all__ = []

#: the identity of a ufunc's reduction of nothing; ufuncs not here have none
_IDENTITY = {np.add: 0, np.multiply: 1, np.logical_or: False, np.logical_and: True, np.logical_xor: False,
             np.bitwise_or: 0, np.bitwise_xor: 0, np.bitwise_and: -1}


def _is_axis(t) -> bool:
    """An integer axis: the default (a Python int) or an integer argument."""
    return isinstance(t, int) or is_index(t)


def _binary_ufunc(uf, name):
    """The ufunc of the method's receiver type, if it is a supported binary one."""
    spec = UFUNCS.get(getattr(uf, "key", None))
    if spec is None:
        return None
    if spec.nin != 2 or spec.nout != 1:
        raise TypingError("%s.%s() is only for binary ufuncs with one output" % (spec.name, name))
    return spec


def _result_class(spec, dtype, name):
    """The NumPy scalar class of a reduction's items (see the module text)."""
    if spec.ufunc in (np.add, np.multiply):
        return scalar_class(accumulator_type(dtype))
    loop = resolve_loop(spec, (dtype, dtype))
    if loop is None:
        raise TypingError("%s.%s() has no loop for %s items" % (spec.name, name, dtype))
    return scalar_class(loop.output)


def _row_reducer(spec, cls):
    """``row(v)``: the ufunc folded over a 1-D array, from its identity or
    its first item."""
    uf = spec.ufunc
    has_identity = uf in _IDENTITY
    identity = _IDENTITY.get(uf, 0)
    empty = "zero-size array to reduction operation %s which has no identity" % spec.name

    def row(v):
        n = v.shape[0]
        if n == 0:
            if has_identity:
                return cls(identity)
            raise ValueError(empty)
        acc = cls(v[0])
        for i in range(1, n):
            acc = cls(uf(acc, cls(v[i])))
        return acc
    return register_jitable(row)


@overload_method(types.Function, "reduce")
def _reduce(uf, array, axis=0):
    """``ufunc.reduce(array, axis=0)``."""
    spec = _binary_ufunc(uf, "reduce")
    if spec is None or not isinstance(array, types.Array) or element_type(array) is None:
        return None
    cls = _result_class(spec, array.dtype, "reduce")
    row = _row_reducer(spec, cls)
    if axis is None or isinstance(axis, types.NoneType) or array.ndim <= 1:
        if not (axis is None or isinstance(axis, types.NoneType) or _is_axis(axis)):
            raise TypingError("%s.reduce(): axis must be an integer or None, not %s" % (spec.name, axis))
        whole = array.ndim != 1 or axis is None or isinstance(axis, types.NoneType)

        def impl(uf, array, axis=0):
            if whole:
                return row(array.ravel())
            axis_last_view(array, axis)  # checks the axis
            return row(array)
        return impl
    if not _is_axis(axis):
        raise TypingError("%s.reduce(): axis must be an integer or None, not %s" % (spec.name, axis))

    def impl(uf, array, axis=0):
        v = axis_last_view(array, axis)
        out = np.empty(v.shape[:-1], cls)
        for idx in np.ndindex(v.shape[:-1]):
            out[idx] = row(v[idx])
        return out
    return impl


@overload_method(types.Function, "accumulate")
def _accumulate(uf, array, axis=0):
    """``ufunc.accumulate(array, axis=0)``: the running reductions, in an
    array of ``array``'s shape."""
    spec = _binary_ufunc(uf, "accumulate")
    if spec is None or not isinstance(array, types.Array) or element_type(array) is None:
        return None
    if array.ndim == 0:
        raise TypingError("%s.accumulate() of a 0-d array is not supported (NumPy raises)" % spec.name)
    if not _is_axis(axis):
        raise TypingError("%s.accumulate(): axis must be an integer, not %s" % (spec.name, axis))
    cls = _result_class(spec, array.dtype, "accumulate")
    fn = spec.ufunc

    def impl(uf, array, axis=0):
        out = np.empty(array.shape, cls)
        v = axis_last_view(array, axis)
        w = axis_last_view(out, axis)
        n = v.shape[-1]
        for idx in np.ndindex(v.shape[:-1]):
            src = v[idx]
            dst = w[idx]
            if n > 0:
                acc = cls(src[0])
                dst[0] = acc
                for j in range(1, n):
                    acc = cls(fn(acc, cls(src[j])))
                    dst[j] = acc
        return out
    return impl


@overload_method(types.Function, "outer")
def _outer(uf, a, b):
    """``ufunc.outer(a, b)``: ``uf(a[i...], b[j...])`` for every pair, of
    shape ``a.shape + b.shape`` and the ufunc's loop type for the two dtypes."""
    spec = _binary_ufunc(uf, "outer")
    if spec is None or not isinstance(a, types.Array) or not isinstance(b, types.Array):
        return None
    loop = resolve_loop(spec, (a.dtype, b.dtype))
    if loop is None:
        raise TypingError("%s.outer() has no loop for %s and %s items" % (spec.name, a.dtype, b.dtype))
    cls = scalar_class(loop.output)
    fn = spec.ufunc

    def impl(uf, a, b):
        out = np.empty(a.size * b.size, cls)
        k = 0
        for x in a.flat:
            for y in b.flat:
                out[k] = fn(x, y)
                k += 1
        return out.reshape(a.shape + b.shape)
    return impl
