"""The compile-time entries of the IR generator's symbolic stack.

Besides SSA values, the stack of the IR generator (frontend/irgen.py) holds
entries that exist only while it runs: :data:`NULL`, the empty slot of the
call protocol, and :class:`PendingList`, a list display being built. The
*shape* of the state flowing along an edge (which slots are values, NULLs
or pending lists, and the pending call's keyword names) must agree on every
edge into a merge; only the SSA values inside it become block arguments
(:func:`flatten_state`), and the merge block rebuilds its stack from the
shape and its arguments (:func:`rebuild_state`).
"""

from __future__ import annotations

__all__ = ["NULL", "PendingList", "SLOT_VALUE", "SLOT_NULL", "flatten_state", "rebuild_state",
           "describe_shape", "value_count"]

NULL = object()  # the NULL slot of the call protocol


class PendingList:
    """A list display being built: turned into a tuple by LIST_TO_TUPLE, or
    into a list value (``nb.build_list``, see ``ListDisplayGeneration.materialize``)
    where it is used as a value.

    Immutable (appending makes a new one), so paths that share a stack
    never see each other's appends. ``parts`` are ``(spread, value)``
    pairs: an item, or (``spread`` true) a value unpacked with ``*``.
    """

    __slots__ = ("parts",)

    def __init__(self, parts=()):
        self.parts = tuple(parts)

    def plus(self, spread: bool, value) -> "PendingList":
        return PendingList(self.parts + ((spread, value),))


# Slot kinds in the shape of a carried stack (see flatten_state).
SLOT_VALUE = "value"
SLOT_NULL = "null"


def flatten_state(stack: list, kwnames: tuple) -> tuple[tuple, list]:
    """Split symbolic state into its *shape* (what must agree on every
    edge into a merge) and its SSA values (what becomes block arguments).

    A stack slot's shape is ``"value"`` (one SSA value), ``"null"`` (the
    call protocol's NULL, no value) or a tuple of the spread flags of a
    pending list's parts (one value per part). The pending call's keyword
    names are part of the shape.
    """
    slots, values = [], []
    for v in stack:
        if v is NULL:
            slots.append(SLOT_NULL)
        elif isinstance(v, PendingList):
            slots.append(tuple(spread for spread, _ in v.parts))
            values.extend(item for _, item in v.parts)
        else:
            slots.append(SLOT_VALUE)
            values.append(v)
    return (tuple(slots), kwnames), values


def rebuild_state(shape: tuple, values) -> tuple[list, tuple]:
    """The inverse of :func:`flatten_state`: (stack, kwnames) from a shape and
    one SSA value per value slot (block arguments at a merge)."""
    slots, kwnames = shape
    it = iter(values)
    stack: list = []
    for slot in slots:
        if slot == SLOT_NULL:
            stack.append(NULL)
        elif slot == SLOT_VALUE:
            stack.append(next(it))
        else:
            stack.append(PendingList((spread, next(it)) for spread in slot))
    return stack, kwnames


def describe_shape(shape: tuple) -> str:
    slots, kwnames = shape
    words = {SLOT_NULL: "NULL", SLOT_VALUE: "value"}
    out = [words[s] if isinstance(s, str) else "list[%d]" % len(s) for s in slots]
    return "[%s]%s" % (", ".join(out), " kwnames %r" % (kwnames,) if kwnames else "")


def value_count(shape: tuple) -> int:
    """How many SSA values a stack of this shape holds (see :func:`flatten_state`)."""
    return sum(1 if s == SLOT_VALUE else (0 if s == SLOT_NULL else len(s)) for s in shape[0])
