"""``numba.core.typing``: Numba's type-inference internals. Only
``npydecl.supported_ufuncs`` has a user meaning (the list of ufuncs compiled
code may call); every other name is an internal stand-in."""

from numba._facade import StandIn as _StandIn


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _StandIn("numba.core.typing." + name, "internal")
