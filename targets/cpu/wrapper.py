"""The CPython wrapper of a compiled function, generated as native code.

For a native function ``i32 f(ptr result, args...)`` this builds, with
llvmlite, ``PyObject *wrapper(PyObject *self, PyObject *const *args,
Py_ssize_t nargs)`` (METH_FASTCALL): unbox each argument with the C helper
library (``pycomp_unbox_*``), call ``f`` (releasing the GIL with
``nogil=True``), box the result with the C API, and turn a non-zero status
into a Python exception (``pycomp_raise_static``). The dispatcher has
already checked the argument count and types, so the wrapper does no
dispatch of its own. Values of extension types are unboxed and boxed by
the functions ``pycomp.extending.unbox`` and ``box`` registered for their
type class (:mod:`pycomp.targets.cpu.pyapi`); a type with neither gets a
wrapper that raises TypeError (its functions are called from compiled
code only).
"""

from __future__ import annotations

import ctypes

import numpy as np
from llvmlite import ir

from pycomp import types as ty
from pycomp.targets.cpu.pyapi import C_API_EXTRA_SYMBOLS, BoxContext, NativeValue, WrapperTargetContext, \
    find_boxer, find_unboxer
from pycomp.typeof import as_numpy_dtype

__all__ = ["build_wrapper", "C_API_SYMBOLS"]

PYOBJ = ir.IntType(8).as_pointer()
I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
F32, F64 = ir.FloatType(), ir.DoubleType()

#: the structured dtypes whose addresses compiled wrappers hold (kept alive)
_KEPT_DTYPES: list = []

C_API_SYMBOLS = ("PyLong_FromLongLong", "PyLong_FromUnsignedLongLong", "PyFloat_FromDouble",
                 "PyComplex_FromDoubles", "PyBool_FromLong", "PyTuple_New", "PyTuple_SetItem",
                 "PyTuple_GetItem", "Py_IncRef", "Py_DecRef", "PyObject_CallObject", "PyObject_GetAttrString",
                 "PyObject_SetAttrString") + C_API_EXTRA_SYMBOLS


def c_api_addresses() -> dict[str, int]:
    out = {name: ctypes.cast(getattr(ctypes.pythonapi, name), ctypes.c_void_p).value for name in C_API_SYMBOLS}
    out["_Py_NoneStruct"] = id(None)
    out["_Py_FalseStruct"] = id(False)
    return out


def ll_type(t: ty.Type):
    """The llvmlite type of a value of ``t``: the data model of
    :mod:`pycomp.targets.datamodel`, converted (one model, two spellings)."""
    from xdsl.backend.llvm.convert_type import convert_type

    from pycomp.targets.datamodel import llvm_type

    return convert_type(llvm_type(t))


class _WrapperBuilder:
    def __init__(self, module: ir.Module, native_name: str, argtypes, ret_type, nogil: bool):
        self.m = module
        self.argtypes = argtypes
        self.ret_type = ret_type
        self.nogil = nogil
        self.native_name = native_name

    def fn(self, name, ret, args):
        g = self.m.globals.get(name)
        if g is None:
            g = ir.Function(self.m, ir.FunctionType(ret, args), name)
        return g

    def build(self, name: str):
        fnty = ir.FunctionType(PYOBJ, [PYOBJ, PYOBJ.as_pointer(), I64])
        w = ir.Function(self.m, fnty, name)
        self.w = w
        entry = w.append_basic_block("entry")
        self.fail = fail = w.append_basic_block("fail")
        b = self.b = ir.IRBuilder(entry)
        args = []
        self.cleanups = []  # NativeValue.cleanup of extension types' arguments
        for i, t in enumerate(self.argtypes):
            obj = b.load(b.gep(w.args[1], [ir.Constant(I64, i)]))
            v = self.unbox(obj, t)
            if isinstance(t, ty.Array):
                slot = b.alloca(ll_type(t))
                b.store(v, slot)
                v = slot
            args.append(v)
        retslot = b.alloca(ll_type(self.ret_type) if not isinstance(self.ret_type, ty.Boolean) else I8)
        native_args = [retslot] + args
        native = self.fn(self.native_name, I32, [a.type for a in native_args])
        if self.nogil:
            state = b.call(self.fn("pycomp_release_gil", PYOBJ, []), [])
        status = b.call(native, native_args)
        if self.nogil:
            b.call(self.fn("pycomp_acquire_gil", ir.VoidType(), [PYOBJ]), [state])
        if self.cleanups:  # run after the result is boxed (it may refer to what they release), or on failure
            after_fail = w.append_basic_block("cleanup_then_fail")
            here = b.block
            b.position_at_end(after_fail)
            for cleanup in self.cleanups:
                cleanup()
            b.branch(fail)
            b.position_at_end(here)
            self.fail = after_fail
        else:
            self.fail = fail
        ok = w.append_basic_block("ok")
        raised = w.append_basic_block("raised")
        b.cbranch(b.icmp_signed("==", status, ir.Constant(I32, 0)), ok, raised)
        b.position_at_end(raised)
        user = w.append_basic_block("user_exception")
        b.cbranch(b.icmp_signed(">", status, ir.Constant(I32, 0)), user, self.fail)
        b.position_at_end(user)
        b.call(self.fn("pycomp_raise_static", ir.VoidType(), [I32]), [b.sub(status, ir.Constant(I32, 1))])
        b.branch(self.fail)
        b.position_at_end(ok)
        rt = self.ret_type
        val = b.load(retslot)
        if isinstance(rt, ty.Boolean):
            val = b.trunc(val, ir.IntType(1))
        boxed = self.box(val, rt)
        for cleanup in self.cleanups:
            cleanup()
        b.ret(boxed)
        b.position_at_end(fail)
        b.ret(ir.Constant(PYOBJ, None))
        return w

    # ------------------------------------------------------------ unboxing
    def _checked(self, status):
        b = self.b
        cont = self.w.append_basic_block()
        b.cbranch(b.icmp_signed("!=", status, ir.Constant(I32, 0)), self.fail, cont)
        b.position_at_end(cont)

    def unbox(self, obj, t):
        b = self.b
        if isinstance(t, ty.Boolean):
            slot = b.alloca(I8)
            self._checked(b.call(self.fn("pycomp_unbox_bool", I32, [PYOBJ, I8.as_pointer()]), [obj, slot]))
            return b.icmp_unsigned("!=", b.load(slot), ir.Constant(I8, 0))
        if isinstance(t, ty.Integer):
            name = "pycomp_unbox_int64" if t.signed else "pycomp_unbox_uint64"
            slot = b.alloca(I64)
            self._checked(b.call(self.fn(name, I32, [PYOBJ, I64.as_pointer()]), [obj, slot]))
            v = b.load(slot)
            return b.trunc(v, ir.IntType(t.bitwidth)) if t.bitwidth < 64 else v
        if isinstance(t, ty.Float):
            slot = b.alloca(F64)
            self._checked(b.call(self.fn("pycomp_unbox_float64", I32, [PYOBJ, F64.as_pointer()]), [obj, slot]))
            v = b.load(slot)
            return b.fptrunc(v, F32) if t is ty.float32 else v
        if isinstance(t, ty.Complex):
            re, im = b.alloca(F64), b.alloca(F64)
            fn = self.fn("pycomp_unbox_complex128", I32, [PYOBJ, F64.as_pointer(), F64.as_pointer()])
            self._checked(b.call(fn, [obj, re, im]))
            r, i = b.load(re), b.load(im)
            if t is ty.complex64:
                r, i = b.fptrunc(r, F32), b.fptrunc(i, F32)
            c = b.insert_value(ir.Constant(ll_type(t), ir.Undefined), r, 0)
            return b.insert_value(c, i, 1)
        if isinstance(t, ty.Array) and find_unboxer(t) is None:  # (bytes & co have their own)
            st = ll_type(t)
            slot = b.alloca(st)
            fn = self.fn("pycomp_unbox_array", I32, [PYOBJ, PYOBJ, I32])
            self._checked(b.call(fn, [obj, b.bitcast(slot, PYOBJ), ir.Constant(I32, t.ndim)]))
            return b.load(slot)
        if isinstance(t, ty.BaseTuple):
            out = ir.Constant(ll_type(t), ir.Undefined)
            get = self.fn("PyTuple_GetItem", PYOBJ, [PYOBJ, I64])
            for i, et in enumerate(t.types):
                item = b.call(get, [obj, ir.Constant(I64, i)])
                out = b.insert_value(out, self.unbox(item, et), i)
            return out
        if isinstance(t, (ty.NoneType, ty.Dispatcher, ty.Function)):
            # no run-time data: a function's identity is in its type
            return ir.Constant(I8, 0)
        if isinstance(t, ty.Optional):
            # None -> {undef, 0}; anything else unboxes as the inner type
            is_none = b.icmp_unsigned("==", obj, self._none())
            undef = ir.Constant(ll_type(t), ir.Undefined)
            head = b.block
            some = self.w.append_basic_block("unbox_some")
            done = self.w.append_basic_block("unbox_done")
            b.cbranch(is_none, done, some)
            b.position_at_end(some)
            inner = self.unbox(obj, t.type)
            some_val = b.insert_value(b.insert_value(undef, inner, 0), ir.Constant(ir.IntType(1), 1), 1)
            some_end = b.block
            b.branch(done)
            b.position_at_end(done)
            phi = b.phi(ll_type(t))
            phi.add_incoming(ir.Constant(ll_type(t), None), head)  # zeroed: valid is 0
            phi.add_incoming(some_val, some_end)
            return phi
        unboxer = find_unboxer(t)
        if unboxer is not None:
            return self._unbox_extension(unboxer, obj, t)
        raise NotBoxable("cannot pass a %s to compiled code" % t)

    def _unbox_extension(self, unboxer, obj, t):
        """An extension type's ``unbox(typ, obj, c)``: its NativeValue's
        error flag returns from the wrapper (a TypeError if the unboxing
        code set no exception); its cleanup runs after the call, or when a
        later argument fails to unbox."""
        b = self.b
        nv = unboxer(t, obj, self._box_context())
        if not isinstance(nv, NativeValue):
            raise TypeError("the unbox function of %s returned %r, not a NativeValue" % (t, nv))
        if nv.is_error is not None:
            bad = self.w.append_basic_block("unbox_error")
            cont = self.w.append_basic_block("unbox_ok")
            b.cbranch(nv.is_error, bad, cont)
            b.position_at_end(bad)
            self._ensure_exception(TypeError, "can't unbox a value of type %s" % t)
            b.branch(self.fail)
            b.position_at_end(cont)
        if nv.cleanup is not None:
            self.cleanups.append(nv.cleanup)
            # a later argument that fails to unbox runs it too, before leaving
            here = b.block
            blk = self.w.append_basic_block("unbox_cleanup")
            b.position_at_end(blk)
            nv.cleanup()
            b.branch(self.fail)
            b.position_at_end(here)
            self.fail = blk
        return nv.value

    def _box_context(self):
        return BoxContext(self, WrapperTargetContext())

    def _ensure_exception(self, exc_class, message):
        """Raise ``exc_class(message)`` unless an exception is already set."""
        from pycomp.targets.cpu.pyapi import PythonAPI

        b = self.b
        api = PythonAPI(self)
        none_set = b.icmp_unsigned("==", api.err_occurred(), ir.Constant(PYOBJ, None))
        with b.if_then(none_set):
            api.err_set_string(exc_class, message)

    def _none(self):
        none = self.m.globals.get("_Py_NoneStruct")
        if none is None:
            none = ir.GlobalVariable(self.m, I8, "_Py_NoneStruct")
        return none

    # ------------------------------------------------------------ boxing
    def box(self, v, t):
        b = self.b
        if isinstance(t, ty.Boolean):
            return b.call(self.fn("PyBool_FromLong", PYOBJ, [I64]), [b.zext(v, I64)])
        if isinstance(t, ty.Integer):
            if t.signed:
                x = b.sext(v, I64) if t.bitwidth < 64 else v
                return b.call(self.fn("PyLong_FromLongLong", PYOBJ, [I64]), [x])
            x = b.zext(v, I64) if t.bitwidth < 64 else v
            return b.call(self.fn("PyLong_FromUnsignedLongLong", PYOBJ, [I64]), [x])
        if isinstance(t, ty.Float):
            x = b.fpext(v, F64) if t is ty.float32 else v
            return b.call(self.fn("PyFloat_FromDouble", PYOBJ, [F64]), [x])
        if isinstance(t, ty.Complex):
            r, i = b.extract_value(v, 0), b.extract_value(v, 1)
            if t is ty.complex64:
                r, i = b.fpext(r, F64), b.fpext(i, F64)
            return b.call(self.fn("PyComplex_FromDoubles", PYOBJ, [F64, F64]), [r, i])
        if isinstance(t, ty.BaseTuple):
            tup = b.call(self.fn("PyTuple_New", PYOBJ, [I64]), [ir.Constant(I64, len(t))])
            setitem = self.fn("PyTuple_SetItem", I32, [PYOBJ, I64, PYOBJ])
            for i, et in enumerate(t.types):
                b.call(setitem, [tup, ir.Constant(I64, i), self.box(b.extract_value(v, i), et)])
            if isinstance(t, ty.BaseNamedTuple):
                # an instance of the class: cls(*items); the interned type
                # holds the class, so its address stays valid
                cls = ir.Constant(I64, id(t.instance_class)).inttoptr(PYOBJ)
                obj = b.call(self.fn("PyObject_CallObject", PYOBJ, [PYOBJ, PYOBJ]), [cls, tup])
                b.call(self.fn("Py_DecRef", ir.VoidType(), [PYOBJ]), [tup])
                return obj
            return tup
        if isinstance(t, ty.Array) and find_boxer(t) is None:  # (bytes has its own)
            # an ndarray over the array's memory: it takes over the returned
            # reference (a block of the runtime) or views the array it came from
            slot = b.alloca(ll_type(t))
            b.store(v, slot)
            if isinstance(t.dtype, (ty.Record, ty.NPDatetime, ty.NPTimedelta, ty.CharSeq, ty.UnicodeCharSeq)):  # the dtype object itself (fields, unit, size)
                fn = self.fn("pycomp_box_array_descr", PYOBJ, [PYOBJ, I32, PYOBJ])
                descr = as_numpy_dtype(t.dtype)
                _KEPT_DTYPES.append(descr)
                obj = b.call(fn, [b.bitcast(slot, PYOBJ), ir.Constant(I32, t.ndim),
                                  ir.Constant(I64, id(descr)).inttoptr(PYOBJ)])
            else:
                fn = self.fn("pycomp_box_array", PYOBJ, [PYOBJ, I32, I32])
                typenum = np.dtype(str(t.dtype)).num
                obj = b.call(fn, [b.bitcast(slot, PYOBJ), ir.Constant(I32, t.ndim), ir.Constant(I32, typenum)])
            if t.readonly:  # read-only, as in NumPy (a frozen global's copy, a broadcast view)
                # (the caller's own writeable array that came back whole: a read-only view of it)
                parent = b.bitcast(b.extract_value(v, 1), PYOBJ)
                obj = b.call(self.fn("pycomp_readonly_result", PYOBJ, [PYOBJ, PYOBJ]), [obj, parent])
            return obj
        if isinstance(t, ty.NoneType):
            none = self._none()
            b.call(self.fn("Py_IncRef", ir.VoidType(), [PYOBJ]), [none])
            return none
        if isinstance(t, ty.Dispatcher):
            # a jitted function returned as a value: the dispatcher object
            # itself (the interned type holds it, so its address stays valid)
            obj = ir.Constant(I64, id(t.dispatcher)).inttoptr(PYOBJ)
            b.call(self.fn("Py_IncRef", ir.VoidType(), [PYOBJ]), [obj])
            return obj
        if isinstance(t, ty.Optional):
            valid = b.extract_value(v, 1)
            some = self.w.append_basic_block("box_some")
            nothing = self.w.append_basic_block("box_none")
            done = self.w.append_basic_block("box_done")
            b.cbranch(valid, some, nothing)
            b.position_at_end(some)
            boxed = self.box(b.extract_value(v, 0), t.type)
            some_end = b.block
            b.branch(done)
            b.position_at_end(nothing)
            none = self.box(None, ty.none)
            none_end = b.block
            b.branch(done)
            b.position_at_end(done)
            phi = b.phi(PYOBJ)
            phi.add_incoming(boxed, some_end)
            phi.add_incoming(none, none_end)
            return phi
        boxer = find_boxer(t)
        if boxer is not None:
            return self._box_extension(boxer, v, t)
        raise NotBoxable("cannot return a %s from compiled code yet" % t)

    def _box_extension(self, boxer, v, t):
        """An extension type's ``box(typ, value, c)``: a new reference, or
        NULL with an exception set (a TypeError if the boxing code set none)."""
        b = self.b
        obj = boxer(t, v, self._box_context())
        if obj is None or getattr(obj, "type", None) != PYOBJ:
            raise TypeError("the box function of %s returned %r, not a PyObject pointer" % (t, obj))
        with b.if_then(b.icmp_unsigned("==", obj, ir.Constant(PYOBJ, None)), likely=False):
            self._ensure_exception(TypeError, "can't box a value of type %s" % t)
        return obj


class NotBoxable(TypeError):
    """A type the wrapper can neither unbox nor box."""


def build_wrapper(module: ir.Module, native_name: str, argtypes, ret_type, nogil=False) -> str:
    """Add the CPython wrapper of ``native_name`` to ``module``; returns its
    name. A function taking or returning a type that cannot cross to
    Python (an extension type without unbox/box) gets a wrapper raising
    TypeError: typeof never gives such a type, so only a direct call of
    the entry could reach it."""
    name = "cpython." + native_name
    try:
        _WrapperBuilder(module, native_name, tuple(argtypes), ret_type, nogil).build(name)
    except NotBoxable as e:
        old = module.globals.get(name)
        if old is not None:  # the half-built wrapper: start it again
            old.blocks.clear()
        else:
            old = ir.Function(module, ir.FunctionType(PYOBJ, [PYOBJ, PYOBJ.as_pointer(), I64]), name)
        _raising_wrapper(module, old, TypeError, str(e))
    return name


def _raising_wrapper(module, fn, exc_class, message):
    """The body of a wrapper that only raises ``exc_class(message)``."""
    from pycomp.targets.cpu.pyapi import PythonAPI

    w = _WrapperBuilder(module, "", (), ty.none, False)
    w.w = fn
    w.b = ir.IRBuilder(fn.append_basic_block("entry"))
    PythonAPI(w).err_set_string(exc_class, message)
    w.b.ret(ir.Constant(PYOBJ, None))
