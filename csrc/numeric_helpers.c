/*
 * Numeric helpers called from compiled code (see numeric_helpers.h).
 */

#include <complex.h>
#include <math.h>
#include <stdint.h>

#include "numeric_helpers.h"

/* Multiply (ar, ai) by (br, bi) in place into (*r, *i). */
static void
cmul(double ar, double ai, double br, double bi, double *r, double *i)
{
    *r = ar * br - ai * bi;
    *i = ar * bi + ai * br;
}

/*
 * Complex power a ** b with Python's results: small integral real
 * exponents use binary exponentiation (exact for Gaussian integers), the
 * rest the polar form.  Returns 0, or 1 when a is zero and b is negative
 * or complex (the caller raises ZeroDivisionError).
 */
int
pycomp_complex_pow(double ar, double ai, double br, double bi, double *out)
{
    if (br == 0.0 && bi == 0.0) {
        out[0] = 1.0; out[1] = 0.0;
        return 0;
    }
    if (ar == 0.0 && ai == 0.0) {
        if (bi != 0.0 || br < 0.0)
            return 1;
        out[0] = 0.0; out[1] = 0.0;
        return 0;
    }
    if (bi == 0.0 && br == floor(br) && fabs(br) <= 100.0) {
        long n = (long)fabs(br);
        double rr = 1.0, ri = 0.0, xr = ar, xi = ai;
        while (n > 0) {
            if (n & 1)
                cmul(rr, ri, xr, xi, &rr, &ri);
            cmul(xr, xi, xr, xi, &xr, &xi);
            n >>= 1;
        }
        if (br < 0.0) {  /* 1 / r */
            double d = rr * rr + ri * ri;
            rr = rr / d;
            ri = -ri / d;
        }
        out[0] = rr; out[1] = ri;
        return 0;
    }
    double mag = hypot(ar, ai);
    double arg = atan2(ai, ar);
    double len = pow(mag, br);
    double phase = arg * br;
    if (bi != 0.0) {
        len /= exp(arg * bi);
        phase += bi * log(mag);
    }
    out[0] = len * cos(phase);
    out[1] = len * sin(phase);
    return 0;
}

/*
 * NumPy's complex power (the power ufunc's complex loops), to the bit: b == 0
 * gives 1; a zero base gives 0 for a positive real part of b, else nan+nanj;
 * an integral real exponent below 100 in magnitude is binary powering (1, 2
 * and 3 unrolled; a negative one divides 1 by the result with NumPy's
 * complex division); anything else is C's cpow, as NumPy calls it.  TYPE is
 * double or float, SUFFIX the libm suffix.
 */
#define PYCOMP_NUMPY_CPOW(NAME, TYPE, CPOW)                                            \
static void NAME##_mul(TYPE ar, TYPE ai, TYPE br, TYPE bi, TYPE *r, TYPE *i)          \
{                                                                                      \
    *r = ar * br - ai * bi;                                                            \
    *i = ar * bi + ai * br;                                                            \
}                                                                                      \
void                                                                                   \
NAME(TYPE ar, TYPE ai, TYPE br, TYPE bi, TYPE *out)                                    \
{                                                                                      \
    if (br == 0 && bi == 0) {                                                          \
        out[0] = 1; out[1] = 0;                                                        \
        return;                                                                        \
    }                                                                                  \
    if (ar == 0 && ai == 0) {                                                          \
        out[0] = br > 0 ? (TYPE)0 : (TYPE)NAN;                                         \
        out[1] = br > 0 ? (TYPE)0 : (TYPE)NAN;                                         \
        return;                                                                        \
    }                                                                                  \
    if (bi == 0 && fabs((double)br) < 1e18 && (double)(int64_t)br == (double)br) {     \
        int64_t n = (int64_t)br;                                                       \
        TYPE rr, ri;                                                                   \
        if (n == 1) { out[0] = ar; out[1] = ai; return; }                              \
        if (n == 2) { NAME##_mul(ar, ai, ar, ai, &out[0], &out[1]); return; }          \
        if (n == 3) {                                                                  \
            NAME##_mul(ar, ai, ar, ai, &rr, &ri);                                      \
            NAME##_mul(ar, ai, rr, ri, &out[0], &out[1]);                              \
            return;                                                                    \
        }                                                                              \
        if (n > -100 && n < 100) {                                                     \
            TYPE pr = ar, pi = ai;                                                     \
            int64_t mask = 1;                                                          \
            rr = 1; ri = 0;                                                            \
            if (n < 0) n = -n;                                                         \
            for (;;) {                                                                 \
                if (n & mask) NAME##_mul(rr, ri, pr, pi, &rr, &ri);                    \
                mask <<= 1;                                                            \
                if (n < mask || mask <= 0) break;                                      \
                NAME##_mul(pr, pi, pr, pi, &pr, &pi);                                  \
            }                                                                          \
            if (br < 0) { /* 1 / r, NumPy's division */                                \
                TYPE rat, scl;                                                         \
                if (fabs((double)rr) >= fabs((double)ri)) {                            \
                    rat = ri / rr; scl = (TYPE)1 / (rr + ri * rat);                    \
                    out[0] = (1 + 0 * rat) * scl; out[1] = (0 - 1 * rat) * scl;        \
                } else {                                                               \
                    rat = rr / ri; scl = (TYPE)1 / (ri + rr * rat);                    \
                    out[0] = (1 * rat + 0) * scl; out[1] = (0 * rat - 1) * scl;        \
                }                                                                      \
                return;                                                                \
            }                                                                          \
            out[0] = rr; out[1] = ri;                                                  \
            return;                                                                    \
        }                                                                              \
    }                                                                                  \
    {                                                                                  \
        TYPE complex z = CPOW(ar + ai * I, br + bi * I);                              \
        out[0] = creal(z); out[1] = cimag(z);                                          \
    }                                                                                  \
}

PYCOMP_NUMPY_CPOW(pycomp_numpy_cpow, double, cpow)
PYCOMP_NUMPY_CPOW(pycomp_numpy_cpowf, float, cpowf)

/* math.gcd on 64-bit integers (the result is non-negative). */
int64_t
pycomp_gcd(int64_t a, int64_t b)
{
    uint64_t x = a < 0 ? -(uint64_t)a : (uint64_t)a;
    uint64_t y = b < 0 ? -(uint64_t)b : (uint64_t)b;
    while (y != 0) {
        uint64_t t = x % y;
        x = y;
        y = t;
    }
    return (int64_t)x;
}

/*
 * cmath functions for compiled code, on C99 complex arithmetic:
 * pycomp_cmath_NAME(re, im, out) stores NAME(re + im*j) into out[0..1].
 *
 * C99 Annex G leaves some signs of its special values unspecified (and
 * libm picks them from the sign of a NaN, which nothing else shows);
 * CPython's cmath fixes them in its tables. special_NAME() sets the
 * answer CPython gives for those inputs and returns 1, else returns 0.
 */
#define SET(a, b) (out[0] = (a), out[1] = (b), 1)
static int special_none(double re, double im, double *out) { (void)re; (void)im; (void)out; return 0; }
static int special_exp(double re, double im, double *out)
{   /* e**(-inf + i*(inf or nan)) is +0 */
    return (isinf(re) && re < 0 && !isfinite(im)) ? SET(0.0, 0.0) : 0;
}
static int special_sin(double re, double im, double *out)
{
    if (isnan(re) && isinf(im)) return SET(NAN, -INFINITY);
    if (isnan(re) && im == 0.0) return SET(NAN, -0.0);
    return 0;
}
static int special_cos(double re, double im, double *out)
{
    return (re == 0.0 && isnan(im)) ? SET(NAN, 0.0) : 0;
}
static int special_tan(double re, double im, double *out)
{
    if (isinf(re) && isinf(im)) return SET(0.0, copysign(1.0, im));
    if (isnan(re) && im == 0.0) return SET(NAN, NAN);
    return 0;
}
static int special_asin(double re, double im, double *out)
{
    return (isinf(re) && isnan(im)) ? SET(NAN, -INFINITY) : 0;
}
static int special_acos(double re, double im, double *out)
{
    return (isinf(re) && isnan(im)) ? SET(NAN, INFINITY) : 0;
}
static int special_atan(double re, double im, double *out)
{
    return (isinf(re) && isnan(im)) ? SET(copysign(1.5707963267948966, re), -0.0) : 0;
}
static int special_sinh(double re, double im, double *out)
{
    return (re == 0.0 && isnan(im)) ? SET(0.0, NAN) : 0;
}
static int special_cosh(double re, double im, double *out)
{
    return (isnan(re) && im == 0.0) ? SET(NAN, 0.0) : 0;
}
static int special_tanh(double re, double im, double *out)
{
    if (isinf(re) && isinf(im)) return SET(copysign(1.0, re), 0.0);
    if (re == 0.0 && isnan(im)) return SET(NAN, NAN);
    return 0;
}
static int special_acosh(double re, double im, double *out)
{
    return (re == 0.0 && isnan(im)) ? SET(NAN, NAN) : 0;
}
#undef SET

#define CMATH_HELPER(name, cfn, special)                                     \
    void pycomp_cmath_##name(double re, double im, double *out)              \
    {                                                                        \
        if (special(re, im, out))                                            \
            return;                                                          \
        double complex z = CMPLX(re, im);                                    \
        double complex r = cfn(z);                                           \
        out[0] = creal(r);                                                   \
        out[1] = cimag(r);                                                   \
    }

static double complex clog10_(double complex z) { return clog(z) / log(10.0); }

CMATH_HELPER(sqrt, csqrt, special_none)
CMATH_HELPER(exp, cexp, special_exp)
CMATH_HELPER(log, clog, special_none)
CMATH_HELPER(log10, clog10_, special_none)
CMATH_HELPER(sin, csin, special_sin)
CMATH_HELPER(cos, ccos, special_cos)
CMATH_HELPER(tan, ctan, special_tan)
CMATH_HELPER(asin, casin, special_asin)
CMATH_HELPER(acos, cacos, special_acos)
CMATH_HELPER(atan, catan, special_atan)
CMATH_HELPER(sinh, csinh, special_sinh)
CMATH_HELPER(cosh, ccosh, special_cosh)
CMATH_HELPER(tanh, ctanh, special_tanh)
CMATH_HELPER(asinh, casinh, special_none)
CMATH_HELPER(acosh, cacosh, special_acosh)
CMATH_HELPER(atanh, catanh, special_none)

/* cmath.rect(r, phi) as CPython computes it, special values included
 * (where CPython raises ValueError, nan + nan*j). */
void
pycomp_cmath_rect(double r, double phi, double *out)
{
    if (isfinite(r) && isfinite(phi)) {
        if (phi == 0.0) {  /* keeps the sign of a zero imaginary part */
            out[0] = r;
            out[1] = r * phi;
        }
        else {
            out[0] = r * cos(phi);
            out[1] = r * sin(phi);
        }
        return;
    }
    if (isinf(r)) {
        if (isfinite(phi) && phi != 0.0) {
            double sign = r > 0 ? 1.0 : -1.0;
            out[0] = sign * copysign(INFINITY, cos(phi));
            out[1] = sign * copysign(INFINITY, sin(phi));
        }
        else if (phi == 0.0) {
            out[0] = r;
            out[1] = r > 0 ? phi : -phi;
        }
        else if (isnan(phi)) {
            out[0] = INFINITY;
            out[1] = NAN;
        }
        else {
            out[0] = out[1] = NAN;
        }
        return;
    }
    if (r == 0.0) {  /* phi is inf or nan */
        out[0] = out[1] = 0.0;
        return;
    }
    out[0] = NAN;  /* r is nan, or r finite and phi inf or nan */
    out[1] = (isnan(r) && phi == 0.0) ? 0.0 : NAN;
}

