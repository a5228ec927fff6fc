"""Constant data in the compiled module: arrays frozen as constants, and
the code points of string constants (:func:`constant_bytes`).

A global or closure ndarray used by compiled code is typed a readonly
array by ``frontend.typing.globalvalues.typeof_global``. As in Numba, the
array's bytes are copied into the compiled module when the function
compiles: a private, constant LLVM global (C order, or F for an F-typed
array), named by a hash of its contents so that equal constants share one
global. The value is an array struct with no meminfo and no parent:
nothing to count, nothing to free; boxing it (returning it to Python)
makes a NumPy-owned, read-only copy. Changing the Python array after the
compile does not change what the compiled code sees.

An array of more than :data:`FREEZE_LIMIT` bytes is not copied (as in
Numba: freezing 80 MB into the IR would cost seconds and gigabytes): the
struct points at the ndarray's own data and names the ndarray as its
parent, and the compiled function keeps the ndarray alive
(``ctx.keepalive``, held by the overload). A change the Python code makes
to it later is seen; returning it gives a read-only view of it
(``pycomp_readonly_result``).
"""

from __future__ import annotations

import hashlib

import numpy as np
from xdsl.dialects import llvm
from xdsl.dialects.builtin import BytesAttr, DenseIntOrFPElementsAttr, TensorType

from pycomp import types as ty
from pycomp.typeof import as_numpy_dtype
from pycomp.targets.datamodel import I8, I64, PTR, llvm_type

__all__ = ["constant_array", "constant_bytes", "constant_globals", "CONSTANT_ALIGNMENT"]

#: alignment of a constant array's data (a cache line: SIMD loads of any width)
CONSTANT_ALIGNMENT = 64

#: arrays bigger than this (bytes) are used in place, not copied into the module (Numba's limit)
FREEZE_LIMIT = 10**6


def _frozen_bytes(t: ty.Array, value) -> tuple[np.ndarray, bytes]:
    arr = np.frombuffer(value, np.uint8) if isinstance(value, bytes) else np.asarray(value)
    order = "F" if t.layout == "F" else "C"
    arr = np.require(arr, dtype=as_numpy_dtype(t.dtype), requirements=[order])
    return arr, arr.tobytes(order=order)


def _in_place(t: ty.Array, value) -> bool:
    """Whether the ndarray ``value`` is used in place: bigger than
    :data:`FREEZE_LIMIT`, already in the layout and dtype of ``t``."""
    if not isinstance(value, np.ndarray) or value.nbytes <= FREEZE_LIMIT:
        return False
    contiguous = value.flags.f_contiguous if t.layout == "F" else value.flags.c_contiguous
    return contiguous and value.dtype == as_numpy_dtype(t.dtype) and value.dtype.isnative


def constant_bytes(ctx, b, data: bytes, tag: str = ""):
    """A pointer to a constant global of ``ctx``'s module holding ``data``
    (equal data and ``tag`` share one global)."""
    digest = hashlib.sha1(data + tag.encode()).hexdigest()[:20]
    name = "pycomp.const.%s" % digest
    ctx.constant_data.setdefault(name, data)
    return b._r(llvm.AddressOfOp(name, PTR))


def constant_array(ctx, b, t: ty.Array, value):
    """The array struct of the frozen ndarray ``value`` (of type ``t``): its
    data pointer is the address of a constant global of ``ctx``'s module
    (recorded in ``ctx.constant_data``; :func:`constant_globals` makes the
    globals when the module is assembled)."""
    parent = b.zero(PTR)
    if _in_place(t, value):
        arr = value
        ctx.keepalive.append(arr)
        ptr = b.cast("inttoptr", b.const_int(I64, arr.ctypes.data), PTR)
        parent = b.cast("inttoptr", b.const_int(I64, id(arr)), PTR)
    else:
        arr, data = _frozen_bytes(t, value)
        ptr = constant_bytes(ctx, b, data, repr((arr.dtype.str, arr.shape)))
    out = b.undef(llvm_type(t))
    out = b.insert_value(out, b.zero(PTR), 0)
    out = b.insert_value(out, parent, 1)
    out = b.insert_value(out, b.const_int(I64, arr.size), 2)
    out = b.insert_value(out, b.const_int(I64, arr.itemsize), 3)
    out = b.insert_value(out, ptr, 4)
    for k in range(arr.ndim):
        out = b.insert_value(out, b.const_int(I64, arr.shape[k]), [5, k])
        out = b.insert_value(out, b.const_int(I64, arr.strides[k]), [6, k])
    return out


def constant_globals(ctx) -> list:
    """The ``llvm.global`` ops of the constants ``ctx`` recorded: private,
    constant byte arrays, aligned (:data:`CONSTANT_ALIGNMENT`)."""
    out = []
    for name, data in ctx.constant_data.items():
        n = len(data)
        value = DenseIntOrFPElementsAttr(TensorType(I8, [n]), BytesAttr(data))
        out.append(llvm.GlobalOp(llvm.LLVMArrayType(n, I8), name, "internal", constant=True, value=value,
                                 alignment=CONSTANT_ALIGNMENT))
    return out
