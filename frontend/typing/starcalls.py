"""Typing of star calls: ``nb.call_star`` becomes an ordinary call.

``f(*t)`` reaches type inference as ``nb.call_star(f, t)``
(frontend/starcalls.py). As soon as ``t`` is typed, and so its length is
known, the op is replaced in place by

    %a, %b = nb.unpack %t
    %r = nb.call %f(%a, %b)

and the new ops are typed like any others: the call is resolved for the
callee's kind (builtin, NumPy function, method, jitted function with its
keywords, defaults and ``*args``, overload, inner function), with the
callee's own errors for too many or too few arguments. A starred value that
is not a tuple (a list, an array, a number) is a TypingError, as Numba's
"*args in function call should be a tuple".

Expanding during inference (rather than in a pass after it) lets the
expanded call take part in the fixed point: a tuple whose item types widen
at a merge retypes the unpack and the call like any other operands.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.errors import TypingError

__all__ = ["expand_star_call"]


def expand_star_call(inference, op: nb.CallStarOp, star_type: ty.Type) -> None:
    """Replace ``op`` by an ``nb.unpack`` of its tuple and an ``nb.call`` of
    the items, queued on ``inference``'s worklist (``push``)."""
    tup = star_type.type if isinstance(star_type, ty.Optional) else star_type  # None: unpacking raises
    if not isinstance(tup, ty.BaseTuple):
        raise TypingError("*args in function call should be a tuple, got %s" % star_type)
    block = op.parent_block()
    unpack = nb.UnpackOp(op.star_args, len(tup))
    call = nb.CallOp(op.callee, list(unpack.outs), ())
    for new in (unpack, call):
        new.location = op.location
        block.insert_op_before(new, op)
    op.result.replace_all_uses_with(call.result)
    op.detach()
    op.erase()
    inference.push(unpack)
    inference.push(call)
