/*
 * The random number generator of compiled code (np.random in jitted
 * functions): a Mersenne Twister (MT19937) per thread, drawing the same
 * streams as NumPy's legacy RandomState after the same seed.  Defined in
 * random.c; pycomp/np/random.py finds the functions' addresses in the
 * pycomp._helperlib extension and makes them known to llvmlite.
 */
#ifndef PYCOMP_RANDOM_H
#define PYCOMP_RANDOM_H

#include <stdint.h>

/* Seed this thread's state as np.random.seed(seed) (0 <= seed < 2**32). */
void pycomp_random_seed(uint32_t seed);
/* The next 32-bit word of the stream. */
uint32_t pycomp_random_next32(void);
/* A double in [0, 1) with 53 random bits (RandomState.random_sample). */
double pycomp_random_double(void);
/* A standard normal value: the legacy polar method, caching the second. */
double pycomp_random_gauss(void);
/* A value in [0, rng] by masked rejection sampling (legacy randint and
 * shuffle): 32-bit draws when rng fits in 32 bits, 64-bit draws otherwise. */
uint64_t pycomp_random_bounded(uint64_t rng);

#endif
