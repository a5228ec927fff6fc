"""The CUDA toolkit on this machine: where it is, its libdevice, its ``ptxas``,
its version and the oldest compute capability it supports.

The toolkit is found through ``CUDA_HOME``, then ``CUDA_PATH``, then
``/usr/local/cuda``, then the folder above the ``ptxas`` on ``PATH``
(a ``bin/ptxas`` that is a wrapper script is fine: the version comes from
running it). Only libdevice is needed to compile; ``ptxas`` is used by the
tests to check the PTX and to read the toolkit's version.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess

__all__ = ["cuda_home", "libdevice_path", "ptxas_path", "toolkit_version", "oldest_supported_cc",
           "default_compute_capability", "NUMBA_DEFAULT_CC", "KNOWN_CCS"]

#: the compute capabilities LLVM's NVPTX back end (llvmlite's LLVM 22) has a processor for
KNOWN_CCS = ((2, 0), (2, 1), (3, 0), (3, 2), (3, 5), (3, 7), (5, 0), (5, 2), (5, 3), (6, 0), (6, 1), (6, 2),
             (7, 0), (7, 2), (7, 5), (8, 0), (8, 6), (8, 7), (8, 8), (8, 9), (9, 0), (10, 0), (10, 1), (10, 3),
             (11, 0), (12, 0), (12, 1))

#: numba-cuda's default compute capability for compile_ptx (NUMBA_CUDA_DEFAULT_PTX_CC)
NUMBA_DEFAULT_CC = (5, 0)

#: CUDA major version -> the oldest compute capability its compilers accept
_OLDEST_CC = {10: (3, 0), 11: (3, 5), 12: (5, 0), 13: (7, 5)}


def _candidates():
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(var):
            yield os.environ[var]
    yield "/usr/local/cuda"
    ptxas = shutil.which("ptxas")
    if ptxas:
        yield os.path.dirname(os.path.dirname(os.path.realpath(ptxas)))


@functools.lru_cache(maxsize=None)
def cuda_home() -> str | None:
    """The first toolkit folder that holds libdevice, or None."""
    for home in _candidates():
        if os.path.isdir(os.path.join(home, "nvvm", "libdevice")):
            return home
    return None


@functools.lru_cache(maxsize=None)
def libdevice_path() -> str | None:
    """The path of ``libdevice.10.bc`` (or the newest ``libdevice*.bc``), or None."""
    home = cuda_home()
    if home is None:
        return None
    folder = os.path.join(home, "nvvm", "libdevice")
    names = sorted(n for n in os.listdir(folder) if n.startswith("libdevice") and n.endswith(".bc"))
    if "libdevice.10.bc" in names:
        return os.path.join(folder, "libdevice.10.bc")
    return os.path.join(folder, names[-1]) if names else None


@functools.lru_cache(maxsize=None)
def ptxas_path() -> str | None:
    """``ptxas`` on ``PATH``, else the toolkit's ``bin/ptxas``, or None."""
    found = shutil.which("ptxas")
    if found:
        return found
    home = cuda_home()
    path = os.path.join(home, "bin", "ptxas") if home else None
    return path if path and os.access(path, os.X_OK) else None


@functools.lru_cache(maxsize=None)
def toolkit_version() -> tuple[int, int] | None:
    """The toolkit's (major, minor) version, from ``version.json`` or
    ``ptxas --version``; None when neither says."""
    home = cuda_home()
    if home:
        try:
            import json

            with open(os.path.join(home, "version.json")) as f:
                v = json.load(f)["cuda"]["version"]
            major, minor = v.split(".")[:2]
            return int(major), int(minor)
        except (OSError, KeyError, ValueError, TypeError):
            pass
    ptxas = ptxas_path()
    if ptxas:
        try:
            out = subprocess.run([ptxas, "--version"], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            return None
        m = re.search(r"release (\d+)\.(\d+)", out)
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


def oldest_supported_cc() -> tuple[int, int] | None:
    """The oldest compute capability the installed toolkit compiles for."""
    v = toolkit_version()
    if v is None:
        return None
    return _OLDEST_CC.get(v[0], _OLDEST_CC[max(_OLDEST_CC)] if v[0] > max(_OLDEST_CC) else None)


def default_compute_capability() -> tuple[int, int]:
    """numba-cuda's rule for ``compile_ptx`` without ``cc``: its default
    (5.0, or ``PYCOMP_CUDA_DEFAULT_PTX_CC=major.minor``) raised to the
    oldest compute capability the toolkit supports."""
    base = NUMBA_DEFAULT_CC
    text = os.environ.get("PYCOMP_CUDA_DEFAULT_PTX_CC", "").strip()
    if text:
        m = re.fullmatch(r"(\d+)\.(\d+)", text)
        if not m:
            raise ValueError("PYCOMP_CUDA_DEFAULT_PTX_CC must look like 8.0, not %r" % text)
        base = int(m.group(1)), int(m.group(2))
    oldest = oldest_supported_cc()
    return max(base, oldest) if oldest else base
