"""NumPy's advanced indexing in full, ``a[idx]`` and ``a[idx] = v`` with
any number of integer or boolean index arrays of any dimensions among
basic items, written through the extension API (``@overload`` of
``operator.getitem`` and ``operator.setitem``).

The one-array forms (one 1-d integer or boolean array among basic items,
or a boolean mask of the array's shape alone) are lowered directly
(:mod:`pycomp.targets.cpu.impl_fancyindex`); the typing of
:mod:`pycomp.indexing` leaves every other advanced index to this module.

NumPy's rules, which the generated code follows:

- a boolean array of ``k`` dimensions stands for the ``k`` integer arrays
  of its ``np.nonzero`` (its extents must be those of the dimensions it
  indexes); an integer next to an index array is an advanced index too
  (a 0-d one);
- the advanced indices broadcast together to one shape ``B``;
- the result has ``B``'s dimensions where the advanced indices stand when
  they are consecutive in the index, else first, followed by the
  dimensions the basic items leave (in order).

The code is generated per index pattern: the basic items make a view
``V`` of the array first (the index arrays' dimensions kept whole, the
integers taken), every index is checked (an IndexError names the axis, as
NumPy's does) before anything is allocated or written, and a loop nest
over ``B`` copies one sub-array (or element) of ``V`` per position. A
value assigned that may share memory with the array is copied first, so
the result is as if it were read before the writes.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import lower_builtin, overload, register_jitable, type_callable
from pycomp.indexing import _item_kind, _items, index_plan

__all__ = ["FancyPlan", "fancy_plan"]


@dataclass(frozen=True)
class FancyPlan:
    """The compile-time shape of one advanced index over an array.

    ``view_items`` is the source of the basic index making ``V``;
    ``arrays`` one ``(source, ndim, V dimension, array axis)`` per integer
    index array (a boolean one contributes one per dimension);
    ``int_items`` the positions of integer items in the advanced group;
    ``rest`` the dimensions of ``V`` no index array takes; ``at`` where
    ``B``'s dimensions go among them (None: first)."""

    items: tuple
    kinds: tuple
    view_items: tuple
    bools: tuple  # (item position, ndim, V dimension, array axis)
    arrays: tuple
    int_axes: tuple  # (item position, array axis)
    rest: tuple
    at: int | None
    nb: int

    @property
    def ndim(self) -> int:
        return self.nb + len(self.rest)


def fancy_plan(arr: types.Array, idx: types.Type) -> FancyPlan | None:
    """The plan of ``arr[idx]`` when it is an advanced index the direct
    lowering does not take, else None."""
    if not isinstance(arr, types.Array):
        return None
    items = _items(idx)
    kinds = [_item_kind(t) for t in items]
    if "array" not in kinds or None in kinds:
        return None
    plan = index_plan(arr, idx)  # the TypingErrors of a malformed index
    if plan.result is not None:
        return None
    view_items, bools, arrays, int_axes = [], [], [], []
    vdim = adim = 0
    for i, (t, k) in enumerate(zip(items, kinds)):
        if k == "int":
            view_items.append("x%d" % i)
            int_axes.append((i, adim))
            adim += 1
        elif k == "slice":
            view_items.append("x%d" % i)
            vdim += 1
            adim += 1
        elif k == "newaxis":
            view_items.append("None")
            vdim += 1
        elif k == "ellipsis":
            view_items.append("...")
            vdim += plan.ellipsis_dims
            adim += plan.ellipsis_dims
        elif isinstance(t.dtype, types.Boolean):
            bools.append((i, t.ndim, vdim, adim))
            for c in range(t.ndim):
                arrays.append(("nz%d[%d]" % (i, c), 1, vdim + c, adim + c))
            view_items.extend([":"] * t.ndim)
            vdim += t.ndim
            adim += t.ndim
        else:
            arrays.append(("x%d" % i, t.ndim, vdim, adim))
            view_items.append(":")
            vdim += 1
            adim += 1
    vdim += arr.ndim - adim  # dimensions after the last item
    taken = {d for _, _, d, _ in arrays}
    rest = tuple(d for d in range(vdim) if d not in taken)
    group = [i for i, k in enumerate(kinds) if k in ("array", "int")]
    consecutive = group == list(range(group[0], group[-1] + 1))
    at = sum(1 for d in rest if d < min(taken)) if consecutive else None
    return FancyPlan(items, tuple(kinds), tuple(view_items), tuple(bools), tuple(arrays),
                     tuple(int_axes), rest, at, max(n for _, n, _, _ in arrays))


# ------------------------------------------------------------------ generated code


def _index_src(parts) -> str:
    parts = list(parts)
    if not parts:
        return "()"
    return ", ".join(parts) + ("," if len(parts) == 1 else "")


def _prologue(plan: FancyPlan, is_tuple: bool, checked_first: bool) -> list:
    """Lines binding ``V``, the index arrays and ``B``'s extents ``e0..``;
    with ``checked_first`` every index array is checked here (setting: no
    write may happen before an IndexError), else in the loop (getting: the
    result is dropped when one raises)."""
    lines = []
    for i in range(len(plan.items)):
        lines.append("    x%d = idx[%d]" % (i, i) if is_tuple else "    x0 = idx")
    for i, adim in plan.int_axes:
        lines += ["    n = a.shape[%d]" % adim,
                  "    if x%d < -n or x%d >= n:" % (i, i),
                  "        raise IndexError(OOB)"]
    lines.append("    V = a[%s]" % _index_src(plan.view_items))
    for i, k, vdim, adim in plan.bools:
        for c in range(k):
            lines += ["    if x%d.shape[%d] != V.shape[%d]:" % (i, c, vdim + c),
                      "        raise IndexError('boolean index did not match indexed array along axis %d')"
                      % (adim + c)]
        lines.append("    nz%d = np.nonzero(x%d)" % (i, i))
    if checked_first:
        for src, _, vdim, adim in plan.arrays:
            lines += ["    check_bounds(%s, V.shape[%d], %d)" % (src, vdim, adim)]
    nb = plan.nb
    for q in range(nb):
        lines.append("    e%d = 1" % q)
        for src, n, _, _ in plan.arrays:
            if q >= nb - n:
                s = "%s.shape[%d]" % (src, q - (nb - n))
                lines += ["    s = %s" % s,
                          "    if s != 1:",
                          "        if e%d != 1 and e%d != s:" % (q, q),
                          "            raise IndexError(MISMATCH)",
                          "        e%d = s" % q]
    return lines


def _broadcast_views(plan: FancyPlan) -> list:
    """Lines binding ``j<k>``, each index array broadcast to ``B``."""
    bshape = _index_src("e%d" % q for q in range(plan.nb))
    return ["    j%d = np.broadcast_to(%s, (%s))" % (k, src, bshape) for k, (src, _, _, _) in enumerate(plan.arrays)]


def _unbroadcast_test(plan: FancyPlan) -> str | None:
    """A condition true when every index array already has ``B``'s shape
    (read directly, not through a broadcast view), or None when one has
    fewer dimensions."""
    if any(n != plan.nb for _, n, _, _ in plan.arrays):
        return None
    return " and ".join("%s.shape[%d] == e%d" % (src, q, q) for src, _, _, _ in plan.arrays for q in range(plan.nb))


def _result_parts(plan: FancyPlan):
    """The result's extents and, per position ``b0..`` of ``B``, the index
    of the result's sub-array there."""
    rest = ["V.shape[%d]" % d for d in plan.rest]
    bdims = ["e%d" % q for q in range(plan.nb)]
    bpos = ["b%d" % q for q in range(plan.nb)]
    if plan.at is None:
        return bdims + rest, bpos + [":"] * len(rest)
    at = plan.at
    return rest[:at] + bdims + rest[at:], [":"] * at + bpos + [":"] * (len(rest) - at)


def _source_index(plan: FancyPlan) -> list:
    """The index of ``V``'s sub-array at the current position (``i<k>``
    the index arrays' items there)."""
    by_dim = {vdim: "i%d" % k for k, (_, _, vdim, _) in enumerate(plan.arrays)}
    ndim_v = len(plan.rest) + len(plan.arrays)
    return [by_dim.get(d, ":") for d in range(ndim_v)]


def _loops(plan: FancyPlan, body: str, direct: bool, check: bool, pad: str = "    ") -> list:
    """The loop nest over ``B`` running ``body`` at each position, the index
    arrays read directly (``direct``) or through their broadcast views, and
    (``check``) each index checked there."""
    lines = []
    for q in range(plan.nb):
        lines.append("%sfor b%d in range(e%d):" % (pad, q, q))
        pad += "    "
    bidx = _index_src("b%d" % q for q in range(plan.nb))
    for k, (src, _, vdim, _) in enumerate(plan.arrays):
        lines += ["%si%d = %s[%s]" % (pad, k, src if direct else "j%d" % k, bidx),
                  "%sif i%d < 0:" % (pad, k),
                  "%s    i%d += V.shape[%d]" % (pad, k, vdim)]
        if check:
            lines += ["%sif i%d < 0 or i%d >= V.shape[%d]:" % (pad, k, k, vdim),
                      "%s    raise IndexError(OOB)" % pad]
    lines.append(pad + body)
    return lines


def _both_paths(plan: FancyPlan, body: str, check: bool, tail: list) -> list:
    """The loop nest reading the index arrays directly when none is
    broadcast at run time (the common case: contiguous loads), else
    through broadcast views; ``tail`` ends each path."""
    test = _unbroadcast_test(plan)
    lines = []
    if test is not None:
        lines.append("    if %s:" % test)
        lines += _loops(plan, body, True, check, "        ")
        lines += ["    " + t for t in tail]
    lines += _broadcast_views(plan)
    lines += _loops(plan, body, False, check)
    return lines + tail


def getitem_source(plan: FancyPlan, is_tuple: bool) -> str:
    shape, place = _result_parts(plan)
    lines = ["def impl(a, idx):"] + _prologue(plan, is_tuple, checked_first=False)
    lines.append("    out = np.empty((%s), a.dtype)" % _index_src(shape))
    body = "out[%s] = V[%s]" % (_index_src(place), _index_src(_source_index(plan)))
    lines += _both_paths(plan, body, True, ["    return out"])
    return "\n".join(lines) + "\n"


def setitem_source(plan: FancyPlan, is_tuple: bool, value_ndim: int | None) -> str:
    shape, place = _result_parts(plan)
    lines = ["def impl(a, idx, v):"] + _prologue(plan, is_tuple, checked_first=True)
    target = "V[%s]" % _index_src(_source_index(plan))
    if value_ndim is None:
        lines += _both_paths(plan, "%s = v" % target, False, ["    return"])
        return "\n".join(lines) + "\n"
    lines.append("    w = v.copy() if np.may_share_memory(a, v) else v")
    lines.append("    vb = broadcast_value(w, (%s))" % _index_src(shape))
    lines += _both_paths(plan, "%s = vb[%s]" % (target, _index_src(place)), False, ["    return"])
    return "\n".join(lines) + "\n"


def _generate(src: str, name: str):
    env = {"np": np, "check_bounds": check_bounds, "broadcast_value": broadcast_value,
           "OOB": "index out of bounds",
           "MISMATCH": "shape mismatch: indexing arrays could not be broadcast together"}
    exec(compile(src, "<pycomp.np.fancyindex %s>" % name, "exec"), env)
    return env["impl"]


# ------------------------------------------------------------------ helpers of the generated code


@register_jitable
def check_bounds(j, n, axis):
    """IndexError unless every item of the integer array ``j`` (indexing
    the array's axis ``axis``) is in [-n, n)."""
    for v in j.ravel():
        if v < -n or v >= n:
            raise IndexError("index out of bounds")


@register_jitable
def _broadcastable(shape, target):
    k = len(target) - len(shape)
    if k < 0:
        return False
    for d in range(len(shape)):
        if shape[d] != 1 and shape[d] != target[k + d]:
            return False
    return True


@register_jitable
def broadcast_value(v, target):
    """``v`` broadcast to the shape the index picks (NumPy's ValueError
    when it cannot be)."""
    if not _broadcastable(v.shape, target):
        raise ValueError("shape mismatch: value array could not be broadcast to indexing result")
    return np.broadcast_to(v, target)


# ------------------------------------------------------------------ the overloads


@overload(operator.getitem)
def _fancy_getitem(a, idx):
    """``a[idx]`` with an advanced index of the general form."""
    plan = fancy_plan(a, idx)
    if plan is None:
        return None
    return _generate(getitem_source(plan, isinstance(idx, types.BaseTuple)), "getitem")


@overload(operator.setitem)
def _fancy_setitem(a, idx, v):
    """``a[idx] = v`` with an advanced index of the general form: ``v`` a
    scalar or an array broadcast to what the index picks."""
    plan = fancy_plan(a, idx)
    if plan is None:
        return None
    if a.readonly:
        raise TypingError("cannot assign to a read-only array (%s)" % a)
    if isinstance(v, types.Array):
        if v.ndim > plan.ndim:
            raise TypingError("cannot assign a %d-d array to a %d-d part of an array" % (v.ndim, plan.ndim))
        value_ndim = v.ndim
    elif isinstance(v, (types.Number, types.Boolean)):
        value_ndim = None
    else:
        raise TypingError("cannot assign %s to part of an array of %s" % (v, a.dtype))
    return _generate(setitem_source(plan, isinstance(idx, types.BaseTuple), value_ndim), "setitem")


# ------------------------------------------------------------------ np.may_share_memory


@type_callable(np.may_share_memory)
def _type_may_share_memory(context):
    def typer(a, b, max_work=None):
        if isinstance(a, types.Array) and isinstance(b, types.Array) and max_work is None:
            return types.boolean
        return None
    return typer


@lower_builtin(np.may_share_memory, types.Array, types.Array)
def _lower_may_share_memory(context, builder, sig, args):
    """NumPy's bounds test: the byte ranges the two arrays span intersect."""
    from pycomp.targets.cpu.impl_fancyindex import may_overlap

    return may_overlap(builder, sig.args[0], args[0], sig.args[1], args[1])
