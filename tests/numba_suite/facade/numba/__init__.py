"""A ``numba`` package whose user API is pycomp (the Numba-suite facade).

Put first on ``sys.path`` of a test process only (``child.py`` does): then
``import numba`` in Numba's own test modules gets pycomp's ``jit``,
``njit``, ``types``, ``typeof``, ``errors`` and the rest. See ``_facade.py``
for how names pycomp lacks and Numba's internals resolve.
"""

from __future__ import annotations

import pycomp as _pycomp
from pycomp import types as _types

from numba import _facade
from numba._facade import STATE as _facade_state
from numba._facade import StandIn as _StandIn

_facade.install()

__version__ = _pycomp.__version__
version_info = tuple(int(p) if p.isdigit() else p for p in __version__.split(".")[:3])

_OBJECT_MODE_KEYS = ("forceobj",)


def _note_options(options):
    if options.get("forceobj") or options.get("nopython") is False:
        _facade_state.note("forceobj")


def jit(*args, **options):
    """pycomp's ``jit``; notes when a test asks for object mode."""
    _note_options(options)
    return _pycomp.jit(*args, **options)


def njit(*args, **options):
    _note_options(options)
    return _pycomp.njit(*args, **options)


typeof = _pycomp.typeof
types = _types

from numba import core  # noqa: E402
from numba.core import config, errors  # noqa: E402
from numba.np.numpy_support import from_dtype  # noqa: E402


def __getattr__(name):
    """Everything else of Numba's top level: pycomp's object of that name,
    a type alias (``numba.float64``), or a lacking stand-in."""
    if name.startswith("_"):
        # private names are Numba's own modules (``numba._helperlib``): the
        # import system then makes them stand-ins, never pycomp's namesakes
        raise AttributeError(name)
    if hasattr(_pycomp, name):
        return getattr(_pycomp, name)
    t = getattr(_types, name, None)
    if isinstance(t, _types.Type):
        return t
    return _StandIn("numba." + name, "lacking")
