"""``np.linalg`` through LAPACK, without scipy: ``solve``, ``inv``, ``det``,
``slogdet``, ``cholesky``, ``eigh``, ``eigvalsh``, and (no LAPACK needed)
``norm`` and ``matrix_power``, written through the extension API.

The LAPACK routines are those of the OpenBLAS NumPy's wheel carries
(:mod:`pycomp.targets.cpu.lapack`), called through intrinsics made by
:func:`_lapack` (every Fortran argument a pointer, integers of the
library's width). LAPACK overwrites its inputs, so every input is first
copied, converted to the result's dtype, into a fresh C-contiguous array
``t`` holding its transpose: ``t`` is the matrix itself in LAPACK's
column-major terms (``a[i, j] == t[j, i]``). Inputs of any layout are
accepted and never modified. Integer and boolean inputs give float64, as in
NumPy. Only 2-d matrices are supported (not stacks of them).
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import intrinsic, overload, register_jitable
from pycomp.np.reductions import scalar_class

__all__ = []

_LinAlgError = np.linalg.LinAlgError
_SQUARE_MSG = "Last 2 dimensions of the array must be square"


# ------------------------------------------------------------------ the LAPACK calls


def _lapack(base: str, spec: str):
    """An intrinsic calling LAPACK ``?<base>`` (the type letter from the
    dtype of its first array argument). ``spec`` describes the Fortran
    arguments before ``info``: ``i`` an int64 argument, ``a`` an array
    argument (its data pointer is passed), an upper-case letter a fixed
    character argument (not an argument of the intrinsic). The intrinsic
    returns LAPACK's ``info`` as an int64."""
    slots = [s for s in spec if s in "ia"]

    def typer(typingctx, *args):
        from pycomp.targets.cpu import blas, lapack

        if len(args) != len(slots):
            return None
        arrays = [t for t, s in zip(args, slots) if s == "a"]
        if not all(isinstance(t, types.Array) for t in arrays):
            return None
        kind = blas.KINDS.get(str(arrays[0].dtype))
        found = kind and lapack.routine(kind + base)
        if not found:
            return None
        symbol, bits = found
        i64 = types.int64
        sig = i64(*[i64 if s == "i" else t for t, s in zip(args, slots)])

        def codegen(context, builder, sig, args):
            from xdsl.dialects.builtin import IntegerType

            from pycomp.targets.datamodel import I8, I64, PTR

            it = I64 if bits == 64 else IntegerType(32)
            values = iter(args)
            ptrs = []
            nchars = 0
            for s in spec:
                if s == "i":
                    v = next(values)
                    if it is not I64:
                        v = builder.cast("trunc", v, it)
                    p = builder.alloca(it)
                    builder.store(v, p)
                elif s == "a":
                    p = builder.extract(next(values), 4, PTR)
                else:
                    p = builder.alloca(I8)
                    builder.store(builder.const_int(I8, ord(s)), p)
                    nchars += 1
                ptrs.append(p)
            info = builder.alloca(it)
            builder.store(builder.const_int(it, 0), info)
            ptrs.append(info)
            # the hidden lengths of character arguments (gfortran's ABI)
            lengths = [builder.i64(1) for _ in range(nchars)]
            context.declare(symbol, None, [PTR] * len(ptrs) + [I64] * nchars)
            builder.call(symbol, ptrs + lengths)
            res = builder.load(info, it)
            if it is not I64:
                res = builder.cast("sext", res, I64)
            return res

        return sig, codegen

    typer.__name__ = "_lapack_" + base
    return intrinsic(typer)


# getrf(m, n, a, lda, ipiv)
_getrf = _lapack("getrf", "iiaia")
# gesv(n, nrhs, a, lda, ipiv, b, ldb)
_gesv = _lapack("gesv", "iiaiaai")
# potrf('L', n, a, lda)
_potrf = _lapack("potrf", "Liai")
# syevd(jobz, 'L', n, a, lda, w, work, lwork, iwork, liwork)
_syevd_v = _lapack("syevd", "VLiaiaaiai")
_syevd_n = _lapack("syevd", "NLiaiaaiai")
# heevd(jobz, 'L', n, a, lda, w, work, lwork, rwork, lrwork, iwork, liwork)
_heevd_v = _lapack("heevd", "VLiaiaaiaiai")
_heevd_n = _lapack("heevd", "NLiaiaaiaiai")


# ------------------------------------------------------------------ typing helpers


def _result_type(*arrays) -> types.Type:
    """The dtype np.linalg computes in for arrays of these types: float32,
    float64, complex64 or complex128 (integers and booleans: float64)."""
    from pycomp.typeof import dtype_to_type

    dt = np.result_type(*[np.dtype(str(a.dtype)) for a in arrays])
    if dt.kind in "biu":
        dt = np.dtype(np.float64)
    return dtype_to_type(dt)


def _check_matrix(a, what: str, ndims=(2,)) -> bool:
    """False when ``a`` is not an array (another overload may take it); a
    TypingError naming ``what`` for unsupported dimensions or dtypes."""
    if not isinstance(a, types.Array):
        return False
    if a.ndim not in ndims:
        raise TypingError("%s of %s: only %s arrays are supported"
                          % (what, a, " and ".join("%d-d" % d for d in ndims)))
    if not isinstance(a.dtype, (types.Number, types.Boolean)) or str(a.dtype) == "float16":
        raise TypingError("%s of %s: arrays of numbers only (not float16)" % (what, a))
    return True


def _need(base: str, dt: types.Type, what: str):
    """The integer dtype class of LAPACK ``?<base>`` for ``dt``; a
    TypingError naming ``what`` when no LAPACK has it."""
    from pycomp.targets.cpu import blas, lapack

    found = lapack.routine(blas.KINDS[str(dt)] + base)
    if found is None:
        raise TypingError("%s: no LAPACK found (NumPy's OpenBLAS, or scipy's; PYCOMP_BLAS=none "
                          "turns it off): %s is not available" % (what, base))
    return np.int64 if found[1] == 64 else np.int32


def _real_class(dt: types.Type):
    """The NumPy scalar class of ``dt``'s real part."""
    return scalar_class(dt.underlying_float if isinstance(dt, types.Complex) else dt)


# ------------------------------------------------------------------ copies


@register_jitable
def _col_major(a, cls):
    """A fresh C-contiguous ``cls`` array ``t`` with ``t[j, i] == a[i, j]``:
    ``a`` in column-major order, for LAPACK to overwrite."""
    m, n = a.shape
    t = np.empty((n, m), cls)
    for j in range(n):
        for i in range(m):
            t[j, i] = cls(a[i, j])
    return t


@register_jitable
def _from_col_major(t):
    """The C-contiguous matrix whose column-major storage is ``t``."""
    n, m = t.shape
    out = np.empty((m, n), t.dtype)
    for i in range(m):
        for j in range(n):
            out[i, j] = t[j, i]
    return out


@register_jitable
def _square(a):
    """``a``'s order; LinAlgError unless it is square."""
    if a.shape[0] != a.shape[1]:
        raise _LinAlgError(_SQUARE_MSG)
    return a.shape[0]


# ------------------------------------------------------------------ solve, inv


@overload(np.linalg.solve)
def _np_solve(a, b):
    """``np.linalg.solve(a, b)``: ``x`` with ``a @ x == b`` for square 2-d
    ``a`` and 1-d or 2-d ``b`` (``?gesv``)."""
    if not _check_matrix(a, "np.linalg.solve()"):
        return None
    if not _check_matrix(b, "np.linalg.solve()", (1, 2)):
        raise TypingError("np.linalg.solve(): b must be an array, not %s" % b)
    dt = _result_type(a, b)
    cls = scalar_class(dt)
    icls = _need("gesv", dt, "np.linalg.solve()")
    vector = b.ndim == 1
    if vector:
        as_matrix = register_jitable(lambda b: b[:, np.newaxis])
    else:
        as_matrix = register_jitable(lambda b: b)

    def impl(a, b):
        n = _square(a)
        bb = as_matrix(b)
        if bb.shape[0] != n:
            raise ValueError("solve: Input operand 1 has a mismatch in its core dimension 0")
        nrhs = bb.shape[1]
        t = _col_major(a, cls)
        x = _col_major(bb, cls)
        if n > 0 and nrhs > 0:
            ipiv = np.empty(n, icls)
            if _gesv(n, nrhs, t, n, ipiv, x, n) > 0:
                raise _LinAlgError("Singular matrix")
        out = _from_col_major(x)
        if vector:
            return out.reshape(n)
        return out.reshape((n, nrhs))
    return impl


@overload(np.linalg.inv)
def _np_inv(a):
    """``np.linalg.inv(a)`` of a square 2-d array (``?gesv`` on the identity)."""
    if not _check_matrix(a, "np.linalg.inv()"):
        return None
    dt = _result_type(a)
    cls = scalar_class(dt)
    icls = _need("gesv", dt, "np.linalg.inv()")

    def impl(a):
        n = _square(a)
        t = _col_major(a, cls)
        x = np.eye(n, dtype=cls)
        if n > 0:
            ipiv = np.empty(n, icls)
            if _gesv(n, n, t, n, ipiv, x, n) > 0:
                raise _LinAlgError("Singular matrix")
        return _from_col_major(x)
    return impl


# ------------------------------------------------------------------ det, slogdet


@register_jitable
def _lu(a, cls, icls):
    """(the LU factors of ``a`` in column-major order, the sign of its row
    permutation) from ``?getrf``."""
    n = _square(a)
    t = _col_major(a, cls)
    sign = 1
    if n > 0:
        ipiv = np.empty(n, icls)
        _getrf(n, n, t, n, ipiv)  # info > 0: a zero on U's diagonal, det 0
        for i in range(n):
            if ipiv[i] != i + 1:
                sign = -sign
    return t, sign


@overload(np.linalg.det)
def _np_det(a):
    """``np.linalg.det(a)`` of a square 2-d array (``?getrf``); 1.0 for 0x0."""
    if not _check_matrix(a, "np.linalg.det()"):
        return None
    dt = _result_type(a)
    icls = _need("getrf", dt, "np.linalg.det()")
    slogdet = register_jitable(_slogdet_impl(dt, icls))

    def impl(a):
        # as NumPy computes it: sign * exp(log|det|) (0.0 when singular)
        s, logdet = slogdet(a)
        return s * np.exp(logdet)
    return impl


def _slogdet_impl(dt, icls):
    """The implementation of ``slogdet`` in dtype ``dt`` (``?getrf`` with
    pivots of class ``icls``)."""
    cls = scalar_class(dt)
    rcls = _real_class(dt)

    def impl(a):
        t, sign = _lu(a, cls, icls)
        s = cls(sign)
        logdet = rcls(0)
        for i in range(t.shape[0]):
            x = t[i, i]
            ax = rcls(abs(x))
            if ax == 0:
                return cls(0), rcls(-np.inf)
            s *= x / ax
            logdet += np.log(ax)
        return s, logdet
    return impl


@overload(np.linalg.slogdet)
def _np_slogdet(a):
    """``np.linalg.slogdet(a)``: (sign, log|det|) of a square 2-d array;
    (0, -inf) when it is singular."""
    if not _check_matrix(a, "np.linalg.slogdet()"):
        return None
    dt = _result_type(a)
    return _slogdet_impl(dt, _need("getrf", dt, "np.linalg.slogdet()"))


# ------------------------------------------------------------------ cholesky


@overload(np.linalg.cholesky)
def _np_cholesky(a):
    """``np.linalg.cholesky(a)``: lower-triangular ``L`` with
    ``a == L @ L.conj().T`` (``?potrf``, reading ``a``'s lower triangle)."""
    if not _check_matrix(a, "np.linalg.cholesky()"):
        return None
    dt = _result_type(a)
    cls = scalar_class(dt)
    _need("potrf", dt, "np.linalg.cholesky()")

    def impl(a):
        n = _square(a)
        t = _col_major(a, cls)
        if n > 0 and _potrf(n, t, n) > 0:
            raise _LinAlgError("Matrix is not positive definite")
        out = np.zeros((n, n), cls)
        for i in range(n):
            for j in range(i + 1):
                out[i, j] = t[j, i]
        return out
    return impl


# ------------------------------------------------------------------ eigh, eigvalsh


def _eigh_impl(a, what: str, vectors: bool):
    """The implementation of ``eigh`` (``vectors``) or ``eigvalsh`` of
    array type ``a`` (``?syevd`` / ``?heevd`` on the lower triangle)."""
    if not _check_matrix(a, what):
        return None
    dt = _result_type(a)
    cls = scalar_class(dt)
    rcls = _real_class(dt)
    if isinstance(dt, types.Complex):
        icls = _need("heevd", dt, what)
        call = _heevd_v if vectors else _heevd_n

        @register_jitable
        def run(t, w, n):
            nn = max(n, 1)
            if vectors:
                lwork, lrwork, liwork = 2 * nn + nn * nn, 1 + 5 * nn + 2 * nn * nn, 3 + 5 * nn
            else:
                lwork, lrwork, liwork = nn + 1, nn, 1
            work = np.empty(lwork, cls)
            rwork = np.empty(lrwork, rcls)
            iwork = np.empty(liwork, icls)
            return call(n, t, n, w, work, lwork, rwork, lrwork, iwork, liwork)
    else:
        icls = _need("syevd", dt, what)
        call = _syevd_v if vectors else _syevd_n

        @register_jitable
        def run(t, w, n):
            nn = max(n, 1)
            if vectors:
                lwork, liwork = 1 + 6 * nn + 2 * nn * nn, 3 + 5 * nn
            else:
                lwork, liwork = 2 * nn + 1, 1
            work = np.empty(lwork, cls)
            iwork = np.empty(liwork, icls)
            return call(n, t, n, w, work, lwork, iwork, liwork)

    @register_jitable
    def eig(a):
        n = _square(a)
        t = _col_major(a, cls)
        w = np.empty(n, rcls)
        if n > 0 and run(t, w, n) > 0:
            raise _LinAlgError("Eigenvalues did not converge")
        return w, t

    if vectors:
        def impl(a):
            w, t = eig(a)
            return w, _from_col_major(t)
    else:
        def impl(a):
            w, t = eig(a)
            return w
    return impl


@overload(np.linalg.eigh)
def _np_eigh(a):
    """``np.linalg.eigh(a)``: (eigenvalues ascending, eigenvectors as
    columns) of a symmetric / Hermitian 2-d array, from its lower triangle."""
    return _eigh_impl(a, "np.linalg.eigh()", True)


@overload(np.linalg.eigvalsh)
def _np_eigvalsh(a):
    """``np.linalg.eigvalsh(a)``: the eigenvalues, ascending, of a
    symmetric / Hermitian 2-d array, from its lower triangle."""
    return _eigh_impl(a, "np.linalg.eigvalsh()", False)


# ------------------------------------------------------------------ norm


def _is_none(t) -> bool:
    return t is None or isinstance(t, types.NoneType)


@overload(np.linalg.norm)
def _np_norm(x, ord=None):
    """``np.linalg.norm(x, ord=None)`` of a 1-d or 2-d array: the 2-norm of
    a vector, the Frobenius norm of a matrix; a vector's ``ord`` may be any
    number (inf, -inf, 0, p), a matrix's 'fro', 'nuc' (the sum of the
    singular values), 1, -1, inf, -inf, 2 or -2 (the largest or smallest
    singular value)."""
    if not _check_matrix(x, "np.linalg.norm()", (1, 2)):
        return None
    fro = isinstance(ord, types.StringLiteral) and ord.value == "fro" and x.ndim == 2
    nuc = isinstance(ord, types.StringLiteral) and ord.value == "nuc" and x.ndim == 2
    if not (_is_none(ord) or fro or nuc or isinstance(ord, (types.Integer, types.Float))):
        raise TypingError("np.linalg.norm(): ord must be None, a number or (for a matrix) "
                          "'fro' or 'nuc', not %s" % ord)
    dt = _result_type(x)
    cls = scalar_class(dt)
    rcls = _real_class(dt)
    complex_ = isinstance(dt, types.Complex)

    @register_jitable
    def mag(v):
        """|v| as the real result type."""
        if complex_:
            return rcls(abs(cls(v)))
        return abs(rcls(v))

    @register_jitable
    def sq(v):
        """|v| squared as the real result type."""
        if complex_:
            c = cls(v)
            return c.real * c.real + c.imag * c.imag
        r = rcls(v)
        return r * r

    if x.ndim == 2:
        @register_jitable
        def frobenius(x):
            s = rcls(0)
            for i in range(x.shape[0]):
                for j in range(x.shape[1]):
                    s += sq(x[i, j])
            return np.sqrt(s)

        @register_jitable
        def extreme_sum(x, axis, biggest):
            """The max (``biggest``) or min over rows (axis 1) or columns
            (axis 0) of the sums of |x|."""
            m, n = x.shape
            outer = n if axis == 0 else m
            inner = m if axis == 0 else n
            if outer == 0:
                raise ValueError("zero-size array to reduction operation which has no identity")
            best = rcls(0)
            for p in range(outer):
                s = rcls(0)
                for q in range(inner):
                    s += mag(x[q, p] if axis == 0 else x[p, q])
                if p == 0 or (s > best if biggest else s < best):
                    best = s
            return best

        if _is_none(ord) or fro:
            return lambda x, ord=None: frobenius(x)
        from pycomp.np.linalg_decomp import _singular_values  # (it imports this module)

        sv = _singular_values(x, "np.linalg.norm()")[0]

        if nuc:
            return lambda x, ord=None: sv(x).sum()

        def impl2(x, ord=None):
            if ord == np.inf or ord == -np.inf:
                return extreme_sum(x, 1, ord > 0)
            if ord == 1 or ord == -1:
                return extreme_sum(x, 0, ord > 0)
            if ord == 2 or ord == -2:
                s = sv(x)
                if s.size == 0:
                    if ord == 2:
                        return rcls(0)
                    raise ValueError("zero-size array to reduction operation minimum which has no identity")
                return s[0] if ord == 2 else s[s.size - 1]
            raise ValueError("Invalid norm order for matrices.")
        return impl2

    @register_jitable
    def two(x):
        s = rcls(0)
        for i in range(x.shape[0]):
            s += sq(x[i])
        return np.sqrt(s)

    if _is_none(ord):
        return lambda x, ord=None: two(x)

    def impl1(x, ord=None):
        n = x.shape[0]
        if ord == 2:
            return two(x)
        if ord == np.inf or ord == -np.inf:
            if n == 0:
                raise ValueError("zero-size array to reduction operation maximum which has "
                                 "no identity")
            best = mag(x[0])
            for i in range(1, n):
                v = mag(x[i])
                if (v > best) if ord > 0 else (v < best):
                    best = v
            return best
        s = rcls(0)
        if ord == 0:
            for i in range(n):
                if x[i] != 0:
                    s += rcls(1)
            return s
        if ord == 1:
            for i in range(n):
                s += mag(x[i])
            return s
        p = rcls(ord)
        for i in range(n):
            s += mag(x[i]) ** p
        return s ** (rcls(1) / p)
    return impl1


# ------------------------------------------------------------------ matrix_power


@overload(np.linalg.matrix_power)
def _np_matrix_power(a, n):
    """``np.linalg.matrix_power(a, n)`` of a square 2-d array: products of
    repeated squares (``a @ a`` through BLAS), the identity for ``n == 0``,
    powers of ``inv(a)`` for negative ``n`` (float and complex only)."""
    if not _check_matrix(a, "np.linalg.matrix_power()"):
        return None
    if not isinstance(n, types.Integer):
        raise TypingError("np.linalg.matrix_power(): the exponent must be an integer, not %s" % n)
    inexact = isinstance(a.dtype, (types.Float, types.Complex))
    cls = scalar_class(a.dtype)

    @register_jitable
    def start(a, n):
        if n >= 0:
            return a.copy()
        if inexact:
            return np.linalg.inv(a)
        raise TypeError("np.linalg.matrix_power(): negative powers of integer or boolean "
                        "matrices are not supported")

    def impl(a, n):
        m = _square(a)
        if n == 0:
            return np.eye(m, dtype=cls)
        z = start(a, n)
        k = n if n > 0 else -n
        result = z
        have = False
        while k > 0:
            if k & 1:
                result = result @ z if have else z
                have = True
            k >>= 1
            if k > 0:
                z = z @ z
        return result
    return impl
