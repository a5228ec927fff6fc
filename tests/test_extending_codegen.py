"""The extension API's pycomp-specific half: code generators written with
pycomp's llvm-dialect builder (``@intrinsic``, ``@lower_setattr``,
``@lower_builtin`` of an opaque value) and pycomp's own error messages
for extension types (the rest of the hooks, run under both engines, are
in tests/test_extending_types.py)."""

import numpy as np
import pytest

from support import TypingError, is_numba, njit, pycomp_only, types

if not is_numba:
    from pycomp import cgutils
    from pycomp.extending import (NativeValue, infer_getattr, intrinsic, lower_builtin, lower_getattr,
                                  lower_setattr, models, register_model, type_callable, typeof_impl, unbox)
    from pycomp.frontend.typing.templates import AttributeTemplate

def first(x):
    return 1


# ------------------------------------------------------------------ pycomp's code generators: intrinsic, setattr


if not is_numba:
    @intrinsic
    def add_one(typingctx, x):
        """x + 1 for integers, written with pycomp's llvm-dialect builder."""
        if isinstance(x, types.Integer):
            def codegen(context, builder, sig, args):
                lt = context.llvm_type(sig.args[0])
                return builder.ibin("add", args[0], builder.const_int(lt, 1))
            return x(x), codegen
        return None

    @intrinsic
    def call_f64_at(typingctx, addr, x):
        """Call the C function ``double f(double)`` at address ``addr``
        (builder.call_indirect)."""
        def codegen(context, builder, sig, args):
            from pycomp.targets.datamodel import F64, PTR

            return builder.call_indirect(builder.cast("inttoptr", args[0], PTR), [args[1]], F64)
        return types.float64(types.int64, types.float64), codegen

    @intrinsic
    def broken(typingctx, x):
        def codegen(context, builder, sig, args):
            raise ValueError("no code for you")
        return types.int64(x), codegen

    class Accumulator:
        """Its total lives in a NumPy buffer compiled code writes."""

        def __init__(self):
            self.buf = np.zeros(1)

    class AccumulatorType(types.Type):
        def __init__(self):
            super().__init__(name="Accumulator")

    accumulator_type = AccumulatorType()
    typeof_impl.register(Accumulator)(lambda val, c: accumulator_type)
    register_model(AccumulatorType)(models.OpaqueModel)

    @unbox(AccumulatorType)
    def _unbox_accumulator(typ, obj, c):
        buf = c.pyapi.object_getattr_string(obj, "buf")
        ctypes_obj = c.pyapi.object_getattr_string(buf, "ctypes")
        data = c.pyapi.object_getattr_string(ctypes_obj, "data")
        ptr = c.pyapi.long_as_voidptr(data)
        for o in (data, ctypes_obj, buf):
            c.pyapi.decref(o)
        return NativeValue(ptr, is_error=cgutils.is_not_null(c.builder, c.pyapi.err_occurred()))

    @infer_getattr
    class _AccumulatorAttrs(AttributeTemplate):
        key = AccumulatorType

        def resolve_total(self, typ):
            return types.float64

    @lower_getattr(AccumulatorType, "total")
    def _get_total(context, builder, typ, ptr):
        return builder.load(ptr, context.llvm_type(types.float64))

    @lower_setattr(AccumulatorType, "total")
    def _set_total(context, builder, sig, args):
        ptr, value = args
        builder.store(value, ptr)


def use_add_one(a, b):
    return add_one(a), add_one(b)


@pycomp_only("an intrinsic's codegen uses pycomp's LLVMBuilder")
def test_an_intrinsic():
    assert njit(use_add_one)(41, np.int32(-1)) == (42, 0)


def through_pointer(addr, x):
    return call_f64_at(addr, x)


@pycomp_only("an intrinsic's codegen uses pycomp's LLVMBuilder")
def test_a_call_through_a_function_pointer():
    import ctypes
    import ctypes.util
    import math

    libm = ctypes.CDLL(ctypes.util.find_library("m"))
    addr = ctypes.cast(libm.cos, ctypes.c_void_p).value
    assert njit(through_pointer)(addr, 0.5) == math.cos(0.5)


def add_one_float(x):
    return add_one(x)


@pycomp_only("an intrinsic's codegen uses pycomp's LLVMBuilder")
def test_an_intrinsic_typer_returning_none_is_a_typing_error():
    with pytest.raises(TypingError) as e:
        njit(add_one_float)(1.5)
    assert "return add_one(x)" in str(e.value) and "add_one" in str(e.value)


def use_broken(x):
    return broken(x)


@pycomp_only("an intrinsic's codegen uses pycomp's LLVMBuilder")
def test_an_intrinsic_whose_codegen_fails():
    from pycomp.errors import LoweringError

    with pytest.raises(LoweringError) as e:
        njit(use_broken)(1)
    assert "no code for you" in str(e.value) and "return broken(x)" in str(e.value)


def accumulate(acc, xs):
    for x in xs:
        acc.total = acc.total + x
    acc.total += 1
    return acc.total


@pycomp_only("lower_setattr's code uses pycomp's LLVMBuilder")
def test_setattr_writes_through_a_pointer():
    acc = Accumulator()
    assert njit(accumulate)(acc, np.arange(5.0)) == 11.0
    assert acc.buf[0] == 11.0


def use_other(acc):
    acc.total = "no"


@pycomp_only("lower_setattr's code uses pycomp's LLVMBuilder")
def test_setattr_converts_to_the_attribute_type():
    with pytest.raises(TypingError) as e:
        njit(use_other)(Accumulator())
    assert 'acc.total = "no"' in str(e.value) and "attribute 'total'" in str(e.value)


# ------------------------------------------------------------------ pycomp's error paths


class Mute:
    pass


class MuteType(types.Type):
    def __init__(self):
        super().__init__(name="Mute")


mute_type = MuteType()

if not is_numba:
    typeof_impl.register(Mute)(lambda val, c: mute_type)
    register_model(MuteType)(models.OpaqueModel)

    @type_callable(Mute)
    def _type_mute(context):
        def typer():
            return mute_type
        return typer

    @lower_builtin(Mute)
    def _make_mute(context, builder, sig, args):
        return builder.zero(context.llvm_type(mute_type))  # a null pointer


def mute_identity(m):
    return m


@njit
def _mute_answer(m):
    return 41


@pycomp_only("the messages are pycomp's")
def test_a_type_without_unbox_or_box():
    from pycomp.errors import UnsupportedError

    with pytest.raises(TypeError, match="cannot pass a Mute to compiled code"):
        _mute_answer(Mute())
    with pytest.raises(UnsupportedError, match="returning a value of type Mute to Python"):
        njit(mute_identity).compile((mute_type,))
    # made in compiled code, it is passed to a jitted function taking one
    assert njit(make_and_pass)() == 42


def make_and_pass():
    return _mute_answer(Mute()) + 1


class Faulty:
    pass


class FaultyType(types.Type):
    def __init__(self):
        super().__init__(name="Faulty")


faulty_type = FaultyType()
if not is_numba:
    typeof_impl.register(Faulty)(lambda val, c: faulty_type)
    register_model(FaultyType)(models.OpaqueModel)

    @unbox(FaultyType)
    def _unbox_faulty(typ, obj, c):
        raise KeyError("oops")


@pycomp_only("the messages are pycomp's")
def test_an_unbox_function_that_fails_is_a_compile_error_naming_it():
    from pycomp.errors import LoweringError

    with pytest.raises(LoweringError, match="_unbox_faulty"):
        njit(first)(Faulty())


@pycomp_only("pycomp's StructModel checks its members")
def test_a_struct_member_must_be_a_type():
    from pycomp.models import StructModel

    with pytest.raises(TypeError, match="not a pycomp type"):
        StructModel(None, mute_type, [("lo", float)])
