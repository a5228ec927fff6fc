"""Code generation for the host CPU: llvmlite parses, verifies, optimizes
(O3 by default, for the host CPU name and features so loops vectorize) and
JIT-compiles modules into one MCJIT engine per process.

``PYCOMP_DUMP_LLVM``, ``PYCOMP_DUMP_OPTIMIZED`` and ``PYCOMP_DUMP_ASSEMBLY``
print each module at those points; :class:`CompiledModule` keeps the text of
each so dispatchers can answer ``inspect_llvm()`` and ``inspect_asm()``.
"""

from __future__ import annotations

import os
import sys
import threading
from dataclasses import dataclass

import llvmlite.binding as llb

from pycomp.config import flag, integer

__all__ = ["JITEngine", "CompiledModule", "engine"]


@dataclass
class CompiledModule:
    llvm_ir: str
    optimized_ir: str
    assembly: str


class JITEngine:
    def __init__(self):
        llb.initialize_native_target()
        llb.initialize_native_asmprinter()
        target = llb.Target.from_default_triple()
        cpu = os.environ.get("PYCOMP_CPU_NAME") or llb.get_host_cpu_name()
        features = os.environ.get("PYCOMP_CPU_FEATURES")
        if features is None:
            features = llb.get_host_cpu_features().flatten()
        self.opt_level = integer("PYCOMP_OPT", 3)
        self.tm = target.create_target_machine(cpu=cpu, features=features, opt=self.opt_level,
                                               reloc="default", codemodel="jitdefault")
        self.triple = llb.get_default_triple()
        self.data_layout = str(self.tm.target_data)
        backing = llb.parse_assembly("")
        backing.triple = self.triple
        self.ee = llb.create_mcjit_compiler(backing, self.tm)
        self.lock = threading.RLock()
        self._symbols_added = False

    def add_symbols(self, symbols: dict[str, int]):
        for name, addr in symbols.items():
            llb.add_symbol(name, addr)

    def compile(self, ir_text: str, name: str = "", inlinable=(), always_inline=()) -> CompiledModule:
        """Optimize and JIT ``ir_text``. ``inlinable`` holds the optimized IR
        of already compiled callees: their definitions are linked in as
        ``available_externally``, so LLVM may inline them while calls that
        stay go to the code the engine already has. Functions named in
        ``always_inline`` get the ``alwaysinline`` attribute."""
        with self.lock:
            if flag("PYCOMP_DUMP_LLVM"):
                print("----- LLVM IR: %s -----\n%s" % (name, ir_text), file=sys.stdout)
            mod = self.parse(ir_text)
            for text in inlinable:
                callee = llb.parse_assembly(text)
                for fn in callee.functions:
                    if not fn.is_declaration:
                        fn.linkage = llb.Linkage.available_externally
                mod.link_in(callee)
            for fname in always_inline:
                mod.get_function(fname).add_function_attribute("alwaysinline")
            self.optimize(mod)
            optimized = str(mod)
            if flag("PYCOMP_DUMP_OPTIMIZED"):
                print("----- optimized LLVM IR: %s -----\n%s" % (name, optimized))
            asm = self.tm.emit_assembly(mod) if flag("PYCOMP_DUMP_ASSEMBLY") else ""
            if asm:
                print("----- assembly: %s -----\n%s" % (name, asm))
            self.ee.add_module(mod)
            self.ee.finalize_object()
            return CompiledModule(ir_text, optimized, asm)

    def parse(self, ir_text: str):
        """Parse and verify LLVM IR for this host (triple, data layout)."""
        mod = llb.parse_assembly(ir_text)
        mod.triple = self.triple
        mod.data_layout = self.data_layout
        mod.verify()
        return mod

    def optimize(self, mod, opt_level: int | None = None) -> None:
        """Run LLVM's pipeline at ``opt_level`` (default PYCOMP_OPT, 3) for
        the host CPU, vectorizers on from O2."""
        level = self.opt_level if opt_level is None else opt_level
        pto = llb.create_pipeline_tuning_options(speed_level=level)
        pto.loop_vectorization = level >= 2
        pto.slp_vectorization = level >= 2
        pb = llb.create_pass_builder(self.tm, pto)
        pb.getModulePassManager().run(mod, pb)

    def address_of(self, name: str) -> int:
        return self.ee.get_function_address(name)


_engine = None
_engine_lock = threading.Lock()


def engine() -> JITEngine:
    global _engine
    if _engine is None:
        with _engine_lock:
            if _engine is None:
                _engine = JITEngine()
    return _engine
