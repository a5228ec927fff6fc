"""Lowering of the CUDA intrinsics (the keys the ``nb-cuda-intrinsics`` pass
puts in place of ``cuda.threadIdx.x``, ``cuda.grid(n)``, ...; see
:class:`pycomp.cuda.Intrinsic`).

A special register is read with ``llvm.nvvm.read.ptx.sreg.<reg>`` (an i32:
``%tid.x``, ``%ctaid.x``, ``%ntid.x``, ``%nctaid.x`` in PTX). ``grid(n)``
is ``ctaid * ntid + tid`` per axis and ``gridsize(n)`` ``ntid * nctaid``,
computed in int64 from the sign-extended registers (numba-cuda's types:
int64, or a tuple of n int64).
"""

from __future__ import annotations

from pycomp.cuda import GRID_FUNCTIONS, SPECIAL_REGISTERS
from pycomp.targets.cuda.context import lowering_registry as reg
from pycomp.targets.datamodel import I32, I64, llvm_type

__all__ = ["read_sreg"]


def read_sreg(b, name: str):
    """The i32 value of PTX special register ``name`` (``"tid.x"``)."""
    return b.intrinsic("llvm.nvvm.read.ptx.sreg." + name, [], I32)


def _sreg_impl(name):
    def impl(ctx, b, sig, args):
        return read_sreg(b, name)
    return impl


def _axis_value(b, kind: str, axis: str):
    """One axis of grid() or gridsize(), in int64."""
    def r(n):
        return b.cast("sext", read_sreg(b, "%s.%s" % (n, axis)), I64)

    if kind == "grid":
        return b.ibin("add", b.ibin("mul", r("ctaid"), r("ntid")), r("tid"))
    return b.ibin("mul", r("ntid"), r("nctaid"))


def _grid_impl(kind: str, ndim: int):
    def impl(ctx, b, sig, args):
        values = [_axis_value(b, kind, axis) for axis in "xyz"[:ndim]]
        if ndim == 1:
            return values[0]
        out = b.undef(llvm_type(sig.return_type))
        for i, v in enumerate(values):
            out = b.insert_value(out, v, i)
        return out
    return impl


for _key in SPECIAL_REGISTERS.values():
    reg.lower(_key)(_sreg_impl(_key.what))
for (_kind, _n), _key in GRID_FUNCTIONS.items():
    reg.lower(_key)(_grid_impl(_kind, _n))
