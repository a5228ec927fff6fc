"""Typing of array indexing: ``a[i]``, ``a[i, j]``, ``a[1:-1]``,
``a[::2, 0]``, ``a[None, :]``, ``a[..., 0]``, ``a[mask]``, ``a[idx]`` and
the same forms on the left of ``=`` (the ``getitem`` and ``setitem``
operators). Slice values: :mod:`pycomp.frontend.typing.slicetypes`.

An index is one item or a tuple of items. Each item is

- an integer: picks one position of a dimension (the dimension goes);
- a slice (``slice<a:b>`` or ``slice<a:b:c>``, see
  :class:`pycomp.types.SliceType`): keeps the dimension, picking a range;
- ``None`` (``np.newaxis``): inserts a dimension of extent 1;
- ``...``: stands for as many full slices as the other items leave
  dimensions (at most one ``...``);
- an array of integers or of booleans: *advanced* indexing, which makes
  a new array instead of a view (the one-array forms lowered directly,
  see :func:`advanced_index`; the rest in :mod:`pycomp.np.fancyindex`).

Basic indexing (no array item) gives the element when every dimension is
indexed by an integer, else a *view*: an array over the same memory with
new extents and strides. The view is C-contiguous when the array is and
the items, read from the first dimension, are integers, then at most one
slice without a step, then dimensions left whole (by ``...`` or by not
being indexed); mirrored for F; otherwise its layout is ``A``. (A
conservative rule: a layout ``A`` array is always read correctly, a wrong
``C`` would not be.) A view of a read-only array is read-only.

Setting ``a[index] = v`` with a basic index that leaves dimensions
assigns ``v`` (a scalar, or an array broadcast to the view's shape) to
every element of the view; with an advanced index, to every element
picked.
"""

from __future__ import annotations

from dataclasses import dataclass

from pycomp import types as ty
from pycomp.errors import TypingError

__all__ = ["IndexPlan", "index_plan", "advanced_index", "is_integer_index", "normalized_index_type"]


def is_integer_index(t) -> bool:
    """An integer usable as an index (bool is not: ``a[True]`` means
    something else in NumPy), or a 0-d array of integers (NumPy and Numba
    take it as its element; the lowering receives it converted to intp)."""
    if isinstance(t, ty.Array) and t.ndim == 0:
        t = t.dtype
    return isinstance(t, ty.Integer) and not isinstance(t, ty.Boolean)


def _items(idx: ty.Type) -> tuple:
    return tuple(idx.types) if isinstance(idx, ty.BaseTuple) else (idx,)


@dataclass(frozen=True)
class IndexPlan:
    """What an index does to an array of ``ndim`` dimensions.

    ``kinds`` has one entry per index item: ``"int"``, ``"slice"``,
    ``"newaxis"``, ``"ellipsis"`` or ``"array"`` (advanced). ``ellipsis_dims``
    is how many dimensions the ``...`` stands for. ``result`` is the type of
    ``a[index]`` (None for an advanced index that
    :mod:`pycomp.np.fancyindex` implements)."""

    kinds: tuple
    ellipsis_dims: int
    result: ty.Type

    @property
    def is_basic(self) -> bool:
        return "array" not in self.kinds


def _item_kind(t: ty.Type) -> str | None:
    if is_integer_index(t):
        return "int"
    if isinstance(t, ty.SliceType):
        return "slice"
    if isinstance(t, ty.NoneType):
        return "newaxis"
    if isinstance(t, ty.EllipsisType):
        return "ellipsis"
    if isinstance(t, ty.Array) and (is_integer_index(t.dtype) or isinstance(t.dtype, ty.Boolean)):
        return "array"
    return None


def _view_layout(arr: ty.Array, dim_kinds: list) -> str:
    """The layout of a basic view; ``dim_kinds`` has one entry per dimension
    of the array: "int", "slice" (no step), "step" (a slice with a step) or
    "whole" (left whole)."""

    def keeps(kinds) -> bool:
        i = 0
        while i < len(kinds) and kinds[i] == "int":
            i += 1
        if i < len(kinds) and kinds[i] == "slice":
            i += 1
        return all(k == "whole" for k in kinds[i:])

    if arr.layout == "C" and keeps(dim_kinds):
        return "C"
    if arr.layout == "F" and keeps(dim_kinds[::-1]):
        return "F"
    return "A"


def index_plan(arr: ty.Array, idx: ty.Type) -> IndexPlan:
    """The plan of ``arr[idx]``; a TypingError (naming what is wrong) for an
    index NumPy or compiled code does not take."""
    items = _items(idx)
    kinds = []
    for t in items:
        k = _item_kind(t)
        if k is None:
            if isinstance(t, ty.Boolean):
                raise TypingError("a boolean scalar cannot index an array in compiled code (%s[%s])" % (arr, idx))
            if isinstance(t, ty.Array):
                raise TypingError("only integer and boolean arrays are valid indices, not %s" % t)
            raise TypingError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                              "integer or boolean arrays are valid indices, not %s" % t)
        kinds.append(k)
    if kinds.count("ellipsis") > 1:
        raise TypingError("an index can only have a single ellipsis ('...')")
    consumed = 0
    for t, k in zip(items, kinds):
        if k in ("int", "slice"):
            consumed += 1
        elif k == "array":
            consumed += t.ndim if isinstance(t.dtype, ty.Boolean) else 1
    if consumed > arr.ndim:
        raise TypingError("too many indices for array: %s is %d-dimensional, but %d were indexed"
                          % (arr, arr.ndim, consumed))
    ellipsis_dims = arr.ndim - consumed
    if "array" in kinds:
        return IndexPlan(tuple(kinds), ellipsis_dims, advanced_index(arr, items, kinds))
    dim_kinds = []  # one per dimension of the array
    for t, k in zip(items, kinds):
        if k == "int":
            dim_kinds.append("int")
        elif k == "slice":
            dim_kinds.append("step" if t.has_step else "slice")
        elif k == "ellipsis":
            dim_kinds.extend(["whole"] * ellipsis_dims)
    dim_kinds.extend(["whole"] * (arr.ndim - len(dim_kinds)))
    ndim = sum(1 for k in dim_kinds if k != "int") + kinds.count("newaxis")
    if ndim == 0 and "newaxis" not in kinds:
        return IndexPlan(tuple(kinds), ellipsis_dims, arr.dtype)
    layout = _view_layout(arr, dim_kinds)
    return IndexPlan(tuple(kinds), ellipsis_dims, arr.copy(ndim=ndim, layout=layout))


def advanced_index(arr: ty.Array, items: tuple, kinds: list) -> ty.Type | None:
    """The type of ``arr[items]`` with an array among the items, for the
    forms lowered directly: a new C-contiguous array. They are a boolean
    array of the array's own shape as the whole index (a 1-d array of the
    elements selected, in C order), or one 1-d array (integers pick
    positions, booleans select them) among basic items, with any integer
    items next to it, which picks along the dimension it stands for: the
    result has the dimensions of the basic view with that one's extent
    replaced by the number of positions picked (NumPy's rule for a single
    index array). None for every other advanced index (several index
    arrays, arrays of more dimensions, integers apart from the array),
    which :mod:`pycomp.np.fancyindex` implements."""
    arrays = [t for t, k in zip(items, kinds) if k == "array"]
    if len(arrays) > 1:
        return None
    (t,) = arrays
    if isinstance(t.dtype, ty.Boolean) and t.ndim == arr.ndim and len(items) == 1:
        return ty.Array(arr.dtype, 1, "C")
    group = [i for i, k in enumerate(kinds) if k in ("array", "int")]
    if t.ndim != 1 or group != list(range(group[0], group[-1] + 1)):
        return None
    ndim = 0
    for k in kinds:
        if k in ("slice", "newaxis", "array"):
            ndim += 1
    ndim += arr.ndim - sum(1 for k in kinds if k in ("int", "slice", "array"))  # `...` and trailing dimensions
    return ty.Array(arr.dtype, ndim, "C")


def normalized_index_type(idx: ty.Type) -> ty.Type:
    """The index type lowering receives: integers become intp (so one
    implementation serves every integer width); the rest is unchanged."""
    if is_integer_index(idx):
        return ty.intp
    if isinstance(idx, ty.BaseTuple):
        return ty.Tuple([ty.intp if is_integer_index(t) else t for t in idx.types])
    return idx
