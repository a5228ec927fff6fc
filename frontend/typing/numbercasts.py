"""Calling a number class to convert: ``np.int32(x)``, ``np.float32(x)``,
``np.bool_(x)``, ``np.complex64(x)`` and the same with pycomp's (Numba's)
type objects, ``types.int16(x)``.

The result has the class's type; the conversion is the one compiled code
does everywhere (as in Numba): floats truncate toward zero, integers wrap to
the narrower width (``np.int8(300)`` is 44), ``np.bool_(x)`` is ``x != 0``.
A complex does not convert to a real class (TypingError), as ``float()``
refuses it. Each class is its own global key, so ``isinstance(x, np.int64)``
still sees the class.
"""

from __future__ import annotations

import numpy as np

from pycomp import types as ty
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, signature
from pycomp.typeof import dtype_to_type

__all__ = ["NUMBER_CLASSES", "number_class_target"]

#: NumPy's scalar classes and pycomp's number types, each with the type it converts to
NUMBER_CLASSES: dict = {}
for _t in (ty.boolean,) + ty.NUMBER_TYPES:
    NUMBER_CLASSES[_t] = _t
for _cls in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
             np.float32, np.float64, np.complex64, np.complex128):
    NUMBER_CLASSES[_cls] = dtype_to_type(np.dtype(_cls))


def number_class_target(key):
    """The type calling ``key`` converts to, or None if it is no number class."""
    try:
        return NUMBER_CLASSES.get(key)
    except TypeError:
        return None


def _number_cast(target: ty.Type):
    class NumberCast(AbstractTemplate):
        def generic(self, args, kws):
            if kws or len(args) != 1:
                return None
            (a,) = args
            if not isinstance(a, (ty.Number, ty.Boolean)):
                return None
            if isinstance(a, ty.Complex) and not isinstance(target, (ty.Complex, ty.Boolean)):
                return None
            return signature(target, a)

        def describe(self):
            return ["%s(number)" % target]

    NumberCast.__name__ = "NumberCast_%s" % target
    return NumberCast


for _key, _target in NUMBER_CLASSES.items():
    registry.register_global(_key, _number_cast(_target))
