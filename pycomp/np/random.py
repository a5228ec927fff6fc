"""``np.random`` in compiled code, through the extension API: ``seed``,
``random`` / ``random_sample`` / ``rand``, ``randint``, ``standard_normal``
/ ``randn`` / ``normal``, ``uniform``, ``exponential``, ``shuffle``,
``permutation`` and ``choice``; the other distributions are in
:mod:`pycomp.np.random_dists`, imported at the end.

As in Numba, compiled code has its own generator, one per thread, separate
from NumPy's global ``RandomState``: a Mersenne Twister in C
(``csrc/random.c``, part of ``pycomp._helperlib``) seeded from
``/dev/urandom`` at its first use. After ``np.random.seed(s)`` in compiled
code, the values drawn equal those NumPy's legacy ``RandomState`` draws
after ``np.random.seed(s)`` for the same calls: the C functions are NumPy's
legacy algorithms (53-bit doubles, the polar method for normals with its
cached second value, masked rejection sampling for integers).
"""

from __future__ import annotations

import ctypes
import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import intrinsic, overload, register_jitable

__all__ = []

_SYMBOLS = ("pycomp_random_seed", "pycomp_random_double", "pycomp_random_gauss",
            "pycomp_random_bounded", "pycomp_random_buffer_reset", "pycomp_random_bounded_small",
            "pycomp_random_fill_double", "pycomp_random_fill_gauss", "pycomp_random_fill_bounded")
_bound = False


def bind_symbols(names) -> None:
    """Make the C functions ``names`` of the ``pycomp._helperlib`` library
    known to llvmlite (their addresses looked up in the loaded library)."""
    import llvmlite.binding as llb

    from pycomp import _helperlib

    lib = ctypes.CDLL(_helperlib.__file__)  # already loaded: the same handle
    for name in names:
        llb.add_symbol(name, ctypes.cast(getattr(lib, name), ctypes.c_void_p).value)


def _bind() -> None:
    """Make the C generator's functions known to llvmlite (once)."""
    global _bound
    if not _bound:
        bind_symbols(_SYMBOLS)
        _bound = True


# ------------------------------------------------------------------ the C calls


def seed_call(name, bind):
    """An intrinsic ``seed(s)`` calling C function ``name(uint32 s)`` (the
    caller checks or reduces ``s``); ``bind()`` makes the symbol known."""

    def typer(typingctx, s):
        if not isinstance(s, types.Integer):
            return None

        def codegen(context, builder, sig, args):
            from pycomp.targets.datamodel import I32

            bind()
            v = context.cast(builder, args[0], sig.args[0], types.int64)
            context.declare(name, None, [I32])
            builder.call(name, [builder.cast("trunc", v, I32)])
            return builder.i64(0)

        return types.int64(s), codegen

    typer.__name__ = "_" + name
    return intrinsic(typer)


def double_call(name, bind, nargs=0):
    """An intrinsic of ``nargs`` (0, 1 or 2) float64 arguments returning C
    function ``name``'s double."""

    def make(typingctx, *args):
        if not all(isinstance(a, (types.Float, types.Integer)) for a in args):
            return None

        def codegen(context, builder, sig, vals):
            from pycomp.targets.datamodel import F64

            bind()
            context.declare(name, F64, [F64] * nargs)
            return builder.call(name, [context.cast(builder, v, t, types.float64)
                                       for v, t in zip(vals, sig.args)], F64)

        return types.float64(*args), codegen

    typer = {0: lambda typingctx: make(typingctx),
             1: lambda typingctx, a: make(typingctx, a),
             2: lambda typingctx, a, b: make(typingctx, a, b)}[nargs]
    typer.__name__ = "_" + name
    return intrinsic(typer)


_seed = seed_call("pycomp_random_seed", _bind)  # this thread's generator (0 <= s < 2**32, checked by the caller)
_double = double_call("pycomp_random_double", _bind)
_gauss = double_call("pycomp_random_gauss", _bind)


@intrinsic
def _bounded(typingctx, rng):
    """A uint64 in ``[0, rng]`` (``rng`` a uint64) by NumPy's legacy masked
    rejection sampling."""
    if not isinstance(rng, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        from pycomp.targets.datamodel import I64

        _bind()
        v = context.cast(builder, args[0], sig.args[0], types.uint64)
        context.declare("pycomp_random_bounded", I64, [I64])
        return builder.call("pycomp_random_bounded", [v], I64)

    return types.uint64(rng), codegen


@intrinsic
def _buffer_reset(typingctx):
    """Empty the buffer of 32-bit words that legacy randint's 1-, 8- and
    16-bit draws share (done at the start of each randint call)."""

    def codegen(context, builder, sig, args):
        _bind()
        context.declare("pycomp_random_buffer_reset", None, [])
        builder.call("pycomp_random_buffer_reset", [])
        return builder.i64(0)

    return types.int64(), codegen


@intrinsic
def _bounded_small(typingctx, rng, bits):
    """A uint64 in ``[0, rng]`` by legacy randint's draws for a dtype of
    ``bits`` bits (1 for bool, 8, 16 or 32)."""
    if not isinstance(rng, types.Integer) or not isinstance(bits, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        from pycomp.targets.datamodel import I64

        _bind()
        v = context.cast(builder, args[0], sig.args[0], types.uint64)
        b = context.cast(builder, args[1], sig.args[1], types.int64)
        context.declare("pycomp_random_bounded_small", I64, [I64, I64])
        return builder.call("pycomp_random_bounded_small", [v, b], I64)

    return types.uint64(rng, bits), codegen


def _fill_call(name, params):
    """An intrinsic ``fill(flat, *params)`` calling C function ``name(data,
    n, *params)`` on a contiguous 1-d array ``flat`` (float64 or int64);
    ``params`` are the LLVM kinds of the extra arguments ("f64", "i64",
    "u64")."""

    def typer(typingctx, flat, *extra):
        if not isinstance(flat, types.Array) or flat.ndim != 1 or flat.layout != "C" or len(extra) != len(params):
            return None
        kinds = {"f64": types.float64, "i64": types.int64, "u64": types.uint64}

        def codegen(context, builder, sig, args):
            from pycomp.targets.datamodel import F64, I64, PTR

            _bind()
            lts = {"f64": F64, "i64": I64, "u64": I64}
            context.declare(name, None, [PTR, I64] + [lts[k] for k in params])
            vals = [context.cast(builder, v, t, kinds[k]) for v, t, k in zip(args[1:], sig.args[1:], params)]
            builder.call(name, [builder.extract(args[0], 4, PTR), builder.extract(args[0], 2, I64)] + vals)
            return builder.i64(0)

        return types.int64(flat, *extra), codegen

    typer.__name__ = "_" + name
    return intrinsic(typer)


_fill_double_c = _fill_call("pycomp_random_fill_double", ())
_fill_gauss_c = _fill_call("pycomp_random_fill_gauss", ("f64", "f64"))
_fill_bounded_c = _fill_call("pycomp_random_fill_bounded", ("i64", "u64"))


# ------------------------------------------------------------------ helpers


def _given(t) -> bool:
    """Whether an optional argument was passed (not left out, not None)."""
    return t is not None and not isinstance(t, types.NoneType) and not isinstance(t, types.Omitted)


def _check_size(size, what: str, owner: str = "np.random") -> None:
    """TypingError unless ``size`` is None, an integer or a tuple of one
    integer type (not booleans; Numba's rule), ``owner.what()`` and Numba's
    wording in the message."""
    if not _given(size):
        return
    if isinstance(size, types.Integer) and not isinstance(size, types.Boolean):
        return
    if (isinstance(size, types.BaseTuple) and len({getattr(t, 'literal_type', None) or t for t in size.types}) <= 1
            and all(isinstance(t, types.Integer) and not isinstance(t, types.Boolean) for t in size.types)):
        return
    raise TypingError("%s.%s(): size should be int or tuple of ints or None, got %s" % (owner, what, size))


def _real(t) -> bool:
    """Whether ``t`` (a type, or a default value) is a real number."""
    if isinstance(t, (int, float)):  # a default left in place
        return True
    return isinstance(t, (types.Integer, types.Float)) or isinstance(t, types.Boolean)


def _check_params(what: str, **params) -> None:
    """TypingError unless every given parameter is a real number (array
    parameters, which NumPy broadcasts, are not supported)."""
    for name, t in params.items():
        if _given(t) and not _real(t):
            raise TypingError("np.random.%s(): %s must be a real number, not %s" % (what, name, t))


@register_jitable
def _fill_doubles(size):
    """A float64 array of shape ``size`` of :func:`_double` draws."""
    out = np.empty(size, np.float64)
    _fill_double_c(out.reshape(out.size))  # one C loop: the thread's state fetched once
    return out


@register_jitable
def _fill_gauss(size, loc, scale):
    """A float64 array of shape ``size`` of ``loc + scale * gauss``."""
    out = np.empty(size, np.float64)
    _fill_gauss_c(out.reshape(out.size), loc, scale)
    return out


# ------------------------------------------------------------------ seed


@overload(np.random.seed)
def ov_seed(seed=None):
    """``np.random.seed(s)``: seed compiled code's generator of this
    thread (an integer in [0, 2**32))."""
    if not isinstance(seed, types.Integer):
        raise TypingError("np.random.seed(): the seed must be an integer, not %s" % (seed,))

    def impl(seed=None):
        if seed < 0 or seed > 4294967295:
            raise ValueError("Seed must be between 0 and 2**32 - 1")
        _seed(seed)

    return impl


# ------------------------------------------------------------------ uniform [0, 1)


def _random_typer(what):
    def typer(size=None):
        _check_size(size, what)
        if not _given(size):
            return lambda size=None: _double()
        return lambda size=None: _fill_doubles(size)

    typer.__name__ = "ov_" + what
    typer.__doc__ = "``np.random.%s(size=None)``: float64 values in [0, 1)." % what
    return typer


overload(np.random.random)(_random_typer("random"))
overload(np.random.random_sample)(_random_typer("random_sample"))
overload(np.random.ranf)(_random_typer("ranf"))  # NumPy's legacy aliases
overload(np.random.sample)(_random_typer("sample"))


@overload(np.random.rand)
def ov_rand(*args):
    """``np.random.rand(d0, d1, ...)``: float64 values in [0, 1) of that
    shape (a float with no arguments)."""
    if not all(isinstance(t, types.Integer) for t in args):
        raise TypingError("np.random.rand(): dimensions must be integers")
    if not args:
        return lambda *args: _double()
    return lambda *args: _fill_doubles(args)


# ------------------------------------------------------------------ normal


@overload(np.random.standard_normal)
def ov_standard_normal(size=None):
    """``np.random.standard_normal(size=None)``: standard normal float64
    values (NumPy's legacy polar method)."""
    _check_size(size, "standard_normal")
    if not _given(size):
        return lambda size=None: _gauss()
    return lambda size=None: _fill_gauss(size, 0.0, 1.0)


@overload(np.random.randn)
def ov_randn(*args):
    """``np.random.randn(d0, d1, ...)``: standard normal float64 values of
    that shape (a float with no arguments)."""
    if not all(isinstance(t, types.Integer) for t in args):
        raise TypingError("np.random.randn(): dimensions must be integers")
    if not args:
        return lambda *args: _gauss()
    return lambda *args: _fill_gauss(args, 0.0, 1.0)


@overload(np.random.normal)
def ov_normal(loc=0.0, scale=1.0, size=None):
    """``np.random.normal(loc=0.0, scale=1.0, size=None)``: normal float64
    values; ValueError for a negative scale."""
    _check_params("normal", loc=loc, scale=scale)
    _check_size(size, "normal")
    if not _given(size):
        def impl(loc=0.0, scale=1.0, size=None):
            if scale < 0:
                raise ValueError("scale < 0")
            return loc + scale * _gauss()
    else:
        def impl(loc=0.0, scale=1.0, size=None):
            if scale < 0:
                raise ValueError("scale < 0")
            return _fill_gauss(size, float(loc), float(scale))
    return impl


# ------------------------------------------------------------------ uniform, exponential


@overload(np.random.uniform)
def ov_uniform(low=0.0, high=1.0, size=None):
    """``np.random.uniform(low=0.0, high=1.0, size=None)``: float64 values
    ``low + (high - low) * random()``; OverflowError when the range is not
    finite, as NumPy."""
    _check_params("uniform", low=low, high=high)
    _check_size(size, "uniform")
    if not _given(size):
        def impl(low=0.0, high=1.0, size=None):
            lo = float(low)
            rng = float(high) - lo
            if not math.isfinite(rng):
                raise OverflowError("Range exceeds valid bounds")
            return lo + rng * _double()
    else:
        def impl(low=0.0, high=1.0, size=None):
            lo = float(low)
            rng = float(high) - lo
            if not math.isfinite(rng):
                raise OverflowError("Range exceeds valid bounds")
            out = np.empty(size, np.float64)
            flat = out.reshape(out.size)
            for i in range(flat.size):
                flat[i] = lo + rng * _double()
            return out
    return impl


@register_jitable
def _standard_exponential():
    """One standard exponential value (NumPy's legacy ``-log(1 - U)``)."""
    return -math.log(1.0 - _double())


@overload(np.random.exponential)
def ov_exponential(scale=1.0, size=None):
    """``np.random.exponential(scale=1.0, size=None)``: exponential float64
    values; ValueError for a negative scale."""
    _check_params("exponential", scale=scale)
    _check_size(size, "exponential")
    if not _given(size):
        def impl(scale=1.0, size=None):
            if scale < 0:
                raise ValueError("scale < 0")
            return scale * _standard_exponential()
    else:
        def impl(scale=1.0, size=None):
            if scale < 0:
                raise ValueError("scale < 0")
            sc = float(scale)
            out = np.empty(size, np.float64)
            flat = out.reshape(out.size)
            for i in range(flat.size):
                flat[i] = sc * _standard_exponential()
            return out
    return impl


# ------------------------------------------------------------------ randint


@register_jitable
def _randint_one(low, rng):
    """``low`` plus a value in [0, rng] (int64 arithmetic that wraps)."""
    return np.int64(np.uint64(low) + _bounded(rng))


@register_jitable
def _empty_int64(shape, dtype):
    """An empty int64 array (randint without a dtype)."""
    return np.empty(shape, np.int64)


@register_jitable
def _empty_of_dtype(shape, dtype):
    """An empty array of ``dtype`` (randint's dtype argument)."""
    return np.empty(shape, dtype)


@register_jitable
def _randint_small_fill(flat, lo, rng, bits):
    """Fill ``flat`` with ``lo`` plus legacy buffered draws in [0, rng]."""
    _buffer_reset()
    for i in range(flat.size):
        flat[i] = np.int64(np.uint64(lo) + _bounded_small(rng, bits))


@overload(np.random.randint)
def ov_randint(low, high=None, size=None, dtype=None):
    """``np.random.randint(low, high=None, size=None, dtype=int)``: values in
    ``[low, high)`` (``[0, low)`` without ``high``) of that integer (or
    bool) dtype, int64 by default, with NumPy's legacy draws for each width
    (8- and 16-bit values and bools share 32-bit words); ValueError when
    the range is empty or out of the dtype's bounds."""
    from pycomp.frontend.typing.arraycreation import dtype_from_type

    _check_size(size, "randint")
    for name, t in (("low", low), ("high", high)):
        if _given(t) and not isinstance(t, types.Integer):
            raise TypingError("np.random.randint(): %s must be an integer, not %s" % (name, t))
    dt = dtype_from_type(dtype, "np.random.randint") if _given(dtype) else types.int64
    if isinstance(dt, types.Boolean):
        bits, dmin, dmax, dname = 1, 0, 1, "bool"
    elif isinstance(dt, types.Integer):
        info = np.iinfo(str(dt))
        bits, dmin, dmax, dname = info.bits, int(info.min), int(info.max), str(dt)
        if bits == 64:
            dmax = 2**63 - 1  # the bounds are int64 values: uint64 above is not supported
    else:
        raise TypingError("np.random.randint(): dtype must be an integer or bool dtype, not %s"
                          % (dt,))
    has_high = _given(high)
    sized = _given(size)
    low_msg = "low is out of bounds for %s" % dname
    high_msg = "high is out of bounds for %s" % dname
    check_bounds = bits < 64 or dname == "uint64"
    alloc = _empty_of_dtype if _given(dtype) else _empty_int64

    def impl(low, high=None, size=None, dtype=None):
        if has_high:
            lo = np.int64(low)
            hi = np.int64(high)
        else:
            lo = np.int64(0)
            hi = np.int64(low)
        if check_bounds:
            if lo < dmin:
                raise ValueError(low_msg)
            if hi - 1 > dmax:
                raise ValueError(high_msg)
        if lo >= hi:
            if lo == 0:
                raise ValueError("high <= 0")
            raise ValueError("low >= high")
        rng = np.uint64(hi - np.int64(1)) - np.uint64(lo)
        if bits == 64:
            if not sized:
                out1 = alloc(1, dtype)
                out1[0] = _randint_one(lo, rng)
                return out1[0]
            out = alloc(size, dtype)
            _fill_bounded_c(out.reshape(out.size), lo, rng)
            return out
        if not sized:
            out1 = alloc(1, dtype)
            _randint_small_fill(out1, lo, rng, bits)
            return out1[0]
        out = alloc(size, dtype)
        _randint_small_fill(out.reshape(out.size), lo, rng, bits)
        return out

    return impl


# ------------------------------------------------------------------ shuffle, permutation, choice


@register_jitable
def _shuffle_1d(a):
    """Shuffle 1-d ``a`` in place (NumPy's legacy Fisher-Yates order)."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = np.int64(_bounded(i))
        t = a[j]
        a[j] = a[i]
        a[i] = t


@register_jitable
def _shuffle_rows(a):
    """Shuffle the rows (first axis) of ``a`` in place, as NumPy's legacy
    ``shuffle`` does for arrays of more than one dimension."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = np.int64(_bounded(i))
        if i != j:
            t = a[j].copy()
            a[j] = a[i]
            a[i] = t


@overload(np.random.shuffle)
def ov_shuffle(x):
    """``np.random.shuffle(x)``: shuffle array ``x`` in place along its
    first axis."""
    if not isinstance(x, types.Array) or x.ndim < 1:
        raise TypingError("np.random.shuffle(): x must be an array of at least 1 dimension, not %s"
                          % (x,))
    if x.readonly:
        raise TypingError("np.random.shuffle(): x is read-only")
    if x.ndim == 1:
        return lambda x: _shuffle_1d(x)
    return lambda x: _shuffle_rows(x)


@overload(np.random.permutation)
def ov_permutation(x):
    """``np.random.permutation(x)``: a shuffled ``np.arange(x)`` for an
    integer, a shuffled copy (along the first axis) for an array."""
    if isinstance(x, types.Integer):
        def impl(x):
            out = np.arange(x)
            _shuffle_1d(out)
            return out
        return impl
    if not isinstance(x, types.Array) or x.ndim < 1:
        raise TypingError("np.random.permutation(): x must be an integer or an array of at "
                          "least 1 dimension, not %s" % (x,))
    if x.ndim == 1:
        def impl(x):
            out = x.copy()
            _shuffle_1d(out)
            return out
        return impl

    def impl(x):
        idx = np.arange(x.shape[0])
        _shuffle_1d(idx)
        out = np.empty_like(x)
        for k in range(idx.shape[0]):
            out[k] = x[idx[k]]
        return out

    return impl


@register_jitable
def _choice_indices(pop_size, count, replace):
    """``count`` indices into a population of ``pop_size``: NumPy's legacy
    ``randint(0, pop_size)`` draws with replacement, the head of a
    permutation without."""
    if replace:
        if count > 0 and pop_size <= 0:
            raise ValueError("a must be greater than 0 unless no samples are taken")
        out = np.empty(count, np.int64)
        rng = np.uint64(pop_size - 1)
        for i in range(count):
            out[i] = np.int64(_bounded(rng))
        return out
    if count > pop_size:
        raise ValueError("Cannot take a larger sample than population when 'replace=False'")
    if count < 0:
        raise ValueError("negative dimensions are not allowed")
    perm = np.arange(pop_size)
    _shuffle_1d(perm)
    return perm[:count].copy()


def _choice_p_typer(a, size, replace, p):
    """``choice`` with probabilities ``p`` (a 1-d array of real numbers):
    the implementation, NumPy's legacy draws (see
    :func:`pycomp.np.random_dists.choice_p_indices`)."""
    from pycomp.np.random_dists import choice_p_indices

    if not (isinstance(p, types.Array) and p.ndim == 1
            and isinstance(p.dtype, (types.Integer, types.Float, types.Boolean))):
        raise TypingError("np.random.choice(): p must be a 1-d array of real numbers, not %s" % (p,))
    atol = math.sqrt(np.finfo(np.float64).eps)
    if isinstance(p.dtype, types.Float):
        atol = max(atol, math.sqrt(float(np.finfo(str(p.dtype)).eps)))
    is_int = isinstance(a, types.Integer)
    sized = _given(size)
    if is_int:
        empty_msg = "a must be greater than 0 unless no samples are taken"
    else:
        empty_msg = "'a' cannot be empty unless no samples are taken"

    if not sized:
        if is_int:
            def impl(a, size=None, replace=True, p=None):
                if a <= 0:
                    raise ValueError(empty_msg)
                return choice_p_indices(p, np.int64(a), 1, replace, atol)[0]
            return impl

        def impl_arr(a, size=None, replace=True, p=None):
            if a.shape[0] == 0:
                raise ValueError(empty_msg)
            return a[choice_p_indices(p, np.int64(a.shape[0]), 1, replace, atol)[0]]
        return impl_arr
    if is_int:
        def impl(a, size=None, replace=True, p=None):
            out = np.empty(size, np.int64)
            count = out.size
            if a <= 0 and count > 0:
                raise ValueError(empty_msg)
            idx = choice_p_indices(p, np.int64(a), count, replace, atol)
            flat = out.reshape(count)
            for i in range(count):
                flat[i] = idx[i]
            return out
        return impl

    def impl(a, size=None, replace=True, p=None):
        out = np.empty(size, a.dtype)
        count = out.size
        if a.shape[0] == 0 and count > 0:
            raise ValueError(empty_msg)
        idx = choice_p_indices(p, np.int64(a.shape[0]), count, replace, atol)
        flat = out.reshape(count)
        for i in range(count):
            flat[i] = a[idx[i]]
        return out

    return impl


@overload(np.random.choice)
def ov_choice(a, size=None, replace=True, p=None):
    """``np.random.choice(a, size=None, replace=True, p=None)``: values
    drawn from 1-d array ``a`` (or from ``np.arange(a)`` for an integer),
    with probabilities ``p`` when given, NumPy's legacy streams."""
    _check_size(size, "choice")
    if not (isinstance(replace, (bool, types.Boolean))):
        raise TypingError("np.random.choice(): replace must be a bool, not %s" % (replace,))
    is_int = isinstance(a, types.Integer)
    if not is_int and not (isinstance(a, types.Array) and a.ndim == 1):
        raise TypingError("np.random.choice(): a must be an integer or a 1-d array, not %s" % (a,))
    if _given(p):
        return _choice_p_typer(a, size, replace, p)
    sized = _given(size)
    if is_int:
        empty_msg = "a must be greater than 0 unless no samples are taken"
    else:
        empty_msg = "'a' cannot be empty unless no samples are taken"

    if not sized:
        if is_int:
            def impl(a, size=None, replace=True, p=None):
                if a <= 0:
                    raise ValueError(empty_msg)
                return _choice_indices(np.int64(a), 1, replace)[0]
        else:
            def impl(a, size=None, replace=True, p=None):
                if a.shape[0] == 0:
                    raise ValueError(empty_msg)
                return a[_choice_indices(np.int64(a.shape[0]), 1, replace)[0]]
        return impl
    if is_int:
        def impl(a, size=None, replace=True, p=None):
            out = np.empty(size, np.int64)
            count = out.size
            if a <= 0 and count > 0:
                raise ValueError(empty_msg)
            idx = _choice_indices(np.int64(a), count, replace)
            flat = out.reshape(count)
            for i in range(count):
                flat[i] = idx[i]
            return out
        return impl

    def impl(a, size=None, replace=True, p=None):
        out = np.empty(size, a.dtype)
        count = out.size
        if a.shape[0] == 0 and count > 0:
            raise ValueError(empty_msg)
        idx = _choice_indices(np.int64(a.shape[0]), count, replace)
        flat = out.reshape(count)
        for i in range(count):
            flat[i] = a[idx[i]]
        return out

    return impl


from pycomp.np import random_dists  # noqa: F401,E402  (more distributions: gamma, poisson, ...)
