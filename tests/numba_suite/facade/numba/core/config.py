"""``numba.core.config``: the settings Numba's tests read, as pycomp has them."""

import os
import struct

from numba._facade import StandIn as _StandIn

MACHINE_BITS = struct.calcsize("P") * 8
IS_32BITS = MACHINE_BITS == 32
IS_WIN32 = os.name == "nt"
DISABLE_JIT = False
ENABLE_CUDASIM = False
NUMBA_NUM_THREADS = NUMBA_DEFAULT_NUM_THREADS = os.cpu_count() or 1
BOUNDSCHECK = None
DEBUG = DEBUGINFO_DEFAULT = FULL_TRACEBACKS = DEVELOPER_MODE = False
OPT = 3


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _StandIn("numba.core.config." + name, "internal")
