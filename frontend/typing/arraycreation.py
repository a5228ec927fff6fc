"""Typing of the NumPy functions that make a new array: ``np.empty``,
``np.zeros``, ``np.ones`` and ``np.full`` (shape, then dtype or fill value).

A shape is an integer (a 1-d array) or a tuple of integers (one dimension
per item, ``()`` a 0-d array). A dtype is what NumPy accepts and a
compiled function can see at compile time: a NumPy scalar class
(``np.float32``), a pycomp/Numba type (``types.int16``), Python's
``float``/``int``/``bool``/``complex``, or a string (``"f8"``,
``"int32"``); none means float64 (``np.full``: the fill value's type, as
NumPy). The result is a new C-contiguous array.
"""

from __future__ import annotations

import builtins

import numpy as np

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.numbercasts import number_class_target
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, signature
from pycomp.typeof import dtype_to_type

__all__ = ["shape_ndim", "dtype_from_type"]

_PYTHON_CLASSES = {builtins.float: ty.float64, builtins.int: ty.int64, builtins.bool: ty.boolean,
                   builtins.complex: ty.complex128}


def shape_ndim(t: ty.Type) -> int | None:
    """The number of dimensions a shape of type ``t`` gives, None if ``t``
    is no shape."""
    if isinstance(t, ty.Integer) and not isinstance(t, ty.Boolean):
        return 1
    if isinstance(t, ty.BaseTuple) and all(isinstance(e, ty.Integer) and not isinstance(e, ty.Boolean)
                                           for e in t.types):
        return len(t)
    return None


def dtype_from_type(t: ty.Type, what: str) -> ty.Type:
    """The element type a dtype argument of type ``t`` names; a TypingError
    naming ``what`` (the function) if it names none."""
    if isinstance(t, ty.Function):
        found = _PYTHON_CLASSES.get(t.key) if isinstance(t.key, type) else None
        found = found or number_class_target(t.key)
        if found is not None:
            return found
    if isinstance(t, ty.StringLiteral):
        try:
            return dtype_to_type(np.dtype(t.value))
        except (TypeError, ValueError):
            raise TypingError("%s(): %r is not a dtype compiled code supports" % (what, t.value)) from None
    raise TypingError("%s(): the dtype must be a NumPy scalar class (np.float32), a type or a dtype string "
                      "known at compile time, not %s" % (what, t))


def _bind(args, kws, names):
    """Positional and keyword argument types by parameter name (None if the
    call does not bind to ``names``)."""
    if len(args) > len(names) or any(k not in names for k in kws):
        return None
    bound = dict(zip(names, args))
    for k, v in kws.items():
        if k in bound:
            return None
        bound[k] = v
    return bound


def _creation(fn, with_fill: bool):
    name = "np." + fn.__name__
    params = ("shape", "fill_value", "dtype") if with_fill else ("shape", "dtype")

    class Creation(AbstractTemplate):
        def generic(self, args, kws):
            bound = _bind(args, kws, params)
            if bound is None or "shape" not in bound or (with_fill and "fill_value" not in bound):
                return None
            if list(bound) != [p for p in params if p in bound]:
                return None  # lowering reads the operands in parameter order
            ndim = shape_ndim(bound["shape"])
            if ndim is None:
                raise TypingError("%s(): the shape must be an integer or a tuple of integers, not %s"
                                  % (name, bound["shape"]))
            if "dtype" in bound and not isinstance(bound["dtype"], ty.NoneType):
                dtype = dtype_from_type(bound["dtype"], name)
            elif with_fill:
                fill = bound["fill_value"]
                if not isinstance(fill, (ty.Number, ty.Boolean)):
                    return None
                dtype = ty.int64 if isinstance(fill, ty.Integer) and not isinstance(fill, ty.Boolean) else fill
            else:
                dtype = ty.float64
            return signature(ty.Array(dtype, ndim, "C"), *args, *kws.values())

        def describe(self):
            return ["%s(%s)" % (name, ", ".join(params))]

    Creation.__name__ = "Creation_" + fn.__name__
    return Creation


for _fn in (np.empty, np.zeros, np.ones):
    registry.register_global(_fn, _creation(_fn, with_fill=False))
registry.register_global(np.full, _creation(np.full, with_fill=True))
