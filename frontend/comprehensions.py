"""List comprehensions as CPython 3.12+ compiles them (PEP 709: inlined in
the function, ``LOAD_FAST_AND_CLEAR x; SWAP; BUILD_LIST 0; SWAP; FOR_ITER
... LIST_APPEND ... END_FOR; SWAP; STORE_FAST x``). The IR generator
builds the list before the loop (a pending list carried into a loop
header becomes an ``nb.build_list``) and appends to it; the exception-table
entry CPython adds only restores the loop variable when the loop raises,
which compiled code cannot catch, so it is ignored. On 3.11 a
comprehension is a nested code object (``<listcomp>``) called with the
iterator: it compiles as an inner function (frontend/closures.py).
"""

from __future__ import annotations

import dis

__all__ = ["only_comprehension_cleanups"]


def only_comprehension_cleanups(code) -> bool:
    """Whether every exception-table entry of ``code`` is an inlined
    comprehension's (3.12+): a handler that only puts the saved loop
    variables back (``SWAP 2; POP_TOP; SWAP 2; STORE_FAST x...; RERAISE``)."""
    parse = getattr(dis, "_parse_exception_table", None)
    if parse is None:
        return False
    by_offset = {i.offset: i for i in dis.get_instructions(code)}
    offsets = sorted(by_offset)
    for entry in parse(code):
        k = offsets.index(entry.target) if entry.target in by_offset else None
        if k is None:
            return False
        ops = [by_offset[o].opname for o in offsets[k:k + 8]]
        if ops[:3] != ["SWAP", "POP_TOP", "SWAP"]:
            return False
        rest = ops[3:]
        n = 0
        while n < len(rest) and rest[n] == "STORE_FAST":
            n += 1
        if n == 0 or n == len(rest) or rest[n] != "RERAISE":
            return False
    return True
