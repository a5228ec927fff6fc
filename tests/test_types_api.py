"""Numba's type objects and jit options as user code and Numba's tests use
them; runs under Numba too (PYCOMP_TEST_ENGINE=numba)."""

import numpy as np
import pytest

from support import jit, njit, numba_differs, types


@pytest.mark.parametrize("name, value, expected", [
    ("int16", 5, np.int16(5)), ("uint8", 7, np.uint8(7)), ("int64", -3, np.int64(-3)),
    ("float32", 1.5, np.float32(1.5)), ("float64", 2, np.float64(2.0)),
    ("complex128", 1j, np.complex128(1j)),
])
def test_calling_a_number_type_casts_the_value(name, value, expected):
    got = getattr(types, name)(value)
    assert type(got) is type(expected) and got == expected


def test_calling_boolean_casts_to_bool():
    assert types.boolean(3) is True and types.boolean(0) is False


def test_calling_a_type_with_types_builds_a_signature():
    sig = types.float64(types.int32, types.int32)
    assert sig.return_type is types.float64 and tuple(sig.args) == (types.int32, types.int32)


def test_cast_result_feeds_a_compiled_function():
    f = njit((types.int16,))(lambda x: x + 1)
    assert f(types.int16(5)) == 6


def test_domains_are_frozensets():
    for name in ("signed_domain", "unsigned_domain", "integer_domain", "real_domain",
                 "complex_domain", "number_domain"):
        assert isinstance(getattr(types, name), frozenset), name
    assert types.int8 in types.signed_domain and types.uint64 in types.unsigned_domain
    assert types.integer_domain | types.real_domain <= types.number_domain
    assert len(types.number_domain) == 12


@pytest.mark.parametrize("option", [{"_nrt": False}, {"no_cpython_wrapper": False},
                                    {"no_cfunc_wrapper": True}, {"_nrt": True}, {"no_rewrites": True}])
def test_numba_internal_jit_options_are_accepted(option):
    f = jit(nopython=True, **option)(lambda x: x * 2)
    assert f(21) == 42


@pytest.mark.parametrize("spelling, ndim, layout", [
    (lambda t: t[:], 1, "A"), (lambda t: t[::1], 1, "C"), (lambda t: t[:, ::1], 2, "C"),
    (lambda t: t[::1, :], 2, "F"), (lambda t: t[:, :], 2, "A"), (lambda t: t[:, :, ::1], 3, "C"),
])
def test_array_type_shorthand(spelling, ndim, layout):
    a = spelling(types.float64)
    assert isinstance(a, types.Array)
    assert (a.dtype, a.ndim, a.layout) == (types.float64, ndim, layout)


@numba_differs("Numba raises KeyError; a bad spelling is a TypeError here")
def test_array_type_shorthand_rejects_bounds():
    with pytest.raises(TypeError):
        types.float64[1:]


def test_array_type_shorthand_compiles():
    f = njit(types.float64(types.float64[::1]))(lambda a: a[0] + a[1])
    assert f(np.array([1.5, 2.0])) == 3.5


def test_keys_of_types():
    assert types.int64.key == "int64" and types.float32.key == "float32"
    assert np.iinfo(types.int16.key).max == 32767
    assert types.UniTuple(types.int8, 3).key == (types.int8, 3)
    assert types.Array(types.int32, 2, "C").key == (types.int32, 2, "C", True, True)


def _errors_module():
    from support import is_numba

    if is_numba:
        from numba.core import errors
    else:
        from pycomp import errors
    return errors


@pytest.mark.parametrize("name, bases", [
    ("TypingError", ("NumbaError",)), ("UnsupportedError", ("NumbaError",)),
    ("LoweringError", ("NumbaError",)), ("NumbaValueError", ("TypingError",)),
    ("NumbaTypeError", ("TypingError",)), ("NumbaAttributeError", ("TypingError",)),
    ("NumbaIndexError", ("TypingError",)), ("NumbaKeyError", ("TypingError",)),
    ("NumbaNotImplementedError", ("TypingError",)), ("NumbaAssertionError", ("TypingError",)),
    ("NumbaRuntimeError", ("NumbaError",)), ("NumbaPerformanceWarning", ("NumbaWarning",)),
    ("NumbaDeprecationWarning", ("NumbaWarning", "DeprecationWarning")),
    ("NumbaPendingDeprecationWarning", ("NumbaWarning", "PendingDeprecationWarning")),
    ("NumbaExperimentalFeatureWarning", ("NumbaWarning",)),
])
def test_numbas_error_names_exist_and_nest(name, bases):
    import builtins

    errors = _errors_module()
    cls = getattr(errors, name)
    for b in bases:
        base = getattr(errors, b, None) or getattr(builtins, b)
        assert issubclass(cls, base), (name, b)
    assert issubclass(errors.NumbaWarning, Warning)


def test_void_is_none_and_types_cast_inside_compiled_code():
    assert types.void is types.none
    f = njit(lambda x: types.int16(x) + types.float32(x))
    assert f(3) == 6.0 and f(70000) == 4464 + 70000.0
