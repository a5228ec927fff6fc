"""dtype objects in compiled code, written through the extension API:
``np.dtype("int64")`` / ``np.dtype(np.float32)`` makes a compile-time
dtype value (the type ``DType``, as ``a.dtype`` is), and ``==``/``!=``
between dtypes are folded to constants, as in Numba."""

from __future__ import annotations

import operator

import numpy as np

from pycomp import types
from pycomp.extending import lower_builtin, overload, type_callable
from pycomp.frontend.typing.arraycreation import dtype_from_type

__all__: list = []


@type_callable(np.dtype)
def _type_np_dtype(context):
    def typer(spec):
        return types.DType(dtype_from_type(spec, "dtype"))
    return typer


@lower_builtin(np.dtype, types.Type)
def _lower_np_dtype(context, builder, sig, args):
    """A dtype is a compile-time value: nothing to compute."""
    from pycomp.targets.datamodel import I8

    return builder.const_int(I8, 0)


def _dtype_comparison(equal: bool):
    """The typer of ``==`` (``equal``) or ``!=`` between dtypes: an
    implementation returning the constant answer."""
    def typer(a, b):
        if isinstance(a, types.DType) and isinstance(b, types.DType):
            answer = (a.dtype is b.dtype) == equal

            def dtype_comparison(a, b):
                return answer
            return dtype_comparison
        return None
    return typer


overload(operator.eq)(_dtype_comparison(True))
overload(operator.ne)(_dtype_comparison(False))
