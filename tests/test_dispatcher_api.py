"""The dispatcher's Numba surface: explicit signatures convert arguments,
ambiguity and mismatch errors, recompile(), disable_compile(), overloads'
entry points. Runs under Numba too (PYCOMP_TEST_ENGINE=numba)."""

import numpy as np
import pytest

from support import jit, njit, numba_differs, pycomp_only


def add(a, b):
    return a + b


def test_explicit_signature_converts_floats_to_ints_by_truncation():
    f = jit("(int64, int64)", nopython=True)(add)
    assert f(1.5, 2.5) == 3 and type(f(1.5, 2.5)) is int
    assert f(-2.7, 0.0) == -2
    assert len(f.overloads) == 1


def test_explicit_signature_int32_from_floats():
    f = jit("(i4, i4)", nopython=True)(add)
    assert f(12.3, 45.6) == 57
    with pytest.raises(TypeError):
        f(12.3, 45.6j)  # complex to int is no conversion at all


def test_safe_conversion_picks_the_best_signature():
    f = jit(["(int64,int64)", "(float64,float64)"], nopython=True)(add)
    assert f(np.int32(1), 2.5) == 3.5
    with pytest.raises(TypeError, match="No matching definition"):
        f(1j, 1j)
    assert len(f.overloads) == 2


def test_ambiguous_overloads_name_the_two_best():
    f = jit(["(float32,float64)", "(float64,float32)", "(int64,int64)"], nopython=True)(add)
    with pytest.raises(TypeError) as info:
        f(1.0, 2.0)
    text = str(info.value)
    assert text.startswith("Ambiguous overloading for <function add")
    assert "(float64, float64):\n(float32, float64) -> float64\n(float64, float32) -> float64" in text
    assert "int64" not in text


def test_signature_with_the_wrong_arity_is_a_type_error():
    with pytest.raises(TypeError, match="Signature mismatch: 0 argument types given, but function takes 2 arguments"):
        jit("()", nopython=True)(add)


def test_recompile_reads_closure_variables_again():
    closure = 1

    @jit(nopython=True)
    def foo(x):
        return x + closure

    assert foo(1) == 2 and foo(1.5) == 2.5
    closure = 2
    assert foo(1) == 2  # frozen at compile time
    foo.recompile()
    assert len(foo.signatures) == 2
    assert foo(1) == 3 and foo(1.5) == 3.5


def test_recompile_keeps_explicit_signatures():
    closure = 1

    @jit("int32(int32)", nopython=True)
    def foo(x):
        return x + closure

    assert foo(1.5) == 2
    closure = 2
    foo.recompile()
    assert foo(1) == 3 and foo(1.5) == 3
    assert len(foo.signatures) == 1


def test_disable_compile():
    @jit(nopython=True)
    def foo(a):
        return a

    foo.compile("(float32,)")
    foo.disable_compile()
    with pytest.raises(RuntimeError, match="^compilation disabled$"):
        foo.compile("(int32,)")
    assert len(foo.signatures) == 1
    assert foo(np.float32(2.5)) == 2.5


def test_entry_point_module_is_the_functions():
    @jit(nopython=True)
    def foo(x):
        return x

    foo(1)
    [cres] = foo.overloads.values()
    assert cres.entry_point.__module__ == foo.py_func.__module__


def test_inspect_llvm_is_per_signature_and_names_the_parameters():
    @jit(nopython=True)
    def foo(explicit_arg1, explicit_arg2):
        return explicit_arg1 + explicit_arg2

    foo(1, 1)
    foo(1.0, 1)
    foo(1.0, 1.0)
    llvms = foo.inspect_llvm()
    assert len(llvms) == 3
    for text in llvms.values():
        assert "foo" in text and "explicit_arg1" in text and "explicit_arg2" in text


def test_stats_has_numbas_cache_counters():
    @jit(nopython=True)
    def foo(x):
        return x

    foo(1)
    foo(2.5)
    st = foo.stats  # no cache=True: no cache file, no hits, each compile a miss
    assert st.cache_path is None
    assert dict(st.cache_hits) == {}
    assert sorted(map(str, st.cache_misses.values())) == ["1", "1"] and len(st.cache_misses) == 2
    assert set(st._fields) == {"cache_path", "cache_hits", "cache_misses"}


def test_jit_of_a_jitted_function_is_a_type_error():
    f = jit(nopython=True)(add)
    with pytest.raises(TypeError, match="already jitted"):
        jit(nopython=True)(f)


def test_an_invalid_signature_object_is_rejected_at_decoration():
    with pytest.raises(TypeError, match="signature"):
        jit([object()], nopython=True)(add)


def test_typeof_of_an_unsupported_object_is_a_value_error():
    from support import typeof

    with pytest.raises(ValueError, match="object"):
        typeof(object())


@pycomp_only("Numba raises its TypingError (not a TypeError) here")
def test_an_unsupported_argument_names_the_function_and_the_parameter():
    f = jit(nopython=True)(add)
    with pytest.raises(TypeError, match=r"add\(\): argument 'b' of type object cannot be passed"):
        f(1, object())


@pycomp_only("Numba passes 2**64-1 as uint64 and raises its own error beyond")
def test_an_int_beyond_64_bits_is_an_overflow_error():
    f = jit(nopython=True)(add)
    with pytest.raises(OverflowError):
        f(1, 2 ** 70)


def test_top_level_type_aliases_and_cuda_module():
    from support import engine

    for name in ("float64", "float32", "int64", "int32", "uint8", "boolean", "intp", "f8", "i4", "u1",
                 "c16", "void"):
        assert getattr(engine, name) is not None, name
    assert engine.float64 is engine.types.float64
    assert engine.f8 is engine.types.float64


@pycomp_only("numba.cuda is a separate package now")
def test_cuda_module_tells_whether_a_gpu_is_there():
    import pycomp

    assert isinstance(pycomp.cuda.is_available(), bool)
    with pytest.raises(NotImplementedError):
        pycomp.cuda.jit(lambda: None)


def kw_add(a, b, c=3):
    return a + b * c


@pytest.mark.parametrize("args, kwargs", [((1, 2), {}), ((1,), {"b": 2}), ((), {"a": 1, "b": 2, "c": 4}),
                                          ((1, 2), {"c": 5}), ((1.5,), {"b": 2}), ((), {"b": 2, "a": 1})])
def test_keyword_calls_bind_as_python_does(args, kwargs):
    f = jit(nopython=True)(kw_add)
    for _ in range(2):  # the second call takes the fast path
        assert f(*args, **kwargs) == kw_add(*args, **kwargs)


@pytest.mark.parametrize("args, kwargs", [((1,), {}), ((1, 2), {"d": 3}), ((1,), {"a": 2}), ((1, 2, 3, 4), {})])
def test_bad_keyword_calls_raise_pythons_type_error(args, kwargs):
    f = jit(nopython=True)(kw_add)
    f(1, 2)
    f(1, b=2)
    with pytest.raises(TypeError):
        f(*args, **kwargs)


@pycomp_only("pycomp's C fast path")
def test_keyword_calls_are_cached_on_the_bound_arguments():
    from pycomp._dispatcher import type_key

    f = jit(nopython=True)(kw_add)
    f(1, b=2)
    assert type_key((1, 2, 3), 0b100) in f._fast_entries  # c left to its default: a key of its own
    assert type_key((1, 2, 3)) not in f._fast_entries
    assert f(b=2.0, a=1) == 7.0  # another key: another specialization
    assert len(f.overloads) == 2


@pycomp_only("pycomp's compile bookkeeping")
def test_a_callee_compiled_for_its_caller_is_not_compiled_again_when_called_directly():
    @jit(nopython=True)
    def g(x):
        return x * 2 + 1

    @jit(nopython=True)
    def f(x):
        return g(x) + 1

    assert f(1) == 4
    [ov] = g.overloads.values()
    assert g(1) == 3
    [again] = g.overloads.values()
    assert again is ov


def test_a_signature_tuple_of_non_types_is_rejected_at_decoration():
    with pytest.raises(TypeError):
        jit((object(),), nopython=True)(add)


def crc16(data, poly=0x8408):
    crc = 0xFFFF
    for i in range(data.shape[0]):
        crc ^= int(data[i])
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ poly
            else:
                crc >>= 1
    return crc ^ 0xFFFF


def test_defaults_left_out_are_compiled_in_as_constants():
    f = jit(nopython=True)(crc16)
    data = np.arange(200, dtype=np.uint8)
    for _ in range(2):  # the second round takes the C fast path
        assert f(data) == crc16(data)
        assert f(data, 0x1021) == crc16(data, 0x1021)
        assert f(data, poly=0x8408) == crc16(data)
    assert len(f.overloads) == 2  # left out, and given explicitly (even with the default's value)


@pycomp_only("the printed signature")
def test_an_omitted_default_shows_in_the_signature():
    f = jit(nopython=True)(crc16)
    f(np.arange(10, dtype=np.uint8))
    assert [str(s) for s in f.nopython_signatures] == ["int64(array(uint8, 1d, C), omitted(default=33800))"]


def none_default(x, y=None, z=2.5):
    if y is None:
        return x * z
    return x + y


@pytest.mark.parametrize("args, kwargs", [((2,), {}), ((2, 3), {}), ((2,), {"z": 1.0}), ((2, None), {}),
                                          ((), {"x": 2, "y": 1, "z": 0.5}), ((2, 3, 2.5), {})])
def test_none_and_number_defaults(args, kwargs):
    f = jit(nopython=True)(none_default)
    for _ in range(2):
        assert f(*args, **kwargs) == none_default(*args, **kwargs)


@numba_differs("Numba finds no match for an omitted default under explicit signatures")
def test_explicit_signatures_take_defaults_as_values():
    f = jit("float64(float64, float64)", nopython=True)(lambda a, b=2.0: a * b)
    assert f(3.0) == 6.0 and f(3.0) == 6.0 and f(3.0, 1.0) == 3.0
    assert len(f.overloads) == 1


def test_a_default_that_is_not_a_constant_is_passed_as_a_value():
    table = np.arange(3.0)

    def g(a, b=table):
        return a + b[1]
    f = jit(nopython=True)(g)
    assert f(1.0) == 2.0 and f(1.0) == 2.0 and f(1.0, np.ones(2)) == 2.0


def test_typeof_pyval_and_signature_printing_are_numbas():
    f = njit(lambda x: x + 1)
    f(1)
    f(1.5)
    assert str(f.typeof_pyval(1.0)) == "float64" and str(f.typeof_pyval((1, 2))) == "UniTuple(int64 x 2)"
    assert repr(f.nopython_signatures) == "[(int64,) -> int64, (float64,) -> float64]"


def test_inspect_cfg_gives_the_llvm_cfg_as_dot():
    f = njit(lambda x: -x if x > 0 else x)
    f(3)
    cfg = f.inspect_cfg(f.signatures[0])
    assert cfg.dot.startswith("digraph") and str(cfg) == cfg.dot
    assert set(f.inspect_cfg()) == set(f.overloads)
    wrapper = f.inspect_cfg(f.signatures[0], show_wrapper="python")
    assert wrapper.dot != cfg.dot


@pycomp_only("pycomp's C dispatcher")
def test_the_dispatcher_is_called_through_vectorcall():
    from pycomp._dispatcher import _enable_vectorcall
    from pycomp.dispatcher import Dispatcher

    assert _enable_vectorcall(Dispatcher) is True  # calls build no argument tuple
    f = njit(lambda a, b=2: a * b)
    assert f(3) == 6 and f(3, 4) == 12 and f(3, b=5) == 15 and f(a=2) == 4
    with pytest.raises(TypeError):
        f()
    with pytest.raises(TypeError):
        f(1, 2, 3)


def test_compiling_leaves_the_garbage_collector_as_it_was():
    """The collector is paused during a compile (pycomp.compiler.paused_gc)
    and restored after it, also when the compile fails or it was off."""
    import gc

    from support import TypingError

    def bad(x):
        return x + (1, 2)

    assert gc.isenabled()
    njit(add)(1, 2)
    assert gc.isenabled()
    with pytest.raises(TypingError):
        njit(bad)(1)
    assert gc.isenabled()
    gc.disable()
    try:
        njit(add)(1.0, 2.0)
        assert not gc.isenabled()
    finally:
        gc.enable()
