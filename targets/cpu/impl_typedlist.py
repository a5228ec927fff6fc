"""Lowering and boxing of typed lists (``pycomp.typed.List``, type
``ListType(T)``; typing: :mod:`pycomp.frontend.typing.lists`).

A typed list is a native list (:mod:`pycomp.targets.cpu.impl_lists`), so
every list operation lowers as for a list; here are only its constructors
in compiled code and its crossing to and from Python:

- unboxing reads the native list out of the ``List`` object (its
  ``_meminfo`` attribute: the address its ``MemInfoOwner``, ``_opaque``,
  holds; 0 while untyped, a TypeError) and takes one reference for
  the call (released after it): the list is shared, nothing is copied or
  written back;
- boxing wraps the list's reference in a new ``MemInfoOwner``
  (``pycomp_box_meminfo_owner``, which takes it over) and makes the
  ``List`` of it with ``List._from_owner(list_type, owner)``.
"""

from __future__ import annotations

import functools

from llvmlite import ir

from pycomp import types as ty
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.impl_lists import list_ctor, new_list
from pycomp.targets.cpu.listruntime import ensure_list_runtime
from pycomp.targets.cpu.pyapi import NativeValue, register_boxer, register_unboxer
from pycomp.typed.typedlist import List as TypedList, empty_list

__all__: list = []

PYOBJ = ir.IntType(8).as_pointer()


# ------------------------------------------------------------------ constructors


@reg.lower(TypedList)
def typed_list_ctor(ctx, b, sig, args):
    """``List()`` and ``List(iterable)``: as ``list()``, typed."""
    return list_ctor(ctx, b, sig, args)


@reg.lower(empty_list)
def typed_list_empty(ctx, b, sig, args):
    """``List.empty_list(item_type[, allocated])``: a new empty list."""
    cap = b.i64(0)
    if len(sig.args) == 2:
        cap = ctx.cast(b, args[1], sig.args[1], ty.int64)
        cap = b.select(b.icmp("<", cap, b.i64(0)), b.i64(0), cap)
    return new_list(ctx, b, sig.return_type, cap)


@reg.lower("getattr", ty.Function, ty.StringLiteral)
def function_attr(ctx, b, sig, args):
    """``List.empty_list`` (a function: compile-time only, no value)."""
    return None


# ------------------------------------------------------------------ boxing


@functools.lru_cache(maxsize=None)
def _factory(list_type: ty.ListType):
    """The Python callable boxing makes a ``List`` with (from its owner)."""
    return functools.partial(TypedList._from_owner, list_type)


def _box_typed_list(t, v, c):
    """A returned typed list: a new ``List`` owning the list's reference."""
    ensure_list_runtime()
    b = c.builder
    api = c.pyapi
    out = b.alloca(PYOBJ)
    b.store(ir.Constant(PYOBJ, None), out)
    owner = b.call(api._fn("pycomp_box_meminfo_owner", PYOBJ, [PYOBJ]), [v])  # takes the reference
    with b.if_then(b.icmp_unsigned("!=", owner, ir.Constant(PYOBJ, None))):
        factory = api.unserialize(api.serialize_object(_factory(t)))
        b.store(api.call_function_objargs(factory, [owner]), out)
        api.decref(factory)
        api.decref(owner)
    return b.load(out, typ=PYOBJ)


def _unbox_typed_list(t, obj, c):
    """A ``List`` argument: its native list (one more reference for the call)."""
    ensure_list_runtime()
    b = c.builder
    api = c.pyapi
    address = api.object_getattr_string(obj, "_meminfo")  # an int: the MemInfoOwner's meminfo
    failed = b.alloca(ir.IntType(1))
    b.store(ir.Constant(ir.IntType(1), 1), failed)
    slot = b.alloca(PYOBJ)
    b.store(ir.Constant(PYOBJ, None), slot)
    with b.if_then(b.icmp_unsigned("!=", address, ir.Constant(PYOBJ, None))):
        mi = api.long_as_voidptr(address)
        api.decref(address)
        with b.if_else(b.icmp_unsigned("!=", mi, ir.Constant(PYOBJ, None))) as (typed, untyped):
            with typed:
                b.call(api._fn("pycomp_nrt_incref", ir.VoidType(), [PYOBJ]), [mi])
                b.store(mi, slot)
                b.store(ir.Constant(ir.IntType(1), 0), failed)
            with untyped:
                api.err_set_string("PyExc_TypeError", "invalid operation on untyped list")
    value = b.load(slot, typ=PYOBJ)
    failed = b.load(failed, typ=ir.IntType(1))

    def cleanup():
        b.call(api._fn("pycomp_nrt_decref", ir.VoidType(), [PYOBJ]), [value])

    return NativeValue(value, is_error=failed, cleanup=cleanup)


register_boxer(ty.ListType, _box_typed_list)
register_unboxer(ty.ListType, _unbox_typed_list)
