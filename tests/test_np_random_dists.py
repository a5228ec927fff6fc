"""Differential tests: the ``np.random`` distributions of
pycomp/np/random_dists.py (C samplers in csrc/random_dists.c) against NumPy's
legacy global RandomState: after ``np.random.seed(s)`` on each side the same
calls draw exactly the same values (rtol 0), dtypes and shapes; bad
parameters raise NumPy's ValueError with NumPy's message.

Where Numba draws another stream than NumPy (the gamma family, through
CPython's ``gammavariate``, and ``vonmises``, CPython's
``vonmisesvariate``), pycomp draws Numba's: those are compared with real
Numba after the same seed (:func:`support.same_as_numba`)."""

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, no_leaks, numba_differs, pycomp_only, same_as_numba

SEEDS = [0, 1, 42, 2**32 - 1]
nan = float("nan")


def exact(fn, *args):
    """``fn`` compiled draws NumPy's exact values (rtol 0), nothing leaks."""
    with no_leaks():
        check(fn, *args, rtol=0.0)


def _drawer(name, nargs):
    """``d(s, *params)``: seed, then draws of ``np.random.<name>`` with size
    None, 7, (2, 3), 0, (3, 0) and 300 (a long stretch of the stream)."""
    ps = ", ".join("a%d" % i for i in range(nargs))
    sep = ", " if nargs else ""
    src = ("def draw(s%s%s):\n"
           "    np.random.seed(s)\n"
           "    f = np.random.%s\n"
           "    return (f(%s), f(%s%ssize=7), f(%s%ssize=(2, 3)), f(%s%ssize=0),\n"
           "            f(%s%ssize=(3, 0)), f(%s%ssize=300), f(%s))\n"
           % (sep, ps, name, ps, ps, sep, ps, sep, ps, sep, ps, sep, ps, sep, ps))
    ns = {"np": np}
    exec(src, ns)
    ns["draw"].__name__ = "draw_" + name
    return ns["draw"]


def _one(name, nargs):
    """``d(*params)``: one draw (for the error paths)."""
    ps = ", ".join("a%d" % i for i in range(nargs))
    ns = {"np": np}
    exec("def one(%s):\n    return np.random.%s(%s)\n" % (ps, name, ps), ns)
    ns["one"].__name__ = "one_" + name
    return ns["one"]


# name -> parameter tuples that exercise every branch of the sampler
CASES = {
    "standard_exponential": [()],
    "standard_gamma": [(0.3,), (1.0,), (2.5,), (50.0,), (3,)],
    "gamma": [(0.5, 2.0), (3.0, 0.5), (1.0, 1.0), (4, 2)],
    "beta": [(0.5, 0.5), (2.0, 3.0), (0.3, 4.0), (1e-3, 1e-3)],
    "chisquare": [(3.0,), (0.5,), (10,)],
    "f": [(3.0, 5.0), (0.5, 2.0)],
    "standard_t": [(3.0,), (0.7,), (10,)],
    "noncentral_chisquare": [(3.0, 2.0), (0.5, 2.0), (3.0, 0.0)],
    "noncentral_f": [(3.0, 5.0, 2.0), (0.5, 4.0, 1.0)],
    "poisson": [(0.0,), (3.0,), (9.99,), (10.0,), (1000.5,), (5,)],
    "binomial": [(10, 0.3), (100, 0.2), (1000, 0.5), (1000, 0.9), (5, 0.99), (100000, 0.01),
                 (7, 0.0), (0, 0.5), (20, 1.0)],
    "negative_binomial": [(5, 0.3), (1.5, 0.9), (3, 1.0), (200.0, 0.05)],
    "hypergeometric": [(10, 5, 3), (100, 200, 50), (5, 100, 20), (1000, 10, 500), (3, 3, 6),
                       (0, 5, 2)],
    "geometric": [(0.5,), (0.1,), (1.0,), (0.001,)],
    "logseries": [(0.5,), (0.9,), (0.99,), (0.001,)],
    "zipf": [(2.0,), (1.5,), (5.0,)],
    "laplace": [(1.0, 2.0), (0, 0)],
    "gumbel": [(1.0, 2.0), (-3, 1)],
    "logistic": [(1.0, 2.0), (0.0, 0.5)],
    "lognormal": [(1.0, 0.5), (0, 1)],
    "pareto": [(3.0,), (0.5,)],
    "weibull": [(3.0,), (0.0,), (0.5,)],
    "power": [(3.0,), (0.2,)],
    "rayleigh": [(3.0,), (1,)],
    "standard_cauchy": [()],
    "triangular": [(1.0, 2.0, 5.0), (0.0, 0.0, 1.0), (0, 1, 1)],
    "wald": [(1.0, 2.0), (3.0, 0.5)],
    "vonmises": [(1.0, 2.0), (0.0, 1e-9), (-3.0, 0.5), (3.0, 100.0)],
}

_DRAWERS = {}


def drawer(name, nargs):
    """The (cached) :func:`_drawer` of ``name``."""
    if name not in _DRAWERS:
        _DRAWERS[name] = _drawer(name, nargs)
    return _DRAWERS[name]


def _numba_differs_param(reason, *values):
    """A parametrize entry marked as :func:`support.numba_differs` marks a
    test (a strict xfail under Numba)."""
    return pytest.param(*values, marks=[pytest.mark.numba_differs(reason=reason),
                                        pytest.mark.xfail(is_numba, strict=True,
                                                          reason="numba differs: " + reason)])


_OWN = "Numba's np.random.%s uses its own algorithm, not NumPy's legacy stream"
NUMBA_DIFFERS = {
    # checked with Numba 0.68: these draw other values than NumPy after the same seed
    "hypergeometric": (_OWN % "hypergeometric for nsample > 10", lambda p: p[2] > 10),
    "pareto": (_OWN % "pareto", None),
    "weibull": ("Numba divides by zero for a == 0 (NumPy returns 0.0)", lambda p: p == (0.0,)),
    "rayleigh": (_OWN % "rayleigh", None),
}
#: drawn as Numba draws them, not as NumPy does (noncentral_f: Numba has
#: none; pycomp's is the textbook ratio of Numba's chi-squares)
FOLLOW_NUMBA = {"standard_gamma", "gamma", "beta", "chisquare", "f", "standard_t",
                "noncentral_chisquare", "noncentral_f", "negative_binomial", "vonmises"}


#: NumPy draws 0 here; Numba raises (its gamma refuses scale (1-p)/p == 0)
NUMBA_RAISES = {("negative_binomial", (3, 1.0))}


def _stream_params(follow_numba=False):
    out = []
    for name, plist in CASES.items():
        if (name in FOLLOW_NUMBA) != follow_numba:
            continue
        if follow_numba:
            plist = [p for p in plist if (name, p) not in NUMBA_RAISES]
        reason, which = NUMBA_DIFFERS.get(name, (None, None))
        for p in plist:
            if reason is not None and (which is None or which(p)):
                out.append(_numba_differs_param(reason, name, p))
            else:
                out.append(pytest.param(name, p))
    return out


@pytest.mark.parametrize("name, params", _stream_params(), ids=str)
@pytest.mark.parametrize("s", SEEDS)
def test_stream(name, params, s):
    exact(drawer(name, len(params)), s, *params)


_REFERENCES = {}


def scalar_reference(name, nargs):
    """The draws of :func:`_drawer` (same order, shapes and dtypes) made one
    scalar at a time (Numba has no ``size`` for some of these)."""
    if name not in _REFERENCES:
        ps = ", ".join("a%d" % i for i in range(nargs))
        sep = ", " if nargs else ""
        src = ("def ref(s%s%s):\n"
               "    np.random.seed(s)\n"
               "    f = np.random.%s\n"
               "    first = f(%s)\n"
               "    parts = []\n"
               "    for n in (7, 6, 0, 0, 300):\n"
               "        out = np.empty(n, np.asarray(first).dtype)\n"
               "        for i in range(n):\n"
               "            out[i] = f(%s)\n"
               "        parts.append(out)\n"
               "    return (first, parts[0], parts[1].reshape((2, 3)), parts[2], parts[3].reshape((3, 0)),\n"
               "            parts[4], f(%s))\n" % (sep, ps, name, ps, ps, ps))
        ns = {"np": np}
        exec(src, ns)
        _REFERENCES[name] = ns["ref"]
    return _REFERENCES[name]


def noncentral_f_reference(s, dfnum, dfden, nonc):
    """np.random.noncentral_f(dfnum, dfden, nonc, size=5) from Numba's parts."""
    np.random.seed(s)
    out = np.empty(5)
    for i in range(5):
        t = np.random.noncentral_chisquare(dfnum, nonc) * dfden
        out[i] = t / (np.random.chisquare(dfden) * dfnum)
    return out


def noncentral_f_five(s, dfnum, dfden, nonc):
    np.random.seed(s)
    return np.random.noncentral_f(dfnum, dfden, nonc, size=5)


@pycomp_only("compares pycomp with Numba itself")
@pytest.mark.parametrize("name, params", _stream_params(follow_numba=True), ids=str)
@pytest.mark.parametrize("s", SEEDS)
def test_stream_follows_numba(name, params, s):
    if name == "noncentral_f":
        same_as_numba(noncentral_f_five, s, *params, reference=noncentral_f_reference)
    else:
        same_as_numba(drawer(name, len(params)), s, *params, reference=scalar_reference(name, len(params)))


@numba_differs("Numba raises ValueError: its gamma refuses the scale (1-p)/p == 0")
def test_negative_binomial_p_one_is_zero():
    assert list(jitted(drawer("negative_binomial", 2))(0, 3, 1.0)[5]) == [0] * 300


@pytest.mark.parametrize("name, params", [("standard_gamma", (0.0,)), ("gamma", (0.0, 1.0)),
                                          ("gamma", (1.0, 0.0)), ("rayleigh", (0.0,)),
                                          ("logseries", (0.0,))], ids=str)
def test_zero_parameter_raises_as_in_numba(name, params):
    """NumPy draws 0 (logseries: 1) here; Numba raises ValueError."""
    with pytest.raises(ValueError):
        jitted(_one(name, len(params)))(*params)


# ------------------------------------------------------------------ defaults


def defaults(s):
    np.random.seed(s)
    return (np.random.poisson(), np.random.laplace(), np.random.gumbel(size=3),
            np.random.logistic(scale=2.0), np.random.lognormal(sigma=0.5), np.random.rayleigh(),
            np.random.poisson(size=(2, 2)))


@numba_differs("Numba's rayleigh uses its own algorithm")
@pytest.mark.parametrize("s", SEEDS)
def test_defaults(s):
    exact(defaults, s)


# ------------------------------------------------------------------ errors

ERRORS = [
    ("standard_gamma", (-1.0,)), ("standard_gamma", (-0.0,)), ("gamma", (-1.0, 1.0)),
    ("gamma", (1.0, -1.0)), ("beta", (0.0, 1.0)), ("beta", (1.0, 0.0)), ("chisquare", (0.0,)),
    ("f", (0.0, 1.0)), ("f", (1.0, 0.0)), ("standard_t", (0.0,)),
    ("noncentral_chisquare", (0.0, 1.0)), ("noncentral_chisquare", (1.0, -1.0)),
    ("noncentral_f", (0.0, 1.0, 1.0)), ("noncentral_f", (1.0, 0.0, 1.0)),
    ("noncentral_f", (1.0, 1.0, -1.0)), ("poisson", (-1.0,)), ("poisson", (1e19,)),
    ("poisson", (nan,)), ("binomial", (-1, 0.5)), ("binomial", (1, -0.1)), ("binomial", (1, 1.1)),
    ("binomial", (1, nan)), ("negative_binomial", (0, 0.5)), ("negative_binomial", (1, 1.1)),
    ("negative_binomial", (1, nan)), ("hypergeometric", (-1, 5, 1)), ("hypergeometric", (5, -1, 1)),
    ("hypergeometric", (1, 1, 0)), ("hypergeometric", (1, 1, 3)), ("geometric", (0.0,)),
    ("geometric", (1.1,)), ("geometric", (nan,)), ("logseries", (-0.1,)), ("logseries", (1.0,)),
    ("logseries", (nan,)), ("zipf", (1.0,)), ("zipf", (nan,)), ("laplace", (0.0, -1.0)),
    ("gumbel", (0.0, -1.0)), ("logistic", (0.0, -1.0)), ("lognormal", (0.0, -1.0)),
    ("pareto", (0.0,)), ("weibull", (-1.0,)), ("power", (0.0,)), ("rayleigh", (-1.0,)),
    ("triangular", (2.0, 1.0, 3.0)), ("triangular", (1.0, 3.0, 2.0)),
    ("triangular", (1.0, 1.0, 1.0)), ("wald", (0.0, 1.0)), ("wald", (1.0, 0.0)),
    ("vonmises", (0.0, -1.0)),
]


@numba_differs("Numba's messages (and some conditions) differ from NumPy's")
def test_errors():
    for name, params in ERRORS:
        check(_one(name, len(params)), *params)


def nan_params():
    return (np.random.standard_gamma(nan), np.random.beta(nan, 1.0), np.random.standard_t(nan),
            np.random.noncentral_chisquare(1.0, nan), np.random.laplace(nan, nan),
            np.random.pareto(nan), np.random.wald(nan, 1.0), np.random.triangular(nan, 1.0, 2.0))


@pytest.mark.skipif(is_numba, reason="Numba's standard_gamma, beta and standard_t never return "
                                      "for a NaN parameter (checked: they loop)")
def test_nan_parameters():
    res = jitted(nan_params)()
    assert all(np.isnan(v) for v in res)


@pytest.mark.parametrize("name, args", [("gamma", (np.ones(3), 1.0)), ("poisson", (np.ones(2),)),
                                        ("binomial", (2.5, 0.5)),
                                        _numba_differs_param("Numba raises RecursionError typing "
                                                             "triangular with a complex mode",
                                                             "triangular", (0, 1j, 2))],
                         ids=str)
def test_typing_errors(name, args):
    with pytest.raises(TypingError, match=name):
        jitted(_one(name, len(args)))(*args)


# ------------------------------------------------------------------ multinomial, dirichlet


def multinomial_draws(s, n, pvals):
    np.random.seed(s)
    return (np.random.multinomial(n, pvals), np.random.multinomial(n, pvals, 5),
            np.random.multinomial(n, pvals, (2, 3)), np.random.multinomial(n, pvals, 0),
            np.random.multinomial(n, pvals, 200))


@pytest.mark.parametrize("s", SEEDS)
@pytest.mark.parametrize("n, pvals", [(10, [0.2, 0.3, 0.5]), (1000, [0.1, 0.1, 0.8]),
                                      (0, [0.5, 0.5]), (5, [1.0]), (3, [0.7, 0.7]),
                                      (100000, [0.25] * 4), (7, [0.0, 1.0, 0.0])], ids=str)
def test_multinomial(s, n, pvals):
    exact(multinomial_draws, s, n, np.array(pvals))


def multinomial_one(n, pvals):
    return np.random.multinomial(n, pvals)


@numba_differs("Numba's multinomial messages differ and it accepts NaN pvals and "
               "sum(pvals[:-1]) > 1")
def test_multinomial_errors():
    check(multinomial_one, -1, np.array([0.5, 0.5]))
    check(multinomial_one, 3, np.array([-0.1, 1.1]))
    check(multinomial_one, 3, np.array([0.5, nan]))
    check(multinomial_one, 3, np.array([0.9, 0.9, 0.1]))


def dirichlet_draws(s, alpha):
    np.random.seed(s)
    return (np.random.dirichlet(alpha), np.random.dirichlet(alpha, 5),
            np.random.dirichlet(alpha, (2, 3)), np.random.dirichlet(alpha, 0),
            np.random.dirichlet(alpha, 100))


@pycomp_only("compares pycomp with Numba itself")
@pytest.mark.parametrize("s", SEEDS)
@pytest.mark.parametrize("alpha", [[1.0, 2.0], [0.3, 0.5, 4.0], [10.0]], ids=str)
def test_dirichlet(s, alpha):
    same_as_numba(dirichlet_draws, s, np.array(alpha))


def dirichlet_one(alpha):
    return np.random.dirichlet(alpha)


def test_dirichlet_errors():
    """NumPy's condition, Numba's message (NumPy says 'alpha <= 0')."""
    for alpha in (np.array([0.0, 1.0]), np.array([1.0, -2.0])):
        with pytest.raises(ValueError, match="dirichlet: alpha must be > 0.0"):
            jitted(dirichlet_one)(alpha)


def test_multinomial_dirichlet_typing_errors():
    with pytest.raises(TypingError, match="multinomial"):
        jitted(multinomial_one)(3.5, np.array([0.5, 0.5]))
    with pytest.raises(TypingError, match="dirichlet"):
        jitted(dirichlet_one)(np.ones((2, 2)))


# ------------------------------------------------------------------ randint with a dtype


def _randint_drawer(dtname):
    ns = {"np": np}
    exec("def draw(s, lo, hi):\n"
         "    np.random.seed(s)\n"
         "    d = np.%s\n"
         "    return (np.random.randint(lo, hi, 7, d), np.random.randint(lo, hi, (2, 3), dtype=d),\n"
         "            np.random.randint(lo, hi, 0, d), np.random.randint(lo, hi, 301, d),\n"
         "            np.random.randint(lo, hi, None, d), np.random.randint(lo, hi, 5, d))\n"
         % dtname, ns)
    ns["draw"].__name__ = "randint_" + dtname
    return ns["draw"]


_RANDINT = {name: _randint_drawer(name) for name in
            ("bool_", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64")}


def _randint_cases():
    out = []
    for name in _RANDINT:
        if name == "bool_":
            ranges = [(0, 2), (0, 1), (1, 2)]
        else:
            info = np.iinfo(name)
            ranges = [(0, 3), (int(info.min), int(info.max) + 1), (5, 6), (0, 100), (0, 2)]
            if info.bits == 64:  # bounds as int64 values
                ranges[1] = (int(info.min), 2**63 - 1)
        out += [(name, r) for r in ranges]
    return out


@numba_differs("Numba's np.random.randint has no dtype argument")
@pytest.mark.parametrize("s", [0, 7])
@pytest.mark.parametrize("dtname, bounds", _randint_cases(), ids=str)
def test_randint_dtype(s, dtname, bounds):
    with no_leaks():
        got = jitted(_RANDINT[dtname])(s, *bounds)
        want = _RANDINT[dtname](s, *bounds)
        for g, w in zip(got, want):
            assert np.asarray(g).dtype == np.asarray(w).dtype or np.ndim(w) == 0
            assert np.shape(g) == np.shape(w)
            assert np.array_equal(g, w)
        del got, g


def randint_dtype_one(lo, hi):
    return np.random.randint(lo, hi, 3, np.int8)


def randint_bool_one(lo, hi):
    return np.random.randint(lo, hi, 3, np.bool_)


def randint_uint64_one(lo, hi):
    return np.random.randint(lo, hi, 3, np.uint64)


@numba_differs("Numba's np.random.randint has no dtype argument")
def test_randint_dtype_errors():
    check(randint_dtype_one, -200, 0)
    check(randint_dtype_one, 0, 300)
    check(randint_dtype_one, 5, 5)
    check(randint_bool_one, 0, 3)
    check(randint_uint64_one, -1, 3)


def test_randint_dtype_typing_error():
    def float_dtype():
        return np.random.randint(0, 5, 3, np.float64)

    with pytest.raises(TypingError, match="randint"):
        jitted(float_dtype)()


# ------------------------------------------------------------------ choice with p


def choice_p_draws(s, a, p, replace):
    np.random.seed(s)
    return (np.random.choice(a, 7, replace, p), np.random.choice(a, (2, 2), replace=replace, p=p),
            np.random.choice(a, p=p, replace=replace), np.random.choice(a, 0, replace, p),
            np.random.choice(a, 3, replace, p))


P4 = np.array([0.1, 0.2, 0.3, 0.4])
P_SPARSE = np.array([0.0, 0.5, 0.0, 0.25, 0.25, 0.0, 0.0, 0.0])


@numba_differs("Numba's np.random.choice does not accept p")
@pytest.mark.parametrize("s", SEEDS)
@pytest.mark.parametrize("replace", [True, False])
@pytest.mark.parametrize("a, p", [(4, P4), (np.array([1.5, 2.5, 3.5, 4.5]), P4),
                                  (np.arange(8), P_SPARSE),
                                  (10, np.full(10, 0.1, np.float32)),
                                  (np.array([True, False, True, False]), P4)], ids=str)
def test_choice_p(s, a, p, replace):
    if not replace and p is P_SPARSE:
        a, p = np.arange(8), np.array([0.1, 0.5, 0.0, 0.1, 0.1, 0.1, 0.05, 0.05])
    exact(choice_p_draws, s, a, p, replace)


def choice_p_long(s, n, p):
    np.random.seed(s)
    return np.random.choice(n, 500, True, p), np.random.choice(n, n // 2, False, p)


@numba_differs("Numba's np.random.choice does not accept p")
@pytest.mark.parametrize("s", SEEDS)
def test_choice_p_long(s):
    p = np.arange(1.0, 51.0)
    exact(choice_p_long, s, 50, p / p.sum())


def choice_p_one(a, size, replace, p):
    return np.random.choice(a, size, replace, p)


@numba_differs("Numba's np.random.choice does not accept p")
def test_choice_p_errors():
    check(choice_p_one, 3, 2, True, P4)
    check(choice_p_one, 4, 2, True, np.array([0.5, 0.5, 0.5, -0.5]))
    check(choice_p_one, 4, 2, True, np.array([0.5, 0.5, 0.5, 0.5]))
    check(choice_p_one, 4, 2, True, np.array([0.5, 0.5, nan, 0.0]))
    check(choice_p_one, 4, 5, False, P4)
    check(choice_p_one, 8, 4, False, P_SPARSE)
    check(choice_p_one, 0, 2, True, np.zeros(0))


def test_choice_p_typing_error():
    with pytest.raises(TypingError, match="choice"):
        jitted(choice_p_one)(4, 2, True, np.ones((2, 2)))


# ------------------------------------------------------------------ random_integers


def random_integers_draws(s, lo, hi):
    np.random.seed(s)
    return (np.random.random_integers(lo, hi), np.random.random_integers(lo, hi, 9),
            np.random.random_integers(hi), np.random.random_integers(hi, size=(2, 3)))


@numba_differs("Numba does not support np.random.random_integers")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("s", SEEDS)
@pytest.mark.parametrize("lo, hi", [(0, 5), (-3, 3), (7, 7), (1, 1000)], ids=str)
def test_random_integers(s, lo, hi):
    exact(random_integers_draws, s, lo, hi)


# ------------------------------------------------------------------ array layouts


def layouts(s, pv, alpha, p):
    np.random.seed(s)
    return (np.random.multinomial(20, pv, 3),
            np.random.choice(4, 5, True, p), np.random.choice(4, 3, False, p))


@numba_differs("Numba's choice does not accept p")
@pytest.mark.parametrize("s", [0, 9])
def test_strided_and_reversed_arrays(s):
    base = np.array([0.1, 9.0, 0.2, 9.0, 0.3, 9.0, 0.4, 9.0])
    exact(layouts, s, base[::2], base[::2][::-1], base[::-2][::-1])
    exact(layouts, s, np.asfortranarray(base[::2]), np.array([1, 2, 3]), base[::2].astype(np.float32))


def dirichlet_two(s, alpha):
    np.random.seed(s)
    return np.random.dirichlet(alpha, 2)


@pycomp_only("compares pycomp with Numba itself")
def test_dirichlet_strided_alpha():
    base = np.array([0.1, 9.0, 0.2, 9.0, 0.3, 9.0, 0.4, 9.0])
    for alpha in (base[::2], base[::-2], np.asfortranarray(base[::2]), np.array([1, 2, 3])):
        same_as_numba(dirichlet_two, 3, alpha)
