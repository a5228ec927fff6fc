"""The CPU target context: data models, the lowering registry, casts and
the calling convention of compiled functions.

Calling convention of a native function for signature ``R(A1, ..., An)``::

    i32 @name(ptr %result, A1 a1, ..., An an)

Arrays are passed as a pointer to their struct; every other value by value.
The i32 is a status: 0 is success (the result has been stored through
``%result``), ``k > 0`` means "raise entry ``k - 1`` of the static exception
table" (see :class:`ExceptionTable`), -1 means a Python exception is already
set. The CPython wrapper turns statuses into Python exceptions.

Lowering implementations are registered with :meth:`LoweringRegistry.lower`
under the same keys typing uses (an operator string or a Python function)
and receive ``(context, builder, signature, args)``.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from pycomp import types as ty
from pycomp.errors import UnsupportedError
from pycomp.targets.cpu.datamodel import I1, llvm_type

if TYPE_CHECKING:  # the builder is handed in by lowering; targets never import it
    from pycomp.lowering.builder import LLVMBuilder

__all__ = ["CPUTargetContext", "LoweringRegistry", "ExceptionTable", "lowering_registry", "exception_table"]


class ExceptionTable:
    """Constant exceptions compiled code may raise, shared with the C helper
    library: entry ``i`` is ``(exception class, args tuple, where)`` with
    ``where`` the raising source line as ``(function, file, line)`` or None;
    the helper adds that line to the traceback as a frame of its own, so the
    user sees where in the compiled function the exception came from."""

    def __init__(self):
        self.entries: list = []
        self._index: dict = {}
        self._lock = threading.Lock()

    def index_of(self, exc_class, args: tuple, where=None) -> int:
        key = (exc_class, tuple((type(a), a) for a in args), where)
        with self._lock:
            i = self._index.get(key)
            if i is None:
                i = self._index[key] = len(self.entries)
                self.entries.append((exc_class, tuple(args), where))
        return i


exception_table = ExceptionTable()


class LoweringRegistry:
    def __init__(self):
        self.impls: dict = {}

    def lower(self, key, *argtypes):
        """Register an implementation of ``key`` for argument type classes
        or exact types (``ty.Integer``, ``ty.float64``, ...); no argtypes
        means any."""

        def deco(fn):
            self.impls.setdefault(_k(key), []).append((argtypes, fn))
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


lowering_registry = LoweringRegistry()


class CPUTargetContext:
    """Everything lowering needs to know about the CPU target."""

    def __init__(self, boundscheck: bool = False, fastmath: bool = False, error_model: str = "python"):
        self.boundscheck = boundscheck
        self.fastmath = fastmath
        self.error_model = error_model
        self.registry = lowering_registry
        self.exceptions = exception_table
        #: the source location (pycomp.errors.Loc) of the op being lowered; set
        #: by the lowering driver, read when an implementation raises
        self.current_loc = None
        self.declared: dict[str, object] = {}  # external functions to declare: name -> llvm type
        _load_implementations()

    def llvm_type(self, t):
        return llvm_type(t)

    def implementation(self, key, sig):
        fn = self.registry.find(key, sig)
        if fn is None:
            name = getattr(key, "__name__", key)
            raise UnsupportedError("no lowering of %s for %s" % (name, sig))
        return fn

    def declare(self, name: str, ret, args):
        """Record an external function (libm, helper) the module calls."""
        self.declared[name] = (ret, tuple(args))

    # -------------------------------------------------------- exceptions
    def raise_status(self, exc_class, args=()) -> int:
        """The status that raises ``exc_class(*args)`` at the current op's line."""
        loc = self.current_loc
        where = (loc.function or "<jitted>", loc.filename, loc.line) if loc is not None else None
        return self.exceptions.index_of(exc_class, tuple(args), where) + 1

    def guard(self, b: LLVMBuilder, fail_cond, exc_class, args=()):
        """If ``fail_cond`` (i1) holds, return the status raising
        ``exc_class(*args)``; continue in a new block otherwise."""
        fail = b.new_block()
        ok = b.new_block()
        b.cond_br(fail_cond, fail, [], ok, [])
        b.position_at_end(fail)
        b.ret(b.i32(self.raise_status(exc_class, args)))
        b.position_at_end(ok)

    # -------------------------------------------------------- casts
    def cast(self, b: LLVMBuilder, v, src: ty.Type, dst: ty.Type):
        if src is dst:
            return v
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
        if isinstance(t, ty.BaseTuple):
            out = b.undef(lt)
            for i, (et, ev) in enumerate(zip(t.types, value)):
                out = b.insert_value(out, self.constant(b, et, ev), i)
            return out
        return b.const_int(lt, 0) if hasattr(lt, "width") else b.undef(lt)


_loaded = False


def _load_implementations():
    global _loaded
    if not _loaded:
        _loaded = True
        from pycomp.targets.cpu import impl_arrays, impl_builtins, impl_iterators, impl_math, impl_tuples  # noqa: F401
