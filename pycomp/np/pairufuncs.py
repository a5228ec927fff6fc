"""The ufuncs with two outputs, written through the extension API:
``np.frexp`` (mantissa, and exponent as int32), ``np.modf`` (fractional
and integral parts) and ``np.divmod`` (``floor_divide`` and ``remainder``
together), on numbers and arrays; each returns a tuple of two numbers or
two new C-contiguous arrays of the input's shape. Integer and boolean
inputs use the float64 loop (NumPy would pick float16 for 8-bit ones,
which compiled code does not have).
"""

from __future__ import annotations

import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.reductions import scalar_class

__all__ = []


def _float_class(dtype, name):
    """The NumPy float class the loop of ``dtype`` items computes in."""
    if isinstance(dtype, types.Float):
        return scalar_class(dtype)
    if isinstance(dtype, (types.Integer, types.Boolean)):
        return np.float64
    raise TypingError("np.%s() of %s is not supported (float, integer and boolean inputs only)" % (name, dtype))


def _pair_ufunc(name, scalar_fn, second_class):
    """np.frexp / np.modf: ``scalar_fn(x)`` gives the two parts of one
    float; ``second_class(cls)`` the class of the second output."""

    def typer(x):
        if isinstance(x, types.Array):
            cls = _float_class(x.dtype, name)
            cls2 = second_class(cls)

            def impl(x):
                first = np.empty(x.size, cls)
                second = np.empty(x.size, cls2)
                k = 0
                for v in x.flat:
                    p, q = scalar_fn(cls(v))
                    first[k] = p
                    second[k] = q
                    k += 1
                return first.reshape(x.shape), second.reshape(x.shape)
            return impl
        if isinstance(x, (types.Number, types.Boolean)):
            cls = _float_class(x, name)
            cls2 = second_class(cls)

            def impl(x):
                p, q = scalar_fn(cls(x))
                return cls(p), cls2(q)
            return impl
        return None
    typer.__name__ = "np_" + name
    return typer


@register_jitable
def _frexp_scalar(x):
    return math.frexp(x)


@register_jitable
def _modf_scalar(x):
    """(fractional part, integral part), both with ``x``'s sign; for an
    infinity (0.0, x), for NaN (nan, nan), as C's modf."""
    whole = np.trunc(x)
    if math.isinf(x):
        return math.copysign(0.0, x), whole
    return math.copysign(x - whole, x), whole


overload(np.frexp)(_pair_ufunc("frexp", _frexp_scalar, lambda cls: np.int32))
overload(np.modf)(_pair_ufunc("modf", _modf_scalar, lambda cls: cls))


@overload(np.divmod)
def _np_divmod(x1, x2):
    """``np.divmod(x1, x2)``: ``(np.floor_divide(x1, x2), np.remainder(x1, x2))``."""
    ok = (types.Array, types.Number, types.Boolean)
    if not (isinstance(x1, ok) and isinstance(x2, ok)):
        return None

    def impl(x1, x2):
        return np.floor_divide(x1, x2), np.remainder(x1, x2)
    return impl
