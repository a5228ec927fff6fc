"""``np.linalg`` decompositions through LAPACK, without scipy: ``svd``,
``eig``, ``eigvals``, ``qr``, ``lstsq``, ``pinv``, ``matrix_rank`` and
``cond``, written through the extension API.

The LAPACK calls are intrinsics made by :func:`pycomp.np.linalg_solve._lapack`
(the OpenBLAS NumPy's wheel carries). As NumPy does, every decomposition is
computed in double precision (float64 / complex128) and its results are
converted to the result dtype (float32 / complex64 for single-precision
inputs, float64 for integer and boolean ones), so values, ranks and cutoffs
match NumPy's. Inputs of any layout are copied into column-major scratch
arrays first and never modified. Only 2-d matrices (not stacks) are
supported.

Result types must be known when the function is typed, which decides two
cases differently from NumPy:

- ``eig`` / ``eigvals`` of a real matrix: with NumPy 2.5+ (which always
  returns complex arrays) complex arrays too; with older NumPy real arrays,
  as Numba does, and when some eigenvalue is complex a ``ValueError("eig()
  argument must not cause a domain change.")`` (that NumPy would return
  complex arrays). Complex matrices give complex results, as in NumPy.
- ``svd``'s ``compute_uv`` must be left to its default: pycomp's typer does
  not see boolean constants, and the result type depends on it.
"""

from __future__ import annotations

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.extending import overload, register_jitable
from pycomp.np.linalg_solve import (_check_matrix, _col_major, _from_col_major, _gesv,
                                    _is_none, _lapack, _need, _result_type, _square)
from pycomp.np.reductions import scalar_class

__all__ = []

_LinAlgError = np.linalg.LinAlgError

# gesdd(jobz, m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork, iwork) and, for
# complex, (..., work, lwork, rwork, iwork)
_GESDD = {(j, c): _lapack("gesdd", j + ("iiaiaaiaiaiaa" if c else "iiaiaaiaiaia"))
          for j in "ASN" for c in (False, True)}
# geev(jobvl, jobvr, n, a, lda, wr, wi, vl, ldvl, vr, ldvr, work, lwork) and,
# for complex, (jobvl, jobvr, n, a, lda, w, vl, ldvl, vr, ldvr, work, lwork, rwork)
_GEEV = {(j, c): _lapack("geev", "N" + j + ("iaiaaiaiaia" if c else "iaiaaaiaiai"))
         for j in "VN" for c in (False, True)}
# geqrf(m, n, a, lda, tau, work, lwork); orgqr/ungqr(m, n, k, a, lda, tau, work, lwork)
_geqrf = _lapack("geqrf", "iiaiaai")
_orgqr = _lapack("orgqr", "iiiaiaai")
_ungqr = _lapack("ungqr", "iiiaiaai")
# gelsd(m, n, nrhs, a, lda, b, ldb, s, rcond, rank, work, lwork, iwork) and,
# for complex, (..., work, lwork, rwork, iwork); rcond and rank are 1-element arrays
_gelsd_r = _lapack("gelsd", "iiiaiaiaaaaia")
_gelsd_c = _lapack("gelsd", "iiiaiaiaaaaiaa")


# ------------------------------------------------------------------ typing helpers


class _Kinds:
    """The dtypes one decomposition of array types ``arrays`` works with:
    ``ct`` the computation dtype (float64 / complex128), ``rt`` the result
    dtype, their NumPy classes (``cls``, ``rcls`` real part of ct, ``out``,
    ``rout`` real part of rt), ``icls`` LAPACK's integer class, ``eps``
    the machine epsilon of ``rout``."""

    def __init__(self, base: str, what: str, *arrays):
        from pycomp.typeof import dtype_to_type

        self.rt = _result_type(*arrays)
        self.complex = isinstance(self.rt, types.Complex)
        self.ct = types.complex128 if self.complex else types.float64
        self.cls = scalar_class(self.ct)
        self.rcls = np.float64
        self.out = scalar_class(self.rt)
        rdt = np.finfo(np.dtype(str(self.rt))).dtype
        self.rout = scalar_class(dtype_to_type(rdt))
        self.eps = float(np.finfo(rdt).eps)
        self.icls = _need(base, self.ct, what)


def _optimal(cplx: bool):
    """A function reading the optimal ``lwork`` LAPACK left in ``work[0]``
    after a workspace query."""
    if cplx:
        return register_jitable(lambda w: max(1, int(w[0].real)))
    return register_jitable(lambda w: max(1, int(w[0])))


@register_jitable
def _eye_col_major(rows, n, cls):
    """The column-major storage (shape ``(rows, n)``) of the first ``rows``
    columns of the n x n identity."""
    t = np.zeros((rows, n), cls)
    for i in range(min(rows, n)):
        t[i, i] = 1
    return t


@register_jitable
def _cast(x, cls):
    """``x`` converted to ``cls`` (a fresh array of the same shape)."""
    return x.astype(cls)


# ------------------------------------------------------------------ svd


def _svd_core(k: _Kinds):
    """A jitable ``run(a, job)`` returning (u, s, vt) in LAPACK's
    column-major storage, computed in ``k.ct`` (``?gesdd``): ``job`` 0 full
    matrices, 1 reduced, 2 singular values only (u, vt then 1 x 1 dummies).
    LinAlgError when it does not converge."""
    cls, rcls, icls, cplx = k.cls, k.rcls, k.icls, k.complex
    call_a, call_s, call_n = (_GESDD[j, cplx] for j in "ASN")
    optimal = _optimal(cplx)

    @register_jitable
    def gesdd(job, m, n, t, s, u, ldu, vt, ldvt, work, lwork, rwork, iwork):
        if cplx:
            if job == 0:
                return call_a(m, n, t, m, s, u, ldu, vt, ldvt, work, lwork, rwork, iwork)
            if job == 1:
                return call_s(m, n, t, m, s, u, ldu, vt, ldvt, work, lwork, rwork, iwork)
            return call_n(m, n, t, m, s, u, ldu, vt, ldvt, work, lwork, rwork, iwork)
        if job == 0:
            return call_a(m, n, t, m, s, u, ldu, vt, ldvt, work, lwork, iwork)
        if job == 1:
            return call_s(m, n, t, m, s, u, ldu, vt, ldvt, work, lwork, iwork)
        return call_n(m, n, t, m, s, u, ldu, vt, ldvt, work, lwork, iwork)

    @register_jitable
    def run(a, job):
        m, n = a.shape
        mn = min(m, n)
        mx = max(m, n)
        s = np.empty(mn, rcls)
        if job == 0:
            ucols, vrows = m, n
        elif job == 1:
            ucols, vrows = mn, mn
        else:
            ucols, vrows = 1, 1
        if mn == 0:
            if job == 2:
                return np.empty((0, 0), cls), s, np.empty((0, 0), cls)
            return _eye_col_major(ucols, m, cls), s, _eye_col_major(n, vrows, cls)
        t = _col_major(a, cls)
        u = np.empty((ucols, m if job < 2 else 1), cls)
        vt = np.empty((n if job < 2 else 1, vrows), cls)
        ldu = m if job < 2 else 1
        iwork = np.empty(8 * mn, icls)
        if cplx:
            if job == 2:
                rwork = np.empty(7 * mn, rcls)
            else:
                rwork = np.empty(mn * max(5 * mn + 7, 2 * mx + 2 * mn + 1), rcls)
        else:
            rwork = np.empty(1, rcls)
        work = np.empty(1, cls)
        for phase in range(2):
            lwork = -1 if phase == 0 else optimal(work)
            if phase == 1:
                work = np.empty(lwork, cls)
            info = gesdd(job, m, n, t, s, u, ldu, vt, vrows, work, lwork, rwork, iwork)
            if info != 0:
                raise _LinAlgError("SVD did not converge")
        return u, s, vt
    return run


@overload(np.linalg.svd)
def _np_svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """``np.linalg.svd(a, full_matrices=True)``: (u, s, vh) with
    ``a == u[:, :k] * s @ vh[:k]`` (``?gesdd`` in double precision); s in
    descending order. ``compute_uv`` must be left to its default (pycomp
    cannot see a boolean constant at typing time); ``hermitian`` must be
    False."""
    what = "np.linalg.svd()"
    if not _check_matrix(a, what):
        return None
    if compute_uv is not True:
        raise TypingError("%s: compute_uv must be left to its default (True): the result type "
                          "depends on it and pycomp does not see boolean constants; "
                          "use np.linalg.svd(a)[1] for the singular values" % what)
    if not (hermitian is False or isinstance(hermitian, types.Boolean)):
        raise TypingError("%s: hermitian must be a boolean, not %s" % (what, hermitian))
    k = _Kinds("gesdd", what, a)
    run = _svd_core(k)
    out, rout = k.out, k.rout

    def impl(a, full_matrices=True, compute_uv=True, hermitian=False):
        if hermitian:
            raise ValueError("np.linalg.svd(): hermitian=True is not supported")
        u, s, vt = run(a, 0 if full_matrices else 1)
        return (_cast(_from_col_major(u), out), _cast(s, rout),
                _cast(_from_col_major(vt), out))
    return impl


def _singular_values(a, what: str):
    """A jitable ``sv(a)``: the singular values of ``a`` (array type),
    descending, of the real result dtype (computed in double precision)."""
    k = _Kinds("gesdd", what, a)
    run = _svd_core(k)
    rout = k.rout

    @register_jitable
    def sv(a):
        u, s, vt = run(a, 2)
        return _cast(s, rout)
    return sv, k


# ------------------------------------------------------------------ eig, eigvals


#: whether this NumPy's eig / eigvals give complex results for real input
#: (NumPy 2.5 and later), which then fixes the result type at typing time
_REAL_EIG_IS_COMPLEX = np.linalg.eigvals(np.eye(1)).dtype.kind == "c"


@register_jitable
def _assert_finite(a):
    """LinAlgError, as NumPy's, when ``a`` holds an inf or a nan."""
    m, n = a.shape
    for i in range(m):
        for j in range(n):
            if not np.isfinite(a[i, j]):
                raise _LinAlgError("Array must not contain infs or NaNs")


def _eig_impl(a, what: str, vectors: bool):
    """The implementation of ``eig`` (``vectors``) or ``eigvals`` of array
    type ``a`` (``?geev``, right eigenvectors only)."""
    if not _check_matrix(a, what):
        return None
    k = _Kinds("geev", what, a)
    cls, rcls, out, cplx = k.cls, k.rcls, k.out, k.complex
    call = _GEEV["V" if vectors else "N", cplx]
    optimal = _optimal(cplx)
    domain = "%s() argument must not cause a domain change." % what[10:-2]
    # NumPy 2.5+ returns complex results for real input too: follow it
    widen = not cplx and _REAL_EIG_IS_COMPLEX
    if widen:
        out = scalar_class(types.complex64 if k.rt is types.float32 else types.complex128)

    @register_jitable
    def run(a):
        n = _square(a)
        _assert_finite(a)
        t = _col_major(a, cls)
        vl = np.empty(1, cls)
        vr = np.empty((n if vectors else 1, n if vectors else 1), cls)
        ldvr = n if vectors else 1
        w = np.empty(n, cls)
        wi = np.empty(n, rcls)
        rwork = np.empty(2 * n, rcls)
        work = np.empty(1, cls)
        if n > 0:
            for phase in range(2):
                lwork = -1 if phase == 0 else optimal(work)
                if phase == 1:
                    work = np.empty(lwork, cls)
                if cplx:
                    info = call(n, t, n, w, vl, 1, vr, ldvr, work, lwork, rwork)
                else:
                    info = call(n, t, n, w, wi, vl, 1, vr, ldvr, work, lwork)
                if info != 0:
                    raise _LinAlgError("Eigenvalues did not converge")
            if not cplx and not widen:
                for i in range(n):
                    if wi[i] != 0:
                        raise ValueError(domain)
        return w, wi, vr

    @register_jitable
    def values(w, wi):
        if not widen:
            return _cast(w, out)
        wc = np.empty(w.shape[0], out)
        for i in range(w.shape[0]):
            wc[i] = out(complex(w[i], wi[i]))
        return wc

    @register_jitable
    def vectors_of(vr, wi):
        if not widen:
            return _cast(_from_col_major(vr), out)
        # a complex pair (wi[j] > 0, then wi[j + 1] < 0) shares columns j, j + 1
        n = wi.shape[0]
        v = np.empty((n, n), out)
        j = 0
        while j < n:
            if wi[j] == 0 or j + 1 == n:
                for i in range(n):
                    v[i, j] = out(vr[j, i])
                j += 1
            else:
                for i in range(n):
                    v[i, j] = out(complex(vr[j, i], vr[j + 1, i]))
                    v[i, j + 1] = out(complex(vr[j, i], -vr[j + 1, i]))
                j += 2
        return v

    if vectors:
        def impl(a):
            w, wi, vr = run(a)
            return values(w, wi), vectors_of(vr, wi)
    else:
        def impl(a):
            w, wi, vr = run(a)
            return values(w, wi)
    return impl


@overload(np.linalg.eig)
def _np_eig(a):
    """``np.linalg.eig(a)``: (eigenvalues, right eigenvectors as unit
    columns) of a square 2-d array (``?geev``). Real input: complex results
    with NumPy 2.5+, else real ones and a ValueError when an eigenvalue is
    complex (as Numba)."""
    return _eig_impl(a, "np.linalg.eig()", True)


@overload(np.linalg.eigvals)
def _np_eigvals(a):
    """``np.linalg.eigvals(a)``: the eigenvalues of a square 2-d array
    (``?geev``). Real input: complex results with NumPy 2.5+, else real
    ones and a ValueError when an eigenvalue is complex (as Numba)."""
    return _eig_impl(a, "np.linalg.eigvals()", False)


# ------------------------------------------------------------------ qr


@overload(np.linalg.qr)
def _np_qr(a, mode="reduced"):
    """``np.linalg.qr(a)``: (q, r), q with orthonormal columns (m x k), r
    upper triangular (k x n), k = min(m, n), ``a == q @ r`` (``?geqrf``,
    then ``?orgqr`` / ``?ungqr``). Only mode 'reduced'."""
    what = "np.linalg.qr()"
    if not _check_matrix(a, what):
        return None
    if not (mode == "reduced" or (isinstance(mode, types.StringLiteral)
                                  and mode.value == "reduced")):
        raise TypingError("%s: only mode 'reduced' is supported, not %s" % (what, mode))
    k = _Kinds("geqrf", what, a)
    cls, out = k.cls, k.out
    gq = _ungqr if k.complex else _orgqr
    _need("ungqr" if k.complex else "orgqr", k.ct, what)
    optimal = _optimal(k.complex)

    def impl(a, mode="reduced"):
        m, n = a.shape
        mn = min(m, n)
        t = _col_major(a, cls)
        tau = np.empty(max(mn, 1), cls)
        r = np.zeros((mn, n), out)
        if mn == 0:
            return np.zeros((m, 0), out), r
        work = np.empty(1, cls)
        for phase in range(2):
            lwork = -1 if phase == 0 else optimal(work)
            if phase == 1:
                work = np.empty(lwork, cls)
            _geqrf(m, n, t, m, tau, work, lwork)
        for i in range(mn):
            for j in range(i, n):
                r[i, j] = out(t[j, i])
        q = t[:mn].copy()
        work = np.empty(1, cls)
        for phase in range(2):
            lwork = -1 if phase == 0 else optimal(work)
            if phase == 1:
                work = np.empty(lwork, cls)
            gq(m, mn, mn, q, m, tau, work, lwork)
        return _cast(_from_col_major(q), out), r
    return impl


# ------------------------------------------------------------------ lstsq


@overload(np.linalg.lstsq)
def _np_lstsq(a, b, rcond=None):
    """``np.linalg.lstsq(a, b, rcond=None)``: (x, residuals, rank, s), x
    minimising ``|b - a @ x|`` (``?gelsd``) for 2-d ``a`` and 1-d or 2-d
    ``b``; singular values below ``rcond * s[0]`` count as zero (rcond
    None: machine epsilon times max(m, n), as NumPy). residuals: the
    squared residual norms per column when rank == n < m, else empty;
    rank an int32 as in NumPy."""
    what = "np.linalg.lstsq()"
    if not _check_matrix(a, what):
        return None
    if not _check_matrix(b, what, (1, 2)):
        raise TypingError("%s: b must be an array, not %s" % (what, b))
    if not (_is_none(rcond) or isinstance(rcond, (types.Integer, types.Float, types.Omitted))):
        raise TypingError("%s: rcond must be None or a number, not %s" % (what, rcond))
    k = _Kinds("gelsd", what, a, b)
    cls, rcls, icls, out, rout, cplx = k.cls, k.rcls, k.icls, k.out, k.rout, k.complex
    optimal = _optimal(cplx)
    vector = b.ndim == 1
    default_rcond = _is_none(rcond) or (isinstance(rcond, types.Omitted)
                                        and rcond.value is None)
    if vector:
        as_matrix = register_jitable(lambda b: b[:, np.newaxis])
    else:
        as_matrix = register_jitable(lambda b: b)

    @register_jitable
    def cutoff(rcond, m, n):
        if default_rcond:
            return 2.220446049250313e-16 * max(m, n)
        return rcls(rcond)

    @register_jitable
    def solve(a, bb, rc):
        """(x in column-major storage (nrhs x ldb), rank, s) from gelsd."""
        m, n = a.shape
        nrhs = bb.shape[1]
        ldb = max(m, n, 1)
        mn = min(m, n)
        t = _col_major(a, cls)
        # with no right-hand side, one zero column: the rank and s as NumPy
        x = np.zeros((max(nrhs, 1), ldb), cls)
        for j in range(nrhs):
            for i in range(m):
                x[j, i] = cls(bb[i, j])
        s = np.empty(mn, rcls)
        rank = np.zeros(1, icls)
        if mn == 0:
            return x, 0, s
        rca = np.full(1, rc, rcls)
        work = np.empty(1, cls)
        iwork = np.empty(1, icls)
        rwork = np.empty(1, rcls)
        for phase in range(2):
            if phase == 0:
                lwork = -1
            else:
                lwork = optimal(work)
                work = np.empty(lwork, cls)
                iwork = np.empty(max(1, iwork[0]), icls)
                if cplx:
                    rwork = np.empty(max(1, int(rwork[0])), rcls)
            if cplx:
                info = _gelsd_c(m, n, max(nrhs, 1), t, max(m, 1), x, ldb, s, rca, rank, work, lwork,
                                rwork, iwork)
            else:
                info = _gelsd_r(m, n, max(nrhs, 1), t, max(m, 1), x, ldb, s, rca, rank, work, lwork,
                                iwork)
            if info != 0:
                raise _LinAlgError("SVD did not converge in Linear Least Squares")
        return x, rank[0], s

    def impl(a, b, rcond=None):
        m, n = a.shape
        bb = as_matrix(b)
        if bb.shape[0] != m:
            raise _LinAlgError("Incompatible dimensions")
        nrhs = bb.shape[1]
        x, rank, s = solve(a, bb, cutoff(rcond, m, n))
        xs = np.empty((n, nrhs), out)
        for i in range(n):
            for j in range(nrhs):
                xs[i, j] = out(x[j, i]) if m > 0 else out(0)
        if rank == n and m > n:
            res = np.empty(nrhs, rout)
            for j in range(nrhs):
                acc = rcls(0)
                for i in range(n, m):
                    acc += abs(x[j, i]) ** 2
                res[j] = rout(acc)
        else:
            res = np.empty(0, rout)
        if vector:
            return xs.reshape(n), res, np.int32(rank), _cast(s, rout)
        return xs, res, np.int32(rank), _cast(s, rout)
    return impl


# ------------------------------------------------------------------ pinv, matrix_rank, cond


@overload(np.linalg.pinv)
def _np_pinv(a, rcond=None, hermitian=False):
    """``np.linalg.pinv(a, rcond=None)``: the Moore-Penrose pseudo-inverse
    of a 2-d array through its SVD; singular values at most ``rcond *
    s[0]`` (rcond None: 1e-15, as NumPy) count as zero."""
    what = "np.linalg.pinv()"
    if not _check_matrix(a, what):
        return None
    if not (_is_none(rcond) or isinstance(rcond, (types.Integer, types.Float, types.Omitted))):
        raise TypingError("%s: rcond must be None or a number, not %s" % (what, rcond))
    if not (hermitian is False or isinstance(hermitian, types.Boolean)):
        raise TypingError("%s: hermitian must be a boolean, not %s" % (what, hermitian))
    k = _Kinds("gesdd", what, a)
    run = _svd_core(k)
    out, rout, cplx = k.out, k.rout, k.complex
    default_rcond = _is_none(rcond) or (isinstance(rcond, types.Omitted)
                                        and rcond.value is None)
    acls = scalar_class(a.dtype)

    @register_jitable
    def cut(rcond):
        if default_rcond:
            return rout(1e-15)
        return rout(rcond)

    @register_jitable
    def cj(v):
        if cplx:
            return v.conjugate()
        return v

    def impl(a, rcond=None, hermitian=False):
        if hermitian:
            raise ValueError("np.linalg.pinv(): hermitian=True is not supported")
        m, n = a.shape
        if m == 0 or n == 0:
            return np.empty((n, m), acls).astype(out)
        u, s, vt = run(a, 1)
        mn = s.shape[0]
        s = _cast(s, rout)
        limit = cut(rcond) * s[0]
        # u: column-major m x mn, so u[q, j] is U[j, q]; vt: column-major mn x n
        w = np.zeros((mn, m), out)
        for q in range(mn):
            if s[q] > limit:
                sq = rout(1) / s[q]
                for j in range(m):
                    w[q, j] = cj(out(u[q, j])) * sq
        v = np.empty((n, mn), out)
        for i in range(n):
            for q in range(mn):
                v[i, q] = cj(out(vt[i, q]))
        return v @ w
    return impl


@overload(np.linalg.matrix_rank)
def _np_matrix_rank(A, tol=None, hermitian=False):
    """``np.linalg.matrix_rank(A, tol=None)``: the number of singular
    values above ``tol`` (None: ``s.max() * max(m, n) * eps``, as NumPy);
    for a 1-d array, 1 unless all of it is zero."""
    what = "np.linalg.matrix_rank()"
    if not _check_matrix(A, what, (1, 2)):
        return None
    if not (_is_none(tol) or isinstance(tol, (types.Integer, types.Float, types.Omitted))):
        raise TypingError("%s: tol must be None or a number, not %s" % (what, tol))
    if A.ndim == 1:
        def impl1(A, tol=None, hermitian=False):
            for i in range(A.shape[0]):
                if A[i] != 0:
                    return 1
            return 0
        return impl1
    sv, k = _singular_values(A, what)
    default_tol = _is_none(tol) or (isinstance(tol, types.Omitted) and tol.value is None)
    rout, eps = k.rout, k.eps

    @register_jitable
    def limit(tol, s, m, n):
        if default_tol:
            return s[0] * rout(max(m, n)) * rout(eps)
        return tol

    def impl(A, tol=None, hermitian=False):
        m, n = A.shape
        s = sv(A)
        if s.shape[0] == 0:
            return 0
        lim = limit(tol, s, m, n)
        r = 0
        for i in range(s.shape[0]):
            if s[i] > lim:
                r += 1
        return r
    return impl


@overload(np.linalg.cond)
def _np_cond(x, p=None):
    """``np.linalg.cond(x, p=None)``: the condition number of a 2-d array
    in norm ``p``: None or 2 ``s[0] / s[-1]`` (-2: ``s[-1] / s[0]``) from
    the singular values; 1, -1, inf, -inf or 'fro' (square ``x``)
    ``norm(x, p) * norm(inv(x), p)``. inf for a singular matrix (nan when
    ``x`` holds a nan), LinAlgError for an empty one, as NumPy."""
    what = "np.linalg.cond()"
    if not _check_matrix(x, what):
        return None
    fro = isinstance(p, types.StringLiteral) and p.value == "fro"
    if not (_is_none(p) or fro or isinstance(p, (types.Integer, types.Float, types.Omitted))):
        raise TypingError("%s: p must be None, a number or 'fro', not %s" % (what, p))
    sv, k = _singular_values(x, what)
    rout, cls, icls = k.rout, k.cls, _need("gesv", k.ct, what)
    default_p = _is_none(p) or (isinstance(p, types.Omitted) and p.value is None)

    @register_jitable
    def has_nan(x):
        m, n = x.shape
        for i in range(m):
            for j in range(n):
                if np.isnan(x[i, j]):
                    return True
        return False

    @register_jitable
    def finish(x, r):
        """``r`` as the result dtype; inf for nan unless ``x`` has a nan."""
        r = rout(r)
        if np.isnan(r) and not has_nan(x):
            r = rout(np.inf)
        return r

    @register_jitable
    def two(x, minus):
        s = sv(x)
        top = s[0]
        bottom = s[s.shape[0] - 1]
        if minus:
            top, bottom = bottom, top
        if bottom == 0:
            return finish(x, np.inf if top != 0 else np.nan)
        return finish(x, top / bottom)

    @register_jitable
    def inverse(x):
        """(whether ``x`` is invertible, its inverse computed in double)."""
        n = _square(x)
        t = _col_major(x, cls)
        e = np.eye(n, dtype=cls)
        ipiv = np.empty(n, icls)
        ok = _gesv(n, n, t, n, ipiv, e, n) == 0
        return ok, _from_col_major(e)

    @register_jitable
    def nonempty(x):
        m, n = x.shape
        if m == 0 or n == 0:
            raise _LinAlgError("cond is not defined on empty arrays")

    if default_p:
        def impl_none(x, p=None):
            nonempty(x)
            return two(x, False)
        return impl_none

    if fro:
        def impl_fro(x, p=None):
            nonempty(x)
            _square(x)
            nx = np.linalg.norm(x, "fro")
            ok, xi = inverse(x)
            if not ok:
                return finish(x, np.inf)
            return finish(x, nx * np.linalg.norm(xi, "fro"))
        return impl_fro

    def impl(x, p=None):
        nonempty(x)
        if p == 2 or p == -2:
            return two(x, p < 0)
        _square(x)
        nx = np.linalg.norm(x, p)
        ok, xi = inverse(x)
        if not ok:
            return finish(x, np.inf)
        return finish(x, nx * np.linalg.norm(xi, p))
    return impl
