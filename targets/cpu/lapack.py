"""The LAPACK that compiled ``np.linalg`` functions call
(:mod:`pycomp.np.linalg_solve`, :mod:`pycomp.np.linalg_decomp`).

The OpenBLAS in NumPy's wheel (found by :mod:`pycomp.targets.cpu.blas`)
also exports Fortran LAPACK (``scipy_dgesv_64_``, ``scipy_dgetrf_64_``,
...; every argument a pointer, integers of the BLAS's width). Each routine
used is looked up with ctypes when first compiled and bound with llvmlite's
``add_symbol`` under pycomp's own name (``pycomp_lapack_dgesv``, ...).
Where NumPy's library lacks a routine, scipy's ``cython_lapack`` (32-bit
integers) is tried; where neither has it, :func:`routine` is None.
``PYCOMP_BLAS=none`` turns LAPACK off as well.
"""

from __future__ import annotations

import ctypes

__all__ = ["routine", "symbol_name", "int_bits"]

_bound: dict[str, tuple[str, int] | None] = {}


def symbol_name(name: str) -> str:
    """pycomp's name of LAPACK routine ``name`` (``dgesv``)."""
    return "pycomp_lapack_%s" % name


def _from_numpy(name: str):
    """(address, int bits) of ``name`` in NumPy's OpenBLAS, or None."""
    from pycomp.targets.cpu import blas

    b = blas.backend()
    if b is None or not b.origin.startswith("/"):
        return None
    try:
        lib = ctypes.CDLL(b.origin)
    except OSError:
        return None
    for prefix, suffix in (("scipy_", "_64_"), ("", "_64_"), ("scipy_", "_"), ("", "_")):
        fn = getattr(lib, "%s%s%s" % (prefix, name, suffix), None)
        if fn is not None:
            return ctypes.cast(fn, ctypes.c_void_p).value, b.int_bits
    return None


def _from_scipy(name: str):
    """(address, 32) of ``name`` in scipy's ``cython_lapack``, or None."""
    try:
        from scipy.linalg import cython_lapack
    except ImportError:
        return None
    capsule = cython_lapack.__pyx_capi__.get(name)
    if capsule is None:
        return None
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    get_ptr = ctypes.pythonapi.PyCapsule_GetPointer
    get_ptr.restype, get_ptr.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    return get_ptr(capsule, get_name(capsule)), 32


def routine(name: str) -> tuple[str, int] | None:
    """(pycomp's symbol, integer width in bits) of LAPACK routine ``name``,
    bound so compiled code can call it; None when no LAPACK has it."""
    if name not in _bound:
        from pycomp.targets.cpu import blas

        found = None
        if blas.backend() is not None:
            found = _from_numpy(name) or _from_scipy(name)
        if found is None:
            _bound[name] = None
        else:
            import llvmlite.binding as llb

            llb.add_symbol(symbol_name(name), found[0])
            _bound[name] = (symbol_name(name), found[1])
    return _bound[name]


def int_bits() -> int | None:
    """The integer width of the LAPACK found (from ``dgetrf``), or None."""
    r = routine("dgetrf")
    return None if r is None else r[1]
