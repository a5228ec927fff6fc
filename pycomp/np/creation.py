"""NumPy's array creation functions that compute their values, written in
Python through the extension API (:func:`pycomp.extending.overload`):
``np.arange``, ``np.linspace``, ``np.eye`` and ``np.identity``.

Each typer picks the result dtype at compile time (NumPy's rules, Numba's
where they differ: ``np.linspace`` gives float64 or complex128 unless a
dtype is asked for) and returns an implementation that closes over the
NumPy scalar class of that dtype, so ``np.empty(n, dt)`` and ``dt(x)``
inside it are typed for it. The functions that copy or convert a value
(``np.array``, ``np.copy``, the ``*_like`` functions, ...) are typing
templates and lowering (``frontend/typing/arraycreation.py``,
``targets/cpu/impl_creation.py``).
"""

from __future__ import annotations

import math

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable

__all__ = []


def _given(t) -> bool:
    """Whether an optional argument was passed (not left out, not None)."""
    return t is not None and not isinstance(t, types.NoneType)


def _number(t) -> bool:
    return isinstance(t, types.Number) and not isinstance(t, types.Boolean)


def _scalar_class(dtype: types.Type):
    """The NumPy scalar class of element type ``dtype`` (``np.float32``)."""
    return np.dtype(str(dtype)).type


def _jit(fn):
    """``fn`` compiled for compiled callers (a closure variable of an
    implementation is frozen: its dispatcher is called)."""
    from pycomp.decorators import njit

    return njit(fn)


def _dtype_of(t, what: str) -> types.Type:
    from pycomp.frontend.typing.arraycreation import dtype_from_type

    return dtype_from_type(t, what)


def _check_real(bounds, dtype, what: str) -> None:
    if not isinstance(dtype, types.Complex) and any(isinstance(b, types.Complex) for b in bounds):
        raise TypingError("%s(): complex bounds need a complex dtype, not %s" % (what, dtype))


# ------------------------------------------------------------------ np.arange


def _arange_dtype(bounds) -> types.Type:
    """NumPy's dtype of ``np.arange`` over numbers of types ``bounds``:
    complex128 with a complex, float64 with a float (or a uint64 among
    integers, as NumPy), int64 otherwise."""
    if any(isinstance(b, types.Complex) for b in bounds):
        return types.complex128
    if any(isinstance(b, types.Float) for b in bounds):
        return types.float64
    if any(b is types.uint64 for b in bounds):
        return types.float64
    return types.int64


@register_jitable
def _arange_length_int(start, stop, step):
    """The length of an integer arange (exact)."""
    if step == 0:
        raise ZeroDivisionError("division by zero")
    n = -((start - stop) // step)  # ceil((stop - start) / step)
    return n if n > 0 else 0


@register_jitable
def _ceil_length(q, delta):
    """NumPy's length of an arange whose (stop - start) / step is ``q``."""
    if q != q:
        raise ValueError("arange: cannot compute length")
    if q == 0.0 and delta != 0.0:  # the quotient underflowed: one item if it is +0
        return 1 if math.copysign(1.0, q) > 0 else 0
    if q <= 0.0:
        return 0
    if q >= 9.2e18:
        raise ValueError("Maximum allowed size exceeded")
    return int(math.ceil(q))


@register_jitable
def _arange_length_float(start, stop, step):
    """The length of a float arange, as NumPy computes it."""
    if step == 0:
        raise ZeroDivisionError("float division by zero")
    delta = stop - start
    return _ceil_length(delta / step, delta)


@register_jitable
def _arange_length_complex(start, stop, step):
    """The length of a complex arange: the shorter of the real and imaginary parts'."""
    if step == 0:
        raise ZeroDivisionError("complex division by zero")
    delta = stop - start
    q = delta / step
    n = _ceil_length(q.real, delta.real)
    m = _ceil_length(q.imag, delta.imag)
    return n if n < m else m


def _arange_impl(dt, length):
    """``np.arange`` of ``dt`` values as NumPy fills it: the first two items
    are start and start + step converted to ``dt``, then item ``i`` is
    ``first + i * (second - first)`` computed in ``dt``."""

    def fill(start, stop, step):
        n = length(start, stop, step)
        out = np.empty(n, dt)
        if n > 0:
            out[0] = dt(start)
        if n > 1:
            out[1] = dt(start + step)
            first = out[0]
            delta = out[1] - first
            for i in range(2, n):
                out[i] = first + dt(i) * delta
        return out

    return fill


@overload(np.arange)
def _np_arange(start, stop=None, step=None, dtype=None):
    """``np.arange([start,] stop[, step], dtype=None)`` over numbers."""
    bounds = [t for t in (start, stop, step) if _given(t)]
    if not all(_number(b) for b in bounds):
        return None
    if _given(dtype):
        res = _dtype_of(dtype, "np.arange")
        if isinstance(res, types.Boolean):
            raise TypingError("np.arange(): a boolean dtype is not supported (NumPy fills at most 2 items)")
        _check_real(bounds, res, "np.arange")
    else:
        res = _arange_dtype(bounds)
    if any(isinstance(b, types.Complex) for b in bounds):
        length = _arange_length_complex
    elif all(isinstance(b, types.Integer) for b in bounds) and not any(b is types.uint64 for b in bounds):
        length = _arange_length_int
    else:
        length = _arange_length_float
    fill = _jit(_arange_impl(_scalar_class(res), length))
    if not _given(stop):
        if _given(step):
            def impl(start, stop=None, step=None, dtype=None):
                return fill(0, start, step)
        else:
            def impl(start, stop=None, step=None, dtype=None):
                return fill(0, start, 1)
    elif _given(step):
        def impl(start, stop=None, step=None, dtype=None):
            return fill(start, stop, step)
    else:
        def impl(start, stop=None, step=None, dtype=None):
            return fill(start, stop, 1)
    return impl


# ------------------------------------------------------------------ np.linspace


@overload(np.linspace)
def _np_linspace(start, stop, num=50, endpoint=True, dtype=None):
    """``np.linspace(start, stop, num=50, endpoint=True, dtype=None)``: NumPy's
    algorithm (``i * step + start``, the last item ``stop`` exactly)."""
    if not (_number(start) and _number(stop)):
        return None
    if isinstance(num, types.Type) and not (isinstance(num, types.Integer) and not isinstance(num, types.Boolean)):
        raise TypingError("np.linspace(): num must be an integer, not %s" % num)
    if isinstance(endpoint, types.Type) and not isinstance(endpoint, types.Boolean):
        raise TypingError("np.linspace(): endpoint must be a boolean, not %s" % endpoint)
    is_complex = isinstance(start, types.Complex) or isinstance(stop, types.Complex)
    work = types.complex128 if is_complex else types.float64
    res = _dtype_of(dtype, "np.linspace") if _given(dtype) else work
    _check_real([start, stop], res, "np.linspace")
    wt, dt = _scalar_class(work), _scalar_class(res)
    if isinstance(res, types.Integer) and not isinstance(res, types.Boolean):
        convert = _jit(lambda v: dt(math.floor(v)))  # NumPy floors before an integer cast
    else:
        convert = _jit(lambda v: dt(v))

    def impl(start, stop, num=50, endpoint=True, dtype=None):
        if num < 0:
            raise ValueError("Number of samples must be non-negative.")
        out = np.empty(num, dt)
        div = num - 1 if endpoint else num
        lo, hi = wt(start), wt(stop)
        delta = hi - lo
        step = delta / div if div > 0 else delta
        for i in range(num):
            if div > 0 and step == 0:
                v = (wt(i) / div) * delta + lo
            else:
                v = wt(i) * step + lo
            if endpoint and num > 1 and i == num - 1:
                v = hi
            out[i] = convert(v)
        return out

    return impl


# ------------------------------------------------------------------ np.eye, np.identity


@register_jitable
def _set_diagonal(out, k):
    """Set diagonal ``k`` of the 2-d array ``out`` to 1; returns ``out``."""
    n, m = out.shape
    if k >= 0:
        for i in range(min(n, m - k)):
            out[i, i + k] = 1
    else:
        for i in range(min(n + k, m)):
            out[i - k, i] = 1
    return out


def _integer(t) -> bool:
    return isinstance(t, types.Integer) and not isinstance(t, types.Boolean)


@overload(np.eye)
def _np_eye(N, M=None, k=0, dtype=None):
    """``np.eye(N, M=None, k=0, dtype=float)``; ``dtype`` may also be a
    NumPy scalar value (``np.complex64(1)``): its type names the dtype."""
    if not _integer(N) or (_given(M) and not _integer(M)) or (isinstance(k, types.Type) and not _integer(k)):
        return None
    if _number(dtype):  # a NumPy scalar's value names its class's dtype (as Numba; NumPy reads its .dtype)
        dt = _scalar_class(dtype)
    else:
        dt = _scalar_class(_dtype_of(dtype, "np.eye") if _given(dtype) else types.float64)
    if _given(M):
        def impl(N, M=None, k=0, dtype=None):
            return _set_diagonal(np.zeros((N, M), dt), k)
    else:
        def impl(N, M=None, k=0, dtype=None):
            return _set_diagonal(np.zeros((N, N), dt), k)
    return impl


@overload(np.identity)
def _np_identity(n, dtype=None):
    """``np.identity(n, dtype=float)``."""
    if not _integer(n):
        return None
    dt = _scalar_class(_dtype_of(dtype, "np.identity") if _given(dtype) else types.float64)

    def impl(n, dtype=None):
        return _set_diagonal(np.zeros((n, n), dt), 0)

    return impl
