"""Reference counting made explicit: ``nb-insert-refcounts``.

Arrays made in compiled code live in reference-counted memory blocks of the
runtime (csrc/nrt.c). A value whose type holds such references
(:func:`pycomp.types.has_references`) owns one when an op that makes
references made it:

- an ``nb.call`` returns a new reference (an allocation, a jitted callee's
  result; an implementation that returns a view of an argument increfs it);
- an ``nb.for_range``'s results and every block argument receive one over
  their edges: a value passed along a CFG edge (branch operands into block
  arguments, ``nb.for_range`` inits and ``nb.yield`` operands into the
  carried values, ``nb.return``'s operand to the caller) is handed over
  with an ``nb.incref`` on the edge;
- ``nb.undef`` and ``nb.cell_get`` make owned values too (no memory block;
  the cell's content increfed by the lowering), as does any other op not
  in :data:`BORROWING_OPS` (an array operator's new array).

The results of the ops in :data:`BORROWING_OPS` (a view ``a[i]`` or
``a[1:-1]``, not ``a[mask]``, which copies; a tuple
member, a cast, a tuple of arrays, an array iterator's row) borrow from
their operands and own nothing: a use of it counts as a use of what it borrows from (an iterator
too: it reads the array it iterates; a bound method ``lst.copy`` its
receiver), which stays alive until then. The
function's arguments are borrowed from the caller for the whole call; in a
body, the values of the enclosing code are kept alive by it across the op.
So a kernel that only reads and slices its arguments has no reference
counting at all.

A value owning a reference is released (``nb.decref``) right after its
last use, found by liveness over each region's CFG (a use by an op with a
body counts at that op). A value that dies on one edge of a ``nb.cond_br``
only is released in a block of its own on that edge. An ``nb.incref`` and
an ``nb.decref`` of one value at one place cancel (a value handed over
where it dies), so a function that only passes its allocation on
(``return np.zeros(n)``) has no reference counting either.

Exceptions raised inside an op (a failed bounds check, a callee's error)
release what is live at that op: :class:`PendingReferences` tells the
lowering which values those are.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Region
from xdsl.passes import ModulePass
from xdsl.traits import IsTerminator

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.dialects.nb_memory import DecRefOp, IncRefOp
from pycomp.dialects.nb_structured import ForRangeOp, YieldOp
from pycomp.types import has_references

__all__ = ["insert_refcounts", "InsertRefcountsPass", "PendingReferences", "function_has_references",
           "makes_references", "BORROWING_OPS"]


def _rc(v) -> bool:
    return has_references(nb.type_of(v))


def function_has_references(func) -> bool:
    """Whether any value of ``func`` holds references (else the pass and the
    lowering's cleanup tracking have nothing to do)."""
    for blk in nb.walk_blocks(func):
        for a in blk.args:
            if _rc(a):
                return True
        for op in blk.ops:
            for r in op.results:
                if _rc(r):
                    return True
    return False


# ------------------------------------------------------------------ liveness


class _RegionLiveness:
    """Liveness of the values a region owns (``tracked``: block arguments and
    op results of its own blocks holding references, less the function's
    arguments) over the region's CFG."""

    def __init__(self, region: Region, is_function_body: bool):
        self.region = region
        blocks = list(region.blocks)
        self.blocks = blocks
        tracked = set()
        for i, blk in enumerate(blocks):
            if not (is_function_body and i == 0):
                tracked.update(a for a in blk.args if _rc(a))
            for op in blk.ops:
                if makes_references(op):
                    tracked.update(r for r in op.results if _rc(r))
        self.tracked = tracked
        self.uses: dict = {}  # op -> tracked values it uses (operands, through bodies and iterators)
        for blk in blocks:
            for op in blk.ops:
                self.uses[op] = self._uses_of(op)
        self.live_in: dict = {blk: set() for blk in blocks}
        self.live_out: dict = {blk: set() for blk in blocks}
        self._solve()

    def _uses_of(self, op) -> set:
        found = set()
        stack = list(op.operands)
        if op.regions:
            for inner in _nested_ops(op):
                stack.extend(inner.operands)
        seen = set()
        while stack:
            v = stack.pop()
            if v in seen:
                continue
            seen.add(v)
            if v in self.tracked:
                found.add(v)
            elif not isinstance(v.owner, Block) and not makes_references(v.owner) \
                    and (_rc(v) or isinstance(nb.type_of(v), (ty.IteratorType, ty.BoundFunction))):
                # a view, an iterator, a bound method (lst.copy): a use of what it borrows from
                stack.extend(v.owner.operands)
        return found

    def _solve(self) -> None:
        gen, kill = {}, {}
        for blk in self.blocks:
            defined = set(a for a in blk.args if a in self.tracked)
            g = set()
            for op in blk.ops:
                g.update(u for u in self.uses[op] if u not in defined)
                defined.update(r for r in op.results if r in self.tracked)
            gen[blk], kill[blk] = g, defined
        changed = True
        order = self.blocks[::-1]
        while changed:
            changed = False
            for blk in order:
                out = set()
                for s in _successors(blk):
                    out |= self.live_in.get(s, set())
                new_in = gen[blk] | (out - kill[blk])
                if out != self.live_out[blk] or new_in != self.live_in[blk]:
                    self.live_out[blk], self.live_in[blk] = out, new_in
                    changed = True


def _successors(blk):
    last = blk.last_op
    return list(last.successors) if last is not None else []


def _nested_ops(op):
    for region in op.regions:
        for blk in region.blocks:
            for inner in blk.ops:
                yield inner
                if inner.regions:
                    yield from _nested_ops(inner)


# ------------------------------------------------------------------ the rewrite


def _forwarded(op) -> list:
    """The values ``op`` hands over along an edge (one reference each)."""
    if isinstance(op, nb.BranchOp):
        return list(op.arguments)
    if isinstance(op, nb.CondBranchOp):
        return list(op.then_arguments) + list(op.else_arguments)
    if isinstance(op, (nb.ReturnOp, YieldOp)):
        return list(op.operands)
    if isinstance(op, ForRangeOp):
        return list(op.inits)
    return []


#: the ops whose results borrow from their operands (a view, a member, a
#: cast, an iterator); every other op's results own a new reference
BORROWING_OPS = {"nb.getitem", "nb.static_getitem", "nb.getattr", "nb.cast", "nb.build_tuple", "nb.unpack",
                 "nb.getiter", "nb.iternext", "nb.closure_cell", "nb.incref", "nb.decref",
                 "nb.global", "nb.const"}  # constants (a frozen global array) are static: nothing owns them


def makes_references(op) -> bool:
    """Whether ``op``'s results own references (see the module text): all
    but those of :data:`BORROWING_OPS` (a dialect from outside adds the
    names of its borrowing ops there). ``a[index]`` with an index array
    (advanced indexing) copies: it owns its new array; an item or a slice
    of a container whose type says ``item_is_new_reference`` (a list: the
    list may drop its own; a string: ``s[i]`` is a new string) owns its
    reference."""
    if op.name == "nb.getitem" and has_references(nb.type_of(op.operands[1])):
        return True
    if op.name in ("nb.getitem", "nb.static_getitem") and \
            getattr(nb.type_of(op.operands[0]), "item_is_new_reference", False):
        return True
    return op.name not in BORROWING_OPS


def _ref_op(cls, value, where):
    new = cls(value)
    new.location = where.location
    return new


def insert_refcounts(func) -> None:
    """Make ``func``'s reference counting explicit (see the module text)."""
    if not function_has_references(func):
        return
    _rewrite_region(func.body, is_function_body=True)


def _rewrite_region(region: Region, is_function_body: bool) -> None:
    for blk in list(region.blocks):
        for op in list(blk.ops):
            if isinstance(op, ForRangeOp):
                _rewrite_region(op.body, is_function_body=False)
    live = _RegionLiveness(region, is_function_body)
    for blk in list(live.blocks):
        _rewrite_block(blk, live)


def _rewrite_block(blk: Block, live: _RegionLiveness) -> None:
    tracked = live.tracked
    ops = list(blk.ops)
    term = ops[-1] if ops and ops[-1].has_trait(IsTerminator) else None
    last_use: dict = {}
    for op in ops:
        for u in live.uses[op]:
            last_use[u] = op
    live_out = live.live_out[blk]
    # values defined here and never used: released where they are made
    for a in blk.args:
        if a in tracked and a not in last_use and a not in live_out:
            _insert_at_start(blk, _ref_op(DecRefOp, a, blk.first_op or term))
    for op in ops:
        if op is term:
            break
        news = []
        for r in op.results:
            if r in tracked and r not in last_use and r not in live_out:
                news.append(_ref_op(DecRefOp, r, op))
        dying = [u for u in live.uses[op] if last_use.get(u) is op and u not in live_out]
        news.extend(_ref_op(DecRefOp, u, op) for u in sorted(dying, key=_order_key))
        if isinstance(op, ForRangeOp):  # inits handed over to the carried values, before the op
            for v in op.inits:
                if _rc(v):
                    blk.insert_op_before(_ref_op(IncRefOp, v, op), op)
        _insert_after(blk, op, news)
    if term is None:
        return
    # the terminator: hand over what it forwards, release what dies on each edge
    pending = set(live_out) | {u for u, o in last_use.items() if o is term}
    if isinstance(term, nb.CondBranchOp):
        edges = [(term.then_block, list(term.then_arguments)), (term.else_block, list(term.else_arguments))]
        plans = [_edge_plan(fwd, pending - live.live_in.get(s, set())) for s, fwd in edges]
        if plans[0] == plans[1]:
            _emit_plan(blk, term, plans[0])
        else:
            for k, plan in enumerate(plans):
                if plan:
                    _split_edge(blk, term, k, plan)
        return
    dies = set(pending)
    for s in _successors(blk):
        dies -= live.live_in.get(s, set())
    _emit_plan(blk, term, _edge_plan([v for v in _forwarded(term)], dies))


def _order_key(v):
    return (0, v.index) if isinstance(v.owner, Block) else (1, id(v.owner))


def _edge_plan(forwarded, dies) -> list:
    """What one edge does, as ``[(value, +n or -1)]``: a reference for each
    forwarded value, the release of each value dying there; cancelled."""
    net = Counter(v for v in forwarded if _rc(v))
    for v in dies:
        net[v] -= 1
    return [(v, n) for v, n in sorted(net.items(), key=lambda kv: _order_key(kv[0])) if n]


def _emit_plan(blk, before, plan) -> None:
    """Increfs first: a value handed over may borrow from one that dies here."""
    plan = sorted(plan, key=lambda vn: vn[1] < 0)
    for v, n in plan:
        cls = IncRefOp if n > 0 else DecRefOp
        for _ in range(abs(n)):
            blk.insert_op_before(_ref_op(cls, v, before), before)


def _split_edge(blk, term, k: int, plan) -> None:
    """Put edge ``k`` of ``term`` (a cond_br) through a new block doing ``plan``."""
    succ = term.successors[k]
    args = list(term.then_arguments if k == 0 else term.else_arguments)
    edge = Block()
    blk.parent.insert_block_after(edge, blk)
    br = nb.BranchOp(succ, args)
    br.location = term.location
    edge.add_op(br)
    _emit_plan(edge, br, plan)
    then_args = list(term.then_arguments) if k == 1 else []
    else_args = list(term.else_arguments) if k == 0 else []
    new = nb.CondBranchOp(term.cond, edge if k == 0 else term.then_block, then_args,
                          edge if k == 1 else term.else_block, else_args)
    new.location = term.location
    blk.insert_op_before(new, term)
    term.detach()
    term.erase()


def _insert_at_start(blk, op) -> None:
    first = blk.first_op
    if first is None:
        blk.add_op(op)
    else:
        blk.insert_op_before(op, first)


def _insert_after(blk, op, news) -> None:
    anchor = op
    for new in news:
        blk.insert_op_after(new, anchor)
        anchor = new


# ------------------------------------------------------------------ what an exception releases


class PendingReferences:
    """The owned values live at each op of a function with references, for
    the lowering: an exception raised inside an op releases them (the
    values made before it on its path and not released yet)."""

    def __init__(self):
        self.live: dict = {}  # region -> _RegionLiveness

    def at_block_start(self, blk: Block, outer: list) -> list:
        """The values owned at the start of ``blk``: ``outer`` (those of the
        code around its region) and its region's values live into it."""
        region = blk.parent
        live = self.live.get(region)
        if live is None:
            parent = region.parent_op()
            live = self.live[region] = _RegionLiveness(region, isinstance(parent, nb.FuncOp))
        owned = [a for a in blk.args if a in live.tracked]
        owned += sorted(live.live_in[blk], key=_order_key)
        return list(outer) + [v for v in owned if v not in outer]


# ------------------------------------------------------------------ the pass (registered in pycomp.passes.PASS_TABLE)

@dataclass(frozen=True)
class InsertRefcountsPass(ModulePass):
    """Make reference counting explicit: nb.incref/nb.decref where values holding arrays are handed over and die.

    Every value whose type holds references to run-time memory owns one
    (function arguments are borrowed): results borrowed from an operand are
    increfed, values handed over along an edge (branch arguments, loop
    carried values, the returned value) get a reference of their own, and
    each value is released after its last use, on the edge where it dies
    if only one edge of a conditional branch kills it. Increfs and decrefs
    of one value at one place cancel. Functions without such values are
    left as they are.
    """

    name: ClassVar[str] = "nb-insert-refcounts"
    imports: ClassVar[tuple] = ("pycomp.lowering.refcounts",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.ops:
            if isinstance(f, nb.FuncOp):
                insert_refcounts(f)
