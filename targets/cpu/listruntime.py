"""The run-time support of lists: a few functions in LLVM IR, compiled once
per process into the JIT engine (their symbols are then known to every
module, as the C helpers are).

A list is a meminfo of the memory runtime (csrc/nrt.c) whose payload is ::

    { i64 size, i64 capacity, i64 itemsize, ptr table, ptr buffer, ptr items, i64 dirty }

``buffer`` is the meminfo of the item storage (``items`` its data), grown
geometrically; ``table`` (also the meminfo's destructor argument) is null
for items without references, else a constant ``[n, offset_1, ...,
offset_n]`` of i64: the byte offsets, inside an item, of the meminfo
pointers the item holds.

- ``ptr pycomp_list_new(i64 itemsize, i64 capacity, ptr table)``: a new
  empty list (refcount 1); null if memory is short;
- ``i32 pycomp_list_reserve(ptr list, i64 n)``: room for ``n`` items
  (0, or -1 if memory is short);
- ``i32 pycomp_list_make_room(ptr list, i64 at)``: one more item, the
  items from ``at`` moved up one place (the caller stores item ``at``);
- ``void pycomp_list_remove_at(ptr list, i64 at)``: the items after
  ``at`` moved down one place, one item less (the caller took item ``at``).
"""

from __future__ import annotations

import threading

__all__ = ["PAYLOAD_FIELDS", "LIST_DTOR", "RUNTIME_FUNCTIONS", "ensure_list_runtime"]

#: field indices of the payload
PAYLOAD_FIELDS = {"size": 0, "capacity": 1, "itemsize": 2, "table": 3, "buffer": 4, "items": 5, "dirty": 6}

LIST_DTOR = "pycomp_list_dtor"

RUNTIME_FUNCTIONS = ("pycomp_list_new", "pycomp_list_reserve", "pycomp_list_make_room",
                     "pycomp_list_remove_at", LIST_DTOR)

#: the C-API functions list boxing calls
C_API_FUNCTIONS = ("PyList_New", "PyList_Size", "PyList_GetItem", "PyList_SetItem", "PyList_SetSlice",
                   "PyErr_NoMemory")

_IR = r"""
%payload = type { i64, i64, i64, ptr, ptr, ptr, i64 }

declare ptr @pycomp_nrt_allocate(i64)
declare ptr @pycomp_nrt_allocate_dtor(i64, ptr, ptr)
declare void @pycomp_nrt_decref(ptr)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)

define internal ptr @payload_of(ptr %mi) alwaysinline {
  %pdata = getelementptr { i64, ptr, ptr, ptr, i64 }, ptr %mi, i32 0, i32 3
  %data = load ptr, ptr %pdata
  ret ptr %data
}

define void @pycomp_list_dtor(ptr %data, i64 %nbytes, ptr %table) {
entry:
  %psize = getelementptr %payload, ptr %data, i32 0, i32 0
  %size = load i64, ptr %psize
  %pisz = getelementptr %payload, ptr %data, i32 0, i32 2
  %itemsize = load i64, ptr %pisz
  %pitems = getelementptr %payload, ptr %data, i32 0, i32 5
  %items = load ptr, ptr %pitems
  %notable = icmp eq ptr %table, null
  br i1 %notable, label %done, label %count
count:
  %nrefs = load i64, ptr %table
  br label %item
item:
  %i = phi i64 [ 0, %count ], [ %i1, %nextitem ]
  %more = icmp slt i64 %i, %size
  br i1 %more, label %itembody, label %done
itembody:
  %off = mul i64 %i, %itemsize
  %pitem = getelementptr i8, ptr %items, i64 %off
  br label %ref
ref:
  %k = phi i64 [ 0, %itembody ], [ %k1, %refbody ]
  %moreref = icmp slt i64 %k, %nrefs
  br i1 %moreref, label %refbody, label %nextitem
refbody:
  %k1 = add i64 %k, 1
  %poff = getelementptr i64, ptr %table, i64 %k1
  %roff = load i64, ptr %poff
  %pref = getelementptr i8, ptr %pitem, i64 %roff
  %mi = load ptr, ptr %pref
  call void @pycomp_nrt_decref(ptr %mi)
  br label %ref
nextitem:
  %i1 = add i64 %i, 1
  br label %item
done:
  %pbuf = getelementptr %payload, ptr %data, i32 0, i32 4
  %buf = load ptr, ptr %pbuf
  call void @pycomp_nrt_decref(ptr %buf)
  ret void
}

; whether `count` items of `itemsize` bytes make a size the runtime can
; allocate (0 <= count and count * itemsize <= 2^61: no wrap-around)
define internal i1 @fits(i64 %count, i64 %itemsize) {
entry:
  %zero = icmp eq i64 %itemsize, 0
  %isz = select i1 %zero, i64 1, i64 %itemsize
  %limit = udiv i64 2305843009213693952, %isz
  %ok = icmp ule i64 %count, %limit
  ret i1 %ok
}

define ptr @pycomp_list_new(i64 %itemsize, i64 %capacity, ptr %table) {
entry:
  %mi = call ptr @pycomp_nrt_allocate_dtor(i64 56, ptr @pycomp_list_dtor, ptr %table)
  %nomi = icmp eq ptr %mi, null
  br i1 %nomi, label %fail, label %init
init:
  %data = call ptr @payload_of(ptr %mi)
  %small = icmp slt i64 %capacity, 4
  %cap = select i1 %small, i64 4, i64 %capacity
  %fits = call i1 @fits(i64 %cap, i64 %itemsize)
  br i1 %fits, label %alloc, label %nomem
nomem:
  call void @pycomp_nrt_decref(ptr %mi)
  br label %fail
alloc:
  %nbytes = mul i64 %cap, %itemsize
  %buf = call ptr @pycomp_nrt_allocate(i64 %nbytes)
  %f0 = getelementptr %payload, ptr %data, i32 0, i32 0
  store i64 0, ptr %f0
  %f1 = getelementptr %payload, ptr %data, i32 0, i32 1
  store i64 %cap, ptr %f1
  %f2 = getelementptr %payload, ptr %data, i32 0, i32 2
  store i64 %itemsize, ptr %f2
  %f3 = getelementptr %payload, ptr %data, i32 0, i32 3
  store ptr %table, ptr %f3
  %f4 = getelementptr %payload, ptr %data, i32 0, i32 4
  store ptr %buf, ptr %f4
  %f6 = getelementptr %payload, ptr %data, i32 0, i32 6
  store i64 0, ptr %f6
  %nobuf = icmp eq ptr %buf, null
  br i1 %nobuf, label %freelist, label %ok
freelist:
  %f5n = getelementptr %payload, ptr %data, i32 0, i32 5
  store ptr null, ptr %f5n
  call void @pycomp_nrt_decref(ptr %mi)
  br label %fail
ok:
  %pbufdata = getelementptr { i64, ptr, ptr, ptr, i64 }, ptr %buf, i32 0, i32 3
  %bufdata = load ptr, ptr %pbufdata
  %f5 = getelementptr %payload, ptr %data, i32 0, i32 5
  store ptr %bufdata, ptr %f5
  ret ptr %mi
fail:
  ret ptr null
}

define i32 @pycomp_list_reserve(ptr %mi, i64 %n) {
entry:
  %data = call ptr @payload_of(ptr %mi)
  %pcap = getelementptr %payload, ptr %data, i32 0, i32 1
  %cap = load i64, ptr %pcap
  %enough = icmp sle i64 %n, %cap
  br i1 %enough, label %done, label %grow
grow:
  %twice = shl i64 %cap, 1
  %big = icmp sgt i64 %n, %twice
  %newcap = select i1 %big, i64 %n, i64 %twice
  %pisz = getelementptr %payload, ptr %data, i32 0, i32 2
  %itemsize = load i64, ptr %pisz
  %fits = call i1 @fits(i64 %newcap, i64 %itemsize)
  br i1 %fits, label %alloc, label %fail
alloc:
  %nbytes = mul i64 %newcap, %itemsize
  %buf = call ptr @pycomp_nrt_allocate(i64 %nbytes)
  %nobuf = icmp eq ptr %buf, null
  br i1 %nobuf, label %fail, label %copy
copy:
  %pbufdata = getelementptr { i64, ptr, ptr, ptr, i64 }, ptr %buf, i32 0, i32 3
  %newitems = load ptr, ptr %pbufdata
  %psize = getelementptr %payload, ptr %data, i32 0, i32 0
  %size = load i64, ptr %psize
  %used = mul i64 %size, %itemsize
  %pitems = getelementptr %payload, ptr %data, i32 0, i32 5
  %items = load ptr, ptr %pitems
  call void @llvm.memmove.p0.p0.i64(ptr %newitems, ptr %items, i64 %used, i1 false)
  %pbuf = getelementptr %payload, ptr %data, i32 0, i32 4
  %oldbuf = load ptr, ptr %pbuf
  call void @pycomp_nrt_decref(ptr %oldbuf)
  store ptr %buf, ptr %pbuf
  store ptr %newitems, ptr %pitems
  store i64 %newcap, ptr %pcap
  br label %done
done:
  ret i32 0
fail:
  ret i32 -1
}

define i32 @pycomp_list_make_room(ptr %mi, i64 %at) {
entry:
  %data = call ptr @payload_of(ptr %mi)
  %psize = getelementptr %payload, ptr %data, i32 0, i32 0
  %size = load i64, ptr %psize
  %size1 = add i64 %size, 1
  %st = call i32 @pycomp_list_reserve(ptr %mi, i64 %size1)
  %bad = icmp ne i32 %st, 0
  br i1 %bad, label %fail, label %move
move:
  %pisz = getelementptr %payload, ptr %data, i32 0, i32 2
  %itemsize = load i64, ptr %pisz
  %pitems = getelementptr %payload, ptr %data, i32 0, i32 5
  %items = load ptr, ptr %pitems
  %offa = mul i64 %at, %itemsize
  %src = getelementptr i8, ptr %items, i64 %offa
  %dst = getelementptr i8, ptr %src, i64 %itemsize
  %count = sub i64 %size, %at
  %nbytes = mul i64 %count, %itemsize
  call void @llvm.memmove.p0.p0.i64(ptr %dst, ptr %src, i64 %nbytes, i1 false)
  store i64 %size1, ptr %psize
  %pdirty = getelementptr %payload, ptr %data, i32 0, i32 6
  store i64 1, ptr %pdirty
  ret i32 0
fail:
  ret i32 -1
}

define void @pycomp_list_remove_at(ptr %mi, i64 %at) {
entry:
  %data = call ptr @payload_of(ptr %mi)
  %psize = getelementptr %payload, ptr %data, i32 0, i32 0
  %size = load i64, ptr %psize
  %pisz = getelementptr %payload, ptr %data, i32 0, i32 2
  %itemsize = load i64, ptr %pisz
  %pitems = getelementptr %payload, ptr %data, i32 0, i32 5
  %items = load ptr, ptr %pitems
  %offa = mul i64 %at, %itemsize
  %dst = getelementptr i8, ptr %items, i64 %offa
  %src = getelementptr i8, ptr %dst, i64 %itemsize
  %at1 = add i64 %at, 1
  %count = sub i64 %size, %at1
  %nbytes = mul i64 %count, %itemsize
  call void @llvm.memmove.p0.p0.i64(ptr %dst, ptr %src, i64 %nbytes, i1 false)
  %size0 = sub i64 %size, 1
  store i64 %size0, ptr %psize
  %pdirty = getelementptr %payload, ptr %data, i32 0, i32 6
  store i64 1, ptr %pdirty
  ret void
}
"""

_lock = threading.Lock()
_ready = False


def ensure_list_runtime() -> None:
    """Compile the list runtime into the JIT engine once per process and
    make its symbols known (modules declare and call them by name)."""
    global _ready
    if _ready:
        return
    with _lock:
        if _ready:
            return
        from pycomp import _helperlib
        from pycomp.targets.cpu.codegen import engine

        eng = engine()
        eng.add_symbols(dict(_helperlib.c_helpers))  # the runtime it calls
        eng.compile(_IR, "pycomp list runtime")
        eng.add_symbols({name: eng.address_of(name) for name in RUNTIME_FUNCTIONS})
        import ctypes  # the C-API functions boxing and unboxing call (pycomp.targets.cpu.listboxing)

        eng.add_symbols({name: ctypes.cast(getattr(ctypes.pythonapi, name), ctypes.c_void_p).value
                         for name in C_API_FUNCTIONS})
        _ready = True
