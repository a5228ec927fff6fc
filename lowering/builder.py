"""A small builder of xDSL llvm-dialect ops, the way llvmlite's IRBuilder
builds LLVM IR: each method inserts one op at the current position and
returns its result. Lowering implementations receive one.
"""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    DenseArrayBase,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    i32,
)
from xdsl.ir import Block, SSAValue

from pycomp.targets.datamodel import I1, I64, PTR

_ICMP = {"==": "eq", "!=": "ne", "<": "slt", "<=": "sle", ">": "sgt", ">=": "sge"}
_UCMP = {"==": "eq", "!=": "ne", "<": "ult", "<=": "ule", ">": "ugt", ">=": "uge"}
_FCMP = {"==": "oeq", "!=": "une", "<": "olt", "<=": "ole", ">": "ogt", ">=": "oge"}


class LLVMBuilder:
    def __init__(self, block: Block | None = None, location=None):
        self.block = block
        self.location = location
        self.entry_allocas: Block | None = None
        self.region = None

    def position_at_end(self, block: Block):
        self.block = block

    def new_block(self) -> Block:
        """A new block appended to the function being built."""
        blk = Block()
        self.region.add_block(blk)
        return blk

    def insert(self, op):
        if self.location is not None:
            op.location = self.location
        self.block.add_op(op)
        return op

    def _r(self, op) -> SSAValue:
        return self.insert(op).results[0]

    # constants
    def const_int(self, t, value: int) -> SSAValue:
        width = t.width.data
        if width > 1:
            value = ((value + (1 << (width - 1))) % (1 << width)) - (1 << (width - 1))
        else:
            value = 1 if value else 0
        return self._r(llvm.ConstantOp(IntegerAttr(value, t), t))

    def const_float(self, t, value: float) -> SSAValue:
        return self._r(llvm.ConstantOp(FloatAttr(value, t), t))

    def undef(self, t) -> SSAValue:
        return self._r(llvm.UndefOp(t))

    def zero(self, t) -> SSAValue:
        return self._r(llvm.ZeroOp(result_types=[t]))

    # integer and float arithmetic
    def ibin(self, opname: str, a, b) -> SSAValue:
        cls = {"add": llvm.AddOp, "sub": llvm.SubOp, "mul": llvm.MulOp, "sdiv": llvm.SDivOp,
               "udiv": llvm.UDivOp, "srem": llvm.SRemOp, "urem": llvm.URemOp, "and": llvm.AndOp,
               "or": llvm.OrOp, "xor": llvm.XOrOp, "shl": llvm.ShlOp, "ashr": llvm.AShrOp,
               "lshr": llvm.LShrOp}[opname]
        return self._r(cls(a, b))

    def fbin(self, opname: str, a, b, fastmath=None) -> SSAValue:
        cls = {"fadd": llvm.FAddOp, "fsub": llvm.FSubOp, "fmul": llvm.FMulOp, "fdiv": llvm.FDivOp,
               "frem": llvm.FRemOp}[opname]
        return self._r(cls(a, b, fastmath) if fastmath else cls(a, b))

    def fneg(self, a) -> SSAValue:
        return self._r(llvm.FNegOp(a))

    def icmp(self, op: str, a, b, signed: bool = True) -> SSAValue:
        pred = (_ICMP if signed else _UCMP).get(op, op)
        from xdsl.dialects.llvm import ICmpPredicateFlag

        return self._r(llvm.ICmpOp(a, b, IntegerAttr(ICmpPredicateFlag(pred).to_int(), I64)))

    def fcmp(self, op: str, a, b) -> SSAValue:
        return self._r(llvm.FCmpOp(a, b, _FCMP.get(op, op)))

    def select(self, c, a, b) -> SSAValue:
        return self._r(llvm.SelectOp(c, a, b))

    # conversions
    def cast(self, opname: str, v, t) -> SSAValue:
        from pycomp.dialects import llvmx

        cls = {"sext": llvm.SExtOp, "zext": llvm.ZExtOp, "trunc": llvm.TruncOp, "sitofp": llvm.SIToFPOp,
               "fpext": llvm.FPExtOp, "fptrunc": llvm.FPTruncOp, "uitofp": llvmx.UIToFPOp,
               "fptosi": llvmx.FPToSIOp, "fptoui": llvmx.FPToUIOp, "bitcast": llvm.BitcastOp,
               "ptrtoint": llvm.PtrToIntOp, "inttoptr": llvm.IntToPtrOp}[opname]
        return self._r(cls(v) if cls is llvm.IntToPtrOp else cls(v, t))  # (a pointer is opaque)

    # aggregates and memory
    def extract(self, agg, index, t) -> SSAValue:
        idx = [index] if isinstance(index, int) else list(index)
        return self._r(llvm.ExtractValueOp(DenseArrayBase.from_list(I64, idx), agg, t))

    def insert_value(self, agg, value, index) -> SSAValue:
        idx = [index] if isinstance(index, int) else list(index)
        return self._r(llvm.InsertValueOp(DenseArrayBase.from_list(I64, idx), agg, value))

    def alloca(self, t) -> SSAValue:
        """Allocate in the entry block so LLVM promotes it to registers."""
        one = llvm.ConstantOp(IntegerAttr(1, I64), I64)
        op = llvm.AllocaOp(one.result, t, alignment=8)
        blk = self.entry_allocas or self.block
        first = blk.first_op
        if first is None:
            blk.add_op(one)
            blk.add_op(op)
        else:
            blk.insert_op_before(one, first)
            blk.insert_op_before(op, first)
        return op.results[0]

    def load(self, ptr, t) -> SSAValue:
        return self._r(llvm.LoadOp(ptr, t))

    def store(self, value, ptr):
        self.insert(llvm.StoreOp(value, ptr))

    def gep(self, ptr, indices, elem_type, inbounds=True) -> SSAValue:
        return self._r(llvm.GEPOp.from_mixed_indices(ptr, list(indices), elem_type, inbounds=inbounds))

    # calls and control flow
    def call(self, name: str, args, ret_type=None) -> SSAValue | None:
        op = self.insert(llvm.CallOp(name, *args, return_type=ret_type))
        return op.results[0] if op.results else None

    def call_indirect(self, fnptr, args, ret_type=None) -> SSAValue | None:
        """Call the function at address ``fnptr`` (a pointer SSA value): an
        ``llvm.call`` without a callee symbol, its first operand the pointer
        (pycomp.lowering.emit converts it)."""
        from xdsl.irdl import IRDLOperation

        op = llvm.CallOp.__new__(llvm.CallOp)
        IRDLOperation.__init__(op, operands=[[fnptr, *args], []],
                               properties={"fastmathFlags": llvm.FastMathAttr(None),
                                           "CConv": llvm.CallingConventionAttr("ccc"),
                                           "op_bundle_sizes": DenseArrayBase.from_list(i32, ())},
                               result_types=[ret_type])
        self.insert(op)
        return op.results[0] if op.results else None

    def intrinsic(self, name: str, args, ret_type) -> SSAValue:
        """Call an LLVM intrinsic overloaded on a float type; the name is
        mangled with the type (``llvm.sqrt`` -> ``llvm.sqrt.f64``)."""
        from xdsl.dialects.builtin import Float32Type, Float64Type

        suffix = {Float64Type: "f64", Float32Type: "f32"}.get(type(ret_type))
        if suffix and not name.endswith("." + suffix):
            name = "%s.%s" % (name, suffix)
        return self._r(llvm.CallIntrinsicOp(name, list(args), [ret_type]))

    def br(self, dest: Block, args=()):
        self.insert(llvm.BrOp(dest, *args))

    def cond_br(self, c, t: Block, targs, f: Block, fargs):
        self.insert(llvm.CondBrOp(c, t, list(targs), f, list(fargs)))

    def ret(self, v=None):
        self.insert(llvm.ReturnOp(v))

    def unreachable(self):
        self.insert(llvm.UnreachableOp())

    def counted_loop(self, count, body) -> None:
        """``for i in range(count)`` (``count`` an i64): a header block whose
        argument is ``i``, the body emitted by ``body(i)`` (it may add
        blocks), and the position left after the loop."""
        header = Block(arg_types=[I64])
        self.region.add_block(header)
        loop_body, done = self.new_block(), self.new_block()
        self.br(header, [self.i64(0)])
        self.position_at_end(header)
        i = header.args[0]
        self.cond_br(self.icmp("<", i, count), loop_body, [], done, [])
        self.position_at_end(loop_body)
        body(i)
        self.br(header, [self.ibin("add", i, self.i64(1))])
        self.position_at_end(done)

    # helpers
    def i64(self, v: int) -> SSAValue:
        return self.const_int(I64, v)

    def i32(self, v: int) -> SSAValue:
        return self.const_int(i32, v)

    def true(self) -> SSAValue:
        return self.const_int(I1, 1)

    def is_int(self, t) -> bool:
        return isinstance(t, IntegerType)


__all__ = ["LLVMBuilder", "PTR"]
