"""libdevice: the CUDA toolkit's math library in LLVM bitcode, and how CUDA
code reaches it.

- :func:`math_symbol` names the libdevice function for a C math function
  (``sin`` on float64 is ``__nv_sin``, on float32 ``__nv_sinf``; with
  fastmath some float32 functions use the ``__nv_fast_`` variants, as
  numba-cuda does).
- :func:`redirect_math_intrinsics` rewrites, in a lowered llvm-dialect module,
  the calls to LLVM math intrinsics that the NVPTX back end cannot select
  (``llvm.sin.f64``, ``llvm.pow.f32``, ... which would become calls to a C
  library the GPU does not have) into calls to their libdevice functions.
  ``llvm.sqrt``, ``llvm.fabs``, ``llvm.floor``, ``llvm.ceil``,
  ``llvm.trunc``, ``llvm.roundeven`` and ``llvm.copysign`` are PTX
  instructions and stay.
- :func:`load` gives a fresh copy of the bitcode module to link into a
  module that calls ``__nv_`` functions (see :mod:`.codegen`).
"""

from __future__ import annotations

import threading

from pycomp import types as ty

__all__ = ["math_symbol", "redirect_math_intrinsics", "load", "function_names", "PREFIX",
           "LibdeviceNotFound"]

PREFIX = "__nv_"

#: LLVM intrinsic (without its type suffix) -> C math function, for those NVPTX cannot select
_UNSELECTABLE = {"llvm.sin": "sin", "llvm.cos": "cos", "llvm.tan": "tan", "llvm.exp": "exp",
                 "llvm.exp2": "exp2", "llvm.exp10": "exp10", "llvm.log": "log", "llvm.log2": "log2",
                 "llvm.log10": "log10", "llvm.pow": "pow"}

#: float32 functions with a fast (approximate) libdevice variant used under fastmath
_FAST_F32 = {"sin", "cos", "tan", "exp", "exp10", "log", "log2", "log10", "pow"}


class LibdeviceNotFound(RuntimeError):
    """The CUDA toolkit's libdevice bitcode is not on this machine."""


def math_symbol(name: str, t: ty.Type, fastmath: bool = False) -> str:
    """The libdevice function computing C math function ``name`` for float type ``t``."""
    if t is ty.float32:
        if fastmath and name in _FAST_F32:
            return "%sfast_%sf" % (PREFIX, name)
        return PREFIX + name + "f"
    return PREFIX + name


def redirect_math_intrinsics(module, fastmath: bool = False) -> set[str]:
    """Replace the calls to unselectable LLVM math intrinsics in ``module``
    (xDSL's llvm dialect) by calls to libdevice, declaring each libdevice
    function once; returns the names of the libdevice functions declared."""
    from xdsl.dialects import llvm
    from xdsl.dialects.builtin import Float32Type

    declared = {op.sym_name.data for op in module.ops if isinstance(op, llvm.FuncOp)}
    added: set[str] = set()
    for op in list(module.walk()):
        if not isinstance(op, llvm.CallIntrinsicOp):
            continue
        base, _, suffix = op.intrin.data.rpartition(".")
        cname = _UNSELECTABLE.get(base)
        if cname is None or suffix not in ("f32", "f64") or op.ress is None:
            continue
        ret = op.ress.type
        symbol = math_symbol(cname, ty.float32 if isinstance(ret, Float32Type) else ty.float64, fastmath)
        call = llvm.CallOp(symbol, *op.args, return_type=ret)
        op.parent.insert_op_before(call, op)
        op.ress.replace_all_uses_with(call.results[0])
        op.detach()
        op.erase()
        if symbol not in declared:
            declared.add(symbol)
            added.add(symbol)
            fnty = llvm.LLVMFunctionType([a.type for a in call.args], ret)
            decl = llvm.FuncOp(symbol, fnty, linkage=llvm.LinkageAttr("external"))
            first = module.body.block.first_op
            if first is None:
                module.body.block.add_op(decl)
            else:
                module.body.block.insert_op_before(decl, first)
    return added


_lock = threading.Lock()
_parsed = None  # the parsed bitcode, cloned for each module that links it
_names: frozenset | None = None


def _parsed_module():
    global _parsed, _names
    with _lock:
        if _parsed is None:
            import llvmlite.binding as llb

            from pycomp.targets.cuda.toolkit import libdevice_path

            path = libdevice_path()
            if path is None:
                raise LibdeviceNotFound(
                    "CUDA's libdevice (nvvm/libdevice/libdevice.10.bc) was not found: set CUDA_HOME to the "
                    "CUDA toolkit (searched CUDA_HOME, CUDA_PATH, /usr/local/cuda and the folder of ptxas)")
            with open(path, "rb") as f:
                _parsed = llb.parse_bitcode(f.read())
            _names = frozenset(fn.name for fn in _parsed.functions if not fn.is_declaration)
        return _parsed


def load(triple: str, data_layout: str):
    """A fresh copy of libdevice for linking into a module of ``triple`` and
    ``data_layout`` (linking consumes it)."""
    mod = _parsed_module().clone()
    mod.triple = triple
    mod.data_layout = data_layout
    return mod


def function_names() -> frozenset:
    """The names of the functions libdevice defines."""
    _parsed_module()
    return _names
