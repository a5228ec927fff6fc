"""Fused array expressions (``nb-fuse-arrayexpr``, ``arrayexpr.expr``):
values, dtypes, shapes and layouts against NumPy, on C, F, strided,
negative-stride, 0-d and empty arrays and with scalars, rows and columns
broadcast; the fused result equals the unfused one (``no_rewrites=True``)
to the bit; a fused expression allocates exactly one array; a write
between two operations keeps them apart; errors and leaks. Generated
expression trees (hypothesis) are compared with NumPy too."""

import contextlib

import numpy as np
import pytest

from support import assert_same, check, is_pycomp, jitted, make_layout, no_leaks, numba_differs, pycomp_only

# ------------------------------------------------------------------ expressions


def axpy(a, b, c):
    return a * b + c


def pythagoras(x):
    return np.sin(x) ** 2 + np.cos(x) ** 2


def ratio(a, b):
    return (a - b) / (a + b + 10.0)


def square_of_sum(a, b):
    t = a + b
    return t * t - 1.0


def long_chain(a, b, c):
    return np.sqrt(np.abs(a * b - c) + 1.0) * np.exp(-a) + np.maximum(b, c) - 2.0 * a / (1.0 + c * c)


def compare_and_combine(a, b):
    return (a > 0.5) & (b < 0.5) | (a == b)


def int_ops(a, b):
    return np.abs(-a) + ~a + (a // b) + (a % b) - (b << b)


def leaky_relu(m):
    return np.where(m > 0.5, m, 0.5 * m) * 2.0


def where_mixed(a, b):
    return np.where(a > b, a - b, 0) + np.where(b, 1.5, a)


def scalar_first(a, s):
    return 2.0 / (s + a) - s * a


FLOAT_EXPRESSIONS = [(axpy, 3), (pythagoras, 1), (ratio, 2), (square_of_sum, 2), (long_chain, 3),
                     (compare_and_combine, 2), (leaky_relu, 1), (where_mixed, 2)]


def _inputs(n, shape, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.random(shape).astype(dtype) for _ in range(n)]


@pytest.mark.parametrize("fn,n", FLOAT_EXPRESSIONS, ids=[f.__name__ for f, _ in FLOAT_EXPRESSIONS])
@pytest.mark.parametrize("shape", [(17,), (4, 5), (2, 3, 4), (0,), (3, 0)], ids=str)
def test_expressions_against_numpy(fn, n, shape):
    with no_leaks():
        check(fn, *_inputs(n, shape))


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided", "readonly"])
@pytest.mark.parametrize("fn,n", FLOAT_EXPRESSIONS, ids=[f.__name__ for f, _ in FLOAT_EXPRESSIONS])
def test_layouts(fn, n, layout):
    args = [make_layout(a, layout) for a in _inputs(n, (6, 7), seed=1)]
    with no_leaks():
        res = check(fn, *args)
        want = fn(*args)
        assert (res.flags.c_contiguous, res.flags.f_contiguous) == (want.flags.c_contiguous, want.flags.f_contiguous)
        del res


@pytest.mark.parametrize("fn,n", FLOAT_EXPRESSIONS, ids=[f.__name__ for f, _ in FLOAT_EXPRESSIONS])
def test_broadcast_rows_columns_scalars_and_0d(fn, n):
    rng = np.random.default_rng(2)
    grid = rng.random((5, 4))
    shapes = [grid, rng.random(4), rng.random((5, 1)), np.array(0.25), rng.random((1, 4))]
    for k in range(len(shapes)):
        args = [shapes[(k + i) % len(shapes)] for i in range(n)]
        check(fn, *args)
    if n > 1:
        check(fn, grid, *[0.75] * (n - 1))  # Python floats broadcast as scalars


def test_0d_only_inputs_give_a_scalar():
    # every operand 0-d: the ufuncs answer scalars, and nothing is fused
    check(axpy, np.array(1.5), np.array(2.0), np.array(0.25))


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint16, np.uint64])
def test_integer_expressions(dtype):
    rng = np.random.default_rng(3)
    info = np.iinfo(dtype)
    a = rng.integers(max(info.min, -1000), min(info.max, 1000), 40).astype(dtype)
    b = rng.integers(0, 7, 40).astype(dtype)  # zeros: NumPy's 0 for // and %, no exception
    with np.errstate(divide="ignore"):
        check(int_ops, a, b)


@numba_differs("Numba's fused expression of integer and float arrays rounds differently from its unfused "
               "operations (ratio of int32 and float32)")
def test_mixed_dtypes_match_the_unfused_result():
    # dtype rules are the unfused operations' (Numba's: int32 * float32 is
    # float32); fusing keeps them, operation by operation
    a = np.arange(1, 13, dtype=np.int32).reshape(3, 4)
    b = np.linspace(0.5, 3, 4).astype(np.float32)
    c = np.arange(3, dtype=np.uint8).reshape(3, 1)
    for fn, args in [(axpy, (a, b, c)), (axpy, (a, 2.5, c)), (ratio, (a, b)), (scalar_first, (b, 3)),
                     (int_ops, (a, c + 1)), (square_of_sum, (c, a))]:
        fused = jitted(fn)(*args)
        unfused = jitted(fn, no_rewrites=True)(*args)
        assert fused.dtype == unfused.dtype and fused.shape == unfused.shape
        assert np.array_equal(fused, unfused, equal_nan=True), fn.__name__


@pytest.mark.parametrize("fn,n", FLOAT_EXPRESSIONS + [(int_ops, 2)], ids=[f.__name__ for f, _ in FLOAT_EXPRESSIONS] + ["int_ops"])
def test_fused_equals_unfused_to_the_bit(fn, n):
    if fn is int_ops:
        args = [np.arange(1, 31, dtype=np.int64), np.arange(30, 0, -1, dtype=np.int64) % 5 + 1]
    else:
        args = _inputs(n, (1000,), seed=4)
    fused = jitted(fn)(*args)
    unfused = jitted(fn, no_rewrites=True)(*args)
    assert fused.dtype == unfused.dtype
    assert fused.tobytes() == unfused.tobytes()


@numba_differs("Numba's fused expression makes three or more allocations besides its result")
@pytest.mark.parametrize("fn,n", FLOAT_EXPRESSIONS, ids=[f.__name__ for f, _ in FLOAT_EXPRESSIONS])
def test_one_allocation(fn, n):
    """A fused expression allocates its result and nothing else."""
    args = _inputs(n, (300,), seed=5)
    cfunc = jitted(fn)
    cfunc(*args)  # compiled
    stats = _alloc_stats()
    before = stats()
    res = cfunc(*args)
    assert stats() - before == 1
    del res


def _alloc_stats():
    if is_pycomp:
        from pycomp.runtime import get_allocation_stats

        return lambda: get_allocation_stats().alloc
    from numba.core.runtime import _nrt_python, rtsys

    _nrt_python.memsys_enable_stats()
    return lambda: rtsys.get_allocation_stats().alloc


@pycomp_only("the unfused count is pycomp's: one array per operation")
def test_unfused_allocates_per_operation():
    args = _inputs(3, (300,), seed=5)
    cfunc = jitted(long_chain, no_rewrites=True)
    cfunc(*args)
    stats = _alloc_stats()
    before = stats()
    cfunc(*args)
    assert stats() - before > 5


# ------------------------------------------------------------------ what stays apart


def write_between(a):
    t = a * 2.0
    a[0] = 5.0
    return t + 1.0


def writing_call_between(a):
    t = a + 1.0
    a.fill(0.0)
    return t * 2.0


def inplace_between(a, b):
    t = a - b
    a += 1.0
    return t * a


def reduction_between(a, b):
    t = a * b
    s = np.sum(b)
    return t + s


def shared_intermediate(a, b):
    t = a * b
    return (t + 1.0) / 2.0, t


def intermediate_feeds_two_trees(a, b):
    # t is a fused tree's result, then an input of two other trees (one of
    # them in place through a view of it)
    t = a * b + 1
    a[1:] += t[:-1] * 2
    return np.where(t > 1, t, 0) - a


def loop_between(a):
    t = a * 3.0
    for i in range(a.shape[0]):
        a[i] = i
    return t - a


@pytest.mark.parametrize("fn", [write_between, writing_call_between, inplace_between, reduction_between,
                                shared_intermediate, loop_between, intermediate_feeds_two_trees])
def test_writes_between_operations_are_seen(fn):
    args = _inputs(fn.__code__.co_argcount, (9,), seed=6)
    check(fn, *args, compare_args=True)


def helper_writes(x):
    x[0] = -1.0
    return 0.0


def helper_reads(x):
    return x[0] * 2.0


def make_call_between(helper):
    def call_between(a, b):
        t = a * b
        s = helper(a)
        return t + s
    return call_between


@pytest.mark.parametrize("writes", [True, False])
def test_jitted_callee_writing_or_not(writes):
    """A jitted callee that writes its argument keeps the tree apart; one
    that only reads it does not (fusion still gives the same values)."""
    from support import njit

    fn = make_call_between(njit(helper_writes if writes else helper_reads))
    a, b = _inputs(2, (8,), seed=7)
    want = make_call_between(helper_writes if writes else helper_reads)(a.copy(), b)
    got = njit(fn)(a.copy(), b)
    assert_same(got, want)


# ------------------------------------------------------------------ errors


def test_shapes_that_do_not_broadcast():
    with no_leaks() if is_pycomp else contextlib.nullcontext():  # Numba leaks where an exception leaves
        with pytest.raises(ValueError, match="could not be broadcast|unable to broadcast"):
            jitted(axpy)(np.ones(3), np.ones(4), np.ones(3))
        with pytest.raises(ValueError, match="could not be broadcast|unable to broadcast"):
            jitted(axpy)(np.ones((2, 3)), np.ones(3), np.ones((3, 1)))


# ------------------------------------------------------------------ switching it off


@pycomp_only("PYCOMP_DISABLE_FUSION and inspect_ir are pycomp's")
def test_switches_and_inspection(monkeypatch):
    from pycomp import njit

    f = njit(axpy)
    a = np.ones(4)
    f(a, a, a)
    assert "arrayexpr.expr" in f.inspect_ir("nb-fuse-arrayexpr")
    assert "arrayexpr.expr" not in f.inspect_ir("nb-type-infer")
    g = njit(no_rewrites=True)(axpy)
    g(a, a, a)
    assert "arrayexpr.expr" not in g.inspect_ir("nb-insert-refcounts")
    assert "nb-fuse-arrayexpr" not in g.stages()
    monkeypatch.setenv("PYCOMP_DISABLE_FUSION", "1")
    h = njit(axpy)
    h(a, a, a)
    assert "arrayexpr.expr" not in h.inspect_ir("nb-insert-refcounts")


@pycomp_only("PYCOMP_DUMP_IR is pycomp's")
def test_dump_ir_shows_the_ir_before_and_after_fusion():
    import subprocess
    import sys

    src = ("import numpy as np, pycomp\n"
           "@pycomp.njit\n"
           "def f(a, b):\n"
           "    return a * b + 1.0\n"
           "f(np.ones(3), np.ones(3))\n")
    env = dict(__import__("os").environ, PYCOMP_DUMP_IR="1")
    out = subprocess.run([sys.executable, "-c", src], env=env, capture_output=True, text=True, check=True).stdout
    before = out.split("// -----// IR Dump After nb-type-infer //----- //")[1].split("// -----//")[0]
    after = out.split("// -----// IR Dump After nb-fuse-arrayexpr //----- //")[1].split("// -----//")[0]
    assert 'nb.binop "*"' in before and "arrayexpr.expr" not in before
    assert "arrayexpr.expr" in after and 'arrayexpr.apply "multiply"' in after and 'nb.binop "*"' not in after


# ------------------------------------------------------------------ generated expression trees

_BINARY = ["+", "-", "*", "/", "np.maximum({}, {})", "np.minimum({}, {})", "np.hypot({}, {})"]
_UNARY = ["-{}", "np.sin({})", "np.exp(-np.abs({}))", "np.sqrt(np.abs({}))", "np.tanh({})"]


def _tree_source(draw, st, depth):
    leaves = ["a", "b", "c", "0.5", "3.0"]
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(leaves))
    if draw(st.booleans()):
        return draw(st.sampled_from(_UNARY)).format(_tree_source(draw, st, depth - 1))
    op = draw(st.sampled_from(_BINARY))
    x, y = _tree_source(draw, st, depth - 1), _tree_source(draw, st, depth - 1)
    return op.format(x, y) if "{}" in op else "(%s %s %s)" % (x, op, y)


def test_generated_expression_trees():
    hypothesis = pytest.importorskip("hypothesis")
    st = hypothesis.strategies

    @st.composite
    def programs(draw):
        src = _tree_source(draw, st, 4)
        shapes = draw(st.sampled_from([((7,), (7,), (7,)), ((3, 4), (4,), (3, 1)), ((2, 3), (2, 3), ()),
                                       ((0,), (1,), (0,))]))
        return "a * 1.0 + (%s)" % src, shapes  # at least one array operation

    from support import njit

    @hypothesis.settings(max_examples=60, deadline=None, derandomize=True)
    @hypothesis.given(programs())
    def run(case):
        src, shapes = case
        ns = {"np": np}
        exec("def f(a, b, c):\n    return %s\n" % src, ns)
        rng = np.random.default_rng(len(src))
        args = [rng.standard_normal(s) if s else rng.standard_normal() for s in shapes]
        with np.errstate(all="ignore"):
            want = ns["f"](*args)
            got = njit(ns["f"])(*args)
        assert_same(got, want, rtol=1e-12)

    run()


# ------------------------------------------------------------------ writing into existing arrays


def assign_interior(u, b):
    u[1:-1, 1:-1] = b[1:-1] * 2.0 + 1.0
    return u


def assign_all_reading_itself(u, b):
    u[...] = u * b + 1
    return u


def assign_row_and_column(u, b):
    u[0] = b + b * 3
    u[:, 0] = b[:u.shape[0]] * 2 - 1
    return u


def inplace_row(u, b):
    u[0, :] += b * 2.0
    return u


def shift_up(a):
    a[1:] = a[:-1] * 2 + 1
    return a


def shift_down_inplace(a):
    a[:-1] += a[1:] * 0.5
    return a


def overlapping_inplace(a):
    a[1:] += a[:-1]
    return a


def reversed_inplace(a):
    a += a[::-1] * 2.0
    return a


def single_op_into_slice(a, b):
    a[2:] = b[2:] + b[:-2]
    return a


def stencil_step(u, un):
    un[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2]
                                          - 4.0 * u[1:-1, 1:-1])
    return un


def int_target_from_floats(a, b):
    a[:] = b * 2.5 + 0.25  # truncated to the integers, as NumPy's assignment casts
    return a


_INTO = [(assign_interior, "2d"), (assign_all_reading_itself, "2d"), (assign_row_and_column, "2d"),
         (inplace_row, "2d"), (shift_up, "1d"), (shift_down_inplace, "1d"), (overlapping_inplace, "1d"),
         (reversed_inplace, "1d"), (single_op_into_slice, "1d2"), (stencil_step, "2d2")]


def _into_args(kind, layout, seed=8):
    rng = np.random.default_rng(seed)
    if kind == "2d":
        return [make_layout(rng.random((5, 6)), layout), rng.random(6)]
    if kind == "2d2":
        return [make_layout(rng.random((6, 7)), layout), make_layout(rng.random((6, 7)), layout)]
    if kind == "1d2":
        return [make_layout(rng.random(9), layout), rng.random(9)]
    return [make_layout(rng.random(11), layout)]


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
@pytest.mark.parametrize("fn,kind", _INTO, ids=[f.__name__ for f, _ in _INTO])
def test_assignments_against_numpy(fn, kind, layout):
    with no_leaks():
        check(fn, *_into_args(kind, layout), compare_args=True)


def test_assignment_casts_to_the_target_dtype():
    check(int_target_from_floats, np.zeros(6, dtype=np.int32), np.linspace(-3, 3, 6), compare_args=True)


@numba_differs("Numba's array expressions assigned to a slice allocate a temporary")
@pytest.mark.parametrize("fn,kind", [(assign_interior, "2d"), (inplace_row, "2d"), (stencil_step, "2d2"),
                                     (shift_up, "1d")], ids=lambda v: getattr(v, "__name__", v))
def test_assignments_allocate_nothing_without_overlap(fn, kind):
    args = _into_args(kind, "C")
    cfunc = jitted(fn)
    cfunc(*[a.copy() for a in args])
    stats = _alloc_stats()
    before = stats()
    cfunc(*args)
    # shift_up reads a view overlapping its target: one copy of it, as NumPy
    assert stats() - before == (1 if fn is shift_up else 0)


def test_assignment_shape_errors():
    with no_leaks() if is_pycomp else contextlib.nullcontext():
        with pytest.raises(ValueError):
            jitted(single_op_into_slice)(np.zeros(5), np.zeros(4))
        with pytest.raises(ValueError):
            jitted(inplace_row)(np.zeros((3, 4)), np.zeros(5))


def _program_source(draw, st):
    """A function of a, b, c (arrays of one shape): statements that make
    intermediates, update arrays in place, assign into views, reduce, and
    a return of several of them (so intermediates are shared, overwritten
    and read across trees)."""
    names = ["a", "b", "c"]
    lines = []
    for k in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["new", "new", "inplace", "view", "reduce"]))
        leaves = names + ["0.5", "2.0"]

        def tree(depth):
            if depth == 0 or draw(st.integers(0, 2)) == 0:
                return draw(st.sampled_from(leaves))
            if draw(st.booleans()):
                return draw(st.sampled_from(_UNARY)).format(tree(depth - 1))
            op = draw(st.sampled_from(_BINARY))
            x, y = tree(depth - 1), tree(depth - 1)
            return op.format(x, y) if "{}" in op else "(%s %s %s)" % (x, op, y)

        arrays = [n for n in names if not n.startswith("s")]
        expr = "(%s) * 1.0 + %s" % (tree(3), draw(st.sampled_from(arrays)))  # an array expression
        if kind == "new":
            names.append("t%d" % k)
            lines.append("t%d = %s" % (k, expr))
        elif kind == "inplace":
            lines.append("%s %s= %s" % (draw(st.sampled_from(arrays)), draw(st.sampled_from("+-*")), expr))
        elif kind == "view":
            lines.append("%s[...] = %s" % (draw(st.sampled_from(arrays)), expr))
        else:
            names.append("s%d" % k)
            lines.append("s%d = np.sum(%s)" % (k, expr))
    ret = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3))
    return "def f(a, b, c):\n" + "".join("    %s\n" % ln for ln in lines) + "    return (%s,)\n" % ", ".join(ret)


def test_generated_programs_with_statements():
    hypothesis = pytest.importorskip("hypothesis")
    st = hypothesis.strategies
    from support import njit

    @hypothesis.settings(max_examples=60, deadline=None, derandomize=True)
    @hypothesis.given(st.data(), st.sampled_from([(7,), (3, 4), (0,)]))
    def run(data, shape):
        src = data.draw(st.composite(lambda draw: _program_source(draw, st))())
        ns = {"np": np}
        exec(src, ns)
        rng = np.random.default_rng(len(src))
        args = [rng.standard_normal(shape) for _ in range(3)]
        want_args, got_args = [x.copy() for x in args], [x.copy() for x in args]
        with np.errstate(all="ignore"):
            want = ns["f"](*want_args)
            got = njit(ns["f"])(*got_args)
        assert_same(got, want, rtol=1e-12, where=src)
        for g, w in zip(got_args, want_args):  # the arguments after the call (updated in place)
            assert np.allclose(g, w, rtol=1e-12, equal_nan=True), src

    run()
