"""NumPy's set operations on arrays, written through the extension API:
``np.union1d``, ``np.intersect1d``, ``np.setdiff1d``, ``np.setxor1d`` and
``np.isin`` (``np.in1d`` too where NumPy still has it, before 2.4).

Every argument may be anything ``np.asarray`` takes in compiled code (an
array of any layout, a number, a tuple or a list of numbers); it is
flattened first, as NumPy does. The results are sorted 1-d arrays of the
promoted dtype (``np.setdiff1d`` keeps its first argument's), computed by
sorting: a membership test looks each item up with a binary search in the
sorted second operand, so NaN is never a member of anything (NaN != NaN),
as in NumPy.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable

__all__ = []


# ------------------------------------------------------------------ typing helpers


def _array_like(t) -> bool:
    """Whether ``np.asarray`` takes a value of type ``t`` in compiled code."""
    if isinstance(t, types.Array):
        return True
    if isinstance(t, (types.Number, types.Boolean)):
        return True
    from pycomp.frontend.typing.arraycreation import _from_value_type

    try:
        return _from_value_type(t, None, "np.asarray") is not None
    except Exception:  # noqa: BLE001 -- a value np.asarray refuses is not array-like
        return False


def _elem(t):
    """The element type of an array-like type."""
    if isinstance(t, types.Array):
        return t.dtype
    if isinstance(t, (types.Number, types.Boolean)):
        return t
    from pycomp.frontend.typing.arraycreation import _from_value_type

    return _from_value_type(t, None, "np.asarray").dtype


def _check_operands(name, *operands) -> None:
    for t in operands:
        if not _array_like(t):
            raise TypingError("%s(): the arguments must be array-like (an array, a number, a tuple or a "
                              "list of numbers), not %s" % (name, t))


def _check_flag(name, what, t) -> None:
    if isinstance(t, (bool, types.Omitted)) or t is None:
        return
    if not isinstance(t, types.Boolean):
        raise TypingError("%s(): %s must be a boolean, not %s" % (name, what, t))


def _common(*operands):
    """The NumPy scalar class both operands compare in."""
    return np.result_type(*[np.dtype(str(_elem(t))) for t in operands]).type


# ------------------------------------------------------------------ compiled helpers


@register_jitable
def _flat(x):
    """``x`` as a 1-d array (a view when NumPy's ravel is one)."""
    return np.asarray(x).ravel()


@register_jitable
def _uniq(x):
    """The sorted unique items of ``x``."""
    return np.unique(np.asarray(x))


@register_jitable
def _sorted_members(a, sb, invert):
    """For each item of the 1-d array ``a``: whether it is in the sorted 1-d
    array ``sb`` (or is not, with ``invert``)."""
    n = sb.size
    out = np.empty(a.size, np.bool_)
    for i in range(a.size):
        x = a[i]
        j = np.searchsorted(sb, x)
        found = False
        if j < n:
            found = sb[j] == x
        out[i] = found != invert
    return out


def _jit(fn):
    from pycomp.decorators import njit

    return njit(fn)


def _members_impl(dt):
    """The membership test of ``a``'s items in ``b``, both compared as ``dt``."""

    def members(a, b, invert):
        fa = _flat(a).astype(dt)
        sb = np.sort(_flat(b).astype(dt))
        return _sorted_members(fa, sb, invert)

    return _jit(members)


# ------------------------------------------------------------------ np.union1d


@overload(np.union1d)
def _np_union1d(ar1, ar2):
    """``np.union1d(ar1, ar2)``: the sorted unique items of both."""
    _check_operands("np.union1d", ar1, ar2)

    def impl(ar1, ar2):
        return np.unique(np.concatenate((_flat(ar1), _flat(ar2))))

    return impl


# ------------------------------------------------------------------ np.intersect1d


@register_jitable
def _sorted_intersection(aux):
    """The items that appear twice in the concatenation ``aux`` of two
    arrays without repeats (sorted in place)."""
    aux.sort()
    if aux.size == 0:
        return aux
    head = aux[:-1]
    return head[aux[1:] == head]


@overload(np.intersect1d)
def _np_intersect1d(ar1, ar2, assume_unique=False):
    """``np.intersect1d(ar1, ar2, assume_unique=False)``: the sorted items in both."""
    _check_operands("np.intersect1d", ar1, ar2)
    _check_flag("np.intersect1d", "assume_unique", assume_unique)

    def impl(ar1, ar2, assume_unique=False):
        if assume_unique:
            aux = np.concatenate((_flat(ar1), _flat(ar2)))
        else:
            aux = np.concatenate((_uniq(ar1), _uniq(ar2)))
        return _sorted_intersection(aux)

    return impl


# ------------------------------------------------------------------ np.setdiff1d


@overload(np.setdiff1d)
def _np_setdiff1d(ar1, ar2, assume_unique=False):
    """``np.setdiff1d(ar1, ar2, assume_unique=False)``: the items of ``ar1``
    not in ``ar2`` (sorted and unique unless ``assume_unique``)."""
    _check_operands("np.setdiff1d", ar1, ar2)
    _check_flag("np.setdiff1d", "assume_unique", assume_unique)
    members = _members_impl(_common(ar1, ar2))

    def impl(ar1, ar2, assume_unique=False):
        if assume_unique:
            a = _flat(ar1)
        else:
            a = _uniq(ar1)
        return a[members(a, ar2, True)]

    return impl


# ------------------------------------------------------------------ np.setxor1d


@register_jitable
def _sorted_xor(aux):
    """The items that appear once in the concatenation ``aux`` of two arrays
    without repeats (sorted in place)."""
    aux.sort()
    n = aux.size
    keep = np.empty(n, np.bool_)
    for i in range(n):
        alone = True
        if i > 0 and aux[i] == aux[i - 1]:
            alone = False
        if i + 1 < n and aux[i] == aux[i + 1]:
            alone = False
        keep[i] = alone
    return aux[keep]


@overload(np.setxor1d)
def _np_setxor1d(ar1, ar2, assume_unique=False):
    """``np.setxor1d(ar1, ar2, assume_unique=False)``: the sorted items in
    exactly one of the two."""
    _check_operands("np.setxor1d", ar1, ar2)
    _check_flag("np.setxor1d", "assume_unique", assume_unique)

    def impl(ar1, ar2, assume_unique=False):
        if assume_unique:
            aux = np.concatenate((_flat(ar1), _flat(ar2)))
        else:
            aux = np.concatenate((_uniq(ar1), _uniq(ar2)))
        return _sorted_xor(aux)

    return impl


# ------------------------------------------------------------------ np.isin, np.in1d


@overload(np.isin)
def _np_isin(element, test_elements, assume_unique=False, invert=False):
    """``np.isin(element, test_elements, assume_unique=False, invert=False)``:
    a boolean array of ``element``'s shape."""
    _check_operands("np.isin", element, test_elements)
    _check_flag("np.isin", "assume_unique", assume_unique)
    _check_flag("np.isin", "invert", invert)
    members = _members_impl(_common(element, test_elements))

    def impl(element, test_elements, assume_unique=False, invert=False):
        return members(element, test_elements, invert).reshape(np.asarray(element).shape)

    return impl


if hasattr(np, "in1d"):  # removed in NumPy 2.4

    @overload(np.in1d)
    def _np_in1d(ar1, ar2, assume_unique=False, invert=False):
        """``np.in1d(ar1, ar2, assume_unique=False, invert=False)``: a 1-d boolean array."""
        _check_operands("np.in1d", ar1, ar2)
        _check_flag("np.in1d", "assume_unique", assume_unique)
        _check_flag("np.in1d", "invert", invert)
        members = _members_impl(_common(ar1, ar2))

        def impl(ar1, ar2, assume_unique=False, invert=False):
            return members(ar1, ar2, invert)

        return impl
