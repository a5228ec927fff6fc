"""NumPy's joining functions, written through the extension API:
``np.concatenate``, ``np.stack``, ``np.hstack``, ``np.vstack``,
``np.dstack`` and ``np.column_stack`` (the view primitives and the source
helpers are :mod:`pycomp.np.manipulation`'s).

Joined results are F-ordered when every input is typed F, else C (Numba's
rule). What the types already decide is a TypingError naming the
function, as in Numba (arrays of different dimensions, dtypes NumPy
cannot promote, 0-d arrays to concatenate); extents that do not match
are NumPy's ValueError.

A tuple of arrays may hold several dtypes and dimensions: its code is
generated per length (each item indexed by a constant), a list's is one
loop. The result dtype is NumPy's promotion (``np.result_type``) computed
when the call is typed. A 1-d join copies each input into a slice of the
result (a contiguous copy: a memcpy when the dtypes match).
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.manipulation import (_ENV, _check_index, _dims_src, _generate, _insert_unit, _is_array, _promoted,
                                    _tuple_src)

__all__ = []


def _arrays_of(arrays, name):
    """The item types of a tuple or list of arrays, and whether it is a list
    (Numba's TypingError, naming the function, for anything else)."""
    if isinstance(arrays, types.BaseTuple) and len(arrays) and all(_is_array(t) for t in arrays.types):
        return list(arrays.types), False
    if isinstance(arrays, types.List) and _is_array(arrays.dtype):
        return [arrays.dtype], True
    raise TypingError("%s(): expecting a non-empty tuple of arrays (or a list of arrays), got %s" % (name, arrays))


def _same_ndim(items, name, what="all the input arrays must have same number of dimensions"):
    """The number of dimensions of the arrays ``items``; a TypingError (as
    Numba's) when they differ, which NumPy would raise at run time."""
    ndims = sorted({t.ndim for t in items})
    if len(ndims) > 1:
        raise TypingError("%s(): %s (found %s)" % (name, what, ", ".join("%d-d" % n for n in ndims)))
    return ndims[0]


def _joined_dtype(items, name):
    """``(source, env)`` of the result dtype of joining arrays ``items``:
    the first array's own dtype when all are alike (records included), else
    the NumPy scalar class of their promotion; a TypingError (as Numba's)
    when NumPy cannot promote them."""
    if all(t.dtype == items[0].dtype for t in items):
        return "arrays[0].dtype", {}
    try:
        return "dt", {"dt": _promoted(items)}
    except (TypeError, ValueError):
        raise TypingError("%s(): input arrays must have compatible dtypes (%s)"
                          % (name, ", ".join(sorted({str(t.dtype) for t in items})))) from None


def _fortran(items) -> bool:
    """Whether a joined result is F-ordered: Numba's rule (and NumPy's for
    these inputs): when every input is typed F-contiguous."""
    return all(t.layout == "F" for t in items)


def _alloc_src(shape_items, dtype_src, fortran) -> str:
    """Source allocating an array of extents ``shape_items`` (sources), in C
    order, or in F order (the transpose of the reversed extents, typed F)."""
    if fortran and len(shape_items) > 1:
        return "np.empty(%s, %s).T" % (_tuple_src(shape_items[::-1]), dtype_src)
    return "np.empty(%s, %s)" % (_tuple_src(shape_items), dtype_src)




# ------------------------------------------------------------------ np.concatenate


_MISMATCH = ("all the input array dimensions except for the concatenation axis must match exactly: "
             "%s(): input sizes over dimension %d do not match")


def _mismatch_src(indent, nd, shape, name) -> list:
    """Source lines checking extents ``shape`` against ``first`` off the axis
    ``ax``: NumPy's ValueError, naming the dimension as Numba does."""
    lines = []
    for d in range(nd):
        lines += ["%sif ax != %d and %s[%d] != first[%d]:" % (indent, d, shape, d, d),
                  "%s    raise ValueError(%r)" % (indent, _MISMATCH % (name, d))]
    return lines


def _concat_src(n, nd, is_list, flat, dtype_src="dt", fortran=False, name="np.concatenate") -> str:
    """Source of the implementation of np.concatenate over ``n`` arrays (a
    tuple) or a list, of ``nd`` dimensions each; the result allocated in F
    order when ``fortran``."""
    lines = ["def impl(arrays, axis=0):"]
    if is_list:
        lines += ["    if len(arrays) == 0:",
                  "        raise ValueError('need at least one array to concatenate')",
                  "    items = arrays"]
    if flat and not is_list:
        lines += ["    total = %s" % " + ".join("arrays[%d].size" % i for i in range(n)),
                  "    out = np.empty(total, %s)" % dtype_src,
                  "    off = 0"]
        for i in range(n):
            lines += ["    out[off:off + arrays[%d].size] = arrays[%d].ravel()" % (i, i),
                      "    off += arrays[%d].size" % i]
        lines.append("    return out")
        return "\n".join(lines)
    if flat:
        lines += ["    total = 0",
                  "    for a in items:",
                  "        total += a.size",
                  "    out = np.empty(total, %s)" % dtype_src,
                  "    off = 0",
                  "    for a in items:",
                  "        out[off:off + a.size] = a.ravel()",
                  "        off += a.size",
                  "    return out"]
        return "\n".join(lines)
    alloc = "    out = " + _alloc_src(_dims_src(nd, "_dim_with", "first", "ax", "total"), dtype_src, fortran)
    if not is_list:  # a tuple of several types: unrolled
        lines += ["    ax = _norm_axis(axis, %d)" % nd, "    first = arrays[0].shape", "    total = 0"]
        for i in range(n):
            lines.append("    s = arrays[%d].shape" % i)
            lines += _mismatch_src("    ", nd, "s", name)
            lines.append("    total += s[ax]")
        if nd == 1:  # slices of the result, copied into directly (contiguous copies)
            lines += [alloc, "    off = 0"]
            for i in range(n):
                lines += ["    k = arrays[%d].shape[0]" % i, "    out[off:off + k] = arrays[%d]" % i, "    off += k"]
        else:
            lines += [alloc, "    o = swapaxes_view(out, 0, ax)", "    off = 0"]
            for i in range(n):
                lines += ["    k = arrays[%d].shape[ax]" % i,
                          "    o[off:off + k] = swapaxes_view(arrays[%d], 0, ax)" % i,
                          "    off += k"]
    else:
        lines += ["    ax = _norm_axis(axis, %d)" % nd, "    first = arrays[0].shape", "    total = 0",
                  "    for a in arrays:",
                  "        s = a.shape"]
        lines += _mismatch_src("        ", nd, "s", name)
        lines += ["        total += s[ax]",
                  alloc,
                  "    o = swapaxes_view(out, 0, ax)",
                  "    off = 0",
                  "    for a in arrays:",
                  "        k = a.shape[ax]",
                  "        o[off:off + k] = swapaxes_view(a, 0, ax)",
                  "        off += k"]
    lines.append("    return out")
    return "\n".join(lines)


def _concatenate_typer(name, fortran=None):
    """The typer of ``np.concatenate(arrays, axis=0)`` (``name`` in its
    errors): the result F-ordered when every input is F (or when
    ``fortran`` says so)."""

    def typer(arrays, axis=0):
        items, is_list = _arrays_of(arrays, name)
        flat = isinstance(axis, types.NoneType)
        _check_index(axis if not flat else None, "axis", name)
        nd = items[0].ndim if flat else _same_ndim(items, name)
        if not flat and nd == 0:
            raise TypingError("%s(): zero-dimensional arrays cannot be concatenated" % name)
        dtype_src, env = _joined_dtype(items, name)
        order_f = _fortran(items) if fortran is None else fortran
        return _generate(_concat_src(len(items), nd, is_list, flat, dtype_src, order_f, name), "impl",
                         dict(_ENV, **env))
    return typer


overload(np.concatenate)(_concatenate_typer("np.concatenate"))


def _concatenate_f(arrays, axis=0):
    """``np.concatenate`` with an F-ordered result (the *stack functions of
    F inputs): compiled code only."""
    raise NotImplementedError


overload(_concatenate_f)(_concatenate_typer("np.concatenate", fortran=True))


# ------------------------------------------------------------------ np.stack and the *stack functions


@register_jitable
def _check_same_shape(s, first):
    if s != first:
        raise ValueError("all input arrays must have the same shape")


@overload(np.stack)
def _np_stack(arrays, axis=0):
    """``np.stack(arrays, axis=0)``: arrays of one shape joined along a new
    axis; F-ordered when every input is F (Numba's rule)."""
    items, is_list = _arrays_of(arrays, "np.stack")
    _check_index(axis, "axis", "np.stack")
    nd = _same_ndim(items, "np.stack")
    dtype_src, env = _joined_dtype(items, "np.stack")
    env = dict(_ENV, **env, _check_same_shape=_check_same_shape, _insert_unit=_insert_unit)
    alloc = _alloc_src(_dims_src(nd + 1, "_dim_inserted", "first", "ax", "n"), dtype_src, _fortran(items))
    if is_list:
        src = ("def impl(arrays, axis=0):\n"
               "    if len(arrays) == 0:\n"
               "        raise ValueError('need at least one array to stack')\n"
               "    ax = _norm_axis(axis, %d)\n"
               "    first = arrays[0].shape\n"
               "    n = len(arrays)\n"
               "    out = %s\n"
               "    o = swapaxes_view(out, 0, ax)\n"
               "    i = 0\n"
               "    for a in arrays:\n"
               "        _check_same_shape(a.shape, first)\n"
               "        o[i:i + 1] = swapaxes_view(_insert_unit(a, ax), 0, ax)\n"
               "        i += 1\n"
               "    return out\n" % (nd + 1, alloc))
    else:
        lines = ["def impl(arrays, axis=0):",
                 "    ax = _norm_axis(axis, %d)" % (nd + 1),
                 "    first = arrays[0].shape",
                 "    n = %d" % len(items)]
        lines += ["    _check_same_shape(arrays[%d].shape, first)" % i for i in range(1, len(items))]
        lines += ["    out = " + alloc, "    o = swapaxes_view(out, 0, ax)"]
        lines += ["    o[%d:%d] = swapaxes_view(_insert_unit(arrays[%d], ax), 0, ax)" % (i, i + 1, i)
                  for i in range(len(items))]
        lines.append("    return out")
        src = "\n".join(lines)
    return _generate(src, "impl", env)


def _joiner(name, each, axis_of):
    """Register ``np.<name>(arrays)``: each array through ``each`` (a source
    template over ``%s``), then concatenated along ``axis_of(ndim)`` (the
    number of dimensions of the first array)."""

    @overload(getattr(np, name))
    def _np_join(arrays):
        items, is_list = _arrays_of(arrays, "np." + name)
        axis = axis_of(items[0].ndim)
        join = "_concatenate_f" if _fortran(items) else "np.concatenate"  # F inputs: an F result
        if is_list:
            src = ("def impl(arrays):\n"
                   "    return %s([%s for a in arrays], %d)\n" % (join, each % "a", axis))
        else:
            parts = _tuple_src(each % ("arrays[%d]" % i) for i in range(len(items)))
            src = "def impl(arrays):\n    return %s(%s, %d)\n" % (join, parts, axis)
        return _generate(src, "impl", dict(_ENV, _concatenate_f=_concatenate_f, _column=_column))
    _np_join.__doc__ = "``np.%s(arrays)`` of a tuple or list of arrays." % name
    return _np_join


_joiner("hstack", "np.atleast_1d(%s)", lambda nd: 0 if nd <= 1 else 1)
_joiner("vstack", "np.atleast_2d(%s)", lambda nd: 0)
_joiner("dstack", "np.atleast_3d(%s)", lambda nd: 2)
_joiner("column_stack", "_column(%s)", lambda nd: 1)


def _column(a):
    """``a`` as a 2-d array of columns (1-d: one column): compiled code only."""
    raise NotImplementedError


@overload(_column)
def _ov_column(a):
    if not _is_array(a):
        raise TypingError("np.column_stack(): the items must be arrays, not %s" % a)
    if a.ndim >= 2:
        return lambda a: a
    return lambda a: np.atleast_2d(a).T
