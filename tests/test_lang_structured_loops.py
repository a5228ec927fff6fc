"""Range loops as ops with a body: ``nb-lift-range-loops`` turns every
``for i in range(...)`` loop that is left only through its header into an
``nb.for_range`` (nested loops into nested ops), type inference types its
body and lowering turns it back into a counted loop. Each function runs
under the JIT and CPython (and Numba with PYCOMP_TEST_ENGINE=numba); the
pycomp-only tests check the op is in the typed IR, so these values came
through the body path."""

import numpy as np
import pytest

from support import check, is_pycomp, jitted, pycomp_only


def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


def widen(n):
    s = 0
    for i in range(n):
        s = s + i * 0.5
    return s


def nested(n, m):
    s = 0
    for i in range(n):
        for j in range(i, m):
            s += i * j - (j // 3)
    return s


def triple_nest(n):
    s = 0
    for i in range(n):
        for j in range(i):
            for k in range(j):
                s += i ^ j ^ k
    return s


def skip_odd(n):
    s = 0
    for i in range(n):
        if i % 2:
            continue
        s += i
    return s


def last_index(n):
    i = -1
    for i in range(n):
        pass
    return i


def defined_in_loop(n):
    last = 0
    for i in range(n):
        last = i * 2
    return last


def steps(a, b, c):
    s = 0
    for i in range(a, b, c):
        s = s * 3 + i
    return s


def tuple_carry(n):
    x, y = 0, 1
    for _ in range(n):
        x, y = y, x + y
    return x, y


def raises_inside(a, n):
    s = 0.0
    for i in range(n):
        if a[i] < 0:
            raise ValueError("negative")
        s += a[i]
    return s


def writes_array(a):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = i * 10 + j
    return a.sum() if False else a[a.shape[0] - 1, a.shape[1] - 1]


@pytest.mark.parametrize("fn, args", [
    (total, (np.arange(10.0),)),
    (total, (np.zeros(0),)),
    (widen, (7,)),
    (nested, (6, 9)),
    (nested, (0, 3)),
    (triple_nest, (7,)),
    (skip_odd, (11,)),
    (last_index, (5,)),
    (last_index, (0,)),
    (defined_in_loop, (4,)),
    (steps, (0, 10, 3)),
    (steps, (10, 0, -3)),
    (steps, (10, 0, 3)),
    (steps, (-5, 5, 1)),
    (tuple_carry, (10,)),
    (raises_inside, (np.array([1.0, 2.0, -1.0]), 3)),
    (raises_inside, (np.array([1.0, 2.0, -1.0]), 2)),
])
def test_structured_loop_matches_cpython(fn, args):
    check(fn, *args)


def test_zero_step_raises_value_error():
    check(steps, 0, 10, 0)


def test_loops_writing_a_2d_array():
    a = np.zeros((3, 4), dtype=np.int64)
    b = np.zeros((3, 4), dtype=np.int64)
    assert jitted(writes_array)(a) == writes_array(b)
    assert (a == b).all()


@pycomp_only("the nb.for_range op is pycomp's IR")
@pytest.mark.parametrize("fn, args, count", [
    (total, (np.arange(3.0),), 1),
    (nested, (2, 3), 2),
    (triple_nest, (3,), 3),
    (skip_odd, (3,), 1),
    (last_index, (3,), 1),
    (tuple_carry, (3,), 1),
    (raises_inside, (np.arange(3.0), 2), 1),
])
def test_range_loops_are_for_range_ops(fn, args, count):
    cfunc = jitted(fn)
    cfunc(*args)
    ir = cfunc.inspect_ir("nb-type-infer", cfunc.signatures[0])
    assert ir.count("nb.for_range") == count
    assert "nb.iternext" not in ir


def find(a, x):
    for i in range(a.shape[0]):
        if a[i] == x:
            return i
    return -1


@pycomp_only("the nb.for_range op is pycomp's IR")
def test_loop_with_early_exit_keeps_its_cfg():
    cfunc = jitted(find)
    a = np.array([3.0, 1.0, 2.0])
    assert cfunc(a, 1.0) == 1 and cfunc(a, 9.0) == -1
    ir = cfunc.inspect_ir("nb-type-infer", cfunc.signatures[0])
    assert "nb.for_range" not in ir and "nb.iternext" in ir


@pycomp_only("the pass list is pycomp's")
def test_the_jit_lifts_loops_by_default():
    assert "nb-lift-range-loops" in jitted(total).stages()
    assert is_pycomp
