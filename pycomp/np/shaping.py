"""NumPy's splitting, broadcasting and axis-moving functions, written through
the extension API: ``np.split``, ``np.array_split``, ``np.hsplit``,
``np.vsplit``, ``np.dsplit`` (a list of views), ``np.broadcast_to`` (a
read-only view with zero strides), ``np.broadcast_arrays`` (a tuple of
views, as NumPy 2), ``np.broadcast_shapes``, ``np.moveaxis``,
``np.swapaxes``, ``np.rollaxis`` (views), ``np.meshgrid`` (copies),
``np.resize`` and ``np.append`` (new arrays). The functions that write
into or pick from arrays (``np.fill_diagonal``, ``np.put``, ``np.place``,
``np.select``, ``np.choose``, ``np.insert``, ``np.delete``) are in
:mod:`pycomp.np.placing`, imported at the end.

Views are made by the primitives of :mod:`pycomp.np.views` and
:mod:`pycomp.np.manipulation` (``strided_view``: any extents and strides
over an array's memory); code over tuples of arrays of several types is
generated per length, as in :mod:`pycomp.np.manipulation`.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.np.arraylike import as_array_type, is_array_like, sequences_as_arrays
from pycomp.extending import overload, register_jitable
from pycomp.np.manipulation import _ENV, _generate, _given, _is_array, _norm_axis, _raiser, _tuple_src
from pycomp.np.selection import _bdim_shapes
from pycomp.np.views import is_index, swapaxes_view, transpose_view

__all__ = []

AxisError = np.exceptions.AxisError


def _index_seq(t) -> bool:
    """Whether ``t`` is a tuple, list or 1-d array of integers."""
    if isinstance(t, types.BaseTuple):
        return all(is_index(e) for e in t.types)
    if isinstance(t, types.List):
        return is_index(t.dtype)
    return _is_array(t) and t.ndim == 1 and is_index(t.dtype)


def _as_intp(t):
    """``t`` (an integer, or a tuple, list or 1-d array of integers) as a new
    1-d intp array: compiled code only."""
    raise NotImplementedError


@overload(_as_intp)
def _ov_as_intp(t):
    if is_index(t):
        def impl_one(t):
            out = np.empty(1, np.intp)
            out[0] = t
            return out
        return impl_one
    if isinstance(t, types.BaseTuple):
        lines = ["def impl(t):", "    out = np.empty(%d, np.intp)" % len(t)]
        lines += ["    out[%d] = t[%d]" % (i, i) for i in range(len(t))]
        lines.append("    return out")
        return _generate("\n".join(lines), "impl", _ENV)

    def impl_seq(t):
        out = np.empty(len(t), np.intp)
        for i in range(len(t)):
            out[i] = t[i]
        return out
    return impl_seq


def _shape_of(t, what):
    """The number of extents of a shape argument (an integer or a tuple of
    integers) and the source that makes it a tuple from ``name``."""
    if is_index(t):
        return 1, "(%s,)"
    if isinstance(t, types.BaseTuple) and all(is_index(e) for e in t.types):
        return len(t), "%s"
    raise TypingError("%s: the shape must be an integer or a tuple of integers, not %s" % (what, t))


# ------------------------------------------------------------------ np.split and friends


@register_jitable
def _split_axis(axis, ndim):
    """``axis`` in [0, ndim): NumPy reads ``ary.shape[axis]`` first, so an
    axis out of bounds is an IndexError."""
    if axis < -ndim or axis >= ndim:
        raise IndexError("tuple index out of range")
    return axis + ndim if axis < 0 else axis


@register_jitable
def _split_indices_axis(axis, ndim):
    """``axis`` in [0, ndim) for a split at given indices: out of bounds is
    a ValueError here (as Numba's; NumPy's IndexError for sections)."""
    if axis < -ndim or axis >= ndim:
        raise ValueError("np.split: Argument axis out of bounds for dimensions of the array")
    return axis + ndim if axis < 0 else axis


@register_jitable
def _section_bounds(n, sections):
    """Bounds of ``sections`` nearly equal pieces of ``n`` items (the first
    ``n % sections`` one longer), as np.array_split."""
    if sections <= 0:
        raise ValueError("number sections must be larger than 0.")
    each = n // sections
    extras = n % sections
    bounds = np.empty(sections + 1, np.intp)
    bounds[0] = 0
    for i in range(sections):
        bounds[i + 1] = bounds[i] + each + (1 if i < extras else 0)
    return bounds


@register_jitable
def _index_bounds(n, indices):
    """Bounds ``0, *indices, n`` (the pieces slice as Python slices)."""
    bounds = np.empty(indices.size + 2, np.intp)
    bounds[0] = 0
    bounds[1:indices.size + 1] = indices
    bounds[indices.size + 1] = n
    return bounds


@register_jitable
def _pieces(ary, ax, bounds):
    """The views ``ary[..., lo:hi, ...]`` along axis ``ax`` between
    consecutive ``bounds``, as a list."""
    s = swapaxes_view(ary, 0, ax)
    out = [swapaxes_view(s[bounds[0]:bounds[1]], 0, ax)]
    for i in range(1, bounds.size - 1):
        out.append(swapaxes_view(s[bounds[i]:bounds[i + 1]], 0, ax))
    return out


def _split_typer(name, equal):
    """The implementation of ``np.<name>(ary, indices_or_sections, axis=0)``;
    ``equal``: integer sections must divide the axis (np.split)."""
    def typer(ary, indices_or_sections, axis=0):
        seq = sequences_as_arrays(getattr(np, name), typer, {"ary": ary, "indices_or_sections": indices_or_sections,
                                                             "axis": axis}, ("ary",))
        if seq is not None:
            return seq
        if not _is_array(ary):
            raise TypingError('np.%s(): The argument "ary" must be an array-like, not %s' % (name, ary))
        if isinstance(axis, types.Type) and not is_index(axis):
            raise TypingError("np.%s(): axis must be an integer, not %s" % (name, axis))
        if ary.ndim == 0:
            return _raiser(IndexError, "tuple index out of range", "ary, indices_or_sections, axis=0")
        if is_index(indices_or_sections):
            if equal:
                def impl(ary, indices_or_sections, axis=0):
                    ax = _split_axis(axis, ary.ndim)
                    n = ary.shape[ax]
                    if n % indices_or_sections != 0:
                        raise ValueError("array split does not result in an equal division")
                    return _pieces(ary, ax, _section_bounds(n, indices_or_sections))
            else:
                def impl(ary, indices_or_sections, axis=0):
                    ax = _split_axis(axis, ary.ndim)
                    return _pieces(ary, ax, _section_bounds(ary.shape[ax], indices_or_sections))
            return impl
        if _index_seq(indices_or_sections):
            def impl_indices(ary, indices_or_sections, axis=0):
                ax = _split_indices_axis(axis, ary.ndim)
                return _pieces(ary, ax, _index_bounds(ary.shape[ax], _as_intp(indices_or_sections)))
            return impl_indices
        raise TypingError("np.%s(): indices_or_sections must be an integer or a tuple, list or 1-d array of "
                          "integers, not %s" % (name, indices_or_sections))
    typer.__doc__ = "``np.%s(ary, indices_or_sections, axis=0)``: a list of views." % name
    return typer


overload(np.split)(_split_typer("split", True))
overload(np.array_split)(_split_typer("array_split", False))


def _split_along(name, min_ndim, axis_of):
    """Register ``np.<name>(ary, indices_or_sections)``: np.split along
    ``axis_of(ndim)``, arrays of ``min_ndim`` or more dimensions."""

    @overload(getattr(np, name))
    def _np_split_along(ary, indices_or_sections):
        seq = sequences_as_arrays(getattr(np, name), _np_split_along,
                                  {"ary": ary, "indices_or_sections": indices_or_sections}, ("ary",))
        if seq is not None:
            return seq
        if not _is_array(ary):
            raise TypingError('np.%s(): The argument "ary" must be an array-like, not %s' % (name, ary))
        if ary.ndim < min_ndim:
            return _raiser(ValueError, "%s only works on arrays of %d or more dimensions" % (name, min_ndim),
                           "ary, indices_or_sections")
        axis = axis_of(ary.ndim)
        return _generate("def impl(ary, indices_or_sections):\n"
                         "    return np.split(ary, indices_or_sections, %d)\n" % axis, "impl", _ENV)
    _np_split_along.__doc__ = "``np.%s(ary, indices_or_sections)``: a list of views." % name
    return _np_split_along


_split_along("hsplit", 1, lambda nd: 1 if nd > 1 else 0)
_split_along("vsplit", 2, lambda nd: 0)
_split_along("dsplit", 3, lambda nd: 2)


# ------------------------------------------------------------------ np.broadcast_to, np.broadcast_arrays


@register_jitable
def _check_extent(d):
    if d < 0:
        raise ValueError("all elements of broadcast shape must be non-negative")
    return d


@register_jitable
def _bstride(d, stride, target):
    """The stride of an axis of extent ``d`` broadcast to ``target``."""
    if d == target:
        return stride
    if d == 1:
        return 0
    raise ValueError("operands could not be broadcast together with remapped shapes")


@overload(np.broadcast_to)
def _np_broadcast_to(array, shape):
    """``np.broadcast_to(array, shape)``: a read-only view with zero strides
    along the broadcast axes; a number becomes a 0-d array first."""
    seq = sequences_as_arrays(np.broadcast_to, _np_broadcast_to, {"array": array, "shape": shape}, ("array",))
    if seq is not None:
        return seq
    if isinstance(array, types.StringLiteral):  # a 0-d U<n> array of the text, as NumPy and Numba
        return lambda array, shape: np.broadcast_to(np.asarray(array), shape)
    if not (isinstance(array, types.Array) or is_array_like(array)):  # any array: U<n> and records too
        raise TypingError('np.broadcast_to(): The first argument "array" must be array-like, not %s' % array)
    if not (is_index(shape) or (isinstance(shape, types.BaseTuple) and all(is_index(e) for e in shape.types))):
        raise TypingError('np.broadcast_to(): The second argument "shape" must be a tuple of integers, not %s'
                          % shape)
    n, wrap = _shape_of(shape, "np.broadcast_to()")
    if isinstance(array, (types.Number, types.Boolean)):
        return lambda array, shape: np.broadcast_to(np.asarray(array), shape)
    nd = array.ndim
    if n == 0 and nd > 0:
        raise TypingError("np.broadcast_to(): Cannot broadcast a non-scalar to a scalar array")
    if n < nd:
        return _raiser(ValueError, "input operand has more dimensions than allowed by the axis remapping",
                       "array, shape")
    strides = []
    for j in range(n):
        i = j - (n - nd)
        strides.append("0" if i < 0 else "_bstride(array.shape[%d], array.strides[%d], s[%d])" % (i, i, j))
    src = ("def impl(array, shape):\n"
           "    t = %s\n"
           "    s = %s\n"
           "    return readonly_strided_view(array, s, %s, 0)\n"
           % (wrap % "shape", _tuple_src("_check_extent(t[%d])" % j for j in range(n)) if n else "()",
              _tuple_src(strides) if n else "()"))
    return _generate(src, "impl", dict(_ENV, _bstride=_bstride, _check_extent=_check_extent))


def _bshape_src(dims_of, n, bdim="_bdim") -> str:
    """Source of the broadcast shape (``n`` extents) of arrays whose shapes
    are the sources ``dims_of`` paired with their number of dimensions
    (``bdim`` the jitable that broadcasts two extents, in the namespace)."""
    dims = []
    for j in range(n):
        ext = "1"
        for src, nd in dims_of:
            i = j - (n - nd)
            if i >= 0:
                ext = "%s(%s, %s[%d])" % (bdim, ext, src, i)
        dims.append(ext)
    return _tuple_src(dims) if n else "()"


@overload(np.broadcast_arrays)
def _np_broadcast_arrays(*args):
    """``np.broadcast_arrays(*args)``: a tuple of views of the arrays (numbers
    become 0-d arrays) broadcast to one shape."""
    for t in args:
        if not is_array_like(t):
            raise TypingError("np.broadcast_arrays(): Argument must be array-like, not %s" % t)
    nds = [as_array_type(t).ndim for t in args]
    n = max(nds + [0])
    lines = ["def impl(*args):"]
    lines += ["    a%d = np.asarray(args[%d])" % (k, k) for k in range(len(args))]
    lines.append("    shape = %s" % _bshape_src([("a%d.shape" % k, nd) for k, nd in enumerate(nds)], n, "_bdim_shapes"))
    views = []
    for k, nd in enumerate(nds):
        strides = []
        for j in range(n):
            i = j - (n - nd)
            strides.append("0" if i < 0 else "_bstride(a%d.shape[%d], a%d.strides[%d], shape[%d])" % (k, i, k, i, j))
        views.append("strided_view(a%d, shape, %s, 0)" % (k, _tuple_src(strides) if n else "()"))
    lines.append("    return %s" % (_tuple_src(views) if views else "()"))
    return _generate("\n".join(lines), "impl", dict(_ENV, _bdim_shapes=_bdim_shapes, _bstride=_bstride))


@register_jitable
def _nonnegative(d):
    """The extent ``d``, checked not negative."""
    if d < 0:
        raise ValueError("negative dimensions are not allowed")
    return d


@overload(np.broadcast_shapes)
def _np_broadcast_shapes(*args):
    """``np.broadcast_shapes(*shapes)``: shapes are integers or tuples of
    integers; the broadcast shape as a tuple."""
    dims_of = []
    lines = ["def impl(*args):"]
    for k, t in enumerate(args):
        nd, wrap = _shape_of(t, "np.broadcast_shapes()")
        lines.append("    t%d = %s" % (k, wrap % ("args[%d]" % k)))
        lines.append("    s%d = %s" % (k, _tuple_src(["_nonnegative(t%d[%d])" % (k, j) for j in range(nd)]) if nd else "()"))
        dims_of.append(("s%d" % k, nd))
    n = max([nd for _, nd in dims_of] + [0])
    lines.append("    return %s" % _bshape_src(dims_of, n, "_bdim_shapes"))
    return _generate("\n".join(lines), "impl", dict(_ENV, _bdim_shapes=_bdim_shapes, _nonnegative=_nonnegative))


# ------------------------------------------------------------------ np.moveaxis, np.swapaxes, np.rollaxis


@register_jitable
def _normalized(axes, ndim, is_source):
    """The axes of the intp array ``axes`` in [0, ndim) (AxisError when out
    of bounds); a repeated one is a ValueError naming the argument."""
    out = np.empty(axes.size, np.intp)
    seen = np.zeros(ndim, np.bool_)
    for k in range(axes.size):
        ax = _norm_axis(axes[k], ndim)
        if seen[ax]:
            if is_source:
                raise ValueError("repeated axis in `source` argument")
            raise ValueError("repeated axis in `destination` argument")
        seen[ax] = True
        out[k] = ax
    return out


@register_jitable
def _moveaxis_perm(source, destination, ndim):
    """The permutation of ``ndim`` axes that moves axes ``source`` to
    positions ``destination``, the others keeping their order."""
    src = _normalized(source, ndim, True)
    dst = _normalized(destination, ndim, False)
    if src.size != dst.size:
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    perm = np.full(ndim, -1, np.intp)
    moved = np.zeros(ndim, np.bool_)
    for k in range(src.size):
        perm[dst[k]] = src[k]
        moved[src[k]] = True
    j = 0
    for i in range(ndim):
        if not moved[i]:
            while perm[j] >= 0:
                j += 1
            perm[j] = i
    return perm


def _permuted_src(params, perm_expr, nd) -> str:
    return ("def impl(%s):\n"
            "    p = %s\n"
            "    return transpose_view(a, %s)\n" % (params, perm_expr, _tuple_src("p[%d]" % i for i in range(nd))))


def _axes_arg(t, name, what):
    if not (is_index(t) or (isinstance(t, types.BaseTuple) and all(is_index(e) for e in t.types))):
        raise TypingError("np.%s(): %s must be an integer or a tuple of integers, not %s" % (name, what, t))


@overload(np.moveaxis)
def _np_moveaxis(a, source, destination):
    """``np.moveaxis(a, source, destination)``: a view with the axes
    ``source`` (an integer or a tuple) moved to ``destination``."""
    if not _is_array(a):
        raise TypingError("np.moveaxis(): the first argument must be an array, not %s" % a)
    _axes_arg(source, "moveaxis", "source")
    _axes_arg(destination, "moveaxis", "destination")
    env = dict(_ENV, _moveaxis_perm=_moveaxis_perm, _as_intp=_as_intp, transpose_view=transpose_view)
    perm = "_moveaxis_perm(_as_intp(source), _as_intp(destination), %d)" % a.ndim
    if a.ndim == 0:
        return _generate("def impl(a, source, destination):\n    %s\n    return a\n" % perm, "impl", env)
    return _generate(_permuted_src("a, source, destination", perm, a.ndim), "impl", env)


@overload(np.swapaxes)
def _np_swapaxes(a, axis1, axis2):
    """``np.swapaxes(a, axis1, axis2)``: a view."""
    if not _is_array(a):
        raise TypingError("np.swapaxes(): the first argument must be an array, not %s" % a)
    if not (is_index(axis1) and is_index(axis2)):
        raise TypingError("np.swapaxes(): the axes must be integers, not %s and %s" % (axis1, axis2))

    def impl(a, axis1, axis2):
        _norm_axis(axis1, a.ndim)
        _norm_axis(axis2, a.ndim)
        return swapaxes_view(a, axis1, axis2)
    return impl


@register_jitable
def _rollaxis_perm(axis, start, ndim):
    """The permutation of np.rollaxis: ``axis`` moved to before ``start``."""
    ax = _norm_axis(axis, ndim)
    st = start + ndim if start < 0 else start
    if st < 0 or st > ndim:
        raise AxisError("'start' arg requires -ndim <= start < ndim + 1")
    if ax < st:
        st -= 1
    perm = np.empty(ndim, np.intp)
    j = 0
    for i in range(ndim):
        if i == st:
            perm[i] = ax
        else:
            if j == ax:
                j += 1
            perm[i] = j
            j += 1
    return perm


@overload(np.rollaxis)
def _np_rollaxis(a, axis, start=0):
    """``np.rollaxis(a, axis, start=0)``: a view with ``axis`` rolled to
    before position ``start``."""
    if not _is_array(a):
        raise TypingError("np.rollaxis(): the first argument must be an array, not %s" % a)
    if not is_index(axis) or (isinstance(start, types.Type) and not is_index(start)):
        raise TypingError("np.rollaxis(): axis and start must be integers, not %s and %s" % (axis, start))
    env = dict(_ENV, _rollaxis_perm=_rollaxis_perm, transpose_view=transpose_view)
    if a.ndim == 0:
        return _generate("def impl(a, axis, start=0):\n    _rollaxis_perm(axis, start, 0)\n    return a\n",
                         "impl", env)
    return _generate(_permuted_src("a, axis, start=0", "_rollaxis_perm(axis, start, %d)" % a.ndim, a.ndim),
                     "impl", env)


# ------------------------------------------------------------------ np.meshgrid


def _literal_str(t, default):
    if t is None:
        return default
    if isinstance(t, str):
        return t
    if isinstance(t, types.StringLiteral):
        return t.value
    return None


@overload(np.meshgrid)
def _np_meshgrid(*xi, indexing="xy"):
    """``np.meshgrid(*xi, indexing='xy')``: a tuple of new arrays (NumPy's
    default copy=True, sparse=False); each input is flattened; 'xy' swaps
    the first two axes of the result."""
    how = _literal_str(indexing, "xy")
    if how is None:
        raise TypingError("np.meshgrid(): indexing must be a constant string, not %s" % indexing)
    for t in xi:
        if not (_is_array(t) or isinstance(t, types.Number)):
            raise TypingError("np.meshgrid(): the arguments must be arrays or numbers, not %s" % t)
    if how not in ("xy", "ij"):
        return _generate("def impl(*xi, indexing='xy'):\n    raise ValueError(MSG)\n", "impl",
                         {"MSG": "Valid values for `indexing` are 'xy' and 'ij'."})
    n = len(xi)
    if n == 0:
        return lambda *xi, indexing="xy": ()
    axis_of = list(range(n))
    if how == "xy" and n >= 2:
        axis_of[0], axis_of[1] = 1, 0
    lines = ["def impl(*xi, indexing='xy'):"]
    lines += ["    v%d = np.ravel(np.asarray(xi[%d]))" % (k, k) for k in range(n)]
    lines.append("    shape = %s" % _tuple_src("v%d.shape[0]" % axis_of.index(j) for j in range(n)))
    for k in range(n):
        strides = _tuple_src("v%d.strides[0]" % k if j == axis_of[k] else "0" for j in range(n))
        lines += ["    o%d = np.empty(shape, v%d.dtype)" % (k, k),
                  "    o%d[...] = strided_view(v%d, shape, %s, 0)" % (k, k, strides)]
    lines.append("    return %s" % _tuple_src("o%d" % k for k in range(n)))
    return _generate("\n".join(lines), "impl", _ENV)


# ------------------------------------------------------------------ np.resize, np.append


@register_jitable
def _resize_into(out, flat):
    """``out`` (C-contiguous) filled with the items of ``flat`` repeated."""
    o = out.reshape(out.size)
    if flat.size == 0:
        return out
    for i in range(o.size):
        o[i] = flat[i % flat.size]
    return out


@register_jitable
def _new_extent(d):
    if d < 0:
        raise ValueError("all elements of `new_shape` must be non-negative")
    return d


@overload(np.resize)
def _np_resize(a, new_shape):
    """``np.resize(a, new_shape)``: a new array of ``new_shape`` (an integer
    or a tuple) holding ``a``'s items repeated in C order (zeros if ``a`` is
    empty)."""
    seq = sequences_as_arrays(np.resize, _np_resize, {"a": a, "new_shape": new_shape}, ("a",))
    if seq is not None:
        return seq
    if not (_is_array(a) or isinstance(a, types.Number)):
        raise TypingError("np.resize(): the first argument must be an array or a number, not %s" % a)
    n, wrap = _shape_of(new_shape, "np.resize()")
    src = ("def impl(a, new_shape):\n"
           "    t = %s\n"
           "    flat = np.ravel(np.asarray(a))\n"
           "    out = np.zeros(%s, flat.dtype)\n"
           "    return _resize_into(out, flat)\n"
           % (wrap % "new_shape", _tuple_src("_new_extent(t[%d])" % j for j in range(n)) if n else "()"))
    return _generate(src, "impl", dict(_ENV, _resize_into=_resize_into, _new_extent=_new_extent))


@overload(np.append)
def _np_append(arr, values, axis=None):
    """``np.append(arr, values, axis=None)``: both flattened and joined
    without ``axis``, else ``np.concatenate((arr, values), axis)``."""
    for t in (arr, values):
        if not (_is_array(t) or isinstance(t, types.Number)):
            raise TypingError("np.append(): the arguments must be arrays or numbers, not %s" % t)
    if not _given(axis):
        return lambda arr, values, axis=None: np.concatenate((np.ravel(np.asarray(arr)),
                                                              np.ravel(np.asarray(values))))
    if not is_index(axis):
        raise TypingError("np.append(): axis must be an integer or None, not %s" % axis)
    return lambda arr, values, axis=None: np.concatenate((np.asarray(arr), np.asarray(values)), axis)


import pycomp.np.placing  # noqa: E402,F401  (registers the functions that write into arrays)
import pycomp.np.stride_tricks  # noqa: E402,F401  (np.lib.stride_tricks: as_strided, sliding_window_view)
