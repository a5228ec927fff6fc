"""``np.random.Generator`` objects in compiled code, through the extension
API.

A Generator (``np.random.default_rng(seed)``, ``np.random.Generator(bg)``)
passed to a jitted function has type :class:`NumPyRandomGeneratorType`.
Its native value holds the address of the bit generator's ``bitgen_t``
(NumPy's C interface, ``bit_generator.ctypes.bit_generator``: the state
pointer followed by the ``next_uint64``, ``next_uint32``, ``next_double``
and ``next_raw`` function pointers). Compiled code draws by calling those
functions through their pointers (``LLVMBuilder.call_indirect``), so the
values equal NumPy's for the same generator state and the Python object's
state advances.

The Generator is borrowed for the call, as in Numba: the caller holds the
argument, so the ``bitgen_t`` it points to outlives every use; returned to
Python (``box``), the value is the same Generator object.

Methods (NumPy's Generator algorithms, written from their descriptions):
``random``, ``integers`` (every integer dtype and bool), ``uniform`` here;
the ziggurat ones (``standard_normal``, ``normal``, ``standard_exponential``,
``exponential``) in :mod:`pycomp.np.generator_dists`; the gamma family and
the transforms in :mod:`pycomp.np.generator_continuous`; the discrete ones
in :mod:`pycomp.np.generator_discrete`; ``shuffle`` and ``permutation`` in
:mod:`pycomp.np.generator_shuffle`. Most are made by :func:`define_method`.
"""

from __future__ import annotations


import numpy as np

from pycomp import cgutils, types
from pycomp.errors import TypingError
from pycomp.extending import (NativeValue, box, intrinsic, models, overload_method,
                              register_jitable, register_model, typeof_impl, unbox)
from pycomp.np.random import _given

__all__ = ["NumPyRandomGeneratorType", "generator_type"]


class NumPyRandomGeneratorType(types.Type):
    """The type of a ``np.random.Generator`` passed to compiled code."""

    def __init__(self):
        super().__init__(name="NumPyRandomGeneratorType")


generator_type = NumPyRandomGeneratorType()


@typeof_impl.register(np.random.Generator)
def _typeof_generator(val, c):
    """Every Generator has the one Generator type."""
    return generator_type


@register_model(NumPyRandomGeneratorType)
class _GeneratorModel(models.StructModel):
    """``{bitgen, parent}``: the address of the bit generator's ``bitgen_t``
    and of the Generator object itself (borrowed)."""

    def __init__(self, dmm, fe_type):
        models.StructModel.__init__(self, dmm, fe_type,
                                    [("bitgen", types.uint64), ("parent", types.uint64)])


@unbox(NumPyRandomGeneratorType)
def _unbox_generator(typ, obj, c):
    """Read ``obj.bit_generator.ctypes.bit_generator.value`` (the
    ``bitgen_t`` address); the object is borrowed for the call."""
    bitgen = c.pyapi.object_getattr_string(obj, "bit_generator")
    iface = c.pyapi.object_getattr_string(bitgen, "ctypes")
    ptr = c.pyapi.object_getattr_string(iface, "bit_generator")
    addr_obj = c.pyapi.object_getattr_string(ptr, "value")
    gen = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    gen.bitgen = c.pyapi.long_as_ulonglong(addr_obj)
    gen.parent = c.builder.ptrtoint(obj, c.pyapi.longlong)
    for o in (addr_obj, ptr, iface, bitgen):
        c.pyapi.decref(o)
    is_error = cgutils.is_not_null(c.builder, c.pyapi.err_occurred())
    return NativeValue(gen._getvalue(), is_error=is_error)


@box(NumPyRandomGeneratorType)
def _box_generator(typ, val, c):
    """The Generator object the value was unboxed from (a new reference:
    the same object, as in Numba)."""
    gen = cgutils.create_struct_proxy(typ)(c.context, c.builder, value=val)
    obj = c.builder.inttoptr(gen.parent, c.pyapi.pyobj)
    c.pyapi.incref(obj)
    return obj


# ------------------------------------------------------------------ drawing from the bit generator

#: the bitgen_t fields compiled code calls: (index of the function pointer, LLVM result)
_FUNCTIONS = {"next_uint64": 1, "next_uint32": 2, "next_double": 3}


def _next_call(name, ret):
    """An intrinsic ``f(gen)`` calling the bit generator's function ``name``
    on its state: both pointers are loaded from the ``bitgen_t`` and the
    function is called through its pointer (inlined into the caller's
    loop, as Numba does)."""
    slot = _FUNCTIONS[name]

    def typer(typingctx, gen):
        if not isinstance(gen, NumPyRandomGeneratorType):
            return None

        def codegen(context, builder, sig, args):
            from pycomp.targets.datamodel import F64, I32, I64, PTR

            addr = cgutils.create_struct_proxy(sig.args[0])(context, builder, value=args[0]).bitgen
            bitgen = builder.cast("inttoptr", addr, PTR)
            state = builder.load(bitgen, PTR)
            fn = builder.load(builder.gep(bitgen, [slot], PTR), PTR)
            lret = {"next_uint64": I64, "next_uint32": I32, "next_double": F64}[name]
            return builder.call_indirect(fn, [state], lret)

        return ret(gen), codegen

    typer.__name__ = "_" + name
    typer.__doc__ = "Call the bit generator's ``%s``." % name
    return intrinsic(typer)


next_uint64 = _next_call("next_uint64", types.uint64)
next_uint32 = _next_call("next_uint32", types.uint32)
next_double = _next_call("next_double", types.float64)


@register_jitable
def next_float(gen):
    """A float32 in [0, 1): the top 24 bits of a 32-bit draw."""
    return np.float32(np.uint32(next_uint32(gen)) >> np.uint32(8)) * np.float32(1.0 / 16777216.0)


# ------------------------------------------------------------------ argument checks


given = _given  # whether an optional argument was passed (np.random's rule)

_REAL_NAMES = "[Float, Integer, int, float]"


def arg_error(what: str, name: str, t, expected: str = _REAL_NAMES) -> TypingError:
    """The TypingError for argument ``name`` of ``Generator.<what>`` having
    type ``t`` (worded as Numba's)."""
    return TypingError("Generator.%s(): Argument %s is not one of the expected type(s): %s; got %s"
                       % (what, name, expected, t))


def check_size(size, what: str) -> None:
    """TypingError unless ``size`` is None, an integer or a tuple of them."""
    if not given(size) or isinstance(size, types.Integer):
        return
    if isinstance(size, types.BaseTuple) and all(isinstance(t, types.Integer) for t in size.types):
        return
    raise arg_error(what, "size", size, "[Integer, UniTuple(Integer), None]")


def check_real(what: str, **params) -> None:
    """TypingError unless every given parameter is a real number (array
    parameters, which NumPy broadcasts, are not supported)."""
    for name, t in params.items():
        if isinstance(t, (int, float)) or not given(t):
            continue
        if not isinstance(t, (types.Integer, types.Float, types.Boolean)):
            raise arg_error(what, name, t)


def dtype_name(dtype, what: str, default: str) -> str:
    """The NumPy name of the dtype a ``dtype`` argument gives (``default``
    when left out)."""
    if not given(dtype):
        return default
    from pycomp.frontend.typing.arraycreation import dtype_from_type

    try:
        return str(dtype_from_type(dtype, "Generator." + what))
    except TypingError:
        raise arg_error(what, "dtype", dtype, "[NumberClass, DType]") from None


def float_dtype(dtype, what: str):
    """The NumPy float type ``dtype`` names (float64 when left out):
    float64 or float32, else a TypingError."""
    name = dtype_name(dtype, what, "float64")
    if name not in ("float64", "float32"):
        raise arg_error(what, "dtype", dtype, "[np.float64, np.float32]")
    return np.dtype(name).type


_METHOD = '''
def typer(gen, {sig}size=None):
    for _n, _t in {pairs}:
        if _n in {ints}:
            if given(_t) and not isinstance(_t, types.Integer):
                raise arg_error({what!r}, _n, _t, "[Integer, int]")
        elif given(_t) and not isinstance(_t, (types.Integer, types.Float, types.Boolean)):
            if not isinstance(_t, (int, float)):
                raise arg_error({what!r}, _n, _t)
    check_size(size, {what!r})
    if not given(size):
        def impl(gen, {sig}size=None):
{conv_a}
{checks_a}
            return {draw}
        return impl

    def impl(gen, {sig}size=None):
{conv_b}
{checks_b}
        out = np.empty(size, np.{dtype})
        flat = out.reshape(out.size)
        for i in range(flat.size):
            flat[i] = {draw}
        return out
    return impl
'''


def define_method(what: str, params: str, draw: str, checks=(), ints: str = "",
                  result: str = "float64", env=None) -> None:
    """Register ``Generator.<what>(<params>, size=None)``: ``params`` as in
    the signature (``"loc=0.0, scale=1.0"``), the names in ``ints`` integers
    (int64), the others real numbers (float64); ``checks`` pairs of a
    condition over the converted values and NumPy's ValueError message;
    ``draw`` an expression of one value over ``gen`` and the parameters,
    evaluated in ``env`` (the caller's helper functions); ``result`` the
    array dtype."""
    names = [p.split("=")[0].strip() for p in params.split(",") if p.strip()]
    int_names = ints.split()

    def block(indent):
        pad = " " * indent
        conv = "\n".join("%s%s = np.%s(%s)" % (pad, n, "int64" if n in int_names else "float64", n)
                         for n in names) or pad + "pass"
        chk = "\n".join("%sif %s:\n%s    raise ValueError(%r)" % (pad, c, pad, m)
                        for c, m in checks) or pad + "pass"
        return conv, chk

    conv12, chk12 = block(12)
    conv8, chk8 = block(8)
    src = _METHOD.format(sig=params + ", " if names else "", what=what,
                         pairs="(%s)" % "".join("(%r, %s), " % (n, n) for n in names),
                         ints=tuple(int_names), conv_a=conv12, checks_a=chk12, conv_b=conv8,
                         checks_b=chk8, draw=draw, dtype=result)
    ns = dict(env or {})
    ns.update({"np": np, "types": types, "given": given, "arg_error": arg_error,
               "check_size": check_size})
    exec(compile(src, "<Generator.%s>" % what, "exec"), ns)
    typer = ns["typer"]
    typer.__name__ = "_ov_" + what
    typer.__doc__ = "``Generator.%s(%s, size=None)``: NumPy's Generator algorithm." % (what, params)
    overload_method(NumPyRandomGeneratorType, what)(typer)


# ------------------------------------------------------------------ random


@register_jitable
def _fill_random64(gen, size):
    """A float64 array of shape ``size`` of ``next_double`` draws."""
    out = np.empty(size, np.float64)
    flat = out.reshape(out.size)
    for i in range(flat.size):
        flat[i] = next_double(gen)
    return out


@register_jitable
def _fill_random32(gen, size):
    """A float32 array of shape ``size`` of ``next_float`` draws."""
    out = np.empty(size, np.float32)
    flat = out.reshape(out.size)
    for i in range(flat.size):
        flat[i] = next_float(gen)
    return out


@overload_method(NumPyRandomGeneratorType, "random")
def _ov_random(gen, size=None, dtype=None, out=None):
    """``gen.random(size=None, dtype=np.float64)``: floats in [0, 1)."""
    check_size(size, "random")
    if given(out):
        raise TypingError("Generator.random(): the out argument is not supported")
    dt = float_dtype(dtype, "random")
    if dt is np.float64:
        if not given(size):
            return lambda gen, size=None, dtype=None, out=None: next_double(gen)
        return lambda gen, size=None, dtype=None, out=None: _fill_random64(gen, size)
    if not given(size):
        return lambda gen, size=None, dtype=None, out=None: next_float(gen)
    return lambda gen, size=None, dtype=None, out=None: _fill_random32(gen, size)


# ------------------------------------------------------------------ uniform


@overload_method(NumPyRandomGeneratorType, "uniform")
def _ov_uniform(gen, low=0.0, high=1.0, size=None):
    """``gen.uniform(low=0.0, high=1.0, size=None)``: float64 values
    ``low + (high - low) * next_double``; OverflowError when the range is
    not finite, ValueError when ``high < low``, as NumPy."""
    check_real("uniform", low=low, high=high)
    check_size(size, "uniform")
    sized = given(size)

    def impl(gen, low=0.0, high=1.0, size=None):
        lo = float(low)
        rng = float(high) - lo
        if not np.isfinite(rng):
            raise OverflowError("Range exceeds valid bounds")
        if rng < 0.0:
            raise ValueError("high - low < 0")
        if not sized:
            return lo + rng * next_double(gen)
        out = np.empty(size, np.float64)
        flat = out.reshape(out.size)
        for i in range(flat.size):
            flat[i] = lo + rng * next_double(gen)
        return out

    return impl


# ------------------------------------------------------------------ integers


@register_jitable
def _mulhi64(a, b):
    """The high 64 bits of the 128-bit product of uint64 ``a`` and ``b``
    (and the low 64 bits)."""
    mask = np.uint64(0xFFFFFFFF)
    s32 = np.uint64(32)
    a_lo = a & mask
    a_hi = a >> s32
    b_lo = b & mask
    b_hi = b >> s32
    ll = a_lo * b_lo
    lh = a_lo * b_hi
    hl = a_hi * b_lo
    hh = a_hi * b_hi
    mid = (ll >> s32) + (lh & mask) + (hl & mask)
    hi = hh + (lh >> s32) + (hl >> s32) + (mid >> s32)
    lo = a * b
    return hi, lo


@register_jitable
def _lemire64(gen, rng):
    """A uint64 in [0, rng] (0 < rng < 2**64 - 1) by Lemire's multiply
    and reject on 64-bit draws."""
    excl = rng + np.uint64(1)
    hi, lo = _mulhi64(next_uint64(gen), excl)
    if lo < excl:
        threshold = (np.uint64(0xFFFFFFFFFFFFFFFF) - rng) % excl
        while lo < threshold:
            hi, lo = _mulhi64(next_uint64(gen), excl)
    return hi


@register_jitable
def _lemire32(gen, rng):
    """A uint64 in [0, rng] (0 < rng < 2**32 - 1) by Lemire's multiply
    and reject on 32-bit draws."""
    excl = rng + np.uint64(1)
    mask = np.uint64(0xFFFFFFFF)
    m = np.uint64(next_uint32(gen)) * excl
    if (m & mask) < excl:
        threshold = (mask - rng) % excl
        while (m & mask) < threshold:
            m = np.uint64(next_uint32(gen)) * excl
    return m >> np.uint64(32)


@register_jitable
def bounded_uint64(gen, rng):
    """A uint64 in [0, rng] as NumPy's Generator draws it for 64-bit
    dtypes: nothing drawn for 0, one 32-bit draw (Lemire) when ``rng``
    fits in 32 bits, else one 64-bit draw (Lemire)."""
    if rng == np.uint64(0):
        return np.uint64(0)
    if rng <= np.uint64(0xFFFFFFFF):
        if rng == np.uint64(0xFFFFFFFF):
            return np.uint64(next_uint32(gen))
        return _lemire32(gen, rng)
    if rng == np.uint64(0xFFFFFFFFFFFFFFFF):
        return next_uint64(gen)
    return _lemire64(gen, rng)


@register_jitable
def bounded_uint32(gen, rng):
    """A value in [0, rng] (``rng`` < 2**32) as NumPy's Generator draws it
    for 32-bit dtypes."""
    if rng == np.uint64(0):
        return np.uint64(0)
    if rng == np.uint64(0xFFFFFFFF):
        return np.uint64(next_uint32(gen))
    return _lemire32(gen, rng)


@register_jitable
def _buffered(gen, bits, state):
    """The next ``bits``-bit word (8, 16, or 1 for bool) from a 32-bit draw
    shared by consecutive values of one call, as NumPy's Generator does:
    ``state`` is ``[buffer, words left]``."""
    if state[1] == np.uint64(0):
        state[0] = np.uint64(next_uint32(gen))
        state[1] = np.uint64(32 // bits - 1)
    else:
        state[0] = state[0] >> np.uint64(bits)
        state[1] -= np.uint64(1)
    return state[0] & np.uint64((1 << bits) - 1)


@register_jitable
def bounded_small(gen, rng, bits, state):
    """A value in [0, rng] for 8- and 16-bit dtypes (Lemire's method on
    buffered words; ``bits`` = 1: a bool)."""
    if rng == np.uint64(0):
        return np.uint64(0)
    if bits == 1:
        return _buffered(gen, 1, state)
    top = np.uint64((1 << bits) - 1)
    if rng == top:
        return _buffered(gen, bits, state)
    excl = rng + np.uint64(1)
    m = _buffered(gen, bits, state) * excl
    if (m & top) < excl:
        threshold = (top - rng) % excl
        while (m & top) < threshold:
            m = _buffered(gen, bits, state) * excl
    return m >> np.uint64(bits)


@register_jitable
def _bounded(gen, rng, bits, state):
    """A value in [0, rng] for a ``bits``-bit dtype (1: bool)."""
    if bits == 64:
        return bounded_uint64(gen, rng)
    if bits == 32:
        return bounded_uint32(gen, rng)
    return bounded_small(gen, rng, bits, state)


_INT_DTYPES = {"int64": (np.int64, 64), "int32": (np.int32, 32), "int16": (np.int16, 16),
               "int8": (np.int8, 8), "uint64": (np.uint64, 64), "uint32": (np.uint32, 32),
               "uint16": (np.uint16, 16), "uint8": (np.uint8, 8), "bool": (np.bool_, 1)}


@register_jitable
def _less(aneg, a, bneg, b):
    """Whether the integer (``aneg``, ``a``) is below (``bneg``, ``b``):
    each a uint64 two's-complement pattern and whether it is negative."""
    if aneg != bneg:
        return aneg
    return a < b


def _as_bound(t):
    """A jitable ``f(x) -> (negative, uint64 pattern)`` for an integer
    argument of type ``t`` (unsigned types are never negative)."""
    if isinstance(t, types.Integer) and not t.signed:
        return register_jitable(lambda x: (False, np.uint64(x)))
    return register_jitable(lambda x: (np.int64(x) < 0, np.uint64(np.int64(x))))


@overload_method(NumPyRandomGeneratorType, "integers")
def _ov_integers(gen, low, high=None, size=None, dtype=None, endpoint=False):
    """``gen.integers(low, high=None, size=None, dtype=np.int64,
    endpoint=False)``: integers in ``[low, high)`` (``[0, low)`` without
    ``high``; closed with ``endpoint=True``) drawn as NumPy's Generator
    does (Lemire's method; 8- and 16-bit values and bools from shared
    32-bit draws); every integer dtype and bool."""
    check_size(size, "integers")
    for name, t in (("low", low), ("high", high)):
        if given(t) and not isinstance(t, (types.Integer, types.Boolean)):
            raise arg_error("integers", name, t, "[Integer, int]")
    if not isinstance(endpoint, (bool, types.Boolean)):
        raise arg_error("integers", "endpoint", endpoint, "[Boolean, bool]")
    found = _INT_DTYPES.get(dtype_name(dtype, "integers", "int64"))
    if found is None:
        raise arg_error("integers", "dtype", dtype, "[an integer dtype, np.bool_]")
    nptype, bits = found
    signed = nptype in (np.int64, np.int32, np.int16, np.int8)
    lo_lim = -(1 << (bits - 1)) if signed else 0
    hi_lim = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
    lo_neg, lo_pat = lo_lim < 0, lo_lim % (1 << 64)
    hi_pat = hi_lim
    has_high = given(high)
    sized = given(size)
    low_of = _as_bound(types.int64 if isinstance(low, types.Boolean) else low)
    high_of = _as_bound(types.int64 if isinstance(high, types.Boolean) or not has_high else high)

    def impl(gen, low, high=None, size=None, dtype=None, endpoint=False):
        if has_high:
            lneg, lo = low_of(low)
            hneg, hi = high_of(high)
        else:
            lneg, lo = False, np.uint64(0)
            hneg, hi = low_of(low)
        if not endpoint:
            if hi == np.uint64(0):
                hneg = True
            hi = hi - np.uint64(1)
        if _less(lneg, lo, lo_neg, np.uint64(lo_pat)):
            raise ValueError("low is out of bounds")
        if _less(False, np.uint64(hi_pat), hneg, hi):
            raise ValueError("high is out of bounds")
        if _less(hneg, hi, lneg, lo):
            if endpoint:
                raise ValueError("low > high (low is greater than high in given interval)")
            raise ValueError("low >= high")
        rng = hi - lo
        state = np.zeros(2, np.uint64)
        if not sized:
            return nptype(lo + _bounded(gen, rng, bits, state))
        out = np.empty(size, nptype)
        flat = out.reshape(out.size)
        for i in range(flat.size):
            flat[i] = nptype(lo + _bounded(gen, rng, bits, state))
        return out

    return impl


# the other methods (each imports this module)
import pycomp.np.generator_dists  # noqa: E402,F401
import pycomp.np.generator_continuous  # noqa: E402,F401
import pycomp.np.generator_discrete  # noqa: E402,F401
import pycomp.np.generator_shuffle  # noqa: E402,F401
