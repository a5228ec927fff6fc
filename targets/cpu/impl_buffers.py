"""``bytes``, ``bytearray`` and ``memoryview`` arguments (types
:class:`pycomp.types.Bytes`, ``ByteArray``, ``MemoryView``): 1-d uint8 C
arrays of their bytes, and a memoryview an array of its items (its
format's dtype, its shape and strides), as in Numba.

The unboxing (C ``pycomp_unbox_buffer``) makes a NumPy view of the
object's buffer for the call, read-only when the object is, and unboxes
that as an array whose parent it is; the wrapper releases the view after
the call. Everything else is the array machinery: indexing, slicing,
``len``, iteration, ``np.frombuffer`` (:mod:`pycomp.np.views`), and a view
returned to Python keeps the buffer alive through its base.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.targets.cpu.pyapi import NativeValue, register_boxer, register_unboxer


def _unbox(t, obj, c):
    from llvmlite import ir

    slot = c.builder.alloca(c.context.get_value_type(t))
    rc = c.pyapi._call("pycomp_unbox_buffer", ir.IntType(32), [c.pyapi.pyobj, slot.type, ir.IntType(32)],
                       [obj, slot, ir.Constant(ir.IntType(32), t.ndim)])
    failed = c.builder.icmp_signed("!=", rc, ir.Constant(ir.IntType(32), 0))
    value = c.builder.load(slot)
    parent = c.builder.extract_value(value, 1)

    def release():
        c.pyapi.decref(parent)

    return NativeValue(value, is_error=failed, cleanup=release)


register_unboxer(ty.Bytes, _unbox)


def _box(t, value, c):
    """A ``bytes`` value (e.g. ``a.tobytes()``) returned to Python: a new
    ``bytes`` object of its bytes, as in Numba. A ``bytearray`` or
    ``memoryview`` argument returned is an ndarray viewing it."""
    from llvmlite import ir

    as_array = ty.Array(t.dtype, t.ndim, t.layout, t.readonly)
    arr = c.pyapi.from_native_value(as_array, value)
    if type(t) is not ty.Bytes:
        return arr
    out = c.builder.alloca(c.pyapi.pyobj)
    c.builder.store(ir.Constant(c.pyapi.pyobj, None), out)
    with c.builder.if_then(c.builder.icmp_unsigned("!=", arr, ir.Constant(c.pyapi.pyobj, None))):
        cls = c.pyapi.unserialize(c.pyapi.serialize_object(bytes))
        c.builder.store(c.pyapi.call_function_objargs(cls, [arr]), out)
        c.pyapi.decref(cls)
        c.pyapi.decref(arr)
    return c.builder.load(out)


register_boxer(ty.Bytes, _box)
