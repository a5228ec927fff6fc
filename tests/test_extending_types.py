"""New types from Python (NBEP 2, Numba's numba.extending): ``types.Type``
subclasses, typeof_impl, data models, make_attribute_wrapper,
lower_getattr(_generic), lower_cast, box/unbox with NativeValue, and
overloads on the new types. Each hook is run on values and compared with
plain Python; the same module runs under Numba (PYCOMP_TEST_ENGINE=numba).
Code generators written with pycomp's own builder (intrinsics, setattr)
and pycomp's own messages are in tests/test_extending_codegen.py."""

import operator
import sys

import numpy as np
import pytest

from support import TypingError, check, is_numba, njit, no_leaks, numba_differs, typeof, types

if is_numba:
    from numba.core import cgutils
    from numba.core.typeconv import Conversion
    from numba.core.typing.templates import AttributeTemplate
    from numba.extending import (NativeValue, box, infer_getattr, lower_builtin, lower_cast, lower_getattr,
                                 lower_getattr_generic, make_attribute_wrapper, models, overload,
                                 overload_attribute, overload_method, register_model, type_callable,
                                 typeof_impl, unbox)
else:
    from pycomp import cgutils
    from pycomp.extending import (NativeValue, box, infer_getattr, lower_builtin, lower_cast, lower_getattr,
                                  lower_getattr_generic, make_attribute_wrapper, models, overload,
                                  overload_attribute, overload_method, register_model, type_callable,
                                  typeof_impl, unbox)
    from pycomp.frontend.typing.conversions import Conversion
    from pycomp.frontend.typing.templates import AttributeTemplate


# ------------------------------------------------------------------ Interval: a struct type, boxed and unboxed


class Interval:
    """A closed-open interval [lo, hi) of floats (plain Python)."""

    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi

    @property
    def width(self):
        return self.hi - self.lo

    @property
    def low(self):
        return self.lo

    def contains(self, x):
        return self.lo <= x < self.hi

    def __abs__(self):
        return Interval(abs(self.lo), abs(self.hi))

    def __add__(self, other):
        return Interval(self.lo + other.lo, self.hi + other.hi)

    def __neg__(self):
        return Interval(-self.hi, -self.lo)

    def __eq__(self, other):
        return self.lo == other.lo and self.hi == other.hi

    def __getitem__(self, k):
        return self.lo if k == 0 else self.hi

    def __contains__(self, x):
        return self.lo <= x < self.hi


class IntervalType(types.Type):
    def __init__(self):
        super().__init__(name="Interval")


interval_type = IntervalType()


@typeof_impl.register(Interval)
def _typeof_interval(val, c):
    return interval_type


@register_model(IntervalType)
class IntervalModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        members = [("lo", types.float64), ("hi", types.float64)]
        models.StructModel.__init__(self, dmm, fe_type, members)


make_attribute_wrapper(IntervalType, "lo", "lo")
make_attribute_wrapper(IntervalType, "hi", "hi")


@overload_attribute(IntervalType, "width")
def _interval_width(interval):
    def get(interval):
        return interval.hi - interval.lo
    return get


@type_callable(Interval)
def _type_interval(context):
    def typer(lo, hi):
        if isinstance(lo, types.Float) and isinstance(hi, types.Float):
            return interval_type
    return typer


@lower_builtin(Interval, types.Float, types.Float)
def _make_interval(context, builder, sig, args):
    interval = cgutils.create_struct_proxy(sig.return_type)(context, builder)
    interval.lo, interval.hi = args
    return interval._getvalue()


@unbox(IntervalType)
def _unbox_interval(typ, obj, c):
    lo_obj = c.pyapi.object_getattr_string(obj, "lo")
    hi_obj = c.pyapi.object_getattr_string(obj, "hi")
    interval = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    interval.lo = c.pyapi.float_as_double(lo_obj)
    interval.hi = c.pyapi.float_as_double(hi_obj)
    c.pyapi.decref(lo_obj)
    c.pyapi.decref(hi_obj)
    is_error = cgutils.is_not_null(c.builder, c.pyapi.err_occurred())
    return NativeValue(interval._getvalue(), is_error=is_error)


@box(IntervalType)
def _box_interval(typ, val, c):
    interval = cgutils.create_struct_proxy(typ)(c.context, c.builder, value=val)
    lo_obj = c.pyapi.float_from_double(interval.lo)
    hi_obj = c.pyapi.float_from_double(interval.hi)
    class_obj = c.pyapi.unserialize(c.pyapi.serialize_object(Interval))
    res = c.pyapi.call_function_objargs(class_obj, (lo_obj, hi_obj))
    c.pyapi.decref(lo_obj)
    c.pyapi.decref(hi_obj)
    c.pyapi.decref(class_obj)
    return res


@overload(abs)
def _interval_abs(x):
    if isinstance(x, IntervalType):
        def impl(x):
            return Interval(abs(x.lo), abs(x.hi))
        return impl


# operators, through the operator module's functions, as in Numba
@overload(operator.add)
def _interval_add(a, b):
    if isinstance(a, IntervalType) and isinstance(b, IntervalType):
        return lambda a, b: Interval(a.lo + b.lo, a.hi + b.hi)


@overload(operator.neg)
def _interval_neg(a):
    if isinstance(a, IntervalType):
        return lambda a: Interval(-a.hi, -a.lo)


@overload(operator.eq)
def _interval_eq(a, b):
    if isinstance(a, IntervalType) and isinstance(b, IntervalType):
        return lambda a, b: a.lo == b.lo and a.hi == b.hi


@overload(operator.getitem)
def _interval_getitem(a, k):
    if isinstance(a, IntervalType) and isinstance(k, types.Integer):
        return lambda a, k: a.lo if k == 0 else a.hi


@overload(operator.contains)
def _interval_in(a, x):
    if isinstance(a, IntervalType) and isinstance(x, (types.Integer, types.Float)):
        return lambda a, x: a.lo <= x < a.hi


@overload_method(IntervalType, "contains")
def _interval_contains(interval, x):
    if isinstance(x, (types.Integer, types.Float)):
        def impl(interval, x):
            return interval.lo <= x < interval.hi
        return impl


@overload_method(IntervalType, "grid")
def _interval_grid(interval, n):
    def impl(interval, n):
        out = np.empty(n)
        step = (interval.hi - interval.lo) / n
        for k in range(n):
            out[k] = interval.lo + k * step
        return out
    return impl


# an attribute typed by a template and lowered by lower_getattr
@infer_getattr
class _IntervalLow(AttributeTemplate):
    key = IntervalType

    def resolve_low(self, typ):
        return types.float64


@lower_getattr(IntervalType, "low")
def _interval_low(context, builder, typ, value):
    return cgutils.create_struct_proxy(typ)(context, builder, value=value).lo


def as_pair(i):
    return i.lo, i.hi


def test_a_type_subclass_is_named_and_interned():
    assert str(interval_type) == "Interval"
    assert IntervalType() is interval_type

    class PairType(types.Type):
        def __init__(self, dtype):
            self.dtype = dtype
            super().__init__(name="Pair(%s)" % dtype)

    assert PairType(types.int64) is PairType(types.int64)
    assert PairType(types.int64) is not PairType(types.float64)
    assert str(PairType(types.float32)) == "Pair(float32)"


def test_typeof_impl_types_the_objects_of_a_class():
    assert typeof(Interval(1.0, 2.0)) is interval_type


def inside(i, x):
    return i.lo <= x < i.hi


@pytest.mark.parametrize("x", [0.5, 1.0, 2.0, 3.0, 3.5, float("nan")])
def test_struct_members_are_attributes(x):
    check(inside, Interval(1.0, 3.0), x)


def test_an_int_attribute_unboxes_as_float():
    check(as_pair, Interval(1, 2), expected=(1.0, 2.0))


def width_and_low(i):
    return i.width, i.low


def test_overloaded_and_lowered_attributes():
    check(width_and_low, Interval(-1.5, 4.0))


def make(lo, hi):
    return Interval(lo, hi)


def test_a_constructor_boxes_an_instance():
    got = njit(make)(1.5, 2.5)
    assert type(got) is Interval and (got.lo, got.hi) == (1.5, 2.5)
    assert sys.getrefcount(got) == 2  # the only reference is ours


def roundtrip(i):
    return i


def test_unboxing_and_boxing_keep_python_references_balanced():
    f = njit(roundtrip)
    i = Interval(1.0, 2.0)
    before = sys.getrefcount(i), sys.getrefcount(i.lo)
    for _ in range(50):
        r = f(i)
    assert r is not i and (r.lo, r.hi) == (1.0, 2.0)
    del r
    assert (sys.getrefcount(i), sys.getrefcount(i.lo)) == before


def contains_and_abs(i, x):
    j = abs(i)
    return i.contains(x), j.lo, j.hi


@pytest.mark.parametrize("x", [-3, 0.0, 1, 2.5])
def test_overloaded_function_and_method(x):
    check(contains_and_abs, Interval(-2.0, 1.0), x)


def in_tuple(a, b):
    return (Interval(a, b), a + b)


def test_a_boxed_instance_in_a_tuple():
    r, s = njit(in_tuple)(1.0, 2.0)
    assert type(r) is Interval and (r.lo, r.hi, s) == (1.0, 2.0, 3.0)


def grid(i, n):
    return i.grid(n)


def test_a_method_returning_an_array_does_not_leak():
    f = njit(grid)
    with no_leaks():
        got = f(Interval(0.0, 1.0), 4)
        np.testing.assert_array_equal(got, np.arange(4) / 4.0)
        assert got.dtype == np.float64
        del got
    with no_leaks():
        assert f(Interval(2.0, 3.0), 1).tolist() == [2.0]


def test_calls_with_other_instances_reuse_the_specialization():
    f = njit(inside)
    for lo in range(5):
        assert f(Interval(float(lo), lo + 1.0), lo + 0.5)
    assert len(f.signatures) == 1


def test_unbox_reports_an_error():
    with pytest.raises(TypeError, match="must be real number"):
        njit(inside)(Interval("a", 1.0), 0.5)
    # the interpreter goes on: a good call works after a failed one
    assert njit(inside)(Interval(0.0, 1.0), 0.5)


def bad_member(i):
    return i.contains(i)


def test_a_typing_error_in_an_overload_names_the_users_line():
    with pytest.raises(TypingError) as e:
        njit(bad_member)(Interval(0.0, 1.0))
    assert "return i.contains(i)" in str(e.value)


def set_unknown(i):
    i.nothing = 1
    return i.lo


def test_setting_an_attribute_without_lower_setattr_is_a_typing_error():
    with pytest.raises(TypingError) as e:
        njit(set_unknown)(Interval(0.0, 1.0))
    assert "i.nothing = 1" in str(e.value)


def make_from_ints(a, b):
    return Interval(a, b)


def test_a_constructor_for_other_types_is_a_typing_error():
    with pytest.raises(TypingError) as e:
        njit(make_from_ints)(1, 2)
    assert "return Interval(a, b)" in str(e.value)


# ------------------------------------------------------------------ typeof_impl errors


class Unknowable:
    """typeof_impl gives up on it (returns None)."""


class Exploding:
    """Its typeof_impl raises."""


@typeof_impl.register(Unknowable)
def _typeof_unknowable(val, c):
    return None


@typeof_impl.register(Exploding)
def _typeof_exploding(val, c):
    raise RuntimeError("cannot type this one")


def first(x):
    return 1


def test_a_typeof_impl_that_raises_propagates():
    with pytest.raises(RuntimeError, match="cannot type this one"):
        njit(first)(Exploding())


def test_a_typeof_impl_returning_none_cannot_be_passed():
    with pytest.raises((TypeError, TypingError)):
        njit(first)(Unknowable())


# ------------------------------------------------------------------ an unbox that fails without an exception


class Picky:
    def __init__(self, ok):
        self.ok = ok


class PickyType(types.Type):
    def __init__(self):
        super().__init__(name="Picky")


picky_type = PickyType()


@typeof_impl.register(Picky)
def _typeof_picky(val, c):
    return picky_type


@register_model(PickyType)
class PickyModel(models.OpaqueModel):
    pass


@unbox(PickyType)
def _unbox_picky(typ, obj, c):
    ok = c.pyapi.object_getattr_string(obj, "ok")
    truth = c.pyapi.object_istrue(ok)
    c.pyapi.decref(ok)
    failed = c.builder.icmp_signed("!=", truth, truth.type(1))
    return NativeValue(obj, is_error=failed)  # no exception set when it fails


def accept(p):
    return 7


def test_an_unbox_error_without_an_exception():
    assert njit(accept)(Picky(True)) == 7


@numba_differs("Numba returns NULL with no exception set (SystemError); pycomp raises TypeError")
def test_an_unbox_error_without_an_exception_raises_type_error():
    with pytest.raises(TypeError, match="can't unbox"):
        njit(accept)(Picky(False))


# ------------------------------------------------------------------ OpaqueModel: an object passed through


class Token:
    pass


class TokenType(types.Type):
    def __init__(self):
        super().__init__(name="Token")


token_type = TokenType()
typeof_impl.register(Token)(lambda val, c: token_type)
register_model(TokenType)(models.OpaqueModel)


@unbox(TokenType)
def _unbox_token(typ, obj, c):
    return NativeValue(obj)


@box(TokenType)
def _box_token(typ, val, c):
    c.pyapi.incref(val)
    return val


def pass_token(t, x):
    return t, x + 1


def test_an_opaque_value_passes_through_compiled_code():
    tok = Token()
    before = sys.getrefcount(tok)
    r = njit(pass_token)(tok, 1)
    assert r[0] is tok and r[1] == 2
    del r
    assert sys.getrefcount(tok) == before


# ------------------------------------------------------------------ PrimitiveModel and lower_cast


class Handle:
    def __init__(self, ident):
        self.ident = ident


class HandleType(types.Type):
    """Converts to int64 (safely) as its identifier."""

    def __init__(self):
        super().__init__(name="Handle")

    def can_convert_to(self, typingctx, other):
        if other is types.int64:
            return Conversion.safe
        return None


handle_type = HandleType()
typeof_impl.register(Handle)(lambda val, c: handle_type)


@register_model(HandleType)
class HandleModel(models.PrimitiveModel):
    def __init__(self, dmm, fe_type):
        from llvmlite import ir

        super().__init__(dmm, fe_type, ir.IntType(64))


@unbox(HandleType)
def _unbox_handle(typ, obj, c):
    ident = c.pyapi.object_getattr_string(obj, "ident")
    value = c.pyapi.long_as_longlong(ident)
    c.pyapi.decref(ident)
    return NativeValue(value, is_error=cgutils.is_not_null(c.builder, c.pyapi.err_occurred()))


@box(HandleType)
def _box_handle(typ, val, c):
    ident = c.pyapi.long_from_longlong(val)
    cls = c.pyapi.unserialize(c.pyapi.serialize_object(Handle))
    res = c.pyapi.call_function_objargs(cls, (ident,))
    c.pyapi.decref(ident)
    c.pyapi.decref(cls)
    return res


@lower_cast(HandleType, types.int64)
def _handle_to_int(context, builder, fromty, toty, val):
    return val  # the same i64


@njit("int64(int64)")
def _twice(n):
    return n * 2


def twice_handle(h):
    return _twice(h), h


def test_a_primitive_model_and_a_cast():
    n, h = njit(twice_handle)(Handle(21))
    assert n == 42 and type(h) is Handle and h.ident == 21


def test_a_primitive_unbox_error():
    with pytest.raises(TypeError):
        njit(twice_handle)(Handle("x"))


# ------------------------------------------------------------------ NativeValue.cleanup, to/from_native_value


class Holder:
    def __init__(self, payload):
        self.payload = payload


class HolderType(types.Type):
    def __init__(self):
        super().__init__(name="Holder")


holder_type = HolderType()
typeof_impl.register(Holder)(lambda val, c: holder_type)
register_model(HolderType)(models.OpaqueModel)


@unbox(HolderType)
def _unbox_holder(typ, obj, c):
    payload = c.pyapi.object_getattr_string(obj, "payload")  # a new reference: the cleanup releases it

    def cleanup():
        c.pyapi.decref(payload)

    return NativeValue(payload, is_error=cgutils.is_null(c.builder, payload), cleanup=cleanup)


def holder_then_interval(h, i):
    return i.hi


def test_an_unbox_cleanup_runs_after_the_call_and_when_a_later_argument_fails():
    f = njit(holder_then_interval)
    payload = object()
    h = Holder(payload)
    before = sys.getrefcount(payload)
    assert f(h, Interval(0.0, 2.0)) == 2.0
    assert sys.getrefcount(payload) == before
    with pytest.raises(TypeError):
        f(h, Interval("bad", 1.0))
    assert sys.getrefcount(payload) == before


class Scaled:
    def __init__(self, value, factor):
        self.value = value
        self.factor = factor


class ScaledType(types.Type):
    def __init__(self):
        super().__init__(name="Scaled")


scaled_type = ScaledType()
typeof_impl.register(Scaled)(lambda val, c: scaled_type)


@register_model(ScaledType)
class ScaledModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("value", types.float64), ("factor", types.int64)])


make_attribute_wrapper(ScaledType, "value", "value")
make_attribute_wrapper(ScaledType, "factor", "factor")


@unbox(ScaledType)
def _unbox_scaled(typ, obj, c):
    s = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    failed = None
    for name, member_type in (("value", types.float64), ("factor", types.int64)):
        item = c.pyapi.object_getattr_string(obj, name)
        native = c.pyapi.to_native_value(member_type, item)
        c.pyapi.decref(item)
        setattr(s, name, native.value)
        failed = native.is_error if failed is None else c.builder.or_(failed, native.is_error)
    return NativeValue(s._getvalue(), is_error=failed)


@box(ScaledType)
def _box_scaled(typ, val, c):
    s = cgutils.create_struct_proxy(typ)(c.context, c.builder, value=val)
    value = c.pyapi.from_native_value(types.float64, s.value)
    factor = c.pyapi.from_native_value(types.int64, s.factor)
    cls = c.pyapi.unserialize(c.pyapi.serialize_object(Scaled))
    res = c.pyapi.call_function_objargs(cls, (value, factor))
    for o in (value, factor, cls):
        c.pyapi.decref(o)
    return res


def scaled_total(s):
    return s.value * s.factor, s


def test_members_unboxed_and_boxed_as_pycomp_types():
    total, back = njit(scaled_total)(Scaled(1.5, 4))
    assert total == 6.0 and type(back) is Scaled and (back.value, back.factor) == (1.5, 4)
    assert type(back.factor) is int and type(back.value) is float
    with pytest.raises(TypeError):
        njit(scaled_total)(Scaled(1.5, None))


# ------------------------------------------------------------------ lower_getattr_generic


class Vec2:
    def __init__(self, x, y):
        self.x, self.y = x, y


class Vec2Type(types.Type):
    def __init__(self):
        super().__init__(name="Vec2")


vec2_type = Vec2Type()
typeof_impl.register(Vec2)(lambda val, c: vec2_type)


@register_model(Vec2Type)
class Vec2Model(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("x", types.int64), ("y", types.int64)])


@unbox(Vec2Type)
def _unbox_vec2(typ, obj, c):
    v = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    for name in ("x", "y"):
        item = c.pyapi.object_getattr_string(obj, name)
        setattr(v, name, c.pyapi.long_as_longlong(item))
        c.pyapi.decref(item)
    return NativeValue(v._getvalue(), is_error=cgutils.is_not_null(c.builder, c.pyapi.err_occurred()))


@infer_getattr
class _Vec2Attrs(AttributeTemplate):
    key = Vec2Type

    def generic_resolve(self, typ, attr):
        if attr in ("first", "second"):
            return types.int64


@lower_getattr_generic(Vec2Type)
def _vec2_getattr(context, builder, typ, value, attr):
    member = {"first": "x", "second": "y"}[attr]
    return getattr(cgutils.create_struct_proxy(typ)(context, builder, value=value), member)


def vec2_parts(v):
    return v.first * 10 + v.second


def test_a_generic_attribute_lowering():
    assert njit(vec2_parts)(Vec2(4, 2)) == 42


def operators(i, j):
    k = i + j
    m = -k
    return m.lo, m.hi, i == j, i == i, m[0], m[1]


def membership(i, x):
    return x in i, x not in i


@pytest.mark.parametrize("x", [-2.0, 0.0, 1.0, 7])
def test_overloaded_contains_implements_in(x):
    """``@overload(operator.contains)`` implements ``x in i`` and ``x not in
    i`` (its operands in the other order)."""
    check(membership, Interval(-2.0, 1.0), x)


def test_overloaded_operators():
    """``@overload(operator.add)`` implements ``+``, as ``operator.neg``,
    ``operator.eq`` and ``operator.getitem`` do their operators; the typed
    IR calls the implementations."""
    check(operators, Interval(-2.0, 1.0), Interval(0.5, 4.0))
