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
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable

__all__ = ["is_array_like", "is_scalar_like", "is_sequence_like", "as_array_type", "array_like_dtype",
           "sequences_as_arrays", "to_array", "same_value", "is_mixed_sequence"]


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
        if any(isinstance(t, types.Array) for t in ty):
            return None  # a tuple of arrays: not converted in compiled code
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


# ------------------------------------------------------------------ np.asarray/np.array of mixed nestings
#
# The built-in np.asarray and np.array (frontend/typing/arraycreation.py)
# take numbers, nested tuples of numbers and nested lists of numbers. A
# nesting that mixes the two (a tuple of lists, a list of tuples) is
# converted here: the typer writes the loops for the type's nesting, a
# tuple's items one by one (they may differ in type), a list's in a loop.


def is_mixed_sequence(ty) -> bool:
    """A list or tuple nesting both lists and tuples, of numbers."""
    kinds = set()
    t = ty
    stack = [ty]
    while stack:
        t = stack.pop()
        if isinstance(t, types.List):
            kinds.add("list")
            stack.append(t.dtype)
        elif isinstance(t, types.BaseTuple):
            kinds.add("tuple")
            stack.extend(t.types)
    return len(kinds) == 2 and as_array_type(ty) is not None


_RAGGED = "setting an array element with a sequence. The requested array has an inhomogeneous shape"


def _shape_source(ty, ndim, lines):
    """Lines setting ``d0 .. d<ndim-1>``, the extents of the array of
    ``a`` (of type ``ty``): each level's first item gives the next extent
    (0 below an empty level)."""
    expr, t, indent = "a", ty, "    "
    for k in range(ndim):
        lines.append("%sd%d = len(%s)" % (indent, k, expr))
        if k + 1 < ndim:
            lines.append("%sif d%d == 0:" % (indent, k))
            lines.append("%s    %s" % (indent, "; ".join("d%d = 0" % j for j in range(k + 1, ndim))))
            lines.append("%selse:" % indent)
            indent += "    "
            expr, t = expr + "[0]", (t.dtype if isinstance(t, types.List) else t.types[0])


def _fill_source(t, expr, level, index, lines, indent, counter):
    """Lines storing the numbers of ``expr`` (of type ``t``, at nesting
    ``level``) into ``flat`` from the linear index ``index`` on."""
    pad = "    " * indent
    if not isinstance(t, (types.List, types.BaseTuple)):
        lines.append("%sflat[%s] = %s" % (pad, index, expr))
        return
    if isinstance(t, types.BaseTuple):
        lines.append("%sif %d != d%d:" % (pad, len(t), level))
        lines.append("%s    raise ValueError(_RAGGED)" % pad)
        for i, item in enumerate(t.types):
            _fill_source(item, "%s[%d]" % (expr, i), level + 1, "(%s) * d%d + %d" % (index, level, i),
                         lines, indent, counter)
        return
    n = counter[0]
    counter[0] += 1
    lines.append("%sseq%d = %s" % (pad, n, expr))
    lines.append("%sif len(seq%d) != d%d:" % (pad, n, level))
    lines.append("%s    raise ValueError(_RAGGED)" % pad)
    lines.append("%sfor i%d in range(d%d):" % (pad, n, level))
    _fill_source(t.dtype, "seq%d[i%d]" % (n, n), level + 1, "(%s) * d%d + i%d" % (index, level, n),
                 lines, indent + 1, counter)


def _mixed_converter(ty, dtype, what, param="a"):
    """The implementation ``impl(<param>, dtype=None)`` making a new C array of
    ``dtype`` (None: NumPy's promotion of the numbers) from the mixed
    nesting ``ty``."""
    arr = as_array_type(ty)
    target = np.dtype(str(arr.dtype)) if dtype is None else dtype
    if target.kind not in "biufc":
        raise TypingError("%s(): cannot make an array of dtype %s" % (what, target))
    if target.kind != "c" and np.dtype(str(arr.dtype)).kind == "c":
        raise TypingError("%s(): cannot cast complex values to %s" % (what, target))
    ndim = arr.ndim
    lines = ["def impl(a, dtype=None):"]
    _shape_source(ty, ndim, lines)
    lines.append("    flat = np.empty(%s, _dtype)" % " * ".join("d%d" % k for k in range(ndim)))
    _fill_source(ty, "a", 0, "0", lines, 1, [0])
    lines.append("    return flat.reshape((%s,))" % ", ".join("d%d" % k for k in range(ndim)))
    if param != "a":
        lines[0] = "def impl(%s, dtype=None):\n    a = %s" % (param, param)
    ns = {"np": np, "_RAGGED": _RAGGED, "_dtype": target.type}
    exec(compile("\n".join(lines) + "\n", "<pycomp.np.arraylike %s>" % what, "exec"), ns)
    return ns["impl"]


def _requested_dtype(dtype, what):
    """The NumPy dtype a ``dtype`` argument of type ``dtype`` names (None
    for none)."""
    if dtype is None or isinstance(dtype, (types.NoneType, types.Omitted)):
        return None
    from pycomp.frontend.typing.arraycreation import dtype_from_type

    return np.dtype(str(dtype_from_type(dtype, what)))


@overload(np.asarray)
def _np_asarray_mixed(a, dtype=None):
    """``np.asarray(a)`` of a tuple of lists or a list of tuples."""
    if not is_mixed_sequence(a):
        return None
    return _mixed_converter(a, _requested_dtype(dtype, "np.asarray"), "np.asarray")


@overload(np.array)
def _np_array_mixed(object, dtype=None):  # noqa: A002 -- NumPy's parameter name
    """``np.array(object)`` of a tuple of lists or a list of tuples."""
    if not is_mixed_sequence(object):
        return None
    return _mixed_converter(object, _requested_dtype(dtype, "np.array"), "np.array", "object")
