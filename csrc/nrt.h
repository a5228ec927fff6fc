/*
 * pycomp's memory runtime ("NRT"): reference-counted memory blocks
 * (meminfos) for memory allocated by compiled code, with allocation
 * statistics and a reuse cache for large blocks.
 *
 * Everything declared here is plain C: no function needs the GIL or sets a
 * Python exception, and all of them may be called from any thread
 * (compiled code may run with nogil=True).  The Python-facing parts
 * (boxing arrays, the MemInfoOwner type), declared at the end when
 * Python.h was included first, are in nrt_python.c.
 *
 * See csrc/README.md for the design (block sizes, the large-block cache,
 * the statistics).
 */
#ifndef PYCOMP_NRT_H
#define PYCOMP_NRT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Destructor of a meminfo's data: called once, when the refcount drops to 0. */
typedef void (*pycomp_nrt_dtor)(void *data, int64_t size, void *dtor_info);

/*
 * The part of a meminfo compiled code may see.  The layout is ABI: compiled
 * code reads `data` directly (offset 24, field 3).  Meminfos are always
 * created by the runtime, which keeps private fields after these five.
 */
typedef struct pycomp_meminfo {
    int64_t refct;               /* updated atomically */
    pycomp_nrt_dtor dtor;        /* NULL for memory from pycomp_nrt_allocate() */
    void *dtor_info;
    void *data;                  /* offset 24 */
    int64_t size;                /* bytes */
} pycomp_meminfo;

/* Alignment of the data of every block from pycomp_nrt_allocate(). */
#define PYCOMP_NRT_ALIGN 64

/* Blocks of at least PYCOMP_NRT_MAPPED_THRESHOLD bytes come from mmap and
 * go back to the reuse cache when freed; smaller ones from malloc.  Mapped
 * blocks of at least PYCOMP_NRT_LARGE_THRESHOLD are rounded up to
 * PYCOMP_NRT_LARGE_ROUND (2 MiB-aligned, transparent huge pages
 * requested); smaller mapped ones to PYCOMP_NRT_MEDIUM_ROUND. */
#define PYCOMP_NRT_MAPPED_THRESHOLD ((int64_t)128 << 10) /* 128 KiB */
#define PYCOMP_NRT_MEDIUM_ROUND ((int64_t)64 << 10)      /* 64 KiB */
#define PYCOMP_NRT_LARGE_THRESHOLD ((int64_t)1 << 20)   /* 1 MiB */
#define PYCOMP_NRT_LARGE_ROUND ((int64_t)2 << 20)       /* 2 MiB */

/* Default bounds of the large-block reuse cache. */
#define PYCOMP_NRT_CACHE_MAX_BLOCKS 32
#define PYCOMP_NRT_CACHE_MAX_BYTES ((int64_t)512 << 20)  /* 512 MiB */
#define PYCOMP_NRT_CACHE_SLOTS 64   /* hard upper bound of max_blocks */

/* --- the ABI compiled code calls ------------------------------------- */

/* A new block of `size` bytes (data aligned to 64, uninitialised) with
 * refcount 1 and no destructor.  NULL if size < 0 or out of memory. */
pycomp_meminfo *pycomp_nrt_allocate(int64_t size);

/* As pycomp_nrt_allocate(); `dtor(data, size, dtor_info)` runs when the
 * refcount drops to 0, before the runtime frees the data (for blocks that
 * hold references to other meminfos). */
pycomp_meminfo *pycomp_nrt_allocate_dtor(int64_t size, pycomp_nrt_dtor dtor,
                                         void *dtor_info);

/* A meminfo (refcount 1) around memory the runtime does not own: at
 * refcount 0, `dtor(data, size, dtor_info)` runs if it is not NULL; the
 * runtime never frees `data` itself.  NULL if out of memory. */
pycomp_meminfo *pycomp_nrt_meminfo_new(void *data, int64_t size,
                                       pycomp_nrt_dtor dtor, void *dtor_info);

/* Atomic reference counting; both accept NULL (and do nothing). */
void pycomp_nrt_incref(pycomp_meminfo *mi);
void pycomp_nrt_decref(pycomp_meminfo *mi);

/* --- introspection and control (tests, the Python side) --------------- */

/* Once per process before threads use the runtime (pycomp._helperlib's
 * init calls it; idempotent): makes fork() safe for the reuse cache's lock.
 * Allocation works without it. */
void pycomp_nrt_init(void);

/* The current refcount (a racy snapshot when other threads hold it). */
int64_t pycomp_nrt_refcount(const pycomp_meminfo *mi);

/* Whether the block's data lies in a mapping that the reuse cache handles. */
int pycomp_nrt_is_large(const pycomp_meminfo *mi);

typedef struct {
    int64_t alloc;          /* raw blocks allocated (allocate + meminfo_new) */
    int64_t free;           /* raw blocks freed (a block put in the cache counts) */
    int64_t mi_alloc;       /* meminfos created */
    int64_t mi_free;        /* meminfos destroyed */
    int64_t bytes_in_use;   /* requested bytes of live pycomp_nrt_allocate() blocks */
    int64_t reused;         /* large allocations served from the reuse cache */
    int64_t mapped;         /* large allocations that had to mmap fresh memory */
    int64_t cached_blocks;  /* blocks in the reuse cache now */
    int64_t cached_bytes;   /* bytes mapped by the blocks in the reuse cache */
} pycomp_nrt_stats;

/* Totals of all threads since the process started (exact while no other
 * thread is allocating; alloc == mi_alloc and free == mi_free: every raw
 * block belongs to one meminfo). */
void pycomp_nrt_get_stats(pycomp_nrt_stats *out);

/* The calling thread's own counters: alloc, free, mi_alloc, mi_free, and
 * in bytes_in_use the bytes it allocated minus the bytes it freed (negative
 * when it frees blocks other threads allocated); reused and mapped are its
 * own; cached_blocks and cached_bytes are 0. */
void pycomp_nrt_get_thread_stats(pycomp_nrt_stats *out);

/* Unmap every block in the reuse cache; returns the number of bytes unmapped. */
int64_t pycomp_nrt_trim(void);

/* Bound the reuse cache (max_blocks <= PYCOMP_NRT_CACHE_SLOTS; 0 disables
 * it); blocks beyond the new bounds are unmapped.  Negative values keep the
 * current bound.  The previous bounds are stored in *old_blocks and *old_bytes
 * when those are not NULL. */
void pycomp_nrt_set_cache_limits(int64_t max_blocks, int64_t max_bytes,
                                 int64_t *old_blocks, int64_t *old_bytes);

/* --- the Python-facing parts (nrt_python.c, scalar_boxing.c); include Python.h first --- */
#ifdef Py_PYTHON_H

/*
 * The native representation of an N-d array, as seen by compiled code.
 * The layout must stay in sync with the array type emitted by the code
 * generator: five pointer-sized fields followed by shape[ndim] and
 * strides[ndim] (both in bytes for strides).
 */
typedef struct {
    pycomp_meminfo *meminfo; /* owning reference, or NULL for arrays borrowed from Python */
    PyObject *parent;    /* the ndarray it was unboxed from (borrowed reference), or NULL */
    int64_t   nitems;
    int64_t   itemsize;
    void     *data;
    int64_t   shape_and_strides[];  /* shape[ndim] followed by strides[ndim], in bytes */
} pycomp_array;

/* The ndarray for `arr` (GIL held; new reference, or NULL with an
 * exception set).  Steals arr->meminfo's reference, also on failure. */
PyObject *pycomp_box_array(pycomp_array *arr, int32_t ndim, int32_t typenum);
/* The same with a dtype object `descr` (borrowed): structured dtypes. */
PyObject *pycomp_box_array_descr(pycomp_array *arr, int32_t ndim, PyObject *descr);
/* The boxed result `obj` (stolen) of an array typed read-only, read-only;
 * a new read-only view where `obj` is the caller's writeable `parent`. */
PyObject *pycomp_readonly_result(PyObject *obj, PyObject *parent);
/* A meminfo keeping `parent` (an ndarray) alive, for an array borrowed from
 * Python that compiled code stores beyond the call; NULL for a NULL parent. */
void *pycomp_meminfo_for_parent(PyObject *parent);
/* Records: a new np.void copying the bytes at `data`; the bytes of an np.void. */
PyObject *pycomp_box_record(void *data, PyObject *descr);
void *pycomp_unbox_record(PyObject *obj, PyObject *descr);
/* 'S<n>' / 'U<n>' record fields: boxed without trailing NULs; filled from
 * bytes or str (truncated, NUL-padded). */
PyObject *pycomp_box_charseq(const char *data, int64_t n);
PyObject *pycomp_box_unicharseq(const Py_UCS4 *data, int64_t n);
int pycomp_unbox_charseq(PyObject *obj, char *out, int64_t n);
int pycomp_unbox_unicharseq(PyObject *obj, Py_UCS4 *out, int64_t n);
/* datetime64/timedelta64 scalars: their int64 count (NaT is INT64_MIN). */
int pycomp_unbox_datetime(PyObject *obj, int64_t *out);
PyObject *pycomp_box_datetime(int64_t value, PyObject *descr);

/* A MemInfoOwner holding `mi` (stolen, also on failure). */
PyObject *pycomp_box_meminfo_owner(pycomp_meminfo *mi);

/* Adds MemInfoOwner, the nrt_* functions and constants to the module. */
int pycomp_nrt_add_to_module(PyObject *module);

#endif /* Py_PYTHON_H */

#ifdef __cplusplus
}
#endif

#endif /* PYCOMP_NRT_H */
