"""Differential tests: ``np.random.Generator`` objects in compiled code
(pycomp/np/generator.py, generator_dists.py) against NumPy. Two generators
with the same seed, one used by the compiled function and one by the same
function in CPython, draw exactly the same values (bit for bit), dtypes and
shapes, and end in the same state (the Python object's state advances)."""

import numpy as np
import pytest

from support import TypingError, assert_same, is_numba, jitted, no_leaks, numba_differs

SEEDS = [0, 1, 12345]
SIZES = [None, 0, 1, 7, 700, (), (2, 3), (3, 0), (2, 2, 2)]
BITGENS = [np.random.PCG64, np.random.MT19937, np.random.Philox, np.random.SFC64,
           np.random.PCG64DXSM]


def same_draws(fn, *args, seed=0, bitgen=np.random.PCG64):
    """``fn(gen, *args)`` compiled and in CPython, on two generators seeded
    alike: the same results (rtol 0) and the same final state; no leaks."""
    g_jit = np.random.Generator(bitgen(seed))
    g_py = np.random.Generator(bitgen(seed))
    with no_leaks():
        got = jitted(fn)(g_jit, *args)
        want = fn(g_py, *args)
        assert_same(got, want, rtol=0.0)
        del got
    np.testing.assert_equal(g_jit.bit_generator.state, g_py.bit_generator.state)


def same_error(fn, *args, exc=ValueError):
    """The compiled call raises ``exc``, as NumPy does."""
    with pytest.raises(exc):
        fn(np.random.default_rng(0), *args)
    with pytest.raises(exc):
        jitted(fn)(np.random.default_rng(0), *args)


# ------------------------------------------------------------------ random


def random_size(g, size):
    return g.random(size), g.random()


def random_f32(g, size):
    return g.random(size, np.float32), g.random(dtype=np.float32)


def random_twice(g):
    return g.random(5)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("size", SIZES)
def test_random(seed, size):
    same_draws(random_size, size, seed=seed)


@pytest.mark.parametrize("size", [None, 3, (2, 5)])
def test_random_float32(size):
    same_draws(random_f32, size, seed=3)


@pytest.mark.parametrize("bitgen", BITGENS)
def test_random_bit_generators(bitgen):
    same_draws(random_size, 50, seed=7, bitgen=bitgen)


def test_state_advances():
    """Drawing in compiled code then in Python equals drawing twice in Python."""
    g1, g2 = np.random.default_rng(9), np.random.default_rng(9)
    a = jitted(random_twice)(g1)
    b = g1.random(5)
    assert_same(np.concatenate([a, b]), g2.random(10), rtol=0.0)


def random_bad_size(g):
    return g.random(1.5)


def random_bad_dtype(g):
    return g.random(3, np.int64)


def test_random_errors():
    with pytest.raises(TypingError):
        jitted(random_bad_size)(np.random.default_rng(0))
    with pytest.raises(TypingError):
        jitted(random_bad_dtype)(np.random.default_rng(0))


# ------------------------------------------------------------------ integers


def integers_high(g, low, high, size):
    return g.integers(low, high, size), g.integers(low, high)


def integers_low(g, low, size):
    return g.integers(low, size=size), g.integers(low)


def integers_endpoint(g, low, high, size):
    return g.integers(low, high, size, endpoint=True), g.integers(low, high, endpoint=True)


def integers_int32(g, low, high, size):
    return g.integers(low, high, size, np.int32), g.integers(low, high, dtype=np.int32)


def integers_uint32(g, low, high, size):
    return g.integers(low, high, size, np.uint32), g.integers(low, high, dtype=np.uint32)


def integers_uint64(g, low, high, size):
    return g.integers(low, high, size, np.uint64), g.integers(low, high, dtype=np.uint64)


RANGES = [(0, 1), (0, 2), (-5, 5), (0, 100), (3, 2**31), (0, 2**32 - 1), (0, 2**32),
          (0, 2**32 + 1), (-2**40, 2**40), (-2**62, 2**62)]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("bounds", RANGES)
def test_integers(seed, bounds):
    same_draws(integers_high, bounds[0], bounds[1], 300, seed=seed)


@numba_differs("Numba's integers draws other values when high - low overflows int64")
def test_integers_wide_range():
    same_draws(integers_high, -2**63, 2**63 - 1, 300, seed=1)


@numba_differs("Numba's Generator.integers requires high")
@pytest.mark.parametrize("size", SIZES)
def test_integers_sizes(size):
    same_draws(integers_low, 17, size, seed=2)


@pytest.mark.parametrize("bounds", [(0, 0), (0, 1), (-5, 5), (0, 2**32 - 1), (7, 2**40)])
def test_integers_endpoint(bounds):
    same_draws(integers_endpoint, bounds[0], bounds[1], 100, seed=4)


@pytest.mark.parametrize("bounds", [(0, 1), (-5, 5), (-2**31, 2**31 - 1), (0, 1000)])
def test_integers_int32(bounds):
    same_draws(integers_int32, bounds[0], bounds[1], 200, seed=5)


@pytest.mark.parametrize("bounds", [(0, 1), (0, 5), (0, 2**32 - 1), (10, 1000)])
def test_integers_uint32(bounds):
    same_draws(integers_uint32, bounds[0], bounds[1], 200, seed=5)


@pytest.mark.parametrize("bounds", [(0, 1), (0, 5), (0, 2**40), (0, 2**63 - 1)])
def test_integers_uint64(bounds):
    same_draws(integers_uint64, bounds[0], bounds[1], 200, seed=5)


@pytest.mark.parametrize("bitgen", BITGENS)
def test_integers_bit_generators(bitgen):
    """32-bit draws (small ranges) use each bit generator's next_uint32."""
    same_draws(integers_high, -3, 1000, 101, seed=8, bitgen=bitgen)


@numba_differs("Numba's Generator.integers requires high")
def test_integers_low_only_error():
    same_error(integers_low, 0, None)


def test_integers_errors():
    same_error(integers_high, 5, 5, 3)
    same_error(integers_high, 5, 2, None)
    same_error(integers_endpoint, 3, 2, None)
    same_error(integers_int32, 0, 2**31 + 5, None)
    same_error(integers_uint32, -1, 5, None)


def integers_float(g):
    return g.integers(1.5, 3)


def integers_bad_dtype(g):
    return g.integers(0, 3, 2, np.float64)


def test_integers_typing_errors():
    for fn in (integers_float, integers_bad_dtype):
        with pytest.raises(TypingError):
            jitted(fn)(np.random.default_rng(0))


# ------------------------------------------------------------------ uniform


def uniform_args(g, low, high, size):
    return g.uniform(low, high, size), g.uniform(low, high), g.uniform()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("size", SIZES)
def test_uniform(seed, size):
    same_draws(uniform_args, -2.0, 3.5, size, seed=seed)


@numba_differs("Numba's uniform refuses a bool bound")
def test_uniform_bool_bound():
    same_draws(uniform_args, True, 3, 10, seed=1)


@pytest.mark.parametrize("bounds", [(0, 1), (-5.0, 1.0), (2.0, 2.0)])
def test_uniform_bounds(bounds):
    same_draws(uniform_args, bounds[0], bounds[1], 10, seed=1)


@numba_differs("Numba's uniform does not check high < low")
def test_uniform_high_below_low():
    same_error(uniform_args, 5.0, 1.0, 3)


@numba_differs("Numba's uniform does not raise OverflowError for an infinite range")
def test_uniform_errors():
    same_error(uniform_args, -np.inf, 0.0, 3, exc=OverflowError)
    same_error(uniform_args, 0.0, np.inf, None, exc=OverflowError)


def uniform_complex(g):
    return g.uniform(1j, 2.0)


def test_uniform_typing_error():
    with pytest.raises(TypingError):
        jitted(uniform_complex)(np.random.default_rng(0))


# ------------------------------------------------------------------ normal, exponential


def standard_normal_size(g, size):
    return g.standard_normal(size), g.standard_normal()


def normal_args(g, loc, scale, size):
    return g.normal(loc, scale, size), g.normal(loc, scale), g.normal()


def standard_exponential_size(g, size):
    return g.standard_exponential(size), g.standard_exponential()


def exponential_args(g, scale, size):
    return g.exponential(scale, size), g.exponential(scale), g.exponential()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("size", SIZES)
def test_standard_normal(seed, size):
    same_draws(standard_normal_size, size, seed=seed)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("size", SIZES)
def test_standard_exponential(seed, size):
    same_draws(standard_exponential_size, size, seed=seed)


@pytest.mark.parametrize("seed", range(4))
def test_ziggurats_long(seed):
    """Long streams reach every layer, the wedges and the tails."""
    same_draws(standard_normal_size, 100000, seed=seed)
    same_draws(standard_exponential_size, 100000, seed=seed)


@pytest.mark.parametrize("bitgen", BITGENS)
def test_ziggurats_bit_generators(bitgen):
    same_draws(standard_normal_size, 2000, seed=6, bitgen=bitgen)
    same_draws(standard_exponential_size, 2000, seed=6, bitgen=bitgen)


@pytest.mark.parametrize("params", [(0.0, 1.0), (2.0, 3.0), (-1, 0), (5, 2)])
@pytest.mark.parametrize("size", [None, 4, (2, 3)])
def test_normal(params, size):
    same_draws(normal_args, params[0], params[1], size, seed=2)


@pytest.mark.parametrize("scale", [1.0, 2.5, 0.0, 3])
@pytest.mark.parametrize("size", [None, 4, (2, 3)])
def test_exponential(scale, size):
    same_draws(exponential_args, scale, size, seed=2)


@numba_differs("Numba's normal does not check for a negative scale")
def test_normal_scale_error():
    same_error(normal_args, 0.0, -1.0, 3)
    same_error(normal_args, 0.0, -1.0, None)


@numba_differs("Numba's exponential does not check for a negative scale")
def test_exponential_scale_error():
    same_error(exponential_args, -2.0, 3)
    same_error(exponential_args, -2.0, None)


def normal_f32(g):
    return g.standard_normal(3, np.float32)


def normal_complex(g):
    return g.normal(0.0, 1j)


@pytest.mark.parametrize("fn", [normal_complex])
def test_normal_typing_errors(fn):
    with pytest.raises(TypingError):
        jitted(fn)(np.random.default_rng(0))


@numba_differs("Numba implements the float32 ziggurat; pycomp raises a TypingError")
def test_standard_normal_float32_refused():
    with pytest.raises(TypingError):
        jitted(normal_f32)(np.random.default_rng(0))
