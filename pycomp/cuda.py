"""``pycomp.cuda``: NVIDIA GPU support, as far as it exists today.

- ``is_available()`` and ``detect()`` tell the truth: whether the CUDA
  driver library loads and reports at least one device.
- ``compile_ptx(pyfunc, sig, ...)`` compiles a kernel (``device=False``) or
  a device function (``device=True``) to PTX, as numba-cuda's function of
  that name does; no GPU is needed. ``compile_ptx_for_current_device``
  compiles for the GPU that is present and raises :class:`CudaSupportError`
  when there is none.
- Inside compiled code: ``cuda.threadIdx``, ``cuda.blockIdx``,
  ``cuda.blockDim``, ``cuda.gridDim`` (``.x``, ``.y``, ``.z``: int32),
  ``cuda.grid(ndim)`` and ``cuda.gridsize(ndim)`` (int64, or a tuple of
  ``ndim`` int64 for ndim 2 and 3). They are stubs in Python: using them
  outside code compiled for CUDA is an error.
- ``cuda.jit`` (launching kernels) is later work: it raises UnsupportedError.

The compile driver (:func:`compile_ptx`) runs the same frontend as the CPU
JIT with one more untyped pass (``nb-cuda-intrinsics``, see
:mod:`pycomp.frontend.typing.cudadecl`), lowers with the CUDA target context
(:mod:`pycomp.targets.cuda`) and writes PTX with LLVM's NVPTX back end.
Importing this module loads neither xDSL nor llvmlite.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
import zlib

from pycomp.errors import UnsupportedError

__all__ = ["is_available", "detect", "jit", "compile_ptx", "compile_ptx_for_current_device",
           "CudaSupportError", "threadIdx", "blockIdx", "blockDim", "gridDim", "grid", "gridsize"]


class CudaSupportError(ImportError):
    """CUDA cannot be used here: no driver or no GPU (an ImportError, as
    numba-cuda's error of the same name)."""


# ------------------------------------------------------------------ the driver and devices

_devices: int | None = None
_driver = None


def _device_count() -> int:
    global _devices, _driver
    if _devices is None:
        _devices = 0
        for name in ("libcuda.so.1", "libcuda.so", ctypes.util.find_library("cuda")):
            if not name:
                continue
            try:
                lib = ctypes.CDLL(name)
            except OSError:
                continue
            count = ctypes.c_int(0)
            if lib.cuInit(0) == 0 and lib.cuDeviceGetCount(ctypes.byref(count)) == 0:
                _devices = count.value
                _driver = lib
            break
    return _devices


def is_available() -> bool:
    """Whether a CUDA driver and at least one GPU are present."""
    return _device_count() > 0


def detect() -> bool:
    """Print what was found (as Numba's ``cuda.detect``); True if a GPU is usable."""
    n = _device_count()
    print("Found %d CUDA device%s" % (n, "" if n == 1 else "s"))
    return n > 0


def current_compute_capability() -> tuple[int, int]:
    """The compute capability of device 0; CudaSupportError without a GPU."""
    if _device_count() == 0:
        raise CudaSupportError("no CUDA GPU was found: the CUDA driver library (libcuda) did not load or "
                               "reports no device; compile_ptx(..., cc=(major, minor)) compiles without one")
    major, minor = ctypes.c_int(0), ctypes.c_int(0)
    dev = ctypes.c_int(0)
    # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75, _MINOR = 76
    if (_driver.cuDeviceGet(ctypes.byref(dev), 0) != 0
            or _driver.cuDeviceGetAttribute(ctypes.byref(major), 75, dev) != 0
            or _driver.cuDeviceGetAttribute(ctypes.byref(minor), 76, dev) != 0):
        raise CudaSupportError("the CUDA driver did not report the compute capability of device 0")
    return major.value, minor.value


def jit(*args, **kwargs):
    """Launching kernels is not supported yet (``compile_ptx`` compiles them)."""
    raise UnsupportedError("pycomp.cuda.jit: launching CUDA kernels is not supported yet; "
                           "pycomp.cuda.compile_ptx compiles kernels and device functions to PTX")


# ------------------------------------------------------------------ the API used inside kernels

class _Stub:
    """A name of the CUDA API: it means something only in code compiled for CUDA
    (the ``nb-cuda-intrinsics`` pass binds its uses there)."""

    def __init__(self, name: str):
        self.__name__ = self.__qualname__ = name
        self.__module__ = "cuda"  # so typing's messages say cuda.grid, not pycomp.cuda.grid

    def __repr__(self):
        return "<cuda.%s: usable only in code compiled for CUDA>" % self.__name__

    def _only_in_kernels(self):
        raise RuntimeError("cuda.%s can only be used inside code compiled for CUDA "
                           "(pycomp.cuda.compile_ptx), not from Python" % self.__name__)


class Dim3Stub(_Stub):
    """``threadIdx``, ``blockIdx``, ``blockDim``, ``gridDim``: ``.x``, ``.y``,
    ``.z`` read a PTX special register (int32)."""

    x = y = z = property(lambda self: self._only_in_kernels())


class GridStub(_Stub):
    """``grid(ndim)`` and ``gridsize(ndim)``; ``ndim`` must be a constant 1, 2 or 3."""

    def __call__(self, ndim):
        self._only_in_kernels()


threadIdx = Dim3Stub("threadIdx")
blockIdx = Dim3Stub("blockIdx")
blockDim = Dim3Stub("blockDim")
gridDim = Dim3Stub("gridDim")
grid = GridStub("grid")
gridsize = GridStub("gridsize")


class Intrinsic:
    """What the ``nb-cuda-intrinsics`` pass turns a use of the API into: a
    call without arguments of one of these (the typing and lowering key).
    ``kind`` is ``"sreg"`` (``what`` = the PTX register, ``"tid.x"``),
    ``"grid"`` or ``"gridsize"`` (``what`` = the number of dimensions)."""

    def __init__(self, kind: str, what, spelling: str):
        self.kind = kind
        self.what = what
        self.__name__ = self.__qualname__ = spelling
        self.__module__ = "cuda"

    def __repr__(self):
        return "<CUDA intrinsic %s>" % self.__name__


#: PTX special register of each dim3 attribute
_SREG_NAMES = {"threadIdx": "tid", "blockIdx": "ctaid", "blockDim": "ntid", "gridDim": "nctaid"}
#: (dim3 stub name, attribute) -> its intrinsic
SPECIAL_REGISTERS = {(stub, axis): Intrinsic("sreg", "%s.%s" % (reg, axis), "%s.%s" % (stub, axis))
                     for stub, reg in _SREG_NAMES.items() for axis in "xyz"}
#: (grid stub name, ndim) -> its intrinsic
GRID_FUNCTIONS = {(kind, n): Intrinsic(kind, n, "%s(%d)" % (kind, n))
                  for kind in ("grid", "gridsize") for n in (1, 2, 3)}


# ------------------------------------------------------------------ compiling to PTX

def default_compute_capability() -> tuple[int, int]:
    """numba-cuda's rule: ``max((5, 0), the toolkit's oldest supported cc)``;
    ``PYCOMP_CUDA_DEFAULT_PTX_CC=major.minor`` overrides it."""
    from pycomp.targets.cuda import toolkit

    return toolkit.default_compute_capability()


def compile_ptx(pyfunc, sig, debug=False, lineinfo=False, device=False, fastmath=False, cc=None, opt=True,
                abi="numba", abi_info=None):
    """Compile ``pyfunc`` for the argument types of ``sig`` to PTX for
    compute capability ``cc`` (default: :func:`default_compute_capability`).
    Returns ``(ptx, return_type)``. A kernel (``device=False``) must return
    nothing (TypeError for a non-void ``sig``, TypingError naming the line
    that returns a value); its entry takes each array as its fields
    (meminfo, parent, nitems, itemsize, data, shape..., strides...) and the
    exception status of its body is ignored. A device function keeps the
    status calling convention (``.func``)."""
    from pycomp import types as ty
    from pycomp.signature import as_signature

    if abi != "numba":
        raise UnsupportedError("compile_ptx(abi=%r): only the Numba ABI is supported" % (abi,))
    if debug or lineinfo:
        raise UnsupportedError("compile_ptx: debug=True and lineinfo=True (debug information in PTX) "
                               "are not supported yet")
    pyfunc = getattr(pyfunc, "py_func", pyfunc)  # a jitted function compiles its Python function
    if not callable(pyfunc) or not hasattr(pyfunc, "__code__"):
        raise TypeError("compile_ptx compiles a Python function, not %r" % (pyfunc,))
    sig = as_signature(sig)
    if not device and sig.return_type not in (None, ty.none):
        raise TypeError("CUDA kernel must have void return type.")
    cc = _check_cc(default_compute_capability() if cc is None else cc)
    return _compile(pyfunc, sig, bool(device), bool(fastmath), cc, bool(opt))


def compile_ptx_for_current_device(pyfunc, sig, debug=False, lineinfo=False, device=False, fastmath=False,
                                   opt=True, abi="numba", abi_info=None):
    """:func:`compile_ptx` for the compute capability of the GPU present;
    :class:`CudaSupportError` if there is none."""
    cc = current_compute_capability()
    return compile_ptx(pyfunc, sig, debug=debug, lineinfo=lineinfo, device=device, fastmath=fastmath,
                       cc=cc, opt=opt, abi=abi, abi_info=abi_info)


def _check_cc(cc) -> tuple[int, int]:
    """``cc`` as a (major, minor) tuple; ValueError if it is not one LLVM knows."""
    from pycomp.targets.cuda.toolkit import KNOWN_CCS

    if (not isinstance(cc, (tuple, list)) or len(cc) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in cc)):
        raise ValueError("cc must be a compute capability (major, minor) like (8, 0), not %r" % (cc,))
    if tuple(cc) not in KNOWN_CCS:
        raise ValueError("unknown compute capability %d.%d (known: %s)"
                         % (cc[0], cc[1], ", ".join("%d.%d" % c for c in KNOWN_CCS)))
    return tuple(cc)


def ptx_symbol(pyfunc, argtypes) -> str:
    """The PTX name of ``pyfunc`` compiled for ``argtypes`` (a device function,
    or a kernel's body); a kernel's entry is this name with ``_kernel`` added.
    Valid PTX identifiers, stable across processes."""
    base = re.sub(r"[^A-Za-z0-9_]", "_", pyfunc.__qualname__)
    return "pycomp_%s_%08x" % (base, zlib.crc32(repr(tuple(argtypes)).encode()))


def _compile(pyfunc, sig, device: bool, fastmath: bool, cc, opt: bool):
    """Type, lower and generate PTX (see :func:`compile_ptx`)."""
    from pycomp.compiler import type_function
    from pycomp.dispatcher import Dispatcher
    from pycomp.errors import CompilerError, InternalCompilerError
    from pycomp.frontend.typing import cudadecl
    from pycomp.targets.cuda.libdevice import LibdeviceNotFound

    disp = Dispatcher(pyfunc, None, {"pipeline": cudadecl.cuda_pipeline(), "fastmath": fastmath})
    try:
        fir, res, _ = type_function(disp, tuple(sig.args), sig.return_type if device else None)
        if not device:
            _check_kernel(fir.func, res.return_type, sig.args)
        return _generate(fir, res, pyfunc, sig, device, fastmath, cc, opt)
    except CompilerError:
        raise
    except LibdeviceNotFound as e:
        raise CudaSupportError(str(e)) from None
    except Exception as e:  # a bug in pycomp or a library: say so
        from pycomp.config import flag

        err = InternalCompilerError("internal compiler error while compiling %s%s for CUDA: %s: %s"
                                    % (pyfunc.__qualname__, tuple(sig.args), type(e).__name__, e),
                                    notes=["set PYCOMP_DEV=1 for the full traceback"])
        if flag("PYCOMP_DEV"):
            raise err from e
        raise err from None


def _check_kernel(func, return_type, argtypes) -> None:
    """A kernel returns nothing and takes numbers, booleans, tuples of them and arrays."""
    from pycomp import types as ty
    from pycomp.dialects import nb
    from pycomp.errors import TypingError

    if return_type is not ty.none:
        where = next((nb.source_loc(op) for op in func.walk()
                      if isinstance(op, nb.ReturnOp) and nb.type_of(op.value) is not ty.none), None)
        raise TypingError("a CUDA kernel cannot return a value (this one returns %s): write results into "
                          "an array argument, or compile a device function (device=True)" % return_type, where)

    def passable(t):
        if isinstance(t, ty.BaseTuple):
            return all(passable(e) for e in t.types)
        return isinstance(t, (ty.Number, ty.Boolean, ty.Array))

    for i, t in enumerate(argtypes):
        if not passable(t):
            raise TypingError("argument %d of a CUDA kernel cannot be of type %s (numbers, booleans, tuples "
                              "of them and arrays can)" % (i + 1, t), nb.source_loc(func))


def _generate(fir, res, pyfunc, sig, device, fastmath, cc, opt):
    """Lower the typed function with the CUDA target context, add a kernel's
    entry, and write the PTX; returns ``(ptx, return type)``."""
    from xdsl.dialects.builtin import StringAttr

    from pycomp import types as ty
    from pycomp.errors import TypingError
    from pycomp.lowering.emit import emit_llvmlite
    from pycomp.lowering.nb_to_llvm import lower_module
    from pycomp.targets.cuda.context import CUDATargetContext
    from pycomp.targets.cuda.kernel import build_kernel_entry

    argtypes = tuple(sig.args)
    symbol = ptx_symbol(pyfunc, argtypes)
    fir.func.attributes.setdefault("nb.py_name", fir.func.sym_name)
    fir.func.sym_name = StringAttr(symbol)

    def no_jitted_calls(disp, at):
        if getattr(disp, "py_func", None) is pyfunc:
            raise TypingError("recursion is not supported in CUDA code yet")
        raise TypingError("calling the jitted function '%s' from CUDA code is not supported yet (device "
                          "functions calling each other come with cuda.jit)" % getattr(disp, "__name__", disp))

    ctx = CUDATargetContext(fastmath=fastmath, cc=cc)
    llmod = lower_module(ctx, fir.module, no_jitted_calls)  # the context finishes it (libdevice calls)
    names = {symbol: ["retptr"] + _param_names(pyfunc)}
    irmod = emit_llvmlite(llmod, ctx.triple, ctx.data_layout, names)
    exported = symbol
    if not device:
        exported = build_kernel_entry(irmod, symbol, symbol + "_kernel", argtypes, res.return_type)
    ptx = ctx.codegen().compile_ptx(str(irmod), [exported], opt=opt, fastmath=fastmath, name=pyfunc.__qualname__)
    return ptx, (res.return_type if device else ty.none)


def _param_names(pyfunc) -> list:
    """The parameter names of ``pyfunc``, for the LLVM IR."""
    import inspect

    return ["arg." + n for n in inspect.signature(pyfunc).parameters]
