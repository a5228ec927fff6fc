"""Message constants Numba's tests build expected error texts from."""

from numba._facade import StandIn as _StandIn

_header_lead = "No implementation of function"


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _StandIn("numba.core.types.functions." + name, "internal")
