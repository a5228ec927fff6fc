"""NumPy's functions that write items into arrays or pick them from several
arrays, written through the extension API: ``np.fill_diagonal``,
``np.put`` (mode 'raise'), ``np.place``, ``np.select``, ``np.choose``
(mode 'raise'), ``np.insert`` and ``np.delete`` (1-d arrays, or flattened
with ``axis=None``). Registered by :mod:`pycomp.np.shaping`, whose helpers
it shares.

Items of an array of any layout are addressed by their C-order (flat)
index through :func:`_set_flat`, generated per number of dimensions;
broadcasting makes zero-stride views (``strided_view``) as ``np.where``
does in :mod:`pycomp.np.selection`.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.np.arraylike import sequences_as_arrays
from pycomp.extending import overload, register_jitable
from pycomp.np.manipulation import _ENV, _generate, _given, _is_array, _norm_axis, _promoted, _raiser, _tuple_src
from pycomp.np.selection import _bdim, _broadcast_src
from pycomp.np.shaping import _as_intp, _bshape_src, _index_seq
from pycomp.np.views import is_index

__all__ = []


def _np_dtype(t):
    return np.dtype(str(t.dtype if _is_array(t) else t))


def _array_or_number(t, name, what):
    if not (_is_array(t) or isinstance(t, types.Number)):
        raise TypingError("np.%s(): %s must be an array or a number, not %s" % (name, what, t))


def _set_flat(a, k, x):
    """``a.flat[k] = x`` for ``k`` in [0, a.size): compiled code only."""
    raise NotImplementedError


@overload(_set_flat)
def _ov_set_flat(a, k, x):
    nd = a.ndim
    if nd == 0:
        return lambda a, k, x: _set0(a, x)
    lines = ["def impl(a, k, x):", "    r = k"]
    for d in reversed(range(1, nd)):
        lines += ["    i%d = r %% a.shape[%d]" % (d, d), "    r //= a.shape[%d]" % d]
    lines += ["    i0 = r", "    a[%s] = x" % ", ".join("i%d" % d for d in range(nd))]
    return _generate("\n".join(lines), "impl", _ENV)


@register_jitable
def _set0(a, x):
    a[()] = x


@register_jitable
def _wrap_index(k, n):
    """``k`` in [0, n) (negative counts from the end); IndexError if out of
    bounds."""
    if k < -n or k >= n:
        raise IndexError("index is out of bounds for axis 0")
    return k + n if k < 0 else k


# ------------------------------------------------------------------ np.fill_diagonal


def _conform(a, v):
    """ValueError if a value of the 1-d array ``v`` does not fit ``a``'s
    dtype (Numba's check): compiled code only."""
    raise NotImplementedError


@register_jitable
def _check_range(v, lo, hi, finite_only):
    for x in v:
        if x != x or x - x != 0:  # NaN or an infinity
            if finite_only:
                raise ValueError("Unable to safely conform val to a.dtype")
        elif x < lo or x > hi:
            raise ValueError("Unable to safely conform val to a.dtype")


@overload(_conform)
def _ov_conform(a, v):
    src, dst = v.dtype, a.dtype
    if isinstance(src, types.Boolean) or not isinstance(src, (types.Integer, types.Float)):
        return lambda a, v: None
    if isinstance(dst, types.Integer) and not isinstance(dst, types.Boolean):
        if isinstance(src, types.Integer) and np.can_cast(str(src), str(dst)):
            return lambda a, v: None
        info, finite_only = np.iinfo(str(dst)), True
    elif isinstance(dst, types.Float):
        if np.can_cast(str(src), str(dst)):
            return lambda a, v: None
        info, finite_only = np.finfo(str(dst)), False
    else:
        return lambda a, v: None
    lo, hi = float(info.min), float(info.max)
    return lambda a, v: _check_range(v, lo, hi, finite_only)



@overload(np.fill_diagonal)
def _np_fill_diagonal(a, val, wrap=False):
    """``np.fill_diagonal(a, val, wrap=False)``: in place; ``val`` a number
    or an array (its items repeated); ``wrap`` continues a tall 2-d
    array's diagonal below its first square block."""
    seq = sequences_as_arrays(np.fill_diagonal, _np_fill_diagonal, {"a": a, "val": val, "wrap": wrap}, ("val",))
    if seq is not None:
        return seq
    if not _is_array(a):
        raise TypingError("np.fill_diagonal(): the first argument must be an array, not %s" % a)
    _array_or_number(val, "fill_diagonal", "val")
    if a.ndim < 2:
        raise TypingError("np.fill_diagonal(): The first argument must be at least 2-D (found %d-D; NumPy: "
                          "array must be at least 2-d)" % a.ndim)
    if a.ndim == 2:
        def impl(a, val, wrap=False):
            v = np.ravel(np.asarray(val))
            _conform(a, v)
            rows, cols = a.shape
            end = rows * cols if wrap else min(rows * cols, cols * cols)
            if v.size == 0:
                return
            j = 0
            for k in range(0, end, cols + 1):
                a[k // cols, k % cols] = v[j % v.size]
                j += 1
        return impl
    nd = a.ndim
    src = ("def impl(a, val, wrap=False):\n"
           "    v = np.ravel(np.asarray(val))\n"
           "    _conform(a, v)\n"
           "    n = a.shape[0]\n"
           "    for d in range(1, %d):\n"
           "        if a.shape[d] != n:\n"
           "            raise ValueError('All dimensions of input must be of equal length')\n"
           "    if v.size == 0:\n"
           "        return\n"
           "    for i in range(n):\n"
           "        a[%s] = v[i %% v.size]\n" % (nd, ", ".join(["i"] * nd)))
    return _generate(src, "impl", dict(_ENV, _conform=_conform))


# ------------------------------------------------------------------ np.put, np.place


def _indices_arg(t, name):
    if is_index(t) or _index_seq(t):
        return "_as_intp(%s)"
    if _is_array(t) and is_index(t.dtype):
        return "np.ravel(%s)"
    raise TypingError("np.%s(): the indices must be an integer, or a tuple, list or array of integers, not %s"
                      % (name, t))


@overload(np.put)
def _np_put(a, ind, v, mode="raise"):
    """``np.put(a, ind, v)``: ``a.flat[ind] = v`` (``v``'s items repeated;
    an index out of bounds is an IndexError, NumPy's mode 'raise')."""
    if not _is_array(a):
        raise TypingError("np.put(): the first argument must be an array, not %s" % a)
    if mode not in ("raise", None) and not (isinstance(mode, types.StringLiteral) and mode.value == "raise"):
        raise TypingError("np.put(): only mode='raise' is supported")
    _array_or_number(v, "put", "v")
    src = ("def impl(a, ind, v, mode='raise'):\n"
           "    idx = %s\n"
           "    vals = np.ravel(np.asarray(v))\n"
           "    if vals.size == 0:\n"
           "        return\n"
           "    n = a.size\n"
           "    for j in range(idx.size):\n"
           "        _set_flat(a, _wrap_index(idx[j], n), vals[j %% vals.size])\n" % (_indices_arg(ind, "put") % "ind"))
    return _generate(src, "impl", dict(_ENV, _as_intp=_as_intp, _set_flat=_set_flat, _wrap_index=_wrap_index))


@overload(np.place)
def _np_place(arr, mask, vals):
    """``np.place(arr, mask, vals)``: the items of ``arr`` where ``mask`` is
    true (in C order) set to ``vals``' items, repeated."""
    if not _is_array(arr) or not _is_array(mask):
        raise TypingError("np.place(): arr and mask must be arrays, not %s and %s" % (arr, mask))
    _array_or_number(vals, "place", "vals")

    def impl(arr, mask, vals):
        m = np.ravel(mask)
        if m.size != arr.size:
            raise ValueError("place: mask and data must be the same size")
        v = np.ravel(np.asarray(vals))
        j = 0
        for k in range(m.size):
            if m[k]:
                if v.size == 0:
                    raise ValueError("Cannot insert from an empty array!")
                _set_flat(arr, k, v[j % v.size])
                j += 1
    return impl


# ------------------------------------------------------------------ np.select, np.choose


def _sequence_items(t, name, what):
    """The item types of the tuple or list ``t`` and whether it is a list
    (a TypingError naming ``what`` for anything else)."""
    if isinstance(t, types.BaseTuple):
        return list(t.types), False
    if isinstance(t, types.List):
        return [t.dtype], True
    raise TypingError("np.%s(): %s must be a List or a Tuple (of arrays), not %s" % (name, what, t))


def _check_array_items(items, name, what):
    """A TypingError unless every item type is an array or a number."""
    for e in items:
        if not (_is_array(e) or isinstance(e, types.Number)):
            raise TypingError("np.%s(): items of %s must be arrays (or numbers), not %s" % (name, what, e))


def _sequence_of_arrays(t, name, what):
    """The item types of a tuple or list of arrays (or numbers), and whether
    it is a list."""
    items, is_list = _sequence_items(t, name, what)
    _check_array_items(items, name, what)
    return items, is_list


def _ndim(t) -> int:
    return t.ndim if _is_array(t) else 0


def _loops(lines, n, body):
    """Append ``n`` nested loops over ``shape`` with ``body`` inside; the
    index source is returned."""
    indent = "    "
    for j in range(n):
        lines.append("%sfor i%d in range(shape[%d]):" % (indent, j, j))
        indent += "    "
    lines += [indent + line for line in body]


def _at(n) -> str:
    return ", ".join("i%d" % j for j in range(n)) if n else "()"


@overload(np.select)
def _np_select(condlist, choicelist, default=0):
    """``np.select(condlist, choicelist, default=0)``: tuples or lists of
    arrays; each item from the first choice whose condition holds, else
    ``default``; NumPy's result dtype over the choices and the default."""
    conds, clist = _sequence_items(condlist, "select", "condlist")
    choices, chlist = _sequence_items(choicelist, "select", "choicelist")
    if not isinstance(default, types.Type):  # left out: NumPy's 0, a Python int
        default = types.int64
    if not (_is_array(default) or isinstance(default, types.Number)):
        raise TypingError("np.select(): default must be a scalar (or an array), not %s" % default)
    _check_array_items(conds, "select", "condlist")
    _check_array_items(choices, "select", "choicelist")
    if clist and chlist:  # Numba's rules for lists: one ndim, at least 1 (tuples broadcast, as NumPy's)
        if _ndim(conds[0]) != _ndim(choices[0]):
            raise TypingError("np.select(): condlist and choicelist elements must have the same number of "
                              "dimensions (%s and %s)" % (conds[0], choices[0]))
        if _ndim(conds[0]) < 1:
            raise TypingError("np.select(): condlist arrays must be of at least dimension 1, not %s" % conds[0])
    for c in conds:
        if _np_dtype(c) != np.bool_:
            raise TypingError("np.select(): condlist arrays must contain booleans, not %s" % c)
    params = "condlist, choicelist, default=0"
    if clist != chlist:  # one list, one tuple of arrays of one type: both lists
        tup, what = (choicelist, "choicelist") if clist else (condlist, "condlist")
        if isinstance(tup, types.UniTuple) and _is_array(tup.dtype):
            if clist:
                return lambda condlist, choicelist, default=0: np.select(condlist, [c for c in choicelist], default)
            return lambda condlist, choicelist, default=0: np.select([c for c in condlist], choicelist, default)
        raise TypingError("np.select(): condlist and choicelist must both be lists or both tuples, not %s and %s"
                          % (condlist, choicelist))
    if not clist and not chlist:
        if len(conds) != len(choices):
            return _raiser(ValueError, "list of cases must be same length as list of conditions", params)
        if not conds:
            return _raiser(ValueError, "select with an empty condition list is not possible", params)
    dt = _promoted(choices + [default])  # Python numbers promote weakly
    n = max(_ndim(t) for t in conds + choices + [default])
    lines = ["def impl(%s):" % params,
             "    if len(condlist) != len(choicelist):",
             "        raise ValueError('list of cases must be same length as list of conditions')",
             "    if len(condlist) == 0:",
             "        raise ValueError('select with an empty condition list is not possible')",
             "    d = np.asarray(default)",
             "    shape = %s" % _tuple_src(["1"] * n) if n else "    shape = ()"]
    dims = []
    for seq, items, is_list in (("condlist", conds, clist), ("choicelist", choices, chlist)):
        if is_list:
            lines += ["    for c in %s:" % seq,
                      "        c_a = np.asarray(c)",
                      "        shape = %s" % _bshape_src([("shape", n), ("c_a.shape", _ndim(items[0]))], n)]
        else:
            for i, t in enumerate(items):
                lines.append("    %s%d = np.asarray(%s[%d])" % (seq[:2], i, seq, i))
                dims.append(("%s%d.shape" % (seq[:2], i), _ndim(t)))
    dims += [("shape", n), ("d.shape", _ndim(default))]
    lines.append("    shape = %s" % _bshape_src(dims, n))
    lines.append("    out = np.empty(shape, dt)")
    lines.append("    d_b = %s" % _broadcast_src(types.Array(types.int64, _ndim(default), "C"), "d", n))
    for seq, items, is_list in (("condlist", conds, clist), ("choicelist", choices, chlist)):
        if is_list:
            lines.append("    %s_b = [%s for c in %s]"
                         % (seq[:2], _broadcast_src(types.Array(types.int64, _ndim(items[0]), "C"),
                                                    "np.asarray(c)", n), seq))
        else:
            for i, t in enumerate(items):
                lines.append("    %s%d_b = %s" % (seq[:2], i, _broadcast_src(
                    types.Array(types.int64, _ndim(t), "C"), "%s%d" % (seq[:2], i), n)))
    at = _at(n)
    if clist:
        body = ["v = dt(d_b[%s])" % at,
                "for k in range(len(condlist)):",
                "    if co_b[k][%s]:" % at,
                "        v = dt(ch_b[k][%s])" % at,
                "        break",
                "out[%s] = v" % at]
    else:
        body = []
        for i in range(len(conds)):
            body.append("%sif co%d_b[%s]:" % ("" if i == 0 else "el", i, at))
            body.append("    out[%s] = dt(ch%d_b[%s])" % (at, i, at))
        body += ["else:", "    out[%s] = dt(d_b[%s])" % (at, at)]
    _loops(lines, n, body)
    lines.append("    return out")
    return _generate("\n".join(lines), "impl", dict(_ENV, _bdim=_bdim, dt=dt))


@register_jitable
def _choice_index(k, n):
    if k < 0 or k >= n:
        raise ValueError("invalid entry in choice array")
    return k


@overload(np.choose)
def _np_choose(a, choices, mode="raise"):
    """``np.choose(a, choices)``: each item from ``choices[a[...]]``, all
    broadcast together; ``choices`` a tuple or list of arrays, or an array
    (its first axis); an index out of range is a ValueError (mode 'raise')."""
    if not ((_is_array(a) and is_index(a.dtype)) or is_index(a)):
        raise TypingError("np.choose(): the first argument must be an integer array, not %s" % a)
    if mode not in ("raise", None) and not (isinstance(mode, types.StringLiteral) and mode.value == "raise"):
        raise TypingError("np.choose(): only mode='raise' is supported")
    if _is_array(choices):
        if choices.ndim == 0:
            return _raiser(ValueError, "0-d arrays can't be used as choices", "a, choices, mode='raise'")
        return lambda a, choices, mode="raise": np.choose(a, [choices[i] for i in range(choices.shape[0])])
    items, is_list = _sequence_of_arrays(choices, "choose", "choices")
    dt = _promoted(items)
    n = max([_ndim(t) for t in items] + [_ndim(a)])
    lines = ["def impl(a, choices, mode='raise'):", "    x = np.asarray(a)"]
    if is_list:
        nd = _ndim(items[0])
        lines += ["    if len(choices) == 0:",
                  "        raise ValueError('0-length sequence.')",
                  "    shape = %s" % _tuple_src(["1"] * n) if n else "    shape = ()",
                  "    for c in choices:",
                  "        c_a = np.asarray(c)",
                  "        shape = %s" % _bshape_src([("shape", n), ("c_a.shape", nd)], n),
                  "    shape = %s" % _bshape_src([("shape", n), ("x.shape", _ndim(a))], n),
                  "    views = [%s for c in choices]" % _broadcast_src(types.Array(types.int64, nd, "C"),
                                                                       "np.asarray(c)", n)]
    else:
        lines += ["    c%d = np.asarray(choices[%d])" % (i, i) for i in range(len(items))]
        dims = [("c%d.shape" % i, _ndim(t)) for i, t in enumerate(items)] + [("x.shape", _ndim(a))]
        lines.append("    shape = %s" % _bshape_src(dims, n))
        lines += ["    c%d_b = %s" % (i, _broadcast_src(types.Array(types.int64, _ndim(t), "C"), "c%d" % i, n))
                  for i, t in enumerate(items)]
    lines += ["    x_b = %s" % _broadcast_src(types.Array(types.int64, _ndim(a), "C"), "x", n),
              "    out = np.empty(shape, dt)"]
    at = _at(n)
    if is_list:
        body = ["k = _choice_index(x_b[%s], len(views))" % at, "out[%s] = views[k][%s]" % (at, at)]
    else:
        body = ["k = _choice_index(x_b[%s], %d)" % (at, len(items))]
        for i in range(len(items)):
            body += ["%sif k == %d:" % ("" if i == 0 else "el", i), "    out[%s] = dt(c%d_b[%s])" % (at, i, at)]
    _loops(lines, n, body)
    lines.append("    return out")
    return _generate("\n".join(lines), "impl", dict(_ENV, _bdim=_bdim, dt=dt, _choice_index=_choice_index))


# ------------------------------------------------------------------ np.insert, np.delete


def _flat_axis(arr, axis, name, params):
    """Check the ``axis`` of np.insert/np.delete: None (flattened), or an
    axis of a 1-d array."""
    if not _is_array(arr):
        raise TypingError("np.%s(): arr must be either an Array or a Sequence, not %s" % (name, arr))
    if _given(axis):
        if not is_index(axis):
            raise TypingError("np.%s(): axis must be an integer or None, not %s" % (name, axis))
        if arr.ndim != 1:
            raise TypingError("np.%s(): only axis=None or a 1-d array is supported (%s)" % (name, arr))


@register_jitable
def _check_axis(axis, ndim):
    if axis is not None:
        _norm_axis(axis, ndim)


@register_jitable
def _insert_at(flat, index, v):
    """``flat`` with the items ``v`` inserted before position ``index``."""
    n = flat.size
    if index < -n or index > n:
        raise IndexError("index is out of bounds for the given array size")
    if index < 0:
        index += n
    out = np.empty(n + v.size, flat.dtype)
    out[:index] = flat[:index]
    for j in range(v.size):
        out[index + j] = v[j]
    out[index + v.size:] = flat[index:]
    return out


@register_jitable
def _insert_many(flat, indices, v):
    """``flat`` with ``v`` (one item or one per index) inserted before each
    of ``indices``, as NumPy computes it: negative indices count from the
    end of ``flat``, equal ones keep their order, and the final positions
    index the new array (NumPy checks only those)."""
    n = flat.size
    m = indices.size
    if v.size != 1 and v.size != m:
        raise ValueError("shape mismatch: value array could not be broadcast to indexing result")
    idx = np.empty(m, np.intp)
    for j in range(m):
        idx[j] = indices[j] + n if indices[j] < 0 else indices[j]
    order = np.argsort(idx, kind="mergesort")
    for r in range(m):
        idx[order[r]] += r
    out = np.empty(n + m, flat.dtype)
    taken = np.zeros(n + m, np.bool_)
    for j in range(m):
        p = idx[j]
        if p < -(n + m) or p >= n + m:
            raise IndexError("index is out of bounds for axis 0")
        if p < 0:
            p += n + m
        out[p] = v[0] if v.size == 1 else v[j]
        taken[p] = True
    if taken.sum() != m:
        raise ValueError("NumPy boolean array indexing assignment cannot assign the input values to the output")
    i = 0
    for p in range(n + m):
        if not taken[p]:
            out[p] = flat[i]
            i += 1
    return out


@overload(np.insert)
def _np_insert(arr, obj, values, axis=None):
    """``np.insert(arr, obj, values, axis=None)``: a new 1-d array (``arr``
    flattened, or 1-d) with ``values`` (cast to ``arr``'s dtype) inserted
    before ``obj`` (an integer, or a tuple, list or array of integers)."""
    seq = sequences_as_arrays(np.insert, _np_insert, {"arr": arr, "obj": obj, "values": values, "axis": axis}, ("arr", "values"))
    if seq is not None:
        return seq
    _flat_axis(arr, axis, "insert", "arr, obj, values, axis=None")
    _array_or_number(values, "insert", "values")
    dt = _np_dtype(arr).type
    if is_index(obj):
        def impl(arr, obj, values, axis=None):
            _check_axis(axis, arr.ndim)
            return _insert_at(np.ravel(arr), obj, np.ravel(np.asarray(values)).astype(dt))
        return impl
    if _index_seq(obj):
        def impl_many(arr, obj, values, axis=None):
            _check_axis(axis, arr.ndim)
            indices = _as_intp(obj)
            vals = np.ravel(np.asarray(values)).astype(dt)
            if indices.size == 1:  # one index: every value goes there, as for an integer obj (NumPy)
                return _insert_at(np.ravel(arr), indices[0], vals)
            return _insert_many(np.ravel(arr), indices, vals)
        return impl_many
    if isinstance(obj, (types.BaseTuple, types.List)) or _is_array(obj):
        raise TypingError("np.insert(): obj should be of Integer dtype (a tuple, list or 1-d array of "
                          "integers), not %s" % obj)
    raise TypingError("np.insert(): obj should be an Integer, an Array or a Sequence, not %s" % obj)


@register_jitable
def _kept(flat, keep):
    """The items of ``flat`` where ``keep`` is true, as a new array."""
    out = np.empty(keep.sum(), flat.dtype)
    j = 0
    for i in range(flat.size):
        if keep[i]:
            out[j] = flat[i]
            j += 1
    return out


@register_jitable
def _delete_indices(flat, indices):
    keep = np.ones(flat.size, np.bool_)
    for j in range(indices.size):
        keep[_wrap_index(indices[j], flat.size)] = False
    return _kept(flat, keep)


@overload(np.delete)
def _np_delete(arr, obj, axis=None):
    """``np.delete(arr, obj, axis=None)``: a new 1-d array (``arr``
    flattened, or 1-d) without the items at ``obj`` (an integer, a slice,
    a tuple, list or array of integers, or a boolean mask)."""
    seq = sequences_as_arrays(np.delete, _np_delete, {"arr": arr, "obj": obj, "axis": axis}, ("arr",))
    if seq is not None:
        return seq
    _flat_axis(arr, axis, "delete", "arr, obj, axis=None")
    if is_index(obj) or _index_seq(obj):
        def impl(arr, obj, axis=None):
            _check_axis(axis, arr.ndim)
            return _delete_indices(np.ravel(arr), _as_intp(obj))
        return impl
    if isinstance(obj, types.SliceType):
        def impl_slice(arr, obj, axis=None):
            _check_axis(axis, arr.ndim)
            flat = np.ravel(arr)
            keep = np.ones(flat.size, np.bool_)
            keep[obj] = False
            return _kept(flat, keep)
        return impl_slice
    if _is_array(obj) and isinstance(obj.dtype, types.Boolean):
        def impl_mask(arr, obj, axis=None):
            _check_axis(axis, arr.ndim)
            flat = np.ravel(arr)
            if obj.ndim != 1 or obj.size != flat.size:
                raise ValueError("boolean array argument obj to delete must be one dimensional and match the "
                                 "axis length")
            return _kept(flat, ~obj)
        return impl_mask
    if _is_array(obj) and is_index(obj.dtype):
        def impl_array(arr, obj, axis=None):
            _check_axis(axis, arr.ndim)
            return _delete_indices(np.ravel(arr), np.ravel(obj))
        return impl_array
    raise TypingError("np.delete(): obj must be an integer, a slice, integers or a boolean mask, not %s" % obj)
