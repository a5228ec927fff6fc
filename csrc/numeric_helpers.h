/*
 * Numeric helpers called from compiled code (no Python objects, no GIL):
 * complex power, gcd, and the cmath functions with CPython's special values.
 * Defined in numeric_helpers.c; _helperlib.c publishes their addresses in
 * its `c_helpers` dict.
 */
#ifndef PYCOMP_NUMERIC_HELPERS_H
#define PYCOMP_NUMERIC_HELPERS_H

#include <stdint.h>

int pycomp_complex_pow(double ar, double ai, double br, double bi, double *out);
int64_t pycomp_gcd(int64_t a, int64_t b);
/* NumPy's complex power (out[0..1] = the power ufunc's a ** b) */
void pycomp_numpy_cpow(double ar, double ai, double br, double bi, double *out);
void pycomp_numpy_cpowf(float ar, float ai, float br, float bi, float *out);

/* pycomp_cmath_NAME(re, im, out): out[0..1] = cmath.NAME(re + im*j) */
#define PYCOMP_CMATH_FUNCTIONS(X) \
    X(sqrt) X(exp) X(log) X(log10) X(sin) X(cos) X(tan) X(asin) X(acos) X(atan) \
    X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh)
#define PYCOMP_DECLARE_CMATH(name) void pycomp_cmath_##name(double re, double im, double *out);
PYCOMP_CMATH_FUNCTIONS(PYCOMP_DECLARE_CMATH)
#undef PYCOMP_DECLARE_CMATH

/* out[0..1] = cmath.rect(r, phi) */
void pycomp_cmath_rect(double r, double phi, double *out);

#endif
