"""``jit`` and ``njit``, with Numba's calling forms:

    @jit                      @jit("float64(float64, int32)")
    @jit(nopython=True)       @jit(["int64(int64)", "float64(float64)"])
    @njit(fastmath=True)      @jit(types.float64(types.int32))
"""

from __future__ import annotations

import types

from pycomp._dispatcher import CleanErrors
from pycomp.dispatcher import Dispatcher

__all__ = ["jit", "njit"]


def _check_function(fn):
    if isinstance(fn, Dispatcher):
        raise TypeError("jit was applied to %r, which is already jitted; use its .py_func to get "
                        "the Python function" % (fn,))
    if not isinstance(fn, types.FunctionType):
        raise TypeError("jit decorates a Python function, not %s" % type(fn).__name__)


def _check_signatures(sigs):
    """Reject at decoration what cannot be a signature (the compiler would
    fail on it later, far from the user's line)."""
    from pycomp.signature import Signature

    from pycomp.types import Type

    for s in sigs:
        if not isinstance(s, (str, tuple, list, Signature)):
            raise TypeError("invalid signature %r (of type %s): a signature is a string like "
                            "'float64(int64)', a tuple of types or a Signature" % (s, type(s).__name__))
        items = s if isinstance(s, (tuple, list)) else s.args if isinstance(s, Signature) else ()
        for t in items:
            if not isinstance(t, (Type, str)):
                raise TypeError("invalid signature %r: %r (of type %s) is not a type"
                                % (s, t, type(t).__name__))


def jit(signature_or_function=None, **options):
    if isinstance(signature_or_function, (Dispatcher, types.FunctionType)) or (
            callable(signature_or_function) and not isinstance(signature_or_function, (str, type))
            and not hasattr(signature_or_function, "return_type")):
        _check_function(signature_or_function)
        return Dispatcher(signature_or_function, None, options)
    sigs = signature_or_function
    if sigs is not None and not isinstance(sigs, list):
        sigs = [sigs]
    if sigs is not None:
        _check_signatures(sigs)

    def wrap(fn):
        _check_function(fn)
        return Dispatcher(fn, sigs, options)

    # an eager signature compiles here: its errors show the user's line only
    return CleanErrors(wrap) if sigs is not None else wrap


def njit(*args, **options):
    options.setdefault("nopython", True)
    return jit(*args, **options)
