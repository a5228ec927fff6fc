"""``nb-literal-unroll``: unroll ``for x in literal_unroll(tup)`` loops, one
copy of the body per element of the tuple (Numba's ``literal_unroll``).

IR generation turns the loop into a header block (``nb.iternext`` of
``nb.getiter(nb.call(literal_unroll, tup))`` and a ``nb.cond_br`` into the
body or out of the loop) whose block arguments are the loop-carried
values. The pass replaces the header with ``N + 1`` copies of it and the
body with ``N`` copies, ``N`` being the length of the tuple, known before
typing (a ``nb.build_tuple``, a constant or global tuple, a tuple-typed
function argument, or an item of one of those):

- header copy ``k < N`` takes the carried values as block arguments, sets
  ``x = nb.static_getitem(tup, k)`` (a constant element keeps its literal
  type) and enters body copy ``k``; header copy ``N`` is the exhausted loop
  and branches where the loop exited;
- in body copy ``k`` a back edge (the end of the body, ``continue``) goes
  to header copy ``k + 1``; ``break``, ``return`` and raising leave as
  before; the code before the loop enters header copy 0.

So type inference sees straight-line code in which each copy is typed on
its own: ``x`` may have a different type in each. The body is the blocks
reached from the header's body successor without passing the header and
that the code after the loop (what the exhausted header reaches) does not
reach. A value of the loop used after it (the carried values after a
``break``, say) now has one definition per copy: it is rebuilt as block
arguments where those meet (a small SSA updater). Loops are unrolled one at
a time, so nests work (an inner unrolled loop is copied with its outer
body, then each copy is unrolled). A ``literal_unroll(t)`` call that is not
the iterator of a ``for`` loop is ``t`` itself.

The pass looks at ``nb.global`` ops only until it finds ``literal_unroll``:
a function without it costs one walk over its ops.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Region
from xdsl.passes import ModulePass

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.errors import TypingError, UnsupportedError
from pycomp.frontend.lift_loops import _top_block
from pycomp.special import literal_unroll as _literal_unroll

__all__ = ["unroll_literal_loops", "LiteralUnrollPass"]


@dataclass
class _Loop:
    region: Region
    header: Block
    body: list  # the body's blocks, in an order where definitions come before uses
    iternext: nb.IterNextOp
    call: nb.CallOp
    length: int


def _is_literal_unroll(value) -> bool:
    g = value.owner
    return isinstance(g, nb.GlobalOp) and g.value.data is _literal_unroll


def _unroll_calls(func) -> list:
    """The ``nb.call`` ops of ``literal_unroll`` in ``func``."""
    calls = []
    for op in func.walk():
        if isinstance(op, nb.GlobalOp) and op.value.data is _literal_unroll:
            calls.extend(u.operation for u in op.result.uses
                         if isinstance(u.operation, nb.CallOp) and u.index == 0)
    return calls


def _error(msg: str, op) -> TypingError:
    return TypingError(msg).with_loc(nb.source_loc(op))


def _check_call(call: nb.CallOp) -> None:
    if len(call.args) != 1 or call.kwnames.data:
        raise UnsupportedError("literal_unroll takes one argument, found %d (a tuple, passed by position)"
                               % len(call.operands[1:])).with_loc(nb.source_loc(call))


def _tuple_length(value, call) -> int:
    """The length of the tuple ``value``, known before typing."""
    got = _static_item(value)
    if got is not None:
        kind, v = got
        if isinstance(v, ty.BaseTuple) or (kind == "py" and isinstance(v, (tuple, _Display))):
            return len(v)
        what = "literal_unroll's argument should be a tuple or a list of constant values"
        if _is_entry_arg(value):
            what = "Invalid use of literal_unroll with a function argument: " + what
        raise UnsupportedError("%s, not %s" % (what, _describe(value))).with_loc(nb.source_loc(call))
    raise _error("literal_unroll needs a tuple whose length is known before typing (a tuple display, "
                 "a constant or global tuple, or a tuple argument), not %s" % _describe(value), call)


class _Display(tuple):
    """The items of a tuple or list display (SSA values) as a Python tuple."""


def _static_item(value):
    """What is known about ``value`` before typing: ("py", the Python
    object) for a constant, ("py", a _Display of the item values) for a
    tuple display or a list display nothing else uses, ("type", its type)
    for a typed value; None if nothing."""
    t = nb.type_of(value)
    if t is ty.unknown and _is_entry_arg(value):  # the signature's, in the function type
        t = _signature_type(value)
    if t is not ty.unknown:
        return ("type", t)
    owner = value.owner
    if isinstance(owner, (nb.ConstOp, nb.GlobalOp)):
        return ("py", owner.value.data)
    if isinstance(owner, nb.BuildTupleOp):
        return ("py", _Display(owner.items))
    if isinstance(owner, nb.BuildListOp) and all(_reads_list(u) for u in value.uses):
        return ("py", _Display(owner.items))  # a list never changed: Numba unrolls it as a tuple
    if isinstance(owner, nb.StaticGetItemOp) and isinstance(owner.index.data, (int, slice)):
        got = _static_item(owner.value)
        if got is None:
            return None
        kind, v = got
        k = owner.index.data
        try:
            if kind == "type":
                if not isinstance(v, ty.BaseTuple):
                    return None
                return (kind, v.types[k] if isinstance(k, int) else ty.Tuple(tuple(v.types[k])))
            if isinstance(v, _Display):
                return _static_item(v[k]) if isinstance(k, int) else ("py", _Display(v[k]))
            return ("py", v[k])
        except (IndexError, TypeError, AttributeError, ValueError):
            return None
    return None


def _reads_list(use) -> bool:
    """Whether ``use`` of a list only reads it (a literal_unroll call or an
    index): then the list is a constant and its items can stand for it."""
    op = use.operation
    if isinstance(op, nb.CallOp):
        return use.index == 1 and _is_literal_unroll(op.callee)
    return isinstance(op, (nb.GetItemOp, nb.StaticGetItemOp)) and use.index == 0


def _is_entry_arg(value) -> bool:
    if not isinstance(value, BlockArgument):
        return False
    func = value.block.parent_op()
    return isinstance(func, nb.FuncOp) and value.block is func.body.blocks.first


def _signature_type(arg) -> ty.Type:
    """The type the function type gives entry argument ``arg`` (the JIT
    writes the signature there, leaving the values untyped until type
    inference; IR from pycomp-opt may type the values themselves)."""
    inputs = arg.block.parent_op().function_type.inputs.data
    return inputs[arg.index].data if arg.index < len(inputs) else ty.unknown


def _element(tup, k: int, near, block: Block):
    """Element ``k`` of the tuple ``tup`` for a body copy, added to ``block``:
    the item itself for a display, else ``nb.static_getitem``."""
    got = _static_item(tup)
    if got is not None and isinstance(got[1], _Display):
        return got[1][k]
    op = nb.StaticGetItemOp(tup, k)
    op.location = near.location
    block.add_op(op)
    return op.result


def _describe(value) -> str:
    t = nb.type_of(value)
    if t is not ty.unknown:
        return "a value of type %s" % t
    if isinstance(value, BlockArgument):
        if _is_entry_arg(value):
            return "an argument of unknown type (give its type in the signature)"
        return "a value merged from several paths"
    if isinstance(value.owner, (nb.ConstOp, nb.GlobalOp)):
        return "the %s %r" % (type(value.owner.value.data).__name__, value.owner.value.data)
    return "the result of %s" % value.owner.name


def _successors(blk: Block):
    t = blk.last_op
    return list(t.successors) if t is not None else []


def _reach(starts, stop) -> set:
    """The blocks reached from ``starts`` without passing ``stop``."""
    seen, stack = set(), [b for b in starts if b is not stop]
    while stack:
        b = stack.pop()
        if b in seen:
            continue
        seen.add(b)
        stack.extend(s for s in _successors(b) if s is not stop)
    return seen


def _match(call: nb.CallOp) -> _Loop | None:
    """The loop whose iterator is ``iter(call)``, or None if ``call`` is
    not the iterator of a loop header."""
    uses = list(call.result.uses)
    if len(uses) != 1 or not isinstance(uses[0].operation, nb.GetIterOp):
        return None
    get = uses[0].operation
    nexts = [u.operation for u in get.result.uses]
    if len(nexts) != 1 or not isinstance(nexts[0], nb.IterNextOp):
        return None
    it = nexts[0]
    header = it.parent_block()
    region = header.parent
    ops = list(header.ops)
    if (len(ops) != 2 or ops[0] is not it or not isinstance(ops[1], nb.CondBranchOp)
            or ops[1].cond is not it.valid or header is region.blocks.first):
        raise _error("this literal_unroll loop has a form pycomp cannot unroll", call)
    _check_call(call)
    length = _tuple_length(call.args[0], call)
    br = ops[1]
    after = _reach([br.else_block], header)  # the code after the loop
    body = _reach([br.then_block], header) - after
    if br.then_block is not header and br.then_block not in body:
        raise _error("this literal_unroll loop has a form pycomp cannot unroll", call)
    order, seen = [], set()

    def visit(b):  # reverse post-order of the body: definitions before uses
        seen.add(b)
        for s in _successors(b):
            if s in body and s not in seen:
                visit(s)
        order.append(b)

    if br.then_block in body:
        visit(br.then_block)
    order.reverse()
    return _Loop(region, header, order, it, call, length)


def _rebuild(term, dest: Block, new_dest: Block | None = None, extra=None) -> None:
    """Rebuild terminator ``term`` so each edge to ``dest`` goes to
    ``new_dest`` (default: ``dest``) and passes ``extra`` after its
    arguments."""
    new_dest = new_dest or dest
    extra = list(extra or ())
    if isinstance(term, nb.BranchOp):
        repl = nb.BranchOp(new_dest, list(term.arguments) + extra)
    elif isinstance(term, nb.CondBranchOp):
        t_blk, t_args = term.then_block, list(term.then_arguments)
        e_blk, e_args = term.else_block, list(term.else_arguments)
        if t_blk is dest:
            t_blk, t_args = new_dest, t_args + extra
        if e_blk is dest:
            e_blk, e_args = new_dest, e_args + extra
        repl = nb.CondBranchOp(term.cond, t_blk, t_args, e_blk, e_args)
    else:
        raise UnsupportedError("literal_unroll: cannot redirect %s" % term.name).with_loc(nb.source_loc(term))
    repl.location = term.location
    term.parent_block().insert_op_before(repl, term)
    term.detach()
    term.erase()


def _unroll(loop: _Loop) -> None:
    region, header, it, n = loop.region, loop.header, loop.iternext, loop.length
    br = header.last_op
    loop_blocks = set(loop.body) | {header}
    tup = loop.call.args[0]
    # the values the loop defines that code outside it uses
    defined = list(header.args) + [it.item]
    for b in loop.body:
        defined.extend(b.args)
        for op in b.ops:
            defined.extend(op.results)
    outside_uses = [(use.operation, use.index, v) for v in defined for use in list(v.uses)
                    if _top_block(use.operation, region) not in loop_blocks]

    # header copies 0..n (n: the exhausted loop), then body copies 0..n-1
    heads = []
    anchor = header
    for _ in range(n + 1):
        h = Block(arg_types=[a.type for a in header.args])
        region.insert_block_after(h, anchor)
        anchor = h
        heads.append(h)
    maps = []
    for k in range(n + 1):
        vmap = dict(zip(header.args, heads[k].args))
        if k < n:
            vmap[it.item] = _element(tup, k, it, heads[k])
        maps.append(vmap)
    copies: dict[Block, int] = {}
    for k in range(n):
        bmap = {header: heads[k + 1]}
        for b in loop.body:
            c = Block(arg_types=[a.type for a in b.args])
            region.insert_block_before(c, heads[k + 1])
            bmap[b] = c
            copies[c] = k
            maps[k].update(zip(b.args, c.args))
        for b in loop.body:
            for op in b.ops:
                bmap[b].add_op(op.clone(maps[k], bmap))
        j = nb.BranchOp(bmap.get(br.then_block, br.then_block),
                        [maps[k].get(v, v) for v in br.then_arguments])
        j.location = br.location
        heads[k].add_op(j)
    last = maps[n]
    if it.item in {v for _, _, v in outside_uses} or it.item in set(br.else_arguments):
        undef = nb.UndefOp("literal_unroll item")
        heads[n].add_op(undef)
        last[it.item] = undef.result
    j = nb.BranchOp(br.else_block, [last.get(v, v) for v in br.else_arguments])
    j.location = br.location
    heads[n].add_op(j)

    for p in list(set(header.predecessors())):  # the code before the loop enters copy 0
        if p not in loop_blocks:
            _rebuild(p.last_op, header, heads[0])

    if outside_uses:
        _repair_uses(region, outside_uses, maps, copies, heads, loop_blocks, it)

    get = it.iterator.owner
    nb.erase_blocks(region, [header] + list(loop.body))
    if not get.result.uses:
        get.detach()
        get.erase()
    if not loop.call.result.uses:
        loop.call.detach()
        loop.call.erase()
    if isinstance(tup.owner, nb.BuildListOp) and not tup.uses:
        tup.owner.detach()
        tup.owner.erase()


def _repair_uses(region, outside_uses, maps, copies, heads, loop_blocks, it) -> None:
    """Give each use after the loop of a value defined in it the version
    that reaches it: block arguments where versions from several copies
    meet (a minimal SSA updater)."""
    at_end_of = {h: k for k, h in enumerate(heads)}

    for v in {v for _, _, v in outside_uses}:
        live_in: dict[Block, object] = {}

        def at_end(b):
            k = copies.get(b)
            if k is None:
                k = at_end_of.get(b)
            if k is not None:
                got = maps[k].get(v)
                if got is None:
                    raise UnsupportedError("literal_unroll: a value of the loop is used where it is not "
                                           "defined").with_loc(nb.source_loc(it))
                return got
            return at_start(b)

        def at_start(b):
            if b in live_in:
                return live_in[b]
            preds = [p for p in dict.fromkeys(b.predecessors()) if p not in loop_blocks]
            if not preds:
                raise UnsupportedError("literal_unroll: a value of the loop is used where it is not "
                                       "defined").with_loc(nb.source_loc(it))
            if len(preds) == 1:
                live_in[b] = at_end(preds[0])
                return live_in[b]
            arg = b.insert_arg(v.type, len(b.args))
            live_in[b] = arg
            incoming = [(p, at_end(p)) for p in preds]
            for p, val in incoming:
                _rebuild(p.last_op, b, extra=[val])
            return arg

        for op, index, value in outside_uses:
            if value is v:
                op.operands[index] = at_start(_top_block(op, region))


def unroll_literal_loops(module: ModuleOp) -> None:
    """Unroll every ``for x in literal_unroll(t)`` loop of ``module``'s
    functions; any other call of ``literal_unroll(t)`` becomes ``t``."""
    from pycomp.frontend.untyped_rewrites import simplify_regions

    for func in [op for op in module.ops if isinstance(op, nb.FuncOp)]:
        calls = _unroll_calls(func)
        if not calls:
            continue
        changed = False
        while True:
            loop = None
            for call in calls:
                if call.parent is not None:
                    loop = _match(call)
                    if loop is not None:
                        break
            if loop is None:
                break
            _unroll(loop)
            changed = True
            calls = _unroll_calls(func)
        for call in calls:  # not a loop's iterator: the identity
            _check_call(call)
            call.result.replace_all_uses_with(call.args[0])
            call.detach()
            call.erase()
        if changed:
            simplify_regions(func)


@dataclass(frozen=True)
class LiteralUnrollPass(ModulePass):
    """Unroll `for x in literal_unroll(tup)` loops: one copy of the body per tuple element.

    Copy k sees x = nb.static_getitem(tup, k), so each copy is typed on its
    own (x may change type, constants stay literal). The tuple's length
    must be known before typing. Elsewhere literal_unroll(t) is t.
    """

    name: ClassVar[str] = "nb-literal-unroll"
    imports: ClassVar[tuple] = ("pycomp.frontend.literal_unroll",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        unroll_literal_loops(op)
