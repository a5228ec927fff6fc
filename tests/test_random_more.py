"""More of compiled code's ``np.random`` / ``random`` against NumPy's legacy
global RandomState: ``dirichlet`` with a tuple or list ``alpha``,
``multinomial`` with a list or tuple ``pvals``, the ``ranf`` / ``sample``
aliases of ``random_sample``, Numba's check of ``size`` types, and the
generator's seeding from the OS in each process: forked children (and
the parent) draw different streams without a seed, the same one after
``np.random.seed``."""

import multiprocessing
import random
import sys

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, njit, no_leaks, numba_differs, same_as_numba

SEEDS = [0, 1, 42, 2**32 - 1]


def exact(fn, *args):
    """``fn`` compiled draws NumPy's exact values (rtol 0), nothing leaks."""
    with no_leaks():
        check(fn, *args, rtol=0.0)


# ------------------------------------------------------------------ dirichlet, multinomial of sequences


def dirichlet_draws(s, alpha):
    np.random.seed(s)
    return (np.random.dirichlet(alpha), np.random.dirichlet(alpha, 4),
            np.random.dirichlet(alpha, size=(2, 3)), np.random.dirichlet(alpha, 0))


@pytest.mark.parametrize("s", SEEDS)
@pytest.mark.parametrize("alpha", [(1.0, 2.0, 3.0),
                                   pytest.param((1, 2.5), marks=[
                                       pytest.mark.numba_differs(reason="no heterogeneous tuple alpha"),
                                       pytest.mark.xfail(is_numba, strict=True,
                                                         reason="Numba's dirichlet takes no heterogeneous tuple")]),
                                   [0.3, 0.5, 4.0], (2, 1)], ids=str)
def test_dirichlet_sequence_alpha(s, alpha):
    """Numba's stream (its gammas are CPython's gammavariate), not NumPy's;
    Numba takes the concentrations as an array."""
    same_as_numba(dirichlet_draws, s, alpha, reference_args=(s, np.array(alpha, np.float64)))


@pytest.mark.parametrize("alpha", [(2,), [3], (0.5,)], ids=str)
def test_dirichlet_one_category(alpha):
    """One category: every row is 1.0 up to rounding (g / g under any gamma stream)."""
    with no_leaks():
        check(dirichlet_draws, 7, alpha, rtol=1e-12)


def dirichlet_one(alpha):
    return np.random.dirichlet(alpha)


@pytest.mark.parametrize("alpha", [(1.0, 0.0), [1.0, -2.0],
                                   pytest.param((0, 1), marks=pytest.mark.skipif(
                                       is_numba, reason="Numba's dirichlet takes no tuple of ints"))], ids=str)
def test_dirichlet_sequence_errors(alpha):
    """NumPy's condition, Numba's message (NumPy says 'alpha <= 0')."""
    with pytest.raises(ValueError, match="dirichlet: alpha must be > 0.0"):
        jitted(dirichlet_one)(alpha)


def test_dirichlet_sequence_typing_error():
    with pytest.raises(TypingError, match="dirichlet"):
        jitted(dirichlet_one)(("a", "b"))


def multinomial_draws(s, n, pvals):
    np.random.seed(s)
    return (np.random.multinomial(n, pvals), np.random.multinomial(n, pvals, 5),
            np.random.multinomial(n, pvals, size=(2, 3)), np.random.multinomial(n, pvals, 0))


@pytest.mark.parametrize("s", SEEDS)
@pytest.mark.parametrize("n, pvals", [(10, [0.2, 0.3, 0.5]), (1000, (0.1, 0.1, 0.8)), (0, [0.5, 0.5]),
                                      (5, [1.0]), (7, (0.0, 1.0, 0.0)), (20, [1, 0])], ids=str)
def test_multinomial_sequence_pvals(s, n, pvals):
    exact(multinomial_draws, s, n, pvals)


def multinomial_one(n, pvals):
    return np.random.multinomial(n, pvals)


@numba_differs("Numba's multinomial messages differ from NumPy's")
def test_multinomial_sequence_errors():
    check(multinomial_one, -1, [0.5, 0.5])
    check(multinomial_one, 3, [-0.1, 1.1])
    check(multinomial_one, 3, (0.9, 0.9, 0.1))


# ------------------------------------------------------------------ ranf, sample


def aliases(s):
    np.random.seed(s)
    return (np.random.ranf(), np.random.sample(), np.random.random_sample(), np.random.ranf(3),
            np.random.sample((2, 2)), np.random.ranf(size=0), np.random.sample(size=4))


@pytest.mark.parametrize("s", SEEDS)
def test_ranf_sample(s):
    exact(aliases, s)


# ------------------------------------------------------------------ size types


def noncentral_chisquare(df, nonc, size):
    return np.random.noncentral_chisquare(df, nonc, size=size)


def random_sized(size):
    return np.random.random(size)


@pytest.mark.parametrize("size", [True, 3j, 1.5, (1.5, 1), (3j, 1), (np.int8(3), np.int64(7))], ids=repr)
def test_size_type_message(size):
    with pytest.raises(TypingError, match=r"np.random.noncentral_chisquare\(\): size should be int or "
                                          r"tuple of ints or None, got"):
        jitted(noncentral_chisquare)(1.0, 1.0, size)


@numba_differs("Numba checks the size type with this message in the distributions only")
@pytest.mark.parametrize("size", [True, 3j, (1.5, 1), (np.int8(3), np.int64(7))], ids=repr)
def test_size_type_message_random(size):
    with pytest.raises(TypingError, match=r"np.random.random\(\): size should be int or tuple of ints or None"):
        jitted(random_sized)(size)


@pytest.mark.parametrize("size", [3, (2, 3), np.int32(2), (np.int8(2), np.int8(1)), ()], ids=repr)
def test_size_types_accepted(size):
    got = jitted(random_sized)(size)
    assert got.shape == np.random.random(size).shape and got.dtype == np.float64


# ------------------------------------------------------------------ seeding per process


@njit
def _np_draws(out):
    for i in range(out.size):
        out[i] = np.random.randint(0, 2**31)
    return out


@njit
def _py_draws(out):
    for i in range(out.size):
        out[i] = random.getrandbits(31)
    return out


@njit
def _np_seed(s):
    np.random.seed(s)


@njit
def _py_seed(s):
    random.seed(s)


def _child(kind, queue):
    fn = _np_draws if kind == "np" else _py_draws
    queue.put(tuple(fn(np.zeros(6, np.int64))))


def _streams(kind, nprocs=3):
    """The draws of ``nprocs`` forked children and then the parent."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_child, args=(kind, queue)) for _ in range(nprocs)]
    for p in procs:
        p.start()
    results = [queue.get(timeout=60) for _ in procs]
    for p in procs:
        p.join()
    fn = _np_draws if kind == "np" else _py_draws
    results.append(tuple(fn(np.zeros(6, np.int64))))
    return results


@pytest.mark.skipif(sys.platform == "win32", reason="fork")
@pytest.mark.parametrize("kind", ["np", "py"])
def test_forked_children_draw_different_streams(kind):
    fn = _np_draws if kind == "np" else _py_draws
    fn(np.zeros(2, np.int64))  # the parent's state is in use before the fork
    results = _streams(kind)
    assert len(set(results)) == len(results)


@pytest.mark.skipif(sys.platform == "win32", reason="fork")
@pytest.mark.parametrize("kind", ["np", "py"])
def test_seed_stays_deterministic(kind):
    fn = _np_draws if kind == "np" else _py_draws
    seed = _np_seed if kind == "np" else _py_seed
    seed(123)
    first = tuple(fn(np.zeros(6, np.int64)))
    seed(123)
    assert tuple(fn(np.zeros(6, np.int64))) == first
    if kind == "np":
        rs = np.random.RandomState(123)
        assert first == tuple(int(rs.randint(0, 2**31)) for _ in range(6))
