"""The CUDA target context: NVPTX's triple and data layout, libdevice as the
math library, no C helper library and no Python, and its own lowering
registry (:data:`lowering_registry`: the CUDA intrinsics of
:mod:`.impl_cuda`) searched before the generic implementations of the CPU
target (:data:`pycomp.targets.cpu.context.lowering_registry`).

The data model and the status calling convention are the shared ones of
:mod:`pycomp.targets.base`: a device function is ``i32 (ptr result,
args...)`` as on the CPU; a kernel is an entry of its own around it
(:mod:`.kernel`).
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.targets.base import LoweringRegistry, TargetContext
from pycomp.targets.cuda import libdevice

__all__ = ["CUDATargetContext", "lowering_registry", "TRIPLE"]

TRIPLE = "nvptx64-nvidia-cuda"

#: the CUDA intrinsics (filled by impl_cuda)
lowering_registry = LoweringRegistry()

#: C helper symbols (or their prefixes) -> what the user wrote, for errors
_HELPER_USES = {"pycomp_gcd": "math.gcd()", "pycomp_complex_pow": "complex power (**)",
                "pycomp_cmath_": "cmath.%s()"}


class CUDATargetContext(TargetContext):
    """An NVIDIA GPU of compute capability ``cc`` (a (major, minor) tuple)."""

    name = "cuda"
    has_python = False

    def __init__(self, boundscheck: bool = False, fastmath: bool = False, error_model: str = "python",
                 cc: tuple | None = None):
        super().__init__(boundscheck=boundscheck, fastmath=fastmath, error_model=error_model)
        if cc is None:
            from pycomp.targets.cuda.toolkit import default_compute_capability

            cc = default_compute_capability()
        self.cc = tuple(cc)
        load_implementations()

    @property
    def registries(self) -> list:
        from pycomp.targets.cpu.context import lowering_registry as generic

        return [lowering_registry, generic]

    @property
    def triple(self) -> str:
        return TRIPLE

    @property
    def data_layout(self) -> str:
        return self.codegen().data_layout

    def codegen(self):
        from pycomp.targets.cuda.codegen import codegen_for

        return codegen_for(self.cc)

    def math_symbol(self, name: str, t: ty.Type) -> str:
        """libdevice's function: ``__nv_sin``, ``__nv_sinf`` (``__nv_fast_sinf`` with fastmath)."""
        return libdevice.math_symbol(name, t, self.fastmath)

    def check_runtime_symbol(self, name: str) -> None:
        """Only libdevice exists on the GPU: anything else (the C helper
        library, libm) is a TypingError naming what the user wrote."""
        if name.startswith(libdevice.PREFIX):
            return
        what = "this operation"
        for prefix, spelling in _HELPER_USES.items():
            if name.startswith(prefix):
                what = spelling % name[len(prefix):] if "%s" in spelling else spelling
                break
        raise TypingError("%s is not supported on the CUDA target: pycomp implements it with the C function "
                          "'%s', which does not exist on the GPU" % (what, name))

    def finish_module(self, module) -> None:
        """Calls of LLVM math intrinsics NVPTX cannot select become libdevice calls."""
        libdevice.redirect_math_intrinsics(module, self.fastmath)


_loaded = False


def load_implementations():
    """Import :mod:`.impl_cuda` (fills :data:`lowering_registry`) and the generic implementations."""
    global _loaded
    if not _loaded:
        _loaded = True
        from pycomp.targets.cpu.context import load_implementations as load_generic
        from pycomp.targets.cuda import impl_cuda  # noqa: F401

        load_generic()
