"""More ``np.random`` distributions in compiled code, drawing NumPy's legacy
``RandomState`` streams (see :mod:`pycomp.np.random`, which imports this
module): the gamma family (``standard_gamma``, ``gamma``, ``beta``,
``chisquare``, ``f``, ``standard_t``, ``noncentral_chisquare``,
``noncentral_f``), ``poisson``, ``binomial``, ``negative_binomial``,
``hypergeometric``, ``geometric``, ``logseries``, ``zipf``, the one-line
transforms (``laplace``, ``logistic``, ``gumbel``, ``lognormal``,
``pareto``, ``power``, ``rayleigh``, ``weibull``, ``standard_cauchy``,
``standard_exponential``, ``triangular``, ``wald``, ``vonmises``),
``multinomial`` and ``dirichlet``.

Each sampler is a C function of ``csrc/random_dists.c`` (NumPy's legacy algorithm,
drawing its uniforms and normals in the same order) called once per value;
the overloads check the parameters with NumPy's conditions and messages and
fill an array of shape ``size``. Where Numba's stream is not NumPy's, pycomp
draws Numba's: the gamma family draws its gammas as CPython's
``random.gammavariate`` (so ``gamma``, ``standard_gamma``, ``beta``,
``chisquare``, ``f``, ``standard_t``, ``negative_binomial``, ``dirichlet``
and the ``noncentral_*`` ones follow it), ``vonmises`` is CPython's
``vonmisesvariate`` (in [0, 2*pi)), and ``gamma``/``standard_gamma``/
``rayleigh`` refuse a zero parameter and ``logseries`` a zero ``p``, as
Numba does. Parameters are scalars: an array parameter
(which NumPy broadcasts) is a TypingError naming the function.
"""

from __future__ import annotations

import ctypes
import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import intrinsic, overload, register_jitable
from pycomp.np.arraylike import sequences_as_arrays
from pycomp.np.random import _check_size, _double, _gauss, _given, _real

__all__ = []

_bound: set = set()


def _bind(name: str) -> None:
    """Make C function ``name`` of ``pycomp._helperlib`` known to llvmlite."""
    if name not in _bound:
        import llvmlite.binding as llb

        from pycomp import _helperlib

        lib = ctypes.CDLL(_helperlib.__file__)  # already loaded: the same handle
        llb.add_symbol(name, ctypes.cast(getattr(lib, name), ctypes.c_void_p).value)
        _bound.add(name)


def _c_sampler(cname: str, res: str, args: str):
    """An intrinsic calling C function ``pycomp_random_<cname>``: ``res``
    and each letter of ``args`` are ``d`` (double) or ``i`` (int64)."""
    name = "pycomp_random_" + cname
    params = ", ".join("a%d" % i for i in range(len(args)))

    def make(typingctx, *argtys):
        if not all(_real(t) for t in argtys):
            return None
        nb = {"d": types.float64, "i": types.int64}

        def codegen(context, builder, sig, vals):
            from pycomp.targets.datamodel import F64, I64

            ll = {"d": F64, "i": I64}
            _bind(name)
            cast = [context.cast(builder, v, t, nb[k]) for v, t, k in zip(vals, sig.args, args)]
            context.declare(name, ll[res], [ll[k] for k in args])
            return builder.call(name, cast, ll[res])

        return nb[res](*argtys), codegen

    ns = {"make": make}
    sep = ", " if params else ""
    exec("def _%s(typingctx%s%s):\n    return make(typingctx%s%s)\n"
         % (cname, sep, params, sep, params), ns)
    fn = ns["_" + cname]
    fn.__doc__ = "One ``%s`` draw (C function ``%s``)." % (cname, name)
    return intrinsic(fn)


_SAMPLERS = {
    "standard_exponential": ("d", ""), "standard_gamma": ("d", "d"), "beta": ("d", "dd"),
    "chisquare": ("d", "d"), "f": ("d", "dd"), "standard_t": ("d", "d"),
    "noncentral_chisquare": ("d", "dd"), "noncentral_f": ("d", "ddd"),
    "poisson": ("i", "d"), "binomial": ("i", "id"), "negative_binomial": ("i", "dd"),
    "hypergeometric": ("i", "iii"), "geometric": ("i", "d"), "logseries": ("i", "d"),
    "zipf": ("i", "d"), "laplace": ("d", "dd"), "gumbel": ("d", "dd"), "logistic": ("d", "dd"),
    "pareto": ("d", "d"), "weibull": ("d", "d"), "power": ("d", "d"), "rayleigh": ("d", "d"),
    "standard_cauchy": ("d", ""), "triangular": ("d", "ddd"), "wald": ("d", "dd"),
    "vonmises": ("d", "dd"),
}
_C = {k: _c_sampler(k, *v) for k, v in _SAMPLERS.items()}
_binomial = _C["binomial"]
_standard_gamma = _C["standard_gamma"]


@register_jitable
def _negative(x):
    """NumPy's "< 0" test of non-negative parameters: the sign bit (so -0.0
    fails), NaN passes."""
    return not math.isnan(x) and math.copysign(1.0, x) < 0.0


_POISSON_LAM_MAX = float(np.iinfo(np.int64).max - np.sqrt(np.iinfo(np.int64).max) * 10)


# ------------------------------------------------------------------ the generic overload

_TEMPLATE = '''
def typer({sig}):
    for _n, _t in {checked}:
        if _given(_t) and not _real(_t):
            raise TypingError("np.random.{fname}(): %s must be a real number, not %s" % (_n, _t))
    for _n, _t in {ints}:
        if _given(_t) and not isinstance(_t, types.Integer):
            raise TypingError("np.random.{fname}(): %s must be an integer, not %s" % (_n, _t))
    _check_size(size, "{fname}")
    if not _given(size):
        def impl({sig}):
{conv}
{checks}
            return {expr}
        return impl

    def impl({sig}):
{conv}
{checks}
        out = np.empty(size, np.{dtype})
        flat = out.reshape(out.size)
        for i in range(flat.size):
            flat[i] = {expr}
        return out
    return impl
'''


def _distribution(fname: str, params: str, checks=(), expr: str = None, ints: str = ""):
    """Register the overload of ``np.random.<fname>``: ``params`` is its
    parameter list without ``size`` (``"loc=0.0, scale=1.0"``), the names in
    ``ints`` are integers (int64), the others floats; ``checks`` are pairs
    (condition over those converted values, ValueError message); ``expr``
    one draw (default: the C sampler of that name over the parameters)."""
    names = [p.split("=")[0].strip() for p in params.split(",") if p.strip()]
    int_names = ints.split()
    conv = "\n".join("            %s = np.%s(%s)" % (n, "int64" if n in int_names else "float64", n)
                     for n in names) or "            pass"
    check_src = "\n".join("            if %s:\n                raise ValueError(%r)" % (c, m)
                          for c, m in checks) or "            pass"
    if expr is None:
        expr = "_C_%s(%s)" % (fname, ", ".join(names))
    src = _TEMPLATE.format(
        sig=(params + ", size=None") if names else "size=None",
        checked="(%s)" % "".join("(%r, %s), " % (n, n) for n in names if n not in int_names),
        ints="(%s)" % "".join("(%r, %s), " % (n, n) for n in int_names),
        fname=fname, conv=conv, checks=check_src, expr=expr,
        dtype="int64" if fname in _INT_RESULTS else "float64")
    # the size=None body is indented one level deeper than the sized one
    src = src.replace("\n" + conv + "\n" + check_src + "\n        out",
                      "\n" + _dedent(conv) + "\n" + _dedent(check_src) + "\n        out")
    ns = {"np": np, "math": math, "types": types, "TypingError": TypingError, "_given": _given,
          "_real": _real, "_check_size": _check_size, "_negative": _negative, "_gauss": _gauss,
          "_POISSON_LAM_MAX": _POISSON_LAM_MAX}
    ns.update({"_C_" + k: v for k, v in _C.items()})
    exec(compile(src, "<pycomp.np.random_dists %s>" % fname, "exec"), ns)
    typer = ns["typer"]
    typer.__name__ = "ov_" + fname
    typer.__doc__ = "``np.random.%s(%s, size=None)``: NumPy's legacy stream." % (fname, params)
    overload(getattr(np.random, fname))(typer)


def _dedent(block: str) -> str:
    """``block`` with four spaces less indentation on each line."""
    return "\n".join(line[4:] for line in block.split("\n"))


_INT_RESULTS = {"poisson", "binomial", "negative_binomial", "hypergeometric", "geometric",
                "logseries", "zipf"}


def _nonneg(name):
    return ("_negative(%s)" % name, "%s < 0" % name)


def _zero(name):
    """Numba's domain where NumPy's includes 0 (gamma, rayleigh, logseries):
    NumPy's check for the negatives (its message), then this one."""
    return ("%s == 0.0" % name, "%s == 0 (the distribution needs %s > 0)" % (name, name))


def _pos(name):
    return ("%s <= 0" % name, "%s <= 0" % name)


_P01 = ("not (p >= 0.0 and p <= 1.0)", "p < 0, p > 1 or p is NaN")

_distribution("standard_exponential", "")
_distribution("standard_gamma", "shape", [_nonneg("shape"), _zero("shape")])
_distribution("gamma", "shape, scale=1.0", [_nonneg("shape"), _nonneg("scale"), _zero("shape"), _zero("scale")],
              expr="scale * _C_standard_gamma(shape)")
_distribution("beta", "a, b", [_pos("a"), _pos("b")])
_distribution("chisquare", "df", [_pos("df")])
_distribution("f", "dfnum, dfden", [_pos("dfnum"), _pos("dfden")])
_distribution("standard_t", "df", [_pos("df")])
_distribution("noncentral_chisquare", "df, nonc", [_pos("df"), _nonneg("nonc")])
_distribution("noncentral_f", "dfnum, dfden, nonc",
              [_pos("dfnum"), _pos("dfden"), _nonneg("nonc")])
_distribution("poisson", "lam=1.0",
              [("not (lam >= 0.0)", "lam < 0 or lam is NaN"),
               ("lam > _POISSON_LAM_MAX", "lam value too large")])
_distribution("binomial", "n, p", [("n < 0", "n < 0"), _P01], ints="n")
_distribution("negative_binomial", "n, p", [_pos("n"), _P01])
_distribution("hypergeometric", "ngood, nbad, nsample",
              [("ngood < 0", "ngood < 0"), ("nbad < 0", "nbad < 0"),
               ("nsample < 1", "nsample < 1 or nsample is NaN"),
               ("ngood + nbad < nsample", "ngood + nbad < nsample")],
              ints="ngood nbad nsample")
_distribution("geometric", "p", [("not (p > 0.0 and p <= 1.0)", "p <= 0, p > 1 or p contains NaNs")])
_distribution("logseries", "p", [("not (p >= 0.0 and p < 1.0)", "p < 0, p >= 1 or p is NaN"), _zero("p")])
_distribution("zipf", "a", [("not (a > 1.0)", "a <= 1 or a is NaN")])
_distribution("laplace", "loc=0.0, scale=1.0", [_nonneg("scale")])
_distribution("gumbel", "loc=0.0, scale=1.0", [_nonneg("scale")])
_distribution("logistic", "loc=0.0, scale=1.0", [_nonneg("scale")])
_distribution("lognormal", "mean=0.0, sigma=1.0", [_nonneg("sigma")],
              expr="math.exp(mean + sigma * _gauss())")
_distribution("pareto", "a", [_pos("a")])
_distribution("weibull", "a", [_nonneg("a")])
_distribution("power", "a", [_pos("a")])
_distribution("rayleigh", "scale=1.0", [_nonneg("scale"), _zero("scale")])
_distribution("standard_cauchy", "")
_distribution("triangular", "left, mode, right",
              [("left > mode", "left > mode"), ("mode > right", "mode > right"),
               ("left == right", "left == right")])
_distribution("wald", "mean, scale", [_pos("mean"), _pos("scale")])
_distribution("vonmises", "mu, kappa", [_nonneg("kappa")])


# ------------------------------------------------------------------ multinomial, dirichlet


def _vector(t, fname: str, what: str) -> None:
    """TypingError unless ``t`` is a 1-d array of real numbers."""
    if not (isinstance(t, types.Array) and t.ndim == 1
            and isinstance(t.dtype, (types.Integer, types.Float, types.Boolean))):
        raise TypingError("np.random.%s(): %s must be a 1-d array of real numbers, not %s"
                          % (fname, what, t))


@register_jitable
def _out_shape_rows(size, k):
    """The number of rows of length ``k`` in a ``size + (k,)`` result: the
    product of the tuple ``size``."""
    n = 1
    for d in size:
        n *= d
    return n


@register_jitable
def _multinomial_row(n, p, row):
    """One legacy multinomial draw into the zeroed int64 ``row``:
    conditional binomials in order, the rest to the last category."""
    d = p.shape[0]
    remaining = 1.0
    dn = n
    for j in range(d - 1):
        row[j] = _binomial(dn, p[j] / remaining)
        dn -= row[j]
        if dn <= 0:
            break
        remaining -= p[j]
    if dn > 0:
        row[d - 1] = dn


@register_jitable
def _multinomial_check(n, p):
    """The legacy checks of ``multinomial``'s arguments; float64 ``pvals``."""
    if n < 0:
        raise ValueError("n < 0")
    pv = np.empty(p.shape[0], np.float64)
    total = 0.0
    for j in range(p.shape[0]):
        v = np.float64(p[j])
        if not (v >= 0.0 and v <= 1.0):
            raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
        pv[j] = v
        if j < p.shape[0] - 1:
            total += v
    if total > 1.0 + 1e-12:
        raise ValueError("sum(pvals[:-1]) > 1.0")
    return pv


@overload(np.random.multinomial)
def ov_multinomial(n, pvals, size=None):
    """``np.random.multinomial(n, pvals, size=None)``: int64 counts of shape
    ``size + (len(pvals),)``, NumPy's legacy stream."""
    if not isinstance(n, types.Integer):
        raise TypingError("np.random.multinomial(): n must be an integer, not %s" % (n,))
    seq = sequences_as_arrays(np.random.multinomial, ov_multinomial,
                              {"n": n, "pvals": pvals, "size": size}, ("pvals",))
    if seq is not None:  # a list or tuple of probabilities: its array
        return seq
    _vector(pvals, "multinomial", "pvals")
    _check_size(size, "multinomial")
    if not _given(size) or isinstance(size, types.BaseTuple) and len(size) == 0:  # size=(): one draw
        def impl(n, pvals, size=None):
            pv = _multinomial_check(np.int64(n), pvals)
            out = np.zeros(pv.shape[0], np.int64)
            _multinomial_row(np.int64(n), pv, out)
            return out
        return impl
    if isinstance(size, types.Integer):
        def impl(n, pvals, size=None):
            pv = _multinomial_check(np.int64(n), pvals)
            out = np.zeros((size, pv.shape[0]), np.int64)
            for i in range(size):
                _multinomial_row(np.int64(n), pv, out[i])
            return out
        return impl

    def impl(n, pvals, size=None):
        pv = _multinomial_check(np.int64(n), pvals)
        rows = _out_shape_rows(size, pv.shape[0])
        flat = np.zeros((rows, pv.shape[0]), np.int64)
        for i in range(rows):
            _multinomial_row(np.int64(n), pv, flat[i])
        return flat.reshape(size + (pv.shape[0],))

    return impl


@register_jitable
def _dirichlet_row(alpha, row):
    """One Dirichlet draw into ``row``: gamma draws divided by their sum
    (Numba's stream)."""
    acc = 0.0
    for j in range(alpha.shape[0]):
        row[j] = _standard_gamma(alpha[j])
        acc += row[j]
    for j in range(alpha.shape[0]):
        row[j] /= acc


@register_jitable
def _dirichlet_check(alpha):
    """``dirichlet``'s check of alpha (NumPy's condition, Numba's
    message); a float64 copy."""
    a = np.empty(alpha.shape[0], np.float64)
    for j in range(alpha.shape[0]):
        a[j] = np.float64(alpha[j])
        if a[j] <= 0.0:
            raise ValueError("dirichlet: alpha must be > 0.0")  # Numba's words (NumPy: "alpha <= 0")
    return a


@overload(np.random.dirichlet)
def ov_dirichlet(alpha, size=None):
    """``np.random.dirichlet(alpha, size=None)``: float64 rows of shape
    ``size + (len(alpha),)``, NumPy's legacy stream."""
    seq = sequences_as_arrays(np.random.dirichlet, ov_dirichlet, {"alpha": alpha, "size": size}, ("alpha",))
    if seq is not None:  # a list or tuple of concentrations: its array
        return seq
    _vector(alpha, "dirichlet", "alpha")
    _check_size(size, "dirichlet")
    if not _given(size) or isinstance(size, types.BaseTuple) and len(size) == 0:  # size=(): one draw
        def impl(alpha, size=None):
            a = _dirichlet_check(alpha)
            out = np.empty(a.shape[0], np.float64)
            _dirichlet_row(a, out)
            return out
        return impl
    if isinstance(size, types.Integer):
        def impl(alpha, size=None):
            a = _dirichlet_check(alpha)
            out = np.empty((size, a.shape[0]), np.float64)
            for i in range(size):
                _dirichlet_row(a, out[i])
            return out
        return impl

    def impl(alpha, size=None):
        a = _dirichlet_check(alpha)
        rows = _out_shape_rows(size, a.shape[0])
        flat = np.empty((rows, a.shape[0]), np.float64)
        for i in range(rows):
            _dirichlet_row(a, flat[i])
        return flat.reshape(size + (a.shape[0],))

    return impl


# ------------------------------------------------------------------ choice with p


@register_jitable
def _check_p(p, pop_size, atol):
    """NumPy's checks of ``choice``'s probabilities; a float64 copy."""
    if p.shape[0] != pop_size:
        raise ValueError("'a' and 'p' must have same size")
    pv = np.empty(p.shape[0], np.float64)
    total = 0.0
    comp = 0.0
    for j in range(p.shape[0]):
        v = np.float64(p[j])
        pv[j] = v
        y = v - comp  # Kahan summation, as NumPy's check
        t = total + y
        comp = (t - total) - y
        total = t
    if math.isnan(total):
        raise ValueError("probabilities contain NaN")
    for j in range(pv.shape[0]):
        if pv[j] < 0.0:
            raise ValueError("probabilities are not non-negative")
    if abs(total - 1.0) > atol:
        raise ValueError("probabilities do not sum to 1")
    return pv


@register_jitable
def _cdf(p):
    """The cumulative sum of ``p`` divided by its last value."""
    cdf = np.empty(p.shape[0], np.float64)
    acc = 0.0
    for j in range(p.shape[0]):
        acc += p[j]
        cdf[j] = acc
    last = cdf[p.shape[0] - 1]
    for j in range(p.shape[0]):
        cdf[j] = cdf[j] / last
    return cdf


@register_jitable
def _search_right(cdf, x):
    """The first index ``i`` with ``cdf[i] > x`` (searchsorted, side right)."""
    lo = 0
    hi = cdf.shape[0]
    while lo < hi:
        mid = (lo + hi) >> 1
        if cdf[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo


@register_jitable
def choice_p_indices(p, pop_size, count, replace, atol):
    """``count`` indices drawn with probabilities ``p`` by NumPy's legacy
    algorithms: inverse-CDF draws with replacement; without, rounds of
    draws keeping each round's new indices in first-seen order, the found
    ones' probabilities set to zero."""
    pv = _check_p(p, pop_size, atol)
    out = np.empty(count, np.int64)
    if replace:
        cdf = _cdf(pv)
        for i in range(count):
            out[i] = _search_right(cdf, _double())
        return out
    if count > pop_size:
        raise ValueError("Cannot take a larger sample than population when 'replace=False'")
    nonzero = 0
    for j in range(pv.shape[0]):
        if pv[j] > 0.0:
            nonzero += 1
    if nonzero < count:
        raise ValueError("Fewer non-zero entries in p than size")
    found = 0
    seen = np.zeros(pop_size, np.bool_)
    while found < count:
        x = np.empty(count - found, np.float64)
        for i in range(x.shape[0]):
            x[i] = _double()
        for i in range(found):
            pv[out[i]] = 0.0
        cdf = _cdf(pv)
        seen[:] = False
        for i in range(x.shape[0]):
            k = _search_right(cdf, x[i])
            if not seen[k]:
                seen[k] = True
                out[found] = k
                found += 1
    return out


# ------------------------------------------------------------------ random_integers


@overload(np.random.random_integers)
def ov_random_integers(low, high=None, size=None):
    """``np.random.random_integers(low, high=None, size=None)`` (deprecated
    in NumPy): int64 values in ``[low, high]`` (``[1, low]`` without
    ``high``), ``randint(low, high + 1, size)``."""
    for name, t in (("low", low), ("high", high)):
        if _given(t) and not isinstance(t, types.Integer):
            raise TypingError("np.random.random_integers(): %s must be an integer, not %s"
                              % (name, t))
    _check_size(size, "random_integers")
    if _given(high):
        return lambda low, high=None, size=None: np.random.randint(low, np.int64(high) + 1, size)
    return lambda low, high=None, size=None: np.random.randint(1, np.int64(low) + 1, size)
