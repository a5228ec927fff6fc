/*
 * The legacy distributions of np.random in compiled code (gamma, poisson,
 * binomial, ...), drawing their uniforms and normals from the per-thread
 * MT19937 of random.c (pycomp_random_double, pycomp_random_gauss, ...),
 * in the order NumPy's legacy RandomState draws them, so the streams agree.
 * Declared in random.h.
 */
#include "random.h"

#include <math.h>

#define PYCOMP_PI 3.14159265358979323846
#define PYCOMP_E 2.71828182845904523536
/* ------------------------------------------------------------------
 * Distributions (np.random.gamma, poisson, binomial, ...), written from
 * the published algorithms NumPy's legacy RandomState documents using:
 * PTRS (Hormann) for poisson, BTPE (Kachitvichyanukul-Schmeiser) for
 * binomial, HRUA (Stadlober) for hypergeometric.  Each draws its uniforms
 * and normals in the same order as NumPy's legacy code so that the
 * streams agree.  The exceptions follow Numba, whose streams these are
 * first: the gamma family (gamma, standard_gamma, beta, chisquare, f,
 * standard_t, negative_binomial, dirichlet, ...) draws its gammas as
 * CPython's random.gammavariate does, and vonmises is CPython's
 * vonmisesvariate (in [0, 2*pi)).
 * ------------------------------------------------------------------ */

double
pycomp_random_standard_exponential(void)
{
    return -log(1.0 - pycomp_random_double());
}

/* Gamma(alpha, 1) as CPython's random.gammavariate draws it (Numba's
 * choice for np.random's whole gamma family): Cheng's rejection method
 * for alpha > 1, an exponential for alpha == 1, Ahrens-Dieter's GS
 * method below 1, taking uniforms from `uniform` in CPython's order
 * (the caller checks alpha > 0). */
static double
gammavariate_from(double (*uniform)(void), double alpha)
{
    if (isnan(alpha)) {
        return NAN;  /* (CPython's loop would never end) */
    }
    if (alpha > 1.0) {
        double ainv = sqrt(2.0 * alpha - 1.0);
        double bbb = alpha - log(4.0);
        double ccc = alpha + ainv;
        const double sg_magic = 1.0 + log(4.5);
        for (;;) {
            double u1 = uniform();
            if (!(1e-7 < u1 && u1 < 0.9999999)) {
                continue;
            }
            double u2 = 1.0 - uniform();
            double v = log(u1 / (1.0 - u1)) / ainv;
            double x = alpha * exp(v);
            double z = u1 * u1 * u2;
            double r = bbb + ccc * v - x;
            if (r + sg_magic - 4.5 * z >= 0.0 || r >= log(z)) {
                return x;
            }
        }
    }
    if (alpha == 1.0) {
        return -log(1.0 - uniform());
    }
    for (;;) {
        double u = uniform();
        double b = (PYCOMP_E + alpha) / PYCOMP_E;
        double p = b * u;
        double x = p <= 1.0 ? pow(p, 1.0 / alpha) : -log((b - p) / alpha);
        double u1 = uniform();
        if (p > 1.0 ? u1 <= pow(x, alpha - 1.0) : u1 <= exp(-x)) {
            return x;
        }
    }
}

/* The von Mises distribution as CPython's random.vonmisesvariate draws
 * it (Best and Fisher's method; a result in [0, 2*pi), uniform there for
 * kappa <= 1e-6), taking uniforms from `uniform`. */
static double
vonmisesvariate_from(double (*uniform)(void), double mu, double kappa)
{
    const double two_pi = 2.0 * PYCOMP_PI;
    if (isnan(kappa) || isnan(mu)) {
        return NAN;  /* (CPython's loop would never end for a NaN kappa) */
    }
    if (kappa <= 1e-6) {
        return two_pi * uniform();
    }
    double s = 0.5 / kappa;
    double r = s + sqrt(1.0 + s * s);
    double z;
    for (;;) {
        double u1 = uniform();
        z = cos(PYCOMP_PI * u1);
        double d = z / (r + z);
        double u2 = uniform();
        if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * exp(d)) {
            break;
        }
    }
    double q = 1.0 / r;
    double f = (q + z) / (1.0 + q * z);
    double theta = uniform() > 0.5 ? mu + acos(f) : mu - acos(f);
    /* Python's float %: the result takes the divisor's sign */
    double m = fmod(theta, two_pi);
    if (m != 0.0 && m < 0.0) {
        m += two_pi;
    }
    return m;
}

double
pycomp_random_standard_gamma(double shape)
{
    return gammavariate_from(pycomp_random_double, shape);
}

double
pycomp_pyrandom_gammavariate(double alpha)
{
    return gammavariate_from(pycomp_pyrandom_double, alpha);
}

double
pycomp_pyrandom_vonmisesvariate(double mu, double kappa)
{
    return vonmisesvariate_from(pycomp_pyrandom_double, mu, kappa);
}

/* Python's random.betavariate: a ratio of two gamma draws (0.0 when the
 * first is 0), as Numba draws np.random.beta. */
double
pycomp_random_beta(double a, double b)
{
    double ga = pycomp_random_standard_gamma(a);
    if (ga == 0.0) {
        return 0.0;
    }
    return ga / (ga + pycomp_random_standard_gamma(b));
}

double
pycomp_random_chisquare(double df)
{
    return 2.0 * pycomp_random_standard_gamma(df / 2.0);
}

double
pycomp_random_f(double dfnum, double dfden)
{
    return (pycomp_random_chisquare(dfnum) * dfden) / (pycomp_random_chisquare(dfden) * dfnum);
}

double
pycomp_random_standard_t(double df)
{
    double num = pycomp_random_gauss();
    double denom = pycomp_random_standard_gamma(df / 2.0);
    return sqrt(df / 2.0) * num / sqrt(denom);
}

/* log(Gamma(x)) for x >= 1 by the Stirling series, shifted up to x >= 7. */
static double
log_gamma(double x)
{
    static const double coef[10] = {
        8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
        -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
        6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
        -1.39243221690590e+00};
    if (x == 1.0 || x == 2.0) {
        return 0.0;
    }
    int64_t n = x < 7.0 ? (int64_t)(7.0 - x) : 0;
    double x0 = x + (double)n;
    double x2 = (1.0 / x0) * (1.0 / x0);
    double s = coef[9];
    for (int k = 8; k >= 0; k--) {
        s = s * x2 + coef[k];
    }
    double gl = s / x0 + 0.5 * 1.8378770664093453 + (x0 - 0.5) * log(x0) - x0;
    for (int64_t k = 1; k <= n; k++) {
        gl -= log(x0 - 1.0);
        x0 -= 1.0;
    }
    return gl;
}

int64_t
pycomp_random_poisson(double lam)
{
    if (lam >= 10.0) {
        double slam = sqrt(lam), loglam = log(lam);
        double b = 0.931 + 2.53 * slam;
        double a = -0.059 + 0.02483 * b;
        double invalpha = 1.1239 + 1.1328 / (b - 3.4);
        double vr = 0.9277 - 3.6224 / (b - 2.0);
        for (;;) {
            double u = pycomp_random_double() - 0.5;
            double v = pycomp_random_double();
            double us = 0.5 - fabs(u);
            int64_t k = (int64_t)floor((2.0 * a / us + b) * u + lam + 0.43);
            if (us >= 0.07 && v <= vr) {
                return k;
            }
            if (k < 0 || (us < 0.013 && v > us)) {
                continue;
            }
            if (log(v) + log(invalpha) - log(a / (us * us) + b)
                <= -lam + (double)k * loglam - log_gamma((double)k + 1.0)) {
                return k;
            }
        }
    }
    if (lam == 0.0) {
        return 0;
    }
    double enlam = exp(-lam), prod = 1.0;
    int64_t x = 0;
    for (;;) {
        prod *= pycomp_random_double();
        if (prod > enlam) {
            x++;
        } else {
            return x;
        }
    }
}

static int64_t
binomial_inversion(int64_t n, double p)
{
    double q = 1.0 - p;
    double qn = exp((double)n * log(q));
    double np = (double)n * p;
    double bound = np + 10.0 * sqrt(np * q + 1.0);
    if ((double)n < bound) {
        bound = (double)n;
    }
    int64_t x = 0;
    double px = qn;
    double u = pycomp_random_double();
    while (u > px) {
        x++;
        if ((double)x > bound) {
            x = 0;
            px = qn;
            u = pycomp_random_double();
        } else {
            u -= px;
            px = ((double)(n - x + 1) * p * px) / ((double)x * q);
        }
    }
    return x;
}

/* the Stirling correction term of BTPE's final test */
static double
btpe_corr(double v)
{
    double v2 = v * v;
    return (13680. - (462. - (132. - (99. - 140. / v2) / v2) / v2) / v2) / v / 166320.;
}

static int64_t
binomial_btpe(int64_t n, double p)
{
    double r = p < 1.0 - p ? p : 1.0 - p;
    double q = 1.0 - r;
    double fm = (double)n * r + r;
    int64_t m = (int64_t)floor(fm);
    double p1 = floor(2.195 * sqrt((double)n * r * q) - 4.6 * q) + 0.5;
    double xm = (double)m + 0.5, xl = xm - p1, xr = xm + p1;
    double c = 0.134 + 20.5 / (15.3 + (double)m);
    double a = (fm - xl) / (fm - xl * r);
    double laml = a * (1.0 + a / 2.0);
    a = (xr - fm) / (xr * q);
    double lamr = a * (1.0 + a / 2.0);
    double p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
    double nrq = (double)n * r * q;
    int64_t y;
    for (;;) {
        double u = pycomp_random_double() * p4;
        double v = pycomp_random_double();
        if (u <= p1) {
            y = (int64_t)floor(xm - p1 * v + u);
            break;
        }
        if (u <= p2) {
            double x = xl + (u - p1) / c;
            v = v * c + 1.0 - fabs((double)m - x + 0.5) / p1;
            if (v > 1.0) {
                continue;
            }
            y = (int64_t)floor(x);
        } else if (u <= p3) {
            y = (int64_t)floor(xl + log(v) / laml);
            if (y < 0 || v == 0.0) {
                continue;
            }
            v = v * (u - p2) * laml;
        } else {
            y = (int64_t)floor(xr - log(v) / lamr);
            if (y > n || v == 0.0) {
                continue;
            }
            v = v * (u - p3) * lamr;
        }
        int64_t k = y > m ? y - m : m - y;
        if (k <= 20 || (double)k >= nrq / 2.0 - 1.0) {
            /* explicit evaluation of f(y) / f(m) */
            double s = r / q, aa = s * (double)(n + 1), f = 1.0;
            if (m < y) {
                for (int64_t i = m + 1; i <= y; i++) {
                    f *= (aa / (double)i - s);
                }
            } else if (m > y) {
                for (int64_t i = y + 1; i <= m; i++) {
                    f /= (aa / (double)i - s);
                }
            }
            if (v > f) {
                continue;
            }
            break;
        }
        double kd = (double)k;
        double rho = (kd / nrq) * ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
        double t = -kd * kd / (2.0 * nrq);
        double lv = log(v);
        if (lv < t - rho) {
            break;
        }
        if (lv > t + rho) {
            continue;
        }
        double x1 = (double)(y + 1), f1 = (double)(m + 1);
        double z = (double)(n + 1 - m), w = (double)(n - y + 1);
        if (lv > xm * log(f1 / x1) + ((double)(n - m) + 0.5) * log(z / w)
                     + (double)(y - m) * log(w * r / (x1 * q))
                     + btpe_corr(f1) + btpe_corr(z) + btpe_corr(x1) + btpe_corr(w)) {
            continue;
        }
        break;
    }
    return y;
}

int64_t
pycomp_random_binomial(int64_t n, double p)
{
    if (n == 0 || p == 0.0) {
        return 0;
    }
    if (p <= 0.5) {
        if (p * (double)n <= 30.0) {
            return binomial_inversion(n, p);
        }
        return binomial_btpe(n, p);
    }
    double q = 1.0 - p;
    if (q * (double)n <= 30.0) {
        return n - binomial_inversion(n, q);
    }
    return n - binomial_btpe(n, q);
}

double
pycomp_random_noncentral_chisquare(double df, double nonc)
{
    if (isnan(nonc)) {
        return NAN;
    }
    /* (no nonc == 0 shortcut to chisquare(df), as in Numba's stream) */
    if (df > 1.0) {
        double chi2 = pycomp_random_chisquare(df - 1.0);
        double n = pycomp_random_gauss() + sqrt(nonc);
        return chi2 + n * n;
    }
    int64_t i = pycomp_random_poisson(nonc / 2.0);
    return pycomp_random_chisquare(df + 2.0 * (double)i);
}

double
pycomp_random_noncentral_f(double dfnum, double dfden, double nonc)
{
    double t = pycomp_random_noncentral_chisquare(dfnum, nonc) * dfden;
    return t / (pycomp_random_chisquare(dfden) * dfnum);
}

int64_t
pycomp_random_negative_binomial(double n, double p)
{
    double y = ((1.0 - p) / p) * pycomp_random_standard_gamma(n);
    return pycomp_random_poisson(y);
}

static int64_t
hypergeometric_hyp(int64_t good, int64_t bad, int64_t sample)
{
    double d1 = (double)(bad + good - sample);
    double d2 = (double)(good < bad ? good : bad);
    double y = d2;
    int64_t k = sample;
    while (y > 0.0) {
        double u = pycomp_random_double();
        y -= (double)(int64_t)floor(u + y / (d1 + (double)k));
        k--;
        if (k == 0) {
            break;
        }
    }
    int64_t z = (int64_t)(d2 - y);
    if (good > bad) {
        z = sample - z;
    }
    return z;
}

static int64_t
hypergeometric_hrua(int64_t good, int64_t bad, int64_t sample)
{
    const double d1 = 1.7155277699214135; /* 2 sqrt(2 / e) */
    const double d2 = 0.8989161620588988; /* 3 - 2 sqrt(3 / e) */
    int64_t mingb = good < bad ? good : bad, maxgb = good < bad ? bad : good;
    int64_t popsize = good + bad;
    int64_t m = sample < popsize - sample ? sample : popsize - sample;
    double d4 = (double)mingb / (double)popsize;
    double d5 = 1.0 - d4;
    double d6 = (double)m * d4 + 0.5;
    double d7 = sqrt((double)(popsize - m) * (double)sample * d4 * d5 / (double)(popsize - 1) + 0.5);
    double d8 = d1 * d7 + d2;
    int64_t d9 = (int64_t)floor((double)(m + 1) * (double)(mingb + 1) / (double)(popsize + 2));
    double d10 = log_gamma((double)(d9 + 1)) + log_gamma((double)(mingb - d9 + 1))
                 + log_gamma((double)(m - d9 + 1)) + log_gamma((double)(maxgb - m + d9 + 1));
    double d11 = (double)(m < mingb ? m : mingb) + 1.0;
    double lim = floor(d6 + 16.0 * d7);
    if (lim < d11) {
        d11 = lim;
    }
    int64_t z;
    for (;;) {
        double x = pycomp_random_double();
        double y = pycomp_random_double();
        double w = d6 + d8 * (y - 0.5) / x;
        if (w < 0.0 || w >= d11) {
            continue;
        }
        z = (int64_t)floor(w);
        double t = d10 - (log_gamma((double)(z + 1)) + log_gamma((double)(mingb - z + 1))
                          + log_gamma((double)(m - z + 1)) + log_gamma((double)(maxgb - m + z + 1)));
        if (x * (4.0 - x) - 3.0 <= t) {
            break;
        }
        if (x * (x - t) >= 1.0) {
            continue;
        }
        if (2.0 * log(x) <= t) {
            break;
        }
    }
    if (good > bad) {
        z = m - z;
    }
    if (m < sample) {
        z = good - z;
    }
    return z;
}

int64_t
pycomp_random_hypergeometric(int64_t good, int64_t bad, int64_t sample)
{
    if (sample > 10) {
        return hypergeometric_hrua(good, bad, sample);
    }
    return hypergeometric_hyp(good, bad, sample);
}

int64_t
pycomp_random_geometric(double p)
{
    if (p >= 0.333333333333333333333333) {
        int64_t x = 1;
        double sum = p, prod = p, q = 1.0 - p;
        double u = pycomp_random_double();
        while (u > sum) {
            prod *= q;
            sum += prod;
            x++;
        }
        return x;
    }
    return (int64_t)ceil(log(1.0 - pycomp_random_double()) / log(1.0 - p));
}

int64_t
pycomp_random_logseries(double p)
{
    double r = log(1.0 - p);
    for (;;) {
        double v = pycomp_random_double();
        if (v >= p) {
            return 1;
        }
        double u = pycomp_random_double();
        double q = 1.0 - exp(r * u);
        if (v <= q * q) {
            int64_t res = (int64_t)floor(1.0 + log(v) / log(q));
            if (res < 1 || v == 0.0) {
                continue;
            }
            return res;
        }
        if (v >= q) {
            return 1;
        }
        return 2;
    }
}

int64_t
pycomp_random_zipf(double a)
{
    double am1 = a - 1.0;
    double b = pow(2.0, am1);
    for (;;) {
        double u = 1.0 - pycomp_random_double();
        double v = pycomp_random_double();
        double x = floor(pow(u, -1.0 / am1));
        if (x > 9.2233720368547758e18 || x < 1.0) {
            continue;
        }
        double t = pow(1.0 + 1.0 / x, am1);
        if (v * x * (t - 1.0) / (b - 1.0) <= t / b) {
            return (int64_t)x;
        }
    }
}

double
pycomp_random_laplace(double loc, double scale)
{
    for (;;) {
        double u = pycomp_random_double();
        if (u >= 0.5) {
            return loc - scale * log(2.0 - u - u);
        }
        if (u > 0.0) {
            return loc + scale * log(u + u);
        }
    }
}

double
pycomp_random_gumbel(double loc, double scale)
{
    for (;;) {
        double u = 1.0 - pycomp_random_double();
        if (u < 1.0) {
            return loc - scale * log(-log(u));
        }
    }
}

double
pycomp_random_logistic(double loc, double scale)
{
    for (;;) {
        double u = pycomp_random_double();
        if (u > 0.0) {
            return loc + scale * log(u / (1.0 - u));
        }
    }
}

double
pycomp_random_pareto(double a)
{
    return exp(pycomp_random_standard_exponential() / a) - 1.0;
}

double
pycomp_random_weibull(double a)
{
    if (a == 0.0) {
        return 0.0;
    }
    return pow(pycomp_random_standard_exponential(), 1.0 / a);
}

double
pycomp_random_power(double a)
{
    return pow(1.0 - exp(-pycomp_random_standard_exponential()), 1.0 / a);
}

double
pycomp_random_rayleigh(double scale)
{
    return scale * sqrt(-2.0 * log1p(-pycomp_random_double()));
}

double
pycomp_random_standard_cauchy(void)
{
    double n = pycomp_random_gauss();
    return n / pycomp_random_gauss();
}

double
pycomp_random_triangular(double left, double mode, double right)
{
    double base = right - left, leftbase = mode - left;
    double ratio = leftbase / base;
    double leftprod = leftbase * base, rightprod = (right - mode) * base;
    double u = pycomp_random_double();
    if (u <= ratio) {
        return left + sqrt(u * leftprod);
    }
    return right - sqrt((1.0 - u) * rightprod);
}

double
pycomp_random_wald(double mean, double scale)
{
    double mu_2l = mean / (2.0 * scale);
    double y = pycomp_random_gauss();
    y = mean * y * y;
    double x = mean + mu_2l * (y - sqrt(4.0 * scale * y + y * y));
    double u = pycomp_random_double();
    if (u <= mean / (mean + x)) {
        return x;
    }
    return mean * mean / x;
}

double
pycomp_random_vonmises(double mu, double kappa)
{
    return vonmisesvariate_from(pycomp_random_double, mu, kappa);
}
