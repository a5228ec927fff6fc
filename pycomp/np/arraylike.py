"""Array-likes: the arguments NumPy's functions take wherever they take an
array — an array, a number or boolean, or a (nested) list or tuple of
them with a regular shape.

An overload checks its argument with :func:`is_array_like`, reads the
dtype and dimensions ``np.asarray`` will give with :func:`as_array_type`,
and converts in its implementation with ``np.asarray(a)`` (which leaves an
array as it is)::

    if not is_array_like(a):
        raise TypingError("np.f(): a must be an array-like, not %s" % a)
    nd = as_array_type(a).ndim

    def impl(a):
        arr = np.asarray(a)
        ...
"""

from __future__ import annotations

import inspect

import numpy as np

from pycomp import types
from pycomp.extending import register_jitable

__all__ = ["is_array_like", "is_scalar_like", "is_sequence_like", "as_array_type", "array_like_dtype",
           "sequences_as_arrays", "to_array", "same_value"]


def is_scalar_like(ty) -> bool:
    """A number or a boolean (a 0-d array-like)."""
    return isinstance(ty, (types.Number, types.Boolean))


def is_sequence_like(ty) -> bool:
    """A list or tuple that ``np.asarray`` turns into an array."""
    return isinstance(ty, (types.List, types.BaseTuple)) and as_array_type(ty) is not None


def is_array_like(ty) -> bool:
    """An array of numbers or booleans, a number, a boolean, or a regular
    nested list/tuple of them: what ``np.asarray`` takes."""
    return as_array_type(ty) is not None


def array_like_dtype(ty):
    """The NumPy dtype of the array ``np.asarray`` makes of ``ty`` (None if
    ``ty`` is no array-like)."""
    arr = as_array_type(ty)
    return None if arr is None else np.dtype(str(arr.dtype))


def _number_type(dt):
    """The pycomp scalar type of the NumPy dtype ``dt``."""
    return types.boolean if dt.kind == "b" else getattr(types, dt.name)


def as_array_type(ty):
    """The array type ``np.asarray(ty)`` gives (the array type itself for an
    array), or None when ``ty`` is no array-like. A tuple's items promote
    as NumPy promotes them (a Python ``int`` with a ``float`` is float64)."""
    if isinstance(ty, types.Array):
        if isinstance(ty.dtype, (types.Number, types.Boolean)):
            return ty
        return None
    if is_scalar_like(ty):
        base = getattr(ty, "literal_type", None) or ty
        return types.Array(base, 0, "C")
    if isinstance(ty, types.List):
        if isinstance(ty.dtype, types.Array):
            return None  # a list of arrays: np.asarray does not take it
        inner = as_array_type(ty.dtype)
        if inner is None:
            return None
        return types.Array(inner.dtype, inner.ndim + 1, "C")
    if isinstance(ty, types.BaseTuple):
        if len(ty) == 0:
            return types.Array(types.float64, 1, "C")
        inners = [as_array_type(t) for t in ty]
        if any(t is None for t in inners):
            return None
        if len({t.ndim for t in inners}) != 1:
            return None  # ragged: NumPy makes an object array or refuses
        if len({len(t) for t in ty if isinstance(t, types.BaseTuple)}) > 1:
            return None  # ragged tuples
        if any(isinstance(t, (types.Array, types.List)) for t in ty):
            # only regular nesting of tuples/numbers is known at compile time
            if not all(isinstance(t, types.BaseTuple) or is_scalar_like(t) for t in ty):
                return None
        dt = np.result_type(*[np.dtype(str(t.dtype)) for t in inners])
        return types.Array(_number_type(dt), inners[0].ndim + 1, "C")
    return None


@register_jitable
def to_array(a):
    """``np.asarray(a)``: a list or tuple's array."""
    return np.asarray(a)


@register_jitable
def same_value(a):
    """``a`` itself (the conversion of an argument that needs none)."""
    return a


def sequences_as_arrays(func, typer, argtypes, names):
    """An implementation of ``func`` that calls ``func`` again with each
    list/tuple argument among ``names`` turned into its array, or None when
    none of them is one. ``typer`` is the overload's typer (its parameters
    and defaults are the implementation's); ``argtypes`` maps parameter
    names to the types the typer got (a left-out argument is passed on as
    left out)."""
    if not any(is_sequence_like(argtypes.get(n)) for n in names):
        return None
    ns = {"func": func, "_asarray": to_array}
    header, call = [], []
    for p in inspect.signature(typer).parameters.values():
        if p.default is inspect.Parameter.empty:
            header.append(p.name)
        else:
            ns["_d_" + p.name] = p.default
            header.append("%s=_d_%s" % (p.name, p.name))
        t = argtypes.get(p.name)
        if not isinstance(t, types.Type):
            continue  # left out: func's own default
        expr = "_asarray(%s)" % p.name if p.name in names and is_sequence_like(t) else p.name
        call.append(expr if p.default is inspect.Parameter.empty else "%s=%s" % (p.name, expr))
    src = "def impl(%s):\n    return func(%s)\n" % (", ".join(header), ", ".join(call))
    exec(compile(src, "<pycomp.np.arraylike %s>" % getattr(func, "__name__", func), "exec"), ns)
    return ns["impl"]
