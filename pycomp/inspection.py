"""What ``Dispatcher.inspect_cfg`` returns: the control-flow graph of a
compiled function's optimized LLVM IR, as Numba's ``inspect_cfg`` gives it
(graphviz dot source, displayable in a notebook)."""

from __future__ import annotations

__all__ = ["LLVMControlFlowGraph", "llvm_cfg"]


class LLVMControlFlowGraph:
    """The CFG of one LLVM function. ``dot`` is its graphviz source;
    ``display()`` renders it (needs the ``graphviz`` package); ``str()`` is
    the dot source."""

    def __init__(self, name: str, dot: str):
        self.name = name
        self.dot = dot

    def display(self, filename=None, format="pdf", view=False):
        import llvmlite.binding as llb

        return llb.view_dot_graph(self.dot, filename=filename, view=view)

    def _repr_svg_(self):
        return self.display()._repr_svg_()

    def __str__(self):
        return self.dot

    def __repr__(self):
        return "<LLVM CFG of %s: %d lines of dot>" % (self.name, self.dot.count("\n"))


def llvm_cfg(optimized_ir: str, symbol: str, show_inst: bool = True) -> LLVMControlFlowGraph:
    """The CFG of function ``symbol`` in the module ``optimized_ir``."""
    import llvmlite.binding as llb

    mod = llb.parse_assembly(optimized_ir)
    return LLVMControlFlowGraph(symbol, llb.get_function_cfg(mod.get_function(symbol), show_inst=show_inst))
