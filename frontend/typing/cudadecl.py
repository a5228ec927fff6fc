"""Typing of the CUDA API used inside kernels and device functions
(``cuda.threadIdx.x``, ``cuda.grid(1)``, ...; see :mod:`pycomp.cuda`).

Typing sees argument types only, and ``cuda.grid(n)``'s type depends on
the value of ``n``; so compiling for CUDA runs one untyped pass first,
``nb-cuda-intrinsics`` (:class:`CudaIntrinsicsPass`), which binds each use
of the API to an intrinsic called without arguments (a
:class:`pycomp.cuda.Intrinsic`):

- ``cuda.threadIdx.x`` (``blockIdx``, ``blockDim``, ``gridDim``; ``x``,
  ``y``, ``z``) -> the special register's intrinsic, typed ``int32``;
- ``cuda.grid(n)`` and ``cuda.gridsize(n)`` with a constant ``n`` of 1, 2
  or 3 -> typed ``int64`` for 1, ``UniTuple(int64, n)`` otherwise (the
  types numba-cuda gives them).

The API names themselves are typed too, for one purpose: code compiled for
the CPU (``@njit``) that uses them gets a TypingError naming the line and
saying they belong to CUDA code, instead of a failure in lowering.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pycomp import cuda
from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.errors import TypingAttributeError, TypingError
from pycomp.frontend.typing.templates import AbstractTemplate, AttributeTemplate, ConcreteTemplate
from pycomp.frontend.typing.templates import builtin_registry as registry
from pycomp.frontend.typing.templates import signature

__all__ = ["bind_cuda_intrinsics", "CudaIntrinsicsPass", "cuda_pipeline", "PASS_NAME"]

PASS_NAME = "nb-cuda-intrinsics"

# ------------------------------------------------------------------ the intrinsics

for _key in cuda.SPECIAL_REGISTERS.values():
    registry.register_global(_key, type("Cuda_" + _key.what, (ConcreteTemplate,),
                                        {"cases": [signature(ty.int32)]}))
for (_kind, _n), _key in cuda.GRID_FUNCTIONS.items():
    _ret = ty.int64 if _n == 1 else ty.UniTuple(ty.int64, _n)
    registry.register_global(_key, type("Cuda_%s%d" % (_kind, _n), (ConcreteTemplate,),
                                        {"cases": [signature(_ret)]}))

# ------------------------------------------------------------------ the API names outside CUDA code


def _only_for_cuda(what: str) -> TypingError:
    return TypingError("%s is only available in code compiled for the CUDA target (pycomp.cuda.compile_ptx), "
                       "not in a function compiled for the CPU" % what)


class _CudaOnlyCall(AbstractTemplate):
    """``cuda.grid(...)`` where the CUDA pass did not bind it."""

    def generic(self, args, kws):
        raise _only_for_cuda("cuda.%s()" % self.key.__name__)


for _stub in (cuda.grid, cuda.gridsize, cuda.threadIdx, cuda.blockIdx, cuda.blockDim, cuda.gridDim):
    registry.register_global(_stub, type("CudaOnly_" + _stub.__name__, (_CudaOnlyCall,), {}))


@registry.register_attr
class CudaDim3Attributes(AttributeTemplate):
    """``cuda.threadIdx.x`` where the CUDA pass did not bind it."""

    key = ty.Function

    def generic_resolve(self, value_type, attr):
        if isinstance(value_type.key, cuda.Dim3Stub):
            raise _only_for_cuda("cuda.%s.%s" % (value_type.key.__name__, attr))
        return None


# ------------------------------------------------------------------ the pass


def _grid_ndim(op, stub):
    """The constant ``ndim`` of ``cuda.grid(ndim)``; a TypingError otherwise."""
    kwn = [k.data for k in op.kwnames.data]
    args = list(op.args)
    if len(args) != 1 or kwn not in ([], ["ndim"]):
        raise TypingError("cuda.%s() takes one argument, ndim" % stub.__name__, nb.source_loc(op))
    owner = args[0].owner
    value = owner.value.data if isinstance(owner, nb.ConstOp) else None
    if type(value) is not int or value not in (1, 2, 3):
        raise TypingError("cuda.%s(ndim) needs ndim to be a constant 1, 2 or 3" % stub.__name__,
                          nb.source_loc(op))
    return value


def _call_intrinsic(op, key) -> None:
    """Replace ``op`` (its one result) by a call of ``key`` without arguments."""
    g = nb.GlobalOp("cuda." + key.__name__, key)
    call = nb.CallOp(g.result, [])
    g.location = call.location = op.location
    op.parent.insert_op_before(g, op)
    op.parent.insert_op_before(call, op)
    op.results[0].replace_all_uses_with(call.result)
    op.detach()
    op.erase()


def _api_object(value):
    owner = value.owner
    return owner.value.data if isinstance(owner, nb.GlobalOp) else None


def bind_cuda_intrinsics(module) -> None:
    """Bind every use of the CUDA API in ``module``'s functions to its
    intrinsic (see the module text); unused API globals are removed."""
    for func in [op for op in module.ops if isinstance(op, nb.FuncOp)]:
        stubs = []
        for blk in nb.walk_blocks(func):
            for op in list(blk.ops):
                if isinstance(op, nb.GetAttrOp) and isinstance(_api_object(op.value), cuda.Dim3Stub):
                    stub = _api_object(op.value)
                    key = cuda.SPECIAL_REGISTERS.get((stub.__name__, op.attr.data))
                    if key is None:
                        raise TypingAttributeError("cuda.%s has no attribute '%s' (it has x, y and z)"
                                                   % (stub.__name__, op.attr.data), nb.source_loc(op))
                    stubs.append(op.value.owner)
                    _call_intrinsic(op, key)
                elif isinstance(op, nb.CallOp) and isinstance(_api_object(op.callee), cuda.GridStub):
                    stub = _api_object(op.callee)
                    key = cuda.GRID_FUNCTIONS[(stub.__name__, _grid_ndim(op, stub))]
                    stubs.append(op.callee.owner)
                    _call_intrinsic(op, key)
        for g in stubs:
            if g.parent is not None and not g.result.uses:
                g.detach()
                g.erase()
        _check_no_other_uses(func)


def _check_no_other_uses(func) -> None:
    """What the pass did not bind is a misuse (``t = cuda.threadIdx`` merged
    from two branches, ``cuda.grid`` passed as a value): a TypingError."""
    for blk in nb.walk_blocks(func):
        for op in blk.ops:
            if isinstance(op, nb.GlobalOp) and isinstance(op.value.data, cuda._Stub) and op.result.uses:
                stub = op.value.data
                how = ("read as cuda.%s.x, .y or .z" if isinstance(stub, cuda.Dim3Stub)
                       else "called as cuda.%s(ndim)") % stub.__name__
                raise TypingError("cuda.%s can only be %s in CUDA code" % (stub.__name__, how),
                                  nb.source_loc(op))


@dataclass(frozen=True)
class CudaIntrinsicsPass(ModulePass):
    """Bind uses of the CUDA API (cuda.threadIdx.x, cuda.grid(1), ...) to intrinsics before typing.

    ``cuda.threadIdx.x`` (and the other dim3 registers) and ``cuda.grid(n)``
    / ``cuda.gridsize(n)`` with a constant ``n`` become calls without
    arguments of the CUDA intrinsics that typing and the CUDA target know.
    A non-constant ``n``, an unknown attribute or another use of these
    names is a TypingError naming the line. Compiling for CUDA
    (pycomp.cuda.compile_ptx) runs it first.
    """

    name: ClassVar[str] = PASS_NAME
    imports: ClassVar[tuple] = ("pycomp.frontend.typing.cudadecl",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        bind_cuda_intrinsics(op)


def cuda_pipeline() -> str:
    """The pipeline compile_ptx types with: this pass (registered in
    pycomp.passes.PASS_TABLE), then the JIT's."""
    from pycomp import passes

    return PASS_NAME + "," + passes.PIPELINES["jit"]
