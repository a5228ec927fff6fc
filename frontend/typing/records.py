"""Typing of structured (record) values and of the fields of record arrays.

- ``r.x`` and ``r["x"]`` on a record (an element ``a[i]`` of a structured
  array, or a record argument): the field's type; a subarray field gives a
  C array view of it (``r.v[1] = 2.0`` writes into the record);
- ``r.x = v`` and ``r["x"] = v``: ``v`` converted to the field's type
  (``setattr`` is typed by the extension API's template: the lowering is
  registered with ``lower_setattr_generic``);
- ``r[0]`` with a constant integer: the field at that position;
- ``a.x`` and ``a["x"]`` on an array of records: a view of the field across
  the array (same shape and strides; a subarray field adds its dimensions),
  as NumPy.

Lowering: :mod:`pycomp.targets.cpu.impl_records`.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.templates import (AbstractTemplate, AttributeTemplate, builtin_registry as registry,
                                              signature)

__all__ = ["field_value_type", "field_view_type", "field_name"]


_STRINGS = (ty.CharSeq, ty.UnicodeCharSeq)


def field_value_type(rec: ty.Record, name: str) -> ty.Type:
    """The type of ``r.name``: the field's (a string field's value is its
    fixed-size characters), a subarray as a C array view. A subarray of
    strings is a TypingError (no arrays of strings in compiled code)."""
    t = rec.typeof(name)
    if isinstance(t, ty.NestedArray) and isinstance(t.dtype, _STRINGS):
        raise TypingError("cannot use the string subarray field '%s' of a record in compiled code (its dtype "
                          "is %s; pycomp has no arrays of strings)" % (name, rec.numpy_dtype.fields[name][0]))
    return t.as_array if isinstance(t, ty.NestedArray) else t


def field_view_type(arr: ty.Array, name: str) -> ty.Array:
    """The type of ``a.name`` for an array of records: an 'A' view of the
    field (its subarray dimensions appended)."""
    field_value_type(arr.dtype, name)  # a string field: TypingError
    t = arr.dtype.typeof(name)
    if isinstance(t, ty.NestedArray):
        return ty.Array(t.dtype, arr.ndim + t.ndim, "A", arr.readonly)
    return ty.Array(t, arr.ndim, "A", arr.readonly)


def field_name(rec: ty.Record, key) -> str:
    """The field a constant index names: a field name, or a position."""
    if isinstance(key, str):
        if not rec.has_field(key):
            raise TypingError("Field '%s' was not found in record with fields %s" % (key, rec.names))
        return key
    n = len(rec.entries)
    if not -n <= key < n:
        raise TypingError("Requested index %d is out of range: the record has %d fields" % (key, n))
    return rec.names[key]


@registry.register_attr
class RecordAttributes(AttributeTemplate):
    """``r.field`` of a record."""

    key = ty.Record

    def generic_resolve(self, rec, attr):
        if rec.has_field(attr):
            return field_value_type(rec, attr)
        return None


class RecordGetItem(AbstractTemplate):
    """``r["field"]`` of a record, ``a["field"]`` of an array of records."""

    def generic(self, args, kws):
        if len(args) != 2 or not isinstance(args[1], ty.StringLiteral):
            return None
        obj, key = args
        if isinstance(obj, ty.Record):
            return signature(field_value_type(obj, field_name(obj, key.value)), obj, key)
        if isinstance(obj, ty.Array) and isinstance(obj.dtype, ty.Record):
            return signature(field_view_type(obj, field_name(obj.dtype, key.value)), obj, key)
        return None

    def describe(self):
        return ["getitem(record, 'field')", "getitem(array of records, 'field')"]


class RecordSetItem(AbstractTemplate):
    """``r["field"] = v``: ``v`` converted to the field's type."""

    def generic(self, args, kws):
        if len(args) != 3 or not isinstance(args[0], ty.Record) or not isinstance(args[1], ty.StringLiteral):
            return None
        rec, key, value = args
        return signature(ty.none, rec, key, settable_field_type(rec, field_name(rec, key.value), value))

    def describe(self):
        return ["setitem(record, 'field', value)"]


def settable_field_type(rec: ty.Record, name: str, value: ty.Type) -> ty.Type:
    """The type ``value`` converts to when stored in field ``name``; a
    TypingError for a subarray field (assign its items instead) or a value
    that does not convert."""
    from pycomp.frontend.typing.conversions import can_convert

    view = field_value_type(rec, name)
    t = rec.typeof(name)
    if isinstance(t, ty.NestedArray):  # r.v = array or number: copied in, broadcast as NumPy
        if isinstance(value, ty.Array):
            if value.ndim > view.ndim or can_convert(value.dtype, view.dtype) is None:
                raise TypingError("cannot assign %s to the array field '%s' of a record (%s)" % (value, name, view))
            return value
        t = view.dtype
    if can_convert(value, t) is None:
        raise TypingError("cannot assign a value of type %s to field '%s' of a record (a %s)" % (value, name, t))
    return t


class RecordSetAttr(AbstractTemplate):
    """``r.x = v`` (the builtin ``setattr(r, "x", v)``)."""

    def generic(self, args, kws):
        if kws or len(args) != 3 or not isinstance(args[0], ty.Record) or not isinstance(args[1], ty.StringLiteral):
            return None
        rec, key, value = args
        return signature(ty.none, rec, key, settable_field_type(rec, field_name(rec, key.value), value))

    def describe(self):
        return ["record.field = value"]


registry.register_global(builtins.setattr, RecordSetAttr, first=True)  # before the extension API's
registry.register_op("getitem", RecordGetItem)
registry.register_op("setitem", RecordSetItem)
