"""The entry of a CUDA kernel, generated around its compiled body.

The body is an ordinary function of the status calling convention,
``i32 body(ptr result, A1, ..., An)`` (an array is a pointer to its
struct). The entry, ``void entry(...)`` with the ``ptx_kernel`` calling
convention (a ``.entry`` in PTX), takes every argument flattened into
scalar parameters, as numba-cuda's kernels do:

- an array: ``meminfo, parent, nitems, itemsize, data, shape[0..n),
  strides[0..n)`` (pointers and int64);
- a complex: its real and imaginary parts; a tuple: its items, flattened;
- a bool: an i8; any other scalar as itself.

The entry rebuilds each value (an array struct goes to a stack slot), calls
the body and ignores the status it returns: an exception raised in a kernel
does not reach the host (numba-cuda behaves so without ``debug=True``).
The body gets internal linkage, so LLVM inlines it into the entry.
"""

from __future__ import annotations

from llvmlite import ir

from pycomp import types as ty

__all__ = ["build_kernel_entry", "flatten_type"]

I1, I8 = ir.IntType(1), ir.IntType(8)


def _ll_type(t: ty.Type):
    """The llvmlite type of a value of ``t`` (the shared data model)."""
    from xdsl.backend.llvm.convert_type import convert_type

    from pycomp.targets.datamodel import llvm_type

    return convert_type(llvm_type(t))


def flatten_type(t: ir.Type) -> list:
    """The scalar parameter types a value of llvmlite type ``t`` is passed as."""
    if isinstance(t, ir.BaseStructType):
        return [p for e in t.elements for p in flatten_type(e)]
    if isinstance(t, ir.ArrayType):
        return flatten_type(t.element) * t.count
    return [I8] if t == I1 else [t]


def _rebuild(b: ir.IRBuilder, t: ir.Type, params):
    """The value of type ``t`` from the next flattened parameters."""
    if isinstance(t, ir.BaseStructType):
        v = ir.Constant(t, ir.Undefined)
        for i, e in enumerate(t.elements):
            v = b.insert_value(v, _rebuild(b, e, params), i)
        return v
    if isinstance(t, ir.ArrayType):
        v = ir.Constant(t, ir.Undefined)
        for i in range(t.count):
            v = b.insert_value(v, _rebuild(b, t.element, params), i)
        return v
    p = next(params)
    return b.icmp_unsigned("!=", p, ir.Constant(I8, 0)) if t == I1 else p


def build_kernel_entry(module: ir.Module, body_name: str, entry_name: str, argtypes, ret_type) -> str:
    """Add kernel ``entry_name`` calling ``body_name`` to ``module``; returns its name."""
    body = module.get_global(body_name)
    body.linkage = "internal"
    lltypes = [_ll_type(t) for t in argtypes]
    params = [p for t in lltypes for p in flatten_type(t)]
    entry = ir.Function(module, ir.FunctionType(ir.VoidType(), params), entry_name)
    entry.calling_convention = "ptx_kernel"
    b = ir.IRBuilder(entry.append_basic_block("entry"))
    it = iter(entry.args)
    retslot = b.alloca(_ll_type(ret_type) if not isinstance(ret_type, ty.Boolean) else I8, name="result")
    args = [retslot]
    for t, lt in zip(argtypes, lltypes):
        v = _rebuild(b, lt, it)
        if isinstance(t, ty.Array):  # the body takes an array by pointer
            slot = b.alloca(lt)
            b.store(v, slot)
            v = slot
        args.append(v)
    b.call(body, args)  # the status is ignored (see the module text)
    b.ret_void()
    return entry_name
