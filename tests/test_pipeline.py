"""End-to-end checks of the compiler against CPython on the same inputs:
values and types, through every stage (bytecode, IR, typing, lowering,
LLVM, the CPython wrapper)."""

import io
import math
import sys

import numpy as np
import pytest

import pycomp
from pycomp import njit, types as ty


def same(a, b):
    assert type(a) is type(b), (a, b)
    if isinstance(a, float) and math.isnan(a):
        assert math.isnan(b)
    elif isinstance(a, tuple):
        assert len(a) == len(b)
        for x, y in zip(a, b):
            same(x, y)
    else:
        assert a == b


def check(fn, *args):
    jf = njit(fn)
    same(jf(*args), fn(*args))
    return jf


def add(a, b):
    return a + b


def arith(a, b):
    return a + b, a - b, a * b, a // b, a % b, a / b


def branches(x):
    if x > 10:
        r = x * 2
    elif x < 0:
        r = -x
    else:
        r = 0.5
    return r


def loop_sum(n):
    s = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        s += i
    return s


def neg_step(n):
    s = 0
    for i in range(n, 0, -2):
        s = s * 3 + i
    return s


def while_break(n):
    i = 0
    while True:
        i += 1
        if i * i > n:
            break
    return i


def math_fn(x):
    return math.sqrt(x) + math.exp(-x) + math.floor(x) + math.sin(x) * math.cos(x)


def tuples(a, b):
    t = (a, b, a + b)
    x, y, z = t
    return (z, y, x)[0] + t[-1], len(t)


@pytest.mark.parametrize("args", [(1, 2), (1.5, 2), (True, True), (3, 2.5)])
def test_add(args):
    check(add, *args)


@pytest.mark.parametrize("args", [(7, 2), (-7, 2), (7, -2), (-7, -2), (7.5, -2.0), (-7.5, 2.0)])
def test_python_division_semantics(args):
    check(arith, *args)


def test_int64_wraps_like_numba():
    assert njit(add)(2**62, 2**62) == -(2**63)


def test_zero_division_reaches_caller():
    jf = njit(arith)
    with pytest.raises(ZeroDivisionError):
        jf(1, 0)
    with pytest.raises(ZeroDivisionError):
        jf(1.0, 0.0)


@pytest.mark.parametrize("x", [-3, 0, 5, 12, 2.5])
def test_branches_unify(x):
    # int and float returns unify to float64, as in Numba
    same(njit(branches)(x), float(branches(x)))


def test_loops():
    for n in (0, 1, 10, 57):
        check(loop_sum, n)
        check(neg_step, n)
        check(while_break, n)


def test_math():
    for x in (0.5, 2.0, 10.25):
        jf = njit(math_fn)
        assert jf(x) == pytest.approx(math_fn(x), rel=1e-12)


def test_tuples():
    check(tuples, 2, 3)
    check(tuples, 2.5, 3)


RAISING_SOURCE = """
def f(x):
    if x < 0:
        raise ValueError("negative", 1)
    assert x != 3, "three"
    return x
"""


def test_raise_and_assert():
    ns = {}
    exec(compile(RAISING_SOURCE, "<raising>", "exec"), ns)  # not rewritten by pytest's assert hook
    jf = njit(ns["f"])
    assert jf(2) == 2
    with pytest.raises(ValueError) as ei:
        jf(-1)
    assert ei.value.args == ("negative", 1)
    with pytest.raises(AssertionError, match="three"):
        jf(3)


def test_calls_between_jitted_functions_and_recursion():
    @njit
    def sq(x):
        return x * x

    @njit
    def hyp(a, b):
        return sq(a) + sq(b)

    assert hyp(3, 4) == 25

    @njit("int64(int64)")
    def fib(n):
        if n < 2:
            return n
        return fib(n - 1) + fib(n - 2)

    assert fib(20) == 6765


def array_sum2d(x):
    t = 0.0
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            t += x[i, j] * (i + 1)
    return t


@pytest.mark.parametrize("make", [
    lambda a: a, lambda a: np.asfortranarray(a), lambda a: a[:, ::2], lambda a: a[::-1, :],
])
def test_array_layouts(make):
    base = np.arange(24.0).reshape(4, 6)
    x = make(base)
    jf = njit(array_sum2d)
    assert jf(x) == pytest.approx(array_sum2d(x))


def test_array_setitem_and_dtypes():
    def fill(out, v):
        for i in range(out.shape[0]):
            out[i] = v + i
        out[-1] = v
        return out.size

    for dt in (np.int8, np.int32, np.int64, np.uint16, np.float32, np.float64):
        a, b = np.zeros(5, dt), np.zeros(5, dt)
        r1 = njit(fill)(a, dt(3))
        r2 = fill(b, dt(3))
        assert r1 == r2
        np.testing.assert_array_equal(a, b)


def test_boundscheck_raises_indexerror():
    def get(a, i):
        return a[i]

    a = np.arange(3.0)
    with pytest.raises(IndexError):
        njit(boundscheck=True)(get)(a, 5)
    assert njit(get)(a, -1) == 2.0


def test_explicit_signature_and_typeof():
    jf = njit("float64(float64, int32)")(lambda x, n: x * n)
    assert jf(2.0, 3) == 6.0
    assert jf.signatures == [(ty.float64, ty.int32)]
    assert pycomp.typeof(np.zeros((2, 2), np.float32)) is ty.Array(ty.float32, 2, "C")


def test_typing_error_names_source_line():
    def bad(x):
        return (1, 2) + x

    with pytest.raises(pycomp.TypingError) as ei:
        njit(bad)(1)
    assert isinstance(ei.value, TypeError)
    assert "test_pipeline.py" in str(ei.value)


def test_undefined_global_is_nameerror():
    def bad(x):
        return undefined_thing + x  # noqa: F821

    with pytest.raises(NameError):
        njit(bad)(1)


def test_inspection():
    jf = check(add, 1, 2)
    assert "nb.binop" in jf.inspect_ir("nb-type-infer")
    assert "!nb.type<int64>" in jf.inspect_ir("nb-type-infer")
    assert "add i64" in jf.inspect_llvm(jf.signatures[0])
    assert "nb-type-infer" in jf.compile_times()
    assert "block" in jf.inspect_bytecode_cfg()
    cfg = jf.inspect_cfg(jf.signatures[0])
    assert cfg.dot.startswith("digraph") and "add i64" in cfg.dot
    assert list(jf.inspect_cfg()) == list(jf.overloads)


def test_fast_path_keys_follow_types():
    """The C dispatcher caches entries by a key of the argument types:
    arguments of another type must reach their own specialization."""
    from pycomp._dispatcher import type_key

    jf = njit(add)
    assert jf(1, 2) == 3 and type(jf(1, 2)) is int
    assert jf(1.5, 2.0) == 3.5
    assert jf(np.float32(1.5), np.float32(2.0)) == 3.5
    # 2**63 is a uint64: its own entry, where uint64 + int64 is int64 (NBEP 1)
    assert jf(2**63, 1) == -(2**63) + 1
    assert len(jf.overloads) == 4
    a, b = np.zeros(3), np.zeros((3, 1))
    assert type_key((a,)) != type_key((b,))
    assert type_key((a,)) != type_key((a[::2],))
    ro = a.copy()
    ro.flags.writeable = False
    assert type_key((a,)) != type_key((ro,))
    assert type_key(((1, 2),)) != type_key(((1, 2.0),))
    assert type_key((object(),)) is None
    assert type_key(tuple(range(9))) is None


def test_same_qualname_different_functions_do_not_collide():
    f = njit(lambda x: x + 1)
    g = njit(lambda x: x * 100)

    @njit
    def both(x):
        return f(x) + g(x)

    assert both(1) == 102


def test_mutual_recursion_without_signatures_is_a_clear_error():
    @njit
    def even(n):
        return True if n == 0 else odd(n - 1)

    @njit
    def odd(n):
        return False if n == 0 else even(n - 1)

    with pytest.raises(pycomp.TypingError, match="mutual recursion"):
        even(4)


def test_returning_an_argument_array_returns_that_array():
    a = np.zeros(3)
    assert njit(lambda a: a)(a) is a


def test_error_model_numpy_integer_division_by_zero_gives_zero():
    def div(a, b):
        return a // b, a % b

    assert njit(error_model="numpy")(div)(7, 0) == (0, 0)
    with pytest.raises(ZeroDivisionError):
        njit(div)(7, 0)


def test_array_type_interning_normalizes_1d_f():
    f1 = ty.Array(ty.float32, 1, "F")
    c1 = ty.Array(ty.float32, 1, "C")
    assert f1 is c1 and c1.layout == "C"


@pytest.mark.parametrize("text, expected", [
    ("void(float64[:], intp)", ty.none(ty.Array(ty.float64, 1, "A"), ty.int64)),
    ("f8(f8[:, ::1], boolean)", ty.float64(ty.Array(ty.float64, 2, "C"), ty.boolean)),
    ("int64(float64[::1, :])", ty.int64(ty.Array(ty.float64, 2, "F"))),
])
def test_signature_aliases_and_array_shorthand(text, expected):
    from pycomp.signature import parse_signature

    assert parse_signature(text) == expected


def test_unsupported_constructs_name_themselves():
    def gen(n):
        return sum(i for i in range(n))

    with pytest.raises(pycomp.UnsupportedError, match="generator expressions"):
        njit(gen)(3)


def test_an_unsupported_bytecode_names_the_construct():
    def fstring(n):
        return f"{n}"

    def dict_display(n):
        return {1: n}

    for fn, what in ((fstring, "f-strings are not supported yet"),
                     (dict_display, "dicts are not supported yet")):
        with pytest.raises(pycomp.UnsupportedError, match=what):
            njit(fn)(3)


def test_annotation_shows_source_with_types(capsys, monkeypatch):
    def k(a, n):
        s = 0
        for i in range(n):
            s += a[i] * 2
        return s

    jf = njit(k)
    monkeypatch.setenv("PYCOMP_DUMP_ANNOTATION", "1")
    jf(np.arange(4.0), 4)
    out = capsys.readouterr().out
    assert "k(a: array(float64, 1d, C), n: int64) -> float64" in out
    assert "s += a[i] * 2" in out and "+=: float64" in out
    jf.inspect_types()
    assert "[]: float64" in capsys.readouterr().out
    # Numba's arguments: file first, then the signature; pretty wants no file
    jf(np.arange(4), 4)
    buf = io.StringIO()
    jf.inspect_types(buf, signature=(ty.Array(ty.int64, 1, "C"), ty.int64))
    assert "k(a: array(int64, 1d, C), n: int64)" in buf.getvalue() and "float64, 1d" not in buf.getvalue()
    jf.inspect_types()
    both = capsys.readouterr().out
    assert "array(int64, 1d, C)" in both and "array(float64, 1d, C)" in both
    with pytest.raises(ValueError, match="`file` must be None if `pretty=True`"):
        jf.inspect_types(file=buf, pretty=True)


def test_typing_error_lists_closest_candidates_with_reasons():
    def bad(x):
        return math.sqrt(x)

    with pytest.raises(pycomp.TypingError) as ei:
        njit(bad)((1, 2))
    msg = str(ei.value)
    assert "closest candidates" in msg
    assert "no conversion from UniTuple(int64 x 2) to float64" in msg
    assert ", in bad" in msg


def test_internal_failures_are_internal_compiler_errors(monkeypatch):
    import pycomp.lowering.nb_to_llvm as lowering

    def broken(*args, **kwargs):
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(lowering, "lower_module", broken)
    monkeypatch.delenv("PYCOMP_DEV", raising=False)
    with pytest.raises(pycomp.errors.InternalCompilerError) as ei:
        njit(lambda x: x - 1)(1)
    msg = str(ei.value)
    assert "<lambda>" in msg and "RuntimeError: simulated bug" in msg and "PYCOMP_DEV=1" in msg
    assert ei.value.__cause__ is None
    monkeypatch.setenv("PYCOMP_DEV", "1")
    with pytest.raises(pycomp.errors.InternalCompilerError) as ei:
        njit(lambda x: x - 2)(1)
    assert isinstance(ei.value.__cause__, RuntimeError)


def test_nogil_releases_the_gil_around_native_code():
    import threading

    def work(n):
        s = 0.0
        for i in range(n):
            s += i * 0.5
        return s

    free = njit(nogil=True)(work)
    held = njit(work)
    assert free(10) == work(10)
    held(10)
    assert "pycomp_release_gil" in free.inspect_llvm(free.signatures[0])
    assert "pycomp_release_gil" not in held.inspect_llvm(held.signatures[0])
    results = []
    threads = [threading.Thread(target=lambda: results.append(free(100000))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [work(100000)] * 4


def test_callees_are_inlinable_across_modules():
    @njit
    def sq(x):
        return x * x

    @njit(inline="always")
    def cube(x):
        return x * x * x

    @njit
    def both(a, b):
        return sq(a) + sq(b) + cube(a)

    assert both(3.0, 4.0) == 52.0
    optimized = both.overloads[(ty.float64, ty.float64)].optimized_ir
    calls = [line for line in optimized.splitlines() if "call" in line and "@\"pycomp." in line]
    assert calls == []  # both callees were inlined
    assert sq(2.0) == 4.0 and cube(2.0) == 8.0  # and still callable on their own


def test_compile_times_name_every_stage():
    f = njit(add)
    f(1, 2)
    times = f.compile_times()
    for stage in ("ir-gen", "nb-type-infer", "nb-to-llvm", "emit-llvmlite", "llvm-codegen"):
        assert times[stage] >= 0.0
    assert f.get_metadata()["pipeline_times"]["nopython"] == times


def _breaks_binops_pass():
    from dataclasses import dataclass
    from typing import ClassVar

    from xdsl.passes import ModulePass

    from pycomp.dialects import nb

    @dataclass(frozen=True)
    class BreaksBinops(ModulePass):
        """Leaves invalid IR: every nb.binop gets the operator '<>'."""

        name: ClassVar[str] = "test-breaks-binops"

        def apply(self, ctx, module):
            for op in module.walk():
                if isinstance(op, nb.BinOp):
                    op.op = type(op.op)("<>")

    return BreaksBinops


def test_pycomp_verify_names_the_pass_that_broke_the_ir(monkeypatch):
    """PYCOMP_VERIFY=1 (the suite's default) verifies after every stage: a
    pass that leaves invalid IR is named in the internal error."""
    from pycomp.errors import InternalCompilerError
    from pycomp.passes import _REGISTERED, register_pass

    monkeypatch.setenv("PYCOMP_VERIFY", "1")
    register_pass(_breaks_binops_pass())
    try:
        f = njit(pipeline="nb-static-raise,test-breaks-binops,nb-type-infer,nb-to-llvm")(lambda a, b: a + b)
        with pytest.raises(InternalCompilerError, match="invalid after pass 'test-breaks-binops'"):
            f(1, 2)
    finally:
        _REGISTERED.pop("test-breaks-binops", None)


def test_typed_ir_verifies_after_type_inference(monkeypatch):
    monkeypatch.setenv("PYCOMP_VERIFY", "1")
    f = njit(lambda x: (x, x * 2.5) if x > 0 else (x, 0.0))
    assert f(2) == (2, 5.0)
    from pycomp.dialects.nb_verifiers import check_typed

    (ov,) = f.overloads.values()
    ov.typed_module.verify()
    for func in ov.typed_module.ops:
        check_typed(func)
    # untyped IR fails the invariant, naming the first untyped thing
    from xdsl.utils.exceptions import VerifyException

    from pycomp.frontend.irgen import generate_ir

    untyped = generate_ir(lambda x: x + 1).func
    with pytest.raises(VerifyException, match="typed IR: argument 0 of @<lambda> has no type"):
        check_typed(untyped)
