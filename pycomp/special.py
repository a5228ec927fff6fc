"""Python objects with a meaning of their own in compiled code.

``prange`` is Numba's parallel range. Until ``parallel=True`` lands it is a
plain ``range`` everywhere: in Python it returns a range, and compiled code
types and lowers it as one (frontend/typing/builtins.py,
targets/cpu/impl_builtins.py), so code written for Numba that imports
``prange`` at module level runs, serially.
"""

from __future__ import annotations

__all__ = ["prange"]


class prange:
    """``prange(stop)``, ``prange(start, stop[, step])``: a range (serial for now)."""

    def __new__(cls, *args):
        return range(*args)
