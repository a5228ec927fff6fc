"""NumPy's functions on the parts of numbers, for scalars and arrays,
written through the extension API: ``np.real``, ``np.imag``, ``np.angle``,
and ``np.round``/``np.around``/``np.round_`` (halves to even, with
``decimals`` and ``out``); and ``x.item()`` of a number (itself, as a
NumPy scalar's).

Scalars keep their type as NumPy's do (``np.real`` of an int64 is an int64,
``np.angle`` of a complex64 a float32); arrays give new arrays, or views
where NumPy gives views (``np.real`` of a complex array is ``a.real``).
"""

from __future__ import annotations

import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, overload_method
from pycomp.np.arraymethods import rint
from pycomp.np.reductions import scalar_class
from pycomp.np.views import is_index

__all__: list = []

_NUMBER = (types.Integer, types.Float, types.Complex)  # Boolean is an Integer


@overload(np.real)
def _np_real(x):
    """``np.real(x)``: the real part; ``x`` itself for a real number,
    ``x.real`` for an array (a view of a complex array's real parts)."""
    if isinstance(x, types.Array):
        return lambda x: x.real
    if isinstance(x, types.Complex):
        return lambda x: x.real
    if isinstance(x, _NUMBER):
        return lambda x: x
    return None


@overload(np.imag)
def _np_imag(x):
    """``np.imag(x)``: the imaginary part; a zero of ``x``'s type for a real
    number, ``x.imag`` for an array."""
    if isinstance(x, types.Array):
        return lambda x: x.imag
    if isinstance(x, types.Complex):
        return lambda x: x.imag
    if isinstance(x, _NUMBER):
        zero = scalar_class(types.int8 if isinstance(x, types.Boolean) else x)
        return lambda x: zero(0)
    return None


def _angle_type(t):
    """The float type ``np.angle`` gives for elements of type ``t``."""
    if isinstance(t, types.Complex):
        return types.float32 if t is types.complex64 else types.float64
    return types.float32 if t is types.float32 else types.float64


@overload(np.angle)
def _np_angle(z, deg=False):
    """``np.angle(z, deg=False)``: the argument of a complex number
    (``atan2(imag, real)``), 0 or pi for a real one; in degrees with
    ``deg=True``; an array of them for an array."""
    if not (deg is False or isinstance(deg, (types.Boolean, types.Omitted))):
        raise TypingError("angle(): deg must be a boolean, not %s" % deg)
    elem = z.dtype if isinstance(z, types.Array) else z
    if not isinstance(elem, _NUMBER):
        return None
    conv = scalar_class(_angle_type(elem))
    if isinstance(elem, types.Complex):
        def one(v, deg):
            r = math.atan2(v.imag, v.real)
            return conv(r * (180.0 / math.pi) if deg else r)
    else:
        def one(v, deg):
            r = math.atan2(0.0, v)
            return conv(r * (180.0 / math.pi) if deg else r)
    from pycomp.extending import register_jitable

    one = register_jitable(one)
    if isinstance(z, types.Array):
        out_dtype = _angle_type(elem)

        def impl(z, deg=False):
            out = np.empty(z.shape, out_dtype)
            flat = out.reshape(out.size)
            i = 0
            for v in z.flat:
                flat[i] = one(v, deg)
                i += 1
            return out
        return impl

    def impl(z, deg=False):
        return one(z, deg)
    return impl


def _round_float(conv):
    from pycomp.extending import register_jitable

    @register_jitable
    def round_float(x, decimals):
        if decimals == 0:
            return rint(x)
        scale = conv(10.0 ** abs(decimals))
        if decimals > 0:
            return rint(x * scale) / scale
        return rint(x / scale) * scale
    return round_float


def _np_round(a, decimals=0, out=None):
    """``np.round(a, decimals=0, out=None)``: halves to even, as NumPy; a
    number of ``a``'s type for a number, ``a.round(decimals)`` (or stored
    into ``out``) for an array."""
    if not (decimals == 0 or is_index(decimals)):
        raise TypingError("round(): decimals must be an integer, not %s" % decimals)
    if isinstance(a, types.Array):
        if out is None or isinstance(out, (types.NoneType, types.Omitted)):
            return lambda a, decimals=0, out=None: a.round(decimals)
        if not isinstance(out, types.Array):
            raise TypingError('round(): The argument "out" must be an array if it is provided, not %s' % out)

        def impl(a, decimals=0, out=None):
            if out.shape != a.shape:
                raise ValueError("invalid output shape")
            out[...] = a.round(decimals)
            return out
        return impl
    if out is not None and not isinstance(out, (types.NoneType, types.Omitted)):
        raise TypingError('round(): The argument "out" must be an array if it is provided '
                          '(out= is for arrays, not %s)' % a)
    if isinstance(a, types.Integer):
        conv = scalar_class(types.int8 if isinstance(a, types.Boolean) else a)

        def impl(a, decimals=0, out=None):
            if decimals >= 0:
                return conv(a)
            scale = 10 ** (-decimals)
            return conv(rint(a / scale) * scale)
        return impl
    if isinstance(a, types.Float):
        round_float = _round_float(scalar_class(a))
        return lambda a, decimals=0, out=None: round_float(a, decimals)
    if isinstance(a, types.Complex):
        part = types.float32 if a is types.complex64 else types.float64
        round_float = _round_float(scalar_class(part))
        conv = scalar_class(a)
        return lambda a, decimals=0, out=None: conv(complex(round_float(a.real, decimals),
                                                            round_float(a.imag, decimals)))
    if isinstance(a, types.NoneType):
        raise TypingError('round(): The argument "a" must be array-like, not %s' % a)
    return None


for _fn in {np.round, np.around, getattr(np, "round_", np.round)}:
    overload(_fn)(_np_round)


@overload_method(types.Number, "item")
def _number_item(x):
    """``x.item()`` of a number (a NumPy scalar's method): ``x``."""
    return lambda x: x
