"""The types of global values and closure variables a function reads
(``nb.global``): modules, classes, jitted functions, exception classes,
named-tuple classes, dtype objects, slices, and ndarrays frozen as
read-only constants (also inside a tuple)."""

from __future__ import annotations

import types as pytypes

import numpy as np

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.context import TypingContext, typeof_constant
from pycomp.typeof import dtype_to_type

__all__ = ["typeof_global"]


def typeof_global(ctx: TypingContext, value) -> ty.Type:
    """The type of a frozen global object. An ndarray (a global or a
    closure variable) is a read-only constant, as in Numba: its data is
    copied into the compiled code when the function compiles (C order, or F
    for an F array), so its type is a readonly C or F array; a dtype object
    (``np.dtype("f4")``) names its element type."""
    if isinstance(value, np.ndarray):
        return _constant_array_type(value)
    if isinstance(value, np.dtype):
        try:
            return ty.DType(dtype_to_type(value))
        except ValueError:
            raise TypingError("global value %r: compiled code has no arrays of dtype %s" % (value, value)) from None
    if isinstance(value, slice):
        return typeof_constant(value)
    if type(value) is tuple and all(_frozen(v) for v in value):
        # a tuple holding arrays (an index: ``(slice(1, 4), np.array([...]))``)
        return ty.Tuple([typeof_global(ctx, v) if isinstance(v, (tuple, np.ndarray, np.generic))
                         else typeof_constant(v) for v in value])
    if isinstance(value, (np.number, np.bool_)) and not isinstance(value, (np.datetime64, np.timedelta64)):
        try:  # a NumPy scalar (``np.int32(64)``): a constant of its own type, as in Numba
            return dtype_to_type(value.dtype)
        except ValueError as e:
            raise TypingError("global value %r: %s" % (value, e)) from None
    if isinstance(value, (np.datetime64, np.timedelta64)):
        try:
            return dtype_to_type(value.dtype)
        except ValueError as e:
            raise TypingError("global value %r: %s" % (value, e)) from None
    if isinstance(value, pytypes.ModuleType):
        return ty.Module(value)
    if isinstance(value, type) and issubclass(value, BaseException):
        return ty.ExceptionClass(value)
    if ty.is_namedtuple_class(value):
        return ty.NamedTupleClass(value)
    if hasattr(value, "get_call_signature") and hasattr(value, "py_func"):
        return ty.Dispatcher(value)
    if ctx.is_known_global(value) or isinstance(value, type):
        return ty.Function(value)  # a class without templates: isinstance()'s second argument
    name = _numpy_name(value)
    if name is not None:
        raise TypingError("%s() is not supported in compiled code yet (see the user guide's list of the NumPy "
                          "functions that are)" % name)
    raise TypingError("global value %r of type %s is not supported in compiled code"
                      % (value, type(value).__name__))


def _frozen(value) -> bool:
    """Whether ``value`` is frozen as a constant inside a global tuple."""
    if isinstance(value, tuple):
        return all(_frozen(v) for v in value)
    return value is None or value is Ellipsis or isinstance(
        value, (bool, int, float, complex, slice, np.ndarray, np.number, np.bool_))


def _numpy_name(value) -> str | None:
    """``np.fft.fft`` for a NumPy function or method (``np.random.rand`` is
    a bound method of the global RandomState), None for anything else."""
    module = getattr(value, "__module__", None) or ""
    owner = getattr(value, "__self__", None)
    if isinstance(owner, np.ufunc):  # np.add.outer
        return "np.%s.%s" % (owner.__name__, getattr(value, "__name__", "?"))
    if owner is not None and type(owner).__module__.startswith("numpy"):
        module = "numpy.random" if type(owner).__name__ == "RandomState" else type(owner).__module__
    name = getattr(value, "__name__", None)
    if not (module == "numpy" or module.startswith("numpy.")) or not isinstance(name, str):
        return None
    public = [m for m in module.split(".") if not m.startswith("_")]
    return ".".join(["np"] + public[1:] + [name])


def _constant_array_type(value: np.ndarray) -> ty.Type:
    """The type of an ndarray frozen as a constant (see :func:`typeof_global`)."""
    try:
        dtype = dtype_to_type(value.dtype)
    except ValueError:
        raise TypingError("global array of dtype %s is not supported in compiled code (only booleans and "
                          "numbers)" % value.dtype) from None
    layout = "F" if value.ndim > 1 and value.flags.f_contiguous and not value.flags.c_contiguous else "C"
    return ty.Array(dtype, value.ndim, layout, True)
