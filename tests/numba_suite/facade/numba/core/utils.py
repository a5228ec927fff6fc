"""``numba.core.utils``: the few plain-Python facts Numba's tests gate on
(the running Python's version, ``inspect.signature``); everything else in
it is a Numba internal."""

import inspect
import sys

from numba._facade import StandIn as _StandIn

PYVERSION = sys.version_info[:2]
pysignature = inspect.signature


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _StandIn("numba.core.utils." + name, "internal")
