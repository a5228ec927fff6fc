"""The random states seen from Python: ``_helperlib``'s rnd_* functions.

Numba's ``numba._helperlib`` and pycomp's ``pycomp._helperlib`` both offer
the calling thread's two Mersenne Twister states (``np.random`` and Python's
``random`` module in compiled code) to be read, written, twisted and
seeded. Each test syncs a state with NumPy's or CPython's generator and
checks that compiled draws then follow it.
"""

import importlib
import os
import random
import threading

import numpy as np
import pytest

from support import ENGINE, njit, pycomp_only

helperlib = importlib.import_module("%s._helperlib" % ENGINE)
N = 624


def ptrs():
    return [helperlib.rnd_get_np_state_ptr(), helperlib.rnd_get_py_state_ptr()]


@njit
def np_draws(n):
    out = np.empty(n)
    for i in range(n):
        out[i] = np.random.random()
    return out


@njit
def py_draws(n):
    out = np.empty(n)
    for i in range(n):
        out[i] = random.random()
    return out


@njit
def np_normals(n):
    out = np.empty(n)
    for i in range(n):
        out[i] = np.random.normal(0.0, 1.0)
    return out


def test_two_distinct_states():
    p, q = ptrs()
    assert isinstance(p, int) and isinstance(q, int) and p != q


@pytest.mark.parametrize("which", [0, 1])
@pytest.mark.parametrize("seed", [0, 1, 125, 2**32 - 5])
def test_seed_is_numpys(which, seed):
    ptr = ptrs()[which]
    helperlib.rnd_seed(ptr, seed)
    st = np.random.RandomState(seed).get_state()
    assert helperlib.rnd_get_state(ptr) == (st[2], [int(x) for x in st[1]])


@pytest.mark.parametrize("which", [0, 1])
def test_get_set_roundtrip(which):
    ptr = ptrs()[which]
    pos, ints = helperlib.rnd_get_state(ptr)
    assert isinstance(pos, int) and isinstance(ints, list) and len(ints) == N
    new = [(i * 2654435761) % 2**32 for i in range(N)]
    helperlib.rnd_set_state(ptr, (17, new))
    assert helperlib.rnd_get_state(ptr) == (17, new)


@pytest.mark.parametrize("pos_draws", [0, 5, 400])
def test_follow_cpython_random(pos_draws):
    r = random.Random(7)
    for _ in range(pos_draws):
        r.random()
    mt = r.getstate()[1]
    helperlib.rnd_set_state(helperlib.rnd_get_py_state_ptr(), (mt[-1], list(mt[:-1])))
    got = py_draws(700)  # crosses a twist
    assert list(got) == [r.random() for _ in range(700)]


def test_follow_numpy_randomstate():
    r = np.random.RandomState(11)
    r.random_sample(3)
    ints, pos = r.get_state()[1:3]
    helperlib.rnd_set_state(helperlib.rnd_get_np_state_ptr(), (pos, [int(x) for x in ints]))
    np.testing.assert_array_equal(np_draws(1000), r.random_sample(1000))


def test_set_state_drops_cached_normal():
    ptr = helperlib.rnd_get_np_state_ptr()
    helperlib.rnd_seed(ptr, 3)
    np_normals(1)  # leaves the pair's second value cached
    r = np.random.RandomState(5)
    ints, pos = r.get_state()[1:3]
    helperlib.rnd_set_state(ptr, (pos, [int(x) for x in ints]))
    np.testing.assert_array_equal(np_normals(9), r.normal(0.0, 1.0, 9))


def test_shuffle_is_the_twist():
    r = random.Random(99)
    mt = r.getstate()[1]
    ptr = helperlib.rnd_get_py_state_ptr()
    helperlib.rnd_set_state(ptr, (mt[-1], list(mt[:-1])))
    for _ in range(mt[-1], N + 1, 2):
        r.random()  # forces CPython's generator to twist
    helperlib.rnd_shuffle(ptr)
    assert helperlib.rnd_get_state(ptr)[1] == list(r.getstate()[1][:-1])


def test_seed_by_bytes_perturbs():
    ptr = helperlib.rnd_get_py_state_ptr()
    states = set()
    for _ in range(5):
        helperlib.rnd_seed(ptr, 0)
        helperlib.rnd_seed(ptr, os.urandom(512))
        states.add(tuple(helperlib.rnd_get_state(ptr)[1]))
    assert len(states) == 5


def test_states_are_per_thread():
    other = []
    t = threading.Thread(target=lambda: other.extend(ptrs()))
    t.start()
    t.join()
    assert not set(other) & set(ptrs())


@pycomp_only("Numba writes through any address it is given")
def test_foreign_address_is_refused():
    with pytest.raises(ValueError, match="random state"):
        helperlib.rnd_seed(12345, 1)
    with pytest.raises(ValueError, match="random state"):
        helperlib.rnd_get_state(ptrs()[0] + 8)


@pycomp_only("Numba's messages differ")
@pytest.mark.parametrize("state, exc", [
    ((0, [0] * 10), ValueError),
    ((625, [0] * N), ValueError),
    ((0, [2**32] * N), OverflowError),
    ([0, [0] * N], TypeError),
])
def test_bad_state_is_refused(state, exc):
    ptr = ptrs()[0]
    before = helperlib.rnd_get_state(ptr)
    with pytest.raises(exc):
        helperlib.rnd_set_state(ptr, state)
    assert helperlib.rnd_get_state(ptr) == before
