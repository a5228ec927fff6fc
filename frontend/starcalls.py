"""Star calls in IR generation: what ``f(*t)``, ``f(x, *t)``, ``f(*t, y)``
and ``f(*t1, *t2)`` become.

CPython compiles every call with a ``*`` argument to ``CALL_FUNCTION_EX``
over one sequence of positional arguments: the starred value itself
(``f(*t)``), a tuple display (``f(*(a, b))``), a list display
(``f(*[a, b])``, 3.11-3.13) or a list built and turned into a tuple
(``BUILD_LIST``/``LIST_EXTEND``/``LIST_APPEND`` then ``LIST_TO_TUPLE``,
which irgen makes a tuple concatenation: ``(x,) + t``). Below it on the
stack are the callee and the call protocol's NULL slot (NULL first on
3.11 and 3.12, after the callee on 3.13; a value there is a receiver,
passed first).

The call becomes one ``nb.call_star`` of the callee and that tuple. Its
length is only known once the tuple is typed, so ``nb-type-infer``
expands it (``pycomp.frontend.typing.starcalls``) into an ``nb.unpack``
of the tuple and an ordinary ``nb.call`` of the items, which every kind
of callee (builtins, NumPy functions, methods, jitted functions,
overloads, inner functions) already types and lowers. So the IR after
``ir-gen`` shows the star call as written, and the typed IR shows the
call that runs; lowering never sees ``nb.call_star``.

``**kwargs`` in a call (flag bit 0 of ``CALL_FUNCTION_EX``) is refused
with an ``UnsupportedError`` naming the line.
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from pycomp.dialects import nb

__all__ = ["build_star_call"]


def build_star_call(gen, b, callee: SSAValue, receiver: SSAValue | None, star: SSAValue, ins) -> SSAValue:
    """The result of ``callee(*star)`` (``callee(receiver, *star)`` when the
    call protocol's self slot holds a receiver), built in block ``b`` of
    the IR generator ``gen`` at instruction ``ins``."""
    if receiver is not None:  # the receiver goes first: (receiver,) + star
        first = gen.add(b, nb.BuildTupleOp([receiver]), ins).result
        star = gen.add(b, nb.BinOp("+", first, star), ins).result
    return gen.add(b, nb.CallStarOp(callee, star), ins).result
