"""``np.cov`` and ``np.corrcoef`` of 1-d and 2-d arrays of booleans,
integers, floats or complex numbers, written with the extension API.

As NumPy: each row of a 2-d ``m`` is a variable and each column an
observation (the other way round with ``rowvar=False``, except for a
single row); a 1-d ``m`` is one variable; ``y`` adds its variables after
``m``'s. The result is float64 (complex128 for complex input), the
observations' deviations from their mean multiplied together and scaled by
``1 / (n - ddof)`` (``ddof`` 1, or 0 with ``bias=True``; infinite when
``n - ddof <= 0``, as NumPy). One variable in all (a 1-d ``m`` without
``y``) gives a 0-d array from ``cov`` and a scalar from ``corrcoef``;
otherwise a (k, k) array. (NumPy squeezes a 2-d input of a single variable
to 0-d too: here it stays (1, 1), the shape being fixed by the types.)
``corrcoef`` divides the covariance by the standard deviations on both
sides and clips real and imaginary parts to [-1, 1].
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.views import is_index

__all__ = []

_NUMPY_ERRORS = {"error_model": "numpy"}  # 1 / 0 is inf, 0 / 0 is nan, as NumPy


def _no(t) -> bool:
    if isinstance(t, types.Omitted):
        t = t.value
    return t is None or isinstance(t, types.NoneType)


def _data(t, name, what):
    """Whether ``t`` is a 1-d or 2-d array of numbers or booleans (a
    TypingError naming ``name`` for another array)."""
    if not isinstance(t, types.Array):
        return False
    if not isinstance(t.dtype, (types.Number, types.Boolean)):
        raise TypingError("%s(): %s must be an array of numbers, not %s" % (name, what, t))
    if t.ndim not in (1, 2):
        raise TypingError("%s(): %s must have 1 or 2 dimensions, not %d (NumPy: m has more than 2 "
                          "dimensions)" % (name, what, t.ndim))
    return True


def _rows_for(ndim):
    """A jitable ``rows(m, rowvar, cls)``: ``m`` as a new (variables,
    observations) array of ``cls``."""
    if ndim == 1:
        def rows(m, rowvar, cls):
            x = np.empty((1, m.shape[0]), cls)
            for j in range(m.shape[0]):
                x[0, j] = cls(m[j])
            return x
    else:
        def rows(m, rowvar, cls):
            if rowvar or m.shape[0] == 1:
                x = np.empty((m.shape[0], m.shape[1]), cls)
                for i in range(m.shape[0]):
                    for j in range(m.shape[1]):
                        x[i, j] = cls(m[i, j])
            else:
                x = np.empty((m.shape[1], m.shape[0]), cls)
                for i in range(m.shape[1]):
                    for j in range(m.shape[0]):
                        x[i, j] = cls(m[j, i])
            return x
    return register_jitable(rows)


@register_jitable
def _stacked(x, z, cls):
    """The rows of ``x`` then those of ``z`` (the same number of columns)."""
    if x.shape[1] != z.shape[1]:
        raise ValueError("all the input array dimensions except for the concatenation axis must match exactly")
    out = np.empty((x.shape[0] + z.shape[0], x.shape[1]), cls)
    out[:x.shape[0]] = x
    out[x.shape[0]:] = z
    return out


@register_jitable
def _conj_real(x):
    return x


@register_jitable
def _conj_complex(x):
    return x.conjugate()


def _covariance_for(conj):
    def covariance(x, ddof, cls):
        """The covariance matrix of the rows of ``x`` (reused: centred in place)."""
        k = x.shape[0]
        n = x.shape[1]
        for i in range(k):
            s = cls(0)
            for j in range(n):
                s += x[i, j]
            avg = s / np.float64(n)
            for j in range(n):
                x[i, j] -= avg
        fact = n - ddof
        inv = 1.0 / (np.float64(fact) if fact > 0 else 0.0)
        c = np.empty((k, k), cls)
        for i in range(k):
            for j in range(k):
                s = cls(0)
                for t in range(n):
                    s += x[i, t] * conj(x[j, t])
                c[i, j] = s * inv
        return c
    return register_jitable(error_model="numpy")(covariance)


_COV_REAL = _covariance_for(_conj_real)
_COV_COMPLEX = _covariance_for(_conj_complex)


def _cov_typer(name, m, y, ddof):
    """(``matrix(m, y, rowvar, ddof)`` jitable, whether the result is for a
    single variable) or None when the types are not ``cov``'s."""
    if not _data(m, name, "m"):
        return None
    given_y = not _no(y)
    if given_y and not _data(y, name, "y"):
        raise TypingError("%s(): y must be an array, not %s" % (name, y))
    complex_ = isinstance(m.dtype, types.Complex) or (given_y and isinstance(y.dtype, types.Complex))
    cls = np.complex128 if complex_ else np.float64
    cov = _COV_COMPLEX if complex_ else _COV_REAL
    rows_m = _rows_for(m.ndim)
    if given_y:
        rows_y = _rows_for(y.ndim)

        def matrix(m, y, rowvar, ddof):
            x = rows_m(m, rowvar, cls)
            if x.shape[0] == 0:
                return np.empty((0, 0), cls)
            return cov(_stacked(x, rows_y(y, rowvar, cls), cls), ddof, cls)
    else:
        def matrix(m, y, rowvar, ddof):
            x = rows_m(m, rowvar, cls)
            if x.shape[0] == 0:
                return np.empty((0, 0), cls)
            return cov(x, ddof, cls)
    return register_jitable(matrix), m.ndim == 1 and not given_y


def _ddof_given(ddof, name):
    if _no(ddof):
        return False
    if isinstance(ddof, int) or is_index(ddof):
        return True
    raise TypingError("%s(): ddof must be an integer or None, not %s (NumPy: ddof must be integer)" % (name, ddof))


@overload(np.cov, jit_options=_NUMPY_ERRORS)
def _np_cov(m, y=None, rowvar=True, bias=False, ddof=None):
    """``np.cov(m, y=None, rowvar=True, bias=False, ddof=None)``."""
    typed = _cov_typer("np.cov", m, y, ddof)
    if typed is None:
        return None
    matrix, single = typed
    with_ddof = _ddof_given(ddof, "np.cov")

    def covariance(m, y, rowvar, bias, ddof):
        d = (0 if bias else 1) if not with_ddof else ddof
        return matrix(m, y, rowvar, d)
    covariance = register_jitable(covariance)
    if single:
        def impl(m, y=None, rowvar=True, bias=False, ddof=None):
            return covariance(m, y, rowvar, bias, ddof).reshape(())
        return impl

    def impl(m, y=None, rowvar=True, bias=False, ddof=None):
        return covariance(m, y, rowvar, bias, ddof)
    return impl


@register_jitable
def _clipped(r):
    if r > 1.0:
        return 1.0
    if r < -1.0:
        return -1.0
    return r


@register_jitable
def _clip_real(z):
    return _clipped(z)


@register_jitable
def _clip_complex(z):
    return complex(_clipped(z.real), _clipped(z.imag))


@overload(np.corrcoef, jit_options=_NUMPY_ERRORS)
def _np_corrcoef(x, y=None, rowvar=True):
    """``np.corrcoef(x, y=None, rowvar=True)``: the correlation coefficients."""
    typed = _cov_typer("np.corrcoef", x, y, None)
    if typed is None:
        return None
    matrix, single = typed
    if single:
        def impl(x, y=None, rowvar=True):
            c = matrix(x, y, rowvar, 1)[0, 0]
            return c / c
        return impl
    clip = _clip_complex if isinstance(x.dtype, types.Complex) or (
        not _no(y) and isinstance(y.dtype, types.Complex)) else _clip_real

    def impl(x, y=None, rowvar=True):
        c = matrix(x, y, rowvar, 1)
        k = c.shape[0]
        sd = np.empty(k, np.float64)
        for i in range(k):
            sd[i] = np.sqrt(c[i, i].real)
        for i in range(k):
            for j in range(k):
                c[i, j] = clip(c[i, j] / sd[i] / sd[j])
        return c
    return impl
