"""``numba.core.errors``: pycomp's exception classes under Numba's names."""

from pycomp.errors import *  # noqa: F401,F403
from pycomp import errors as _errors

from numba._facade import StandIn as _StandIn


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    if hasattr(_errors, name):
        return getattr(_errors, name)
    return _StandIn("numba.core.errors." + name, "lacking")
