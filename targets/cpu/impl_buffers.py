"""``bytes``, ``bytearray`` and ``memoryview`` arguments (types
:class:`pycomp.types.Bytes`, ``ByteArray``, ``MemoryView``): 1-d uint8 C
arrays of their bytes, as in Numba.

The unboxing (C ``pycomp_unbox_buffer``) makes a NumPy view of the
object's buffer for the call, read-only when the object is, and unboxes
that as an array whose parent it is; the wrapper releases the view after
the call. Everything else is the array machinery: indexing, slicing,
``len``, iteration, ``np.frombuffer`` (:mod:`pycomp.np.views`), and a view
returned to Python keeps the buffer alive through its base.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.targets.cpu.pyapi import NativeValue, register_unboxer


def _unbox(t, obj, c):
    from llvmlite import ir

    slot = c.builder.alloca(c.context.get_value_type(t))
    rc = c.pyapi._call("pycomp_unbox_buffer", ir.IntType(32), [c.pyapi.pyobj, slot.type], [obj, slot])
    failed = c.builder.icmp_signed("!=", rc, ir.Constant(ir.IntType(32), 0))
    value = c.builder.load(slot)
    parent = c.builder.extract_value(value, 1)

    def release():
        c.pyapi.decref(parent)

    return NativeValue(value, is_error=failed, cleanup=release)


register_unboxer(ty.Bytes, _unbox)
