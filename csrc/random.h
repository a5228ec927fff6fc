/*
 * The random number generator of compiled code (np.random in jitted
 * functions): a Mersenne Twister (MT19937) per thread, drawing the same
 * streams as NumPy's legacy RandomState after the same seed.  Defined in
 * random.c; pycomp/np/random.py finds the functions' addresses in the
 * pycomp._helperlib extension and makes them known to llvmlite.
 */
#ifndef PYCOMP_RANDOM_H
#define PYCOMP_RANDOM_H

#include <stddef.h>
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

/* Distributions, drawing as NumPy's legacy RandomState methods of the same
 * names do, except the gamma family and vonmises, which draw as Numba's
 * (CPython's gammavariate and vonmisesvariate); parameters checked by
 * the caller. */
double pycomp_random_standard_exponential(void);
/* Python's random module in compiled code: gammavariate(alpha, 1), vonmisesvariate. */
double pycomp_pyrandom_gammavariate(double alpha);
double pycomp_pyrandom_vonmisesvariate(double mu, double kappa);
double pycomp_pyrandom_double(void);
double pycomp_random_standard_gamma(double shape);
double pycomp_random_beta(double a, double b);
double pycomp_random_chisquare(double df);
double pycomp_random_f(double dfnum, double dfden);
double pycomp_random_standard_t(double df);
double pycomp_random_noncentral_chisquare(double df, double nonc);
double pycomp_random_noncentral_f(double dfnum, double dfden, double nonc);
int64_t pycomp_random_poisson(double lam);
int64_t pycomp_random_binomial(int64_t n, double p);
int64_t pycomp_random_negative_binomial(double n, double p);
int64_t pycomp_random_hypergeometric(int64_t good, int64_t bad, int64_t sample);
int64_t pycomp_random_geometric(double p);
int64_t pycomp_random_logseries(double p);
int64_t pycomp_random_zipf(double a);
double pycomp_random_laplace(double loc, double scale);
double pycomp_random_gumbel(double loc, double scale);
double pycomp_random_logistic(double loc, double scale);
double pycomp_random_pareto(double a);
double pycomp_random_weibull(double a);
double pycomp_random_power(double a);
double pycomp_random_rayleigh(double scale);
double pycomp_random_standard_cauchy(void);
double pycomp_random_triangular(double left, double mode, double right);
double pycomp_random_wald(double mean, double scale);
double pycomp_random_vonmises(double mu, double kappa);
/* Legacy randint's draws for dtypes of 1 (bool), 8, 16 and 32 bits: a
 * value in [0, rng]; 1-, 8- and 16-bit draws share 32-bit words, a buffer
 * emptied by pycomp_random_buffer_reset at the start of each call. */
void pycomp_random_buffer_reset(void);
/* Bulk draws: n doubles / normals (loc + scale * gauss) / low + [0, rng] integers. */
void pycomp_random_fill_double(double *out, int64_t n);
void pycomp_random_fill_gauss(double *out, int64_t n, double loc, double scale);
void pycomp_random_fill_bounded(int64_t *out, int64_t n, int64_t low, uint64_t rng);
uint64_t pycomp_random_bounded_small(uint64_t rng, int64_t bits);

/* Python's random module in compiled code: a second state per thread
 * (seeded as np.random.seed seeds), its 32-bit words, doubles with 53 bits
 * (random.random) and random.gauss (np.random's polar method, as in Numba). */
void pycomp_pyrandom_seed(uint32_t seed);
uint32_t pycomp_pyrandom_next32(void);
double pycomp_pyrandom_double(void);
double pycomp_pyrandom_gauss(void);

/* The calling thread's states, for inspection and tests (Numba's
 * _helperlib offers the same): which = 0 for np.random, 1 for Python's
 * random module; seeded from the OS if they never were.  A state is 624
 * key words and the count `pos` of them used (NumPy's get_state). */
void *pycomp_random_state_ptr(int which);
int pycomp_random_state_get(void *st, uint32_t *key);
void pycomp_random_state_set(void *st, int pos, const uint32_t *key);
void pycomp_random_state_twist(void *st);
void pycomp_random_state_seed(void *st, uint32_t seed);
void pycomp_random_state_seed_words(void *st, const uint32_t *words, size_t n);

#endif
