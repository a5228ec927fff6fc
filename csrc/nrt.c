/*
 * pycomp's memory runtime ("NRT"): reference-counted blocks for memory
 * allocated by compiled code.  Plain C, no Python: nothing here needs the
 * GIL, everything is thread-safe.  The API is documented in nrt.h, the
 * design in csrc/README.md.
 *
 * Three kinds of meminfo, told apart by a private field after the public
 * five (compiled code only sees those):
 *
 *   INLINE    size < PYCOMP_NRT_MAPPED_THRESHOLD: one malloc block, the
 *             meminfo at its start, the data at the next 64-byte boundary
 *             after it (plain malloc over-allocated by up to 119 bytes:
 *             posix_memalign bypasses glibc's thread cache and costs
 *             3-6 times as much for small blocks).
 *   MAPPED    size >= PYCOMP_NRT_MAPPED_THRESHOLD: the data is an mmap'ed
 *             region rounded up to 64 KiB, or from 1 MiB on to 2 MiB
 *             (2 MiB-aligned, transparent huge pages requested); the
 *             meminfo is a separate small malloc block.  When freed, the
 *             region goes to a small reuse cache, so a loop that allocates
 *             and frees the same size gets memory that is already mapped
 *             and faulted in instead of paying a page fault per page.
 *   EXTERNAL  pycomp_nrt_meminfo_new(): memory the runtime does not own;
 *             only the optional destructor runs.
 *
 * Statistics: per-thread counters, summed over a registry of threads for
 * the totals (see "Statistics" below).
 */

#if !defined(_GNU_SOURCE) && !defined(_WIN32)
#define _GNU_SOURCE  /* MAP_ANONYMOUS, madvise under -std=c11 */
#endif

#include "nrt.h"

#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#define NRT_HAVE_MMAP 1
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>
#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif
#else
#define NRT_HAVE_MMAP 0
#endif

/* ---------------------------------------------------------------------- */
/* Atomics on plain int64_t (the meminfo's refct is a plain field: ABI)    */
/* ---------------------------------------------------------------------- */

#if defined(__GNUC__) || defined(__clang__)
#define NRT_ADD(p, v) __atomic_add_fetch((p), (v), __ATOMIC_RELAXED)
#define NRT_SUB_ACQREL(p, v) __atomic_sub_fetch((p), (v), __ATOMIC_ACQ_REL)
#define NRT_LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define NRT_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define NRT_THREAD_LOCAL __thread
#else
#include <stdatomic.h>
#define NRT_A(p) ((_Atomic int64_t *)(p))
#define NRT_ADD(p, v) (atomic_fetch_add_explicit(NRT_A(p), (v), memory_order_relaxed) + (v))
#define NRT_SUB_ACQREL(p, v) (atomic_fetch_sub_explicit(NRT_A(p), (v), memory_order_acq_rel) - (v))
#define NRT_LOAD(p) atomic_load_explicit(NRT_A(p), memory_order_relaxed)
#define NRT_STORE(p, v) atomic_store_explicit(NRT_A(p), (v), memory_order_relaxed)
#define NRT_THREAD_LOCAL _Thread_local
#endif

/* ---------------------------------------------------------------------- */
/* Meminfo layout                                                          */
/* ---------------------------------------------------------------------- */

enum { NRT_INLINE = 1, NRT_MAPPED = 2, NRT_EXTERNAL = 3 };

typedef struct {
    pycomp_meminfo pub;   /* must stay first: compiled code sees only this */
    int64_t kind;         /* NRT_INLINE, NRT_MAPPED, NRT_EXTERNAL */
    int64_t mapped;       /* MAPPED: bytes of the mapping */
} nrt_meminfo;

/* INLINE blocks: room for the meminfo and the alignment of the data. */
#define NRT_INLINE_EXTRA (sizeof(nrt_meminfo) + PYCOMP_NRT_ALIGN - 1)

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(offsetof(pycomp_meminfo, data) == 24, "ABI: data at offset 24");
_Static_assert(sizeof(pycomp_meminfo) == 40, "ABI: five 8-byte fields");
#endif

/* Largest size accepted: keeps every rounding below free of overflow. */
#define NRT_MAX_SIZE (INT64_MAX / 4)

/* ---------------------------------------------------------------------- */
/* Statistics                                                              */
/* ---------------------------------------------------------------------- */

/*
 * Every raw block this runtime allocates belongs to exactly one meminfo (a
 * meminfo and its data are one allocation as far as the counters go), so
 * alloc == mi_alloc and free == mi_free always: one counter each, reported
 * under both names (Numba's interface has both).  A raw allocation API
 * without meminfos would need its own pair.
 *
 * The counters live per thread, written by their own thread only with
 * plain (relaxed atomic) stores: no locked instruction on the allocation
 * path (four of them cost about 8 ns per allocate/free pair, as much as
 * malloc/free of a small block).  Each thread's block is linked into a
 * registry the first time it counts; the totals are the sum over the
 * registry plus the counters of threads that have exited (folded in by a
 * thread-specific-data destructor).  A sum taken while other threads
 * allocate is not one instant's snapshot; between allocations it is exact.
 * Where there are no pthreads, or registration fails, a thread counts into
 * global atomics instead.
 */

enum { C_ALLOC, C_FREE, C_BYTES, C_REUSED, C_MAPPED, C_N };

typedef struct nrt_thread {
    int64_t c[C_N];          /* C_BYTES: bytes allocated minus bytes freed */
    struct nrt_thread *prev, *next;
    int state;               /* T_NEW, T_LINKED, T_UNLINKED */
} nrt_thread;

enum { T_NEW = 0, T_LINKED = 1, T_UNLINKED = 2 };

static NRT_THREAD_LOCAL nrt_thread t_self;
static int64_t g_unlinked[C_N];  /* atomics: threads that are not linked */

#if NRT_HAVE_MMAP
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static nrt_thread *registry;       /* linked threads */
static int64_t registry_retired[C_N];  /* exited threads (under the lock) */
static pthread_key_t registry_key;
static pthread_once_t registry_once = PTHREAD_ONCE_INIT;
static int registry_key_ok;

static void
registry_fold_locked(nrt_thread *t)
{
    for (int i = 0; i < C_N; i++)
        registry_retired[i] += t->c[i];
    if (t->prev)
        t->prev->next = t->next;
    else
        registry = t->next;
    if (t->next)
        t->next->prev = t->prev;
    t->prev = t->next = NULL;
}

/* Thread exit: its counters join the retired totals. */
static void
registry_thread_exit(void *arg)
{
    nrt_thread *t = arg;
    pthread_mutex_lock(&registry_lock);
    if (t->state == T_LINKED)
        registry_fold_locked(t);
    memset(t->c, 0, sizeof t->c);
    t->state = T_UNLINKED;  /* a later destructor that allocates counts globally */
    pthread_mutex_unlock(&registry_lock);
}

static void
registry_make_key(void)
{
    registry_key_ok = pthread_key_create(&registry_key, registry_thread_exit) == 0;
}

static void
registry_link(nrt_thread *t)
{
    pthread_once(&registry_once, registry_make_key);
    if (!registry_key_ok || pthread_setspecific(registry_key, t) != 0) {
        t->state = T_UNLINKED;
        return;
    }
    pthread_mutex_lock(&registry_lock);
    t->prev = NULL;
    t->next = registry;
    if (registry)
        registry->prev = t;
    registry = t;
    t->state = T_LINKED;
    pthread_mutex_unlock(&registry_lock);
}
#else
static void
registry_link(nrt_thread *t)
{
    t->state = T_UNLINKED;
}
#endif

#if defined(__GNUC__) || defined(__clang__)
#define NRT_NOINLINE __attribute__((noinline))
#define NRT_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define NRT_NOINLINE
#define NRT_LIKELY(x) (x)
#endif

/* count2() for a thread that is not linked (yet). */
static NRT_NOINLINE void
count2_slow(nrt_thread *t, int i, int64_t di, int j, int64_t dj)
{
    if (t->state == T_NEW)
        registry_link(t);
    if (t->state == T_LINKED) {
        NRT_STORE(&t->c[i], t->c[i] + di);
        NRT_STORE(&t->c[j], t->c[j] + dj);
        return;
    }
    t->c[i] += di;
    t->c[j] += dj;
    NRT_ADD(&g_unlinked[i], di);
    NRT_ADD(&g_unlinked[j], dj);
}

/* Add di to the calling thread's counter i and dj to counter j: one
 * thread-local address computation, two plain stores. */
static inline void
count2(int i, int64_t di, int j, int64_t dj)
{
    nrt_thread *t = &t_self;
    if (NRT_LIKELY(t->state == T_LINKED)) {
        NRT_STORE(&t->c[i], t->c[i] + di);
        NRT_STORE(&t->c[j], t->c[j] + dj);
    }
    else
        count2_slow(t, i, di, j, dj);
}

static inline void
stats_block_alloc(int64_t bytes)
{
    count2(C_ALLOC, 1, C_BYTES, bytes);
}

static inline void
stats_block_free(int64_t bytes)
{
    count2(C_FREE, 1, C_BYTES, -bytes);
}

/* ---------------------------------------------------------------------- */
/* Large blocks: mmap + a reuse cache                                      */
/* ---------------------------------------------------------------------- */

#if NRT_HAVE_MMAP

typedef struct {
    void *addr;
    int64_t len;
    uint64_t stamp;   /* when it was cached: the oldest is evicted first */
} cache_entry;

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static cache_entry cache[PYCOMP_NRT_CACHE_SLOTS];
static int64_t cache_count, cache_bytes, cache_clock;
static int64_t cache_max_blocks = PYCOMP_NRT_CACHE_MAX_BLOCKS;
static int64_t cache_max_bytes = PYCOMP_NRT_CACHE_MAX_BYTES;

/* A fresh anonymous mapping of `len` bytes, or NULL.  Large ones (a
 * multiple of 2 MiB) are 2 MiB-aligned with huge pages requested; medium
 * ones (below 1 MiB) are plain page-aligned mappings. */
static void *
map_region(int64_t len)
{
    const int64_t round = PYCOMP_NRT_LARGE_ROUND;
    void *addr = NULL;
    if (len < PYCOMP_NRT_LARGE_THRESHOLD) {
        char *m = mmap(NULL, (size_t)len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        return m == MAP_FAILED ? NULL : m;
    }
    /* over-map by 2 MiB and cut the unaligned head and tail off */
    char *p = mmap(NULL, (size_t)(len + round), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED) {
        uintptr_t start = ((uintptr_t)p + (uintptr_t)round - 1) & ~((uintptr_t)round - 1);
        size_t head = start - (uintptr_t)p;
        size_t tail = (size_t)(len + round) - head - (size_t)len;
        if (head)
            munmap(p, head);
        if (tail)
            munmap((char *)start + len, tail);
        addr = (void *)start;
    }
    else {
        /* address space is tight: take an unaligned mapping */
        p = mmap(NULL, (size_t)len, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        addr = p;
    }
#ifdef MADV_HUGEPAGE
    madvise(addr, (size_t)len, MADV_HUGEPAGE);  /* advisory: errors ignored */
#endif
    return addr;
}

/* A cached region of at least `len` bytes and at most 1.25 * len (the
 * smallest such; the most recently cached among equals), or NULL. */
static void *
cache_take(int64_t len, int64_t *got)
{
    void *addr = NULL;
    pthread_mutex_lock(&cache_lock);
    int64_t best = -1, limit = len + len / 4;
    for (int64_t i = 0; i < cache_count; i++) {
        int64_t l = cache[i].len;
        if (l < len || l > limit)
            continue;
        if (best < 0 || l < cache[best].len
            || (l == cache[best].len && cache[i].stamp > cache[best].stamp))
            best = i;
    }
    if (best >= 0) {
        addr = cache[best].addr;
        *got = cache[best].len;
        cache_bytes -= cache[best].len;
        cache[best] = cache[--cache_count];
    }
    pthread_mutex_unlock(&cache_lock);
    return addr;
}

/* Remove entries (oldest first) until `count` entries and `bytes` bytes
 * remain at most; the removed ones go to `out` (unmapped by the caller,
 * outside the lock).  Returns how many were removed.  Lock held. */
static int64_t
cache_evict_locked(int64_t count, int64_t bytes, cache_entry *out)
{
    int64_t n = 0;
    while (cache_count > 0 && (cache_count > count || cache_bytes > bytes)) {
        int64_t oldest = 0;
        for (int64_t i = 1; i < cache_count; i++)
            if (cache[i].stamp < cache[oldest].stamp)
                oldest = i;
        out[n++] = cache[oldest];
        cache_bytes -= cache[oldest].len;
        cache[oldest] = cache[--cache_count];
    }
    return n;
}

static void
unmap_entries(const cache_entry *entries, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        munmap(entries[i].addr, (size_t)entries[i].len);
}

/* Give a freed region back: into the cache if it fits the bounds (evicting
 * the oldest entries to make room), else to the OS. */
static void
cache_put(void *addr, int64_t len)
{
    cache_entry evicted[PYCOMP_NRT_CACHE_SLOTS];
    int64_t n = 0;
    int cached = 0;
    pthread_mutex_lock(&cache_lock);
    if (cache_max_blocks > 0 && len <= cache_max_bytes) {
        n = cache_evict_locked(cache_max_blocks - 1, cache_max_bytes - len, evicted);
        cache[cache_count].addr = addr;
        cache[cache_count].len = len;
        cache[cache_count].stamp = (uint64_t)++cache_clock;
        cache_count++;
        cache_bytes += len;
        cached = 1;
    }
    pthread_mutex_unlock(&cache_lock);
    unmap_entries(evicted, n);
    if (!cached)
        munmap(addr, (size_t)len);
}

/* fork() while another thread holds a lock would leave the child with a
 * lock nobody releases: hold both across fork. */
static void
fork_prepare(void)
{
    pthread_mutex_lock(&registry_lock);
    pthread_mutex_lock(&cache_lock);
}

static void
fork_parent(void)
{
    pthread_mutex_unlock(&cache_lock);
    pthread_mutex_unlock(&registry_lock);
}

/* In the child only the forking thread exists: the other threads' blocks
 * are retired (their memory may be reused for new threads' TLS). */
static void
fork_child(void)
{
    nrt_thread *t = registry;
    while (t != NULL) {
        nrt_thread *next = t->next;
        if (t != &t_self)
            registry_fold_locked(t);
        t = next;
    }
    pthread_mutex_unlock(&cache_lock);
    pthread_mutex_unlock(&registry_lock);
}

static void
register_atfork(void)
{
    pthread_atfork(fork_prepare, fork_parent, fork_child);
}

void
pycomp_nrt_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, register_atfork);
}

int64_t
pycomp_nrt_trim(void)
{
    cache_entry evicted[PYCOMP_NRT_CACHE_SLOTS];
    pthread_mutex_lock(&cache_lock);
    int64_t bytes = cache_bytes;
    int64_t n = cache_evict_locked(0, 0, evicted);
    pthread_mutex_unlock(&cache_lock);
    unmap_entries(evicted, n);
    return bytes;
}

void
pycomp_nrt_set_cache_limits(int64_t max_blocks, int64_t max_bytes,
                            int64_t *old_blocks, int64_t *old_bytes)
{
    cache_entry evicted[PYCOMP_NRT_CACHE_SLOTS];
    pthread_mutex_lock(&cache_lock);
    if (old_blocks)
        *old_blocks = cache_max_blocks;
    if (old_bytes)
        *old_bytes = cache_max_bytes;
    if (max_blocks >= 0)
        cache_max_blocks = max_blocks > PYCOMP_NRT_CACHE_SLOTS ? PYCOMP_NRT_CACHE_SLOTS : max_blocks;
    if (max_bytes >= 0)
        cache_max_bytes = max_bytes;
    int64_t n = cache_evict_locked(cache_max_blocks, cache_max_bytes, evicted);
    pthread_mutex_unlock(&cache_lock);
    unmap_entries(evicted, n);
}

static void
cache_counts(int64_t *blocks, int64_t *bytes)
{
    pthread_mutex_lock(&cache_lock);
    *blocks = cache_count;
    *bytes = cache_bytes;
    pthread_mutex_unlock(&cache_lock);
}

/* The data region of a new large block of `size` bytes; *len gets the
 * mapping's length. */
static void *
large_region(int64_t size, int64_t *len)
{
    const int64_t round = size >= PYCOMP_NRT_LARGE_THRESHOLD ? PYCOMP_NRT_LARGE_ROUND : PYCOMP_NRT_MEDIUM_ROUND;
    int64_t want = (size + round - 1) / round * round;
    void *addr = cache_take(want, len);
    if (addr != NULL) {
        count2(C_REUSED, 1, C_MAPPED, 0);
        return addr;
    }
    addr = map_region(want);
    if (addr == NULL) {
        /* maybe the cache holds the address space we need */
        if (pycomp_nrt_trim() > 0)
            addr = map_region(want);
        if (addr == NULL)
            return NULL;
    }
    count2(C_MAPPED, 1, C_REUSED, 0);
    *len = want;
    return addr;
}

#else  /* !NRT_HAVE_MMAP: large blocks are plain malloc blocks, no cache */

void
pycomp_nrt_init(void)
{
}

int64_t
pycomp_nrt_trim(void)
{
    return 0;
}

void
pycomp_nrt_set_cache_limits(int64_t max_blocks, int64_t max_bytes,
                            int64_t *old_blocks, int64_t *old_bytes)
{
    (void)max_blocks;
    (void)max_bytes;
    if (old_blocks)
        *old_blocks = 0;
    if (old_bytes)
        *old_bytes = 0;
}

static void
cache_counts(int64_t *blocks, int64_t *bytes)
{
    *blocks = 0;
    *bytes = 0;
}

#endif  /* NRT_HAVE_MMAP */

/* ---------------------------------------------------------------------- */
/* Allocation and reference counting                                       */
/* ---------------------------------------------------------------------- */

static void
init_public(nrt_meminfo *mi, void *data, int64_t size, pycomp_nrt_dtor dtor, void *dtor_info)
{
    mi->pub.refct = 1;
    mi->pub.dtor = dtor;
    mi->pub.dtor_info = dtor_info;
    mi->pub.data = data;
    mi->pub.size = size;
}

pycomp_meminfo *
pycomp_nrt_allocate_dtor(int64_t size, pycomp_nrt_dtor dtor, void *dtor_info)
{
    nrt_meminfo *mi;
    if (size < 0 || size > NRT_MAX_SIZE)
        return NULL;
#if NRT_HAVE_MMAP
    if (size >= PYCOMP_NRT_MAPPED_THRESHOLD) {
        mi = malloc(sizeof(nrt_meminfo));
        if (mi == NULL)
            return NULL;
        int64_t len = 0;
        void *data = large_region(size, &len);
        if (data == NULL) {
            free(mi);
            return NULL;
        }
        init_public(mi, data, size, dtor, dtor_info);
        mi->kind = NRT_MAPPED;
        mi->mapped = len;
        stats_block_alloc(size);
        return &mi->pub;
    }
#endif
    if ((uint64_t)size > SIZE_MAX - NRT_INLINE_EXTRA)
        return NULL;
    mi = malloc((size_t)size + NRT_INLINE_EXTRA);
    if (mi == NULL)
        return NULL;
    uintptr_t data = ((uintptr_t)(mi + 1) + PYCOMP_NRT_ALIGN - 1) & ~(uintptr_t)(PYCOMP_NRT_ALIGN - 1);
    init_public(mi, (void *)data, size, dtor, dtor_info);
    mi->kind = NRT_INLINE;
    mi->mapped = 0;
    stats_block_alloc(size);
    return &mi->pub;
}

pycomp_meminfo *
pycomp_nrt_allocate(int64_t size)
{
    return pycomp_nrt_allocate_dtor(size, NULL, NULL);
}

pycomp_meminfo *
pycomp_nrt_meminfo_new(void *data, int64_t size, pycomp_nrt_dtor dtor, void *dtor_info)
{
    nrt_meminfo *mi = malloc(sizeof(nrt_meminfo));
    if (mi == NULL)
        return NULL;
    init_public(mi, data, size, dtor, dtor_info);
    mi->kind = NRT_EXTERNAL;
    mi->mapped = 0;
    stats_block_alloc(0);  /* the meminfo itself is the raw block */
    return &mi->pub;
}

void
pycomp_nrt_incref(pycomp_meminfo *mi)
{
    if (mi != NULL)
        NRT_ADD(&mi->refct, 1);
}

static void
destroy(nrt_meminfo *mi)
{
    pycomp_meminfo *pub = &mi->pub;
    if (pub->dtor != NULL)
        pub->dtor(pub->data, pub->size, pub->dtor_info);
    switch (mi->kind) {
    case NRT_INLINE:
        stats_block_free(pub->size);
        free(mi);
        break;
#if NRT_HAVE_MMAP
    case NRT_MAPPED:
        stats_block_free(pub->size);
        cache_put(pub->data, mi->mapped);
        free(mi);
        break;
#endif
    default:  /* NRT_EXTERNAL */
        stats_block_free(0);
        free(mi);
        break;
    }
}

void
pycomp_nrt_decref(pycomp_meminfo *mi)
{
    /* acq_rel: every thread's writes to the data happen before the free */
    if (mi != NULL && NRT_SUB_ACQREL(&mi->refct, 1) == 0)
        destroy((nrt_meminfo *)mi);
}

int64_t
pycomp_nrt_refcount(const pycomp_meminfo *mi)
{
    return mi == NULL ? 0 : NRT_LOAD((int64_t *)&mi->refct);
}

int
pycomp_nrt_is_large(const pycomp_meminfo *mi)
{
    return mi != NULL && ((const nrt_meminfo *)mi)->kind == NRT_MAPPED;
}

/* ---------------------------------------------------------------------- */
/* Statistics readers                                                      */
/* ---------------------------------------------------------------------- */

static void
fill_stats(pycomp_nrt_stats *out, const int64_t *c)
{
    out->alloc = out->mi_alloc = c[C_ALLOC];
    out->free = out->mi_free = c[C_FREE];
    out->bytes_in_use = c[C_BYTES];
    out->reused = c[C_REUSED];
    out->mapped = c[C_MAPPED];
    out->cached_blocks = out->cached_bytes = 0;
}

void
pycomp_nrt_get_stats(pycomp_nrt_stats *out)
{
    int64_t c[C_N];
    for (int i = 0; i < C_N; i++)
        c[i] = NRT_LOAD(&g_unlinked[i]);
#if NRT_HAVE_MMAP
    pthread_mutex_lock(&registry_lock);
    for (int i = 0; i < C_N; i++)
        c[i] += registry_retired[i];
    for (nrt_thread *t = registry; t != NULL; t = t->next)
        for (int i = 0; i < C_N; i++)
            c[i] += NRT_LOAD(&t->c[i]);
    pthread_mutex_unlock(&registry_lock);
#endif
    fill_stats(out, c);
    cache_counts(&out->cached_blocks, &out->cached_bytes);
}

void
pycomp_nrt_get_thread_stats(pycomp_nrt_stats *out)
{
    fill_stats(out, t_self.c);
}
