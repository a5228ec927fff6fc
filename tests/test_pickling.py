"""Jitted functions pickle: by reference when importable, by value
otherwise, so multiprocessing pools (spawn) run them. Runs under Numba too
(PYCOMP_TEST_ENGINE=numba)."""

import math
import multiprocessing
import os
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


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


@pytest.mark.parametrize("which", ["module_level", "closure", "signature"])
def test_dask_distributed_workers_run_jitted_functions(dask_client, which):
    """Dask's distributed scheduler, on a local cluster of two worker
    processes: the dispatcher travels to the workers pickled (by reference
    or by value) and compiles there."""
    fn = {"module_level": module_level, "closure": make_closure(2.0),
          "signature": with_signature}[which]
    arg = np.arange(4.0) if which == "signature" else 16.0
    futures = dask_client.map(fn, [arg] * 4, pure=False)
    assert dask_client.gather(futures) == [fn(arg)] * 4
    # the workers are other processes: their results came from their own compilation
    pids = dask_client.run(os.getpid)
    assert os.getpid() not in pids.values()
