"""The CPU target context: the host's triple and data layout, the MCJIT code
generator, libm and the C helper library as the runtime, and the lowering
registry every target reuses (:data:`lowering_registry`, filled by the
``impl_*`` modules of this package).

Lowering implementations are registered with :meth:`LoweringRegistry.lower`
under the same keys typing uses (an operator string or a Python function)
and receive ``(context, builder, signature, args)``. Calling convention,
data model, casts: :mod:`pycomp.targets.base`.
"""

from __future__ import annotations

from pycomp.targets.base import ExceptionTable, LoweringRegistry, TargetContext, exception_table

__all__ = ["CPUTargetContext", "LoweringRegistry", "ExceptionTable", "lowering_registry", "exception_table"]

#: the implementations of the language and its libraries in plain LLVM
#: (the CUDA target searches it after its own)
lowering_registry = LoweringRegistry()


class CPUTargetContext(TargetContext):
    """The host CPU: code runs in this process, next to the interpreter."""

    name = "cpu"
    has_python = True

    def __init__(self, boundscheck: bool = False, fastmath: bool = False, error_model: str = "python"):
        super().__init__(boundscheck=boundscheck, fastmath=fastmath, error_model=error_model)
        load_implementations()

    @property
    def registries(self) -> list:
        return [lowering_registry]

    @property
    def triple(self) -> str:
        return self.codegen().triple

    @property
    def data_layout(self) -> str:
        return self.codegen().data_layout

    def codegen(self):
        from pycomp.targets.cpu.codegen import engine

        return engine()


_loaded = False


def load_implementations():
    """Import the ``impl_*`` modules, which fill :data:`lowering_registry`."""
    global _loaded
    if not _loaded:
        _loaded = True
        from pycomp.targets.cpu import (impl_arrayindex, impl_arrayops, impl_arrays, impl_builtins,  # noqa: F401
                                        impl_iterators, impl_math, impl_tuples)
        from pycomp.targets.cpu import impl_nditer, impl_views  # noqa: F401
        from pycomp.targets.cpu import impl_creation  # noqa: F401
        from pycomp.targets.cpu import impl_slices  # noqa: F401
        from pycomp.targets.cpu import impl_lists  # noqa: F401
        from pycomp.targets.cpu import impl_datetimes, impl_records, impl_strings  # noqa: F401
        from pycomp.targets.cpu import impl_charseq  # noqa: F401
        from pycomp.targets.cpu import impl_buffers  # noqa: F401
