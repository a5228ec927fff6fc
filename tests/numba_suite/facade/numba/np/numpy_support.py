"""``numba.np.numpy_support``: dtype <-> type conversion and NumPy's version."""

import numpy as np

from pycomp import types as _types
from pycomp.typeof import as_numpy_dtype, dtype_to_type

from numba._facade import StandIn as _StandIn

numpy_version = tuple(int(p) for p in np.__version__.split(".")[:2])


def from_dtype(dtype):
    """The pycomp type of a NumPy dtype's scalars; a subarray dtype is a
    ``NestedArray`` (an ``Array`` of it appends its dimensions)."""
    try:
        dt = np.dtype(dtype)
        if dt.subdtype is not None:
            base, shape = dt.subdtype
            inner = from_dtype(base)  # a subarray of subarrays nests its shapes
            if isinstance(inner, _types.NestedArray):
                return _types.NestedArray(inner.dtype, tuple(shape) + inner.shape)
            return _types.NestedArray(inner, shape)
        return dtype_to_type(dt)
    except ValueError as e:
        raise NotImplementedError(str(e)) from None


def as_dtype(t):
    """The NumPy dtype of a pycomp type (numbers, records, datetimes)."""
    try:
        return as_numpy_dtype(t)
    except (TypeError, ValueError, KeyError, AttributeError):
        raise NotImplementedError("%r cannot be represented as a NumPy dtype" % (t,)) from None


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _StandIn("numba.np.numpy_support." + name, "internal")
