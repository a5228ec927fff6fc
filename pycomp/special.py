"""Python objects with a meaning of their own in compiled code.

``prange`` is Numba's parallel range. Until ``parallel=True`` lands it is a
plain ``range`` everywhere: in Python it returns a range, and compiled code
types and lowers it as one (frontend/typing/builtins.py,
targets/cpu/impl_builtins.py), so code written for Numba that imports
``prange`` at module level runs, serially.

``literal_unroll`` is Numba's loop-unrolling marker: in Python it returns
its argument; in compiled code ``for x in literal_unroll(tup)`` is unrolled
before typing, one copy of the body per element (``nb-literal-unroll``,
frontend/literal_unroll.py).
"""

from __future__ import annotations

__all__ = ["prange", "literal_unroll"]


class prange:
    """``prange(stop)``, ``prange(start, stop[, step])``: a range (serial for now)."""

    def __new__(cls, *args):
        return range(*args)


def literal_unroll(container):
    """``for x in literal_unroll(tup)``: the loop body is compiled once per
    element of the tuple (so ``x`` may change type, and constant elements
    stay literal). In Python, and in compiled code outside a loop header,
    the argument itself."""
    return container
