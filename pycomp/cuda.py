"""``pycomp.cuda``: NVIDIA GPU support, as far as it exists today.

``is_available()`` tells the truth: whether the CUDA driver library loads and
reports at least one device. Compiling kernels (``cuda.jit``) and PTX is
the work of later issues; until then using them raises UnsupportedError, so
code that imports ``cuda`` at module level still loads.
"""

from __future__ import annotations

import ctypes
import ctypes.util

from pycomp.errors import UnsupportedError

__all__ = ["is_available", "detect", "jit"]

_devices: int | None = None


def _device_count() -> int:
    global _devices
    if _devices is None:
        _devices = 0
        for name in ("libcuda.so.1", "libcuda.so", ctypes.util.find_library("cuda")):
            if not name:
                continue
            try:
                lib = ctypes.CDLL(name)
            except OSError:
                continue
            count = ctypes.c_int(0)
            if lib.cuInit(0) == 0 and lib.cuDeviceGetCount(ctypes.byref(count)) == 0:
                _devices = count.value
            break
    return _devices


def is_available() -> bool:
    """Whether a CUDA driver and at least one GPU are present."""
    return _device_count() > 0


def detect() -> bool:
    """Print what was found (as Numba's ``cuda.detect``); True if a GPU is usable."""
    n = _device_count()
    print("Found %d CUDA device%s" % (n, "" if n == 1 else "s"))
    return n > 0


def jit(*args, **kwargs):
    raise UnsupportedError("pycomp.cuda.jit: CUDA kernels are not supported yet")
