"""Functions beyond NumPy's API for compiled code, as Numba's
``numba.np.extensions``: ``cross2d(a, b)``, the z components of the cross
products of 2-vectors (what ``np.cross`` gave for them before NumPy 2
deprecated it), written through the extension API.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload
from pycomp.np.arraylike import is_array_like, sequences_as_arrays

__all__ = ["cross2d"]


def cross2d(a, b):
    """The 2-d cross products ``a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]``
    of the 2-vectors along the last axes of ``a`` and ``b`` (the other axes
    broadcast): a 0-d array for two 1-d inputs. Compiled
    code only, as in Numba."""
    raise NotImplementedError("cross2d() runs in compiled code only")


@overload(cross2d)
def _cross2d(a, b):
    """``cross2d(a, b)`` of arrays, tuples or lists of numbers, in NumPy's
    promoted dtype; ValueError unless both last axes have length 2."""
    if not (is_array_like(a) and is_array_like(b)):
        raise TypingError("cross2d(): Inputs must be array-like. Got %s and %s." % (a, b))
    seq = sequences_as_arrays(cross2d, _cross2d, {"a": a, "b": b}, ("a", "b"))
    if seq is not None:
        return seq
    for t, what in ((a, "a"), (b, "b")):
        if not isinstance(t, types.Array) or not isinstance(t.dtype, (types.Number, types.Boolean)):
            raise TypingError("cross2d(): Inputs must be array-like, not %s" % t)
        if t.ndim == 0:
            raise TypingError("cross2d(): %s must be at least 1-d (its last axis holds the vectors)" % what)
    if isinstance(a.dtype, types.Boolean) or isinstance(b.dtype, types.Boolean):
        raise TypingError("cross2d(): boolean vectors are not supported (NumPy cannot subtract booleans)")
    cls = np.result_type(np.dtype(str(a.dtype)), np.dtype(str(b.dtype))).type

    if a.ndim == 1 and b.ndim == 1:
        def impl_one(a, b):
            if a.shape[0] != 2 or b.shape[0] != 2:
                raise ValueError("Incompatible dimensions for 2D cross product (dimension must be 2)")
            out = np.empty((), cls)  # a 0-d array, as NumPy's and Numba's
            out[()] = cls(a[0]) * cls(b[1]) - cls(a[1]) * cls(b[0])
            return out
        return impl_one

    def impl(a, b):
        if a.shape[-1] != 2 or b.shape[-1] != 2:
            raise ValueError("Incompatible dimensions for 2D cross product (dimension must be 2)")
        x = a.astype(cls)
        y = b.astype(cls)
        return x[..., 0] * y[..., 1] - x[..., 1] * y[..., 0]
    return impl
