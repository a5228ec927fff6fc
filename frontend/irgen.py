"""IR generation: decoded bytecode + CFG -> the nb dialect in SSA form.

Each basic block's instructions are executed symbolically over a stack of
SSA values. Blocks with one predecessor inherit its stack and variables;
blocks where paths merge get one block argument per stack value and per
local variable. Afterwards :func:`prune_block_args` removes the arguments
that are trivial (the same value on every incoming edge) or dead, which
leaves exactly the merges of the user's variables ("versions" in Numba's
words) and of the values an expression had on the stack when control split
inside it (``f(a, b or c)``, ``abs(x if x > 0 else -x)``, ``(a, *(b if c
else d))``, ``a < b < c`` as an operand).

The stack may also hold compile-time entries that are not SSA values: the
NULL slot of the call protocol and a list display being built; the keyword
names of a pending call (``KW_NAMES``) are state of the same kind. Together
they form the *shape* of the state flowing along an edge: every predecessor
of a merge must agree on it, and only the SSA values inside it become block
arguments (frontend/stackstate.py). List displays are built by the opcodes
of frontend/displays.py.

Globals and closure variables are frozen: numbers, strings and tuples of them
become ``nb.const``, other objects (modules, functions, jitted functions,
exception classes) ``nb.global``; ``module.attr`` on a frozen module is frozen
too. Every op carries the source location of its instruction.
"""

from __future__ import annotations

import builtins
import types as pytypes

from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr
from xdsl.ir import Block, BlockArgument, SSAValue

from pycomp.dialects import nb
from pycomp.errors import Loc, UndefinedNameError, UnsupportedError
from pycomp.frontend.bytecode import Instr, decode, first_protected_line, version_info
from pycomp.frontend.cfg import ControlFlowGraph
from pycomp.frontend.closures import ENV_PARAMETER, ClosureGeneration
from pycomp.frontend.comprehensions import only_comprehension_cleanups
from pycomp.frontend.displays import ListDisplayGeneration
from pycomp.frontend.slices import build_slice
from pycomp.frontend.stackstate import NULL, PendingList, describe_shape, flatten_state, rebuild_state, value_count
from pycomp.frontend.starcalls import build_star_call

__all__ = ["generate_ir", "FunctionIR", "prune_block_args", "is_literal"]

_UNARY = {"UNARY_NEGATIVE": "-", "UNARY_INVERT": "~", "UNARY_NOT": "not", "UNARY_POSITIVE": "+"}


def is_literal(value) -> bool:
    """A value frozen into the IR as an ``nb.const``: numbers, strings,
    bytes, None, ``...``, slices of integers or None, and tuples of these."""
    if isinstance(value, (bool, int, float, complex, str, bytes)) or value is None or value is Ellipsis:
        return True
    if isinstance(value, slice):
        return all(v is None or (isinstance(v, int) and not isinstance(v, bool))
                   for v in (value.start, value.stop, value.step))
    return isinstance(value, tuple) and all(is_literal(v) for v in value)


#: what an unsupported opcode's error says (the construct, not the bytecode)
_CONSTRUCTS = {
    "BUILD_SET": "sets are not supported yet",
    "SET_ADD": "set comprehensions are not supported yet",
    "BUILD_MAP": "dicts are not supported yet",
    "BUILD_CONST_KEY_MAP": "dicts are not supported yet",
    "MAP_ADD": "dict comprehensions are not supported yet",
    "BUILD_STRING": "f-strings are not supported yet",
    "FORMAT_VALUE": "f-strings are not supported yet",
    "FORMAT_SIMPLE": "f-strings are not supported yet",  # 3.13
    "FORMAT_WITH_SPEC": "f-strings are not supported yet",
    "CONVERT_VALUE": "f-strings are not supported yet",
}

class FunctionIR:
    """The product of IR generation: the module, its function and the CFG."""

    def __init__(self, module: ModuleOp, func: nb.FuncOp, cfg: ControlFlowGraph, pyfunc):
        self.module = module
        self.func = func
        self.cfg = cfg
        self.pyfunc = pyfunc


class _Generator(ClosureGeneration, ListDisplayGeneration):
    def __init__(self, pyfunc, name: str | None, self_object=None, locals_types=None):
        self.pyfunc = pyfunc
        self.locals_types = dict(locals_types or {})
        self.self_object = self_object
        self.code = pyfunc.__code__
        self.filename = self.code.co_filename
        self.vi = version_info()
        if self.code.co_flags & (0x20 | 0x80 | 0x100 | 0x200):  # generator, coroutine, async gen
            raise UnsupportedError("generators and coroutines are not supported",
                                   Loc(self.filename, self.code.co_firstlineno, 0, self.code.co_name))
        if self.code.co_flags & 0x08:  # **kwargs
            raise UnsupportedError("**kwargs parameters are not supported yet",
                                   Loc(self.filename, self.code.co_firstlineno, 0, self.code.co_name))
        self.instrs = decode(self.code)
        # 3.12+ inlines list comprehensions (PEP 709); their exception-table
        # entries only restore the loop variable when the loop raises,
        # which compiled code cannot catch anyway: those are ignored
        if getattr(self.code, "co_exceptiontable", b"") and not only_comprehension_cleanups(self.code):
            line = first_protected_line(self.code)
            raise UnsupportedError("try/except, with and other exception handling are not supported yet",
                                   Loc(self.filename, line, 0, self.code.co_name))
        self.cfg = ControlFlowGraph.from_instrs(self.instrs)
        self.name = name or self.code.co_name
        self._locs: dict[tuple[int, int], FileLineColLoc] = {}
        # positional parameters, keyword-only ones, then *args (one tuple)
        nargs = self.code.co_argcount + self.code.co_kwonlyargcount + (1 if self.code.co_flags & 0x04 else 0)
        self.argnames = list(self.code.co_varnames[:nargs])
        if getattr(pyfunc, "__pycomp_lifted__", None):  # an inner function: its environment comes first
            self.argnames.insert(0, ENV_PARAMETER)
        self.varnames = self._assigned_names()

    def _assigned_names(self) -> list[str]:
        names = list(self.argnames)
        for ins in self.instrs:
            if ins.op in ("STORE_FAST", "DELETE_FAST", "LOAD_FAST_AND_CLEAR") and ins.argval not in names:
                names.append(ins.argval)
        return names

    # ------------------------------------------------------------ helpers
    def loc(self, ins: Instr) -> Loc:
        return Loc(self.filename, ins.line, ins.col, self.code.co_name)

    def _xloc(self, ins: Instr) -> FileLineColLoc:
        key = (ins.line, ins.col)
        a = self._locs.get(key)
        if a is None:
            a = self._locs[key] = FileLineColLoc(StringAttr(self.filename), IntAttr(ins.line), IntAttr(ins.col))
        return a

    def add(self, block: Block, op, ins: Instr):
        op.location = self._xloc(ins)
        block.add_op(op)
        return op

    def freeze(self, block, name: str, value, ins: Instr) -> SSAValue:
        if value is self.pyfunc and self.self_object is not None:
            value = self.self_object  # the function calls itself through its plain global
        if is_literal(value):
            return self.add(block, nb.ConstOp(value), ins).result
        return self.add(block, nb.GlobalOp(name, value), ins).result

    def lookup_global(self, name: str, ins: Instr):
        g = self.pyfunc.__globals__
        if name in g:
            return g[name]
        b = g.get("__builtins__", builtins)
        b = b.__dict__ if isinstance(b, pytypes.ModuleType) else b
        if name in b:
            return b[name]
        if name == self.code.co_name and self.self_object is not None:
            return self.self_object  # recursion before the global is assigned
        raise UndefinedNameError("name '%s' is not defined" % name, self.loc(ins))

    def lookup_deref(self, name: str, ins: Instr):
        code = self.code
        freevars = code.co_freevars
        if name in freevars and self.pyfunc.__closure__ is not None:
            cell = self.pyfunc.__closure__[freevars.index(name)]
            try:
                return cell.cell_contents
            except ValueError:
                pass
        if name == self.code.co_name and self.self_object is not None:
            return self.self_object
        raise UndefinedNameError("free variable '%s' is not bound" % name, self.loc(ins))

    # ------------------------------------------------------------ driver
    def run(self) -> FunctionIR:
        ukn = nb.UNKNOWN
        func = nb.FuncOp(self.name, [ukn] * len(self.argnames), ukn, self.argnames)
        func.attributes["nb.source"] = StringAttr(self.filename)
        region = func.body
        cfg = self.cfg
        blocks: dict[int, Block] = {}
        entry = region.blocks.first
        for start in cfg.order:
            blocks[start] = entry if start == cfg.entry else Block()
            if start != cfg.entry:
                region.add_block(blocks[start])
        self.blocks = blocks
        # shape of the state entering each merge block (see flatten_state), set
        # by the first predecessor to branch there; later ones must agree
        self.merge_shape: dict[int, tuple] = {}
        # (pred, succ) -> what flows along the edge: (stack, locals, kwnames)
        # into a block with one predecessor, the branch operands into a merge
        self.edge_state: dict[tuple[int, int], tuple] = {}
        self.edge_values: dict[tuple[int, int], list] = {}

        entry_locals = {n: entry.args[i] for i, n in enumerate(self.argnames)}
        first = self.instrs[0]
        if self.locals_types:
            for n in self.argnames:  # a declared parameter is converted on entry
                if n in self.locals_types:
                    entry_locals[n] = self._declared(entry, n, entry_locals[n], first)
        self.setup_cells(entry, entry_locals, first)
        for start in cfg.order:
            blk = cfg.blocks[start]
            xblock = blocks[start]
            if start == cfg.entry:
                stack, local, kwnames = [], dict(entry_locals), ()
            elif len(blk.preds) == 1:
                stack, local, kwnames = self.edge_state[(blk.preds[0], start)]
                stack, local = list(stack), dict(local)
            else:
                stack, local, kwnames = self.enter_merge(start, blk, xblock)
            self.exec_block(blk, xblock, stack, local, kwnames)
        prune_block_args(func)
        module = ModuleOp([func])
        return FunctionIR(module, func, cfg, self.pyfunc)

    def enter_merge(self, start: int, blk, xblock: Block) -> tuple[list, dict, tuple]:
        """The state at the top of a merge block: one block argument per
        SSA value of the carried stack and per local variable.

        Where every predecessor has already branched here (a merge that is
        not a loop header) and all pass the same value for an argument, that
        value is used directly: the argument is trivial and pruned later
        anyway, and ops that inspect their operand's producer while the IR
        is generated (a frozen module's attribute, constant keyword names)
        still see it.
        """
        shape = self.merge_shape[start]
        nstack = value_count(shape)
        args = [xblock.insert_arg(nb.UNKNOWN, i) for i in range(nstack + len(self.varnames))]
        vals: list = list(args)
        incoming = [self.edge_values.get((p, start)) for p in blk.preds]
        if all(inc is not None for inc in incoming):
            for i in range(len(vals)):
                first = incoming[0][i]
                if all(inc[i] is first for inc in incoming):
                    vals[i] = first
        stack, kwnames = rebuild_state(shape, vals[:nstack])
        local = {n: vals[nstack + i] for i, n in enumerate(self.varnames)}
        return stack, local, kwnames

    def edge_args(self, src_block: Block, ins: Instr, succ: int, stack: list, local: dict) -> list:
        """Record the state flowing along an edge; return the branch operands.

        Into a block with one predecessor the symbolic state is handed over
        as it is. Into a merge, the stack is flattened into its shape (NULL
        slots, pending lists, keyword names: compile-time facts that every
        edge must agree on) and its SSA values, which are passed, followed
        by the local variables, as block arguments.
        """
        cfg = self.cfg
        if len(cfg.blocks[succ].preds) == 1:
            self.edge_state[(self._cur, succ)] = (list(stack), dict(local), self.kwnames)
            return []
        if any(isinstance(v, PendingList) for v in stack) and any(p >= succ for p in cfg.blocks[succ].preds):
            # into a loop header (a comprehension's list): a list value,
            # which the loop's LIST_APPENDs append to
            for v in [v for v in stack if isinstance(v, PendingList)]:
                self.materialize(src_block, ins, v, (stack, self._stack))
        shape, vals = flatten_state(stack, self.kwnames)
        expected = self.merge_shape.setdefault(succ, shape)
        if expected != shape:
            if len(expected[0]) != len(shape[0]):
                raise UnsupportedError("inconsistent stack depth at a merge", self.loc(ins))
            raise UnsupportedError("inconsistent stack at a merge: %s and %s"
                                   % (describe_shape(expected), describe_shape(shape)), self.loc(ins))
        for n in self.varnames:
            v = local.get(n)
            if v is None:
                v = self.add(src_block, nb.UndefOp(n), ins).result
                local[n] = v
            vals.append(v)
        self.edge_values[(self._cur, succ)] = vals
        return vals

    # ------------------------------------------------------------ execution
    def exec_block(self, blk, xb: Block, stack: list, local: dict, kwnames: tuple = ()):
        self._cur = blk.start
        self._xb, self._stack = xb, stack  # where a pending list used as a value is built
        self.kwnames: tuple = kwnames  # set by KW_NAMES, consumed by the next CALL
        for k, ins in enumerate(blk.instrs):
            handler = getattr(self, "op_" + ins.op, None)
            if handler is None:
                what = _CONSTRUCTS.get(ins.op, "unsupported Python construct (bytecode %s)" % ins.op)
                if ins.op == "BUILD_MAP" and any(i.op == "CALL_FUNCTION_EX" and i.arg & 1 for i in blk.instrs[k:]):
                    what = "calls with keywords next to *args are not supported yet"
                raise UnsupportedError(what, self.loc(ins))
            handler(xb, ins, stack, local)
        last = blk.last
        if not (last.is_jump or last.is_terminator):
            succ = blk.succs[0]
            args = self.edge_args(xb, last, succ, stack, local)
            self.add(xb, nb.BranchOp(self.blocks[succ], args), last)

    def pop(self, stack):
        return stack.pop()

    def op_NOP(self, b, ins, stack, local):
        """The instruction of the block that enters a loop heading the
        function (see ControlFlowGraph.from_instrs): nothing to do."""

    def op_LOAD_CONST(self, b, ins, stack, local):
        v = ins.argval
        if isinstance(v, pytypes.CodeType):  # for MAKE_FUNCTION (see closures.py)
            if v.co_name in ("<setcomp>", "<dictcomp>", "<genexpr>"):  # a <listcomp> (3.11) is an inner function
                what = {"<setcomp>": "set comprehensions", "<dictcomp>": "dict comprehensions"}.get(
                    v.co_name, "generator expressions")
                raise UnsupportedError("%s are not supported yet" % what, self.loc(ins))
            stack.append(v)
            return
        if isinstance(v, slice):  # 3.14 folds constant slices
            stack.append(self.add(b, nb.ConstOp(v), ins).result)
            return
        if not is_literal(v):
            raise UnsupportedError("unsupported constant %r" % (v,), self.loc(ins))
        stack.append(self.add(b, nb.ConstOp(v), ins).result)

    def op_LOAD_FAST(self, b, ins, stack, local):
        if ins.argval in self.cells:  # 3.13: LOAD_CLOSURE became LOAD_FAST of the cell
            stack.append(self.cells[ins.argval])
            return
        v = local.get(ins.argval)
        if v is None:
            v = self.add(b, nb.UndefOp(ins.argval), ins).result
        stack.append(v)

    def op_LOAD_FAST_AND_CLEAR(self, b, ins, stack, local):
        self.op_LOAD_FAST(b, ins, stack, local)
        local.pop(ins.argval, None)

    def op_STORE_FAST(self, b, ins, stack, local):
        v = self._value(stack.pop(), ins)
        if ins.argval in self.locals_types:
            v = self._declared(b, ins.argval, v, ins)
        local[ins.argval] = v

    def _declared(self, b, name: str, v: SSAValue, ins: Instr) -> SSAValue:
        """``v`` converted to the type ``locals=`` declares for ``name``:
        an ``nb.cast`` marked with the variable's name, which type
        inference checks (a conversion must exist, unsafe ones included)."""
        op = nb.CastOp(v, self.locals_types[name])
        op.attributes["nb.local"] = StringAttr(name)
        return self.add(b, op, ins).result

    def op_DELETE_FAST(self, b, ins, stack, local):
        local.pop(ins.argval, None)

    def op_LOAD_GLOBAL(self, b, ins, stack, local):
        stack.append(self.freeze(b, ins.argval, self.lookup_global(ins.argval, ins), ins))

    def op_LOAD_ASSERTION_ERROR(self, b, ins, stack, local):
        stack.append(self.freeze(b, "AssertionError", AssertionError, ins))

    def op_PUSH_NULL(self, b, ins, stack, local):
        stack.append(NULL)

    def op_LOAD_ATTR(self, b, ins, stack, local):
        obj = self._value(stack.pop(), ins)
        owner = obj.owner if isinstance(obj, SSAValue) else None
        if isinstance(owner, nb.GlobalOp) and isinstance(owner.value.data, pytypes.ModuleType):
            mod = owner.value.data
            if not hasattr(mod, ins.argval):
                from pycomp.errors import TypingAttributeError

                raise TypingAttributeError("module '%s' has no attribute '%s'" % (mod.__name__, ins.argval),
                                           self.loc(ins))
            val = self.freeze(b, "%s.%s" % (owner.var_name.data, ins.argval), getattr(mod, ins.argval), ins)
        else:
            val = self.add(b, nb.GetAttrOp(obj, ins.argval), ins).result
        if ins.flag:
            stack.extend([NULL, val] if self.vi.null_first else [val, NULL])
        else:
            stack.append(val)

    def op_STORE_ATTR(self, b, ins, stack, local):
        """``obj.attr = value``: a call of the builtin ``setattr(obj, "attr",
        value)``, typed by the attribute and lowered by an extension's
        ``@lower_setattr`` (pycomp.extending)."""
        obj, value = stack.pop(), stack.pop()
        fn = self.freeze(b, "setattr", builtins.setattr, ins)
        name = self.add(b, nb.ConstOp(ins.argval), ins).result
        self.add(b, nb.CallOp(fn, [self._value(obj, ins), name, self._value(value, ins)], ()), ins)

    def op_KW_NAMES(self, b, ins, stack, local):
        self.kwnames = ins.argval

    def _call(self, b, ins, stack, argc, kwnames):
        args = stack[len(stack) - argc:] if argc else []
        del stack[len(stack) - argc:]
        upper = stack.pop()
        lower = stack.pop()
        if self.vi.null_first:  # [NULL, callable] or [method, self]
            callee, self_arg = (upper, None) if lower is NULL else (lower, upper)
        else:  # [callable, NULL] or [callable, self]
            callee, self_arg = lower, (None if upper is NULL else upper)
        if self_arg is not None:
            args = [self_arg] + args
        args = [self._value(v, ins) for v in args]
        op = self.add(b, nb.CallOp(self._value(callee, ins), args, kwnames), ins)
        stack.append(op.result)

    def op_CALL(self, b, ins, stack, local):
        kw, self.kwnames = self.kwnames, ()
        self._call(b, ins, stack, ins.arg, kw)

    def op_CALL_KW(self, b, ins, stack, local):
        names = stack.pop()
        owner = names.owner
        if not isinstance(owner, nb.ConstOp):
            raise UnsupportedError("keyword names must be constant", self.loc(ins))
        self._call(b, ins, stack, ins.arg, tuple(owner.value.data))

    def op_CALL_FUNCTION_EX(self, b, ins, stack, local):
        """``f(*args)``: an ``nb.call_star`` of the callee and the tuple of
        positional arguments (frontend/starcalls.py)."""
        if ins.arg & 1:
            raise UnsupportedError("calls with **kwargs are not supported yet", self.loc(ins))
        star = stack.pop()
        if isinstance(star, PendingList):  # f(*[a, b]): the list display, as a tuple
            stack.append(star)
            self.op_LIST_TO_TUPLE(b, ins, stack, local)
            star = stack.pop()
        upper, lower = stack.pop(), stack.pop()
        if self.vi.null_first:  # [NULL, callable] or [method, self]
            callee, receiver = (upper, None) if lower is NULL else (lower, upper)
        else:  # [callable, NULL] or [callable, self]
            callee, receiver = lower, (None if upper is NULL else upper)
        receiver = None if receiver is None else self._value(receiver, ins)
        stack.append(build_star_call(self, b, self._value(callee, ins), receiver, self._value(star, ins), ins))

    def op_BINARY_OP(self, b, ins, stack, local):
        rhs = self._value(stack.pop(), ins)
        lhs = self._value(stack.pop(), ins)
        sym = ins.argval
        if sym.endswith("=") and sym not in ("==", "!=", "<=", ">="):
            op = nb.InplaceBinOp(sym[:-1], lhs, rhs)
        else:
            op = nb.BinOp(sym, lhs, rhs)
        stack.append(self.add(b, op, ins).result)

    def op_COMPARE_OP(self, b, ins, stack, local):
        rhs = self._value(stack.pop(), ins)
        lhs = self._value(stack.pop(), ins)
        stack.append(self.add(b, nb.BinOp(ins.argval, lhs, rhs), ins).result)

    def op_IS_OP(self, b, ins, stack, local):
        rhs = self._value(stack.pop(), ins)
        lhs = self._value(stack.pop(), ins)
        stack.append(self.add(b, nb.BinOp("is not" if ins.arg else "is", lhs, rhs), ins).result)

    def op_CONTAINS_OP(self, b, ins, stack, local):
        rhs = self._value(stack.pop(), ins)
        lhs = self._value(stack.pop(), ins)
        stack.append(self.add(b, nb.BinOp("not in" if ins.arg else "in", lhs, rhs), ins).result)

    def _unary(self, b, ins, stack, local):
        v = self._value(stack.pop(), ins)
        stack.append(self.add(b, nb.UnaryOp(_UNARY[ins.op], v), ins).result)

    op_UNARY_NEGATIVE = op_UNARY_INVERT = op_UNARY_NOT = op_UNARY_POSITIVE = _unary

    def op_CALL_INTRINSIC_1(self, b, ins, stack, local):
        if ins.argval == "INTRINSIC_LIST_TO_TUPLE":
            return self.op_LIST_TO_TUPLE(b, ins, stack, local)
        if ins.argval == "INTRINSIC_UNARY_POSITIVE":
            v = self._value(stack.pop(), ins)
            stack.append(self.add(b, nb.UnaryOp("+", v), ins).result)
            return
        raise UnsupportedError("unsupported construct (%s)" % ins.argval, self.loc(ins))

    def op_BINARY_SUBSCR(self, b, ins, stack, local):
        idx = self._value(stack.pop(), ins)
        obj = self._value(stack.pop(), ins)
        stack.append(self.add(b, nb.GetItemOp(obj, idx), ins).result)

    # Slices (frontend/slices.py): constant parts make one nb.const slice
    # (nb-static-getitem folds ``t[1:]``), others a call of ``slice``.
    def op_BUILD_SLICE(self, b, ins, stack, local):
        n = ins.arg
        parts = [self._value(v, ins) for v in stack[len(stack) - n:]]
        del stack[len(stack) - n:]
        stack.append(build_slice(self, b, parts, ins))

    def op_BINARY_SLICE(self, b, ins, stack, local):  # 3.12+: obj[start:stop]
        stop, start, obj = stack.pop(), stack.pop(), stack.pop()
        idx = build_slice(self, b, [self._value(start, ins), self._value(stop, ins)], ins)
        stack.append(self.add(b, nb.GetItemOp(self._value(obj, ins), idx), ins).result)

    def op_STORE_SLICE(self, b, ins, stack, local):  # 3.12+: obj[start:stop] = value
        stop, start, obj, val = stack.pop(), stack.pop(), stack.pop(), stack.pop()
        idx = build_slice(self, b, [self._value(start, ins), self._value(stop, ins)], ins)
        self.add(b, nb.SetItemOp(self._value(obj, ins), idx, self._value(val, ins)), ins)

    def op_STORE_SUBSCR(self, b, ins, stack, local):
        idx = self._value(stack.pop(), ins)
        obj = self._value(stack.pop(), ins)
        val = self._value(stack.pop(), ins)
        self.add(b, nb.SetItemOp(obj, idx, val), ins)

    def _value(self, v, ins):
        """``v`` as an operand: an SSA value, not a compile-time stack entry
        (a pending list display becomes a list value here)."""
        if isinstance(v, PendingList):
            return self.materialize(self._xb, ins, v, (self._stack,))
        if v is NULL:  # pragma: no cover - the decoder's stack shapes prevent it
            raise UnsupportedError("malformed call sequence", self.loc(ins))
        if not isinstance(v, SSAValue):  # a code object or a function being made
            raise UnsupportedError("unsupported use of a function definition", self.loc(ins))
        return v

    def op_BUILD_TUPLE(self, b, ins, stack, local):
        n = ins.arg
        items = stack[len(stack) - n:] if n else []
        del stack[len(stack) - n:]
        stack.append(self.add(b, nb.BuildTupleOp([self._value(v, ins) for v in items]), ins).result)

    def op_UNPACK_SEQUENCE(self, b, ins, stack, local):
        v = self._value(stack.pop(), ins)
        op = self.add(b, nb.UnpackOp(v, ins.arg), ins)
        stack.extend(reversed(op.outs))

    def op_COPY(self, b, ins, stack, local):
        stack.append(stack[-ins.arg])

    def op_SWAP(self, b, ins, stack, local):
        stack[-1], stack[-ins.arg] = stack[-ins.arg], stack[-1]

    def op_POP_TOP(self, b, ins, stack, local):
        stack.pop()

    def op_GET_ITER(self, b, ins, stack, local):
        v = self._value(stack.pop(), ins)
        stack.append(self.add(b, nb.GetIterOp(v), ins).result)

    # ------------------------------------------------------------ terminators
    def _succs(self, ins):
        blk = self.cfg.blocks[self._cur]
        return blk.succs

    def op_RETURN_VALUE(self, b, ins, stack, local):
        self.add(b, nb.ReturnOp(self._value(stack.pop(), ins)), ins)

    def op_JUMP(self, b, ins, stack, local):
        succ = ins.argval
        args = self.edge_args(b, ins, succ, stack, local)
        self.add(b, nb.BranchOp(self.blocks[succ], args), ins)

    def _cond_branch(self, b, ins, cond, true_succ, true_stack, false_succ, false_stack, local):
        if true_succ == false_succ:
            args = self.edge_args(b, ins, true_succ, true_stack, local)
            self.add(b, nb.BranchOp(self.blocks[true_succ], args), ins)
            return
        targs = self.edge_args(b, ins, true_succ, true_stack, local)
        fargs = self.edge_args(b, ins, false_succ, false_stack, local)
        self.add(b, nb.CondBranchOp(cond, self.blocks[true_succ], targs, self.blocks[false_succ], fargs), ins)

    def _fallthrough(self, ins):
        succs = self._succs(ins)
        return next((s for s in succs if s != ins.argval), ins.argval)

    def op_POP_JUMP_IF_TRUE(self, b, ins, stack, local):
        cond = self.add(b, nb.TruthOp(self._value(stack.pop(), ins)), ins).result
        self._cond_branch(b, ins, cond, ins.argval, stack, self._fallthrough(ins), stack, local)

    def op_POP_JUMP_IF_FALSE(self, b, ins, stack, local):
        cond = self.add(b, nb.TruthOp(self._value(stack.pop(), ins)), ins).result
        self._cond_branch(b, ins, cond, self._fallthrough(ins), stack, ins.argval, stack, local)

    def _none_test(self, b, ins, stack, op):
        v = self._value(stack.pop(), ins)
        none = self.add(b, nb.ConstOp(None), ins).result
        return self.add(b, nb.BinOp(op, v, none), ins).result

    def op_POP_JUMP_IF_NONE(self, b, ins, stack, local):
        cond = self._none_test(b, ins, stack, "is")
        self._cond_branch(b, ins, cond, ins.argval, stack, self._fallthrough(ins), stack, local)

    def op_POP_JUMP_IF_NOT_NONE(self, b, ins, stack, local):
        cond = self._none_test(b, ins, stack, "is not")
        self._cond_branch(b, ins, cond, ins.argval, stack, self._fallthrough(ins), stack, local)

    def op_JUMP_IF_TRUE_OR_POP(self, b, ins, stack, local):
        cond = self.add(b, nb.TruthOp(self._value(stack[-1], ins)), ins).result
        self._cond_branch(b, ins, cond, ins.argval, stack, self._fallthrough(ins), stack[:-1], local)

    def op_JUMP_IF_FALSE_OR_POP(self, b, ins, stack, local):
        cond = self.add(b, nb.TruthOp(self._value(stack[-1], ins)), ins).result
        self._cond_branch(b, ins, cond, self._fallthrough(ins), stack[:-1], ins.argval, stack, local)

    def op_FOR_ITER(self, b, ins, stack, local):
        it = stack[-1]
        nxt = self.add(b, nb.IterNextOp(it), ins)
        body = self._fallthrough(ins)
        self._cond_branch(b, ins, nxt.valid, body, stack + [nxt.item], ins.argval, stack[:-1], local)

    def op_RAISE_VARARGS(self, b, ins, stack, local):
        if ins.arg == 0:
            raise UnsupportedError("bare 'raise' (re-raise) is not supported", self.loc(ins))
        if ins.arg == 2:
            stack.pop()  # the cause: not kept
        self.add(b, nb.RaiseOp(self._value(stack.pop(), ins)), ins)


def _edges(term):
    """(successor, operand list) pairs of a branch terminator."""
    if isinstance(term, nb.BranchOp):
        return [(term.dest, list(term.arguments))]
    if isinstance(term, nb.CondBranchOp):
        return [(term.then_block, list(term.then_arguments)), (term.else_block, list(term.else_arguments))]
    return []


def prune_block_args(func: nb.FuncOp) -> None:
    """Remove block arguments that are trivial (one incoming value besides
    themselves) or dead (used only to feed other dead arguments).

    Works on a side table of incoming values to a fixed point, then edits
    the IR once: uses are replaced and each branch is rebuilt at most once.
    """
    blocks = list(func.body.blocks)
    entry = blocks[0]
    incoming: dict = {}  # block argument -> values flowing in
    terms = []
    for blk in blocks:
        term = blk.last_op
        edges = _edges(term)
        if edges:
            terms.append(term)
        for succ, vals in edges:
            for arg, v in zip(succ.args, vals):
                incoming.setdefault(arg, []).append(v)
    repl: dict = {}

    def resolve(v):
        while v in repl:
            v = repl[v]
        return v

    changed = True
    while changed:  # trivial arguments
        changed = False
        for arg, vals in incoming.items():
            if arg in repl:
                continue
            distinct = {resolve(v) for v in vals}
            distinct.discard(arg)
            if len(distinct) == 1:
                repl[arg] = distinct.pop()
                changed = True
    # liveness: used by a non-branch op, or feeding a live argument
    live: set = set()
    work = []
    for blk in blocks:
        for op in blk.ops:
            branch = isinstance(op, (nb.BranchOp, nb.CondBranchOp))
            operands = [op.cond] if isinstance(op, nb.CondBranchOp) else ([] if branch else op.operands)
            for v in operands:
                v = resolve(v)
                if isinstance(v, BlockArgument) and v.block is not entry and v not in live:
                    live.add(v)
                    work.append(v)
    while work:
        a = work.pop()
        for v in incoming.get(a, ()):
            v = resolve(v)
            if isinstance(v, BlockArgument) and v.block is not entry and v not in live:
                live.add(v)
                work.append(v)
    removed = {a for a in incoming if a in repl or a not in live}
    removed |= {a for blk in blocks[1:] for a in blk.args if a not in incoming}  # no incoming edge
    if not removed:
        return
    for a in removed:
        if a in repl:
            a.replace_all_uses_with(resolve(a))
    for term in terms:
        edges = _edges(term)
        if not any(a in removed for succ, _ in edges for a in succ.args):
            if any(v in repl for _, vals in edges for v in vals):
                for i, v in enumerate(term.operands):
                    if v in repl:
                        term.operands[i] = resolve(v)
            continue
        kept = [(succ, [resolve(v) for a, v in zip(succ.args, vals) if a not in removed]) for succ, vals in edges]
        if isinstance(term, nb.BranchOp):
            new = nb.BranchOp(kept[0][0], kept[0][1])
        else:
            new = nb.CondBranchOp(resolve(term.cond), kept[0][0], kept[0][1], kept[1][0], kept[1][1])
        new.location = term.location
        blk = term.parent_block()
        blk.insert_op_before(new, term)
        term.detach()
        term.erase()
    for blk in blocks[1:]:
        for arg in reversed(list(blk.args)):
            if arg in removed:
                blk.erase_arg(arg, safe_erase=False)
    for blk in blocks:
        for op in list(blk.ops):
            if isinstance(op, nb.UndefOp) and not op.result.uses:
                op.detach()
                op.erase()


def generate_ir(pyfunc, name: str | None = None, self_object=None, locals_types=None) -> FunctionIR:
    """Decode ``pyfunc``'s bytecode and build its nb-dialect function.
    ``self_object`` (the jitted function being compiled) resolves a
    recursive reference to the function's own name that is not bound yet.
    ``locals_types`` (jit's ``locals=``) maps variable names to the types
    every value assigned to them is converted to."""
    return _Generator(pyfunc, name, self_object, locals_types).run()
