"""Differential tests: ``np.random`` in compiled code (pycomp/np/random.py,
csrc/random.c) against NumPy's legacy global RandomState. After
``np.random.seed(s)`` on each side, the same calls draw exactly the same
values (compared bit for bit), dtypes and shapes; errors are NumPy's."""

import threading

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, no_leaks, numba_differs

SEEDS = [0, 1, 42, 2**32 - 1]
SIZES = [None, 0, 1, 7, 700, (), (2, 3), (3, 0), (2, 2, 2)]


def exact(fn, *args):
    """``fn`` compiled draws NumPy's exact values (rtol 0), nothing leaks."""
    with no_leaks():
        check(fn, *args, rtol=0.0)


# ------------------------------------------------------------------ uniform [0, 1)


def random_size(s, size):
    np.random.seed(s)
    return np.random.random(size), np.random.random()


def random_sample_size(s, size):
    np.random.seed(s)
    return np.random.random_sample(size), np.random.random_sample()


def random_no_size(s):
    np.random.seed(s)
    return np.random.random(), np.random.random_sample(), np.random.rand()


def rand_dims(s):
    np.random.seed(s)
    return np.random.rand(3), np.random.rand(2, 3), np.random.rand(2, 1, 2), np.random.rand(0)


@pytest.mark.parametrize("s", SEEDS)
@pytest.mark.parametrize("size", [z for z in SIZES if z is not None], ids=str)
def test_random_sizes(s, size):
    exact(random_size, s, size)
    exact(random_sample_size, s, size)


@pytest.mark.parametrize("s", SEEDS)
def test_random_scalars_and_rand(s):
    exact(random_no_size, s)
    exact(rand_dims, s)


def reseed_twice(s):
    np.random.seed(s)
    a = np.random.random(3)
    np.random.seed(s)
    return a, np.random.random(3)


def test_reseed_restarts_the_stream():
    a, b = check(reseed_twice, 5, rtol=0.0)
    assert np.array_equal(a, b)


@numba_differs("Numba does not check that the seed is in [0, 2**32)")
def test_seed_errors():
    def bad_seed(s):
        np.random.seed(s)
        return np.random.random()

    check(bad_seed, -1)
    check(bad_seed, 2**32)


def test_seed_typing_error():
    def float_seed():
        np.random.seed(1.5)

    with pytest.raises(TypingError):
        jitted(float_seed)()


# ------------------------------------------------------------------ randint


def randint_hi(s, low, high, size):
    np.random.seed(s)
    return np.random.randint(low, high, size), np.random.randint(low, high)


def randint_one(s, high):
    np.random.seed(s)
    return np.random.randint(high), np.random.randint(high, size=4)


RANGES = [(0, 1), (0, 2), (3, 100), (-5, 5), (0, 2**31), (0, 2**32), (0, 2**32 + 1), (-7, 2**40),
          (10, 11)]


@pytest.mark.parametrize("s", [0, 42])
@pytest.mark.parametrize("low,high", RANGES, ids=str)
@pytest.mark.parametrize("size", [3, (2, 3)], ids=str)
def test_randint(s, low, high, size):
    exact(randint_hi, s, low, high, size)


@numba_differs("Numba raises 'empty range for randrange()' when high - low overflows int64")
@pytest.mark.parametrize("size", [3, (2, 3)], ids=str)
def test_randint_full_int64_range(size):
    exact(randint_hi, 5, -2**63, 2**63 - 1, size)


def randint_one_scalar(s, high):
    np.random.seed(s)
    return np.random.randint(high), np.random.randint(high)


@pytest.mark.parametrize("high", [1, 6, 1000, 2**33])
def test_randint_one_bound_scalar(high):
    exact(randint_one_scalar, 3, high)


@numba_differs("Numba's np.random.randint(high, size=n) is not supported (size needs low and high)")
@pytest.mark.parametrize("high", [1, 6, 1000, 2**33])
def test_randint_one_bound(high):
    exact(randint_one, 3, high)


@pytest.mark.parametrize("low,high", [(5, 5), (6, 5), (0, 0), (0, -3)])
def test_randint_empty_range(low, high):
    # Numba raises ValueError too, with Python's randrange message
    check(randint_hi, 1, low, high, 3, match_message=not is_numba)


def test_randint_typing_error():
    def float_bound():
        return np.random.randint(1.5)

    with pytest.raises(TypingError, match="randint"):
        jitted(float_bound)()


# ------------------------------------------------------------------ normal


def standard_normal_size(s, size):
    np.random.seed(s)
    return np.random.standard_normal(size), np.random.standard_normal()


def randn_dims(s):
    np.random.seed(s)
    return np.random.randn(), np.random.randn(3), np.random.randn(2, 3), np.random.randn()


def normal_args(s, loc, scale, size):
    np.random.seed(s)
    return np.random.normal(loc, scale, size), np.random.normal(loc, scale), np.random.normal()


@pytest.mark.parametrize("s", SEEDS)
@pytest.mark.parametrize("size", [z for z in SIZES if z is not None], ids=str)
def test_standard_normal(s, size):
    exact(standard_normal_size, s, size)


@pytest.mark.parametrize("s", SEEDS)
def test_randn(s):
    exact(randn_dims, s)


@pytest.mark.parametrize("loc,scale", [(0.0, 1.0), (2, 3), (-1.5, 0.0), (10.0, 2)], ids=str)
@pytest.mark.parametrize("size", [1, 5, (2, 3)], ids=str)
def test_normal(loc, scale, size):
    exact(normal_args, 42, loc, scale, size)


def gauss_cache_reset(s):
    np.random.seed(s)
    a = np.random.standard_normal(3)  # leaves a cached value
    np.random.seed(s)
    return a, np.random.standard_normal(3)


def test_seed_resets_gauss_cache():
    a, b = check(gauss_cache_reset, 9, rtol=0.0)
    assert np.array_equal(a, b)


@numba_differs("Numba does not check scale < 0 (it returns values)")
def test_normal_negative_scale():
    check(normal_args, 1, 0.0, -1.0, 3)


# ------------------------------------------------------------------ uniform, exponential


def uniform_args(s, low, high, size):
    np.random.seed(s)
    return np.random.uniform(low, high, size), np.random.uniform(low, high), np.random.uniform()


def exponential_args(s, scale, size):
    np.random.seed(s)
    return np.random.exponential(scale, size), np.random.exponential(scale), np.random.exponential()


@pytest.mark.parametrize("low,high", [(0.0, 1.0), (-3, 5), (2.5, -1.0), (1.0, 1.0)], ids=str)
@pytest.mark.parametrize("size", [1, 6, (3, 2)], ids=str)
def test_uniform(low, high, size):
    exact(uniform_args, 7, low, high, size)


@numba_differs("Numba does not check that high - low is finite (no OverflowError)")
def test_uniform_overflow():
    check(uniform_args, 1, 0.0, np.inf, 3)
    check(uniform_args, 1, -1e308, 1e308, 3)


@pytest.mark.parametrize("scale", [1.0, 0.5, 3, 0.0])
@pytest.mark.parametrize("size", [1, 6, (3, 2)], ids=str)
def test_exponential(scale, size):
    exact(exponential_args, 11, scale, size)


@numba_differs("Numba does not check scale < 0 (it returns values)")
def test_exponential_negative_scale():
    check(exponential_args, 1, -2.0, 3)


# ------------------------------------------------------------------ mixed streams


def mixed(s):
    np.random.seed(s)
    return (np.random.random(), np.random.standard_normal(), np.random.randint(0, 10, 3),
            np.random.normal(1.0, 2.0, 2), np.random.uniform(-1.0, 1.0), np.random.exponential(2.0, 2),
            np.random.randint(2**40), np.random.randn(3))


@pytest.mark.parametrize("s", SEEDS)
def test_mixed_calls_share_one_stream(s):
    exact(mixed, s)


# ------------------------------------------------------------------ shuffle, permutation, choice


def shuffle_it(s, a):
    np.random.seed(s)
    np.random.shuffle(a)
    return a


ARRAYS = [np.arange(10), np.arange(20.0), np.array([True, False, True, True]), np.arange(6.0) + 1j,
          np.arange(12).reshape(4, 3), np.asfortranarray(np.arange(12.0).reshape(4, 3)),
          np.arange(20)[::3], np.arange(10.0)[::-1], np.arange(24).reshape(2, 3, 4), np.zeros(0), np.ones(1)]
AIDS = ["int", "float", "bool", "complex", "2d", "F", "strided", "negstrided", "3d", "empty", "one"]


@pytest.mark.parametrize("a", ARRAYS, ids=AIDS)
@pytest.mark.parametrize("s", [0, 42])
def test_shuffle(s, a):
    with no_leaks():
        check(shuffle_it, s, a, rtol=0.0, compare_args=True)


def permutation_of(s, x):
    np.random.seed(s)
    return np.random.permutation(x)


@pytest.mark.parametrize("x", [0, 1, 10, 1000])
def test_permutation_int(x):
    exact(permutation_of, 42, x)


@pytest.mark.parametrize("a", ARRAYS, ids=AIDS)
def test_permutation_array(a):
    with no_leaks():
        check(permutation_of, 42, a, rtol=0.0, compare_args=True)


def choice_size(s, a, size, replace):
    np.random.seed(s)
    return np.random.choice(a, size, replace)


def choice_scalar(s, a):
    np.random.seed(s)
    return np.random.choice(a), np.random.choice(a)


def choice_scalar_no_replace(s, a):
    np.random.seed(s)
    return np.random.choice(a, replace=False)


@pytest.mark.parametrize("a", [5, 100, np.arange(7.0), np.arange(10)[::-2], np.array([True, False])],
                         ids=["5", "100", "float", "negstrided", "bool"])
@pytest.mark.parametrize("size", [1, 2, (2, 1)], ids=str)
@pytest.mark.parametrize("replace", [True, False])
def test_choice(a, size, replace):
    exact(choice_size, 42, a, size, replace)


@pytest.mark.parametrize("a", [5, 1000, np.arange(7.0), np.arange(3)], ids=["5", "1000", "float", "int"])
def test_choice_scalar(a):
    exact(choice_scalar, 3, a)


@numba_differs("Numba's np.random.choice(a, replace=False) without a size draws another stream than NumPy")
@pytest.mark.parametrize("a", [5, 1000, np.arange(7.0), np.arange(3)], ids=["5", "1000", "float", "int"])
def test_choice_scalar_no_replace(a):
    exact(choice_scalar_no_replace, 3, a)


@pytest.mark.parametrize("a,size,replace", [(3, 5, False), (np.arange(2.0), 3, False), (0, 2, True),
                                            (np.zeros(0), 2, True)], ids=["int", "array", "zero", "empty"])
def test_choice_errors(a, size, replace):
    # Numba raises ValueError too, with other messages for an empty population
    check(choice_size, 1, a, size, replace, match_message=not is_numba)


def test_shuffle_typing_error():
    def shuffle_int():
        np.random.shuffle(5)

    with pytest.raises(TypingError, match="shuffle"):
        jitted(shuffle_int)()


# ------------------------------------------------------------------ the state


def seed_and_draw(s, n):
    np.random.seed(s)
    return np.random.random(n)


def draw(n):
    return np.random.random(n)


def test_numpy_global_state_untouched():
    cf = jitted(seed_and_draw)
    np.random.seed(1)
    cf(42, 10)
    assert np.random.random() == np.random.RandomState(1).random_sample()


def test_threads_have_independent_states():
    cseed, cdraw = jitted(seed_and_draw), jitted(draw)
    first = cseed(42, 2)
    other = {}
    t = threading.Thread(target=lambda: other.update(a=cseed(7, 5), b=cdraw(1000)))
    t.start()
    t.join()
    rest = cdraw(3)
    want = np.random.RandomState(42).random_sample(5)
    assert np.array_equal(np.concatenate([first, rest]), want)
    assert np.array_equal(other["a"], np.random.RandomState(7).random_sample(5))


def test_unseeded_draws_are_in_range():
    a = jitted(draw)(1000)
    assert a.dtype == np.float64 and a.shape == (1000,)
    assert (a >= 0).all() and (a < 1).all() and len(np.unique(a)) > 990


# ------------------------------------------------------------------ keywords, sizes, typing errors


def keywords(s):
    np.random.seed(s)
    return (np.random.normal(size=3), np.random.randint(0, 5, size=(2, 2)), np.random.uniform(high=2.0),
            np.random.exponential(size=2), np.random.random(size=2), np.random.standard_normal(size=(1, 2)),
            np.random.choice(np.arange(4), size=2, replace=False), np.random.normal(loc=1.0),
            np.random.uniform(low=-2.0, size=2), np.random.exponential(scale=3.0))


@numba_differs("Numba's np.random.normal needs loc and scale before size (normal(size=3) is refused)")
def test_keyword_arguments():
    exact(keywords, 3)


def test_negative_size():
    # Numba raises ValueError too, with np.empty's message
    check(random_size, 1, -1, match_message=not is_numba)
    check(standard_normal_size, 1, (2, -1), match_message=not is_numba)


def float_size():
    return np.random.random(2.5)


def complex_loc():
    return np.random.normal(1j)


def rand_float():
    return np.random.rand(2.0)


@pytest.mark.parametrize("fn", [float_size, complex_loc, rand_float])
def test_typing_errors(fn):
    with pytest.raises(TypingError):
        jitted(fn)()
