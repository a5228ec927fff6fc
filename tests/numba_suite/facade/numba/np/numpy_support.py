"""``numba.np.numpy_support``: dtype <-> type conversion and NumPy's version."""

import numpy as np

from pycomp import types as _types
from pycomp.typeof import dtype_to_type

from numba._facade import StandIn as _StandIn

numpy_version = tuple(int(p) for p in np.__version__.split(".")[:2])


def from_dtype(dtype):
    """The pycomp type of a NumPy dtype's scalars."""
    try:
        return dtype_to_type(dtype)
    except ValueError as e:
        raise NotImplementedError(str(e)) from None


def as_dtype(t):
    """The NumPy dtype of a pycomp scalar type."""
    for d in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
              np.uint64, np.float32, np.float64, np.complex64, np.complex128):
        if dtype_to_type(d) is t:
            return np.dtype(d)
    raise NotImplementedError("%r cannot be represented as a NumPy dtype" % (t,))


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _StandIn("numba.np.numpy_support." + name, "internal")
