"""NumPy functions made for arrays of fixed-size strings (``U<n>``,
``S<n>``) that the generic implementations do not cover.

- ``np.asarray("text")`` of a string literal: a new 0-d ``U<len>`` array
  holding it (``U1`` for ''), as NumPy and Numba give.

The element operations the generic algorithms rely on (comparisons,
truth, ``len``) are :mod:`pycomp.frontend.typing.charseq`.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.extending import overload

__all__ = []


def _left_out(t) -> bool:
    """Whether an optional argument was left out or passed as None."""
    return t is None or isinstance(t, (types.NoneType, types.Omitted))


@overload(np.asarray)
def _np_asarray_literal(a, dtype=None):
    """``np.asarray("text")``: a 0-d array of the literal's text."""
    if not isinstance(a, types.StringLiteral) or not _left_out(dtype):
        return None
    value = np.asarray(a.value)

    def impl(a, dtype=None):
        return value.copy()
    return impl
