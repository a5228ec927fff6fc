"""Control-flow graph of decoded bytecode: basic blocks, dominators,
post-dominators, back edges and natural loops.

``ControlFlowGraph.from_instrs`` splits the instruction list at jump targets
and after terminators and jumps, keeps only blocks reachable from the entry,
and computes the analyses once. ``PYCOMP_DUMP_CFG=1`` prints ``dump()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pycomp.frontend.bytecode import CONDITIONAL_JUMPS, Instr

__all__ = ["BasicBlock", "ControlFlowGraph", "Loop"]


@dataclass
class BasicBlock:
    """A maximal straight-line run of instructions, named by its first offset."""

    start: int
    instrs: list[Instr]
    succs: list[int] = field(default_factory=list)
    preds: list[int] = field(default_factory=list)

    @property
    def last(self) -> Instr:
        return self.instrs[-1]


@dataclass
class Loop:
    header: int
    body: frozenset[int]
    back_edges: tuple[tuple[int, int], ...]


class ControlFlowGraph:
    def __init__(self, blocks: dict[int, BasicBlock], entry: int):
        self.blocks = blocks
        self.entry = entry
        self.order = self._reverse_postorder()
        self.dominators = self._compute_doms(self.order, lambda b: self.blocks[b].preds, entry)
        self.post_dominators = self._post_doms()
        self.back_edges = sorted(
            (u, v) for u in self.order for v in self.blocks[u].succs if v in self.dominators[u]
        )
        self.loops = self._natural_loops()

    # ------------------------------------------------------------ building
    @classmethod
    def from_instrs(cls, instrs: list[Instr]) -> "ControlFlowGraph":
        if not instrs:
            raise ValueError("empty function")
        index_of = {}
        for i, ins in enumerate(instrs):
            index_of.setdefault(ins.offset, i)
        leaders = {0}
        for i, ins in enumerate(instrs):
            if ins.is_jump:
                leaders.add(index_of[ins.argval])
            if ins.is_jump or ins.is_terminator:
                if i + 1 < len(instrs):
                    leaders.add(i + 1)
        starts = sorted(leaders)
        blocks: dict[int, BasicBlock] = {}
        for k, s in enumerate(starts):
            e = starts[k + 1] if k + 1 < len(starts) else len(instrs)
            body = instrs[s:e]
            blk = BasicBlock(body[0].offset, body)
            last = body[-1]
            if last.is_jump:
                target = last.argval
                if last.op in CONDITIONAL_JUMPS and e < len(instrs):
                    blk.succs.append(instrs[e].offset)  # fall-through first
                if target not in blk.succs:
                    blk.succs.append(target)
            elif not last.is_terminator and e < len(instrs):
                blk.succs.append(instrs[e].offset)
            blocks[blk.start] = blk
        entry = instrs[0].offset
        # keep reachable blocks only
        seen, stack = set(), [entry]
        while stack:
            b = stack.pop()
            if b in seen:
                continue
            seen.add(b)
            stack.extend(blocks[b].succs)
        blocks = {k: v for k, v in blocks.items() if k in seen}
        for b in blocks.values():
            for s in b.succs:
                blocks[s].preds.append(b.start)
        if blocks[entry].preds:
            # the first instruction heads a loop (a function that starts with
            # `while True:`): a block of its own enters the loop, so the entry
            # block, which holds the arguments, is never a branch target
            head = blocks[entry].instrs[0]
            start = entry - 1
            enter = BasicBlock(start, [Instr(start, "NOP", None, None, head.line, head.col)], [entry])
            blocks[entry].preds.insert(0, start)
            blocks = {start: enter, **blocks}
            entry = start
        return cls(blocks, entry)

    # ------------------------------------------------------------ analyses
    def _reverse_postorder(self) -> list[int]:
        seen, post = set(), []
        stack = [(self.entry, iter(self.blocks[self.entry].succs))]
        seen.add(self.entry)
        while stack:
            node, it = stack[-1]
            for s in it:
                if s not in seen:
                    seen.add(s)
                    stack.append((s, iter(self.blocks[s].succs)))
                    break
            else:
                post.append(node)
                stack.pop()
        return post[::-1]

    @staticmethod
    def _compute_doms(order, preds_of, entry) -> dict[int, frozenset[int]]:
        """Iterative dataflow: dom(n) = {n} | intersection of dom(preds)."""
        everything = frozenset(order)
        doms = {n: everything for n in order}
        doms[entry] = frozenset([entry])
        changed = True
        while changed:
            changed = False
            for n in order:
                if n == entry:
                    continue
                ps = [doms[p] for p in preds_of(n) if p in doms]
                new = frozenset.intersection(*ps) | {n} if ps else frozenset([n])
                if new != doms[n]:
                    doms[n] = new
                    changed = True
        return doms

    def _post_doms(self) -> dict[int, frozenset[int]]:
        exits = [b for b in self.order if not self.blocks[b].succs]
        virtual = -1
        order = [virtual] + self.order[::-1]

        def preds_of(n):  # predecessors in the reversed graph = successors
            if n == virtual:
                return []
            succs = self.blocks[n].succs
            return succs if succs else [virtual]

        pd = self._compute_doms(order, preds_of, virtual)
        del exits
        return {n: s - {virtual} for n, s in pd.items() if n != virtual}

    def _natural_loops(self) -> list[Loop]:
        by_header: dict[int, list[tuple[int, int]]] = {}
        for u, v in self.back_edges:
            by_header.setdefault(v, []).append((u, v))
        loops = []
        for header, edges in sorted(by_header.items()):
            body = {header}
            stack = [u for u, _ in edges]
            while stack:
                n = stack.pop()
                if n not in body:
                    body.add(n)
                    stack.extend(self.blocks[n].preds)
            loops.append(Loop(header, frozenset(body), tuple(edges)))
        return loops

    def immediate_dominator(self, n: int) -> int | None:
        strict = self.dominators[n] - {n}
        for d in strict:
            if all(o in self.dominators[d] for o in strict):
                return d
        return None

    # ------------------------------------------------------------ printing
    def dump(self, name: str = "") -> str:
        lines = ["CFG %s: entry %d, %d blocks" % (name, self.entry, len(self.blocks))]
        for b in self.order:
            blk = self.blocks[b]
            idom = self.immediate_dominator(b)
            lines.append(
                "  block %d: preds %s succs %s idom %s" % (b, sorted(blk.preds), blk.succs, idom)
            )
            for ins in blk.instrs:
                lines.append("    " + str(ins))
        lines.append("  back edges: %s" % ", ".join("%d->%d" % e for e in self.back_edges))
        for lp in self.loops:
            lines.append("  loop header %d body %s" % (lp.header, sorted(lp.body)))
        lines.append("  post-dominators:")
        for b in self.order:
            lines.append("    %d: %s" % (b, sorted(self.post_dominators[b])))
        return "\n".join(lines)
