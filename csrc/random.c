/*
 * MT19937 with NumPy's legacy RandomState semantics, one state per thread.
 * See random.h.  Written from the published MT19937 algorithm and NumPy's
 * documented legacy behaviour (checked against NumPy's streams in
 * tests/test_np_random.py).
 */
#include "random.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t key[MT_N];
    int pos;
    int seeded;
    int has_gauss;
    double gauss;
} rng_state;

static _Thread_local rng_state state;

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

static void
regenerate(rng_state *s)
{
    const uint32_t upper = 0x80000000U, lower = 0x7fffffffU, matrix = 0x9908b0dfU;
    for (int i = 0; i < MT_N; i++) {
        uint32_t y = (s->key[i] & upper) | (s->key[(i + 1) % MT_N] & lower);
        uint32_t v = s->key[(i + MT_M) % MT_N] ^ (y >> 1);
        if (y & 1U) {
            v ^= matrix;
        }
        s->key[i] = v;
    }
    s->pos = 0;
}

void
pycomp_random_seed(uint32_t seed)
{
    seed_state(&state, seed);
}

uint32_t
pycomp_random_next32(void)
{
    rng_state *s = &state;
    if (!s->seeded) {
        seed_from_entropy(s);
    }
    if (s->pos >= MT_N) {
        regenerate(s);
    }
    uint32_t y = s->key[s->pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
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
    uint32_t a = pycomp_random_next32() >> 5;
    uint32_t b = pycomp_random_next32() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

double
pycomp_random_gauss(void)
{
    rng_state *s = &state;
    if (s->has_gauss) {
        s->has_gauss = 0;
        return s->gauss;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * pycomp_random_double() - 1.0;
        x2 = 2.0 * pycomp_random_double() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    /* the state may have been (re)seeded by the draws above: set it after */
    s->gauss = f * x1;
    s->has_gauss = 1;
    return f * x2;
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
