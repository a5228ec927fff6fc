"""Array methods that make views: ``reshape``, ``ravel``, ``transpose``,
``swapaxes``, ``view``, and ``imag`` of a real array (new zeros).

Each view is made by one small primitive (a typing template here and a
lowering in ``targets/cpu/impl_views.py``) that the Python implementations
call. A primitive's result is a new reference (the lowering increfs the
base's memory block), so the base stays alive as long as the view.

The primitives, usable from other implementations (compiled code only):

- :func:`reshape_view` ``(a, shape_tuple)``, C order, contiguous arrays;
- :func:`transpose_view` ``(a, axes_tuple)``; :func:`swapaxes_view`
  ``(a, i, j)``; :func:`axis_last_view` ``(a, axis)`` (axis moved last);
- :func:`dtype_view` ``(a, dtype)``;
- :func:`elements` ``(a)``: an iterator over every element, in memory order
  for a C or F array (a flat loop) and in C order otherwise.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import (NativeValue, infer_global, lower_builtin, overload, overload_attribute,
                               overload_method, register_jitable, unbox)
from pycomp.frontend.typing.arraycreation import dtype_from_type
from pycomp.frontend.typing.templates import AbstractTemplate, signature

__all__ = ["reshape_view", "transpose_view", "swapaxes_view", "axis_last_view", "dtype_view", "elements",
           "is_index", "shape_args"]


def is_index(t) -> bool:
    """Whether ``t`` is an integer type that may index (not a bool)."""
    return isinstance(t, types.Integer) and not isinstance(t, types.Boolean)


def _index_tuple(t) -> bool:
    return isinstance(t, types.BaseTuple) and all(is_index(e) for e in t.types)


@unbox(types.EllipsisType)
def _unbox_ellipsis(typ, obj, c):
    """``...`` passed as an argument (in an index tuple): a compile-time
    value with no run-time data."""
    from llvmlite import ir

    return NativeValue(ir.Constant(c.context.get_value_type(typ), None))


def compiled_only(name, module="pycomp.np.views"):
    """A Python stub for the primitive ``name`` of compiled code (typed and
    lowered by ``module``): calling it from Python is NotImplementedError."""
    def stub(*args):
        raise NotImplementedError("%s() is a primitive of compiled code" % name)
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = "Compiled code only: see the module docstring of %s." % module
    return stub


reshape_view = compiled_only("reshape_view")
transpose_view = compiled_only("transpose_view")
swapaxes_view = compiled_only("swapaxes_view")
axis_last_view = compiled_only("axis_last_view")
dtype_view = compiled_only("dtype_view")
elements = compiled_only("elements")


def _array(t, what):
    if not isinstance(t, types.Array):
        raise TypingError("%s() needs an array, not %s" % (what, t))


@infer_global(reshape_view)
class _ReshapeView(AbstractTemplate):
    """``reshape_view(a, shape)``: C-order view of a contiguous array."""

    def generic(self, args, kws):
        a, shape = args
        _array(a, "reshape")
        if not _index_tuple(shape):
            raise TypingError("reshape(): the shape must be integers or a tuple of integers, not %s" % shape)
        if a.layout == "A":
            raise TypingError("reshape() supports contiguous array only")
        layout = "C" if a.layout == "C" else "A"
        return signature(a.copy(ndim=len(shape), layout=layout), a, shape)


@infer_global(transpose_view)
class _TransposeView(AbstractTemplate):
    """``transpose_view(a, axes)``: the axes permuted."""

    def generic(self, args, kws):
        a, axes = args
        _array(a, "transpose")
        if not _index_tuple(axes):
            raise TypingError("transpose(): the axes must be integers, not %s" % axes)
        if len(axes) != a.ndim:
            raise TypingError("transpose(): axes don't match array (%d axes for %d dimensions)"
                              % (len(axes), a.ndim))
        return signature(a.copy(layout="A") if a.ndim > 1 else a, a, axes)


@infer_global(swapaxes_view)
class _SwapaxesView(AbstractTemplate):
    def generic(self, args, kws):
        a, i, j = args
        _array(a, "swapaxes")
        if not (is_index(i) and is_index(j)):
            raise TypingError("swapaxes(): the axes must be integers, not %s and %s" % (i, j))
        return signature(a.copy(layout="A") if a.ndim > 1 else a, a, types.intp, types.intp)


@infer_global(axis_last_view)
class _AxisLastView(AbstractTemplate):
    def generic(self, args, kws):
        a, axis = args
        _array(a, "axis_last_view")
        if not is_index(axis):
            raise TypingError("the axis must be an integer, not %s" % axis)
        if a.ndim == 0:
            raise TypingError("an axis of a 0-d array (axis is out of bounds for array of dimension 0)")
        return signature(a.copy(layout="A") if a.ndim > 1 else a, a, types.intp)


@infer_global(dtype_view)
class _DtypeView(AbstractTemplate):
    def generic(self, args, kws):
        a, dt = args
        _array(a, "view")
        dtype = dtype_from_type(dt, "view")
        from pycomp.typeof import as_numpy_dtype

        same = as_numpy_dtype(dtype).itemsize == as_numpy_dtype(a.dtype).itemsize
        layout = a.layout if same or a.layout == "C" else "A"
        if not same and a.ndim == 0:
            raise TypingError("view(): changing the dtype of a 0d array is only supported if the itemsize "
                              "is unchanged")
        return signature(a.copy(dtype=dtype, layout=layout), a, dt)


@infer_global(elements)
class _Elements(AbstractTemplate):
    def generic(self, args, kws):
        (a,) = args
        _array(a, "elements")
        if a.layout in ("C", "F"):
            return signature(types.NumpyFlatType(types.Array(a.dtype, 1, "C", a.readonly)), a)
        return signature(types.NumpyFlatType(a), a)


# ------------------------------------------------------------------ lowering of the primitives


def _i64s(ctx, b, tup_t, tup):
    from pycomp.targets.datamodel import llvm_type

    return [ctx.cast(b, b.extract(tup, i, llvm_type(t)), t, types.intp) for i, t in enumerate(tup_t.types)]


@lower_builtin(reshape_view, types.Array, types.BaseTuple)
def _lower_reshape(ctx, b, sig, args):
    from pycomp.targets.cpu.impl_views import reshaped_view

    return reshaped_view(ctx, b, sig.args[0], args[0], _i64s(ctx, b, sig.args[1], args[1]), sig.return_type)


@lower_builtin(transpose_view, types.Array, types.BaseTuple)
def _lower_transpose(ctx, b, sig, args):
    from pycomp.targets.cpu.impl_views import permuted_view

    return permuted_view(ctx, b, sig.args[0], args[0], _i64s(ctx, b, sig.args[1], args[1]), sig.return_type)


@lower_builtin(swapaxes_view, types.Array, types.Integer, types.Integer)
def _lower_swapaxes(ctx, b, sig, args):
    from pycomp.targets.cpu.impl_views import swapped_view

    return swapped_view(ctx, b, sig.args[0], args[0], args[1], args[2], sig.return_type)


@lower_builtin(axis_last_view, types.Array, types.Integer)
def _lower_axis_last(ctx, b, sig, args):
    from pycomp.targets.cpu.impl_views import axis_last_view as lower

    return lower(ctx, b, sig.args[0], args[0], args[1], sig.return_type)


@lower_builtin(dtype_view, types.Array, types.Type)
def _lower_dtype_view(ctx, b, sig, args):
    from pycomp.targets.cpu.impl_views import dtype_view as lower

    return lower(ctx, b, sig.args[0], args[0], sig.return_type)


@lower_builtin(elements, types.Array)
def _lower_elements(ctx, b, sig, args):
    from pycomp.targets.cpu.impl_nditer import flat_iterator
    from pycomp.targets.cpu.impl_views import memory_view

    arr_t, it_t = sig.args[0], sig.return_type
    arr = args[0]
    if it_t.array is not arr_t:  # a C or F array: its memory as one dimension (borrowed by the iterator)
        arr = memory_view(ctx, b, arr_t, arr, it_t.array, own=False)
    return flat_iterator(ctx, b, it_t, arr)


# ------------------------------------------------------------------ methods


def shape_args(shape) -> tuple | None:
    """The dimensions of a ``reshape``-style argument list (varargs of
    integers, or one tuple of them) as types; None if it is neither."""
    if len(shape) == 1 and isinstance(shape[0], types.BaseTuple):
        shape = tuple(shape[0].types)
    if all(is_index(d) for d in shape):
        return tuple(shape)
    return None


@overload_method(types.Array, "reshape")
def _reshape(a, *shape):
    """``a.reshape(n, m)`` or ``a.reshape((n, m))``, ``-1`` inferred; a view
    in C order. A C array is always viewed; an F array where NumPy views it
    without a copy (else NotImplementedError, as in Numba: compiled code
    does not copy behind a reshape); a non-contiguous one (layout 'A') is a
    TypingError, as in Numba."""
    dims = shape_args(shape)
    if dims is None:
        raise TypingError("reshape(): the shape must be integers or a tuple of integers")
    tup = "shape[0]" if len(shape) == 1 and isinstance(shape[0], types.BaseTuple) else "shape"
    if a.layout == "C" or (a.layout == "F" and a.ndim <= 1):
        src = "def impl(a, *shape):\n    return reshape_view(a, %s)\n" % tup
        return _run_src(src, {"reshape_view": reshape_view})
    if a.layout == "A":  # as Numba: only a contiguous array's layout says a view may exist
        raise TypingError("reshape() supports contiguous array only, not %s" % (a,))
    from pycomp.np.manipulation import readonly_strided_view, strided_view

    k = len(dims)
    env = {"_resolved_dims": _resolved_dims, "_nocopy_strides": _nocopy_strides,
           "view": readonly_strided_view if a.readonly else strided_view}
    if k == 0:  # a 0-d view of a one-element array
        src = ("def impl(a, *shape):\n"
               "    if a.size != 1:\n"
               "        raise ValueError('total size of new array must be unchanged')\n"
               "    return view(a, (), (), 0)\n")
        return _run_src(src, env)
    items = lambda name: "(%s%s)" % (", ".join("%s[%d]" % (name, j) for j in range(k)), "," if k == 1 else "")
    src = ("def impl(a, *shape):\n"
           "    d = _resolved_dims(a.size, %s)\n"
           "    s = _nocopy_strides(a.shape, a.strides, a.itemsize, d)\n"
           "    return view(a, %s, %s, 0)\n" % (tup, items("d"), items("s")))
    return _run_src(src, env)


def _run_src(src, env):
    """The function ``impl`` of the generated source ``src``."""
    ns = dict(env)
    exec(compile(src, "<pycomp.np.views reshape>", "exec"), ns)
    return ns["impl"]


@register_jitable
def _resolved_dims(size, shape):
    """The extents of ``shape`` (a tuple) with a ``-1`` inferred from
    ``size``, in an int64 array; NumPy's ValueErrors."""
    out = np.empty(len(shape), np.int64)
    known = 1
    unknown = -1
    for j in range(len(shape)):
        d = shape[j]
        if d < 0:
            if unknown >= 0:
                raise ValueError("can only specify one unknown dimension")
            unknown = j
            out[j] = 1
        else:
            out[j] = d
            known *= d
    if unknown >= 0:
        if known == 0 or size % known != 0:
            raise ValueError("total size of new array must be unchanged")
        out[unknown] = size // known
    elif known != size:
        raise ValueError("total size of new array must be unchanged")
    return out


@register_jitable
def _nocopy_strides(old_shape, old_strides, itemsize, dims):
    """The byte strides of ``dims`` viewing an array of ``old_shape`` and
    ``old_strides`` in C order without a copy (NumPy's rule: each group of
    old axes that merges into new ones must be contiguous);
    NotImplementedError where none exists."""
    n = len(dims)
    out = np.empty(n, np.int64)
    size = 1
    for d in old_shape:
        size *= d
    if size == 0:  # any strides do: C order's
        st = itemsize
        for j in range(n - 1, -1, -1):
            out[j] = st
            st *= max(dims[j], 1)
        return out
    od = np.empty(len(old_shape), np.int64)  # the old axes of extent > 1
    os = np.empty(len(old_shape), np.int64)
    m = 0
    for j in range(len(old_shape)):
        if old_shape[j] != 1:
            od[m] = old_shape[j]
            os[m] = old_strides[j]
            m += 1
    oi, oj, ni, nj = 0, 1, 0, 1
    while ni < n and oi < m:
        np_ = dims[ni]
        op = od[oi]
        while np_ != op:
            if np_ < op:
                np_ *= dims[nj]
                nj += 1
            else:
                op *= od[oj]
                oj += 1
        for ok in range(oi, oj - 1):
            if os[ok] != od[ok + 1] * os[ok + 1]:
                raise NotImplementedError("incompatible shape for array")
        out[nj - 1] = os[oj - 1]
        for nk in range(nj - 1, ni, -1):
            out[nk - 1] = out[nk] * dims[nk]
        ni = nj
        nj += 1
        oi = oj
        oj += 1
    last = out[ni - 1] if ni >= 1 else itemsize
    for nk in range(ni, n):
        out[nk] = last
    return out


@overload_method(types.Array, "ravel")
def _ravel(a):
    """``a.ravel()``: a view of a C-contiguous array, else a copy in C order."""
    if a.layout == "C":
        def impl(a):
            return reshape_view(a, (a.size,))
    else:
        def impl(a):
            out = np.empty(a.size, a.dtype)
            i = 0
            for x in a.flat:
                out[i] = x
                i += 1
            return out
    return impl


@overload_method(types.Array, "transpose")
def _transpose(a, *axes):
    """``a.transpose()`` (``a.T``), ``a.transpose((1, 0))`` or
    ``a.transpose(1, 0)``."""
    if not axes or (len(axes) == 1 and isinstance(axes[0], types.NoneType)):
        def impl(a, *axes):
            return a.T
        return impl
    if shape_args(axes) is None:
        raise TypingError("transpose(): the axes must be integers or a tuple of integers")
    if len(axes) == 1 and isinstance(axes[0], types.BaseTuple):
        def impl(a, *axes):
            return transpose_view(a, axes[0])
    else:
        def impl(a, *axes):
            return transpose_view(a, axes)
    return impl


@overload_method(types.Array, "swapaxes")
def _swapaxes(a, axis1, axis2):
    """``a.swapaxes(i, j)`` (not in Numba 0.68)."""
    def impl(a, axis1, axis2):
        return swapaxes_view(a, axis1, axis2)
    return impl


@overload_method(types.Array, "view")
def _view(a, dtype):
    """``a.view(dtype)``: the same memory as another dtype (of another
    itemsize only where NumPy allows it: ValueError, NumPy's messages)."""
    if a.ndim == 0:
        from pycomp.typeof import as_numpy_dtype

        to = dtype_from_type(dtype, "view")
        if as_numpy_dtype(to).itemsize != as_numpy_dtype(a.dtype).itemsize:
            def raiser(a, dtype):
                raise ValueError("Changing the dtype of a 0d array is only supported if the itemsize is unchanged")
            return raiser

    def impl(a, dtype):
        return dtype_view(a, dtype)
    return impl


@overload_attribute(types.Array, "imag")
def _imag_of_real(a):
    """``a.imag`` of a real array: zeros of its shape (complex arrays view
    their imaginary parts, see frontend/typing/arrayattrs.py)."""
    if isinstance(a.dtype, types.Complex):
        return None

    from pycomp.np.manipulation import readonly_strided_view

    def get(a):  # read-only, as NumPy's
        z = np.zeros(a.shape, a.dtype)
        return readonly_strided_view(z, z.shape, z.strides, 0)
    return get


@overload(np.transpose)
def _np_transpose(a, axes=None):
    if isinstance(a, types.Array):
        if axes is None or isinstance(axes, types.NoneType):
            return lambda a, axes=None: a.T
        return lambda a, axes=None: transpose_view(a, axes)
    return None


@overload(np.ravel)
def _np_ravel(a):
    if isinstance(a, types.Array):
        return lambda a: a.ravel()
    return None


@overload(np.reshape)
def _np_reshape(a, newshape):
    if isinstance(a, types.Array):
        return lambda a, newshape: a.reshape(newshape)
    return None


@overload(np.frombuffer)
def _np_frombuffer(buffer, dtype=None, count=-1, offset=0):
    """``np.frombuffer(buffer, dtype=float, count=-1, offset=0)``: a 1-d view
    of ``buffer``'s bytes (a bytes, bytearray or memoryview argument, or a
    C-contiguous array) as ``dtype``; read-only when the buffer is."""
    if not (isinstance(buffer, types.Array) and buffer.layout == "C"):
        raise TypingError('np.frombuffer(): Argument "buffer" must be buffer-like (bytes, bytearray, memoryview '
                          'or a C-contiguous array), not %s' % (buffer,))
    given = dtype is not None and not isinstance(dtype, (types.Omitted, types.NoneType))
    dt = dtype_from_type(dtype, "np.frombuffer") if given else types.float64
    size = np.dtype(str(dt)).itemsize
    for name, t in (("count", count), ("offset", offset)):
        if not (is_index(t) or isinstance(t, types.Omitted) or t in (-1, 0)):
            raise TypingError("np.frombuffer(): %s must be an integer, not %s" % (name, t))

    def impl(buffer, dtype=None, count=-1, offset=0):
        raw = dtype_view(reshape_view(buffer, (buffer.size,)), np.uint8)
        nbytes = raw.shape[0]
        if offset < 0 or offset > nbytes:
            raise ValueError("offset must be non-negative and no greater than buffer length")
        n = count
        if count < 0:
            if (nbytes - offset) % size != 0:
                raise ValueError("buffer size must be a multiple of element size")
            n = (nbytes - offset) // size
        elif count * size > nbytes - offset:
            raise ValueError("buffer is smaller than requested size")
        return dtype_view(raw[offset:offset + n * size], dt)
    return impl
