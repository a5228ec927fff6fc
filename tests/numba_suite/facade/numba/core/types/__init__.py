"""``numba.core.types`` is ``pycomp.types``; names pycomp lacks are stand-ins."""

from pycomp.types import *  # noqa: F401,F403
from pycomp import types as _types

from numba._facade import StandIn as _StandIn

#: Numba's name for the unsigned integer of a pointer's width (pycomp's uintp)
size_t = _types.uintp


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    if hasattr(_types, name):
        return getattr(_types, name)
    return _StandIn("numba.core.types." + name, "lacking")
