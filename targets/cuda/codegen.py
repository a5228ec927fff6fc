"""PTX code generation with LLVM's NVPTX back end (through llvmlite).

One :class:`CUDACodegen` per compute capability (``sm_XX``) holds the
NVPTX target machine. :meth:`CUDACodegen.compile_ptx` parses and verifies
a module, links libdevice when the module calls ``__nv_`` functions,
gives every function but the exported ones internal linkage, optimizes
(O3, or only dead-function removal with ``opt=False``) and writes PTX.
With ``fastmath`` the module flag ``nvvm-reflect-ftz`` makes libdevice
flush denormals to zero (the NVVM reflection LLVM resolves for libdevice).

``PYCOMP_DUMP_LLVM``, ``PYCOMP_DUMP_OPTIMIZED`` and ``PYCOMP_DUMP_ASSEMBLY``
print the module at those points, as on the CPU.
"""

from __future__ import annotations

import threading

import llvmlite.binding as llb

from pycomp.config import flag
from pycomp.targets.cuda import libdevice
from pycomp.targets.cuda.context import TRIPLE

__all__ = ["CUDACodegen", "codegen_for"]

#: libdevice flushes denormals to zero where this module flag is 1
_FTZ_FLAG = '!llvm.module.flags = !{!0}\n!0 = !{i32 4, !"nvvm-reflect-ftz", i32 1}\n'

_lock = threading.RLock()
_codegens: dict = {}
_initialized = False


class CUDACodegen:
    """The NVPTX target machine for one compute capability."""

    def __init__(self, cc: tuple):
        global _initialized
        if not _initialized:
            llb.initialize_all_targets()
            llb.initialize_all_asmprinters()
            _initialized = True
        self.cc = tuple(cc)
        self.arch = "sm_%d%d" % self.cc
        target = llb.Target.from_triple(TRIPLE)
        self.tm = target.create_target_machine(cpu=self.arch, opt=3)
        self.triple = TRIPLE
        self.data_layout = str(self.tm.target_data)

    def compile_ptx(self, ir_text: str, exported, opt: bool = True, fastmath: bool = False, name: str = "") -> str:
        """The PTX of module ``ir_text``; only ``exported`` functions stay visible."""
        with _lock:
            if flag("PYCOMP_DUMP_LLVM"):
                print("----- LLVM IR (CUDA %s): %s -----\n%s" % (self.arch, name, ir_text))
            mod = self._module(ir_text)
            mod.verify()
            if fastmath:
                mod.link_in(self._module(_FTZ_FLAG))
            if any(fn.is_declaration and fn.name.startswith(libdevice.PREFIX) for fn in mod.functions):
                mod.link_in(libdevice.load(self.triple, self.data_layout))
            keep = set(exported)
            for fn in mod.functions:
                if not fn.is_declaration and fn.name not in keep:
                    fn.linkage = llb.Linkage.internal
            for g in mod.global_variables:
                if not g.is_declaration:
                    g.linkage = llb.Linkage.internal
            self._optimize(mod, opt)
            if flag("PYCOMP_DUMP_OPTIMIZED"):
                print("----- optimized LLVM IR (CUDA %s): %s -----\n%s" % (self.arch, name, mod))
            ptx = self.tm.emit_assembly(mod)
            if flag("PYCOMP_DUMP_ASSEMBLY"):
                print("----- PTX (%s): %s -----\n%s" % (self.arch, name, ptx))
            return ptx

    def _module(self, text: str):
        mod = llb.parse_assembly(text)
        mod.triple = self.triple
        mod.data_layout = self.data_layout
        return mod

    def _optimize(self, mod, opt: bool) -> None:
        pto = llb.create_pipeline_tuning_options(speed_level=3 if opt else 0)
        pb = llb.create_pass_builder(self.tm, pto)
        if opt:
            pb.getModulePassManager().run(mod, pb)
        else:  # only drop what nothing calls (most of libdevice)
            mpm = llb.create_new_module_pass_manager()
            mpm.add_global_dead_code_eliminate_pass()
            mpm.run(mod, pb)


def codegen_for(cc: tuple) -> CUDACodegen:
    """The (shared) code generator for compute capability ``cc``."""
    with _lock:
        cg = _codegens.get(tuple(cc))
        if cg is None:
            cg = _codegens[tuple(cc)] = CUDACodegen(cc)
        return cg
