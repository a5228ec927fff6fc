"""Typing of the NumPy functions that make a new array from a shape:
``np.empty``, ``np.zeros``, ``np.ones`` and ``np.full`` (shape, then dtype
or fill value); and from a value: ``np.empty_like``/``zeros_like``/
``ones_like``/``full_like``, ``np.copy``, ``np.asarray``,
``np.ascontiguousarray`` and ``np.array`` (see the second part).
``np.arange``, ``np.linspace``, ``np.eye`` and ``np.identity`` are written
in Python (:mod:`pycomp.np.creation`).

A shape is an integer (a 1-d array) or a tuple of integers (one dimension
per item, ``()`` a 0-d array). A dtype is what NumPy accepts and a
compiled function can see at compile time: a NumPy scalar class
(``np.float32``), a pycomp/Numba type (``types.int16``), Python's
``float``/``int``/``bool``/``complex``, a string (``"f8"``, ``"int32"``)
or a dtype object (``np.dtype("f4")`` frozen as a global, ``a.dtype``);
none means float64 (``np.full``: the fill value's type, as NumPy). The
result is a new C-contiguous array.
"""

from __future__ import annotations

import builtins

import numpy as np

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.numbercasts import number_class_target
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, folded, signature
from pycomp.typeof import dtype_to_type

__all__ = ["shape_ndim", "dtype_from_type", "copy_layout", "sequence_shape", "leaves_dtype"]

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
    if isinstance(t, ty.DType):  # np.dtype("f4") frozen as a global, or a.dtype
        return t.dtype
    if isinstance(t, ty.StringLiteral):
        try:
            return dtype_to_type(np.dtype(t.value))
        except (TypeError, ValueError):
            raise TypingError("%s(): %r is not a dtype compiled code supports" % (what, t.value)) from None
    if isinstance(t, ty.UnicodeType):  # Numba's wording, as its users' code may look for it
        raise TypingError("%s(): the dtype is a str known only at run time. If %s dtype is a string it must be "
                          "a string constant." % (what, what))
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
                dtype = fill  # the fill value's type, as NumPy and Numba: np.int32(1) gives int32
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


# ------------------------------------------------------------------ arrays from arrays, scalars and tuples
#
# np.empty_like/zeros_like/ones_like/full_like, np.copy, np.asarray,
# np.ascontiguousarray and np.array make a new array from a value: an
# array (its shape; its values for the copies), a number (a 0-d array) or
# a tuple of numbers, nested for more dimensions. Their lowering
# (targets/cpu/impl_arrays.py) reads the value from the first operand and
# the fill value of full_like from the second; a dtype is compile-time.


def _is_scalar(t: ty.Type) -> bool:
    return isinstance(t, (ty.Number, ty.Boolean))


def copy_layout(a: ty.Array) -> str:
    """The layout of a new array made like ``a`` (NumPy's order="K" for
    the layouts compiled code knows): F for an F array of 2 or more
    dimensions, C otherwise."""
    return "F" if a.layout == "F" and a.ndim > 1 else "C"


def sequence_shape(t: ty.Type):
    """``(shape, leaf types, ragged)`` of a number or a (nested) tuple of
    numbers, as ``np.array`` sees it: the extents of the levels where every
    item is a tuple of one length, the types of the numbers, and whether a
    level mixes lengths or numbers with tuples (a ValueError at run time, as
    in NumPy). None if ``t`` holds anything but numbers."""
    if _is_scalar(t):
        return (), [t], False
    if not isinstance(t, ty.BaseTuple):
        return None
    items = [sequence_shape(e) for e in t.types]
    if any(i is None for i in items):
        return None
    leaves = [leaf for _, ls, _ in items for leaf in ls]
    shapes = {s for s, _, _ in items}
    if not items:
        return (0,), [], False
    if len(shapes) == 1 and not any(r for _, _, r in items):
        return (len(items),) + items[0][0], leaves, False
    # ragged: the common prefix of the items' shapes
    common = min(shapes, key=len)
    for s in shapes:
        k = 0
        while k < min(len(s), len(common)) and s[k] == common[k]:
            k += 1
        common = common[:k]
    return (len(items),) + common, leaves, True


def leaves_dtype(leaves) -> ty.Type:
    """The dtype NumPy gives an array of numbers of types ``leaves``
    (float64 for none)."""
    from pycomp.frontend.typing.conversions import unify_numbers

    if not leaves:
        return ty.float64
    out = leaves[0]
    for t in leaves[1:]:
        if t is out:
            continue
        u = unify_numbers(out, t)
        if u is None:
            raise TypingError("no common dtype for %s and %s" % (out, t))
        out = u
    return out


def _requested_dtype(bound, name):
    d = bound.get("dtype")
    if d is None or isinstance(d, ty.NoneType):
        return None
    return dtype_from_type(d, name)


def _check_cast(src: ty.Type, dst: ty.Type, name: str):
    if isinstance(src, ty.Complex) and not isinstance(dst, ty.Complex):
        raise TypingError("%s(): cannot cast complex values to %s" % (name, dst))


def _from_value_type(value: ty.Type, dtype, name: str, min_ndim: int = 0):
    """The array type of a new array holding ``value`` (a number, a nested
    tuple of numbers or a nested list of numbers), None if it is neither."""
    if isinstance(value, ty.List):
        return _list_array_type(value, dtype, name)
    found = sequence_shape(value)
    if found is None:
        return None
    shape, leaves, _ = found
    base = leaves_dtype(leaves)
    if dtype is None:
        dtype = base
    for leaf in leaves:
        _check_cast(leaf, dtype, name)
    return ty.Array(dtype, max(len(shape), min_ndim), "C")


def _list_array_type(value: ty.List, dtype, name: str):
    """The array of a list of numbers or of (nested) lists of numbers: one
    dimension per level (its extents are known at run time; ragged levels
    are a ValueError then)."""
    ndim, leaf = 0, value
    while isinstance(leaf, ty.List):
        ndim, leaf = ndim + 1, leaf.dtype
    if not _is_scalar(leaf):
        return None
    if dtype is None:
        dtype = leaf
    _check_cast(leaf, dtype, name)
    return ty.Array(dtype, ndim, "C")


def _like_template(fn, with_fill: bool):
    """The template of ``np.empty_like`` and its kin (``with_fill``: ``np.full_like``)."""
    name = "np." + fn.__name__
    params = ("a", "fill_value", "dtype") if with_fill else ("a", "dtype")

    class Like(AbstractTemplate):
        """``np.<fn>_like(a, [fill_value], dtype=None)``: a new array of
        ``a``'s shape (a number: 0-d), F if ``a`` is F, else C; its dtype
        ``a``'s unless one is given."""

        def generic(self, args, kws):
            bound = _bind(args, kws, params)
            if bound is None or "a" not in bound or (with_fill and "fill_value" not in bound):
                return None
            if list(bound) != [p for p in params if p in bound]:
                return None  # lowering reads the operands in parameter order
            a = bound["a"]
            if with_fill and not _is_scalar(bound["fill_value"]):
                return None
            dtype = _requested_dtype(bound, name)
            if isinstance(a, ty.Array):
                res = ty.Array(dtype or a.dtype, a.ndim, copy_layout(a))
            elif _is_scalar(a) or (isinstance(a, ty.Record) and not with_fill):  # a record too: 0-d
                res = ty.Array(dtype or a, 0, "C")
            else:
                return None
            if with_fill:
                _check_cast(bound["fill_value"], res.dtype, name)
            return signature(res, *args, *kws.values())

        def describe(self):
            return ["%s(%s) (a: an array or a number)" % (name, ", ".join(params))]

    Like.__name__ = "Like_" + fn.__name__
    return Like


for _fn in (np.empty_like, np.zeros_like, np.ones_like):
    registry.register_global(_fn, _like_template(_fn, with_fill=False))
registry.register_global(np.full_like, _like_template(np.full_like, with_fill=True))


@registry.register_global(np.copy)
class NpCopy(AbstractTemplate):
    """``np.copy(a)``: a new array with ``a``'s values (F stays F); a
    number gives a 0-d array, a (nested) tuple an array of its items."""

    def generic(self, args, kws):
        if len(args) != 1 or kws:
            return None
        (a,) = args
        if isinstance(a, ty.Array):
            return signature(ty.Array(a.dtype, a.ndim, copy_layout(a)), a)
        res = _from_value_type(a, None, "np.copy")
        return None if res is None else signature(res, a)

    def describe(self):
        return ["np.copy(a)"]


@registry.register_global(np.asarray)
class NpAsarray(AbstractTemplate):
    """``np.asarray(a, dtype=None)``: an array of ``a``'s dtype is ``a``
    itself (the call folds to its argument); another dtype, a number or a
    tuple gives a new array."""

    def generic(self, args, kws):
        bound = _bind(args, kws, ("a", "dtype"))
        if bound is None or "a" not in bound:
            return None
        a = bound["a"]
        dtype = _requested_dtype(bound, "np.asarray")
        if isinstance(a, ty.Array):
            if dtype is None or dtype is a.dtype:
                return folded(("arg", 0), a, *args, *kws.values())
            _check_cast(a.dtype, dtype, "np.asarray")
            return signature(ty.Array(dtype, a.ndim, copy_layout(a)), *args, *kws.values())
        res = _from_value_type(a, dtype, "np.asarray")
        return None if res is None else signature(res, *args, *kws.values())

    def describe(self):
        return ["np.asarray(a, dtype=None)"]


@registry.register_global(np.ascontiguousarray)
class NpAscontiguousarray(AbstractTemplate):
    """``np.ascontiguousarray(a)``: a C-contiguous copy of an array of at
    least one dimension (a 0-d array or a number gives shape ``(1,)``, as
    NumPy); a C array is returned as it is."""

    def generic(self, args, kws):
        if len(args) != 1 or kws:
            return None
        (a,) = args
        if isinstance(a, ty.Array):
            if a.layout == "C" and a.ndim >= 1:
                return folded(("arg", 0), a, a)
            if a.ndim == 0:
                return None  # a view of shape (1,): pycomp.np.predicates
            return signature(ty.Array(a.dtype, max(a.ndim, 1), "C"), a)
        if _is_scalar(a):
            return signature(ty.Array(a, 1, "C"), a)
        return None

    def describe(self):
        return ["np.ascontiguousarray(a) (a: an array or a number)"]


@registry.register_global(np.array)
class NpArray(AbstractTemplate):
    """``np.array(object, dtype=None)``: a new C array from a number, a
    (nested) tuple of numbers or a (nested) list of numbers, or a copy of
    an array (F stays F)."""

    def generic(self, args, kws):
        bound = _bind(args, kws, ("object", "dtype"))
        if bound is None or "object" not in bound:
            return None
        obj = bound["object"]
        dtype = _requested_dtype(bound, "np.array")
        if isinstance(obj, ty.Array):
            if dtype is not None:
                _check_cast(obj.dtype, dtype, "np.array")
            return signature(ty.Array(dtype or obj.dtype, obj.ndim, copy_layout(obj)), *args, *kws.values())
        res = _from_value_type(obj, dtype, "np.array")
        return None if res is None else signature(res, *args, *kws.values())

    def describe(self):
        return ["np.array(object, dtype=None) (object: a number, a tuple or list of numbers or an array)"]
