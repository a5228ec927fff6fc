"""pycomp: a just-in-time compiler for numeric Python with Numba's user API.

``import pycomp`` is cheap: it imports neither xDSL nor llvmlite; the first
compile does.
"""

from __future__ import annotations

from pycomp import errors, types
from pycomp.decorators import jit, njit
from pycomp.errors import TypingError, UnsupportedError
from pycomp.special import literal_unroll, prange
from pycomp.typeof import typeof

# Numba's top-level type aliases: pycomp.float64, pycomp.int32, pycomp.f8, ...
_ALIASES = ("boolean", "bool_", "byte", "complex64", "complex128", "double", "float32", "float64",
            "float_", "int8", "int16", "int32", "int64", "intc", "intp", "none", "uint8", "uint16",
            "uint32", "uint64", "uintc", "uintp", "void", "f4", "f8", "i1", "i2", "i4", "i8",
            "u1", "u2", "u4", "u8", "c8", "c16")
globals().update({_n: types.parse_type(_n) for _n in _ALIASES})
b1 = types.boolean
optional = types.Optional

__version__ = "0.1.0.dev0"

__all__ = ["jit", "njit", "prange", "literal_unroll", "typeof", "types", "errors", "TypingError",
           "UnsupportedError", "__version__", "cuda", "b1", "optional", *_ALIASES]


def __getattr__(name):
    if name == "cuda":  # imported on first use: ctypes only
        import importlib

        return importlib.import_module("pycomp.cuda")
    raise AttributeError("module 'pycomp' has no attribute %r" % name)
