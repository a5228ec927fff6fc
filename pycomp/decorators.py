"""``jit`` and ``njit``, with Numba's calling forms:

    @jit                      @jit("float64(float64, int32)")
    @jit(nopython=True)       @jit(["int64(int64)", "float64(float64)"])
    @njit(fastmath=True)      @jit(types.float64(types.int32))
"""

from __future__ import annotations

from pycomp._dispatcher import CleanErrors
from pycomp.dispatcher import Dispatcher

__all__ = ["jit", "njit"]


def jit(signature_or_function=None, **options):
    if callable(signature_or_function) and not isinstance(signature_or_function, str) \
            and not hasattr(signature_or_function, "return_type"):
        return Dispatcher(signature_or_function, None, options)
    sigs = signature_or_function
    if sigs is not None and not isinstance(sigs, list):
        sigs = [sigs]

    def wrap(fn):
        return Dispatcher(fn, sigs, options)

    # an eager signature compiles here: its errors show the user's line only
    return CleanErrors(wrap) if sigs is not None else wrap


def njit(*args, **options):
    options.setdefault("nopython", True)
    return jit(*args, **options)
