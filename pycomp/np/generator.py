"""``np.random.Generator`` objects in compiled code, through the extension
API.

A Generator (``np.random.default_rng(seed)``, ``np.random.Generator(bg)``)
passed to a jitted function has type :class:`NumPyRandomGeneratorType`.
Its native value holds the address of the bit generator's ``bitgen_t``
(NumPy's C interface, ``bit_generator.ctypes.bit_generator``: the state
pointer followed by the ``next_uint64``, ``next_uint32``, ``next_double``
and ``next_raw`` function pointers). Compiled code draws by calling those
functions through three small trampolines in LLVM IR (compiled once into
the JIT engine), so the values equal NumPy's for the same generator state
and the Python object's state advances.

The Generator is borrowed for the call, as in Numba: the caller holds the
argument, and the value cannot leave compiled code (the type has no
``box``), so the ``bitgen_t`` it points to outlives every use.

Methods (NumPy's Generator algorithms, written from their descriptions):
``random``, ``integers``, ``uniform``; the ziggurat ones (``standard_normal``,
``normal``, ``standard_exponential``, ``exponential``) are in
:mod:`pycomp.np.generator_dists`.
"""

from __future__ import annotations

import threading

import numpy as np

from pycomp import cgutils, types
from pycomp.errors import TypingError
from pycomp.extending import (NativeValue, intrinsic, models, overload_method, register_jitable,
                              register_model, typeof_impl, unbox)
from pycomp.np.random import _check_size, _given

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
    """``{bitgen}``: the address of the bit generator's ``bitgen_t``."""

    def __init__(self, dmm, fe_type):
        models.StructModel.__init__(self, dmm, fe_type, [("bitgen", types.uint64)])


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
    for o in (addr_obj, ptr, iface, bitgen):
        c.pyapi.decref(o)
    is_error = cgutils.is_not_null(c.builder, c.pyapi.err_occurred())
    return NativeValue(gen._getvalue(), is_error=is_error)


# ------------------------------------------------------------------ drawing from the bit generator

_TRAMPOLINES = r"""
define i64 @pycomp_bitgen_next_uint64(i64 %addr) {
  %bg = inttoptr i64 %addr to ptr
  %st = load ptr, ptr %bg
  %fp = getelementptr ptr, ptr %bg, i64 1
  %f = load ptr, ptr %fp
  %r = call i64 %f(ptr %st)
  ret i64 %r
}

define i32 @pycomp_bitgen_next_uint32(i64 %addr) {
  %bg = inttoptr i64 %addr to ptr
  %st = load ptr, ptr %bg
  %fp = getelementptr ptr, ptr %bg, i64 2
  %f = load ptr, ptr %fp
  %r = call i32 %f(ptr %st)
  ret i32 %r
}

define double @pycomp_bitgen_next_double(i64 %addr) {
  %bg = inttoptr i64 %addr to ptr
  %st = load ptr, ptr %bg
  %fp = getelementptr ptr, ptr %bg, i64 3
  %f = load ptr, ptr %fp
  %r = call double %f(ptr %st)
  ret double %r
}
"""
_NAMES = ("pycomp_bitgen_next_uint64", "pycomp_bitgen_next_uint32", "pycomp_bitgen_next_double")
_ready = False
_lock = threading.Lock()


def _ensure_trampolines() -> None:
    """Compile the trampolines into the JIT engine once per process and
    make their symbols known."""
    global _ready
    if _ready:
        return
    with _lock:
        if not _ready:
            from pycomp.targets.cpu.codegen import engine

            eng = engine()
            eng.compile(_TRAMPOLINES, "pycomp bit generator trampolines")
            eng.add_symbols({name: eng.address_of(name) for name in _NAMES})
            _ready = True


def _next_call(name, ret):
    """An intrinsic ``f(gen)`` calling trampoline ``name`` on the
    generator's ``bitgen_t``; ``ret`` is the pycomp result type."""

    def typer(typingctx, gen):
        if not isinstance(gen, NumPyRandomGeneratorType):
            return None

        def codegen(context, builder, sig, args):
            from pycomp.targets.datamodel import F64, I32, I64

            _ensure_trampolines()
            addr = cgutils.create_struct_proxy(sig.args[0])(context, builder, value=args[0]).bitgen
            lret = {"pycomp_bitgen_next_uint64": I64, "pycomp_bitgen_next_uint32": I32,
                    "pycomp_bitgen_next_double": F64}[name]
            context.declare(name, lret, [I64])
            return builder.call(name, [addr], lret)

        return ret(gen), codegen

    typer.__name__ = "_" + name.replace("pycomp_bitgen_", "")
    typer.__doc__ = "Call the bit generator's ``%s``." % name.replace("pycomp_bitgen_", "")
    return intrinsic(typer)


next_uint64 = _next_call("pycomp_bitgen_next_uint64", types.uint64)
next_uint32 = _next_call("pycomp_bitgen_next_uint32", types.uint32)
next_double = _next_call("pycomp_bitgen_next_double", types.float64)


@register_jitable
def next_float(gen):
    """A float32 in [0, 1): the top 24 bits of a 32-bit draw."""
    return np.float32(np.uint32(next_uint32(gen)) >> np.uint32(8)) * np.float32(1.0 / 16777216.0)


# ------------------------------------------------------------------ argument checks


given = _given  # whether an optional argument was passed (np.random's rule)


def check_size(size, what: str) -> None:
    """TypingError unless ``size`` is None, an integer or a tuple of them."""
    _check_size(size, what, "Generator")


def check_real(what: str, **params) -> None:
    """TypingError unless every given parameter is a real number (array
    parameters, which NumPy broadcasts, are not supported)."""
    for name, t in params.items():
        if isinstance(t, (int, float)) or not given(t):
            continue
        if not isinstance(t, (types.Integer, types.Float, types.Boolean)):
            raise TypingError("Generator.%s(): %s must be a real number, not %s" % (what, name, t))


def dtype_name(dtype, what: str, default: str) -> str:
    """The NumPy name of the dtype a ``dtype`` argument gives (``default``
    when left out)."""
    if not given(dtype):
        return default
    from pycomp.frontend.typing.arraycreation import dtype_from_type

    return str(dtype_from_type(dtype, "Generator." + what))


def float_dtype(dtype, what: str):
    """The NumPy float type ``dtype`` names (float64 when left out):
    float64 or float32, else a TypingError."""
    name = dtype_name(dtype, what, "float64")
    if name not in ("float64", "float32"):
        raise TypingError("Generator.%s(): dtype must be np.float64 or np.float32, not %s"
                          % (what, name))
    return np.dtype(name).type


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


_INT_DTYPES = {"int64": (np.int64, 64), "int32": (np.int32, 32), "uint64": (np.uint64, 64),
               "uint32": (np.uint32, 32)}


@overload_method(NumPyRandomGeneratorType, "integers")
def _ov_integers(gen, low, high=None, size=None, dtype=None, endpoint=False):
    """``gen.integers(low, high=None, size=None, dtype=np.int64,
    endpoint=False)``: integers in ``[low, high)`` (``[0, low)`` without
    ``high``; closed with ``endpoint=True``) drawn as NumPy's Generator
    does (Lemire's method); dtypes int64, int32, uint64, uint32."""
    check_size(size, "integers")
    for name, t in (("low", low), ("high", high)):
        if given(t) and not isinstance(t, types.Integer):
            raise TypingError("Generator.integers(): %s must be an integer, not %s" % (name, t))
    if not isinstance(endpoint, (bool, types.Boolean)):
        raise TypingError("Generator.integers(): endpoint must be a bool, not %s" % (endpoint,))
    found = _INT_DTYPES.get(dtype_name(dtype, "integers", "int64"))
    if found is None:
        raise TypingError("Generator.integers(): dtype must be one of np.int64, np.int32, "
                          "np.uint64, np.uint32, not %s" % (dtype,))
    nptype, bits = found
    signed = nptype in (np.int64, np.int32)
    lo_lim = -(1 << (bits - 1)) if signed else 0
    hi_lim = (1 << (bits - 1)) - 1 if signed or bits == 64 else (1 << bits) - 1
    has_high = given(high)
    sized = given(size)
    small = bits == 32

    def impl(gen, low, high=None, size=None, dtype=None, endpoint=False):
        if has_high:
            lo = np.int64(low)
            hi = np.int64(high)
        else:
            lo = np.int64(0)
            hi = np.int64(low)
        if not endpoint:
            if lo >= hi:
                raise ValueError("low >= high")
            hi = hi - np.int64(1)
        elif lo > hi:
            raise ValueError("low > high")
        if lo < lo_lim:
            raise ValueError("low is out of bounds")
        if hi > hi_lim:
            raise ValueError("high is out of bounds")
        rng = np.uint64(hi) - np.uint64(lo)
        if not sized:
            if small:
                return nptype(np.uint64(lo) + bounded_uint32(gen, rng))
            return nptype(np.uint64(lo) + bounded_uint64(gen, rng))
        out = np.empty(size, nptype)
        flat = out.reshape(out.size)
        for i in range(flat.size):
            if small:
                flat[i] = nptype(np.uint64(lo) + bounded_uint32(gen, rng))
            else:
                flat[i] = nptype(np.uint64(lo) + bounded_uint64(gen, rng))
        return out

    return impl


import pycomp.np.generator_dists  # noqa: E402,F401  (the ziggurat methods; it imports this module)
