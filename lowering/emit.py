"""Emission: an xDSL llvm-dialect module -> an llvmlite ``ir.Module``
(the ``emit-llvmlite`` stage).

xDSL's converter does the bulk; this module adds what it lacks: the
``llvmx`` casts (fptosi, fptoui, uitofp), calls through a function pointer
(``llvm.call`` without a callee), and the linkage and function
attributes it drops (internal linkage lets LLVM inline and delete helpers;
``alwaysinline``/``noinline`` come from ``passthrough``).
"""

from __future__ import annotations

from llvmlite import ir
from xdsl.backend.llvm import convert_op as _xconv
from xdsl.backend.llvm.convert import convert_module
from xdsl.dialects import llvm
from xdsl.dialects.builtin import ArrayAttr, DenseIntOrFPElementsAttr, IntegerType, ModuleOp, StringAttr

from pycomp.dialects import llvmx

_xconv._CAST_OP_NAMES.update({
    llvmx.FPToSIOp: "fptosi",
    llvmx.FPToUIOp: "fptoui",
    llvmx.UIToFPOp: "uitofp",
})



def _convert_gep(op, builder, val_map):
    """GEP through a typed pointer; llvmlite 0.50 gives the wrong result
    type when ``source_etype`` is passed, as xDSL's converter does."""
    elem = _xconv.convert_type(op.elem_type)
    base = builder.bitcast(val_map[op.ptr], elem.as_pointer())
    ssa = iter(op.ssa_indices)
    idx = [val_map[next(ssa)] if i == llvm.GEP_USE_SSA_VAL else ir.Constant(ir.IntType(32), i)
           for i in op.rawConstantIndices.iter_values()]
    instr = builder.gep(base, idx, inbounds=op.inbounds is not None, source_etype=elem)
    t = elem
    for i in idx[1:]:
        t = t.gep(i)
    instr.type = t.as_pointer()
    val_map[op.results[0]] = instr


def _convert_store(op, builder, val_map):
    """Store through a pointer of any element type (pointers are opaque in
    the llvm dialect; llvmlite checks typed pointees)."""
    value = val_map[op.value]
    ptr = builder.bitcast(val_map[op.ptr], value.type.as_pointer())
    instr = builder.store(value, ptr)
    if op.alignment:
        instr.align = op.alignment.value.data


_xdsl_convert_call = _xconv._convert_call


def _convert_call(op, builder, val_map):
    """``llvm.call`` through a function pointer (no callee symbol: the first
    operand is the address), which xDSL's converter does not do; direct
    calls go to it."""
    if op.callee is not None:
        return _xdsl_convert_call(op, builder, val_map)
    fnptr, *args = [val_map[a] for a in op.args]
    ret = _xconv.convert_type(op.returned.type) if op.returned is not None else ir.VoidType()
    fnty = ir.FunctionType(ret, [a.type for a in args])
    # a bitcast of its own: llvmlite's builder returns an opaque pointer unchanged,
    # and a call needs the pointer typed by the function type (it parses as ptr)
    typed = ir.instructions.CastInstr(builder.block, "bitcast", fnptr, fnty.as_pointer())
    builder._insert(typed)
    instr = builder.call(typed, args)
    if op.returned is not None:
        val_map[op.returned] = instr


_xconv._convert_call = _convert_call
_xconv._convert_getelementptr = _convert_gep
_xconv._convert_store = _convert_store


def _dense_values(attr):
    """The initializer of a global from a dense attribute: bytes as
    ``c"..."`` (frozen array data, see pycomp.targets.constants), else the
    values."""
    if attr.get_element_type() == IntegerType(8):
        return bytearray(attr.data.data)
    return attr.get_values()


_xconv._CONSTANT_VALUE_MAP[DenseIntOrFPElementsAttr] = _dense_values

__all__ = ["emit_llvmlite"]


def emit_llvmlite(module: ModuleOp, triple: str | None = None, data_layout: str = "",
                  arg_names: dict | None = None) -> ir.Module:
    """Convert ``module`` (llvm dialect only) to llvmlite IR. ``arg_names``
    (symbol -> parameter names) names the parameters of those functions in
    the LLVM IR, so it reads with the Python names."""
    out = convert_module(module, fallback_target_triple=triple, data_layout=data_layout)
    for op in module.ops:
        if isinstance(op, llvm.GlobalOp) and op.alignment is not None:  # xDSL drops it
            out.get_global(op.sym_name.data).align = op.alignment.value.data
        if isinstance(op, llvm.FuncOp) and op.body.blocks:
            fn = out.get_global(op.sym_name.data)
            for arg, name in zip(fn.args, (arg_names or {}).get(op.sym_name.data, ())):
                arg.name = name
            linkage = op.linkage.linkage.data if op.linkage is not None else "external"
            if linkage != "external":
                fn.linkage = linkage
            passthrough = op.attributes.get("passthrough")
            if isinstance(passthrough, ArrayAttr):
                for a in passthrough.data:
                    if isinstance(a, StringAttr):
                        fn.attributes.add(a.data)
    return out
