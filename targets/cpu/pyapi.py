"""Boxing and unboxing of extension types in the CPython wrapper.

The wrapper (:mod:`pycomp.targets.cpu.wrapper`) unboxes arguments and
boxes the result with llvmlite's ``IRBuilder``. A type class registered
with :func:`register_unboxer` / :func:`register_boxer`
(``pycomp.extending.unbox`` / ``box``) gets its values converted by the
user's function, as in Numba:

- ``unbox(typ, obj, c) -> NativeValue(value, is_error=i1 or None,
  cleanup=None)``: ``obj`` is the argument (a borrowed ``PyObject *``);
  ``is_error`` true means the argument cannot be converted (the wrapper
  returns with the Python exception set, a TypeError if none is);
- ``box(typ, value, c) -> PyObject *``: a new reference, or NULL with an
  exception set.

``c`` carries ``c.builder`` (the llvmlite ``IRBuilder``, as in Numba),
``c.context`` (the target context: ``get_value_type(typ)`` is the
llvmlite type of ``typ``'s values) and ``c.pyapi`` (:class:`PythonAPI`, a
few C-API calls with Numba's names).
"""

from __future__ import annotations

__all__ = ["NativeValue", "register_boxer", "register_unboxer", "find_boxer", "find_unboxer",
           "PythonAPI", "BoxContext", "C_API_EXTRA_SYMBOLS"]

#: type class -> fn(typ, obj, c) -> NativeValue
_UNBOXERS: dict = {}
#: type class -> fn(typ, value, c) -> PyObject *
_BOXERS: dict = {}
#: Python objects compiled code refers to by address (PythonAPI.serialize_object)
_KEPT: list = []

#: C-API functions the PythonAPI calls (added to the JIT's symbols)
C_API_EXTRA_SYMBOLS = ("PyObject_GetAttrString", "PyObject_SetAttrString", "PyFloat_AsDouble",
                       "PyLong_AsLongLong", "PyLong_AsUnsignedLongLong", "PyLong_AsVoidPtr",
                       "PyLong_FromVoidPtr", "PyErr_Occurred", "PyErr_SetString", "PyObject_IsTrue",
                       "PyObject_Str", "PyObject_Call", "PySlice_Unpack", "PySlice_New")


class NativeValue:
    """What an unboxing function returns (Numba's ``NativeValue``):
    ``value`` (the native value), ``is_error`` (an i1: the conversion
    failed; None: it cannot fail) and ``cleanup`` (a function of no
    arguments run after the compiled function returns, or None)."""

    def __init__(self, value, is_error=None, cleanup=None):
        self.value = value
        self.is_error = is_error
        self.cleanup = cleanup


def _find(table, t):
    for cls in type(t).__mro__:
        fn = table.get(cls)
        if fn is not None:
            return fn
    return None


def register_unboxer(type_class, fn):
    _UNBOXERS[type_class] = fn
    return fn


def register_boxer(type_class, fn):
    _BOXERS[type_class] = fn
    return fn


def find_unboxer(t):
    """The unboxing function of type ``t``'s class, or None."""
    return _find(_UNBOXERS, t) if _UNBOXERS else None


def find_boxer(t):
    """The boxing function of type ``t``'s class, or None."""
    return _find(_BOXERS, t) if _BOXERS else None


class BoxContext:
    """The ``c`` of a boxing or unboxing function: ``builder``, ``context``,
    ``pyapi``."""

    def __init__(self, wrapper, context):
        self.builder = wrapper.b
        self.context = context
        self.pyapi = PythonAPI(wrapper)


class WrapperTargetContext:
    """What ``c.context`` offers inside the wrapper: the llvmlite types of
    pycomp types (the target's data model, spelled for llvmlite)."""

    def get_value_type(self, t):
        from pycomp.targets.cpu.wrapper import ll_type

        return ll_type(t)

    get_data_type = get_value_type

    def get_constant(self, t, value):
        from llvmlite import ir

        lt = self.get_value_type(t)
        if isinstance(lt, ir.IntType):
            return ir.Constant(lt, int(value))
        return ir.Constant(lt, float(value))


class PythonAPI:
    """C-API calls for boxing and unboxing code, with Numba's
    ``c.pyapi`` names. Every ``obj`` is a ``PyObject *`` (llvmlite value);
    functions returning a new reference say so."""

    def __init__(self, wrapper):
        from llvmlite import ir

        self._w = wrapper
        self._ir = ir
        self.builder = wrapper.b
        self.pyobj = ir.IntType(8).as_pointer()
        self.long = ir.IntType(64)
        self.longlong = ir.IntType(64)
        self.double = ir.DoubleType()
        self.cstring = ir.IntType(8).as_pointer()
        self.voidptr = ir.IntType(8).as_pointer()

    def _fn(self, name, ret, args):
        return self._w.fn(name, ret, args)

    def _call(self, name, ret, args, values):
        return self.builder.call(self._fn(name, ret, args), values)

    def _cstr(self, text: str):
        """A pointer to a NUL-terminated constant string in the module."""
        ir = self._ir
        m = self._w.m
        data = bytearray(text.encode("utf-8")) + b"\0"
        name = "pycomp.str.%d" % len([g for g in m.global_values if g.name.startswith("pycomp.str.")])
        gv = ir.GlobalVariable(m, ir.ArrayType(ir.IntType(8), len(data)), name)
        gv.global_constant = True
        gv.linkage = "internal"
        gv.initializer = ir.Constant(gv.value_type, data)
        return self.builder.bitcast(gv, self.cstring)

    # ------------------------------------------------------------ references
    def incref(self, obj):
        self._call("Py_IncRef", self._ir.VoidType(), [self.pyobj], [obj])

    def decref(self, obj):
        self._call("Py_DecRef", self._ir.VoidType(), [self.pyobj], [obj])

    def get_null_object(self):
        return self._ir.Constant(self.pyobj, None)

    def make_none(self):
        """``None`` (a new reference)."""
        return self._w.box(None, _types().none)

    # ------------------------------------------------------------ attributes and calls
    def object_getattr_string(self, obj, attr: str):
        """``getattr(obj, attr)``: a new reference, NULL on error."""
        return self._call("PyObject_GetAttrString", self.pyobj, [self.pyobj, self.cstring], [obj, self._cstr(attr)])

    def object_setattr_string(self, obj, attr: str, value):
        """``setattr(obj, attr, value)``: an i32, -1 on error."""
        i32 = self._ir.IntType(32)
        return self._call("PyObject_SetAttrString", i32, [self.pyobj, self.cstring, self.pyobj],
                          [obj, self._cstr(attr), value])

    def call_function_objargs(self, callee, objargs):
        """``callee(*objargs)``: a new reference, NULL on error (the
        arguments stay the caller's)."""
        ir = self._ir
        tup = self._call("PyTuple_New", self.pyobj, [self.long], [ir.Constant(self.long, len(objargs))])
        for i, a in enumerate(objargs):
            self.incref(a)  # PyTuple_SetItem steals it
            self._call("PyTuple_SetItem", ir.IntType(32), [self.pyobj, self.long, self.pyobj],
                       [tup, ir.Constant(self.long, i), a])
        res = self._call("PyObject_CallObject", self.pyobj, [self.pyobj, self.pyobj], [callee, tup])
        self.decref(tup)
        return res

    def serialize_object(self, obj):
        """A handle on the Python object ``obj`` (a class, a function)
        that :meth:`unserialize` turns into a reference; pycomp keeps the
        object alive for the life of the process."""
        _KEPT.append(obj)
        return obj

    def unserialize(self, handle):
        """The object :meth:`serialize_object` gave ``handle`` for: a new reference."""
        obj = self._ir.Constant(self.long, id(handle)).inttoptr(self.pyobj)
        self.incref(obj)
        return obj

    # ------------------------------------------------------------ numbers
    def float_as_double(self, obj):
        """``float(obj)`` as a double; -1.0 with an exception set on error."""
        return self._call("PyFloat_AsDouble", self.double, [self.pyobj], [obj])

    def float_from_double(self, v):
        """A Python float (a new reference)."""
        return self._call("PyFloat_FromDouble", self.pyobj, [self.double], [v])

    def long_as_longlong(self, obj):
        return self._call("PyLong_AsLongLong", self.longlong, [self.pyobj], [obj])

    def long_as_ulonglong(self, obj):
        return self._call("PyLong_AsUnsignedLongLong", self.longlong, [self.pyobj], [obj])

    def long_from_longlong(self, v):
        return self._call("PyLong_FromLongLong", self.pyobj, [self.longlong], [v])

    long_from_long = long_from_longlong
    long_as_long = long_as_longlong

    def long_from_ulonglong(self, v):
        return self._call("PyLong_FromUnsignedLongLong", self.pyobj, [self.longlong], [v])

    def long_as_voidptr(self, obj):
        """An int object's value as a pointer (``ctypes.data`` addresses)."""
        return self._call("PyLong_AsVoidPtr", self.voidptr, [self.pyobj], [obj])

    def long_from_voidptr(self, p):
        return self._call("PyLong_FromVoidPtr", self.pyobj, [self.voidptr], [p])

    def bool_from_bool(self, v):
        """A Python bool from an i1 (a new reference)."""
        return self._call("PyBool_FromLong", self.pyobj, [self.long], [self.builder.zext(v, self.long)])

    def bool_from_long(self, v):
        return self._call("PyBool_FromLong", self.pyobj, [self.long], [v])

    def object_istrue(self, obj):
        """``bool(obj)`` as an i32: 1, 0, or -1 on error."""
        return self._call("PyObject_IsTrue", self._ir.IntType(32), [self.pyobj], [obj])

    # ------------------------------------------------------------ errors
    def err_occurred(self):
        """The pending exception (borrowed) or NULL."""
        return self._call("PyErr_Occurred", self.pyobj, [], [])

    def err_set_string(self, exc, msg: str):
        """Raise ``exc(msg)``: ``exc`` an exception class or its name
        (``"PyExc_TypeError"`` or ``TypeError``)."""
        import builtins

        if isinstance(exc, str):
            exc = getattr(builtins, exc.replace("PyExc_", ""))
        cls = self.unserialize(self.serialize_object(exc))
        self._call("PyErr_SetString", self._ir.VoidType(), [self.pyobj, self.cstring], [cls, self._cstr(msg)])
        self.decref(cls)

    # ------------------------------------------------------------ pycomp types
    def from_native_value(self, typ, value):
        """Box ``value`` of pycomp type ``typ`` (a new reference)."""
        return self._w.box(value, typ)

    def to_native_value(self, typ, obj):
        """Unbox ``obj`` as pycomp type ``typ``: a :class:`NativeValue`
        whose ``is_error`` is set when ``obj`` does not convert."""
        ir = self._ir
        w = self._w
        b = self.builder
        saved = w.fail
        err = w.w.append_basic_block("to_native_error")
        w.fail = err
        try:
            value = w.unbox(obj, typ)
        finally:
            w.fail = saved
        ok_end = b.block
        join = w.w.append_basic_block("to_native_done")
        b.branch(join)
        b.position_at_end(err)
        b.branch(join)
        b.position_at_end(join)
        v = b.phi(value.type)
        v.add_incoming(value, ok_end)
        v.add_incoming(ir.Constant(value.type, ir.Undefined), err)
        bad = b.phi(ir.IntType(1))
        bad.add_incoming(ir.Constant(ir.IntType(1), 0), ok_end)
        bad.add_incoming(ir.Constant(ir.IntType(1), 1), err)
        return NativeValue(v, is_error=bad)


def _types():
    from pycomp import types

    return types
