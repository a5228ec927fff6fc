"""Typing of the attributes of arrays that compiled code reads in place:
``shape``, ``strides``, ``ndim``, ``size``, ``itemsize``, ``nbytes``,
``dtype``, ``T``, ``real`` and ``imag`` (of complex arrays: views of the
parts), ``flat``, ``ctypes`` (``a.ctypes.data``) and ``flags``
(``a.flags.c_contiguous``, ...).

Each is lowered by ``array_attribute`` (targets/cpu/impl_arrays.py) without
a call: an ``nb.getattr`` borrows from the array, so a view made here (``T``,
``real``, ``imag``) holds no reference of its own. Attributes that make new
memory (``imag`` of a real array) and the methods are written in Python in
:mod:`pycomp.np`.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.templates import AttributeTemplate, builtin_registry as registry

__all__ = ["ArrayAttributes", "transposed_type"]


def transposed_type(a: ty.Array) -> ty.Array:
    """The type of ``a.T``: the axes reversed, so C becomes F and F C."""
    layout = {"C": "F", "F": "C"}.get(a.layout, "A") if a.ndim > 1 else a.layout
    return a.copy(layout=layout)


def _refuse_record_part(a, part):
    """``.real``/``.imag`` of an array of records: a TypingError, as in Numba
    (NumPy gives the array itself / zeros, most likely not what was meant)."""
    if isinstance(a.dtype, ty.Record):
        raise TypingError("cannot access .%s of array of Record" % part)


@registry.register_attr
class ArrayAttributes(AttributeTemplate):
    """The attributes an array holds or views in place."""

    key = ty.Array

    def resolve_shape(self, a):
        return ty.UniTuple(ty.intp, a.ndim)

    def resolve_strides(self, a):
        return ty.UniTuple(ty.intp, a.ndim)

    def resolve_ndim(self, a):
        return ty.intp

    def resolve_size(self, a):
        return ty.intp

    def resolve_itemsize(self, a):
        return ty.intp

    def resolve_nbytes(self, a):
        return ty.intp

    def resolve_dtype(self, a):
        return ty.DType(a.dtype)

    def resolve_T(self, a):
        return transposed_type(a)

    def resolve_real(self, a):
        _refuse_record_part(a, "real")
        if isinstance(a.dtype, ty.Complex):
            return a.copy(dtype=a.dtype.underlying_float, layout="A")
        return a  # the array itself, as NumPy

    def resolve_imag(self, a):
        _refuse_record_part(a, "imag")
        if isinstance(a.dtype, ty.Complex):
            return a.copy(dtype=a.dtype.underlying_float, layout="A")
        return None  # new zeros: pycomp/np/views.py

    def resolve_flat(self, a):
        return ty.NumpyFlatType(a)

    def resolve_ctypes(self, a):
        return ty.ArrayCTypes(a)

    def resolve_flags(self, a):
        return ty.ArrayFlags(a)

    def generic_resolve(self, a, attr):
        """``a.x``: a view of field ``x`` of an array of records."""
        if isinstance(a.dtype, ty.Record) and a.dtype.has_field(attr):
            from pycomp.frontend.typing.records import field_view_type

            return field_view_type(a, attr)
        return None


@registry.register_attr
class CTypesAttributes(AttributeTemplate):
    """``a.ctypes.data``: the data pointer as an integer."""

    key = ty.ArrayCTypes

    def resolve_data(self, c):
        return ty.uintp


@registry.register_attr
class FlagsAttributes(AttributeTemplate):
    """``a.flags.c_contiguous``, ``.f_contiguous``, ``.contiguous``
    (C-contiguous, NumPy's ``flags.contiguous``) and ``.writeable``."""

    key = ty.ArrayFlags

    def generic_resolve(self, f, attr):
        if attr in ("c_contiguous", "f_contiguous", "contiguous", "writeable"):
            return ty.boolean
        return None
