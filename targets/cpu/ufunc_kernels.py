"""The element kernels of the ufuncs: one element of each loop.

A kernel ``kernel(ctx, b, loop, args)`` computes one element: ``args``
are already cast to the loop's input types and it returns a value of the
loop's output type (a list of values for a ufunc with several outputs:
``np.frexp``, ``np.modf``, ``np.divmod``). :data:`KERNELS` holds them by
ufunc name; :mod:`pycomp.targets.cpu.ufunc_datetime_kernels` has the datetime64/timedelta64 loops that
are not a scalar operator (extrema, predicates, ``sign``, ``m8 // f8``).
Kernels reuse the scalar lowering of operators and math functions
(:func:`scalar_op`) under NumPy's error model (:func:`numpy_error_model`):
an integer division by zero gives 0, a float one inf or nan, never an
exception. Complex kernels follow NumPy's formulas where they differ from
Python's (``0j ** z``, lexicographic extrema, ``log2``/``expm1``/``log1p``).

The loops themselves (which kernel, broadcasting, outputs) are
:mod:`pycomp.targets.cpu.impl_arrayops`; the loop tables
:mod:`pycomp.ufunc_db`.
"""

from __future__ import annotations

import builtins
import cmath
import contextlib
import functools
import math

from pycomp import types as ty
from pycomp.signature import Signature
from pycomp.targets.datamodel import I1, PTR, llvm_type
from pycomp.ufunc_db import UfuncLoop

__all__ = ["KERNELS", "kernel", "numpy_error_model", "scalar_op"]

#: ufunc name -> kernel(ctx, b, loop, args) -> the element of the loop's output type
KERNELS: dict = {}


def kernel(*names):
    """Register the decorated function as the kernel of the named ufuncs."""
    def deco(fn):
        for n in names:
            KERNELS[n] = fn
        return fn
    return deco


@contextlib.contextmanager
def numpy_error_model(ctx):
    saved = ctx.error_model
    ctx.error_model = "numpy"
    try:
        yield
    finally:
        ctx.error_model = saved


def scalar_op(ctx, b, key, ret, argtypes, args):
    """The scalar lowering of ``key`` (an operator or a function) for ``argtypes``."""
    sig = Signature(ret, tuple(argtypes))
    return ctx.implementation(key, sig)(ctx, b, sig, list(args))


def _is_complex(t) -> bool:
    return isinstance(t, ty.Complex)


def _is_float(t) -> bool:
    return isinstance(t, ty.Float)


def _signed(t) -> bool:
    return isinstance(t, ty.Integer) and t.signed and not isinstance(t, ty.Boolean)


def _parts(b, v, t):
    f = llvm_type(t.underlying_float)
    return b.extract(v, 0, f), b.extract(v, 1, f)


def _complex(b, t, re, im):
    return b.insert_value(b.insert_value(b.undef(llvm_type(t)), re, 0), im, 1)


def _isnan(b, v, t=None):
    """Whether float ``v`` is nan; for a complex ``v`` (of type ``t``), either part."""
    if t is not None and _is_complex(t):
        re, im = _parts(b, v, t)
        return b.ibin("or", b.fcmp("uno", re, re), b.fcmp("uno", im, im))
    return b.fcmp("uno", v, v)


# ------------------------------------------------------------------ arithmetic

def _operator_kernel(key, bool_op=None):
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        if isinstance(t, ty.Boolean) and bool_op is not None:
            return b.ibin(bool_op, *args)
        return scalar_op(ctx, b, key, loop.output, loop.inputs, args)
    return impl


for _name, _key, _bool in (("add", "+", "or"), ("subtract", "-", None), ("multiply", "*", "and"),
                           ("floor_divide", "//", None), ("remainder", "%", None), ("power", "**", None),
                           ("float_power", "**", None), ("bitwise_and", "&", None), ("bitwise_or", "|", None),
                           ("bitwise_xor", "^", None)):
    KERNELS[_name] = _operator_kernel(_key, _bool)


@functools.lru_cache(maxsize=None)
def numpy_fuses_complex_multiply(bits: int) -> bool:
    """Whether this NumPy's complex multiply loop (complex64: ``bits`` 32,
    complex128: 64) fuses ``re = ar*br - ai*bi`` and ``im = ar*bi + ai*br``
    into ``fma(ar, br, -(ai*bi))`` and ``fma(ar, bi, ai*br)``, as its SIMD
    loops do on machines with FMA (AVX2/AVX-512, NEON): found by asking
    NumPy for products where the two ways round apart."""
    import numpy as np
    from fractions import Fraction

    ftype = np.float32 if bits == 32 else np.float64
    ctype = np.complex64 if bits == 32 else np.complex128

    def fma(x, y, z):
        return ftype(float(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z))))

    rng = np.random.default_rng(7)
    a = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(ctype)
    c = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(ctype)
    got = a * c
    for x, y, g in zip(a, c, got):
        ar, ai, br, bi = x.real, x.imag, y.real, y.imag
        plain = (ftype(ar * br - ai * bi), ftype(ar * bi + ai * br))
        fused = (fma(ar, br, -(ai * bi)), fma(ar, bi, ai * br))
        if plain != fused:
            return (g.real, g.imag) == fused
    return False


def _complex_multiply(b, t, x, y):
    """``x * y`` of complex numbers as NumPy's loop computes it on this
    machine (fused multiply-adds where it fuses them)."""
    ft = t.underlying_float
    lt = llvm_type(ft)
    (ar, ai), (br_, bi) = _parts(b, x, t), _parts(b, y, t)
    if numpy_fuses_complex_multiply(ft.bitwidth):
        neg = b.fbin("fsub", b.const_float(lt, -0.0), b.fbin("fmul", ai, bi))
        re = b.intrinsic("llvm.fma", [ar, br_, neg], lt)
        im = b.intrinsic("llvm.fma", [ar, bi, b.fbin("fmul", ai, br_)], lt)
    else:
        re = b.fbin("fsub", b.fbin("fmul", ar, br_), b.fbin("fmul", ai, bi))
        im = b.fbin("fadd", b.fbin("fmul", ar, bi), b.fbin("fmul", ai, br_))
    return _complex(b, t, re, im)


def _multiply(ctx, b, loop, args):
    t = loop.inputs[0]
    if isinstance(t, ty.Boolean):
        return b.ibin("and", *args)
    if _is_complex(t):
        return _complex_multiply(b, t, *args)
    return scalar_op(ctx, b, "*", loop.output, loop.inputs, args)


KERNELS["multiply"] = _multiply


def _complex_power(ctx, b, t, x, y):
    """``x ** y`` on complex numbers as NumPy's power loop computes it, to
    the bit (the C helper ``pycomp_numpy_cpow[f]``: ``y == 0`` gives 1, a
    zero ``x`` 0 or nan+nanj, small integral exponents binary powering,
    the rest C's ``cpow``); never Python's ZeroDivisionError."""
    from xdsl.dialects import llvm

    ft = t.underlying_float
    lt = llvm_type(ft)
    sym = "pycomp_numpy_cpow" + ("f" if ft.bitwidth == 32 else "")
    ctx.declare(sym, llvm.LLVMVoidType(), [lt, lt, lt, lt, PTR])
    out = b.alloca(llvm_type(t))
    (xr, xi), (yr, yi) = _parts(b, x, t), _parts(b, y, t)
    b.call(sym, [xr, xi, yr, yi, out], None)
    return b.load(out, llvm_type(t))


def _power_kernel(real_kernel):
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        if _is_complex(t):
            return _complex_power(ctx, b, t, *args)
        return real_kernel(ctx, b, loop, args)
    return impl


for _name in ("power", "float_power"):
    KERNELS[_name] = _power_kernel(KERNELS[_name])


def _complex_divide(b, t, x, y):
    """``x / y`` for complex numbers as NumPy's loop computes it, to the
    bit: Smith's method with the reciprocal of the denominator multiplied
    in; no exception: a zero divisor gives infinities and nans."""
    lt = llvm_type(t.underlying_float)
    (ar, ai), (br_, bi) = _parts(b, x, t), _parts(b, y, t)
    mul, add, sub, div = (lambda p, q, op=op: b.fbin(op, p, q) for op in ("fmul", "fadd", "fsub", "fdiv"))
    one = b.const_float(lt, 1.0)
    abr = b.intrinsic("llvm.fabs", [br_], lt)
    abi = b.intrinsic("llvm.fabs", [bi], lt)
    r1 = div(bi, br_)
    s1 = div(one, add(br_, mul(bi, r1)))
    re1, im1 = mul(add(ar, mul(ai, r1)), s1), mul(sub(ai, mul(ar, r1)), s1)
    r2 = div(br_, bi)
    s2 = div(one, add(bi, mul(br_, r2)))
    re2, im2 = mul(add(mul(ar, r2), ai), s2), mul(sub(mul(ai, r2), ar), s2)
    re0, im0 = div(ar, abr), div(ai, abi)  # both parts zero
    zero = b.const_float(lt, 0.0)
    both_zero = b.ibin("and", b.fcmp("==", br_, zero), b.fcmp("==", bi, zero))
    real_larger = b.fcmp(">=", abr, abi)
    re = b.select(both_zero, re0, b.select(real_larger, re1, re2))
    im = b.select(both_zero, im0, b.select(real_larger, im1, im2))
    return _complex(b, t, re, im)


@kernel("true_divide", "divide")
def _true_divide(ctx, b, loop, args):
    t = loop.inputs[0]
    if _is_complex(t):
        return _complex_divide(b, t, *args)
    return scalar_op(ctx, b, "/", t, (t, t), args)


@kernel("fmod")
def _fmod(ctx, b, loop, args):
    """C's fmod: the remainder has the dividend's sign; an integer divisor
    of 0 gives 0."""
    t = loop.inputs[0]
    a, d = args
    if _is_float(t):
        return b.fbin("frem", a, d)
    lt = llvm_type(t)
    zero = b.const_int(lt, 0)
    bad = b.icmp("==", d, zero)
    if _signed(t):  # MIN % -1 traps; its remainder is 0
        bad = b.ibin("or", bad, b.icmp("==", d, b.const_int(lt, -1)))
    safe = b.select(bad, b.const_int(lt, 1), d)
    r = b.ibin("srem" if _signed(t) else "urem", a, safe)
    return b.select(bad, zero, r)


@kernel("negative")
def _negative(ctx, b, loop, args):
    t = loop.inputs[0]
    return scalar_op(ctx, b, "unary-", t, (t,), args)


@kernel("positive")
def _positive(ctx, b, loop, args):
    return args[0]


@kernel("absolute")
def _absolute(ctx, b, loop, args):
    t = loop.inputs[0]
    if _is_complex(t):
        return _complex_abs(b, t, args[0])
    return scalar_op(ctx, b, builtins.abs, loop.output, loop.inputs, args)


def _complex_abs(b, t, z):
    """``|z|`` as NumPy's loop computes it: ``L * sqrt(1 + (S/L)**2)`` of
    the larger and smaller magnitudes ``L``, ``S`` (the square fused where
    NumPy fuses, see :func:`numpy_fuses_complex_multiply`); 0 for 0, inf if
    a part is infinite, else nan if a part is nan."""
    ft = t.underlying_float
    lt = llvm_type(ft)
    re, im = _parts(b, z, t)
    x = b.intrinsic("llvm.fabs", [re], lt)
    y = b.intrinsic("llvm.fabs", [im], lt)
    big = b.select(b.fcmp(">=", x, y), x, y)
    small = b.select(b.fcmp(">=", x, y), y, x)
    r = b.fbin("fdiv", small, big)
    one = b.const_float(lt, 1.0)
    if numpy_fuses_complex_multiply(ft.bitwidth):
        q = b.intrinsic("llvm.fma", [r, r, one], lt)
    else:
        q = b.fbin("fadd", one, b.fbin("fmul", r, r))
    out = b.fbin("fmul", big, b.intrinsic("llvm.sqrt", [q], lt))
    inf = b.const_float(lt, math.inf)
    any_inf = b.ibin("or", b.fcmp("==", x, inf), b.fcmp("==", y, inf))
    any_nan = b.ibin("or", _isnan(b, x), _isnan(b, y))
    out = b.select(b.fcmp("==", big, b.const_float(lt, 0.0)), b.const_float(lt, 0.0), out)
    out = b.select(any_nan, b.const_float(lt, math.nan), out)
    return b.select(any_inf, inf, out)


@kernel("fabs")
def _fabs(ctx, b, loop, args):
    return b.intrinsic("llvm.fabs", list(args), llvm_type(loop.output))


@kernel("sign")
def _sign(ctx, b, loop, args):
    t = loop.inputs[0]
    (x,) = args
    lt = llvm_type(t)
    if _is_complex(t):  # z / |z|, 0 for 0
        ft = t.underlying_float
        mag = scalar_op(ctx, b, builtins.abs, ft, (t,), [x])
        re, im = _parts(b, x, t)
        zero = b.const_float(llvm_type(ft), 0.0)
        is_zero = b.fcmp("==", mag, zero)
        re = b.select(is_zero, zero, b.fbin("fdiv", re, mag))
        im = b.select(is_zero, zero, b.fbin("fdiv", im, mag))
        return _complex(b, t, re, im)
    if _is_float(t):
        one, zero = b.const_float(lt, 1.0), b.const_float(lt, 0.0)
        rest = b.select(b.fcmp("==", x, zero), zero, x)  # -0.0 -> 0.0; nan stays
        return b.select(b.fcmp(">", x, zero), one, b.select(b.fcmp("<", x, zero), b.const_float(lt, -1.0), rest))
    zero, one = b.const_int(lt, 0), b.const_int(lt, 1)
    pos = b.select(b.icmp(">", x, zero, signed=_signed(t)), one, zero)
    if not _signed(t):
        return pos
    return b.select(b.icmp("<", x, zero), b.const_int(lt, -1), pos)


@kernel("conjugate")
def _conjugate(ctx, b, loop, args):
    t = loop.inputs[0]
    return scalar_op(ctx, b, "complex.conjugate", t, (t,), args)


@kernel("square")
def _square(ctx, b, loop, args):
    t = loop.inputs[0]
    if _is_complex(t):  # NumPy squares as it multiplies
        return _complex_multiply(b, t, args[0], args[0])
    return scalar_op(ctx, b, "*", t, (t, t), [args[0], args[0]])


@kernel("reciprocal")
def _reciprocal(ctx, b, loop, args):
    """``1 / x``; on integers 1 and -1 are their own reciprocal and
    everything else (0 included) gives 0."""
    t = loop.inputs[0]
    (x,) = args
    lt = llvm_type(t)
    if _is_complex(t):  # NumPy's loop: Smith's method specialised to 1 / x
        ft = t.underlying_float
        flt = llvm_type(ft)
        xr, xi = _parts(b, x, t)
        one = b.const_float(flt, 1.0)
        real_larger = b.fcmp("<=", b.intrinsic("llvm.fabs", [xi], flt), b.intrinsic("llvm.fabs", [xr], flt))
        r1 = b.fbin("fdiv", xi, xr)
        d1 = b.fbin("fadd", xr, b.fbin("fmul", xi, r1))
        re1 = b.fbin("fdiv", one, d1)
        im1 = b.fbin("fdiv", b.fbin("fsub", b.const_float(flt, -0.0), r1), d1)
        r2 = b.fbin("fdiv", xr, xi)
        d2 = b.fbin("fadd", b.fbin("fmul", xr, r2), xi)
        re2 = b.fbin("fdiv", r2, d2)
        im2 = b.fbin("fdiv", b.const_float(flt, -1.0), d2)
        return _complex(b, t, b.select(real_larger, re1, re2), b.select(real_larger, im1, im2))
    if _is_float(t):
        return b.fbin("fdiv", b.const_float(lt, 1.0), x)
    zero, one = b.const_int(lt, 0), b.const_int(lt, 1)
    out = b.select(b.icmp("==", x, one), one, zero)
    if _signed(t):
        m1 = b.const_int(lt, -1)
        out = b.select(b.icmp("==", x, m1), m1, out)
    return out


# ------------------------------------------------------------------ math functions

_MATH_NAMES = {"sqrt": "sqrt", "exp": "exp", "log": "log", "log10": "log10", "log2": "log2", "expm1": "expm1",
               "log1p": "log1p", "exp2": "exp2", "cbrt": "cbrt", "sin": "sin", "cos": "cos", "tan": "tan",
               "arcsin": "asin", "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh",
               "tanh": "tanh", "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh",
               "arctan2": "atan2", "hypot": "hypot", "copysign": "copysign", "nextafter": "nextafter",
               "deg2rad": "radians", "radians": "radians", "rad2deg": "degrees", "degrees": "degrees"}


def _math_kernel(pyname):
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        if _is_complex(t):
            return scalar_op(ctx, b, getattr(cmath, pyname), t, (t,), args)
        return scalar_op(ctx, b, getattr(math, pyname), t, loop.inputs, args)
    return impl


for _name, _py in _MATH_NAMES.items():
    if hasattr(math, _py):
        KERNELS[_name] = _math_kernel(_py)


def _cmath(ctx, b, fn, t, z):
    return scalar_op(ctx, b, fn, t, (t,), [z])


def _fmath(ctx, b, fn, ft, *xs):
    return scalar_op(ctx, b, fn, ft, (ft,) * len(xs), list(xs))


def _complex_exp2(ctx, b, t, z):
    """``2**z`` as NumPy computes it: ``exp(z * ln 2)``."""
    ln2 = b.const_float(llvm_type(t.underlying_float), math.log(2.0))
    re, im = _parts(b, z, t)
    return _cmath(ctx, b, cmath.exp, t, _complex(b, t, b.fbin("fmul", re, ln2), b.fbin("fmul", im, ln2)))


def _complex_log_scaled(factor):
    def log_base(ctx, b, t, z):
        """``log(z)`` with both parts times ``factor`` (NumPy's complex
        log2 and log10: a product, where cmath.log10 divides by ln 10, so
        ``np.log10(1000+0j)`` is exactly 3 as in NumPy)."""
        f = b.const_float(llvm_type(t.underlying_float), factor)
        re, im = _parts(b, _cmath(ctx, b, cmath.log, t, z), t)
        return _complex(b, t, b.fbin("fmul", re, f), b.fbin("fmul", im, f))
    return log_base


_complex_log2 = _complex_log_scaled(math.log2(math.e))  # NumPy's NPY_LOG2E
_complex_log10 = _complex_log_scaled(math.log10(math.e))  # NPY_LOG10E


def _complex_expm1(ctx, b, t, z):
    """``exp(z) - 1`` accurate near 0: real part ``expm1(x) cos(y) -
    2 sin(y/2)**2``, imaginary part ``exp(x) sin(y)``."""
    ft = t.underlying_float
    x, y = _parts(b, z, t)
    lt = llvm_type(ft)
    h = _fmath(ctx, b, math.sin, ft, b.fbin("fmul", y, b.const_float(lt, 0.5)))
    two_h2 = b.fbin("fmul", b.const_float(lt, 2.0), b.fbin("fmul", h, h))
    re = b.fbin("fsub", b.fbin("fmul", _fmath(ctx, b, math.expm1, ft, x), _fmath(ctx, b, math.cos, ft, y)), two_h2)
    im = b.fbin("fmul", _fmath(ctx, b, math.exp, ft, x), _fmath(ctx, b, math.sin, ft, y))
    return _complex(b, t, re, im)


def _complex_log1p(ctx, b, t, z):
    """``log(1 + z)``: real part ``log(hypot(x + 1, y))``, imaginary part
    ``atan2(y, x + 1)``."""
    ft = t.underlying_float
    x, y = _parts(b, z, t)
    x1 = b.fbin("fadd", x, b.const_float(llvm_type(ft), 1.0))
    re = _fmath(ctx, b, math.log, ft, _fmath(ctx, b, math.hypot, ft, x1, y))
    return _complex(b, t, re, _fmath(ctx, b, math.atan2, ft, y, x1))


def _complex_rint(ctx, b, t, z):
    """Both parts rounded to the nearest integer (ties to even)."""
    lt = llvm_type(t.underlying_float)
    re, im = _parts(b, z, t)
    return _complex(b, t, b.intrinsic("llvm.rint", [re], lt), b.intrinsic("llvm.rint", [im], lt))


def _with_complex(real_kernel, complex_fn):
    """``real_kernel`` for real loops, ``complex_fn(ctx, b, t, z)`` for complex ones."""
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        if _is_complex(t):
            return complex_fn(ctx, b, t, args[0])
        return real_kernel(ctx, b, loop, args)
    return impl


def _log1p_exp(ctx, b, t, v):
    return scalar_op(ctx, b, math.log1p, t, (t,), [scalar_op(ctx, b, math.exp, t, (t,), [v])])


def _logaddexp_kernel(base2: bool):
    """``log(exp(x) + exp(y))`` (base 2 for logaddexp2) without overflow:
    the larger one plus ``log1p(exp(-|x - y|))``; equal inputs (infinities
    too) give ``x + log(2)``."""
    def impl(ctx, b, loop, args):
        return _logaddexp(ctx, b, loop, args, base2)
    return impl


def _logaddexp(ctx, b, loop, args, base2):
    t = loop.inputs[0]
    lt = llvm_type(t)
    x, y = args
    ln2 = b.const_float(lt, math.log(2.0))
    d = b.fbin("fsub", x, y)
    neg_abs = b.fneg(b.intrinsic("llvm.fabs", [d], lt))
    if base2:
        # log2(1 + 2**-|d|) = log1p(exp(-|d| ln 2)) / ln 2
        tail = b.fbin("fdiv", _log1p_exp(ctx, b, t, b.fbin("fmul", neg_abs, ln2)), ln2)
        same = b.fbin("fadd", x, b.const_float(lt, 1.0))
    else:
        tail = _log1p_exp(ctx, b, t, neg_abs)
        same = b.fbin("fadd", x, ln2)
    big = b.select(b.fcmp(">", d, b.const_float(lt, 0.0)), x, y)
    out = b.select(_isnan(b, d), d, b.fbin("fadd", big, tail))
    return b.select(b.fcmp("==", x, y), same, out)


KERNELS["logaddexp"] = _logaddexp_kernel(False)
KERNELS["logaddexp2"] = _logaddexp_kernel(True)


def _round_kernel(intrinsic):
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        if not _is_float(t):
            return args[0]  # integers and bools are already whole
        return b.intrinsic(intrinsic, list(args), llvm_type(t))
    return impl


for _name in ("floor", "ceil", "trunc", "rint"):
    KERNELS[_name] = _round_kernel("llvm." + _name)
for _name, _fn in (("exp2", _complex_exp2), ("log2", _complex_log2), ("log10", _complex_log10), ("expm1", _complex_expm1),
                   ("log1p", _complex_log1p), ("rint", _complex_rint)):
    KERNELS[_name] = _with_complex(KERNELS[_name], _fn)


def _extremum_kernel(op, propagate_nan):
    """minimum/maximum (a nan in either gives nan) and fmin/fmax (a nan
    gives the other one)."""
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        x, y = args
        if isinstance(t, ty.Boolean):
            return b.ibin("and" if op == "<" else "or", x, y)
        if _is_complex(t):
            return _complex_extremum(b, t, op, propagate_nan, x, y)
        if not _is_float(t):
            return b.select(b.icmp(op, x, y, signed=_signed(t)), x, y)
        pick = b.fcmp(op, x, y)
        if propagate_nan:
            return b.select(b.ibin("or", pick, _isnan(b, x)), x, y)
        best = b.select(pick, x, y)
        return b.select(_isnan(b, y), x, b.select(_isnan(b, x), y, best))
    return impl


def _complex_extremum(b, t, op, propagate_nan, x, y):
    """Complex maximum/minimum in NumPy's lexicographic order (real parts,
    then imaginary parts; a nan in an imaginary part makes a real-part
    ordering void): maximum/minimum give ``x`` when ``x`` has a nan or wins,
    fmax/fmin give ``x`` when ``y`` has a nan or ``x`` wins."""
    (xr, xi), (yr, yi) = _parts(b, x, t), _parts(b, y, t)
    no_nan_im = b.ibin("and", b.fcmp("ord", xi, xi), b.fcmp("ord", yi, yi))
    wins = b.ibin("or", b.ibin("and", b.fcmp(op, xr, yr), no_nan_im),
                  b.ibin("and", b.fcmp("==", xr, yr), b.fcmp(op + "=", xi, yi)))
    keep = b.ibin("or", _isnan(b, x if propagate_nan else y, t), wins)
    return b.select(keep, x, y)


def _heaviside(ctx, b, loop, args):
    """``heaviside(x, h0)``: 0 for x < 0, h0 at 0, 1 for x > 0, nan for nan."""
    t = loop.inputs[0]
    lt = llvm_type(t)
    x, h0 = args
    zero, one = b.const_float(lt, 0.0), b.const_float(lt, 1.0)
    out = b.select(b.fcmp("<", x, zero), zero, b.select(b.fcmp(">", x, zero), one, h0))
    return b.select(_isnan(b, x), x, out)


def _spacing(ctx, b, loop, args):
    """``spacing(x)``: the distance from ``x`` to the next float away from
    zero (negative for negative ``x``), as NumPy."""
    t = loop.inputs[0]
    lt = llvm_type(t)
    x = args[0]
    inf = b.const_float(lt, math.inf)
    away = b.select(b.fcmp("<", x, b.const_float(lt, 0.0)), b.fbin("fsub", b.const_float(lt, 0.0), inf), inf)
    return b.fbin("fsub", scalar_op(ctx, b, math.nextafter, t, (t, t), [x, away]), x)


def _ldexp(ctx, b, loop, args):
    """``ldexp(x, n)``: ``x * 2**n``, the exponent widened to int64 for libm."""
    t, nt = loop.inputs
    n = args[1]
    if nt.bitwidth < 64:
        n = b.cast("sext" if _signed(nt) else "zext", n, llvm_type(ty.int64))
    return scalar_op(ctx, b, math.ldexp, t, (t, ty.int64), [args[0], n])


def _gcd_lcm_kernel(lcm: bool):
    """``gcd`` (non-negative, as NumPy) and ``lcm`` (``|a // gcd * b|``, 0
    when either is 0), computed in 64 bits and narrowed to the loop's type."""
    def impl(ctx, b, loop, args):
        t = loop.output
        i64 = llvm_type(ty.int64)
        wide = [a if t.bitwidth == 64 else b.cast("sext" if _signed(t) else "zext", a, i64) for a in args]
        g = scalar_op(ctx, b, math.gcd, ty.int64, (ty.int64, ty.int64), wide)
        out = g
        if lcm:
            zero = b.const_int(i64, 0)
            safe = b.select(b.icmp("==", g, zero), b.const_int(i64, 1), g)
            m = b.ibin("mul", b.ibin("sdiv", wide[0], safe), wide[1])
            m = b.select(b.icmp("<", m, zero), b.ibin("sub", zero, m), m)
            out = b.select(b.icmp("==", g, zero), zero, m)
        return out if t.bitwidth == 64 else b.cast("trunc", out, llvm_type(t))
    return impl


KERNELS["heaviside"] = _heaviside
KERNELS["spacing"] = _spacing
KERNELS["ldexp"] = _ldexp
KERNELS["gcd"] = _gcd_lcm_kernel(False)
KERNELS["lcm"] = _gcd_lcm_kernel(True)
KERNELS["minimum"] = _extremum_kernel("<", True)
KERNELS["maximum"] = _extremum_kernel(">", True)
KERNELS["fmin"] = _extremum_kernel("<", False)
KERNELS["fmax"] = _extremum_kernel(">", False)


def _predicate_kernel(name):
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        fn = getattr(cmath if _is_complex(t) else math, name)
        return scalar_op(ctx, b, fn, ty.boolean, (t,), args)
    return impl


for _name in ("isnan", "isinf", "isfinite"):
    KERNELS[_name] = _predicate_kernel(_name)


@kernel("signbit")
def _signbit(ctx, b, loop, args):
    t = loop.inputs[0]
    it = llvm_type(ty.Integer(t.bitwidth))
    bits = b.cast("bitcast", args[0], it)
    return b.icmp("<", bits, b.const_int(it, 0))


# ------------------------------------------------------------------ comparisons and logic

_COMPARISONS = {"equal": "==", "not_equal": "!=", "less": "<", "less_equal": "<=", "greater": ">",
                "greater_equal": ">="}


def _compare_kernel(op):
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        if _is_complex(t) and op not in ("==", "!="):  # lexicographic, as NumPy orders complex numbers
            (ar, ai), (br_, bi) = _parts(b, args[0], t), _parts(b, args[1], t)
            strict = op.rstrip("=")
            first = b.fcmp(strict, ar, br_)
            return b.ibin("or", first, b.ibin("and", b.fcmp("==", ar, br_), b.fcmp(op, ai, bi)))
        t2 = loop.inputs[-1]
        if isinstance(t, ty.Integer) and isinstance(t2, ty.Integer) and _signed(t) != _signed(t2):
            return _mixed_sign_compare(b, op, t, t2, *args)
        return scalar_op(ctx, b, op, ty.boolean, (t, t), args)
    return impl


def _mixed_sign_compare(b, op, t1, t2, x, y):
    """``x op y`` for one signed and one unsigned integer of the same
    width (loops 'qQ->?' and 'Qq->?'), exactly: a negative signed value is
    less than every unsigned one; otherwise both compare as unsigned."""
    x_neg = b.icmp("<", x, b.const_int(llvm_type(t1), 0)) if _signed(t1) else b.const_int(I1, 0)
    y_neg = b.icmp("<", y, b.const_int(llvm_type(t2), 0)) if _signed(t2) else b.const_int(I1, 0)
    as_unsigned = b.icmp(op, x, y, signed=False)
    # exactly one of them can be negative: then the order is known
    x_less = {"<": True, "<=": True, ">": False, ">=": False, "==": False, "!=": True}[op]
    y_less = {"<": False, "<=": False, ">": True, ">=": True, "==": False, "!=": True}[op]
    const = {True: b.true(), False: b.const_int(I1, 0)}
    return b.select(x_neg, const[x_less], b.select(y_neg, const[y_less], as_unsigned))


for _name, _op in _COMPARISONS.items():
    KERNELS[_name] = _compare_kernel(_op)


def _logical_kernel(op):
    def impl(ctx, b, loop, args):
        vals = [ctx.truth(b, v, t) for v, t in zip(args, loop.inputs)]
        if op == "not":
            return b.ibin("xor", vals[0], b.true())
        return b.ibin(op, *vals)
    return impl


for _name, _op in (("logical_and", "and"), ("logical_or", "or"), ("logical_xor", "xor"), ("logical_not", "not")):
    KERNELS[_name] = _logical_kernel(_op)


@kernel("invert")
def _invert(ctx, b, loop, args):
    t = loop.inputs[0]
    return scalar_op(ctx, b, "unary~", t, (t,), args)


def _shift_kernel(left: bool):
    """Shifts by the bit width or more (or by a negative count) give 0, or
    -1 for a negative number shifted right, as in NumPy."""
    def impl(ctx, b, loop, args):
        return _shift(ctx, b, loop, args, left)
    return impl


def _shift(ctx, b, loop, args, left):
    t = loop.inputs[0]
    lt = llvm_type(t)
    x, n = args
    too_far = b.icmp(">=", n, b.const_int(lt, t.bitwidth), signed=False)
    zero = b.const_int(lt, 0)
    safe_n = b.select(too_far, zero, n)
    if left:
        return b.select(too_far, zero, b.ibin("shl", x, safe_n))
    if not _signed(t):
        return b.select(too_far, zero, b.ibin("lshr", x, safe_n))
    fill = b.select(b.icmp("<", x, zero), b.const_int(lt, -1), zero)
    return b.select(too_far, fill, b.ibin("ashr", x, safe_n))


@kernel("isnat")
def _isnat(ctx, b, loop, args):
    """``np.isnat``: only datetime loops exist, which run the scalar operation."""
    raise AssertionError("np.isnat has no number loops")


KERNELS["left_shift"] = _shift_kernel(True)
KERNELS["right_shift"] = _shift_kernel(False)


# ------------------------------------------------------------------ several outputs

@kernel("frexp")
def _frexp(ctx, b, loop, args):
    """(mantissa, exponent): C's frexp, the exponent as the loop's int32."""
    t, et = loop.outputs
    pair = scalar_op(ctx, b, math.frexp, ty.Tuple((t, ty.int64)), (t,), args)
    e = b.extract(pair, 1, llvm_type(ty.int64))
    return b.extract(pair, 0, llvm_type(t)), b.cast("trunc", e, llvm_type(et))


@kernel("modf")
def _modf(ctx, b, loop, args):
    """(fractional part, integral part), both with the input's sign, as C's
    modf: an infinity gives (±0.0, x), nan (nan, nan)."""
    t = loop.inputs[0]
    lt = llvm_type(t)
    (x,) = args
    whole = b.intrinsic("llvm.trunc", [x], lt)
    is_inf = b.fcmp("==", b.intrinsic("llvm.fabs", [x], lt), b.const_float(lt, math.inf))
    frac = b.select(is_inf, b.const_float(lt, 0.0), b.fbin("fsub", x, whole))
    return b.intrinsic("llvm.copysign", [frac, x], lt), whole


@kernel("divmod")
def _divmod(ctx, b, loop, args):
    """(floor_divide, remainder) of the same loop, NumPy's error model."""
    single = UfuncLoop(loop.inputs, loop.output)
    return KERNELS["floor_divide"](ctx, b, single, args), KERNELS["remainder"](ctx, b, single, args)
