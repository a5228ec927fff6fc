"""The commit phase of type inference: writing the types found into the IR.

Once the worklist of ``nb-type-infer`` (frontend/typeinfer.py) reaches its
fixed point, this phase checks every value is typed, folds the branches
decided by types and deletes unreachable blocks, replaces calls typing
answered at compile time (isinstance, getattr), rewrites calls with
keywords, defaults or ``*args`` into positional ones, turns operators typed
by an ``@overload`` into calls of the implementation, and makes every
conversion an explicit ``nb.cast`` so lowering sees operands of exactly the
types it implements.
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.dialects.nb_flow import target_arg as _target_arg
from pycomp.errors import TypingError
from pycomp.frontend.typing.context import typeof_constant
from pycomp.frontend.typing.implemented import call_attribute_implementation, implementation_global
from pycomp.frontend.typing.templates import Folded, implemented_attributes
from pycomp.signature import Signature

__all__ = ["CommitPhase"]


class CommitPhase:
    """The commit methods of the inference (a mixin of typeinfer._Inference:
    they read its ``types``, ``sigs``, ``callees``, ``implementations``,
    ``call_plans``, ``unpack_iters``, ``constant_branches``, ``reachable``
    and ``rule_ops``)."""

    def check_all_typed(self):
        self._prune_unreachable()
        for blk in nb.walk_blocks(self.func):
            for arg in blk.args:
                if arg not in self.types:
                    raise TypingError("cannot infer the type of a variable (used before assignment?)")
            for op in blk.ops:
                if isinstance(op, nb.UndefOp):
                    continue
                for r in op.results:
                    if r not in self.types and r.uses:
                        raise TypingError("cannot infer the type of this value").with_loc(nb.source_loc(op))

    def _prune_unreachable(self):
        """Fold branches decided by types and delete blocks never reached."""
        for op, taken in self.constant_branches.items():
            dest = op.then_block if taken else op.else_block
            args = op.then_arguments if taken else op.else_arguments
            new = nb.BranchOp(dest, list(args))
            new.location = op.location
            op.parent_block().insert_op_before(new, op)
            op.detach()
            op.erase()
        for region in nb.walk_regions(self.func):  # outer first: a dead block's bodies go with it
            nb.erase_blocks(region, [b for b in region.blocks if b not in self.reachable])

    def _apply_folds(self):
        """Replace the calls typing answered at compile time (Folded
        signatures: isinstance, getattr) by what they fold to, and give an
        nb.unpack of an iterable its iterator (an nb.getiter before it)."""
        for op, it in self.unpack_iters.items():
            if self.types[op.value] is not it:  # not already an iterator
                get = nb.GetIterOp(op.value)
                get.location = op.location
                op.parent_block().insert_op_before(get, op)
                self.types[get.result] = it
                op.operands[0] = get.result
        for op, sig in list(self.sigs.items()):
            if isinstance(sig, Folded):
                del self.sigs[op]
                _fold_call(op, sig, self.types)

    def _fold_call_arguments(self):
        """Rewrite calls to jitted functions that pass keywords or rely on
        defaults into calls with every argument in positional order."""
        for op, plan in self.call_plans.items():
            npos = len(op.args) - len(op.kwnames.data)
            by_name = {k.data: op.args[npos + i] for i, k in enumerate(op.kwnames.data)}
            new_args = []
            for kind, what in plan:
                if kind == "env":  # a closure's environment: the callee value
                    new_args.append(op.callee)
                elif kind == "recv":  # a method's receiver: what the nb.getattr bound it to
                    new_args.append(op.callee.owner.value)
                elif kind == "pos":
                    new_args.append(op.args[what])
                elif kind == "kw":
                    new_args.append(by_name[what])
                elif kind == "varargs":  # *args: the extra positional arguments as a tuple
                    items = [op.args[i] for i in what]
                    tup = nb.BuildTupleOp(items)
                    tup.location = op.location
                    op.parent_block().insert_op_before(tup, op)
                    t = ty.Tuple([self.types[v] for v in items])
                    nb.set_type(tup.result, t)
                    self.types[tup.result] = t
                    new_args.append(tup.result)
                else:
                    new_args.append(self._constant_before(op, what))
            self._replace_by_call(op, self._implementation_callee(op), new_args)

    def _implementation_callee(self, op):
        """The callee of ``op`` once folded: the implementation's dispatcher
        for a call typed by an @overload, else the same."""
        disp = self.implementations.get(op)
        return op.callee if disp is None else implementation_global(op, disp, self.types)

    def commit(self):
        """Write types into the IR and make every conversion an nb.cast."""
        self._apply_folds()
        self._fold_call_arguments()
        types = self.types
        for blk in nb.walk_blocks(self.func):
            for arg in blk.args:
                nb.set_type(arg, types[arg])
            for op in list(blk.ops):
                if isinstance(op, nb.UndefOp):
                    feeds = [types[a] for a in (_target_arg(u) for u in op.result.uses)
                             if a is not None and a in types]
                    nb.set_type(op.result, feeds[0] if feeds else ty.none)
                    continue
                for r in op.results:
                    if r in types:
                        nb.set_type(r, types[r])
        for blk in list(nb.walk_blocks(self.func)):
            for op in list(blk.ops):
                rule = self.rule_ops.get(op)
                if rule is not None:
                    rule.commit(self, op)
                if not isinstance(op, nb.CallOp) and op in self.implementations:
                    op = self._operator_as_call(op)
                if isinstance(op, nb.GetAttrOp) and implemented_attributes:
                    disp = implemented_attributes.get((self.types.get(op.value), op.attr.data))
                    if disp is not None:
                        call_attribute_implementation(op, disp, self.types, self.callees)
                        continue
                sig = self.sigs.get(op)
                if sig is not None:
                    self._cast_operands(op, sig)
                elif isinstance(op, nb.BranchOp):
                    self._cast_edge(op, op.dest, list(op.arguments), 0)
                elif isinstance(op, nb.CondBranchOp):
                    self._cast_edge(op, op.then_block, list(op.then_arguments), 1)
                    self._cast_edge(op, op.else_block, list(op.else_arguments), 1 + len(op.then_arguments))
                elif isinstance(op, nb.ReturnOp):
                    self._cast_at(op, 0, self.return_type)
                elif isinstance(op, nb.CellSetOp):
                    self._cast_at(op, 1, nb.type_of(op.cell).type)
        self.func.set_signature(self.arg_types, self.return_type)

    def _operator_as_call(self, op):
        """Replace operator ``op`` (typed by an @overload) by a call of its
        implementation with its operands; the call, to be cast as usual."""
        disp = self.implementations.pop(op)
        operands = list(op.operands)
        if isinstance(op, nb.StaticGetItemOp):  # its index is an attribute: made a constant operand
            operands.append(self._constant_before(op, op.index.data))
        return self._replace_by_call(op, implementation_global(op, disp, self.types), operands)

    def _constant_before(self, op, value) -> SSAValue:
        """An ``nb.const`` of ``value`` inserted before ``op``; its result."""
        c = nb.ConstOp(value, typeof_constant(value))
        c.location = op.location
        op.parent_block().insert_op_before(c, op)
        self.types[c.result] = typeof_constant(value)
        return c.result

    def _replace_by_call(self, op, callee, args):
        """Replace ``op`` (typed, with one result or, as ``nb.setitem``,
        none) by ``nb.call callee(args)`` carrying its signature and callee
        record; the new call."""
        result_type = nb.type_of(op.result) if op.results else ty.none
        call = nb.CallOp(callee, args, (), result_type)
        call.location = op.location
        op.parent_block().insert_op_before(call, op)
        if op.results:
            self.types[call.result] = self.types[op.result]
            op.result.replace_all_uses_with(call.result)
        else:
            self.types[call.result] = ty.none
            nb.set_type(call.result, ty.none)
        self.sigs[call] = self.sigs.pop(op)
        self.callees[call] = self.callees.pop(op)
        op.detach()
        op.erase()
        return call

    def _cast_at(self, op, index, target: ty.Type):
        v = op.operands[index]
        if nb.type_of(v) is target:
            return
        cast = nb.CastOp(v, target)
        cast.location = op.location
        op.parent_block().insert_op_before(cast, op)
        op.operands[index] = cast.result

    def _cast_operands(self, op, sig: Signature):
        if isinstance(op, nb.CallOp):
            first = 1
        else:
            first = 0
        for i, t in enumerate(sig.args):
            if first + i < len(op.operands):
                self._cast_at(op, first + i, t)

    def _cast_edge(self, op, succ, values, base):
        for i, (arg, v) in enumerate(zip(succ.args, values)):
            self._cast_at(op, base + i, nb.type_of(arg))


def _fold_call(op, sig: Folded, types: dict) -> None:
    """Replace call ``op`` by its fold (see Folded) and erase the pure ops
    (the callee, a tuple of classes, the name) only it used."""
    kind, what = sig.fold
    if kind == "arg":
        value = op.args[what]
    else:
        new = nb.ConstOp(what, sig.return_type) if kind == "const" else nb.GetAttrOp(op.args[0], what)
        new.location = op.location
        op.parent_block().insert_op_before(new, op)
        value = new.result
        types[value] = sig.return_type
    op.result.replace_all_uses_with(value)
    dead = list(op.operands)
    op.detach()
    op.erase()
    while dead:
        v = dead.pop()
        owner = v.owner
        if isinstance(owner, (nb.ConstOp, nb.GlobalOp, nb.BuildTupleOp)) and not v.uses and owner.parent is not None:
            dead.extend(owner.operands)
            owner.detach()
            owner.erase()
