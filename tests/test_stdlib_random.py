"""Python's ``random`` module in compiled code: ``random.seed`` seeds as
``np.random.seed`` does (as in Numba); ``gauss``, ``normalvariate`` and
``lognormvariate`` draw NumPy's legacy normals (as in Numba), and every
other function draws what CPython's ``random.Random`` draws from the same
Mersenne Twister state."""

import random

import numpy as np
import pytest

from support import TypingError, is_numba, jitted, njit

N = 300


def numba_differs(reason):
    """The marks of support.numba_differs for one parameter set."""
    return [pytest.mark.numba_differs(reason=reason),
            pytest.mark.xfail(is_numba, reason="numba differs: " + reason, strict=True)]


def seed(n):
    random.seed(n)


def draw_random():
    return random.random()


def np_draw():
    return np.random.random()


def np_seed(n):
    np.random.seed(n)


def following_cpython(s):
    """A ``random.Random`` in the state compiled code has after ``seed(s)``."""
    st = np.random.RandomState(s).get_state()
    r = random.Random()
    r.setstate((3, tuple(int(x) for x in st[1]) + (int(st[2]),), None))
    return r


def _maker(name, nargs):
    fn = getattr(random, name)
    if nargs == 0:
        def body(n, a, b, c):
            out = np.empty(n)
            for i in range(n):
                out[i] = fn()
            return out
    elif nargs == 1:
        def body(n, a, b, c):
            out = np.empty(n)
            for i in range(n):
                out[i] = fn(a)
            return out
    elif nargs == 2:
        def body(n, a, b, c):
            out = np.empty(n)
            for i in range(n):
                out[i] = fn(a, b)
            return out
    else:
        def body(n, a, b, c):
            out = np.empty(n)
            for i in range(n):
                out[i] = fn(a, b, c)
            return out
    body.__name__ = "draw_" + name
    return body


_BODIES = {}


def _draws(name, args):
    key = (name, len(args))
    if key not in _BODIES:
        _BODIES[key] = njit(_maker(name, len(args)))
    padded = tuple(args) + (0,) * (3 - len(args))
    return _BODIES[key](N, *padded)


CASES = [
    ("random", ()),
    ("randint", (3, 1000)), ("randint", (-10, 10)), ("randint", (0, 2**40)),
    ("randrange", (17,)), ("randrange", (-5, 10**6)), ("randrange", (-5, 10**6, 3)), ("randrange", (100, 2, -7)),
    ("getrandbits", (1,)), ("getrandbits", (17,)), ("getrandbits", (32,)), ("getrandbits", (33,)),
    ("getrandbits", (63,)), ("getrandbits", (64,)),
    ("uniform", (1.5, 9.0)), ("uniform", (2, -3)),
    ("triangular", (1.0, 5.0)), ("triangular", (1.0, 5.0, 1.5)), ("triangular", (2.0, 2.0, 2.0)),
    ("expovariate", (1.5,)),
    ("gammavariate", (0.5, 2.0)), ("gammavariate", (1.0, 3.0)), ("gammavariate", (5.0, 0.5)),
    ("betavariate", (0.5, 2.0)), ("betavariate", (3, 4)),
    pytest.param("paretovariate", (2.5,), marks=numba_differs(
        "Numba computes 1 / u**(1/alpha), an ulp off CPython's u**(-1/alpha)")),
    ("weibullvariate", (1.5, 2.0)),
    ("vonmisesvariate", (1.0, 2.0)), ("vonmisesvariate", (0.5, 1e-7)),
]


@pytest.mark.parametrize("s", [0, 1, 125, 2**32 - 1])
def test_seed_and_random_follow_numpy_seeding(s):
    """random.seed(s) then random.random() gives np.random.seed(s)'s
    uniform stream (past one regeneration of the state)."""
    jitted(seed)(s)
    r = np.random.RandomState(np.uint32(s))
    cf = jitted(draw_random)
    assert [cf() for _ in range(700)] == [r.uniform(0.0, 1.0) for _ in range(700)]


def _case_id(c):
    name, args = c.values[:2] if hasattr(c, "values") else c
    return "%s%r" % (name, args)


@pytest.mark.parametrize("name,args", CASES, ids=[_case_id(c) for c in CASES])
def test_follows_cpython(name, args):
    jitted(seed)(42)
    got = _draws(name, args)
    r = following_cpython(42)
    want = np.array([getattr(r, name)(*args) for _ in range(N)], dtype=np.float64)
    np.testing.assert_array_equal(got, want)


NORMAL_CASES = [("gauss", (1.0, 2.0), "normal"), ("gauss", (-2.0, 0.5), "normal"),
                ("normalvariate", (1.0, 2.0), "normal"), ("lognormvariate", (0.5, 0.3), "lognormal")]


@pytest.mark.parametrize("name,args,np_name", NORMAL_CASES)
def test_normals_follow_numpy(name, args, np_name):
    """As in Numba, the normal draws are np.random's legacy ones on this stream."""
    jitted(seed)(42)
    got = _draws(name, args)
    r = np.random.RandomState(42)
    np.testing.assert_array_equal(got, [getattr(r, np_name)(*args) for _ in range(N)])


def test_gauss_keeps_the_second_value_across_calls():
    cf = jitted(_maker("gauss", 2))
    jitted(seed)(7)
    got = np.concatenate([cf(3, 0.0, 1.0, 0), cf(4, 0.0, 1.0, 0)])
    r = np.random.RandomState(7)
    np.testing.assert_array_equal(got, [r.normal(0.0, 1.0) for _ in range(7)])


def test_seed_forgets_the_kept_gauss():
    def f():
        random.seed(3)
        a = random.gauss(0.0, 1.0)
        random.seed(3)
        return a, random.gauss(0.0, 1.0)

    a, b = jitted(f)()
    assert a == b


def test_streams_are_independent_of_np_random():
    jitted(seed)(1)
    py = [jitted(draw_random)() for _ in range(10)]
    jitted(np_seed)(2)
    npv = [jitted(np_draw)() for _ in range(10)]
    jitted(seed)(1)
    jitted(np_seed)(2)
    pairs = [(jitted(draw_random)(), jitted(np_draw)()) for _ in range(10)]
    assert [p[0] for p in pairs] == py and [p[1] for p in pairs] == npv


def shuffle(a):
    random.shuffle(a)


@pytest.mark.parametrize("a", [np.arange(20), np.arange(1.0, 7.0), np.arange(12).reshape(4, 3), np.arange(1),
                               np.arange(0)], ids=["int", "float", "2d", "one", "empty"])
def test_shuffle_follows_cpython(a):
    got = a.copy()
    jitted(seed)(9)
    jitted(shuffle)(got)
    rows = list(range(len(a)))
    following_cpython(9).shuffle(rows)
    np.testing.assert_array_equal(got, a[rows])


def randrange1(a):
    return random.randrange(a)


def randrange3(a, b, c):
    return random.randrange(a, b, c)


def gamma(a, b):
    return random.gammavariate(a, b)


def getrandbits(k):
    return random.getrandbits(k)


def test_seed_is_taken_modulo_2_32():
    """As Numba's uint32 parameter takes it."""
    jitted(seed)(2**32 + 5)
    a = jitted(draw_random)()
    jitted(seed)(5)
    assert jitted(draw_random)() == a


@pytest.mark.parametrize("fn,args,exc", [
    (randrange1, (0,), ValueError), (randrange3, (5, 1, 1), ValueError),
    pytest.param(randrange3, (1, 5, 0), ValueError, marks=numba_differs("Numba returns start for a zero step")),
    (randrange3, (1, 5, -1), ValueError), (gamma, (-1.0, 1.0), ValueError),
    (gamma, (0.0, 1.0), ValueError), (gamma, (1.0, 0.0), ValueError),
    # Numba's OverflowError for a negative count too (CPython: ValueError)
    (getrandbits, (-1,), OverflowError), (getrandbits, (65,), OverflowError),
])
def test_errors(fn, args, exc):
    with pytest.raises(exc):
        jitted(fn)(*args)


def randint_floats(a, b):
    return random.randint(a, b)


def test_randint_of_floats_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(randint_floats)(1.5, 2.5)
