"""``np.lib.stride_tricks``: ``as_strided`` and ``sliding_window_view``,
written through the extension API over the ``strided_view`` primitive of
:mod:`pycomp.np.manipulation` (a view with any extents and byte strides
over an array's memory, holding a reference to it).

As in Numba, ``sliding_window_view`` takes ``(x, window_shape, axis=None)``
and its result is writable (NumPy's default is a read-only view);
``as_strided`` takes NumPy's defaults of ``subok`` and ``writeable`` only
(a writable view unless ``x`` is read-only). The number of dimensions of a
result is known when the call is typed (the lengths of the tuples), so
the code is generated per length.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.manipulation import _generate, _given, _tuple_src, readonly_strided_view, strided_view
from pycomp.np.views import is_index

__all__ = []

_stride_tricks = np.lib.stride_tricks
AxisError = np.exceptions.AxisError


def _int_tuple(t) -> bool:
    """Whether ``t`` is a tuple of integers (the empty tuple included)."""
    return isinstance(t, types.BaseTuple) and all(is_index(e) for e in t.types)


def _omitted_or_none(t) -> bool:
    """Whether an optional argument was left out or given as None."""
    return not _given(t) or isinstance(t, types.Omitted)


@overload(_stride_tricks.as_strided)
def _as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    """``as_strided(x, shape=None, strides=None, subok=False,
    writeable=True)``: a view of ``x``'s memory with the given extents and
    byte strides (``x``'s own where None). Nothing is checked, as in
    NumPy."""
    if not isinstance(x, types.Array):
        raise TypingError("as_strided(): x must be an array, not %s" % (x,))
    if isinstance(strides, types.NoneType):  # Numba: given as None is a TypingError
        raise TypingError("as_strided(): the strides argument cannot be None (leave it out to keep the "
                          "array's strides)")
    for name, t in (("shape", shape), ("strides", strides)):
        if not (_omitted_or_none(t) or _int_tuple(t)):
            raise TypingError("as_strided(): %s must be a tuple of integers or None, not %s" % (name, t))
    for name, t, default in (("subok", subok, False), ("writeable", writeable, True)):
        if not (t is default or isinstance(t, types.Omitted)):
            raise TypingError("as_strided(): %s= is not supported in compiled code (the view is %s)"
                              % (name, "a plain array" if name == "subok" else "writable unless x is read-only"))
    view = readonly_strided_view if x.readonly else strided_view
    env = {"_view": view, "_c_strides": _c_strides, "_c_contiguous": _c_contiguous}
    if _omitted_or_none(shape):
        shape_src, nshape = "x.shape", x.ndim
    else:
        shape_src, nshape = "shape", len(shape)
    if not _omitted_or_none(strides):
        lines = ["    return _view(x, %s, strides, 0)" % shape_src if nshape == len(strides)
                 else '    raise ValueError("mismatch in length of strides and shape")']
    elif _omitted_or_none(shape):
        lines = ["    return _view(x, x.shape, x.strides, 0)"]
    else:
        # NumPy keeps x's array interface: no strides (C order of the new
        # shape) for a C-contiguous x, else x's own
        c_strides = _tuple_src("cs[%d]" % j for j in range(nshape)) if nshape else "()"
        lines = ["    if _c_contiguous(x.shape, x.strides, x.itemsize):",
                 "        cs = _c_strides(shape, x.itemsize)",
                 "        return _view(x, shape, %s, 0)" % c_strides]
        lines.append("    return _view(x, shape, x.strides, 0)" if nshape == x.ndim
                     else '    raise ValueError("mismatch in length of strides and shape")')
    src = "def impl(x, shape=None, strides=None, subok=False, writeable=True):\n" + "\n".join(lines) + "\n"
    return _generate(src, "impl", env)


@register_jitable
def _c_strides(shape, itemsize):
    """The byte strides of a C-contiguous array of ``shape`` (a tuple), in
    an int64 array."""
    out = np.empty(len(shape), np.int64)
    st = itemsize
    for j in range(len(shape) - 1, -1, -1):
        out[j] = st
        st *= max(shape[j], 1)
    return out


@register_jitable
def _c_contiguous(shape, strides, itemsize):
    """Whether an array of ``shape`` and ``strides`` is C-contiguous, as
    NumPy's flag (extents of 1 and empty arrays do not count)."""
    st = itemsize
    for j in range(len(shape) - 1, -1, -1):
        if shape[j] == 0:
            return True
        if shape[j] != 1 and strides[j] != st:
            return False
        st *= shape[j]
    return True



@register_jitable
def _check_window(x_shape, window, axes, n_window, n_axes):
    """The checks of ``sliding_window_view``, in NumPy's order: negative
    extents, mismatched lengths, axes out of bounds; the axes in [0, ndim)."""
    for w in window:
        if w < 0:
            raise ValueError("`window_shape` cannot contain negative values")
    if n_window != n_axes:
        raise ValueError("Must provide matching length window_shape and axis; got a different number "
                         "of window_shape elements and axis elements.")
    nd = len(x_shape)
    for a in axes:
        if a < -nd or a >= nd:
            raise AxisError("Argument axis out of bounds")


@register_jitable
def _trimmed(x_shape, window, axes, d):
    """Extent ``d`` of the result: ``x``'s less the windows along it."""
    nd = len(x_shape)
    extent = x_shape[d]
    for j in range(len(window)):
        a = axes[j] + nd if axes[j] < 0 else axes[j]
        if a == d:
            if extent < window[j]:
                raise ValueError("window_shape cannot be larger than input array shape")
            extent -= window[j] - 1
    return extent


@register_jitable
def _axis_stride(x_strides, axes, j):
    """The byte stride of window axis ``j``: that of the input axis it slides along."""
    nd = len(x_strides)
    a = axes[j] + nd if axes[j] < 0 else axes[j]
    return x_strides[a]



def _ints_source(t, name):
    """For an argument ``name`` of type ``t`` that is an integer or a tuple
    of integers: ``(how many, source of the tuple)``; None otherwise."""
    if is_index(t):
        return 1, "(%s,)" % name
    if _int_tuple(t):
        return len(t), name
    return None

@overload(_stride_tricks.sliding_window_view)
def _sliding_window_view(x, window_shape, axis=None):
    """``sliding_window_view(x, window_shape, axis=None)``: a view of every
    window of ``x`` of extents ``window_shape`` along ``axis`` (every axis
    when None), the window axes last."""
    if not isinstance(x, types.Array):
        raise TypingError("sliding_window_view(): x must be an array, not %s" % (x,))
    window = _ints_source(window_shape, "window_shape")
    if window is None:
        raise TypingError("sliding_window_view(): window_shape must be an integer or tuple of integers, "
                          "not %s" % (window_shape,))
    nw, window_src = window
    if _omitted_or_none(axis):
        na, axes_src = x.ndim, _tuple_src(str(d) for d in range(x.ndim)) if x.ndim else "()"
    else:
        axes = _ints_source(axis, "axis")
        if axes is None:
            raise TypingError("sliding_window_view(): axis must be None, an integer or tuple of integers, "
                              "not %s" % (axis,))
        na, axes_src = axes
    nd = x.ndim
    lines = ["def impl(x, window_shape, axis=None):",
             "    window = %s" % window_src,
             "    axes = %s" % axes_src,
             "    _check_window(x.shape, window, axes, %d, %d)" % (nw, na)]
    if nw == na:  # (else the check raises)
        shape = ["_trimmed(x.shape, window, axes, %d)" % d for d in range(nd)] + \
                ["window[%d]" % j for j in range(nw)]
        strides = ["x.strides[%d]" % d for d in range(nd)] + \
                  ["_axis_stride(x.strides, axes, %d)" % j for j in range(nw)]
        lines.append("    return _view(x, %s, %s, 0)" % (_tuple_src(shape), _tuple_src(strides)))
    view = readonly_strided_view if x.readonly else strided_view
    env = {"_view": view, "_check_window": _check_window, "_trimmed": _trimmed, "_axis_stride": _axis_stride}
    return _generate("\n".join(lines) + "\n", "impl", env)
