"""Lowering of ufunc calls and of the operators on whole arrays.

A ufunc call (``np.add(a, b)``, ``np.sqrt(x, out=y)``), an operator with
an array operand (``a * 2``, ``-a``, ``a < b``, ``abs(a)``) and an in-place
operator on an array (``a += b``, keys ``"+="`` ...) all go through
:func:`apply_ufunc`: the loop the typing picked (recomputed from the
operand types by :mod:`pycomp.ufunc_db`), its kernel from
:data:`KERNELS`, and a loop nest of :mod:`pycomp.targets.cpu.broadcast`
writing a new C-contiguous array, the ``out=`` array or the updated
array. On scalars and 0-d arrays only, the kernel computes the scalar
result directly.

A kernel ``kernel(ctx, b, loop, args)`` computes one element: ``args``
are already cast to the loop's input types and it returns a value of
the loop's output type. Kernels reuse the scalar lowering of operators
and math functions (``ctx.implementation``) under NumPy's error model:
an integer division by zero gives 0, a float one inf or nan, never an
exception.

The result of a call with ``out=`` and of an in-place operator is the
output array itself, with a new reference (the refcount pass counts the
op's result as owned).
"""

from __future__ import annotations

import builtins
import cmath
import contextlib
import math

import numpy as np

from pycomp import types as ty
from pycomp.ufunc_db import (  # the loop tables: plain data shared with typing
    DATETIME_OPERATORS,
    OPERATOR_UFUNCS,
    UFUNCS,
    UNARY_OPERATOR_UFUNCS,
    element_type,
    inplace_loop,
    resolve_loop,
)
from pycomp.signature import Signature
from pycomp.targets.cpu.broadcast import Operand, allocate_broadcast, broadcast_loop, check_fits, keep_on_error
from pycomp.targets.cpu.impl_fancyindex import unshared_source
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.datamodel import I1, PTR, llvm_type, memory_type

__all__ = ["KERNELS", "apply_ufunc"]

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
def _numpy_error_model(ctx):
    saved = ctx.error_model
    ctx.error_model = "numpy"
    try:
        yield
    finally:
        ctx.error_model = saved


def _scalar(ctx, b, key, ret, argtypes, args):
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


def _isnan(b, v):
    return b.fcmp("uno", v, v)


# ------------------------------------------------------------------ arithmetic

def _operator_kernel(key, bool_op=None):
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        if isinstance(t, ty.Boolean) and bool_op is not None:
            return b.ibin(bool_op, *args)
        return _scalar(ctx, b, key, loop.output, loop.inputs, args)
    return impl


for _name, _key, _bool in (("add", "+", "or"), ("subtract", "-", None), ("multiply", "*", "and"),
                           ("floor_divide", "//", None), ("remainder", "%", None), ("power", "**", None),
                           ("float_power", "**", None), ("bitwise_and", "&", None), ("bitwise_or", "|", None),
                           ("bitwise_xor", "^", None)):
    KERNELS[_name] = _operator_kernel(_key, _bool)


def _complex_divide(b, t, x, y):
    """``x / y`` for complex numbers (Smith's method), NumPy's way: no
    exception; a zero divisor gives infinities and nans."""
    lt = llvm_type(t.underlying_float)
    (ar, ai), (br_, bi) = _parts(b, x, t), _parts(b, y, t)
    mul, add, sub, div = (lambda p, q, op=op: b.fbin(op, p, q) for op in ("fmul", "fadd", "fsub", "fdiv"))
    abr = b.intrinsic("llvm.fabs", [br_], lt)
    abi = b.intrinsic("llvm.fabs", [bi], lt)
    r1 = div(bi, br_)
    d1 = add(br_, mul(bi, r1))
    re1, im1 = div(add(ar, mul(ai, r1)), d1), div(sub(ai, mul(ar, r1)), d1)
    r2 = div(br_, bi)
    d2 = add(mul(br_, r2), bi)
    re2, im2 = div(add(mul(ar, r2), ai), d2), div(sub(mul(ai, r2), ar), d2)
    re0, im0 = div(ar, abr), div(ai, abr)  # both parts zero
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
    return _scalar(ctx, b, "/", t, (t, t), args)


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
    return _scalar(ctx, b, "unary-", t, (t,), args)


@kernel("positive")
def _positive(ctx, b, loop, args):
    return args[0]


@kernel("absolute")
def _absolute(ctx, b, loop, args):
    return _scalar(ctx, b, builtins.abs, loop.output, loop.inputs, args)


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
        mag = _scalar(ctx, b, builtins.abs, ft, (t,), [x])
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
    return _scalar(ctx, b, "complex.conjugate", t, (t,), args)


@kernel("square")
def _square(ctx, b, loop, args):
    t = loop.inputs[0]
    return _scalar(ctx, b, "*", t, (t, t), [args[0], args[0]])


@kernel("reciprocal")
def _reciprocal(ctx, b, loop, args):
    """``1 / x``; on integers 1 and -1 are their own reciprocal and
    everything else (0 included) gives 0."""
    t = loop.inputs[0]
    (x,) = args
    lt = llvm_type(t)
    if _is_complex(t):
        one = ctx.constant(b, t, 1)
        return _complex_divide(b, t, one, x)
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
            return _scalar(ctx, b, getattr(cmath, pyname), t, (t,), args)
        return _scalar(ctx, b, getattr(math, pyname), t, loop.inputs, args)
    return impl


for _name, _py in _MATH_NAMES.items():
    if hasattr(math, _py):
        KERNELS[_name] = _math_kernel(_py)


def _log1p_exp(ctx, b, t, v):
    return _scalar(ctx, b, math.log1p, t, (t,), [_scalar(ctx, b, math.exp, t, (t,), [v])])


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


def _extremum_kernel(op, propagate_nan):
    """minimum/maximum (a nan in either gives nan) and fmin/fmax (a nan
    gives the other one)."""
    def impl(ctx, b, loop, args):
        t = loop.inputs[0]
        x, y = args
        if isinstance(t, ty.Boolean):
            return b.ibin("and" if op == "<" else "or", x, y)
        if not _is_float(t):
            return b.select(b.icmp(op, x, y, signed=_signed(t)), x, y)
        pick = b.fcmp(op, x, y)
        if propagate_nan:
            return b.select(b.ibin("or", pick, _isnan(b, x)), x, y)
        best = b.select(pick, x, y)
        return b.select(_isnan(b, y), x, b.select(_isnan(b, x), y, best))
    return impl


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
    return b.fbin("fsub", _scalar(ctx, b, math.nextafter, t, (t, t), [x, away]), x)


def _ldexp(ctx, b, loop, args):
    """``ldexp(x, n)``: ``x * 2**n``, the exponent widened to int64 for libm."""
    t, nt = loop.inputs
    n = args[1]
    if nt.bitwidth < 64:
        n = b.cast("sext" if _signed(nt) else "zext", n, llvm_type(ty.int64))
    return _scalar(ctx, b, math.ldexp, t, (t, ty.int64), [args[0], n])


def _gcd_lcm_kernel(lcm: bool):
    """``gcd`` (non-negative, as NumPy) and ``lcm`` (``|a // gcd * b|``, 0
    when either is 0), computed in 64 bits and narrowed to the loop's type."""
    def impl(ctx, b, loop, args):
        t = loop.output
        i64 = llvm_type(ty.int64)
        wide = [a if t.bitwidth == 64 else b.cast("sext" if _signed(t) else "zext", a, i64) for a in args]
        g = _scalar(ctx, b, math.gcd, ty.int64, (ty.int64, ty.int64), wide)
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
        return _scalar(ctx, b, fn, ty.boolean, (t,), args)
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
        return _scalar(ctx, b, op, ty.boolean, (t, t), args)
    return impl


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
    return _scalar(ctx, b, "unary~", t, (t,), args)


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


# ------------------------------------------------------------------ applying a ufunc

def _run_kernel(ctx, b, spec, loop, values, types, out_dtype):
    """Cast ``values`` (of ``types``) to the loop's inputs, run the kernel,
    cast its result to ``out_dtype``."""
    args = [ctx.cast(b, v, t, lt) for v, t, lt in zip(values, types, loop.inputs)]
    with _numpy_error_model(ctx):
        if any(isinstance(t, (ty.NPDatetime, ty.NPTimedelta)) for t in loop.inputs):  # the scalar operation
            res = _scalar(ctx, b, DATETIME_OPERATORS[spec.name], loop.output, loop.inputs, args)
        else:
            res = KERNELS[spec.name](ctx, b, loop, args)
    return ctx.cast(b, res, loop.output, out_dtype)


def _element_value(b, t, v):
    """A scalar operand's value; a 0-d array's element."""
    if isinstance(t, ty.Array):
        x = b.load(b.extract(v, 4, PTR), memory_type(t.dtype))
        return b.cast("trunc", x, I1) if isinstance(t.dtype, ty.Boolean) else x
    return v


def apply_ufunc(ctx, b, spec, loop, inputs, result_t, out=None):
    """Compute ufunc ``spec`` with ``loop`` on ``inputs`` (``(type, value)``
    pairs): into ``out`` (an ``(array type, value)`` pair, returned with a
    new reference) if given, else into a new array if ``result_t`` is an
    array type, else as a scalar of type ``result_t``."""
    if out is None and not isinstance(result_t, ty.Array):
        values = [_element_value(b, t, v) for t, v in inputs]
        return _run_kernel(ctx, b, spec, loop, values, [element_type(t) for t, _ in inputs], result_t)
    operands = []
    for (t, v), lt in zip(inputs, loop.inputs):
        if not isinstance(t, ty.Array):  # cast once, before the loops
            v, t = ctx.cast(b, v, t, lt), lt
        operands.append(Operand(t, v))
    dtypes = [element_type(op.type) for op in operands]
    out_t, arr = out if out is not None else (result_t, None)

    def body(b, values):
        return _run_kernel(ctx, b, spec, loop, values, dtypes, out_t.dtype)

    if out is not None:
        # an input sharing memory with ``out`` other than as the same view
        # is read from a copy, as NumPy does (``a[1:] += a[:-1]``)
        check_fits(ctx, b, out_t, arr, [op for op in operands if op.is_array])
        releases = []
        for k, op in enumerate(operands):
            if isinstance(op.type, ty.Array) and op.type.ndim > 0 and op.value is not arr:  # not out itself
                value, release = unshared_source(ctx, b, out_t, arr, op.type, op.value)
                operands[k] = Operand(op.type, value)
                releases.append(release)
        broadcast_loop(ctx, b, out_t, arr, operands, body, check=False)
        for release in releases:
            release()
        ctx.incref(b, out_t, arr)
        return arr
    arr = allocate_broadcast(ctx, b, out_t, operands)
    with keep_on_error(ctx, out_t, arr):
        broadcast_loop(ctx, b, out_t, arr, operands, body, check=False)
    return arr


def _ufunc_impl(spec):
    def impl(ctx, b, sig, args):
        nin = spec.nin
        inputs = list(zip(sig.args[:nin], args[:nin]))
        loop = resolve_loop(spec, tuple(element_type(t) for t, _ in inputs))
        out = None
        if len(sig.args) > nin and isinstance(sig.args[nin], ty.Array):
            out = (sig.args[nin], args[nin])
        return apply_ufunc(ctx, b, spec, loop, inputs, sig.return_type, out)
    return impl


def _lower_first(key, *patterns):
    """Register ahead of the implementations already there (the scalar
    ones of some keys match any argument types)."""
    return reg.lower(key, *patterns, first=True)


for _uf, _spec in UFUNCS.items():
    if _spec.name in KERNELS:
        reg.lower(_uf)(_ufunc_impl(_spec))

for _op, _uf in OPERATOR_UFUNCS.items():
    _impl = _ufunc_impl(UFUNCS[_uf])
    _lower_first(_op, ty.Array, ty.Type)(_impl)
    _lower_first(_op, ty.Type, ty.Array)(_impl)
for _op, _uf in UNARY_OPERATOR_UFUNCS.items():
    _lower_first(_op, ty.Array)(_ufunc_impl(UFUNCS[_uf]))
_lower_first(builtins.abs, ty.Array)(_ufunc_impl(UFUNCS[np.absolute]))


def _inplace_impl(spec):
    def impl(ctx, b, sig, args):
        (target_t, other_t), (target, other) = sig.args, args
        loop = inplace_loop(spec, target_t.dtype, other_t)
        return apply_ufunc(ctx, b, spec, loop, [(target_t, target), (other_t, other)], target_t,
                           out=(target_t, target))
    return impl


for _op, _uf in OPERATOR_UFUNCS.items():
    if _op not in ("==", "!=", "<", "<=", ">", ">="):
        reg.lower(_op + "=", ty.Array, ty.Type)(_inplace_impl(UFUNCS[_uf]))
