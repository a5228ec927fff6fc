"""Tests for pycomp's memory runtime (csrc/nrt.c), array boxing
(csrc/nrt_python.c) and pycomp.runtime.

The C ABI is called the way compiled code calls it: through ctypes
CFUNCTYPE prototypes (which release the GIL for the call, so nothing may
need it) and through a few functions JIT-compiled with llvmlite that loop
over the runtime's entry points from several threads at once.
"""

import ctypes
import sys
import threading
import unittest

import numpy as np
import pytest

try:
    from pycomp import _helperlib
except ImportError as exc:  # pragma: no cover - depends on the build
    pytest.skip(f"pycomp._helperlib is not built ({exc})", allow_module_level=True)

from pycomp import runtime

H = _helperlib
HELPERS = H.c_helpers
MiB = 1 << 20
LARGE = H.NRT_LARGE_THRESHOLD
ROUND = H.NRT_LARGE_ROUND
MAPPED = H.NRT_MAPPED_THRESHOLD
MEDIUM_ROUND = H.NRT_MEDIUM_ROUND

DTOR = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p)
c_allocate = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_int64)(HELPERS["pycomp_nrt_allocate"])
c_allocate_dtor = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p)(
    HELPERS["pycomp_nrt_allocate_dtor"])
c_meminfo_new = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p,
                                 ctypes.c_void_p)(HELPERS["pycomp_nrt_meminfo_new"])
c_incref = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(HELPERS["pycomp_nrt_incref"])
c_decref = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(HELPERS["pycomp_nrt_decref"])
# boxing needs the GIL: PYFUNCTYPE keeps it and raises the error the callee sets
c_box_array = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32)(
    HELPERS["pycomp_box_array"])


class MemInfo(ctypes.Structure):
    """The public layout of a meminfo (compiled code reads `data`)."""
    _fields_ = [("refct", ctypes.c_int64), ("dtor", ctypes.c_void_p), ("dtor_info", ctypes.c_void_p),
                ("data", ctypes.c_void_p), ("size", ctypes.c_int64)]


def mi_struct(addr):
    return MemInfo.from_address(addr)


def stats():
    return runtime.memsys_stats()


def delta(before, after=None):
    after = after or stats()
    return {f: getattr(after, f) - getattr(before, f) for f in ("alloc", "free", "mi_alloc", "mi_free",
                                                                "bytes_in_use")}


@pytest.fixture
def cache():
    """An empty large-block cache with the default bounds, emptied again after."""
    runtime.trim()
    old = runtime.set_cache_limits(8, 512 * MiB)
    yield
    runtime.set_cache_limits(*old)
    runtime.trim()


def test_abi_layout_and_helpers():
    assert ctypes.sizeof(MemInfo) == 40 and MemInfo.data.offset == 24
    for name in ("pycomp_nrt_allocate", "pycomp_nrt_allocate_dtor", "pycomp_nrt_meminfo_new",
                 "pycomp_nrt_incref", "pycomp_nrt_decref", "pycomp_box_array", "pycomp_box_meminfo_owner"):
        assert HELPERS[name] > 0
    assert H.NRT_ALIGN == 64 and LARGE == MiB and ROUND == 2 * MiB
    assert MAPPED == 128 * 1024 and MEDIUM_ROUND == 64 * 1024


# ---------------------------------------------------------------------------
# allocation
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", [0, 1, 7, 63, 64, 65, 1000, 4096, 100_000, MAPPED - 1, MAPPED, MAPPED + 1,
                                  800_000, LARGE - 1, LARGE, LARGE + 1, 3 * MiB + 5, 16 * MiB])
def test_allocate_alignment_and_fields(size, cache):
    before = stats()
    mi = c_allocate(size)
    assert mi
    s = mi_struct(mi)
    assert s.refct == 1 and s.size == size and s.dtor is None and s.dtor_info is None
    assert s.data % 64 == 0
    info = H.nrt_meminfo_info(mi)
    assert info["data"] == s.data and info["large"] == (size >= MAPPED)  # mapped, cached when freed
    if size >= LARGE:
        assert s.data % ROUND == 0  # mmap'ed, 2 MiB-aligned (huge pages)
    elif size >= MAPPED:
        assert s.data % 4096 == 0  # mmap'ed, page-aligned
    if size:
        ctypes.memset(s.data, 0xAB, size)  # the whole block is writable
        assert ctypes.string_at(s.data + size - 1, 1) == b"\xab"
    assert delta(before) == {"alloc": 1, "free": 0, "mi_alloc": 1, "mi_free": 0, "bytes_in_use": size}
    c_decref(mi)
    assert delta(before) == {"alloc": 1, "free": 1, "mi_alloc": 1, "mi_free": 1, "bytes_in_use": 0}


@pytest.mark.parametrize("size", [-1, -(2**63), 2**62, 2**63 - 1, 2**61 - 1])
def test_allocate_refused_returns_null(size):
    before = stats()
    assert c_allocate(size) is None
    assert H.nrt_allocate(size) == 0
    assert delta(before) == dict.fromkeys(("alloc", "free", "mi_alloc", "mi_free", "bytes_in_use"), 0)


def test_allocate_huge_untouched(cache):
    # 1 GiB is only address space until touched; above the cache's byte bound
    mi = H.nrt_allocate(1 << 30)
    assert mi and H.nrt_meminfo_info(mi)["large"]
    data = mi_struct(mi).data
    ctypes.memset(data + (1 << 30) - 4096, 1, 4096)  # the last page exists
    H.nrt_decref(mi)
    assert stats().cached_blocks == 0  # 1 GiB > 512 MiB: unmapped, not cached


def test_refcounts():
    before = stats()
    mi = H.nrt_allocate(128)
    for k in range(2, 6):
        H.nrt_incref(mi)
        assert H.nrt_refcount(mi) == k
    c_incref(mi)
    assert mi_struct(mi).refct == 6
    for k in range(5, 0, -1):
        c_decref(mi)
        assert H.nrt_refcount(mi) == k
    assert delta(before)["mi_free"] == 0
    H.nrt_decref(mi)
    assert delta(before) == {"alloc": 1, "free": 1, "mi_alloc": 1, "mi_free": 1, "bytes_in_use": 0}
    # NULL is accepted and ignored
    H.nrt_incref(0), H.nrt_decref(0), c_incref(None), c_decref(None)
    with pytest.raises(ValueError):
        H.nrt_refcount(0)


def test_meminfo_new_dtor_called_once():
    calls = []
    buf = (ctypes.c_char * 32)()

    @DTOR
    def dtor(data, size, info):
        calls.append((data, size, info))

    before = stats()
    mi = c_meminfo_new(ctypes.addressof(buf), 32, ctypes.cast(dtor, ctypes.c_void_p), 1234)
    s = mi_struct(mi)
    assert s.data == ctypes.addressof(buf) and s.size == 32 and s.refct == 1 and s.dtor_info == 1234
    H.nrt_incref(mi)
    H.nrt_decref(mi)
    assert calls == []
    H.nrt_decref(mi)
    assert calls == [(ctypes.addressof(buf), 32, 1234)]
    # the meminfo is a raw allocation; the external memory is not counted in bytes
    assert delta(before) == {"alloc": 1, "free": 1, "mi_alloc": 1, "mi_free": 1, "bytes_in_use": 0}


def test_meminfo_new_without_dtor():
    before = stats()
    mi = H.nrt_meminfo_new(0, 0)
    assert mi and H.nrt_meminfo_info(mi)["dtor"] == 0
    H.nrt_decref(mi)
    assert delta(before)["mi_free"] == 1


@pytest.mark.parametrize("size", [100, 3 * MiB])
def test_allocate_dtor_then_runtime_frees(size, cache):
    seen = []

    @DTOR
    def dtor(data, sz, info):
        seen.append((data % 64, sz, info, ctypes.string_at(data, 4)))

    before = stats()
    mi = c_allocate_dtor(size, ctypes.cast(dtor, ctypes.c_void_p), 99)
    ctypes.memmove(mi_struct(mi).data, b"abcd", 4)
    c_decref(mi)
    assert seen == [(0, size, 99, b"abcd")]  # the data is still there for the dtor
    assert delta(before) == {"alloc": 1, "free": 1, "mi_alloc": 1, "mi_free": 1, "bytes_in_use": 0}


# ---------------------------------------------------------------------------
# the large-block cache
# ---------------------------------------------------------------------------

def test_large_block_reuse(cache):
    before = stats()
    mi = H.nrt_allocate(6 * MiB)
    data = mi_struct(mi).data
    ctypes.memset(data, 7, 6 * MiB)
    H.nrt_decref(mi)
    s = stats()
    assert s.cached_blocks == 1 and s.cached_bytes == 6 * MiB
    assert s.mapped - before.mapped == 1 and s.reused == before.reused
    # freed in the stats sense: the cache is not a leak
    assert delta(before) == {"alloc": 1, "free": 1, "mi_alloc": 1, "mi_free": 1, "bytes_in_use": 0}
    mi2 = H.nrt_allocate(6 * MiB - 100)  # same rounded size: the same mapping
    assert mi_struct(mi2).data == data
    s2 = stats()
    assert s2.reused - s.reused == 1 and s2.mapped == s.mapped and s2.cached_blocks == 0
    H.nrt_decref(mi2)


def test_large_block_size_window(cache):
    big = H.nrt_allocate(16 * MiB)
    data = mi_struct(big).data
    H.nrt_decref(big)
    s = stats()
    small = H.nrt_allocate(8 * MiB)  # 16 MiB is more than 1.25 * 8 MiB: not reused
    assert mi_struct(small).data != data and stats().mapped == s.mapped + 1
    mid = H.nrt_allocate(14 * MiB)  # within 1.25 * 14 MiB: reused
    assert mi_struct(mid).data == data and stats().reused == s.reused + 1
    H.nrt_decref(small)
    H.nrt_decref(mid)
    assert stats().cached_bytes == 24 * MiB


def test_cache_bounds_evict_oldest(cache):
    runtime.set_cache_limits(max_blocks=2)
    mis = [H.nrt_allocate(n * MiB) for n in (2, 4, 6)]
    datas = [mi_struct(m).data for m in mis]
    for m in mis:
        H.nrt_decref(m)
    s = stats()
    assert s.cached_blocks == 2 and s.cached_bytes == 10 * MiB  # 2 MiB, the oldest, went
    m = H.nrt_allocate(6 * MiB)
    assert mi_struct(m).data == datas[2]
    H.nrt_decref(m)
    runtime.set_cache_limits(max_blocks=8, max_bytes=8 * MiB)  # shrinking evicts
    s = stats()
    assert s.cached_bytes <= 8 * MiB and s.cached_blocks == 1
    big = H.nrt_allocate(10 * MiB)  # larger than max_bytes: unmapped when freed
    H.nrt_decref(big)
    assert stats().cached_blocks == 1


def test_cache_disabled(cache):
    assert runtime.set_cache_limits(max_blocks=0) == (8, 512 * MiB)
    m = H.nrt_allocate(4 * MiB)
    H.nrt_decref(m)
    assert stats().cached_blocks == 0


def test_trim(cache):
    for n in (2, 4):
        H.nrt_decref(H.nrt_allocate(n * MiB))
    assert stats().cached_blocks == 2
    assert runtime.trim() == 6 * MiB
    s = stats()
    assert s.cached_blocks == 0 and s.cached_bytes == 0
    assert H.nrt_trim() == 0


# ---------------------------------------------------------------------------
# threads: compiled loops over the ABI, run with the GIL released
# ---------------------------------------------------------------------------

JIT_IR = r"""
%meminfo = type { i64, ptr, ptr, ptr, i64 }
declare ptr @pycomp_nrt_allocate(i64)
declare void @pycomp_nrt_incref(ptr)
declare void @pycomp_nrt_decref(ptr)

define void @hammer(ptr %mi, i64 %n) {
entry:
  br label %inc
inc:
  %i = phi i64 [0, %entry], [%i1, %inc]
  call void @pycomp_nrt_incref(ptr %mi)
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, %n
  br i1 %c, label %inc, label %dec
dec:
  %j = phi i64 [0, %inc], [%j1, %dec]
  call void @pycomp_nrt_decref(ptr %mi)
  %j1 = add i64 %j, 1
  %d = icmp slt i64 %j1, %n
  br i1 %d, label %dec, label %done
done:
  ret void
}

; allocate `size` bytes, write its first and last byte, free; n times
define i64 @churn(i64 %size, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %ok]
  %m = call ptr @pycomp_nrt_allocate(i64 %size)
  %null = icmp eq ptr %m, null
  br i1 %null, label %fail, label %ok
ok:
  %dp = getelementptr %meminfo, ptr %m, i32 0, i32 3
  %data = load ptr, ptr %dp
  store volatile i8 1, ptr %data
  %last = add i64 %size, -1
  %lp = getelementptr i8, ptr %data, i64 %last
  store volatile i8 2, ptr %lp
  call void @pycomp_nrt_decref(ptr %m)
  %i1 = add i64 %i, 1
  %c = icmp slt i64 %i1, %n
  br i1 %c, label %loop, label %done
done:
  ret i64 0
fail:
  ret i64 -1
}

define void @count_dtor(ptr %data, i64 %size, ptr %info) {
  %old = atomicrmw add ptr %info, i64 1 seq_cst
  ret void
}
"""


@pytest.fixture(scope="module")
def jit():
    llvm = pytest.importorskip("llvmlite.binding")
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    for name, addr in HELPERS.items():
        llvm.add_symbol(name, addr)
    mod = llvm.parse_assembly(JIT_IR)
    mod.verify()
    engine = llvm.create_mcjit_compiler(mod, llvm.Target.from_default_triple().create_target_machine())
    engine.finalize_object()

    class Jit:
        hammer = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64)(engine.get_function_address("hammer"))
        churn = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64, ctypes.c_int64)(
            engine.get_function_address("churn"))
        count_dtor = engine.get_function_address("count_dtor")

    Jit.engine = engine
    return Jit


def run_threads(n, target):
    barrier = threading.Barrier(n)
    errors = []

    def body(k):
        try:
            barrier.wait()
            target(k)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=body, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_concurrent_incref_decref(jit):
    counter = ctypes.c_int64(0)
    mi = c_meminfo_new(None, 0, jit.count_dtor, ctypes.addressof(counter))
    run_threads(8, lambda k: jit.hammer(mi, 200_000))
    assert mi_struct(mi).refct == 1 and counter.value == 0
    c_decref(mi)
    assert counter.value == 1


def test_concurrent_last_decref_runs_dtor_once(jit):
    for _ in range(50):
        counter = ctypes.c_int64(0)
        mi = c_meminfo_new(None, 0, jit.count_dtor, ctypes.addressof(counter))
        for _ in range(7):
            c_incref(mi)
        run_threads(8, lambda k: c_decref(mi))
        assert counter.value == 1


@pytest.mark.parametrize("size", [64, 64 * 1024, 512 * 1024, 4 * MiB])
def test_per_thread_stats(jit, size, cache):
    before = stats()
    n, nthreads = 300, 4
    deltas = {}

    def work(k):
        t0 = runtime.thread_stats()
        assert jit.churn(size, n + k) == 0
        t1 = runtime.thread_stats()
        deltas[k] = {f: getattr(t1, f) - getattr(t0, f) for f in t0._fields}

    run_threads(nthreads, work)
    for k, d in deltas.items():
        assert (d["alloc"], d["free"], d["mi_alloc"], d["mi_free"]) == (n + k,) * 4
        assert d["bytes_in_use"] == 0
        if size >= MAPPED:
            assert d["reused"] + d["mapped"] == n + k
        else:
            assert d["reused"] == d["mapped"] == 0
    total = sum(n + k for k in range(nthreads))
    assert delta(before) == {"alloc": total, "free": total, "mi_alloc": total, "mi_free": total,
                             "bytes_in_use": 0}
    if size >= MAPPED:
        after = stats()
        assert after.reused - before.reused >= total - 8 * nthreads  # mostly served from the cache
        assert after.cached_blocks <= 8


def test_thread_stats_cross_thread_free():
    mi = H.nrt_allocate(1000)
    t0 = runtime.thread_stats()
    out = {}

    def other():
        s0 = runtime.thread_stats()
        H.nrt_decref(mi)
        s1 = runtime.thread_stats()
        out["d"] = (s1.free - s0.free, s1.bytes_in_use - s0.bytes_in_use)

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert out["d"] == (1, -1000)
    assert runtime.thread_stats().free == t0.free  # this thread freed nothing


def test_exited_threads_still_counted(jit):
    before = stats()
    kept = []

    def work(k):
        assert jit.churn(256, 100) == 0
        kept.append(H.nrt_allocate(1000))  # outlives its thread

    for _ in range(5):
        run_threads(10, work)
    assert delta(before) == {"alloc": 5050, "free": 5000, "mi_alloc": 5050, "mi_free": 5000,
                             "bytes_in_use": 50_000}
    for mi in kept:
        H.nrt_decref(mi)
    assert delta(before) == {"alloc": 5050, "free": 5050, "mi_alloc": 5050, "mi_free": 5050,
                             "bytes_in_use": 0}


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")
def test_fork_while_other_threads_allocate(jit, cache):
    import os
    import warnings

    stop = threading.Event()

    def busy():
        while not stop.is_set():
            assert jit.churn(3 * MiB, 20) == 0

    threads = [threading.Thread(target=busy) for _ in range(2)]
    for t in threads:
        t.start()
    try:
        for _ in range(5):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
            if pid == 0:  # child: the locks must be free, the counters sane
                code = 1
                try:
                    s0 = runtime.memsys_stats()
                    ok = jit.churn(3 * MiB, 10) == 0 and jit.churn(100, 10) == 0
                    s1 = runtime.memsys_stats()
                    runtime.trim()
                    code = 0 if ok and s1.alloc - s0.alloc == 20 and s1.free - s0.free == 20 else 2
                finally:
                    os._exit(code)
            _, status = os.waitpid(pid, 0)
            assert os.waitstatus_to_exitcode(status) == 0
    finally:
        stop.set()
        for t in threads:
            t.join()


# ---------------------------------------------------------------------------
# boxing
# ---------------------------------------------------------------------------

NUMERIC = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
           np.uint64, np.intp, np.uintp, np.longlong, np.ulonglong, np.float16, np.float32,
           np.float64, np.longdouble, np.complex64, np.complex128, np.clongdouble]


def boxed(shape, dtype=np.float64, strides=None, extra=0):
    dt = np.dtype(dtype)
    nbytes = int(np.prod(shape)) * dt.itemsize + extra
    mi = H.nrt_allocate(nbytes)
    return H.box_array_from(mi, tuple(shape), strides, dt.num), mi


def test_boxed_array_owns_memory():
    before = stats()
    a, mi = boxed((4, 5))
    assert isinstance(a.base, H.MemInfoOwner)
    assert a.base.address == mi and a.base.refcount == 1 and a.base.size == 160
    assert a.ctypes.data == mi_struct(mi).data and a.ctypes.data % 64 == 0
    assert a.flags.writeable and a.flags.c_contiguous and not a.flags.owndata
    a[...] = np.arange(20).reshape(4, 5)
    assert a.sum() == 190
    assert delta(before) == {"alloc": 1, "free": 0, "mi_alloc": 1, "mi_free": 0, "bytes_in_use": 160}
    del a
    assert delta(before) == {"alloc": 1, "free": 1, "mi_alloc": 1, "mi_free": 1, "bytes_in_use": 0}


def test_boxed_large_array_back_to_cache(cache):
    before = stats()
    a, mi = boxed((1024, 1024))  # 8 MiB
    a.fill(1.5)
    assert a.sum() == 1.5 * 1024 * 1024
    del a
    s = stats()
    assert delta(before, s)["bytes_in_use"] == 0 and delta(before, s)["mi_free"] == 1
    assert s.cached_blocks == 1


def test_views_keep_boxed_array_alive():
    before = stats()
    a, _ = boxed((10,))
    a[:] = np.arange(10)
    v = a[::3]
    w = v.reshape(2, 2).T
    del a
    assert delta(before)["mi_free"] == 0
    assert v.tolist() == [0.0, 3.0, 6.0, 9.0] and w.tolist() == [[0.0, 6.0], [3.0, 9.0]]
    del v
    assert delta(before)["mi_free"] == 0
    del w
    assert delta(before) == {"alloc": 1, "free": 1, "mi_alloc": 1, "mi_free": 1, "bytes_in_use": 0}


@pytest.mark.parametrize("dtype", NUMERIC, ids=lambda t: np.dtype(t).name)
def test_box_dtype_by_typenum(dtype):
    with runtime.assert_no_leaks():
        a, _ = boxed((3, 2), dtype)
        assert a.dtype == np.dtype(dtype) and a.shape == (3, 2) and a.itemsize == np.dtype(dtype).itemsize
        a[...] = 1
        assert (a == 1).all()
        del a


def test_box_strides_fortran_and_offset():
    with runtime.assert_no_leaks():
        mi = H.nrt_allocate(6 * 8)
        f = H.box_array_from(mi, (2, 3), (8, 16), np.dtype(np.float64).num)
        assert f.flags.f_contiguous and not f.flags.c_contiguous and f.strides == (8, 16)
        f[...] = [[1, 2, 3], [4, 5, 6]]
        assert f.T.ravel(order="C").tolist() == [1, 4, 2, 5, 3, 6]
        del f
        mi = H.nrt_allocate(80)
        r = H.box_array_from(mi, (4,), (-8,), np.dtype(np.int64).num, offset=24)
        r[...] = [10, 20, 30, 40]
        assert r.ctypes.data == mi_struct(mi).data + 24
        assert r[::-1].tolist() == [40, 30, 20, 10]
        del r
        z = H.box_array_from(H.nrt_allocate(0), (0, 3), None, np.dtype(np.float32).num)
        assert z.shape == (0, 3) and z.size == 0
        s0 = H.box_array_from(H.nrt_allocate(8), (), None, np.dtype(np.float64).num)
        assert s0.shape == () and s0.ndim == 0
        del z, s0


@pytest.mark.parametrize("args, exc", [
    (((10,), None, 12, 8), ValueError),          # offset pushes the end past the block
    (((11,), None, 12, 0), ValueError),          # 88 bytes > 80
    (((4,), (-8,), 12, 0), ValueError),          # negative stride before the start
    (((2,), None, 12345, 0), (TypeError, ValueError)),  # no such typenum
    (((2, 2), (8,), 12, 0), ValueError),         # strides of the wrong length
])
def test_box_array_from_errors_release_the_reference(args, exc):
    before = stats()
    mi = H.nrt_allocate(80)
    shape, strides, typenum, offset = args
    with pytest.raises(exc):
        H.box_array_from(mi, shape, strides, typenum, offset)
    assert delta(before) == {"alloc": 1, "free": 1, "mi_alloc": 1, "mi_free": 1, "bytes_in_use": 0}


def pycomp_array(ndim, meminfo=None, parent=None, data=None, shape=(), strides=(), itemsize=8):
    class Array(ctypes.Structure):
        _fields_ = [("meminfo", ctypes.c_void_p), ("parent", ctypes.c_void_p), ("nitems", ctypes.c_int64),
                    ("itemsize", ctypes.c_int64), ("data", ctypes.c_void_p),
                    ("shape_and_strides", ctypes.c_int64 * (2 * ndim))]

    s = Array()
    s.meminfo, s.parent, s.data, s.itemsize = meminfo, parent, data, itemsize
    s.nitems = int(np.prod(shape)) if ndim else 1
    s.shape_and_strides[:] = list(shape) + list(strides)
    return s


def box_like(arr, parent=None, typenum=None, offset_items=0, shape=None, strides=None, meminfo=None):
    shape = arr.shape if shape is None else shape
    strides = arr.strides if strides is None else strides
    s = pycomp_array(len(shape), meminfo=meminfo, parent=None if parent is None else id(parent),
                     data=arr.ctypes.data + offset_items * arr.itemsize, shape=shape, strides=strides,
                     itemsize=arr.itemsize)
    return c_box_array(ctypes.addressof(s), len(shape), arr.dtype.num if typenum is None else typenum)


def test_box_parent_itself():
    p = np.arange(12.0).reshape(3, 4)
    rc = sys.getrefcount(p)
    r = box_like(p, parent=p)
    assert r is p
    del r
    assert sys.getrefcount(p) == rc
    # a subclass comes back as itself too
    m = np.ma.masked_array(np.arange(4.0))
    assert box_like(m, parent=m) is m


def test_box_parent_view():
    p = np.arange(12.0).reshape(3, 4).copy()  # owns its data: the view's base is p itself
    rc = sys.getrefcount(p)
    v = box_like(p, parent=p, offset_items=5, shape=(2, 2), strides=(32, 8))  # p[1:3, 1:3]
    assert v is not p and v.tolist() == [[5.0, 6.0], [9.0, 10.0]]
    assert v.base is p and v.flags.writeable
    v[0, 0] = -1
    assert p[1, 1] == -1
    assert sys.getrefcount(p) == rc + 1
    del v
    assert sys.getrefcount(p) == rc
    # same data, other dtype (int64 over float64 bits): a view, not the parent
    w = box_like(p, parent=p, typenum=np.dtype(np.int64).num)
    assert w is not p and w.dtype == np.int64 and w.base is p
    del w
    # same data, other strides
    t = box_like(p, parent=p, shape=(4, 3), strides=(8, 32))
    assert (t == p.T).all()
    del t
    assert sys.getrefcount(p) == rc


def test_box_parent_view_keeps_parent_alive():
    import weakref

    p = np.arange(6.0)
    ref = weakref.ref(p)
    v = box_like(p, parent=p, offset_items=2, shape=(3,), strides=(8,))
    del p
    assert ref() is not None and v.tolist() == [2.0, 3.0, 4.0]
    del v
    assert ref() is None


def test_box_parent_view_of_a_view():
    # A parent that does not own its data (NumPy would base the view on the
    # first array owning it) is held itself, through a meminfo, as in Numba.
    import weakref

    owner = np.arange(12.0)
    rc = sys.getrefcount(owner)
    p = owner.reshape(3, 4)
    prc = sys.getrefcount(p)
    v = box_like(p, parent=p, offset_items=1, shape=(3,), strides=(32,))
    assert isinstance(v.base, H.MemInfoOwner) and v.tolist() == [1.0, 5.0, 9.0]
    assert sys.getrefcount(p) == prc + 1
    del v
    assert sys.getrefcount(p) == prc
    del p
    assert sys.getrefcount(owner) == rc

    class Sub(np.ndarray):
        pass

    sub = np.arange(6.0).view(Sub)
    ref = weakref.ref(sub.base)
    v = box_like(sub, parent=sub, offset_items=2, shape=(3,), strides=(8,))
    assert type(v) is np.ndarray
    del sub
    assert ref() is not None and v.tolist() == [2.0, 3.0, 4.0]
    del v
    assert ref() is None


def test_box_parent_readonly():
    p = np.arange(6.0)
    p.flags.writeable = False
    v = box_like(p, parent=p, offset_items=1, shape=(3,), strides=(8,))
    assert not v.flags.writeable
    assert box_like(p, parent=p) is p


def test_box_parent_not_an_array():
    obj = [1.0, 2.0]
    src = np.arange(2.0)
    rc = sys.getrefcount(obj)
    with pytest.raises(SystemError, match="not an ndarray"):
        box_like(src, parent=obj)
    assert sys.getrefcount(obj) == rc


def test_box_no_owner_copies():
    src = np.arange(10.0)
    c = box_like(src, shape=(5,), strides=(16,))  # meminfo and parent NULL
    assert c.flags.owndata and c.flags.c_contiguous and c.flags.writeable
    assert c.tolist() == [0.0, 2.0, 4.0, 6.0, 8.0]
    src[:] = -1
    assert c.tolist() == [0.0, 2.0, 4.0, 6.0, 8.0]  # a copy
    s = pycomp_array(1, data=None, shape=(0,), strides=(8,))
    e = c_box_array(ctypes.addressof(s), 1, np.dtype(np.float64).num)
    assert e.shape == (0,)
    s = pycomp_array(1, data=None, shape=(3,), strides=(8,))
    with pytest.raises(SystemError, match="no data"):
        c_box_array(ctypes.addressof(s), 1, np.dtype(np.float64).num)


def test_box_array_c_entry_steals_meminfo():
    before = stats()
    mi = H.nrt_allocate(64)
    s = pycomp_array(1, meminfo=mi, data=mi_struct(mi).data, shape=(8,), strides=(8,))
    a = c_box_array(ctypes.addressof(s), 1, np.dtype(np.float64).num)
    assert isinstance(a.base, H.MemInfoOwner) and a.base.address == mi and H.nrt_refcount(mi) == 1
    assert a.ctypes.data == mi_struct(mi).data and a.shape == (8,) and a.flags.writeable
    del a
    assert delta(before)["mi_free"] == 1
    # on failure the reference is released too: a bad typenum, an itemsize mismatch
    for typenum in (9999, np.dtype(np.float32).num):
        mi = H.nrt_allocate(64)
        s = pycomp_array(1, meminfo=mi, data=mi_struct(mi).data, shape=(8,), strides=(8,))
        with pytest.raises((TypeError, ValueError, SystemError)):
            c_box_array(ctypes.addressof(s), 1, typenum)
    assert delta(before) == {"alloc": 3, "free": 3, "mi_alloc": 3, "mi_free": 3, "bytes_in_use": 0}


def test_meminfo_owner():
    with pytest.raises(TypeError):
        H.MemInfoOwner()
    before = stats()
    mi = H.nrt_allocate(10)
    o = H.box_meminfo_owner(mi)
    assert o.address == mi and o.size == 10 and o.refcount == 1 and o.data == mi_struct(mi).data
    assert "MemInfoOwner" in repr(o)
    H.nrt_incref(mi)
    assert o.refcount == 2
    del o
    assert H.nrt_refcount(mi) == 1
    H.nrt_decref(mi)
    assert delta(before)["mi_free"] == 1
    with pytest.raises(ValueError):
        H.box_meminfo_owner(0)


# ---------------------------------------------------------------------------
# pycomp.runtime
# ---------------------------------------------------------------------------

def test_rtsys_stats():
    st = runtime.rtsys.get_allocation_stats()
    assert type(st).__name__ == "_nrt_mstats" and st._fields == ("alloc", "free", "mi_alloc", "mi_free")
    mi = H.nrt_allocate(8)
    st2 = runtime.get_allocation_stats()
    assert (st2.alloc - st.alloc, st2.mi_alloc - st.mi_alloc, st2.free - st.free) == (1, 1, 0)
    assert runtime.rtsys.memsys_get_stats_alloc() == st2.alloc
    assert runtime.rtsys.memsys_stats_enabled()
    assert runtime.rtsys.bytes_in_use == runtime.bytes_in_use() == runtime.memsys_stats().bytes_in_use
    H.nrt_decref(mi)
    assert runtime.rtsys.memsys_get_stats_mi_free() == st.mi_free + 1


def test_runtime_imports_nothing_heavy():
    import subprocess

    code = "import sys, pycomp.runtime; print('xdsl' in sys.modules, 'llvmlite' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_assert_no_leaks_passes_when_clean():
    with runtime.assert_no_leaks() as check:
        a, _ = boxed((100,))
        del a
        H.nrt_decref(H.nrt_allocate(5 * MiB))  # cached afterwards: not a leak
    assert check.leaks() == []


def test_assert_no_leaks_raises_on_leak():
    with pytest.raises(AssertionError) as info:
        with runtime.assert_no_leaks():
            leaked = H.nrt_allocate(48)
    msg = str(info.value)
    assert "+1 blocks (alloc +1, free +0)" in msg and "+1 meminfos (mi_alloc +1, mi_free +0)" in msg
    assert "+48 bytes in use" in msg
    assert isinstance(info.value, runtime.MemoryLeakError)
    H.nrt_decref(leaked)
    # per thread: another thread's allocations do not disturb the check
    with runtime.assert_no_leaks(per_thread=True):
        t = threading.Thread(target=lambda: kept.append(H.nrt_allocate(8)))
        kept = []
        t.start()
        t.join()
    H.nrt_decref(kept[0])


def test_memory_leak_mixin():
    leaked = []

    class Case(runtime.MemoryLeakMixin, unittest.TestCase):
        def test_clean(self):
            H.nrt_decref(H.nrt_allocate(16))

        def test_leaky(self):
            leaked.append(H.nrt_allocate(16))

        def test_leaky_disabled(self):
            self.disable_leak_check()
            leaked.append(H.nrt_allocate(16))

    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(Case).run(result)
    for mi in leaked:
        H.nrt_decref(mi)
    assert result.testsRun == 3 and len(leaked) == 2 and not result.errors
    assert [t.id().rsplit(".", 1)[1] for t, _ in result.failures] == ["test_leaky"]
    assert "memory leaked" in result.failures[0][1]


def test_cache_default_limits():
    assert runtime.set_cache_limits() == (32, 512 * MiB)  # negative arguments: unchanged
    assert runtime.set_cache_limits() == (32, 512 * MiB)
