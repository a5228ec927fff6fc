"""Lowering of the typed nb dialect to xDSL's llvm dialect (``nb-to-llvm``).

Lowering talks to one target through its context
(:class:`pycomp.targets.base.TargetContext`): data model, calling
convention, runtime calls and lowering registry; it imports nothing of a
particular target. Each ``nb.func`` becomes an ``llvm.func`` of the
target's calling convention (the status convention: ``i32 (ptr result,
args...)``). Blocks map one to one (nb block arguments
become llvm block arguments, i.e. PHIs); ops whose meaning depends on types
(operators, calls, subscripts) are lowered by the implementation the target
context's registry holds for their signature; structural ops (constants,
tuples, iteration, branches, returns, raises) are lowered here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import llvm
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.ir import Block, Region

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.errors import CompilerError, UnsupportedError
from pycomp.dialects.nb_memory import DecRefOp, IncRefOp
from pycomp.lowering.builder import LLVMBuilder
from pycomp.lowering.refcounts import PendingReferences, function_has_references, makes_references
from pycomp.operators import operator_key, operator_operands
from pycomp.oprules import lowering_rule_for
from pycomp.passes import ERROR_MODELS
from pycomp.signature import Signature
from pycomp.targets.base import VALUE, TargetContext, target_context
from pycomp.targets.datamodel import PTR

__all__ = ["lower_function", "lower_module", "native_symbol_name", "NbToLLVMPass",
           "lower_nb_module", "ERROR_MODELS"]


def native_symbol_name(qualname: str, argtypes) -> str:
    base = re.sub(r"[^A-Za-z0-9_.]", "_", qualname)
    return "pycomp.%s.%x" % (base, abs(hash(tuple(argtypes))) & 0xFFFFFFFF)


class _FunctionLowering:
    def __init__(self, ctx: TargetContext, func: nb.FuncOp, symbol: str, callee_symbol=None):
        self.ctx = ctx
        self.func = func
        self.symbol = symbol
        self.callee_symbol = callee_symbol
        self.vmap: dict = {}
        self.yield_to: dict = {}  # op with a body -> what its nb.yield does (see lower_body)
        #: which references are owned where (None: the function holds none)
        self.pending = PendingReferences() if function_has_references(func) else None
        self.owned_here: list = []
        ctx.owned_references = []
        self.externals: dict[str, llvm.FuncOp] = {}

    def v(self, value):
        r = self.vmap.get(value)
        if r is None:
            t = nb.type_of(value)
            if not self.ctx.is_compile_time(t):
                raise KeyError(value)
            # a function, module or class passed on as a value: its type says all
            r = self.vmap[value] = self.b.undef(self.llvm_type(t))
        return r

    def run(self) -> llvm.FuncOp:
        func = self.func
        argtypes = [t.data for t in func.function_type.inputs.data]
        self.ret_type = func.return_type
        fnty = self.ctx.call_conv.function_type(argtypes)
        region = Region()
        entry = Block(arg_types=fnty.inputs.data)
        region.add_block(entry)
        b = LLVMBuilder(entry)
        b.region = region
        b.entry_allocas = entry
        self.b = b
        self.retptr = entry.args[0]
        self.bmap = {}
        params = self.ctx.call_conv.unpack_arguments(b, argtypes, entry.args[1:])
        first_body = self._add_blocks(func.body, params)
        b.br(first_body)
        self._lower_blocks(list(func.body.blocks))
        _order_blocks(region)
        return llvm.FuncOp(self.symbol, fnty, linkage=llvm.LinkageAttr("external"), body=region)

    def _lower_blocks(self, nb_blocks, outer=()):
        """Lower ``nb_blocks`` (a region's); ``outer``: the references owned
        by the code around the region (an exception inside releases them)."""
        b = self.b
        for blk in nb_blocks:
            b.position_at_end(self.bmap[blk])
            owned = self.pending.at_block_start(blk, outer) if self.pending is not None else None
            handed_over = []  # increfs of what the next op hands over (nb.for_range's inits)
            for op in blk.ops:
                b.location = op.location
                self.ctx.current_loc = nb.source_loc(op)
                if owned is not None:
                    self.owned_here = owned
                    self.ctx.owned_references = [(self.v(x), nb.type_of(x)) for x in owned + handed_over]
                try:
                    self.lower_op(op)
                except CompilerError as e:
                    raise e.with_loc(nb.source_loc(op))
                if owned is not None:
                    owned, handed_over = self._track_references(op, owned, handed_over)

    @staticmethod
    def _track_references(op, owned, handed_over):
        """The references owned after ``op`` (see lowering.refcounts)."""
        if isinstance(op, IncRefOp):
            return owned, handed_over + [op.value]
        if isinstance(op, DecRefOp):
            return [v for v in owned if v is not op.value], handed_over
        if not makes_references(op):
            return owned, []
        return owned + [r for r in op.results if ty.has_references(nb.type_of(r))], []

    def lower_IncRefOp(self, op):
        self.ctx.incref(self.b, nb.type_of(op.value), self.v(op.value))

    def lower_DecRefOp(self, op):
        self.ctx.decref(self.b, nb.type_of(op.value), self.v(op.value))

    def llvm_type(self, t):
        return self.ctx.llvm_type(t)

    # ------------------------------------------------------------ bodies (for the rules of ops with regions)
    def lower_body(self, region: Region, entry_values, on_yield) -> Block:
        """Lower the blocks of a body ``region`` in place, into the function
        being built: the body's entry block takes ``entry_values`` for its
        arguments, its other blocks become blocks of the function, and each
        ``nb.yield`` of this body calls ``on_yield(values)`` with the
        builder at its place (it must end the block: a branch). Returns the
        block the body starts at; the caller branches to it and positions the
        builder where code continues."""
        start = self._add_blocks(region, entry_values)
        self.yield_to[region.parent_op()] = on_yield
        outer = self.owned_here if self.pending is not None else ()
        saved = self.ctx.owned_references
        self._lower_blocks(list(region.blocks), outer)
        self.owned_here, self.ctx.owned_references = outer, saved
        return start

    def _add_blocks(self, region: Region, entry_values) -> Block:
        """Give every block of nb ``region`` an llvm block in the function
        being built: the entry block's arguments take ``entry_values`` (its
        llvm block has none), the others' become llvm block arguments
        (phis). Returns the entry's llvm block."""
        blocks = list(region.blocks)
        start = self.b.new_block()
        self.bmap[blocks[0]] = start
        for a, v in zip(blocks[0].args, entry_values):
            self.vmap[a] = v
        for blk in blocks[1:]:
            nblk = Block(arg_types=[self.llvm_type(nb.type_of(a)) for a in blk.args])
            self.b.region.add_block(nblk)
            self.bmap[blk] = nblk
            for a, la in zip(blk.args, nblk.args):
                self.vmap[a] = la
        return start

    # ------------------------------------------------------------ ops
    def lower_op(self, op):
        m = getattr(self, "lower_" + type(op).__name__, None)
        if m is None:  # an op lowered by a rule registered under its name (pycomp.oprules)
            rule = lowering_rule_for(op.name)
            if rule is None:
                raise UnsupportedError("cannot lower %s (no lowering rule is registered for it)" % op.name)
            res = rule(self, op)
            if isinstance(res, (list, tuple)):
                for r, v in zip(op.results, res):
                    self.vmap[r] = v
                return
        else:
            res = m(op)
        if res is not None and op.results:
            self.vmap[op.results[0]] = res

    def _sig(self, op, operands=None):
        operands = op.operands if operands is None else operands
        ret = nb.type_of(op.results[0]) if op.results else ty.none
        return Signature(ret, tuple(nb.type_of(v) for v in operands))

    def lower_ConstOp(self, op):
        t = nb.type_of(op.result)
        return self.ctx.constant(self.b, t, op.value.data)

    def lower_GlobalOp(self, op):
        t = nb.type_of(op.result)
        # frozen: a constant (a number here is a NumPy scalar global, ``np.int32(64)``)
        if isinstance(t, (ty.Array, ty.SliceType, ty.NPDatetime, ty.NPTimedelta, ty.Number, ty.Boolean,
                          ty.BaseTuple)):
            return self.ctx.constant(self.b, t, op.value.data)
        return None  # compile-time only: calls and attributes resolve it statically

    def lower_UndefOp(self, op):
        t = nb.type_of(op.result)
        if ty.has_references(t):  # released on some path: no memory block
            return self.b.zero(self.llvm_type(t))
        return self.b.undef(self.llvm_type(t))

    def lower_CastOp(self, op):
        return self.ctx.cast(self.b, self.v(op.value), nb.type_of(op.value), nb.type_of(op.result))

    def _impl(self, key, op, operands=None):
        operands = op.operands if operands is None else operands
        sig = self._sig(op, operands)
        fn = self.ctx.implementation(key, sig)
        return fn(self.ctx, self.b, sig, [self.v(x) for x in operands])

    def lower_BinOp(self, op):
        return self._impl(op.op.data, op)

    def lower_InplaceBinOp(self, op):
        """``a op= b``: an implementation registered for "op=" (in-place on
        mutable values) if there is one, else the plain operator."""
        sym = op.op.data
        key = sym + "=" if self.ctx.find_implementation(sym + "=", self._sig(op)) else sym
        return self._impl(key, op)

    def lower_UnaryOp(self, op):
        return self._impl("unary" + op.op.data, op)

    def lower_TruthOp(self, op):
        t = nb.type_of(op.operand)
        if t is ty.boolean:
            return self.v(op.operand)
        return self._impl("truth", op)

    def lower_GetItemOp(self, op):
        return self._impl("getitem", op)

    def lower_SetItemOp(self, op):
        self._impl("setitem", op)

    def lower_StaticGetItemOp(self, op):
        value, t = self._unwrap_optional(op.value)  # an optional: a None raises TypeError
        idx = op.index.data
        if isinstance(t, ty.BaseTuple) and isinstance(idx, int):
            if idx < 0:
                idx += len(t)
            return self.b.extract(value, idx, self.llvm_type(t.types[idx]))
        if isinstance(t, ty.BaseTuple) and isinstance(idx, slice):  # a constant slice: a new tuple
            rt = nb.type_of(op.result)
            out = self.b.undef(self.llvm_type(rt))
            for j, i in enumerate(range(*idx.indices(len(t)))):
                out = self.b.insert_value(out, self.b.extract(value, i, self.llvm_type(t.types[i])), j)
            return out
        if isinstance(t, ty.Record):  # r[0]: the field at that position
            name = idx if isinstance(idx, str) else t.names[idx]
            sig = Signature(nb.type_of(op.result), (t, ty.StringLiteral(name)))
            return self.ctx.implementation("getitem", sig)(self.ctx, self.b, sig, [value, None])
        if isinstance(idx, int):
            it = ty.intp
        elif isinstance(idx, tuple) and all(isinstance(i, int) for i in idx):
            it = ty.UniTuple(ty.intp, len(idx))
        else:  # a constant slice (nb-static-getitem makes no other kind)
            it = ty.slice3_type if idx.step is not None else ty.slice2_type
        sig = Signature(nb.type_of(op.result), (t, it))
        fn = self.ctx.implementation("getitem", sig)
        return fn(self.ctx, self.b, sig, [value, self.ctx.constant(self.b, it, idx)])

    def _unwrap_optional(self, value):
        """The value of an operand and its type; an optional's value is
        checked (a None raises TypeError) and has the optional's type."""
        t = nb.type_of(value)
        if isinstance(t, ty.Optional):
            return self.ctx.cast(self.b, self.v(value), t, t.type), t.type
        return self.v(value), t

    def lower_GetAttrOp(self, op):
        if isinstance(nb.type_of(op.result), (ty.BoundFunction, ty.NamedTupleClass)):
            return None  # bound at the call, which reads the receiver; a class is compile-time only
        value, t = self._unwrap_optional(op.value)  # an optional: a None raises TypeError
        attr = op.attr.data
        if isinstance(t, ty.Array):
            sig = Signature(nb.type_of(op.result), (t, ty.StringLiteral(attr)))
            return self.ctx.implementation("getattr", sig)(self.ctx, self.b, sig, [value, None])
        if isinstance(t, ty.Complex):
            f = self.llvm_type(t.underlying_float)
            return self.b.extract(value, 0 if attr == "real" else 1, f)
        if isinstance(t, ty.Number) and attr == "real":
            return value
        if isinstance(t, ty.Number) and attr == "imag":
            return self.ctx.constant(self.b, t, 0)
        if isinstance(t, ty.BaseNamedTuple) and attr in t.fields:
            i = t.fields.index(attr)
            return self.b.extract(value, i, self.llvm_type(t.types[i]))
        sig = Signature(nb.type_of(op.result), (t, ty.StringLiteral(attr)))
        fn = self.ctx.find_implementation("getattr", sig)  # an extension's (lower_getattr)
        if fn is not None:
            return fn(self.ctx, self.b, sig, [value, None])
        raise UnsupportedError("cannot lower attribute %s of %s" % (attr, t))

    def lower_BuildTupleOp(self, op):
        t = nb.type_of(op.result)
        out = self.b.undef(self.llvm_type(t))
        if not len(t):
            return out
        for i, item in enumerate(op.items):
            out = self.b.insert_value(out, self.v(item), i)
        return out

    def lower_UnpackOp(self, op):
        value, t = self._unwrap_optional(op.value)
        if isinstance(t, ty.IteratorType):  # typing put an nb.getiter before it
            items = self.ctx.unpack(self.b, t, value, len(op.outs))
            for r, item in zip(op.outs, items):
                self.vmap[r] = item
            return
        for i, r in enumerate(op.outs):
            self.vmap[r] = self.b.extract(value, i, self.llvm_type(t.types[i]))

    # ------------------------------------------------------------ closures
    def lower_MakeCellOp(self, op):
        t = nb.type_of(op.result).type
        cell = self.b.alloca(self.ctx.memory_type(t))
        if ty.has_references(t):  # empty: no memory block to release when it is first set
            self.b.store(self.b.zero(self.llvm_type(t)), cell)
        return cell

    def lower_CellGetOp(self, op):
        t = nb.type_of(op.result)
        if self.ctx.is_compile_time(t):  # the type is the value
            return self.b.undef(self.llvm_type(t))
        v = self.b.load(self.v(op.cell), self.ctx.memory_type(t))
        if ty.has_references(t):  # a reference of its own (the cell keeps its one)
            self.ctx.incref(self.b, t, v)
        return self.b.cast("trunc", v, self.llvm_type(t)) if isinstance(t, ty.Boolean) else v

    def lower_CellSetOp(self, op):
        t = nb.type_of(op.value)
        if self.ctx.is_compile_time(t):
            return
        v = self.v(op.value)
        cell = self.v(op.cell)
        if ty.has_references(t):  # the cell takes a reference and gives up its old content's
            self.ctx.incref(self.b, t, v)
            self.ctx.decref(self.b, t, self.b.load(cell, self.llvm_type(t)))
        if isinstance(t, ty.Boolean):
            v = self.b.cast("zext", v, self.ctx.memory_type(t))
        self.b.store(v, cell)

    def lower_MakeFunctionOp(self, op):
        t = nb.type_of(op.result)
        if not isinstance(t, ty.Closure):
            return None  # a dispatcher: compile-time only
        env = self.b.undef(self.llvm_type(t))  # the environment: the captured cells
        for i, cell in enumerate(op.cells):
            env = self.b.insert_value(env, self.v(cell), i)
        return env

    def lower_ClosureCellOp(self, op):
        return self.b.extract(self.v(op.env), op.index.data, PTR)

    def lower_GetIterOp(self, op):
        return self.ctx.getiter(self.b, nb.type_of(op.value), nb.type_of(op.result), self.v(op.value))

    def lower_IterNextOp(self, op):
        item, valid = self.ctx.iternext(self.b, nb.type_of(op.iterator), self.v(op.iterator))
        self.vmap[op.item] = item
        self.vmap[op.valid] = valid

    def lower_CallOp(self, op):
        fnty = nb.type_of(op.callee)
        args = list(op.args)
        if isinstance(fnty, ty.Function):
            opkey = operator_key(fnty.key)
            if opkey is not None:
                return self._operator_call(op, opkey, operator_operands(fnty.key, args))
            return self._impl(fnty.key, op, args)
        if isinstance(fnty, ty.ExceptionClass):
            return None  # an exception instance exists only for nb.static_raise
        if isinstance(fnty, (ty.Dispatcher, ty.Closure)):  # a closure's environment is args[0]
            return self._call_jitted(op, fnty.dispatcher, args)
        if isinstance(fnty, ty.NamedTupleClass):
            return self._namedtuple_new(op, args)
        if isinstance(fnty, ty.BoundFunction):
            receiver = op.callee.owner.value  # the nb.getattr that bound the method
            operands = [receiver] + args
            return self._impl(fnty.template.key, op, operands)
        raise UnsupportedError("cannot call a value of type %s" % fnty)

    def _namedtuple_new(self, op, args):
        """``Point(1, y=2)``: the operands (positional, then keywords) and
        the class's defaults for the rest, in field order (typing checked
        the binding, see tupleops.namedtuple_new). The call's result owns
        a reference to each member that holds one (nb-insert-refcounts
        releases the operands and the tuple separately): members are increfed."""
        t = nb.type_of(op.result)
        kwn = [k.data for k in op.kwnames.data]
        npos = len(args) - len(kwn)
        given = dict(zip(t.fields, args[:npos]))
        given.update(zip(kwn, args[npos:]))
        defaults = getattr(t.instance_class, "_field_defaults", {})
        out = self.b.undef(self.llvm_type(t))
        for i, (f, et) in enumerate(zip(t.fields, t.types)):
            v = self.v(given[f]) if f in given else self.ctx.constant(self.b, et, defaults[f])
            if f in given and ty.has_references(et):
                self.ctx.incref(self.b, et, v)
            out = self.b.insert_value(out, v, i)
        return out

    def _operator_call(self, op, opkey, args):
        """``operator.add(a, b)`` lowers as ``a + b``; ``operator.iadd`` as
        ``a += b`` (see pycomp.operators)."""
        key, _arity, inplace = opkey
        if key == "truth" and nb.type_of(args[0]) is ty.boolean:
            return self.v(args[0])
        if inplace and self.ctx.find_implementation(key + "=", self._sig(op, args)):
            key += "="
        return self._impl(key, op, args)

    def _call_jitted(self, op, disp, args):
        b = self.b
        argtypes = tuple(nb.type_of(a) for a in args)
        ret_t = nb.type_of(op.result)
        if self.callee_symbol is None:  # e.g. nb-to-llvm in pycomp-opt: nothing links callees
            raise UnsupportedError("cannot lower a call to jitted function '%s' without a callee "
                                   "resolver (only the JIT compiles and links callees)"
                                   % getattr(disp, "__name__", disp))
        symbol = self.callee_symbol(disp, argtypes)
        return self.ctx.call_conv.call(b, symbol, [self.v(a) for a in args], argtypes, ret_t)

    # ------------------------------------------------------------ terminators
    def lower_ReturnOp(self, op):
        b = self.b
        v = self.v(op.value)
        t = nb.type_of(op.value)
        if isinstance(t, ty.IteratorType) or (isinstance(t, ty.BaseTuple)
                                              and any(isinstance(e, ty.IteratorType) for e in t.types)):
            raise UnsupportedError("returning an iterator (%s) is not supported: its state lives in the "
                                   "frame of the function that made it" % t)
        self.ctx.call_conv.return_value(b, self.retptr, v, t)

    def lower_StaticRaiseOp(self, op):
        self.ctx.call_conv.return_status(self.b, self.ctx.raise_status(op.exc_class.data, op.args.data))

    def lower_RaiseOp(self, op):
        """``raise E(args)`` with run-time arguments (``nb-static-raise``
        took the constant ones): constants and literals stay in the
        exception table, numbers and booleans travel with the status
        (``TargetContext.raise_with_values``)."""
        call = op.value.owner
        if not (isinstance(call, nb.CallOp) and isinstance(nb.type_of(call.callee), ty.ExceptionClass)
                and not call.kwnames.data):
            raise UnsupportedError("only 'raise ExceptionClass(args...)' is supported, not raising a value "
                                   "of type %s" % nb.type_of(op.value)).with_loc(nb.source_loc(op))
        parts, values = [], []
        for a in call.args:
            t = nb.type_of(a)
            if isinstance(a.owner, nb.ConstOp):
                parts.append(a.owner.value.data)
            elif isinstance(t, ty.StringLiteral):
                parts.append(t.value)
            elif isinstance(t, (ty.Integer, ty.Float, ty.Boolean)):
                parts.append(VALUE)
                values.append((t, self.v(a)))
            else:
                raise UnsupportedError("an exception's arguments can be constants, numbers and booleans, not %s"
                                       % t).with_loc(nb.source_loc(op))
        self.ctx.raise_with_values(self.b, nb.type_of(call.callee).exc_class, tuple(parts), values)

    def lower_BranchOp(self, op):
        self.b.br(self.bmap[op.dest], [self.v(a) for a in op.arguments])

    def lower_CondBranchOp(self, op):
        self.b.cond_br(self.v(op.cond), self.bmap[op.then_block], [self.v(a) for a in op.then_arguments],
                       self.bmap[op.else_block], [self.v(a) for a in op.else_arguments])


def _order_blocks(region: Region) -> None:
    """Put blocks in reverse postorder, so every value's definition is
    emitted before its uses (implementations append blocks at the end)."""
    entry = region.blocks.first
    seen, post = {entry}, []
    stack = [(entry, iter(entry.last_op.successors))]
    while stack:
        blk, it = stack[-1]
        for s in it:
            if s not in seen:
                seen.add(s)
                stack.append((s, iter(s.last_op.successors)))
                break
        else:
            post.append(blk)
            stack.pop()
    order = post[::-1]
    for blk in list(region.blocks):
        if blk not in seen:  # unreachable: drop
            for op in blk.ops:
                op.drop_all_references()
    for blk in list(region.blocks):
        region.detach_block(blk)
        if blk not in seen:
            blk.erase(safe_erase=False)
    for blk in order:
        region.add_block(blk)


def lower_function(ctx: TargetContext, func: nb.FuncOp, symbol: str, callee_symbol=None) -> llvm.FuncOp:
    """Lower one typed nb.func to an llvm.func named ``symbol``."""
    return _FunctionLowering(ctx, func, symbol, callee_symbol).run()


def lower_module(ctx: TargetContext, module: ModuleOp, callee_symbol=None) -> ModuleOp:
    """Lower every nb.func of ``module``; external declarations the
    implementations asked for are added."""
    funcs = []
    for op in module.ops:
        if isinstance(op, nb.FuncOp):
            funcs.append(lower_function(ctx, op, op.sym_name.data, callee_symbol))
    decls = []
    defined = {f.sym_name.data for f in funcs}
    for name, (ret, args) in ctx.declared.items():
        if name not in defined:
            decls.append(llvm.FuncOp(name, llvm.LLVMFunctionType(list(args), ret),
                                     linkage=llvm.LinkageAttr("external")))
    from pycomp.targets.constants import constant_globals

    module = ModuleOp(constant_globals(ctx) + decls + funcs)
    ctx.finish_module(module)
    return module


# ------------------------------------------------------------------ the pass (registered in pycomp.passes.PASS_TABLE)

@dataclass(frozen=True)
class NbToLLVMPass(ModulePass):
    """Lower every typed nb.func to an llvm.func for a target (``cpu`` or ``cuda``).

    A function for ``R(A1, ..., An)`` becomes ``i32 (ptr result, A1, ...,
    An)`` (an array argument is a pointer to its struct): the result is
    stored through the first argument and the i32 is a status (0: success, k > 0: raise entry k - 1 of the static exception
    table). External declarations the lowering needs (libm, C helpers)
    are added to the module; other ops of the module are kept. Options
    are the JIT's: ``boundscheck`` (an IndexError check on every array
    index), ``fastmath`` (``fast`` flags on float arithmetic) and
    ``error-model`` (``python``: float division by zero raises;
    ``numpy``: it does not). A call to another jitted function cannot be
    lowered here (only the JIT links callees): it is an UnsupportedError.
    ``target`` names the target context (see pycomp.targets.base.TARGETS)
    whose data model, calling convention and registries are used.
    """

    name: ClassVar[str] = "nb-to-llvm"
    imports: ClassVar[tuple] = ("pycomp.lowering.nb_to_llvm", "pycomp.targets.cpu.context",
                                "pycomp.targets.cpu.impl_builtins", "pycomp.targets.cpu.impl_math")

    target: str = "cpu"
    boundscheck: bool = False
    fastmath: bool = False
    error_model: str = "python"

    def __post_init__(self):
        if self.error_model not in ERROR_MODELS:
            raise ValueError("error-model must be one of %s, not %r"
                             % (", ".join(ERROR_MODELS), self.error_model))
        from pycomp.targets.base import TARGETS

        if self.target not in TARGETS:
            raise ValueError("target must be one of %s, not %r" % (", ".join(TARGETS), self.target))

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lower_nb_module(op, boundscheck=self.boundscheck, fastmath=self.fastmath,
                        error_model=self.error_model, target=self.target)


def lower_nb_module(module, boundscheck: bool = False, fastmath: bool = False,
                    error_model: str = "python", target: str = "cpu") -> None:
    """Lower the typed ``nb.func`` ops of ``module`` to ``llvm.func`` in place
    (what ``nb-to-llvm`` does): each nb.func is replaced by its lowering at
    its position, the external declarations it needs that the module does
    not define or declare yet go first, and every other op stays."""
    for o in module.ops:
        if isinstance(o, nb.FuncOp):
            _check_typed(o)
    tctx = target_context(target, boundscheck=boundscheck, fastmath=fastmath, error_model=error_model)
    lowered = lower_module(tctx, module)  # no callee resolver: jitted calls are an error
    new_ops = list(lowered.ops)
    for o in new_ops:
        o.detach()
    funcs = {o.sym_name.data: o for o in new_ops if o.body.blocks}
    decls = [o for o in new_ops if not o.body.blocks]
    block = module.body.block
    for o in list(block.ops):
        if isinstance(o, nb.FuncOp):
            block.insert_op_before(funcs[o.sym_name.data], o)
            o.detach()
            o.erase()
    known = {o.sym_name.data for o in block.ops if isinstance(o, llvm.FuncOp)}
    decls = [d for d in decls if d.sym_name.data not in known]
    first = block.first_op
    for d in decls:
        if first is None:
            block.add_op(d)
        else:
            block.insert_op_before(d, first)


def _check_typed(func) -> None:
    """A TypingError unless every value of ``func`` has a type (lowering an
    unknown type would silently give it a placeholder representation)."""
    from pycomp.dialects.nb_verifiers import first_untyped
    from pycomp.errors import TypingError

    found = first_untyped(func)
    if found is not None:
        clause, where = found
        raise TypingError("nb-to-llvm needs typed IR: %s; run nb-type-infer first" % clause, nb.source_loc(where))