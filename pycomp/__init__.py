"""pycomp: a just-in-time compiler for numeric Python with Numba's user API.

``import pycomp`` is cheap: it imports neither xDSL nor llvmlite; the first
compile does.
"""

from __future__ import annotations

from pycomp import errors, types
from pycomp.decorators import jit, njit
from pycomp.errors import TypingError, UnsupportedError
from pycomp.typeof import typeof

__version__ = "0.1.0.dev0"

__all__ = ["jit", "njit", "typeof", "types", "errors", "TypingError", "UnsupportedError", "__version__"]
