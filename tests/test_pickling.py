"""Jitted functions pickle: by reference when importable, by value
otherwise, so multiprocessing pools (spawn) run them. Runs under Numba too
(PYCOMP_TEST_ENGINE=numba)."""

import math
import multiprocessing
import pickle

import numpy as np
import pytest

from support import is_pycomp, njit

OFFSET = 7


@njit
def module_level(x):
    return x * 2 + OFFSET


@njit("float64(float64[::1])")
def with_signature(a):
    s = 0.0
    for v in a:
        s += v
    return s


def make_closure(scale):
    @njit
    def scaled(x, y=1.5):
        return math.sqrt(x) * scale + y + module_level(2)
    return scaled


def test_module_level_function_pickles_by_reference():
    assert pickle.loads(pickle.dumps(module_level)) is module_level


def test_closure_pickles_by_value_and_runs():
    f = make_closure(10.0)
    g = pickle.loads(pickle.dumps(f))
    assert g(4.0) == f(4.0) == 4.0 * 10.0 / 2 + 1.5 + 11
    assert g(9.0, y=0.0) == 30.0 + 11


@pytest.mark.skipif(not is_pycomp, reason="pycomp's identity guarantee")
def test_unpickling_twice_gives_one_dispatcher():
    f = make_closure(3.0)
    data = pickle.dumps(f)
    assert pickle.loads(data) is pickle.loads(data)


def test_explicit_signatures_travel():
    f = njit("int64(int64)")(lambda x: x + 1)
    g = pickle.loads(pickle.dumps(f))
    assert g(41) == 42
    assert [tuple(map(str, s)) for s in g.signatures] == [("int64",)]


def _call(args):
    fn, x = args
    return fn(x)


@pytest.mark.parametrize("which", ["module_level", "closure", "signature"])
def test_spawn_pool_runs_jitted_functions(which):
    fn = {"module_level": module_level, "closure": make_closure(2.0),
          "signature": with_signature}[which]
    arg = np.arange(4.0) if which == "signature" else 16.0
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        got = pool.map(_call, [(fn, arg)] * 2)
    assert got == [fn(arg)] * 2
