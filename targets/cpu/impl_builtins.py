"""Lowering of Python operators and builtins on numbers and tuples.

Integer ``//`` and ``%`` follow Python's sign rules and raise
ZeroDivisionError; ``/`` on floats raises it too (Numba's "python" error
model). Integer overflow wraps (64-bit two's complement), as in Numba. No
integer division reaches the machine with a divisor that traps: a zero
divisor is checked first, and the one quotient that overflows (the most
negative value divided by -1) gives 0 with remainder 0, as in Numba.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.signature import Signature
from pycomp.frontend.typing.numbercasts import NUMBER_CLASSES
from pycomp.special import prange
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.datamodel import I1, I64, PTR, llvm_type

INT, FLT, CPX = ty.Integer, ty.Float, ty.Complex


def _signed(t):
    return t.signed and not isinstance(t, ty.Boolean)


# ------------------------------------------------------------------ integers

def _int_simple(opname):
    def impl(ctx, b, sig, args):
        return b.ibin(opname, *args)
    return impl


for _sym, _name in (("+", "add"), ("-", "sub"), ("*", "mul"), ("&", "and"), ("|", "or"), ("^", "xor")):
    reg.lower(_sym, INT, INT)(_int_simple(_name))


@reg.lower("<<", INT, INT)
def int_shl(ctx, b, sig, args):
    return b.ibin("shl", *args)


@reg.lower(">>", INT, INT)
def int_shr(ctx, b, sig, args):
    return b.ibin("ashr" if _signed(sig.args[0]) else "lshr", *args)


def _int_divmod(ctx, b, t, a, d, msg):
    """Python floor division and modulo; returns (q, r).

    A zero divisor raises ZeroDivisionError, or with error_model="numpy"
    gives (0, 0). A signed MIN // -1, whose quotient does not fit (and traps
    on x86), gives (0, 0) under both models, as in Numba. Neither divisor
    reaches the divide instruction: a select replaces it by 1 first, and
    the results by 0."""
    lt = llvm_type(t)
    zero = b.const_int(lt, 0)
    if ctx.error_model != "numpy":
        ctx.guard(b, b.icmp("==", d, zero), ZeroDivisionError, (msg,))
        bad = None
    else:
        bad = b.icmp("==", d, zero)
    if _signed(t):
        min_value = -(1 << (lt.width.data - 1))
        overflow = b.ibin("and", b.icmp("==", a, b.const_int(lt, min_value)),
                          b.icmp("==", d, b.const_int(lt, -1)))
        bad = overflow if bad is None else b.ibin("or", bad, overflow)
    if bad is None:
        return _int_divmod_safe(b, t, a, d)
    safe_d = b.select(bad, b.const_int(lt, 1), d)
    q, r = _int_divmod_safe(b, t, a, safe_d)
    return b.select(bad, zero, q), b.select(bad, zero, r)


def _int_divmod_safe(b, t, a, d):
    """(a // d, a % d) with Python's signs; ``d`` is neither 0 nor, for a
    signed ``a`` of MIN, -1."""
    if not _signed(t):
        return b.ibin("udiv", a, d), b.ibin("urem", a, d)
    q = b.ibin("sdiv", a, d)
    r = b.ibin("srem", a, d)
    lt = llvm_type(t)
    zero = b.const_int(lt, 0)
    fix = b.ibin("and", b.icmp("!=", r, zero), b.icmp("<", b.ibin("xor", r, d), zero))
    q = b.select(fix, b.ibin("sub", q, b.const_int(lt, 1)), q)
    r = b.select(fix, b.ibin("add", r, d), r)
    return q, r


@reg.lower("//", INT, INT)
def int_floordiv(ctx, b, sig, args):
    return _int_divmod(ctx, b, sig.args[0], *args, "integer division or modulo by zero")[0]


@reg.lower("%", INT, INT)
def int_mod(ctx, b, sig, args):
    return _int_divmod(ctx, b, sig.args[0], *args, "integer modulo by zero")[1]


@reg.lower("**", INT, INT)
def int_pow(ctx, b, sig, args):
    """Exponentiation by squaring in a loop; a negative exponent gives 0
    unless the base is 1 or -1 (Numba's integer power)."""
    lt = llvm_type(sig.args[0])
    base, exp = args
    if ctx.error_model == "python":
        zero_ = b.const_int(lt, 0)
        bad = b.ibin("and", b.icmp("==", base, zero_), b.icmp("<", exp, zero_, signed=_signed(sig.args[1])))
        ctx.guard(b, bad, ZeroDivisionError, ("0.0 cannot be raised to a negative power",))
    head, body, done = b.new_block(), b.new_block(), b.new_block()
    for blk in (head,):
        blk.insert_arg(lt, 0)
        blk.insert_arg(lt, 1)
        blk.insert_arg(lt, 2)
    done.insert_arg(lt, 0)
    zero, one = b.const_int(lt, 0), b.const_int(lt, 1)
    neg = b.icmp("<", exp, zero)
    start_exp = b.select(neg, zero, exp)
    b.br(head, [one, base, start_exp])
    b.position_at_end(head)
    acc, x, e = head.args
    b.cond_br(b.icmp(">", e, zero), body, [], done, [acc])
    b.position_at_end(body)
    odd = b.icmp("!=", b.ibin("and", e, one), zero)
    acc2 = b.select(odd, b.ibin("mul", acc, x), acc)
    b.br(head, [acc2, b.ibin("mul", x, x), b.ibin("ashr", e, one)])
    b.position_at_end(done)
    result = done.args[0]
    # negative exponents: 1 ** -n == 1, (-1) ** -n == +-1, else 0
    minus_one = b.const_int(lt, -1)
    is_one = b.icmp("==", base, one)
    is_m1 = b.icmp("==", base, minus_one)
    odd_exp = b.icmp("!=", b.ibin("and", exp, one), zero)
    m1_val = b.select(odd_exp, minus_one, one)
    neg_val = b.select(is_one, one, b.select(is_m1, m1_val, zero))
    return b.select(neg, neg_val, result)


# ------------------------------------------------------------------ floats

def _flt_simple(opname):
    def impl(ctx, b, sig, args):
        return b.fbin(opname, *args, fastmath=_fm(ctx))
    return impl


def _fm(ctx):
    if not ctx.fastmath:
        return None
    from xdsl.dialects.llvm import FastMathAttr

    return FastMathAttr("fast")


for _sym, _name in (("+", "fadd"), ("-", "fsub"), ("*", "fmul")):
    reg.lower(_sym, FLT, FLT)(_flt_simple(_name))


@reg.lower("/", FLT, FLT)
def flt_div(ctx, b, sig, args):
    a, d = args
    if ctx.error_model == "python":
        ctx.guard(b, b.fcmp("==", d, b.const_float(llvm_type(sig.args[0]), 0.0)), ZeroDivisionError,
                  ("division by zero",))
    return b.fbin("fdiv", a, d, fastmath=_fm(ctx))


def _flt_divmod(ctx, b, t, a, d, msg):
    """Python's float divmod: fmod, then move the remainder to the divisor's
    sign; the quotient is rounded from (a - mod) / d. A zero divisor raises
    ZeroDivisionError, or with error_model="numpy" gives NumPy's
    (a / d, nan): +-inf, or nan for 0 // 0."""
    lt = llvm_type(t)
    if ctx.error_model == "python":
        ctx.guard(b, b.fcmp("==", d, b.const_float(lt, 0.0)), ZeroDivisionError, (msg,))
    zero, one = b.const_float(lt, 0.0), b.const_float(lt, 1.0)
    mod = b.fbin("frem", a, d)
    div = b.fbin("fdiv", b.fbin("fsub", a, mod), d)
    fix = b.ibin("and", b.fcmp("une", mod, zero), b.icmp("!=", b.fcmp("<", d, zero), b.fcmp("<", mod, zero)))
    mod = b.select(fix, b.fbin("fadd", mod, d), mod)
    div = b.select(fix, b.fbin("fsub", div, one), div)
    mod = b.select(b.fcmp("==", mod, zero), b.intrinsic("llvm.copysign", [zero, d], lt), mod)
    fl = b.intrinsic("llvm.floor", [div], lt)
    fl = b.select(b.fcmp(">", b.fbin("fsub", div, fl), b.const_float(lt, 0.5)), b.fbin("fadd", fl, one), fl)
    quotient = b.fbin("fdiv", a, d)
    fl = b.select(b.fcmp("==", div, zero), b.intrinsic("llvm.copysign", [zero, quotient], lt), fl)
    if ctx.error_model == "numpy":
        fl = b.select(b.fcmp("==", d, zero), quotient, fl)
    return fl, mod


@reg.lower("//", FLT, FLT)
def flt_floordiv(ctx, b, sig, args):
    return _flt_divmod(ctx, b, sig.args[0], *args, "float floor division by zero")[0]


@reg.lower("%", FLT, FLT)
def flt_mod(ctx, b, sig, args):
    return _flt_divmod(ctx, b, sig.args[0], *args, "float modulo by zero")[1]


@reg.lower("**", FLT, FLT)
def flt_pow(ctx, b, sig, args):
    return b.intrinsic("llvm.pow", list(args), llvm_type(sig.args[0]))




# ------------------------------------------------------------------ complex

def _parts(b, v, t):
    f = llvm_type(t.underlying_float)
    return b.extract(v, 0, f), b.extract(v, 1, f)


def _make_complex(b, t, re, im):
    c = b.insert_value(b.undef(llvm_type(t)), re, 0)
    return b.insert_value(c, im, 1)


@reg.lower("+", CPX, CPX)
def cpx_add(ctx, b, sig, args):
    t = sig.args[0]
    (ar, ai), (br_, bi) = _parts(b, args[0], t), _parts(b, args[1], t)
    return _make_complex(b, t, b.fbin("fadd", ar, br_), b.fbin("fadd", ai, bi))


@reg.lower("-", CPX, CPX)
def cpx_sub(ctx, b, sig, args):
    t = sig.args[0]
    (ar, ai), (br_, bi) = _parts(b, args[0], t), _parts(b, args[1], t)
    return _make_complex(b, t, b.fbin("fsub", ar, br_), b.fbin("fsub", ai, bi))


@reg.lower("*", CPX, CPX)
def cpx_mul(ctx, b, sig, args):
    t = sig.args[0]
    (ar, ai), (br_, bi) = _parts(b, args[0], t), _parts(b, args[1], t)
    re = b.fbin("fsub", b.fbin("fmul", ar, br_), b.fbin("fmul", ai, bi))
    im = b.fbin("fadd", b.fbin("fmul", ar, bi), b.fbin("fmul", ai, br_))
    return _make_complex(b, t, re, im)


@reg.lower("/", CPX, CPX)
def cpx_div(ctx, b, sig, args):
    """CPython's complex division (Smith's method: scale by the larger part
    of the divisor, so no intermediate overflows or underflows where the
    quotient does not, and signed zeros and infinities come out as CPython's);
    a nan in the divisor gives nan + nan*j. Both branches are computed and
    one selected, so the code has no branches."""
    t = sig.args[0]
    lt = llvm_type(t.underlying_float)
    (ar, ai), (br_, bi) = _parts(b, args[0], t), _parts(b, args[1], t)
    zero = b.const_float(lt, 0.0)
    both_zero = b.ibin("and", b.fcmp("==", br_, zero), b.fcmp("==", bi, zero))
    ctx.guard(b, both_zero, ZeroDivisionError, ("complex division by zero",))
    abr = b.intrinsic("llvm.fabs", [br_], lt)
    abi = b.intrinsic("llvm.fabs", [bi], lt)
    mul, add, sub, div = (lambda x, y, op=op: b.fbin(op, x, y) for op in ("fmul", "fadd", "fsub", "fdiv"))
    # |br| >= |bi|
    r1 = div(bi, br_)
    d1 = add(br_, mul(bi, r1))
    re1, im1 = div(add(ar, mul(ai, r1)), d1), div(sub(ai, mul(ar, r1)), d1)
    # |bi| > |br|
    r2 = div(br_, bi)
    d2 = add(mul(br_, r2), bi)
    re2, im2 = div(add(mul(ar, r2), ai), d2), div(sub(mul(ai, r2), ar), d2)
    real_larger = b.fcmp(">=", abr, abi)  # ordered: false when either is nan
    imag_larger = b.fcmp(">=", abi, abr)
    nan = b.const_float(lt, float("nan"))
    re = b.select(real_larger, re1, b.select(imag_larger, re2, nan))
    im = b.select(real_larger, im1, b.select(imag_larger, im2, nan))
    return _make_complex(b, t, re, im)


@reg.lower("**", CPX, CPX)
def cpx_pow(ctx, b, sig, args):
    """Complex power through the C helper ``pycomp_complex_pow``."""
    from pycomp.targets.datamodel import F64, I32, PTR

    t = sig.args[0]
    c128 = ty.complex128
    x = ctx.cast(b, args[0], t, c128)
    y = ctx.cast(b, args[1], t, c128)
    (ar, ai), (br_, bi) = _parts(b, x, c128), _parts(b, y, c128)
    out = b.alloca(llvm_type(c128))
    ctx.declare("pycomp_complex_pow", I32, [F64, F64, F64, F64, PTR])
    status = b.call("pycomp_complex_pow", [ar, ai, br_, bi, out], I32)
    ctx.guard(b, b.icmp("!=", status, b.const_int(I32, 0)), ZeroDivisionError,
              ("0.0 to a negative or complex power",))
    return ctx.cast(b, b.load(out, llvm_type(c128)), c128, t)



# ------------------------------------------------------------------ comparisons

def _cmp(op):
    def impl(ctx, b, sig, args):
        t = sig.args[0]
        if isinstance(t, ty.Integer):
            return b.icmp(op, *args, signed=_signed(t))
        if isinstance(t, ty.Float):
            return b.fcmp(op, *args)
        if isinstance(t, ty.Complex):
            (ar, ai), (br_, bi) = _parts(b, args[0], t), _parts(b, args[1], t)
            both = b.ibin("and", b.fcmp("==", ar, br_), b.fcmp("==", ai, bi))
            return both if op == "==" else b.ibin("xor", both, b.true())
        if isinstance(t, ty.NoneType):
            return b.const_int(I1, 1 if op == "==" else 0)
        raise NotImplementedError
    return impl


for _op in ("<", "<=", ">", ">=", "==", "!="):
    reg.lower(_op, (ty.Number, ty.NoneType), (ty.Number, ty.NoneType))(_cmp(_op))


@reg.lower("is")
def is_(ctx, b, sig, args):
    """``a is b`` as Numba has it: values have no identity in compiled code,
    so two values of one number or tuple type are ``a == b``; ``None is
    None``; values of different types never are."""
    a, c = sig.args
    if isinstance(a, ty.Optional) or isinstance(c, ty.Optional):
        return _is_optional(ctx, b, sig, args)
    if a is not c:
        return b.const_int(I1, 0)
    if isinstance(a, ty.NoneType):
        return b.const_int(I1, 1)
    if isinstance(a, (ty.Number, ty.BaseTuple)):
        eq = Signature(ty.boolean, (a, a))
        return ctx.implementation("==", eq)(ctx, b, eq, args)
    if isinstance(a, ty.Array):  # the same array: one meminfo, data pointer, shape and strides
        x, y = args
        same = None
        for path in [[0], [4]] + [[f, k] for f in (5, 6) for k in range(a.ndim)]:
            t = I64 if len(path) == 2 else PTR
            u, v = b.extract(x, path, t), b.extract(y, path, t)
            if t is PTR:
                u, v = b.cast("ptrtoint", u, I64), b.cast("ptrtoint", v, I64)
            eq = b.icmp("==", u, v)
            same = eq if same is None else b.ibin("and", same, eq)
        return same
    return b.const_int(I1, 0)


def _is_optional(ctx, b, sig, args):
    """``x is None`` on an optional is "x holds no value"; ``x is y`` with
    a T is "x holds a value and it is y"."""
    (a, c), (x, y) = sig.args, args
    if not isinstance(a, ty.Optional):
        (a, c), (x, y) = (c, a), (y, x)
    valid = b.extract(x, 1, I1)
    if isinstance(c, ty.NoneType):
        return b.ibin("xor", valid, b.true())
    if isinstance(c, ty.Optional):
        other_valid = b.extract(y, 1, I1)
        both_none = b.ibin("and", b.ibin("xor", valid, b.true()), b.ibin("xor", other_valid, b.true()))
        if a.type is not c.type:
            return both_none
        inner = Signature(ty.boolean, (a.type, a.type))
        same = is_(ctx, b, inner, [b.extract(x, 0, llvm_type(a.type)), b.extract(y, 0, llvm_type(a.type))])
        return b.ibin("or", both_none, b.ibin("and", b.ibin("and", valid, other_valid), same))
    if a.type is not c:
        return b.const_int(I1, 0)
    inner = Signature(ty.boolean, (c, c))
    return b.ibin("and", valid, is_(ctx, b, inner, [b.extract(x, 0, llvm_type(c)), y]))


@reg.lower("is not")
def is_not(ctx, b, sig, args):
    return b.ibin("xor", is_(ctx, b, sig, args), b.true())


@reg.lower("==", ty.Optional, ty.NoneType)
@reg.lower("==", ty.NoneType, ty.Optional)
def optional_eq_none(ctx, b, sig, args):
    """``x == None`` on an optional is ``x is None``, as in Numba."""
    return _is_optional(ctx, b, sig, args)


@reg.lower("!=", ty.Optional, ty.NoneType)
@reg.lower("!=", ty.NoneType, ty.Optional)
def optional_ne_none(ctx, b, sig, args):
    return b.ibin("xor", _is_optional(ctx, b, sig, args), b.true())


# ------------------------------------------------------------------ unary

# On integers the unary operators compute at the operand's width and then
# widen to the result type, as Numba does: -uint8(1) is 255, ~uint32(0) is
# 4294967295, -int8(-128) is -128.

@reg.lower("unary-", ty.Number)
def neg(ctx, b, sig, args):
    t = sig.args[0]
    (v,) = args
    if isinstance(t, ty.Integer):
        return ctx.cast(b, b.ibin("sub", b.const_int(llvm_type(t), 0), v), t, sig.return_type)
    if isinstance(t, ty.Float):
        return b.fneg(v)
    re, im = _parts(b, v, t)
    return _make_complex(b, t, b.fneg(re), b.fneg(im))


@reg.lower("unary+", ty.Number)
def pos(ctx, b, sig, args):
    return ctx.cast(b, args[0], sig.args[0], sig.return_type)


@reg.lower("unary~")
def invert(ctx, b, sig, args):
    t = sig.args[0]
    ones = b.true() if isinstance(t, ty.Boolean) else b.const_int(llvm_type(t), -1)
    return ctx.cast(b, b.ibin("xor", args[0], ones), t, sig.return_type)


@reg.lower("unarynot")
def not_(ctx, b, sig, args):
    return b.ibin("xor", ctx.truth(b, args[0], sig.args[0]), b.true())


@reg.lower("truth")
def truth(ctx, b, sig, args):
    return ctx.truth(b, args[0], sig.args[0])


# ------------------------------------------------------------------ builtins

@reg.lower(builtins.abs, ty.Number)
def abs_(ctx, b, sig, args):
    t = sig.args[0]
    (v,) = args
    if isinstance(t, ty.Integer):
        if not _signed(t):
            return v
        return b.select(b.icmp("<", v, b.const_int(llvm_type(t), 0)), b.ibin("sub", b.const_int(llvm_type(t), 0), v), v)
    if isinstance(t, ty.Float):
        return b.intrinsic("llvm.fabs", [v], llvm_type(t))
    re, im = _parts(b, v, t)
    return _hypot(ctx, b, re, im, t.underlying_float)


def _hypot(ctx, b, x, y, ft):
    name = ctx.math_symbol("hypot", ft)
    ctx.declare(name, llvm_type(ft), [llvm_type(ft)] * 2)
    return b.call(name, [x, y], llvm_type(ft))


def _minmax(op):
    def impl(ctx, b, sig, args):
        if len(sig.args) == 1:  # a tuple
            tt = sig.args[0]
            items = [b.extract(args[0], i, llvm_type(e)) for i, e in enumerate(tt.types)]
            items = [ctx.cast(b, v, e, sig.return_type) for v, e in zip(items, tt.types)]
        else:
            items = list(args)
        t = sig.return_type
        best = items[0]
        for v in items[1:]:
            if isinstance(t, ty.Integer):
                better = b.icmp(op, v, best, signed=_signed(t))
            else:
                better = b.fcmp(op, v, best)
            best = b.select(better, v, best)
        return best
    return impl


reg.lower(builtins.min)(_minmax("<"))
reg.lower(builtins.max)(_minmax(">"))


@reg.lower(builtins.int)
def int_(ctx, b, sig, args):
    return ctx.cast(b, args[0], sig.args[0], sig.return_type)


def _number_class(ctx, b, sig, args):
    """``np.int32(x)``, ``types.int16(x)``, ...: the conversion compiled code
    does everywhere (truncation toward zero, wrapping); ``np.bool_(x)`` is
    ``x != 0``."""
    src, dst = sig.args[0], sig.return_type
    if isinstance(dst, ty.Boolean):
        return ctx.truth(b, args[0], src)
    if isinstance(src, ty.Float) and isinstance(dst, ty.Integer) and dst is not ty.int64:
        # through int64, then wrapped to the width: np.int8(300.0) is 44, as
        # in Numba (a direct fptosi to i8 would be poison out of range)
        return ctx.cast(b, ctx.cast(b, args[0], src, ty.int64), ty.int64, dst)
    return ctx.cast(b, args[0], src, dst)


for _key in NUMBER_CLASSES:
    reg.lower(_key)(_number_class)


@reg.lower(builtins.float)
def float_(ctx, b, sig, args):
    return ctx.cast(b, args[0], sig.args[0], ty.float64)


@reg.lower(builtins.bool)
def bool_(ctx, b, sig, args):
    return ctx.truth(b, args[0], sig.args[0])


@reg.lower(builtins.complex)
def complex_(ctx, b, sig, args):
    if isinstance(sig.args[0], ty.Float):
        re = args[0]
        im = args[1] if len(args) > 1 else b.const_float(llvm_type(ty.float64), 0.0)
        return _make_complex(b, ty.complex128, re, im)
    if len(args) == 1:
        return args[0]
    t = ty.complex128
    (ar, ai), (br_, bi) = _parts(b, args[0], t), _parts(b, args[1], t)
    return _make_complex(b, t, b.fbin("fsub", ar, bi), b.fbin("fadd", ai, br_))


@reg.lower(builtins.round)
def round_(ctx, b, sig, args):
    t = sig.args[0]
    if isinstance(t, ty.Integer):
        return args[0]
    lt = llvm_type(t)
    if len(args) == 1:
        r = b.intrinsic("llvm.roundeven", [args[0]], lt)
        return ctx.cast(b, r, t, ty.int64)
    # round(x, n): scale by 10**n, round half to even, unscale
    ten = b.const_float(lt, 10.0)
    n = ctx.cast(b, args[1], ty.int64, t)
    scale = b.intrinsic("llvm.pow", [ten, n], lt)
    return b.fbin("fdiv", b.intrinsic("llvm.roundeven", [b.fbin("fmul", args[0], scale)], lt), scale)


@reg.lower(builtins.pow)
def pow_(ctx, b, sig, args):
    return ctx.implementation("**", sig)(ctx, b, sig, args)


@reg.lower(builtins.divmod)
def divmod_(ctx, b, sig, args):
    t = sig.args[0]
    if isinstance(t, ty.Integer):
        q, r = _int_divmod(ctx, b, t, *args, "integer division or modulo by zero")
    else:
        q, r = _flt_divmod(ctx, b, t, *args, "float divmod()")
    tup = b.insert_value(b.undef(llvm_type(sig.return_type)), q, 0)
    return b.insert_value(tup, r, 1)


@reg.lower(builtins.len)
def len_(ctx, b, sig, args):
    t = sig.args[0]
    if isinstance(t, ty.BaseTuple):
        return b.const_int(I64, len(t))
    if isinstance(t, ty.Array):
        return b.extract(args[0], [5, 0], I64)
    if isinstance(t, ty.RangeType):
        start, stop, step = (b.extract(args[0], i, I64) for i in range(3))
        zero, one = b.const_int(I64, 0), b.const_int(I64, 1)
        up = b.icmp(">", step, zero)
        empty = b.select(up, b.icmp(">=", start, stop), b.icmp("<=", start, stop))
        span = b.select(up, b.ibin("sub", stop, start), b.ibin("sub", start, stop))
        mag = b.select(up, step, b.ibin("sub", zero, step))
        n = b.ibin("add", b.ibin("udiv", b.ibin("sub", span, one), mag), one)
        return b.select(empty, zero, n)
    raise NotImplementedError


@reg.lower(builtins.sum)
def sum_(ctx, b, sig, args):
    tt, t = sig.args[0], sig.return_type
    acc = args[1] if len(args) > 1 else ctx.constant(b, t, 0)
    sym = "+"
    add = ctx.implementation(sym, t(t, t))
    for i, e in enumerate(tt.types):
        item = ctx.cast(b, b.extract(args[0], i, llvm_type(e)), e, t)
        acc = add(ctx, b, t(t, t), [acc, item])
    return acc


@reg.lower("complex.conjugate")
def conjugate(ctx, b, sig, args):
    t = sig.args[0]
    if not isinstance(t, ty.Complex):
        return args[0]
    re, im = _parts(b, args[0], t)
    return _make_complex(b, t, re, b.fneg(im))


@reg.lower(prange)
@reg.lower(builtins.range)
def range_(ctx, b, sig, args):
    zero, one = b.const_int(I64, 0), b.const_int(I64, 1)
    if len(args) == 1:
        start, stop, step = zero, args[0], one
    elif len(args) == 2:
        start, stop, step = args[0], args[1], one
    else:
        start, stop, step = args
        ctx.guard(b, b.icmp("==", step, zero), ValueError, ("range() arg 3 must not be zero",))
    r = b.undef(llvm_type(sig.return_type))
    for i, v in enumerate((start, stop, step)):
        r = b.insert_value(r, v, i)
    return r


# ------------------------------------------------------------------ tuples

@reg.lower("getitem", ty.UniTuple, INT)
def tuple_getitem(ctx, b, sig, args):
    """Variable index into a homogeneous tuple: spill to memory and load."""
    tt = sig.args[0]
    lt = llvm_type(tt)
    from xdsl.dialects import llvm as _llvm

    slot = b.alloca(lt)
    b.store(args[0], slot)
    as_array = _llvm.LLVMArrayType(len(tt), llvm_type(tt.dtype))  # same layout as the struct
    idx = args[1]
    n = b.const_int(I64, len(tt))
    idx = b.select(b.icmp("<", idx, b.const_int(I64, 0)), b.ibin("add", idx, n), idx)
    # always checked (Python and Numba raise IndexError here)
    bad = b.ibin("or", b.icmp("<", idx, b.const_int(I64, 0)), b.icmp(">=", idx, n))
    ctx.guard(b, bad, IndexError, ("tuple index out of range",))
    p = b.gep(slot, [0, idx], as_array)
    return b.load(p, llvm_type(tt.dtype))


@reg.lower("+", ty.BaseTuple, ty.BaseTuple)
def tuple_concat(ctx, b, sig, args):
    """``t + u``: a new tuple that owns a reference to each member holding
    memory (the operator's result owns what it holds; its operands are
    released on their own)."""
    ta, tb = sig.args
    out = b.undef(llvm_type(sig.return_type))
    k = 0
    for src, t in ((args[0], ta), (args[1], tb)):
        for i, e in enumerate(t.types):
            out = b.insert_value(out, b.extract(src, i, llvm_type(e)), k)
            k += 1
    ctx.incref(b, sig.return_type, out)
    return out
