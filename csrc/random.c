/*
 * MT19937 with NumPy's legacy RandomState semantics, one state per thread.
 * See random.h.  Written from the published MT19937 algorithm and NumPy's
 * documented legacy behaviour (checked against NumPy's streams in
 * tests/test_np_random.py).
 */
#include "random.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#ifndef _WIN32
#include <pthread.h>
#endif

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t key[MT_N];
    uint32_t out[MT_N];  /* key tempered, filled by regenerate (a loop the compiler vectorizes) */
    int pos;
    int seeded;
    int has_gauss;
    double gauss;
} rng_state;

static _Thread_local rng_state state;
/* Python's `random` module in compiled code: a state of its own, so the two
 * streams are independent (as in Numba), seeded like np.random.seed */
static _Thread_local rng_state py_state;

static void
seed_state(rng_state *s, uint32_t seed)
{
    s->key[0] = seed;
    for (int i = 1; i < MT_N; i++) {
        uint32_t prev = s->key[i - 1];
        s->key[i] = 1812433253U * (prev ^ (prev >> 30)) + (uint32_t)i;
    }
    s->pos = MT_N;
    s->seeded = 1;
    s->has_gauss = 0;
    s->gauss = 0.0;
}

/* Seed a never-seeded state from /dev/urandom (the time when unreadable). */
static void
seed_from_entropy(rng_state *s)
{
    uint32_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    size_t got = 0;
    if (f != NULL) {
        got = fread(&seed, sizeof(seed), 1, f);
        fclose(f);
    }
    if (got != 1) {
        seed = (uint32_t)time(NULL) ^ (uint32_t)(uintptr_t)s;
    }
    seed_state(s, seed);
}

#ifndef _WIN32
/* A forked child must not repeat its parent's stream (nor its siblings'):
 * the forking thread's states, the only ones the child has, are marked
 * unseeded there, so each child seeds from the OS at its next draw, even
 * after np.random.seed in the parent (as in Numba). */
static void
reseed_after_fork(void)
{
    state.seeded = 0;
    py_state.seeded = 0;
}

__attribute__((constructor)) static void
register_fork_handler(void)
{
    pthread_atfork(NULL, NULL, reseed_after_fork);
}
#endif

#define MT_TWIST(u, v, w) \
    ((w) ^ ((((u) & 0x80000000U) | ((v) & 0x7fffffffU)) >> 1) ^ ((v) & 1U ? 0x9908b0dfU : 0U))

static inline uint32_t
temper(uint32_t y)
{
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    return y ^ (y >> 18);
}

/* The next 624 words, in three runs so no index wraps (the same values as
 * the textbook loop with `% MT_N`), and their tempered forms; vectorized
 * where the compiler can (GCC: at -O3 for this function only). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("O3")))
#endif
static void
regenerate(rng_state *s)
{
    uint32_t *k = s->key;
    int i = 0;
    for (; i < MT_N - MT_M; i++) {
        k[i] = MT_TWIST(k[i], k[i + 1], k[i + MT_M]);
    }
    for (; i < MT_N - 1; i++) {
        k[i] = MT_TWIST(k[i], k[i + 1], k[i + MT_M - MT_N]);
    }
    k[MT_N - 1] = MT_TWIST(k[MT_N - 1], k[0], k[MT_M - 1]);
    for (i = 0; i < MT_N; i++) {
        s->out[i] = temper(k[i]);
    }
    s->pos = 0;
}

/* The core draws on an explicit state (the thread's, fetched once by the
 * bulk fills below: a thread-local access is a call in a shared library). */
static inline uint32_t
state_next32(rng_state *s)
{
    if (s->pos >= MT_N) {  /* (callers have seeded the state) */
        regenerate(s);
    }
    return s->out[s->pos++];
}

static inline double
state_double(rng_state *s)
{
    uint32_t a = state_next32(s) >> 5;
    uint32_t b = state_next32(s) >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

/* This thread's state, seeded from the OS at its first use. */
static rng_state *
seeded_state(void)
{
    rng_state *s = &state;
    if (!s->seeded) {
        seed_from_entropy(s);
    }
    return s;
}

static rng_state *seeded_py_state(void);

/* ---------------------------------------------------------------- the states themselves
 * (for inspection and tests: Numba's _helperlib exposes the same five) */

void *
pycomp_random_state_ptr(int which)
{
    return which == 0 ? (void *)seeded_state() : (void *)seeded_py_state();
}

int
pycomp_random_state_get(void *st, uint32_t *key)
{
    rng_state *s = st;
    memcpy(key, s->key, sizeof(s->key));
    return s->pos;
}

/* The 624 words as the key, `pos` words of it used; the tempered outputs
 * follow from the key, and a cached second normal is dropped. */
void
pycomp_random_state_set(void *st, int pos, const uint32_t *key)
{
    rng_state *s = st;
    memcpy(s->key, key, sizeof(s->key));
    for (int i = 0; i < MT_N; i++) {
        s->out[i] = temper(s->key[i]);
    }
    s->pos = pos;
    s->seeded = 1;
    s->has_gauss = 0;
    s->gauss = 0.0;
}

/* The next 624 words now (what the 625th draw would do), no word used. */
void
pycomp_random_state_twist(void *st)
{
    regenerate((rng_state *)st);
}

void
pycomp_random_state_seed(void *st, uint32_t seed)
{
    seed_state((rng_state *)st, seed);
}

/* MT19937's init_by_array (NumPy's seeding by an array of words). */
void
pycomp_random_state_seed_words(void *st, const uint32_t *words, size_t n)
{
    rng_state *s = st;
    uint32_t *mt = s->key;
    seed_state(s, 19650218U);
    size_t i = 1, j = 0;
    for (size_t k = (MT_N > n ? MT_N : n); k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + words[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= n) {
            j = 0;
        }
    }
    for (size_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    s->pos = MT_N;
}

/* ---------------------------------------------------------------- Python's random module */

static double state_gauss(rng_state *s);

static rng_state *
seeded_py_state(void)
{
    rng_state *s = &py_state;
    if (!s->seeded) {
        seed_from_entropy(s);
    }
    return s;
}

void
pycomp_pyrandom_seed(uint32_t seed)
{
    seed_state(&py_state, seed);
}

uint32_t
pycomp_pyrandom_next32(void)
{
    return state_next32(seeded_py_state());
}

double
pycomp_pyrandom_double(void)
{
    return state_double(seeded_py_state());
}

double
pycomp_pyrandom_gauss(void)
{
    /* random.gauss() follows np.random's normal draws, as in Numba: the
     * polar method, the pair's second value kept for the next call */
    return state_gauss(seeded_py_state());
}

/* ---------------------------------------------------------------- np.random */

void
pycomp_random_seed(uint32_t seed)
{
    seed_state(&state, seed);
}

uint32_t
pycomp_random_next32(void)
{
    return state_next32(seeded_state());
}

static uint64_t
next64(void)
{
    uint64_t hi = pycomp_random_next32();
    uint64_t lo = pycomp_random_next32();
    return (hi << 32) | lo;
}

double
pycomp_random_double(void)
{
    return state_double(seeded_state());
}

static double
state_gauss(rng_state *s)
{
    if (s->has_gauss) {
        s->has_gauss = 0;
        return s->gauss;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * state_double(s) - 1.0;
        x2 = 2.0 * state_double(s) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    /* the state may have been (re)seeded by the draws above: set it after */
    s->gauss = f * x1;
    s->has_gauss = 1;
    return f * x2;
}

double
pycomp_random_gauss(void)
{
    return state_gauss(seeded_state());
}

uint64_t
pycomp_random_bounded(uint64_t rng)
{
    if (rng == 0) {
        return 0;
    }
    uint64_t mask = rng;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    uint64_t v;
    if (rng <= 0xffffffffU) {
        do {
            v = pycomp_random_next32() & mask;
        } while (v > rng);
    } else {
        do {
            v = next64() & mask;
        } while (v > rng);
    }
    return v;
}

/* ------------------------------------------------------------------
 * Bulk draws: n values into `out` with the thread's state fetched once
 * (np.random.random(n), standard_normal(n), randint(lo, hi, n)); the same
 * values, in the same order, as n single draws.
 * ------------------------------------------------------------------ */

void
pycomp_random_fill_double(double *out, int64_t n)
{
    rng_state *s = seeded_state();
    for (int64_t i = 0; i < n; i++) {
        out[i] = state_double(s);
    }
}

void
pycomp_random_fill_gauss(double *out, int64_t n, double loc, double scale)
{
    rng_state *s = seeded_state();
    for (int64_t i = 0; i < n; i++) {
        out[i] = loc + scale * state_gauss(s);
    }
}

/* low + a value in [0, rng] each (int64 arithmetic that wraps), by the
 * masked rejection sampling of pycomp_random_bounded. */
void
pycomp_random_fill_bounded(int64_t *out, int64_t n, int64_t low, uint64_t rng)
{
    rng_state *s = seeded_state();
    uint64_t mask = rng;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    if (rng == 0) {
        for (int64_t i = 0; i < n; i++) {
            out[i] = low;
        }
    } else if (rng <= 0xffffffffU) {  /* one 32-bit word per try; the position kept in a register */
        uint32_t m32 = (uint32_t)mask, r32 = (uint32_t)rng;
        int pos = s->pos;
        int64_t i = 0;
        while (i < n) {  /* a run over the words left in the block; a rejected word is skipped */
            if (pos >= MT_N) {
                regenerate(s);
                pos = 0;
            }
            const uint32_t *w = s->out;
            while (pos < MT_N && i < n) {
                uint32_t v = w[pos++] & m32;
                if (v <= r32) {
                    out[i++] = (int64_t)((uint64_t)low + v);
                }
            }
        }
        s->pos = pos;
    } else {
        for (int64_t i = 0; i < n; i++) {
            uint64_t v;
            do {
                uint64_t hi = state_next32(s);
                v = ((hi << 32) | state_next32(s)) & mask;
            } while (v > rng);
            out[i] = (int64_t)((uint64_t)low + v);
        }
    }
}

/* The buffered draws of legacy randint for 1-, 8- and 16-bit dtypes: one
 * 32-bit word serves 32 bools, 4 bytes or 2 halves; the buffer starts
 * empty at each randint call (pycomp_random_buffer_reset). */
static _Thread_local uint32_t small_buf;
static _Thread_local int small_left;

void
pycomp_random_buffer_reset(void)
{
    small_left = 0;
    small_buf = 0;
}

uint64_t
pycomp_random_bounded_small(uint64_t rng, int64_t bits)
{
    if (rng == 0) {
        return 0;
    }
    if (bits == 1) {
        if (small_left == 0) {
            small_buf = pycomp_random_next32();
            small_left = 31;
        } else {
            small_buf >>= 1;
            small_left--;
        }
        return small_buf & 1U;
    }
    if (bits == 32) {
        uint32_t mask = (uint32_t)rng;
        mask |= mask >> 1;
        mask |= mask >> 2;
        mask |= mask >> 4;
        mask |= mask >> 8;
        mask |= mask >> 16;
        uint32_t v;
        do {
            v = pycomp_random_next32() & mask;
        } while (v > rng);
        return v;
    }
    uint32_t mask = (uint32_t)rng;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    int per = bits == 8 ? 3 : 1;
    uint32_t v;
    do {
        if (small_left == 0) {
            small_buf = pycomp_random_next32();
            small_left = per;
        } else {
            small_buf >>= bits;
            small_left--;
        }
        v = small_buf & mask;
    } while (v > rng);
    return v;
}
