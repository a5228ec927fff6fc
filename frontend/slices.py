"""Slices in IR generation: what ``x[i:j]``, ``x[::k]``, ``x[i:j, 0]`` and
``x[i:j] = v`` become (``BUILD_SLICE``; ``BINARY_SLICE`` and
``STORE_SLICE`` from CPython 3.12; a constant slice folded into
``LOAD_CONST`` on 3.14).

- A slice whose parts are all constants (ints or None) is one ``nb.const``
  holding the Python slice: ``t[1:]`` on a tuple is then folded by
  ``nb-static-getitem`` into ``nb.static_getitem`` (the items picked are
  known when the tuple's type is), and on an array it types as a slice
  value like any other (``slice<a:b>``).
- Any other slice is a call of the builtin ``slice`` on its parts,
  ``slice(i, j)`` or ``slice(i, j, k)`` with ``nb.const`` None for a part
  left out, exactly as if the user had written it: typing gives it the
  type ``slice<a:b>`` (two parts) or ``slice<a:b:c>`` (three, the step
  written), as Numba does.

Typing and lowering of slice values: ``frontend/typing/arrayindex.py`` and
``targets/cpu/impl_arrayindex.py``.
"""

from __future__ import annotations

import builtins

from xdsl.ir import SSAValue

from pycomp.dialects import nb

__all__ = ["build_slice", "constant_part"]

_NOT_CONSTANT = object()


def constant_part(v):
    """The constant a slice part is (an int or None), else ``_NOT_CONSTANT``."""
    owner = v.owner if isinstance(v, SSAValue) else None
    if isinstance(owner, nb.ConstOp):
        c = owner.value.data
        if c is None or (isinstance(c, int) and not isinstance(c, bool)):
            return c
    return _NOT_CONSTANT


def build_slice(gen, b, parts, ins) -> SSAValue:
    """The slice of ``parts`` (2 or 3 SSA values: start, stop[, step]) in
    block ``b`` of the IR generator ``gen``, at instruction ``ins``."""
    consts = [constant_part(v) for v in parts]
    if all(c is not _NOT_CONSTANT for c in consts):
        return gen.add(b, nb.ConstOp(slice(*consts)), ins).result
    callee = gen.add(b, nb.GlobalOp("slice", builtins.slice), ins).result
    return gen.add(b, nb.CallOp(callee, list(parts), ()), ins).result
