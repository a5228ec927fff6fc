"""Type inference over the nb dialect (the ``nb-type-infer`` pass).

A worklist over ops: an op is (re)typed when all its operand types are
known; when a value's type changes, its users are queued. Values flowing
into one block argument, and all returned values, are *unified* (the least
type all convert to without loss: int64 and float64 give float64), so
types only go up the lattice and the fixed point is reached quickly.

Calls, operators, attributes and subscripts are resolved through the typing
context's templates; the chosen signatures are then made explicit: where an
operand's type differs from the signature's parameter type an ``nb.cast`` is
inserted, so lowering sees operands of exactly the types it implements.
A call to another jitted function asks that dispatcher for the callee's
signature (typing it, without generating code). Self-recursion without an
explicit signature is typed from the non-recursive returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import BlockArgument, Operation, SSAValue
from xdsl.passes import ModulePass

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.errors import CompilerError, TypingError, UnsupportedError
from pycomp.frontend.typing.commit import CommitPhase
from pycomp.frontend.typing.context import TypingContext, typeof_constant
from pycomp.frontend.typing.globalvalues import typeof_global
from pycomp.frontend.typing.conversions import can_convert, unify_types
from pycomp.frontend.typing.iterators import iterator_type, not_iterable
from pycomp.frontend.typing.listrefine import waits_for_list_type
from pycomp.frontend.typing.starcalls import expand_star_call
from pycomp.frontend.typing.templates import Folded, Implemented
from pycomp.dialects.nb_flow import incoming_values as _incoming
from pycomp.dialects.nb_flow import target_arg as _target_arg
from pycomp.oprules import typing_rule_for
from pycomp.signature import Signature

__all__ = ["infer_types", "infer_module", "typeof_global", "TypingResult", "default_typing_context", "TypeInferPass"]


@dataclass
class TypingResult:
    arg_types: tuple
    return_type: ty.Type
    #: chosen signatures of calls into other jitted functions: op -> (dispatcher, sig)
    callees: dict = field(default_factory=dict)


class _Inference(CommitPhase):
    def __init__(self, ctx: TypingContext, func: nb.FuncOp, arg_types, return_type=None, self_dispatcher=None):
        self.ctx = ctx
        self.func = func
        self.types: dict[SSAValue, ty.Type] = {}
        self.sigs: dict[Operation, Signature] = {}
        self.callees: dict = {}
        self.return_type = return_type
        self.declared_return = return_type
        self.self_dispatcher = self_dispatcher
        self.recursive_sites: list[Operation] = []
        self.arg_types = tuple(arg_types)
        entry = func.body.blocks.first
        if len(entry.args) != len(self.arg_types):
            raise TypingError("%s takes %d arguments, got %d types"
                              % (func.sym_name.data, len(entry.args), len(self.arg_types)))
        for a, t in zip(entry.args, self.arg_types):
            self.types[a] = t
        self.work: list[Operation] = []
        self.queued: set[Operation] = set()
        self.reachable: set = set()
        self.constant_branches: dict = {}  # cond_br -> the successor always taken
        self.call_plans: dict = {}  # call op -> how its arguments map to parameters
        self.implementations: dict = {}  # call op -> the dispatcher of its @overload implementation
        self.unpack_iters: dict = {}  # nb.unpack of an iterable -> its iterator type
        self.deferred: dict = {}  # op -> the TypingError it gave while an operand was none
        self.rule_ops: dict = {}  # op typed by a rule registered by name -> the rule (see pycomp.oprules)

    # ------------------------------------------------------------ worklist
    def push(self, op: Operation):
        if op not in self.queued and op.parent_block() in self.reachable:
            self.queued.add(op)
            self.work.append(op)

    def mark_reachable(self, block):
        """Type a block only once control can reach it: branches on
        conditions known from types alone (``x is None`` where ``x`` is an
        int) reach one side, so the other is never typed (Numba's dead
        branch pruning, done during inference)."""
        if block not in self.reachable:
            self.reachable.add(block)
            for op in reversed(list(block.ops)):
                self.push(op)

    def assign(self, value: SSAValue, t: ty.Type, op: Operation, what: str = "value"):
        old = self.types.get(value)
        if old is t:
            return
        if old is None:
            new = t
        else:
            new = unify_types(old, t)
            if new is None and _is_function_value(old) and _is_function_value(t):
                raise TypingError("a variable holds different functions on different paths (%s and %s): "
                                  "a function value must be the same function on every path"
                                  % (_function_name(old), _function_name(t))).with_loc(nb.source_loc(op))
            if new is None:
                raise TypingError("cannot unify %s and %s for %s" % (old, t, what)).with_loc(nb.source_loc(op))
            if new is old:
                return
        self.types[value] = new
        for use in value.uses:
            self.push(use.operation)

    def run(self) -> TypingResult:
        self.mark_reachable(self.func.body.blocks.first)
        self.drain()
        if self.return_type is None and not self.returns_reachable():
            # it only raises: its return type is none, as in Numba
            self.return_type = ty.none
            for site in self.recursive_sites:
                self.push(site)
            self.drain()
        self.raise_deferred()
        if self.return_type is None:
            raise TypingError("cannot infer the return type of %s (does it recurse without a base case?)"
                              % self.func.sym_name.data)
        self.check_all_typed()
        self.commit()
        return TypingResult(self.arg_types, self.return_type, self.callees)

    def drain(self):
        while self.work:
            op = self.work.pop()
            self.queued.discard(op)
            try:
                self.visit(op)
                self.deferred.pop(op, None)
            except CompilerError as e:
                ts = self.operand_types(op) or ()
                if isinstance(e, TypingError) and any(t is ty.none for t in ts):
                    # a none may still become optional(T) at a merge that
                    # has not seen all its values yet: decide at the end
                    self.deferred[op] = e.with_loc(nb.source_loc(op))
                    continue
                raise e.with_loc(nb.source_loc(op))

    def raise_deferred(self):
        for op, e in self.deferred.items():
            if op.parent_block() in self.reachable:
                raise e

    def returns_reachable(self) -> bool:
        return any(isinstance(blk.last_op, nb.ReturnOp) for blk in self.reachable)

    def operand_types(self, op: Operation):
        out = []
        for v in op.operands:
            t = self.types.get(v)
            if t is None:
                return None
            out.append(t)
        return tuple(out)

    # ------------------------------------------------------------ the state rules see (pycomp.oprules)
    def type_of(self, value):
        return self.types.get(value)

    def enter(self, block):
        self.mark_reachable(block)

    def cast_operand(self, op, index: int, t: ty.Type) -> None:
        self._cast_at(op, index, t)

    def visit_by_rule(self, op: Operation):
        rule = typing_rule_for(op.name)
        if rule is None:
            raise UnsupportedError("type inference does not know %s (no typing rule is registered for it)"
                                   % op.name)
        if getattr(rule, "partial", False):  # typed as operands become known (None: not yet)
            ts = tuple(self.types.get(v) for v in op.operands)
        else:
            ts = self.operand_types(op)
            if ts is None:
                return
        self.rule_ops[op] = rule
        sig = rule.infer(self, op, ts)
        if isinstance(sig, Signature):
            self.sigs[op] = sig

    # ------------------------------------------------------------ rules
    def visit(self, op: Operation):
        m = getattr(self, "visit_" + type(op).__name__, None)
        if m is None:
            return self.visit_by_rule(op)
        if isinstance(op, (nb.ConstOp, nb.GlobalOp, nb.UndefOp)):
            return m(op)
        if isinstance(op, nb.CellSetOp):  # the stored value types the cell
            t = self.types.get(op.value)
            return None if t is None else m(op, t)
        ts = self.operand_types(op)
        if ts is None:
            if isinstance(op, (nb.BranchOp, nb.CondBranchOp)):
                return m(op, ts)
            return
        if waits_for_list_type(self, op, ts):  # an empty list's item type comes from its uses (typing/lists.py)
            return
        m(op, ts)

    def visit_ConstOp(self, op):
        self.assign(op.result, typeof_constant(op.value.data), op)

    def visit_GlobalOp(self, op):
        self.assign(op.result, typeof_global(self.ctx, op.value.data), op)

    def visit_UndefOp(self, op):
        pass

    def _resolved(self, op, sig: Signature, result: SSAValue | None = None):
        old = self.sigs.get(op)
        self.sigs[op] = sig
        if isinstance(old, Folded) and old != sig and result is not None:
            # a folded constant changed with its argument types: the
            # branches on it are decided again
            self._redecide_branches_on(result)
        if result is not None:
            self.assign(result, sig.return_type, op)

    def _redecide_branches_on(self, value):
        """Revisit the users of ``value`` (through an nb.truth too): a branch
        decided from it at compile time is decided again."""
        for use in value.uses:
            self.push(use.operation)
            if isinstance(use.operation, nb.TruthOp):
                for u in use.operation.result.uses:
                    self.push(u.operation)

    def visit_BinOp(self, op, ts):
        self._resolved_op(op, self.ctx.resolve_op(op.op.data, ts), ts)
        if op.op.data in ("is", "is not"):
            # a branch on it may be decided by the operand types, which
            # changed (none -> optional(T)): decide again
            self._redecide_branches_on(op.result)

    def visit_InplaceBinOp(self, op, ts):
        self._resolved_op(op, self.ctx.resolve_inplace_op(op.op.data, ts), ts)

    def visit_UnaryOp(self, op, ts):
        self._resolved_op(op, self.ctx.resolve_op("unary" + op.op.data, ts), ts)

    def visit_TruthOp(self, op, ts):
        self._resolved(op, self.ctx.resolve_op("truth", ts), op.result)

    def visit_GetItemOp(self, op, ts):
        self._resolved_op(op, self.ctx.resolve_op("getitem", ts), ts)

    def _resolved_op(self, op, sig: Signature, ts):
        """An operator typed by an @overload of its ``operator`` function
        becomes a call of the implementation at commit; others as usual."""
        if isinstance(sig, Implemented):
            self.implementations[op] = disp = sig.implementation
            sig = disp.get_call_signature(tuple(ts), {})
            self.callees[op] = (disp, sig)
        self._resolved(op, sig, op.result)

    def visit_SetItemOp(self, op, ts):
        if isinstance(ts[0], ty.Record) and isinstance(ts[1], ty.Integer) and isinstance(op.index.owner, nb.ConstOp):
            ts = self._record_field_operand(op, ts)  # r[0] = v: the field at that position
        sig = self.ctx.resolve_op("setitem", ts)
        if isinstance(sig, Implemented):  # an @overload(operator.setitem): a call, made at commit
            self.implementations[op] = disp = sig.implementation
            sig = disp.get_call_signature(tuple(ts), {})
            self.callees[op] = (disp, sig)
        self._resolved(op, sig)

    def _record_field_operand(self, op, ts):
        """``r[k] = v`` with a constant ``k``: the index operand becomes the
        name of the field at position ``k`` (a string constant)."""
        from pycomp.frontend.typing.records import field_name

        name = field_name(ts[0], op.index.owner.value.data)
        const = nb.ConstOp(name, ty.StringLiteral(name))
        const.location = op.location
        op.parent_block().insert_op_before(const, op)
        op.operands[1] = const.result
        self.assign(const.result, ty.StringLiteral(name), const)
        return (ts[0], ty.StringLiteral(name), ts[2])

    def visit_StaticGetItemOp(self, op, ts):
        (obj,) = ts
        idx = op.index.data
        if isinstance(obj, ty.Optional):
            obj = obj.type  # lowering checks for None
        if isinstance(obj, ty.Record) and isinstance(idx, int):  # r[0]: the field at that position
            from pycomp.frontend.typing.records import field_name

            idx = field_name(obj, idx)
        if isinstance(obj, ty.BaseTuple) and isinstance(idx, int):
            n = len(obj)
            if not -n <= idx < n:
                raise TypingError("tuple index %d out of range for %s" % (idx, obj))
            self.assign(op.result, obj.types[idx], op)
            return
        if isinstance(idx, slice):
            if idx.step == 0:
                raise TypingError("slice step cannot be zero")
            if isinstance(obj, ty.BaseTuple):  # the items picked, as a tuple
                self.assign(op.result, ty.Tuple([obj.types[i] for i in range(*idx.indices(len(obj)))]), op)
                return
            if not isinstance(obj, (ty.Array, ty.List)):  # arrays: a view, lists: a new list, typed below
                raise TypingError("cannot slice a value of type %s" % obj)
        sig = self.ctx.resolve_op("getitem", (obj, typeof_constant(idx)))
        if isinstance(sig, Implemented):  # an @overload(operator.getitem): a call, made at commit
            self._resolved_op(op, sig, (ts[0], typeof_constant(idx)))
            return
        self.assign(op.result, sig.return_type, op)

    def visit_GetAttrOp(self, op, ts):
        t = ts[0]
        if isinstance(t, ty.Optional):  # an attribute of the value: lowering checks for None
            res = self.ctx.resolve_getattr(t.type, op.attr.data)
            if isinstance(res, ty.BoundFunction):
                raise TypingError("cannot call method '%s' of %s (test it for None first)" % (op.attr.data, t))
            self.assign(op.result, res, op)
            return
        self.assign(op.result, self.ctx.resolve_getattr(t, op.attr.data), op)

    def visit_BuildTupleOp(self, op, ts):
        self.assign(op.result, ty.Tuple(ts), op)

    def visit_UnpackOp(self, op, ts):
        (t,) = ts
        if isinstance(t, ty.Optional) and isinstance(t.type, ty.BaseTuple):
            t = t.type  # lowering checks for None
        n = len(op.outs)
        if isinstance(t, ty.BaseTuple):
            if len(t) != n:
                raise TypingError("cannot unpack %s into %d values" % (t, n))
            for r, et in zip(op.outs, t.types):
                self.assign(r, et, op)
            return
        it = iterator_type(self.ctx, t)  # an iterable: n items, ValueError if it has more or fewer
        if it is None:
            if isinstance(t, ty.Array) and t.ndim == 0:
                raise not_iterable(t)
            raise TypingError("failed to unpack %s (not a tuple or an iterable)" % t)
        self.unpack_iters[op] = it
        for r in op.outs:
            self.assign(r, it.yield_type, op)

    def visit_GetIterOp(self, op, ts):
        it = iterator_type(self.ctx, ts[0])
        if it is None:
            raise not_iterable(ts[0])
        self.assign(op.result, it, op)

    def visit_IterNextOp(self, op, ts):
        (t,) = ts
        if not isinstance(t, ty.IteratorType):
            raise not_iterable(t)
        self.assign(op.item, t.yield_type, op)
        self.assign(op.valid, ty.boolean, op)

    def visit_CastOp(self, op, ts):
        dst = nb.type_of(op.result)
        name = op.attributes.get("nb.local")
        if name is not None and can_convert(ts[0], dst) is None:  # jit(locals=...) declared it
            raise TypingError("no conversion from %s to %s for variable '%s' (declared in locals=)"
                              % (ts[0], dst, name.data))
        self.assign(op.result, dst, op)

    # ------------------------------------------------------------ closures
    def visit_MakeCellOp(self, op, ts):
        pass  # typed by the values stored into it (visit_CellSetOp)

    def visit_CellGetOp(self, op, ts):
        self.assign(op.result, ts[0].type, op)

    def visit_CellSetOp(self, op, vt):
        cell, name = op.cell, op.var_name.data
        if isinstance(cell.owner, nb.ClosureCellOp):
            # a variable of the enclosing function: its type is that function's
            held = self.types[cell].type
            if unify_types(held, vt) is not held:  # it would have to widen the enclosing function's variable
                raise TypingError("cannot assign a value of type %s to '%s', a variable of the enclosing "
                                  "function that holds %s" % (vt, name, held))
            return
        old = self.types.get(cell)
        if old is not None and unify_types(old, ty.Cell(vt)) is None:
            raise TypingError("variable '%s' (used by an inner function) is assigned values of types %s and %s"
                              % (name, old.type, vt))
        self.assign(cell, ty.Cell(vt), op)

    def visit_MakeFunctionOp(self, op, ts):
        disp = op.function.data
        self.assign(op.result, ty.Closure(disp, ts) if ts else ty.Dispatcher(disp), op)

    def visit_ClosureCellOp(self, op, ts):
        self.assign(op.result, ts[0].cell_types[op.index.data], op)

    def _call_closure(self, op, fnty, args, kws):
        """Call an inner function that captures variables: its lifted
        dispatcher gets the environment (the callee value) first."""
        self._call_with_first(op, fnty.dispatcher, fnty, "env", args, kws)

    def _call_implementation(self, op, fnty, sig, args, kws):
        """A call typed by an @overload (a method's: with its receiver
        first) becomes a call of the implementation's dispatcher at commit."""
        self.implementations[op] = disp = sig.implementation
        if isinstance(fnty, ty.BoundFunction):
            return self._call_with_first(op, disp, fnty.this, "recv", args, kws)
        args, plan = disp.fold_call(tuple(args), kws)
        self.call_plans[op] = plan or [("pos", i) for i in range(len(args))]
        sig = disp.get_call_signature(args, {})
        self.callees[op] = (disp, sig)
        self._resolved(op, sig, op.result)

    def _call_with_first(self, op, disp, first, kind, args, kws):
        """Call ``disp`` with a value that is not among the call's operands
        first (``kind``: "env", the callee; "recv", a method's receiver)."""
        full, plan = disp.fold_call((first,) + tuple(args), kws)
        if plan is None:
            plan = [("pos", i) for i in range(len(full))]
        # ("pos", 0) is the first value; the others shift by one
        self.call_plans[op] = [(kind, None) if p == ("pos", 0) else
                               (("pos", p[1] - 1) if p[0] == "pos" else
                                ("varargs", tuple(i - 1 for i in p[1])) if p[0] == "varargs" else p)
                               for p in plan]
        sig = disp.get_call_signature(full, {})
        self.callees[op] = (disp, sig)
        self._resolved(op, sig, op.result)

    def visit_CallOp(self, op, ts):
        fnty = ts[0]
        kwn = [k.data for k in op.kwnames.data]
        npos = len(ts) - 1 - len(kwn)
        args = ts[1:1 + npos]
        kws = dict(zip(kwn, ts[1 + npos:]))
        if isinstance(fnty, ty.ExceptionClass):
            self.assign(op.result, ty.ExceptionInstance(fnty.exc_class), op)
            return
        if isinstance(fnty, ty.Closure):
            return self._call_closure(op, fnty, args, kws)
        closure = next((t for t in tuple(args) + tuple(kws.values()) if isinstance(t, ty.Closure)), None)
        if closure is not None:
            raise TypingError("cannot pass the inner function %s as an argument: it uses variables of the "
                              "enclosing function (%s); pass them as arguments instead, as in Numba"
                              % (closure.dispatcher.__name__, ", ".join(closure.dispatcher.py_func.__code__.co_freevars)))
        if isinstance(fnty, ty.Dispatcher):
            disp = fnty.dispatcher
            args, plan = disp.fold_call(tuple(args), kws)
            if plan is not None:
                self.call_plans[op] = plan
            if disp is self.self_dispatcher and self._is_self_call(args, {}):
                self.recursive_sites.append(op)
                if self.return_type is None:
                    return  # typed once a base case returns
                sig = Signature(self.return_type, self.arg_types)
            else:
                sig = disp.get_call_signature(args, {})
            self.callees[op] = (disp, sig)
            self._resolved(op, sig, op.result)
            return
        sig = self.ctx.resolve_call(fnty, args, kws)
        if isinstance(sig, Implemented):
            return self._call_implementation(op, fnty, sig, args, kws)
        if isinstance(sig, Folded) and fnty.key is isinstance and op.args and self._merged(op.args[0]):
            raise TypingError("isinstance() cannot determine the type of a variable assigned on "
                              "several paths (due to a branch): its class depends on the path taken")
        self._resolved(op, sig, op.result)

    def visit_CallStarOp(self, op, ts):
        """``f(*t)``: an nb.unpack of ``t`` and an nb.call (typing/starcalls.py)."""
        expand_star_call(self, op, ts[1])

    def _merged(self, value) -> bool:
        """Whether ``value`` is a variable merged from several assignments."""
        return isinstance(value, BlockArgument) and value.block is not self.func.body.blocks.first

    def _is_self_call(self, args, kws):
        return not kws and tuple(args) == self.arg_types

    # ------------------------------------------------------------ terminators
    def _flow(self, op, succ, values):
        for arg, v in zip(succ.args, values):
            t = self.types.get(v)
            if t is not None:
                self.assign(arg, t, op, "variable at a merge")

    def visit_BranchOp(self, op, ts):
        self.mark_reachable(op.dest)
        self._flow(op, op.dest, op.arguments)

    def visit_CondBranchOp(self, op, ts):
        known = self._constant_condition(op.cond)
        if known is not None:
            self.constant_branches[op] = known
        else:
            self.constant_branches.pop(op, None)
        if known is not False:
            self.mark_reachable(op.then_block)
            self._flow(op, op.then_block, op.then_arguments)
        if known is not True:
            self.mark_reachable(op.else_block)
            self._flow(op, op.else_block, op.else_arguments)

    def _constant_condition(self, cond):
        """True/False if the branch condition is decided by types alone."""
        owner = cond.owner
        if isinstance(owner, nb.TruthOp):
            owner = owner.operand.owner
        if isinstance(owner, nb.ConstOp) and isinstance(owner.value.data, bool):
            return owner.value.data
        sig = self.sigs.get(owner)
        if isinstance(sig, Folded) and sig.fold[0] == "const" and isinstance(sig.fold[1], bool):
            return sig.fold[1]  # isinstance(), hasattr()
        if isinstance(owner, nb.BinOp) and owner.op.data in ("is", "is not"):
            ta, tb = self.types.get(owner.lhs), self.types.get(owner.rhs)
            if ta is None or tb is None:
                return None
            if self._redefined(owner.lhs) or self._redefined(owner.rhs):
                return None  # Numba prunes only variables with one definition
            if isinstance(ta, ty.Optional) or isinstance(tb, ty.Optional):
                return None  # known at run time only
            if ta is ty.none and tb is ty.none:
                same = True
            elif ta is ty.none or tb is ty.none:
                same = False
            else:
                return None
            return same if owner.op.data == "is" else not same
        return None

    def _redefined(self, value) -> bool:
        """Whether the variable holding ``value`` is assigned elsewhere too:
        ``value`` meets another value at a merge (``if x is None: x = 0``).
        Numba decides ``x is None`` from types only for a variable with a
        single definition, so ``x`` keeps the type of all its assignments."""
        for use in value.uses:
            arg = _target_arg(use)
            if arg is None:
                continue
            for v in _incoming(arg):
                if v is not value:
                    return True
        return False

    def visit_ReturnOp(self, op, ts):
        (t,) = ts
        if self.declared_return is not None:
            return
        new = t if self.return_type is None else unify_types(self.return_type, t)
        if new is None:
            raise TypingError("cannot unify return types %s and %s" % (self.return_type, t))
        if new is not self.return_type:
            self.return_type = new
            for site in self.recursive_sites:
                self.push(site)

    def visit_RaiseOp(self, op, ts):
        (t,) = ts
        if not isinstance(t, (ty.ExceptionClass, ty.ExceptionInstance)):
            raise TypingError("can only raise exception classes or instances, not %s" % t)

    def visit_StaticRaiseOp(self, op, ts):
        pass

def _is_function_value(t) -> bool:
    return isinstance(t, (ty.Closure, ty.Dispatcher))


def _function_name(t) -> str:
    fn = t.dispatcher.py_func
    return "%s defined at line %d" % (fn.__qualname__, fn.__code__.co_firstlineno)


def infer_types(ctx: TypingContext, func: nb.FuncOp, arg_types, return_type=None,
                self_dispatcher=None) -> TypingResult:
    """Type ``func`` for ``arg_types`` in place; returns the signature found."""
    return _Inference(ctx, func, arg_types, return_type, self_dispatcher).run()


def infer_module(module: ModuleOp, ctx: TypingContext | None = None) -> None:
    """Type every nb.func of ``module`` from the argument types written in
    its signature (what the ``nb-type-infer`` pass of :mod:`pycomp.passes`
    runs)."""
    ctx = ctx or default_typing_context()
    for op in module.ops:
        if isinstance(op, nb.FuncOp):
            args = [t.data for t in op.function_type.inputs.data]
            if any(a is ty.unknown for a in args):
                raise TypingError("nb-type-infer needs the argument types of @%s in its signature"
                                  % op.sym_name.data, nb.source_loc(op))
            ret = op.function_type.outputs.data[0].data
            infer_types(ctx, op, args, None if ret is ty.unknown else ret)


_DEFAULT_CTX = None


def default_typing_context() -> TypingContext:
    """The typing context with the builtin, math and extension declarations."""
    global _DEFAULT_CTX
    if _DEFAULT_CTX is None:
        import pycomp.frontend.typing.builtins  # noqa: F401  (registers templates)
        import pycomp.frontend.typing.mathdecl  # noqa: F401
        import pycomp.frontend.typing.numbercasts  # noqa: F401
        import pycomp.frontend.typing.optional  # noqa: F401
        import pycomp.frontend.typing.arraycreation  # noqa: F401
        import pycomp.frontend.typing.arrayattrs  # noqa: F401
        import pycomp.frontend.typing.records  # noqa: F401
        import pycomp.frontend.typing.datetimes  # noqa: F401
        import pycomp.frontend.typing.strings  # noqa: F401
        import pycomp.frontend.typing.charseq  # noqa: F401
        import pycomp.frontend.typing.arrayiter  # noqa: F401
        import pycomp.frontend.typing.arrayindex  # noqa: F401
        import pycomp.frontend.typing.slicetypes  # noqa: F401
        import pycomp.frontend.typing.arrayops  # noqa: F401
        import pycomp.np.arraymethods  # noqa: F401  (written with pycomp.extending)
        import pycomp.np.creation  # noqa: F401
        import pycomp.np.manipulation  # noqa: F401
        import pycomp.np.joining  # noqa: F401
        import pycomp.np.selection  # noqa: F401
        import pycomp.np.shaping  # noqa: F401
        import pycomp.frontend.typing.lists  # noqa: F401  (after the builtins: their candidates come first)
        import pycomp.np.scalarfuncs  # noqa: F401
        import pycomp.np.statistics  # noqa: F401
        import pycomp.np.counting  # noqa: F401
        import pycomp.np.polynomials  # noqa: F401
        import pycomp.np.dtypes  # noqa: F401
        import pycomp.np.random  # noqa: F401  (np.random: compiled code's own generator)
        import pycomp.np.generator  # noqa: F401  (np.random.Generator objects)
        import pycomp.stdlib.random  # noqa: F401  (Python's random module)
        import pycomp.np.setops  # noqa: F401
        import pycomp.np.indexing_funcs  # noqa: F401
        import pycomp.np.windows  # noqa: F401
        import pycomp.np.predicates  # noqa: F401
        import pycomp.np.stringarrays  # noqa: F401
        import pycomp.np.fancyindex  # noqa: F401  (advanced indexing beyond one 1-d index array)
        import pycomp.extending_lowering  # noqa: F401  (setattr's typing: obj.attr = x)

        _DEFAULT_CTX = TypingContext()
    return _DEFAULT_CTX


# ------------------------------------------------------------------ the pass (registered in pycomp.passes.PASS_TABLE)

@dataclass(frozen=True)
class TypeInferPass(ModulePass):
    """Infer the type of every value of each nb.func from its argument types, inserting nb.cast.

    The argument types are read from the function's signature; with the
    ``signature`` option (``nb-type-infer{signature="(int64, float64)"}``
    or ``"float64(int64, float64)"``) they are written there first, for
    every nb.func of the module. A function that cannot be typed is a
    TypingError naming the source line.
    """

    name: ClassVar[str] = "nb-type-infer"
    imports: ClassVar[tuple] = ("pycomp.frontend.typeinfer", "pycomp.frontend.typing.builtins",
                                "pycomp.frontend.typing.mathdecl", "pycomp.frontend.typing.numbercasts")

    signature: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.signature is not None:
            from pycomp.passes import set_func_signature
            from pycomp.signature import parse_signature

            sig = parse_signature(self.signature)
            for func in op.ops:
                if isinstance(func, nb.FuncOp):
                    set_func_signature(func, sig.args, sig.return_type)
        infer_module(op)
