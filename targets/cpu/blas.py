"""The BLAS that compiled matrix products call (:mod:`pycomp.np.linalg`).

No scipy is needed: NumPy's wheels carry OpenBLAS (``numpy.libs/
libscipy_openblas64_*.so`` for NumPy 2, ``libopenblas64_p*.so`` for older
ones), built with 64-bit integers. Its Fortran-style ``?gemm`` (every
argument a pointer) is found with ctypes and bound with llvmlite's
``add_symbol`` under pycomp's own names (``pycomp_blas_dgemm``, ...), so
compiled code calls it directly. Where NumPy carries no BLAS, scipy's
``scipy.linalg.cython_blas`` (32-bit integers) is used; where neither is
there, :func:`backend` is None and the products are loops.

``PYCOMP_BLAS=none`` (read once, at the first product compiled) forces the
loops, to test them.
"""

from __future__ import annotations

import ctypes
import glob
import os

__all__ = ["Backend", "backend", "bind", "symbol_name", "KINDS"]

#: BLAS type letter per pycomp dtype name
KINDS = {"float32": "s", "float64": "d", "complex64": "c", "complex128": "z"}


class Backend:
    """A BLAS found at run time: where it came from, its integer width in
    bits and the address of ``?gemm`` per type letter."""

    def __init__(self, origin: str, int_bits: int, gemm: dict[str, int]):
        self.origin = origin
        self.int_bits = int_bits
        self.gemm = gemm

    def __repr__(self):
        return "Backend(%r, int%d)" % (self.origin, self.int_bits)


_UNSET = object()
_backend = _UNSET
_bound = False


def _numpy_openblas() -> Backend | None:
    """The OpenBLAS that NumPy's wheel carries, or None."""
    import numpy

    libs = os.path.join(os.path.dirname(os.path.dirname(numpy.__file__)), "numpy.libs")
    for pattern in ("libscipy_openblas*.so*", "libopenblas*.so*"):
        for path in sorted(glob.glob(os.path.join(libs, pattern))):
            try:
                lib = ctypes.CDLL(path)  # already loaded by NumPy: the same handle
            except OSError:
                continue
            for prefix, suffix, bits in (("scipy_", "_64_", 64), ("", "_64_", 64),
                                         ("scipy_", "_", 32), ("", "_", 32)):
                gemm = {}
                for k in "sdcz":
                    try:
                        gemm[k] = ctypes.cast(getattr(lib, "%s%sgemm%s" % (prefix, k, suffix)),
                                              ctypes.c_void_p).value
                    except AttributeError:
                        break
                if len(gemm) == 4:
                    if bits == 32 and "64" in os.path.basename(path):
                        bits = 64
                    return Backend(path, bits, gemm)
    return None


def _scipy_blas() -> Backend | None:
    """scipy's ``cython_blas`` (32-bit integers), or None."""
    try:
        from scipy.linalg import cython_blas
    except ImportError:
        return None
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    get_ptr = ctypes.pythonapi.PyCapsule_GetPointer
    get_ptr.restype, get_ptr.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    gemm = {}
    for k in "sdcz":
        capsule = cython_blas.__pyx_capi__[k + "gemm"]
        gemm[k] = get_ptr(capsule, get_name(capsule))
    return Backend("scipy.linalg.cython_blas", 32, gemm)


def backend() -> Backend | None:
    """The BLAS compiled products call (found once), or None: loops."""
    global _backend
    if _backend is _UNSET:
        if os.environ.get("PYCOMP_BLAS", "").lower() in ("none", "0", "loops"):
            _backend = None
        else:
            _backend = _numpy_openblas() or _scipy_blas()
    return _backend


def symbol_name(kind: str) -> str:
    """pycomp's name of ``?gemm`` for type letter ``kind``."""
    return "pycomp_blas_%sgemm" % kind


def bind() -> Backend:
    """Make the backend's functions callable from compiled code (once)."""
    global _bound
    b = backend()
    assert b is not None, "no BLAS to bind"
    if not _bound:
        import llvmlite.binding as llb

        for k, addr in b.gemm.items():
            llb.add_symbol(symbol_name(k), addr)
        _bound = True
    return b
