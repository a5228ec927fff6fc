"""Differential tests: optional values (None on one path, a value on
another), ``is None`` tests and their narrowing, arguments defaulting to
None, explicit ``optional(T)`` signatures, and the TypeError a None raises
where a value is needed."""

import math

import numpy as np
import pytest

from support import check, cpython_differs, jitted, njit, pycomp_only, types

# ------------------------------------------------------------------ returning an optional


def none_or_float(flag):
    if flag:
        out = None
    else:
        out = 1.25
    return out


def none_or_int_returns(x):
    if x > 0:
        return x * 2
    return None


def bool_or_none(x, y):
    if y:
        z = False
    else:
        z = None
    if x == 2:
        return True
    elif x == 1:
        return z
    return None


@pytest.mark.parametrize("flag", [True, False])
def test_merge_of_none_and_float_returns_either(flag):
    check(none_or_float, flag)


@pytest.mark.parametrize("x", [-3, 0, 7])
def test_return_value_or_none(x):
    check(none_or_int_returns, x)


@pytest.mark.parametrize("x", [0, 1, 2])
@pytest.mark.parametrize("y", [True, False])
def test_optional_bool(x, y):
    check(bool_or_none, x, y)


def first_square_above(n):
    found = None
    for i in range(n):
        if i * i > n and found is None:
            found = i
    return found


@pytest.mark.parametrize("n", [0, 1, 10, 50])
def test_loop_assigns_optional(n):
    check(first_square_above, n)


def test_optional_return_type_is_optional():
    cfunc = njit(none_or_int_returns)
    cfunc(1)
    (sig,) = cfunc.nopython_signatures
    assert sig.return_type == types.Optional(types.int64)


# ------------------------------------------------------------------ is None, == None


def presence(x):
    y = None
    if x > 0:
        y = x
    return y is None, y is not None


def presence_eq(x):
    y = None
    if x > 0:
        y = x
    return y == None, y != None  # noqa: E711


def none_is_optional(x):
    y = None
    if x > 0:
        y = 1.5
    return None is y


@pytest.mark.parametrize("x", [-1, 1])
def test_is_none_on_optional(x):
    check(presence, x)


@pytest.mark.parametrize("x", [-1, 1])
def test_eq_none_on_optional(x):
    check(presence_eq, x)


@pytest.mark.parametrize("x", [-1, 1])
def test_none_is_optional(x):
    check(none_is_optional, x)


# ------------------------------------------------------------------ narrowing


def use_if_not_none(x):
    y = None
    if x > 0:
        y = x
    if y is not None:
        return y * 2
    return -1


def default_if_none(x):
    y = None
    if x > 3:
        y = x - 3
    if y is None:
        y = 10
    return y + 1


def both_branches(x):
    if x:
        v = None
    else:
        v = x
    if v is None:
        return x - 1
    if v is not None:
        return x + 1


@pytest.mark.parametrize("x", [-5, 0, 4])
def test_use_inside_not_none_branch(x):
    check(use_if_not_none, x)


@pytest.mark.parametrize("x", [0, 3, 9])
def test_default_when_none(x):
    check(default_if_none, x)


@pytest.mark.parametrize("x", [0, 5])
def test_none_and_not_none_branches(x):
    check(both_branches, x)


# ------------------------------------------------------------------ arguments defaulting to None


def scale(x, factor=None):
    if factor is None:
        factor = 2.0
    return x * factor


def maybe_add(x, y=None):
    if y is not None:
        return x + y
    return x


def test_default_none_omitted():
    check(scale, 3)


@pytest.mark.parametrize("factor", [4, 0.5])
@cpython_differs("factor is float64 on every path (factor = 2.0 merges), as in Numba")
def test_default_none_given(factor):
    check(scale, 3, factor, expected=float(3 * factor))


@pytest.mark.parametrize("args", [(3,), (3, 4), (1.5, 2.5)])
def test_not_none_argument(args):
    check(maybe_add, *args)


def test_default_none_passed_explicitly():
    check(maybe_add, 7, None)


# ------------------------------------------------------------------ None where a value is needed


def add_one_to_optional(x):
    y = None
    if x > 0:
        y = x
    return y + 1


def sqrt_of_optional(x):
    y = None
    if x > 0.0:
        y = x
    return math.sqrt(y)


def test_optional_in_arithmetic():
    check(add_one_to_optional, 4)


def test_optional_in_call():
    check(sqrt_of_optional, 9.0)


def test_none_in_arithmetic_raises_type_error():
    check(add_one_to_optional, -4, match_message=False)
    with pytest.raises(TypeError, match="expected int64, got None"):
        jitted(add_one_to_optional)(-4)


def test_none_in_call_raises_type_error():
    check(sqrt_of_optional, -1.0, match_message=False)
    with pytest.raises(TypeError, match="expected float64, got None"):
        jitted(sqrt_of_optional)(-1.0)


def test_truth_of_optional_is_a_typing_error():
    def truth(x):
        y = None
        if x > 0:
            y = x
        if y:
            return 1
        return 0

    from support import TypingError

    with pytest.raises(TypingError):
        njit(truth)(1)


# ------------------------------------------------------------------ explicit optional signatures


def identity(x):
    return x


def plus_one(x):
    return x + 1


def value_or(x, default):
    if x is None:
        return default
    return x


@pytest.mark.parametrize("x", [None, 2.5])
def test_optional_argument_and_return(x):
    cfunc = njit("optional(float64)(optional(float64))")(identity)
    check(identity, x, cfunc=cfunc)


@cpython_differs("an int passed as optional(float64) unboxes to a float")
def test_optional_argument_converts():
    cfunc = njit("optional(float64)(optional(float64))")(identity)
    check(identity, 3, cfunc=cfunc, expected=3.0)


def test_optional_type_object_signature():
    cfunc = njit(types.Optional(types.float64)(types.Optional(types.float64)))(identity)
    check(identity, None, cfunc=cfunc)
    check(identity, 1.5, cfunc=cfunc)


def test_optional_argument_in_arithmetic():
    cfunc = njit("float64(optional(float64))")(plus_one)
    check(plus_one, 1.0, cfunc=cfunc)
    with pytest.raises(TypeError, match="expected float64, got None"):
        cfunc(None)


@pytest.mark.parametrize("x", [None, 7])
def test_optional_argument_tested(x):
    cfunc = njit("int64(optional(int64), int64)")(value_or)
    check(value_or, x, -1, cfunc=cfunc)


# ------------------------------------------------------------------ across calls and recursion


def make_callers():
    @njit
    def maybe_dec(x):
        if x > 5:
            return x - 1
        return None

    @njit
    def chain(x):
        out = maybe_dec(x)
        if out is None:
            return out
        elif out < 8:
            return out
        return x * chain(out)

    @njit
    def twice(x):
        out = maybe_dec(x)
        return out + out

    return maybe_dec, chain, twice


def chain_py(x):
    out = x - 1 if x > 5 else None
    if out is None:
        return out
    elif out < 8:
        return out
    return x * chain_py(out)


@pytest.mark.parametrize("x", [1, 6, 9, 12])
def test_optional_from_callee_and_recursion(x):
    _, chain, _ = make_callers()
    assert chain(x) == chain_py(x)
    assert type(chain(x)) is type(chain_py(x))


def test_optional_from_callee_used_as_value():
    _, _, twice = make_callers()
    assert twice(10) == 18
    with pytest.raises(TypeError, match="expected int64, got None"):
        twice(1)


# ------------------------------------------------------------------ the type


@pytest.mark.parametrize("spelling", ["optional(float64)", "optional(int32)"])
def test_optional_signature_strings(spelling):
    cfunc = njit("%s(%s)" % (spelling, spelling))(identity)
    assert cfunc(None) is None


@pycomp_only("pycomp prints optional(T); Numba prints OptionalType(T)")
def test_optional_type_prints_and_parses():
    t = types.Optional(types.float64)
    assert str(t) == "optional(float64)"
    assert types.parse_type(str(t)) is t
    assert types.Optional(t) is t


# ------------------------------------------------------------------ optional arrays and tuples


def first_or(x, y):
    if y is not None:
        return y[0] + x
    return x


def length_if(a, do):
    o = None
    if do:
        o = a
    return o.shape[0]


def unpack_optional(x):
    t = None
    if x > 0:
        t = (x, 2)
    a, b = t
    return a + b


def index_optional(x):
    t = None
    if x > 0:
        t = (x, 2.5)
    return t[1]


@pytest.mark.parametrize("y", [None, np.arange(3, dtype=np.float32) + 1])
def test_optional_array_argument(y):
    cfunc = njit("float32(float32, optional(float32[:]))")(first_or)
    got = cfunc(np.float32(1.0), y)
    assert got == first_or(np.float32(1.0), y)


def test_optional_array_attribute():
    check(length_if, np.ones(3), True)
    with pytest.raises(TypeError):
        jitted(length_if)(np.ones(3), False)


@pytest.mark.parametrize("x", [1, -1])
def test_unpack_optional_tuple(x):
    check(unpack_optional, x, match_message=False)


@pytest.mark.parametrize("x", [3, -3])
@pycomp_only("Numba 0.68 fails to compile indexing an optional tuple (an internal error)")
def test_index_optional_tuple(x):
    check(index_optional, x, match_message=False)


def _iscomplex_value(x):
    return np.iscomplexobj(x)


def call_with_optional(x, flag, f):
    y = x if flag else None
    return f(y)


def test_an_optional_argument_gets_its_own_specialization():
    """A jitted callee already compiled for T, called with optional(T),
    compiles for optional(T): reusing the T code would skip the None case
    (a regression: np.iscomplexobj(None) came out True)."""
    callee = njit(_iscomplex_value)
    assert callee(1 + 0j) is True
    f = njit(call_with_optional)
    assert f(1 + 0j, False, callee) is False
    assert f(1 + 0j, True, callee) is True
