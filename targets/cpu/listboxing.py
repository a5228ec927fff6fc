"""Lists to and from Python in the CPython wrapper (llvmlite IR).

- Boxing a list (a returned value) makes a new Python list of the boxed
  items; the list's reference is taken over (released after boxing).
- A Python list passed as an argument (type ``reflected list(T)``, from
  :func:`pycomp.typeof.typeof`: the type of its first item) is unboxed
  into a new native list, item by item (an item that does not convert
  raises TypeError). After the call, if compiled code changed the list
  (its ``dirty`` flag, see :mod:`pycomp.targets.cpu.listruntime`), the
  Python list's contents are replaced by the boxed items: Numba's
  reflection. Lists inside it are unboxed as plain lists (a change made to
  them alone is not written back).
"""

from __future__ import annotations

from llvmlite import ir

from pycomp import types as ty
from pycomp.targets.cpu.listruntime import ensure_list_runtime
from pycomp.targets.cpu.pyapi import NativeValue, register_boxer, register_unboxer

__all__: list = []

PYOBJ = ir.IntType(8).as_pointer()
I1, I8, I32, I64 = ir.IntType(1), ir.IntType(8), ir.IntType(32), ir.IntType(64)
MEMINFO = ir.LiteralStructType([I64, PYOBJ, PYOBJ, PYOBJ, I64])
PAYLOAD = ir.LiteralStructType([I64, I64, I64, PYOBJ, PYOBJ, PYOBJ, I64])
SIZE, ITEMS, DIRTY = 0, 5, 6


def _i64(v):
    return ir.Constant(I64, v)


def _i32(v):
    return ir.Constant(I32, v)


def _fn(c, name, ret, args):
    return c.pyapi._fn(name, ret, args)


def _gep(b, ptr, indices, etype):
    """``getelementptr etype, ptr, indices`` (pointers are opaque here: the
    element type is given, the result is an opaque pointer)."""
    instr = b.gep(ptr, indices, source_etype=etype)
    instr.type = ir.PointerType()
    return instr


def _payload_field(b, lst, k):
    data = b.load(_gep(b, lst, [_i32(0), _i32(3)], MEMINFO), typ=PYOBJ)
    return _gep(b, data, [_i32(0), _i32(k)], PAYLOAD)


def _item_ptr(c, b, lst, i, dtype):
    from pycomp.targets.cpu.impl_lists import item_layout

    size, _ = item_layout(dtype)
    items = b.load(_payload_field(b, lst, ITEMS), typ=PYOBJ)
    raw = _gep(b, items, [b.mul(i, _i64(size))], I8)
    return raw


def _memory_type(c, dtype):
    return I8 if isinstance(dtype, ty.Boolean) else c.context.get_value_type(dtype)


def _load_item(c, b, lst, i, dtype):
    raw = _item_ptr(c, b, lst, i, dtype)
    mt = _memory_type(c, dtype)
    v = b.load(raw, typ=mt)
    return b.trunc(v, I1) if isinstance(dtype, ty.Boolean) else v


def _incref_item(c, b, lst, i, dtype):
    """One more reference to each memory block item ``i`` holds."""
    from pycomp.targets.cpu.impl_lists import item_layout

    _, offs = item_layout(dtype)
    if not offs:
        return
    raw = _item_ptr(c, b, lst, i, dtype)
    incref = _fn(c, "pycomp_nrt_incref", ir.VoidType(), [PYOBJ])
    for off in offs:
        b.call(incref, [b.load(_gep(b, raw, [_i64(off)], I8), typ=PYOBJ)])


def _loop(b, n, body):
    """``for i in range(n)``: ``body(i)`` may add blocks; it returns the
    block to leave the loop for (an error), or None."""
    fn = b.function
    head, loop, done = fn.append_basic_block("list_loop"), fn.append_basic_block("list_body"), \
        fn.append_basic_block("list_done")
    start = b.block
    b.branch(head)
    b.position_at_end(head)
    i = b.phi(I64)
    i.add_incoming(_i64(0), start)
    b.cbranch(b.icmp_signed("<", i, n), loop, done)
    b.position_at_end(loop)
    body(i)
    i.add_incoming(b.add(i, _i64(1)), b.block)
    b.branch(head)
    b.position_at_end(done)


def _to_pylist(c, b, t: ty.List, lst):
    """A new Python list of the boxed items of ``lst`` (NULL with an
    exception set on failure); ``lst``'s references stay."""
    n = b.load(_payload_field(b, lst, SIZE), typ=I64)
    out = b.call(_fn(c, "PyList_New", PYOBJ, [I64]), [n])
    slot = b.alloca(PYOBJ)
    b.store(out, slot)
    ok = b.icmp_unsigned("!=", out, ir.Constant(PYOBJ, None))
    with b.if_then(ok):
        setitem = _fn(c, "PyList_SetItem", I32, [PYOBJ, I64, PYOBJ])

        def body(i):
            _incref_item(c, b, lst, i, t.dtype)  # boxing takes a reference over
            obj = c.pyapi.from_native_value(t.dtype, _load_item(c, b, lst, i, t.dtype))
            bad = b.icmp_unsigned("==", obj, ir.Constant(PYOBJ, None))
            with b.if_else(bad) as (then, otherwise):
                with then:
                    b.store(ir.Constant(PYOBJ, None), slot)  # the items boxed so far: a None placeholder
                    b.call(setitem, [out, i, c.pyapi.make_none()])
                with otherwise:
                    b.call(setitem, [out, i, obj])
        _loop(b, n, body)
        failed = b.icmp_unsigned("==", b.load(slot, typ=PYOBJ), ir.Constant(PYOBJ, None))
        with b.if_then(failed):
            c.pyapi.decref(out)
    return b.load(slot, typ=PYOBJ)


def _box_list(t, v, c):
    """A returned list: a new Python list; the list's reference is released."""
    ensure_list_runtime()
    b = c.builder
    out = _to_pylist(c, b, t, v)
    b.call(_fn(c, "pycomp_nrt_decref", ir.VoidType(), [PYOBJ]), [v])
    return out


def _table(c, dtype):
    """The destructor table of ``dtype`` items as a constant of the wrapper module."""
    from pycomp.targets.cpu.impl_lists import item_layout

    _, offs = item_layout(dtype)
    if not offs:
        return ir.Constant(PYOBJ, None)
    words = [len(offs)] + offs
    m = c.builder.module
    name = "pycomp.listtable.%s" % "_".join(str(w) for w in words)
    g = m.globals.get(name)
    if g is None:
        at = ir.ArrayType(I64, len(words))
        g = ir.GlobalVariable(m, at, name)
        g.initializer = ir.Constant(at, words)
        g.global_constant = True
        g.linkage = "internal"
    return c.builder.bitcast(g, PYOBJ)


def _unbox_list(t, obj, c):
    """A Python list as a new native list of ``t``; reflected back after
    the call when ``t`` is reflected and compiled code changed it."""
    from pycomp.targets.cpu.impl_lists import item_layout

    ensure_list_runtime()
    b = c.builder
    api = c.pyapi
    size, _ = item_layout(t.dtype)
    n = b.call(_fn(c, "PyList_Size", I64, [PYOBJ]), [obj])
    err = b.alloca(I1)
    b.store(ir.Constant(I1, 1), err)
    lst_slot = b.alloca(PYOBJ)
    b.store(ir.Constant(PYOBJ, None), lst_slot)
    with b.if_then(b.icmp_signed(">=", n, _i64(0))):
        lst = b.call(_fn(c, "pycomp_list_new", PYOBJ, [I64, I64, PYOBJ]), [_i64(size), n, _table(c, t.dtype)])
        b.store(lst, lst_slot)
        got = b.icmp_unsigned("!=", lst, ir.Constant(PYOBJ, None))
        with b.if_else(got) as (then, otherwise):
            with then:
                b.store(ir.Constant(I1, 0), err)
                getitem = _fn(c, "PyList_GetItem", PYOBJ, [PYOBJ, I64])

                def body(i):
                    with b.if_then(b.icmp_unsigned("==", b.load(err, typ=I1), ir.Constant(I1, 0))):
                        item = b.call(getitem, [obj, i])
                        nv = api.to_native_value(t.dtype, item)
                        with b.if_else(nv.is_error) as (bad, good):
                            with bad:
                                b.store(ir.Constant(I1, 1), err)
                            with good:
                                raw = _item_ptr(c, b, lst, i, t.dtype)
                                v = nv.value
                                if isinstance(t.dtype, ty.Boolean):
                                    v = b.zext(v, I8)
                                b.store(v, raw)
                                b.store(b.add(i, _i64(1)), _payload_field(b, lst, SIZE))
                _loop(b, n, body)
                b.store(_i64(0), _payload_field(b, lst, DIRTY))
                with b.if_then(b.load(err, typ=I1)):
                    b.call(_fn(c, "pycomp_nrt_decref", ir.VoidType(), [PYOBJ]), [lst])
            with otherwise:
                b.call(_fn(c, "PyErr_NoMemory", PYOBJ, []), [])
    value = b.load(lst_slot, typ=PYOBJ)
    is_error = b.load(err, typ=I1)

    if not t.reflected:  # a list inside a list: the outer list owns it
        return NativeValue(value, is_error=is_error)

    def cleanup():
        lst = value
        dirty = b.load(_payload_field(b, lst, DIRTY), typ=I64)
        with b.if_then(b.icmp_signed("!=", dirty, _i64(0))):
            new = _to_pylist(c, b, t, lst)
            with b.if_then(b.icmp_unsigned("!=", new, ir.Constant(PYOBJ, None))):
                old_n = b.call(_fn(c, "PyList_Size", I64, [PYOBJ]), [obj])
                b.call(_fn(c, "PyList_SetSlice", I32, [PYOBJ, I64, I64, PYOBJ]), [obj, _i64(0), old_n, new])
                c.pyapi.decref(new)
        b.call(_fn(c, "pycomp_nrt_decref", ir.VoidType(), [PYOBJ]), [lst])

    return NativeValue(value, is_error=is_error, cleanup=cleanup)


register_boxer(ty.List, _box_list)
register_unboxer(ty.List, _unbox_list)
