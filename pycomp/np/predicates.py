"""NumPy's small predicates and array-property functions, written through
the extension API: ``np.isneginf``, ``np.isposinf``, ``np.iscomplex``,
``np.isreal``, ``np.iscomplexobj``, ``np.isrealobj``, ``np.isscalar``,
``np.asarray_chkfinite``, ``np.asfortranarray``, ``np.shape``,
``np.size`` and ``np.row_stack`` (NumPy's deprecated alias of
``np.vstack``, where NumPy still has it).

The ``*obj`` predicates and ``np.isscalar`` depend on the argument's type
only: their answer is a constant of the compiled code. The element-wise
predicates give a boolean of a number and a boolean array of the
argument's shape otherwise.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.setops import _array_like, _elem

__all__ = []


def _given(t) -> bool:
    return t is not None and not isinstance(t, (types.NoneType, types.Omitted))


def _scalar(t) -> bool:
    return isinstance(t, (types.Number, types.Boolean))


def _check_array_like(name, t, param="x") -> None:
    """A TypingError naming ``name``'s argument ``param`` (None: "the
    argument to ``name``") unless ``t`` is an array-like."""
    if not _array_like(t):
        what = "The argument to %s" % name if param is None else 'The argument "%s"' % param
        raise TypingError("%s(): %s must be array-like (an array, a number, a tuple or a list of numbers), not %s"
                          % (name, what, t))


def _elementwise(name, t, one):
    """The implementation of a predicate ``one`` applied item by item: a
    boolean of a number, a boolean array of ``t``'s shape otherwise."""
    if _scalar(t):
        return lambda x: one(x)
    if isinstance(t, types.Array) and t.ndim == 0:  # NumPy gives a scalar of a 0-d array
        return lambda x: one(x[()])

    def impl(x):
        a = np.asarray(x)
        flat = a.ravel()
        out = np.empty(flat.size, np.bool_)
        for i in range(flat.size):
            out[i] = one(flat[i])
        return out.reshape(a.shape)

    return impl


# ------------------------------------------------------------------ np.isneginf, np.isposinf


@register_jitable
def _neginf(v):
    return np.isinf(v) and v < 0


@register_jitable
def _posinf(v):
    return np.isinf(v) and v > 0


@register_jitable
def _false(v):
    return False


def _inf_overload(fn, one):
    name = "np." + fn.__name__

    @overload(fn)
    def _np_isinf_signed(x, out=None):
        """``np.isneginf(x, out=None)`` / ``np.isposinf(x, out=None)`` of a
        real number or array-like; with an array ``out``, the answers
        broadcast into it (cast to its dtype) and ``out`` returned."""
        _check_array_like(name, x)
        el = _elem(x)
        if isinstance(el, types.Complex):
            raise TypingError("%s(): This operation is not supported for complex values because it would be "
                              "ambiguous (%s)" % (name, el))
        pred = one if isinstance(el, types.Float) else _false
        base = register_jitable(_elementwise(name, x, pred))
        if not _given(out):
            return lambda x, out=None: base(x)
        if not isinstance(out, types.Array):
            raise TypingError("%s(): out must be an array or None, not %s" % (name, out))
        if _scalar(x) or (isinstance(x, types.Array) and x.ndim == 0):
            def impl_scalar(x, out=None):
                v = base(x)
                for idx in np.ndindex(out.shape):
                    out[idx] = v
                return out
            return impl_scalar
        def impl(x, out=None):
            b = np.broadcast_to(base(x), out.shape)
            for idx in np.ndindex(out.shape):
                out[idx] = b[idx]
            return out
        return impl


_inf_overload(np.isneginf, _neginf)
_inf_overload(np.isposinf, _posinf)


# ------------------------------------------------------------------ np.iscomplex, np.isreal


@register_jitable
def _imag_nonzero(v):
    return v.imag != 0


@register_jitable
def _imag_zero(v):
    return v.imag == 0


@register_jitable
def _true(v):
    return True


@overload(np.iscomplex)
def _np_iscomplex(x):
    """``np.iscomplex(x)``: whether each item has a nonzero imaginary part."""
    _check_array_like("np.iscomplex", x)
    cplx = isinstance(_elem(x), types.Complex)
    return _elementwise("np.iscomplex", x, _imag_nonzero if cplx else _false)


@overload(np.isreal)
def _np_isreal(x):
    """``np.isreal(x)``: whether each item has a zero imaginary part."""
    _check_array_like("np.isreal", x)
    cplx = isinstance(_elem(x), types.Complex)
    return _elementwise("np.isreal", x, _imag_zero if cplx else _true)


# ------------------------------------------------------------------ np.iscomplexobj, np.isrealobj, np.isscalar


def _complex_type(t) -> bool:
    """Whether NumPy would see a value of type ``t`` as of a complex dtype."""
    if isinstance(t, types.Array):
        return isinstance(t.dtype, types.Complex)
    if _array_like(t):
        return isinstance(_elem(t), types.Complex)
    return False


def _obj_predicate(x, complex_answer):
    """The implementation of ``np.iscomplexobj`` (``complex_answer``) or
    ``np.isrealobj``: a constant of ``x``'s type; for an optional value,
    None's answer (not complex) when it is None."""
    if isinstance(x, types.Optional):
        answer = _complex_type(x.type) == complex_answer
        none_answer = not complex_answer

        def impl(x):
            if x is None:
                return none_answer
            return answer
        return impl
    answer = _complex_type(x) == complex_answer
    return lambda x: answer


@overload(np.iscomplexobj)
def _np_iscomplexobj(x):
    """``np.iscomplexobj(x)``: whether ``x``'s type is complex or has a complex dtype (a constant)."""
    return _obj_predicate(x, True)


@overload(np.isrealobj)
def _np_isrealobj(x):
    """``np.isrealobj(x)``: ``not np.iscomplexobj(x)`` (a constant)."""
    return _obj_predicate(x, False)


def _scalar_type(t) -> bool:
    return _scalar(t) or isinstance(t, (types.NPDatetime, types.NPTimedelta, types.UnicodeType,
                                        types.StringLiteral))


@overload(np.isscalar)
def _np_isscalar(element):
    """``np.isscalar(element)``: whether ``element`` is a number, a boolean,
    a datetime64/timedelta64 or a string (a constant)."""
    answer = _scalar_type(element)
    return lambda element: answer


# ------------------------------------------------------------------ np.asarray_chkfinite, np.asfortranarray


@overload(np.asarray_chkfinite)
def _np_asarray_chkfinite(a, dtype=None):
    """``np.asarray_chkfinite(a, dtype=None)``: ``np.asarray(a, dtype)``; a
    ValueError if it holds an infinity or a NaN."""
    if not isinstance(a, (types.Array, types.BaseTuple, types.List, types.ListType)):
        # (as Numba: a number is no array-like here, though NumPy takes one)
        raise TypingError("np.asarray_chkfinite(): The argument to np.asarray_chkfinite must be array-like "
                          "(an array, a list or a tuple), not %s" % a)
    if _given(dtype):
        from pycomp.np.creation import _dtype_of

        try:
            _dtype_of(dtype, "np.asarray_chkfinite")
        except TypingError as e:
            raise TypingError("np.asarray_chkfinite(): dtype must be a valid Numpy dtype, not %s (%s)"
                              % (dtype, str(e).splitlines()[0])) from None

    def impl(a, dtype=None):
        arr = np.asarray(a, dtype)
        flat = arr.ravel()
        for i in range(flat.size):
            if not np.isfinite(flat[i]):
                raise ValueError("array must not contain infs or NaNs")
        return arr

    return impl


@overload(np.asfortranarray)
def _np_asfortranarray(a, dtype=None):
    """``np.asfortranarray(a, dtype=None)``: a Fortran-contiguous array of
    ``a``'s items (at least 1-d; ``a`` itself when it is one already)."""
    _check_array_like("np.asfortranarray", a, "a")
    if _given(dtype):
        from pycomp.np.creation import _dtype_of

        dt = np.dtype(str(_dtype_of(dtype, "np.asfortranarray"))).type
    else:
        dt = np.dtype(str(_elem(a))).type
    same = not _given(dtype) or (isinstance(a, types.Array) and np.dtype(str(a.dtype)).type is dt)
    if isinstance(a, types.Array) and same:
        # already Fortran-contiguous: ``a`` itself (read-only stays read-only), as NumPy
        if a.ndim >= 1 and a.layout == "F" or a.ndim == 1 and a.layout == "C":
            return lambda a, dtype=None: a
        if a.ndim == 0:  # a view of shape (1,)
            return lambda a, dtype=None: a.reshape((1,))
    if not isinstance(a, types.Array) or a.ndim <= 1:
        def impl(a, dtype=None):
            flat = np.asarray(a).ravel()
            out = np.empty(flat.size, dt)
            for i in range(flat.size):
                out[i] = flat[i]
            return out
        return impl

    def impl(a, dtype=None):
        out = np.empty(a.T.shape, dt).T
        out[...] = a
        return out

    return impl


@overload(np.ascontiguousarray)
def _np_ascontiguousarray_0d(a):
    """``np.ascontiguousarray(a)`` of a 0-d array: a view of shape (1,), as
    NumPy (the other cases are built in: frontend/typing/arraycreation.py)."""
    if isinstance(a, types.Array) and a.ndim == 0:
        return lambda a: a.reshape((1,))
    if isinstance(a, (types.List, types.BaseTuple)) and _array_like(a):
        return lambda a: np.asarray(a)  # a new C array of at least one dimension
    if not _array_like(a):
        _check_array_like("np.ascontiguousarray", a, "a")
    return None


# ------------------------------------------------------------------ np.shape, np.size


@overload(np.shape)
def _np_shape(a):
    """``np.shape(a)``: the tuple of ``a``'s extents (``()`` of a number)."""
    _check_array_like("np.shape", a, None)
    if isinstance(a, types.Array):
        return lambda a: a.shape
    return lambda a: np.asarray(a).shape


@overload(np.size)
def _np_size(a, axis=None):
    """``np.size(a, axis=None)``: the number of items, or the extent along ``axis``."""
    _check_array_like("np.size", a, None)
    if not _given(axis):
        return lambda a, axis=None: np.asarray(a).size
    if not (isinstance(axis, types.Integer) and not isinstance(axis, types.Boolean)):
        raise TypingError("np.size(): axis must be an integer or None, not %s" % axis)
    if not isinstance(a, (types.Array, types.BaseTuple, types.List)):
        raise TypingError("np.size(): a number has no axis %s" % axis)

    def impl(a, axis=None):
        s = np.asarray(a).shape
        n = len(s)
        if axis < -n or axis >= n:
            raise np.exceptions.AxisError(axis, n)
        return s[axis + n if axis < 0 else axis]

    return impl


# ------------------------------------------------------------------ np.row_stack


if hasattr(np, "row_stack"):  # deprecated in NumPy 2.0

    @overload(np.row_stack)
    def _np_row_stack(tup):
        """``np.row_stack(tup)``: ``np.vstack(tup)``."""
        return lambda tup: np.vstack(tup)


# ------------------------------------------------------------------ np.finfo, np.iinfo

_FINFO_INTS = ("bits", "iexp", "machep", "maxexp", "minexp", "negep", "nexp", "nmant", "precision")
_FINFO_FLOATS = ("eps", "epsneg", "max", "min", "resolution", "smallest_normal", "smallest_subnormal", "tiny")
_INFO_CLASSES = {}


def _info_class(kind: str, fields):
    """The namedtuple class that stands for an ``np.finfo``/``np.iinfo`` object."""
    from collections import namedtuple

    if kind not in _INFO_CLASSES:
        _INFO_CLASSES[kind] = namedtuple(kind, fields)
    return _INFO_CLASSES[kind]


def _info_dtype(t, name):
    """The element type an ``np.finfo``/``np.iinfo`` argument names: a
    scalar class, a dtype, a number or an array (its dtype)."""
    if isinstance(t, types.Array):
        return t.dtype
    if _scalar(t):
        return t
    from pycomp.np.creation import _dtype_of

    return _dtype_of(t, name)


def _info_impl(kind, fields, values, elem):
    """An implementation returning the namedtuple of ``values`` (source literals)."""
    cls = _info_class(kind, fields)
    src = "def impl(x):\n    return cls(%s)\n" % ", ".join(values)
    ns = {"cls": cls, "np": np, "dt": np.dtype(str(elem)).type}
    exec(compile(src, "<pycomp.np.predicates %s>" % kind, "exec"), ns)
    return ns["impl"]


@overload(np.finfo)
def _np_finfo(x):
    """``np.finfo(x)``: the machine limits of a floating type (of a complex
    type: of its parts), as a named tuple of its attributes."""
    elem = _info_dtype(x, "np.finfo")
    if isinstance(elem, types.Complex):
        elem = elem.underlying_float
    if not isinstance(elem, types.Float):
        raise TypingError("np.finfo(): data type %s not inexact" % elem)
    info = np.finfo(np.dtype(str(elem)))
    fields = _FINFO_INTS + _FINFO_FLOATS + ("dtype",)
    values = ["%d" % getattr(info, f) for f in _FINFO_INTS]
    values += ["dt(%r)" % float(getattr(info, f)) for f in _FINFO_FLOATS]
    values.append("np.dtype(%r)" % str(elem))
    return _info_impl("finfo", fields, values, elem)


@overload(np.iinfo)
def _np_iinfo(x):
    """``np.iinfo(x)``: the machine limits of an integer type, as a named
    tuple of ``bits``, ``min``, ``max`` and ``dtype``."""
    elem = _info_dtype(x, "np.iinfo")
    if not (isinstance(elem, types.Integer) and not isinstance(elem, types.Boolean)):
        raise TypingError("np.iinfo(): Invalid integer data type %s" % elem)
    info = np.iinfo(np.dtype(str(elem)))
    top = "dt(0) - dt(1)" if info.max > 2 ** 63 - 1 else "dt(%d)" % info.max
    values = ["%d" % info.bits, "dt(%d)" % info.min, top, "np.dtype(%r)" % str(elem)]
    return _info_impl("iinfo", ("bits", "min", "max", "dtype"), values, elem)
