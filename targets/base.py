"""The target interface: what lowering may know about a target.

Lowering (``pycomp.lowering.nb_to_llvm``) talks to one
:class:`TargetContext` and nothing else of a target; ``targets/cpu`` and
``targets/cuda`` implement it. A target context gives:

- the data model (:meth:`~TargetContext.llvm_type`,
  :meth:`~TargetContext.memory_type`, :meth:`~TargetContext.is_compile_time`):
  how each pycomp type is represented in LLVM;
- the calling convention (:attr:`~TargetContext.call_conv`): the LLVM
  type of a compiled function, how a result is returned, how a call to
  another compiled function is emitted and its status propagated;
- runtime calls (:meth:`~TargetContext.declare`,
  :meth:`~TargetContext.math_symbol`): which external functions exist and
  what they are called on this target;
- the LLVM triple and data layout, and the code generator
  (:meth:`~TargetContext.codegen`);
- the lowering registries (:meth:`~TargetContext.implementation`): the
  implementation of an operator or a function for a signature, searched in
  the target's own registry first, then in the generic ones it reuses.

Targets are named in :data:`TARGETS` and made by :func:`target_context`.
"""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING

from xdsl.dialects import llvm

from pycomp import types as ty
from pycomp.errors import UnsupportedError
from pycomp.signature import Signature
from pycomp.targets import datamodel
from pycomp.targets.datamodel import I1, I32, I64, MEMINFO, MEMINFO_DATA_FIELD, PTR, llvm_type, slice_fields

if TYPE_CHECKING:  # the builder is handed in by lowering; targets never import it
    from pycomp.lowering.builder import LLVMBuilder

__all__ = ["TargetContext", "StatusCallConv", "LoweringRegistry", "ExceptionTable", "ExceptionValues", "VALUE",
           "exception_table",
           "TARGETS", "target_context"]


class ExceptionTable:
    """Exceptions compiled code may raise, shared with the C helper library:
    entry ``i`` is ``(exception class, args tuple, where)`` with ``where``
    the raising source line as ``(function, file, line)`` or None; the
    helper adds that line to the traceback as a frame of its own, so the
    user sees where in the compiled function the exception came from. An
    exception raised with run-time values has a fourth item, its
    :class:`ExceptionValues` decoder (the args tuple then shows the
    constant parts)."""

    def __init__(self):
        self.entries: list = []
        self._index: dict = {}
        self._lock = threading.Lock()

    def index_of(self, exc_class, args: tuple, where=None, decoder=None) -> int:
        key = (exc_class, tuple((type(a), a) for a in args), where, decoder)
        with self._lock:
            i = self._index.get(key)
            if i is None:
                i = self._index[key] = len(self.entries)
                entry = (exc_class, tuple(args), where)
                self.entries.append(entry if decoder is None else entry + (decoder,))
        return i


#: struct codes of the run-time values an exception can carry (8 bytes each)
_VALUE_CODES = {"int": "q", "uint": "Q", "float": "d", "bool": "q"}


class ExceptionValues:
    """How the arguments of an exception raised with run-time values are
    rebuilt when it reaches Python: ``parts`` are the arguments, each a
    constant or a :data:`VALUE` placeholder filled, in order, by the
    values compiled code stored (``kinds``: "int", "uint", "float",
    "bool"); with ``message`` the arguments are instead the one string
    ``message % values`` (``"axis %d is out of bounds"``). Instances are
    compared by content, so a raise site compiled twice shares one entry."""

    def __init__(self, parts: tuple, kinds: tuple, message: str | None = None):
        self.parts, self.kinds, self.message = tuple(parts), tuple(kinds), message

    def _key(self):
        return (tuple((type(p), p) for p in self.parts), self.kinds, self.message)

    def __eq__(self, other):
        return isinstance(other, ExceptionValues) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __call__(self, raw: bytes) -> tuple:
        import struct

        codes = "".join(_VALUE_CODES[k] for k in self.kinds)
        values = list(struct.unpack("=" + codes, raw[:8 * len(codes)])) if codes else []
        values = [bool(v) if k == "bool" else v for v, k in zip(values, self.kinds)]
        if self.message is not None:
            return (self.message % tuple(values),)
        it = iter(values)
        return tuple(next(it) if p is VALUE else p for p in self.parts)

    def __repr__(self):
        return "ExceptionValues(%r, %r, %r)" % (self.parts, self.kinds, self.message)


class _Value:
    def __repr__(self):
        return "<run-time value>"


#: the placeholder of a run-time value in :class:`ExceptionValues` parts
VALUE = _Value()


exception_table = ExceptionTable()


class LoweringRegistry:
    def __init__(self):
        self.impls: dict = {}
        #: (source pattern, destination pattern, fn(context, builder, fromty, toty, value))
        self.casts: list = []

    def lower_cast(self, fromty, toty):
        """Register the conversion of values of ``fromty`` to ``toty`` (type
        classes or types), ``fn(context, builder, fromty, toty, value)``;
        it comes before the built-in conversions (``pycomp.extending.lower_cast``)."""

        def deco(fn):
            self.casts.append((fromty, toty, fn))
            return fn

        return deco

    def find_cast(self, src, dst):
        for f, t, fn in self.casts:
            if _match(f, src) and _match(t, dst):
                return fn
        return None

    def lower(self, key, *argtypes, first: bool = False):
        """Register an implementation of ``key`` for argument type classes
        or exact types (``ty.Integer``, ``ty.float64``, ...); no argtypes
        means any. The first registered match is used; ``first=True`` puts
        this one ahead of those already there (some match any argument)."""

        def deco(fn):
            impls = self.impls.setdefault(_k(key), [])
            if first:
                impls.insert(0, (argtypes, fn))
            else:
                impls.append((argtypes, fn))
            return fn

        return deco

    def find(self, key, sig):
        for argtypes, fn in self.impls.get(_k(key), ()):
            if not argtypes or (len(argtypes) == len(sig.args) and all(_match(p, a) for p, a in zip(argtypes, sig.args))):
                return fn
        return None


def _k(key):
    try:
        hash(key)
        return key
    except TypeError:
        return id(key)


def _match(pattern, t) -> bool:
    if isinstance(pattern, type):
        return isinstance(t, pattern)
    if isinstance(pattern, tuple):
        return any(_match(p, t) for p in pattern)
    return pattern is t


exception_table = ExceptionTable()


class StatusCallConv:
    """The calling convention of compiled functions on the CPU and for CUDA
    device functions: ``R(A1, ..., An)`` is ::

        i32 @name(ptr %result, A1 a1, ..., An an)

    Arrays are passed as a pointer to their struct, every other value by
    value. The i32 is a status: 0 is success (the result has been stored
    through ``%result``), ``k > 0`` means "raise entry ``k - 1`` of the
    static exception table" (:class:`ExceptionTable`), -1 that a Python
    exception is already set (CPU only)."""

    def __init__(self, ctx: "TargetContext"):
        self.ctx = ctx

    def native_arg_types(self, argtypes) -> list:
        return [PTR if isinstance(t, ty.Array) else self.ctx.llvm_type(t) for t in argtypes]

    def function_type(self, argtypes) -> llvm.LLVMFunctionType:
        return llvm.LLVMFunctionType([PTR] + self.native_arg_types(argtypes), I32)

    def unpack_arguments(self, b: LLVMBuilder, argtypes, native_args) -> list:
        """The values of the parameters from the native arguments (after
        the result pointer): an array is loaded from its pointer."""
        return [b.load(a, self.ctx.llvm_type(t)) if isinstance(t, ty.Array) else a
                for t, a in zip(argtypes, native_args)]

    def return_value(self, b: LLVMBuilder, retptr, value, t: ty.Type) -> None:
        if isinstance(t, ty.Boolean):
            value = b.cast("zext", value, self.ctx.memory_type(t))
        b.store(value, retptr)
        b.ret(b.const_int(I32, 0))

    def return_status(self, b: LLVMBuilder, status: int) -> None:
        """Return a non-zero ``status`` (an exception), releasing the
        references the function owns at this point first."""
        self.ctx.release_on_error(b)
        b.ret(b.const_int(I32, status))

    def call(self, b: LLVMBuilder, symbol: str, args, argtypes, ret_t: ty.Type):
        """Call compiled function ``symbol``; a non-zero status returns it
        from the caller (the exception propagates); the result otherwise."""
        ctx = self.ctx
        ctx.declare(symbol, I32, [PTR] + self.native_arg_types(argtypes))
        retslot = b.alloca(ctx.memory_type(ret_t))
        native_args = [retslot]
        for a, t in zip(args, argtypes):
            if isinstance(t, ty.Array):
                slot = b.alloca(ctx.llvm_type(t))
                b.store(a, slot)
                native_args.append(slot)
            else:
                native_args.append(a)
        status = b.call(symbol, native_args, I32)
        fail, ok = b.new_block(), b.new_block()
        b.cond_br(b.icmp("!=", status, b.const_int(I32, 0)), fail, [], ok, [])
        b.position_at_end(fail)
        ctx.release_on_error(b)
        b.ret(status)
        b.position_at_end(ok)
        v = b.load(retslot, ctx.memory_type(ret_t))
        if isinstance(ret_t, ty.Boolean):
            v = b.cast("trunc", v, I1)
        return v


class TargetContext:
    """Everything lowering knows about one target (see the module text).

    Subclasses set :attr:`name` and :attr:`registries`, and implement
    :attr:`triple`, :attr:`data_layout` and :meth:`codegen`; the data model
    (64-bit, :mod:`pycomp.targets.datamodel`), the status calling
    convention, casts, truth values and constants are shared."""

    #: the target's name (``@jit(target=...)``, ``nb-to-llvm{target=...}``)
    name: str = ""
    #: whether code runs in a process with a Python interpreter (the CPU)
    has_python: bool = False

    @property
    def dynamic_exceptions(self) -> bool:
        """Whether a raised exception can carry run-time values (the CPU's
        C helper keeps them for the wrapper; CUDA kernels cannot)."""
        return self.has_python

    def __init__(self, boundscheck: bool = False, fastmath: bool = False, error_model: str = "python"):
        self.boundscheck = boundscheck
        self.fastmath = fastmath
        self.error_model = error_model
        self.exceptions = exception_table
        self.call_conv = StatusCallConv(self)
        #: the source location (pycomp.errors.Loc) of the op being lowered; set
        #: by the lowering driver, read when an implementation raises
        self.current_loc = None
        self.declared: dict[str, object] = {}  # external functions to declare: name -> llvm type
        #: constant data (arrays frozen from globals) the module holds: global name -> bytes
        self.constant_data: dict[str, bytes] = {}
        #: Python objects the compiled code points at (big global arrays used in place)
        self.keepalive: list = []
        #: what an exception raised now releases: ``(llvm value, pycomp type)``
        #: pairs of the references the function owns; set by the lowering driver
        self.owned_references: list = []

    # -------------------------------------------------------- what a target provides
    @property
    def registries(self) -> list:
        """The lowering registries searched in order (own first)."""
        raise NotImplementedError

    @property
    def triple(self) -> str:
        raise NotImplementedError

    @property
    def data_layout(self) -> str:
        raise NotImplementedError

    def codegen(self):
        """The code generator that turns this target's LLVM IR into code."""
        raise NotImplementedError

    def math_symbol(self, name: str, t: ty.Type) -> str:
        """The external function computing C math function ``name`` (``sin``,
        ``atan2``...) for float type ``t``: libm's ``sinf`` on the CPU."""
        return name + "f" if t is ty.float32 else name

    def check_runtime_symbol(self, name: str) -> None:
        """Raise UnsupportedError if ``name`` cannot be called on this target."""

    def finish_module(self, module) -> None:
        """Rewrite a lowered llvm-dialect module for this target before it is
        emitted (in place; CUDA: math intrinsics become libdevice calls).
        Nothing on the CPU."""

    # -------------------------------------------------------- data model
    def llvm_type(self, t):
        return datamodel.llvm_type(t)

    def memory_type(self, t):
        return datamodel.memory_type(t)

    def is_compile_time(self, t) -> bool:
        return datamodel.is_compile_time(t)

    # -------------------------------------------------------- lowering registry
    def implementation(self, key, sig):
        fn = self.find_implementation(key, sig)
        if fn is None:
            name = getattr(key, "__name__", key)
            raise UnsupportedError("no lowering of %s for %s" % (name, sig))
        return fn

    def find_implementation(self, key, sig):
        """The implementation of ``key`` for ``sig``, or None."""
        for reg in self.registries:
            fn = reg.find(key, sig)
            if fn is not None:
                return fn
        return None

    def getiter(self, b: LLVMBuilder, iterable_type, iter_type, value):
        """The iterator (a state pointer) of ``value`` (the ``"getiter"`` key)."""
        sig = Signature(iter_type, (iterable_type,))
        return self.implementation("getiter", sig)(self, b, sig, [value])

    def iternext(self, b: LLVMBuilder, iter_type, state):
        """Advance iterator ``state``: ``(item, valid)`` (the ``"iternext"`` key)."""
        sig = Signature(iter_type.yield_type, (iter_type,))
        return self.implementation("iternext", sig)(self, b, sig, [state])

    def unpack(self, b: LLVMBuilder, iter_type, state, count: int) -> list:
        """``a, b, c = iterable``: ``count`` items of the iterator ``state``;
        ValueError (CPython's messages) if it has fewer or more."""
        items = []
        for i in range(count):
            item, valid = self.iternext(b, iter_type, state)
            self.guard(b, b.ibin("xor", valid, b.true()), ValueError,
                       ("not enough values to unpack (expected %d, got %d)" % (count, i),))
            items.append(item)
        _, more = self.iternext(b, iter_type, state)
        self.guard(b, more, ValueError, ("too many values to unpack (expected %d)" % count,))
        return items

    def declare(self, name: str, ret, args):
        """Record an external function (libm, helper) the module calls."""
        self.check_runtime_symbol(name)
        self.declared[name] = (ret, tuple(args))

    # -------------------------------------------------------- memory (the runtime of csrc/nrt.c)
    def references(self, b: LLVMBuilder, t: ty.Type, v) -> list:
        """The meminfo pointers value ``v`` of type ``t`` holds (an array's
        is field 0; null for arrays borrowed from Python and for an
        optional holding None)."""
        if isinstance(t, ty.Array):
            return [b.extract(v, 0, PTR)]
        if getattr(t, "holds_meminfo", False):  # the value is the meminfo (a list)
            return [v]
        field = getattr(t, "meminfo_field", None)
        if field is not None:  # a struct holding its meminfo (a string)
            return [b.extract(v, field, PTR)]
        if isinstance(t, ty.BaseTuple):
            out = []
            for i, e in enumerate(t.types):
                if ty.has_references(e):
                    out += self.references(b, e, b.extract(v, i, llvm_type(e)))
            return out
        if isinstance(t, ty.Optional) and ty.has_references(t.type):
            valid = b.extract(v, 1, I1)
            null = b.zero(PTR)
            return [b.select(valid, m, null) for m in self.references(b, t.type, b.extract(v, 0, llvm_type(t.type)))]
        return []

    def incref(self, b: LLVMBuilder, t: ty.Type, v) -> None:
        """One more reference to each memory block ``v`` holds."""
        self._runtime_each(b, "pycomp_nrt_incref", t, v)

    def decref(self, b: LLVMBuilder, t: ty.Type, v) -> None:
        """Release one reference to each memory block ``v`` holds."""
        self._runtime_each(b, "pycomp_nrt_decref", t, v)

    def _runtime_each(self, b, name, t, v):
        mis = self.references(b, t, v)
        if mis:
            self.declare(name, None, [PTR])
            for mi in mis:
                b.call(name, [mi])

    def allocate(self, b: LLVMBuilder, nbytes):
        """A new memory block of ``nbytes`` (i64) bytes: ``(meminfo, data)``;
        MemoryError if it cannot be had."""
        self.declare("pycomp_nrt_allocate", PTR, [I64])
        mi = b.call("pycomp_nrt_allocate", [nbytes], PTR)
        self.guard(b, b.icmp("==", b.cast("ptrtoint", mi, I64), b.const_int(I64, 0)), MemoryError,
                   ("Allocation failed (probably too large): cannot allocate an array of this size",))
        data = b.load(b.gep(mi, [0, MEMINFO_DATA_FIELD], MEMINFO), PTR)
        return mi, data

    def release_on_error(self, b: LLVMBuilder) -> None:
        """Release what the function owns where an exception leaves it."""
        for v, t in self.owned_references:
            self.decref(b, t, v)

    # -------------------------------------------------------- exceptions
    def raise_status(self, exc_class, args=(), decoder=None) -> int:
        """The status that raises ``exc_class(*args)`` at the current op's line
        (with a decoder: the args it rebuilds from run-time values)."""
        loc = self.current_loc
        where = (loc.function or "<jitted>", loc.filename, loc.line) if loc is not None else None
        return self.exceptions.index_of(exc_class, tuple(args), where, decoder) + 1

    def raise_with_values(self, b: LLVMBuilder, exc_class, parts, values, message: str | None = None) -> None:
        """Return the status raising ``exc_class`` with run-time values:
        ``parts`` the arguments, :data:`VALUE` where the next of ``values``
        (``(type, value)`` pairs: booleans, integers, floats) goes; with
        ``message``, the one argument ``message % values``. The values are
        stored for the wrapper (``pycomp_exc_set_values``) just before the
        status returns; a target without that helper raises the constant
        parts."""
        kinds, words = [], []
        for t, v in values:
            if isinstance(t, ty.Boolean):
                kinds.append("bool")
                words.append(b.cast("zext", v, I64))
            elif isinstance(t, ty.Integer):
                kinds.append("int" if t.signed else "uint")
                words.append(v if t.bitwidth == 64 else b.cast("sext" if t.signed else "zext", v, I64))
            elif isinstance(t, ty.Float):
                kinds.append("float")
                d = v if t.bitwidth == 64 else b.cast("fpext", v, datamodel.F64)
                words.append(b.cast("bitcast", d, I64))
            else:
                raise UnsupportedError("an exception can carry run-time numbers and booleans, not %s" % t)
        # what the table shows (and a target without the helper raises)
        args = (message,) if message is not None else tuple("?" if p is VALUE else p for p in parts)
        if not self.dynamic_exceptions:
            self.call_conv.return_status(b, self.raise_status(exc_class, args))
            return
        words_t = llvm.LLVMArrayType(max(len(words), 1), I64)
        slots = b.alloca(words_t)
        for k, w in enumerate(words):
            b.store(w, b.gep(slots, [0, k], words_t))
        self.declare("pycomp_exc_set_values", None, [PTR, I32])
        b.call("pycomp_exc_set_values", [slots, b.const_int(I32, len(words))])
        decoder = ExceptionValues(parts, tuple(kinds), message)
        self.call_conv.return_status(b, self.raise_status(exc_class, args, decoder))

    def guard_with_values(self, b: LLVMBuilder, fail_cond, exc_class, parts, values, message: str | None = None):
        """If ``fail_cond`` holds, raise ``exc_class`` with run-time values
        (as :meth:`raise_with_values`); continue in a new block otherwise."""
        fail = b.new_block()
        ok = b.new_block()
        b.cond_br(fail_cond, fail, [], ok, [])
        b.position_at_end(fail)
        self.raise_with_values(b, exc_class, parts, values, message)
        b.position_at_end(ok)

    def guard(self, b: LLVMBuilder, fail_cond, exc_class, args=()):
        """If ``fail_cond`` (i1) holds, return the status raising
        ``exc_class(*args)``; continue in a new block otherwise."""
        fail = b.new_block()
        ok = b.new_block()
        b.cond_br(fail_cond, fail, [], ok, [])
        b.position_at_end(fail)
        self.call_conv.return_status(b, self.raise_status(exc_class, args))
        b.position_at_end(ok)

    # -------------------------------------------------------- casts
    def cast(self, b: LLVMBuilder, v, src: ty.Type, dst: ty.Type):
        if src is dst:
            return v
        for reg in self.registries:  # an extension's conversion (lower_cast) first
            if reg.casts:
                fn = reg.find_cast(src, dst)
                if fn is not None:
                    return fn(self, b, src, dst, v)
        lt = llvm_type(dst)
        if isinstance(src, ty.Integer) and isinstance(dst, ty.Boolean):
            return b.icmp("!=", v, b.const_int(llvm_type(src), 0))
        if isinstance(src, ty.Integer) and isinstance(dst, ty.Integer):
            sw, dw = llvm_type(src).width.data, lt.width.data
            if sw == dw:
                return v
            if sw > dw:
                return b.cast("trunc", v, lt)
            signed = src.signed and not isinstance(src, ty.Boolean)
            return b.cast("sext" if signed else "zext", v, lt)
        if isinstance(src, ty.Integer) and isinstance(dst, ty.Float):
            signed = src.signed and not isinstance(src, ty.Boolean)
            return b.cast("sitofp" if signed else "uitofp", v, lt)
        if isinstance(src, ty.Float) and isinstance(dst, ty.Boolean):
            return b.fcmp("une", v, b.const_float(llvm_type(src), 0.0))
        if isinstance(src, ty.Float) and isinstance(dst, ty.Integer):
            return b.cast("fptosi" if dst.signed else "fptoui", v, lt)
        if isinstance(src, ty.Float) and isinstance(dst, ty.Float):
            return b.cast("fpext" if dst.bitwidth > src.bitwidth else "fptrunc", v, lt)
        if isinstance(dst, ty.Complex) and isinstance(src, (ty.Integer, ty.Float)):
            f = dst.underlying_float
            re = self.cast(b, v, src, f)
            c = b.undef(lt)
            c = b.insert_value(c, re, 0)
            return b.insert_value(c, b.const_float(llvm_type(f), 0.0), 1)
        if isinstance(src, ty.Complex) and isinstance(dst, ty.Complex):
            sf, df = src.underlying_float, dst.underlying_float
            re = self.cast(b, b.extract(v, 0, llvm_type(sf)), sf, df)
            im = self.cast(b, b.extract(v, 1, llvm_type(sf)), sf, df)
            c = b.insert_value(b.undef(lt), re, 0)
            return b.insert_value(c, im, 1)
        if isinstance(src, ty.BaseTuple) and isinstance(dst, ty.BaseTuple) and len(src) == len(dst):
            out = b.undef(lt)
            for i, (s, d) in enumerate(zip(src.types, dst.types)):
                item = b.extract(v, i, llvm_type(s))
                out = b.insert_value(out, self.cast(b, item, s, d), i)
            return out
        if isinstance(src, ty.Array) and isinstance(dst, ty.Array):
            return v  # same data model: only the static layout/readonly changes
        if isinstance(src, ty.NoneType) and isinstance(dst, ty.Boolean):
            return b.const_int(I1, 0)
        if isinstance(dst, ty.Optional) or isinstance(src, ty.Optional):
            return self._cast_optional(b, v, src, dst)
        raise UnsupportedError("cannot convert %s to %s" % (src, dst))

    def _cast_optional(self, b: LLVMBuilder, v, src: ty.Type, dst: ty.Type):
        """Optional values are a struct {value, i1 valid} (see datamodel):
        None -> optional(T) is invalid; S -> optional(T) is valid;
        optional(S) -> T raises TypeError("expected S, got None") on None."""
        if isinstance(dst, ty.Optional):
            lt = llvm_type(dst)
            if isinstance(src, ty.NoneType):
                return b.insert_value(b.undef(lt), b.const_int(I1, 0), 1)
            if isinstance(src, ty.Optional):
                inner = self.cast(b, b.extract(v, 0, llvm_type(src.type)), src.type, dst.type)
                valid = b.extract(v, 1, I1)
            else:
                inner = self.cast(b, v, src, dst.type)
                valid = b.const_int(I1, 1)
            return b.insert_value(b.insert_value(b.undef(lt), inner, 0), valid, 1)
        valid = b.extract(v, 1, I1)
        self.guard(b, b.ibin("xor", valid, b.true()), TypeError, ("expected %s, got None" % src.type,))
        return self.cast(b, b.extract(v, 0, llvm_type(src.type)), src.type, dst)

    def truth(self, b, v, t):
        if isinstance(t, ty.Complex):
            f = llvm_type(t.underlying_float)
            zero = b.const_float(f, 0.0)
            return b.ibin("or", b.fcmp("une", b.extract(v, 0, f), zero), b.fcmp("une", b.extract(v, 1, f), zero))
        if isinstance(t, ty.BaseTuple):
            return b.const_int(I1, 1 if len(t) else 0)
        return self.cast(b, v, t, ty.boolean)

    def constant(self, b: LLVMBuilder, t: ty.Type, value):
        lt = llvm_type(t)
        if isinstance(t, ty.Integer):
            return b.const_int(lt, int(value))
        if isinstance(t, ty.Float):
            return b.const_float(lt, float(value))
        if isinstance(t, ty.Complex):
            f = llvm_type(t.underlying_float)
            c = b.insert_value(b.undef(lt), b.const_float(f, value.real), 0)
            return b.insert_value(c, b.const_float(f, value.imag), 1)
        if isinstance(t, ty.Array):  # an ndarray frozen from a global: its data in the module
            from pycomp.targets.constants import constant_array

            return constant_array(self, b, t, value)
        if isinstance(t, ty.BaseTuple):
            out = b.undef(lt)
            for i, (et, ev) in enumerate(zip(t.types, value)):
                out = b.insert_value(out, self.constant(b, et, ev), i)
            return out
        if isinstance(t, (ty.NPDatetime, ty.NPTimedelta)):  # its int64 count (NaT: INT64_MIN)
            import numpy as np

            return b.const_int(I64, int(np.asarray(value).view(np.int64)))
        if isinstance(t, ty.SliceType):  # the parts left out filled in, as slice() does at run time
            out = b.undef(lt)
            for i, part in enumerate(slice_fields(value.start, value.stop, value.step)):
                out = b.insert_value(out, b.const_int(I64, part), i)
            return out
        return b.const_int(lt, 0) if hasattr(lt, "width") else b.undef(lt)



#: target name -> "module:class" of its context (imported on first use)
TARGETS = {
    "cpu": "pycomp.targets.cpu.context:CPUTargetContext",
    "cuda": "pycomp.targets.cuda.context:CUDATargetContext",
}


def target_context(name: str, **options) -> TargetContext:
    """A new context for the target called ``name``."""
    where = TARGETS.get(name)
    if where is None:
        raise ValueError("unknown target %r (known: %s)" % (name, ", ".join(sorted(TARGETS))))
    module, cls = where.split(":")
    return getattr(importlib.import_module(module), cls)(**options)
