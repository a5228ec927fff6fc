"""np.linalg decompositions through the LAPACK NumPy carries (``svd``,
``eig``, ``eigvals``, ``qr``, ``lstsq``, ``pinv``, ``matrix_rank``,
``cond``): values, dtypes and shapes against NumPy for every dtype family
(both compute in double precision, so results agree closely), factors that
rebuild the input, C / F / transposed / strided / reversed / read-only
inputs (never modified), empty matrices, and LinAlgError / ValueError /
TypingError paths."""

import numpy as np
import pytest

from linalg_support import dname, random_values, single
from support import TypingError, check, jitted, no_leaks, numba_differs, pycomp_only, readonly

NO_SCIPY = ("Numba's np.linalg functions need scipy's BLAS/LAPACK, not installed: ImportError "
            "'scipy 0.16+ is required for linear algebra'")

RNG = np.random.default_rng(11)
DTYPES = [np.float64, np.float32, np.complex128, np.complex64]
ALL = DTYPES + [np.int64, np.int32, np.uint8, np.bool_]
SHAPES = [(4, 3), (3, 5), (5, 5), (1, 1), (1, 4)]


def svd(a):
    u, s, vh = np.linalg.svd(a)
    return u, s, vh


def svd_fm(a, full):
    return np.linalg.svd(a, full)


def svd_reduced(a):
    return np.linalg.svd(a, full_matrices=False)


def svd_cuv(a):
    return np.linalg.svd(a, compute_uv=False)


def eig(a):
    w, v = np.linalg.eig(a)
    return w, v


def eigvals(a):
    return np.linalg.eigvals(a)


def qr(a):
    q, r = np.linalg.qr(a)
    return q, r


def lstsq(a, b):
    return np.linalg.lstsq(a, b)


def lstsq_rcond(a, b, rcond):
    return np.linalg.lstsq(a, b, rcond)


def pinv(a):
    return np.linalg.pinv(a)


def pinv_rcond(a, rcond):
    return np.linalg.pinv(a, rcond)


def matrix_rank(a):
    return np.linalg.matrix_rank(a)


def matrix_rank_tol(a, tol):
    return np.linalg.matrix_rank(a, tol)


def cond(a):
    return np.linalg.cond(a)


def cond_p(a, p):
    return np.linalg.cond(a, p)


def tol(dtype):
    """(rtol, atol) for results of ``dtype`` inputs."""
    return (2e-5, 2e-6) if single(dtype) else (1e-10, 1e-12)


def rand(shape, dtype=np.float64):
    """Random values of ``dtype`` from this module's generator."""
    return random_values(RNG, shape, dtype)


def layouts(x):
    """``x`` (2-d) as C, F, transposed-view, strided, reversed and
    read-only arrays."""
    big = np.zeros((x.shape[0] * 2, x.shape[1] * 3), x.dtype)
    big[::2, ::3] = x
    return {
        "C": np.ascontiguousarray(x),
        "F": np.asfortranarray(x),
        "T": np.ascontiguousarray(x.T).T,
        "strided": big[::2, ::3],
        "reversed": x[::-1, ::-1].copy()[::-1, ::-1],
        "readonly": readonly(x),
    }


LAYOUTS = ["C", "F", "T", "strided", "reversed", "readonly"]


def close(func, *args, dtype=np.float64):
    """``check`` with the tolerances of ``dtype``, the arguments compared
    after the call (LAPACK must not overwrite them)."""
    rtol, atol = tol(dtype)
    return check(func, *args, rtol=rtol, atol=atol, compare_args=True)


def run(func, *args):
    """The compiled result of ``func(*args)`` as NumPy arrays, with no leak."""
    cfunc = jitted(func)
    cfunc(*args)
    with no_leaks():
        got = cfunc(*args)
        out = tuple(np.array(g) for g in got) if isinstance(got, tuple) else np.array(got)
        del got
    return out


def phased(x):
    """``x`` with each column scaled so its largest entry is real positive
    (singular vectors and eigenvectors are defined up to a unit factor)."""
    x = np.array(x)
    for k in range(x.shape[1]):
        i = np.argmax(np.abs(x[:, k]))
        if x[i, k] != 0:
            x[:, k] *= np.abs(x[i, k]) / x[i, k]
    return x


# ------------------------------------------------------------------ svd


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_svd(shape, dtype):
    a = rand(shape, dtype)
    rtol, atol = tol(dtype)
    for func in (svd, svd_reduced):
        u, s, vh = run(func, a)
        want = func(a)
        for g, w in zip((u, s, vh), want):
            assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_allclose(s, want[1], rtol=rtol, atol=atol)
        k = len(s)
        np.testing.assert_allclose((u[:, :k] * s) @ vh[:k], a, rtol=rtol * 10, atol=atol * 100)
        np.testing.assert_allclose(phased(u[:, :k]), phased(want[0][:, :k]),
                                   rtol=rtol * 100, atol=atol * 1000)
        np.testing.assert_allclose(u.conj().T @ u, np.eye(u.shape[1]), atol=atol * 1000)
        np.testing.assert_allclose(vh @ vh.conj().T, np.eye(vh.shape[0]), atol=atol * 1000)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("la", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.float64, np.complex128], ids=dname)
def test_svd_layouts(la, dtype):
    a = layouts(rand((5, 4), dtype))[la]
    with no_leaks():
        close(svd, a, dtype=dtype)
        close(svd_reduced, a, dtype=dtype)
        close(svd_fm, a, False, dtype=dtype)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("shape", [(0, 0), (0, 3), (3, 0)], ids=str)
def test_svd_empty(shape):
    with no_leaks():
        check(svd, np.zeros(shape))
        check(svd_reduced, np.zeros(shape))
        check(svd, np.zeros(shape, np.complex64))


@numba_differs(NO_SCIPY)
def test_svd_nan_is_linalg_error():
    with no_leaks():
        check(svd, np.array([[np.nan, 1.0], [0.0, 1.0]]))


@pycomp_only("pycomp's TypingError: compute_uv must be left to its default (no boolean "
             "constants in its typer)")
def test_svd_compute_uv_unsupported():
    with pytest.raises(TypingError, match=r"np.linalg.svd\(\): compute_uv"):
        jitted(svd_cuv)(rand((3, 3)))


# ------------------------------------------------------------------ eig, eigvals


def real_spectrum(n, dtype):
    """A non-symmetric n x n matrix of ``dtype`` with real, distinct
    eigenvalues (a similarity transform of a diagonal matrix)."""
    p = rand((n, n)) + np.eye(n) * n
    d = np.diag(np.arange(1, n + 1) * 1.5 - 3.25)
    a = p @ d @ np.linalg.inv(p)
    if np.dtype(dtype).kind in "iub":
        return np.triu(rand((n, n), dtype)) + np.diag(np.arange(n)).astype(dtype)
    return a.astype(dtype)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
@pytest.mark.parametrize("n", [1, 2, 5])
def test_eig(n, dtype):
    a = rand((n, n), dtype) if np.dtype(dtype).kind == "c" else real_spectrum(n, dtype)
    rtol, atol = tol(dtype)
    if single(dtype):
        rtol, atol = rtol * 10, atol * 10
    with no_leaks():
        close(eigvals, a, dtype=dtype)
    w, v = run(eig, a)
    want_w, want_v = np.linalg.eig(a)
    assert w.dtype == want_w.dtype and v.dtype == want_v.dtype and v.shape == want_v.shape
    np.testing.assert_allclose(w, want_w, rtol=rtol, atol=atol)
    np.testing.assert_allclose(phased(v), phased(want_v), rtol=rtol * 10, atol=atol * 10)
    np.testing.assert_allclose(a.astype(v.dtype) @ v, v * w, atol=atol * 100)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("la", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.float64, np.complex128], ids=dname)
def test_eig_layouts(la, dtype):
    a = layouts(rand((5, 5), dtype) if dtype == np.complex128 else real_spectrum(5, dtype))[la]
    with no_leaks():
        close(eig, a, dtype=dtype)
        close(eigvals, a, dtype=dtype)


REAL_EIG_IS_COMPLEX = np.linalg.eigvals(np.eye(1)).dtype.kind == "c"   # NumPy 2.5+


@pycomp_only("before NumPy 2.5 real input gives real results (the result type is fixed at "
             "typing time), as Numba: complex eigenvalues raise ValueError where NumPy returns "
             "complex arrays; NumPy 2.5+ always returns complex arrays, and so does pycomp")
def test_eig_domain_change():
    rot = np.array([[0.0, 1.0, 0.5], [-1.0, 0.0, 2.0], [0.0, 0.0, 3.0]])
    if REAL_EIG_IS_COMPLEX:
        with no_leaks():
            close(eig, rot)
            close(eigvals, rot.astype(np.float32), dtype=np.float32)
        return
    for func, name in ((eig, "eig"), (eigvals, "eigvals")):
        with pytest.raises(ValueError, match=r"^%s\(\) argument must not cause a domain "
                                             r"change\.$" % name):
            jitted(func)(rot)
    with no_leaks():
        check(eigvals, rot.astype(np.complex128))


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("func", [eig, eigvals])
def test_eig_errors_and_empty(func):
    with no_leaks():
        check(func, np.zeros((0, 0)))
        check(func, np.zeros((0, 0), np.complex64))
        check(func, rand((2, 3)))
        check(func, np.array([[np.nan, 1.0], [0.0, 1.0]]))
        check(func, np.array([[np.inf, 1.0], [0.0, 1.0]], np.complex128))


# ------------------------------------------------------------------ qr


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
@pytest.mark.parametrize("shape", SHAPES + [(6, 2)], ids=str)
def test_qr(shape, dtype):
    a = rand(shape, dtype)
    rtol, atol = tol(dtype)
    with no_leaks():
        close(qr, a, dtype=dtype)
    q, r = run(qr, a)
    np.testing.assert_allclose(q @ r, a, rtol=rtol * 10, atol=atol * 100)
    assert np.array_equal(np.triu(r), r)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("la", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.float64, np.complex64], ids=dname)
def test_qr_layouts(la, dtype):
    with no_leaks():
        close(qr, layouts(rand((5, 3), dtype))[la], dtype=dtype)
        close(qr, layouts(rand((3, 5), dtype))[la], dtype=dtype)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("shape", [(0, 0), (0, 3), (3, 0)], ids=str)
def test_qr_empty(shape):
    with no_leaks():
        check(qr, np.zeros(shape))
        check(qr, np.zeros(shape, np.complex128))


# ------------------------------------------------------------------ lstsq


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
@pytest.mark.parametrize("shape", [(6, 3), (3, 5), (4, 4)], ids=str)
def test_lstsq(shape, dtype):
    a = rand(shape, dtype)
    with no_leaks():
        close(lstsq, a, rand(shape[0], dtype), dtype=dtype)
        close(lstsq, a, rand((shape[0], 3), dtype), dtype=dtype)
        close(lstsq, a, rand((shape[0], 0), dtype), dtype=dtype)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("la", LAYOUTS)
def test_lstsq_layouts(la):
    a = layouts(rand((7, 4)))[la]
    b = layouts(rand((7, 3)))[la]
    with no_leaks():
        close(lstsq, a, b)
        close(lstsq, a, b[::-2, 1] if la != "readonly" else b[:, 1])


@numba_differs(NO_SCIPY)
def test_lstsq_rank_deficient_and_rcond():
    a = np.ones((5, 3))
    b = np.arange(5.0)
    with no_leaks():
        check(lstsq, a, b, rtol=1e-10, atol=1e-12)
        check(lstsq, a.astype(np.complex128), b, rtol=1e-10, atol=1e-12)
        a2 = np.diag([1.0, 1e-3, 1e-8])
        for rcond in (None, 1e-2, 1e-5, 0.0, -1.0):
            check(lstsq_rcond, a2, np.ones(3), rcond, rtol=1e-10, atol=1e-12)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("pair", [(np.float32, np.float64), (np.int64, np.float32),
                                  (np.float64, np.complex64), (np.int32, np.bool_)],
                         ids=lambda p: "%s-%s" % (np.dtype(p[0]).name, np.dtype(p[1]).name))
def test_lstsq_mixed_dtypes(pair):
    dt = np.result_type(*pair)
    with no_leaks():
        close(lstsq, rand((5, 3), pair[0]), rand((5, 2), pair[1]),
              dtype=dt if dt.kind in "fc" else np.float64)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("shape", [(0, 0), (0, 3), (3, 0)], ids=str)
def test_lstsq_empty(shape):
    with no_leaks():
        check(lstsq, np.zeros(shape), np.ones(shape[0]))
        check(lstsq, np.zeros(shape), np.ones((shape[0], 2)))
        check(lstsq, np.zeros(shape, np.complex64), np.ones((shape[0], 0)))


@numba_differs(NO_SCIPY)
def test_lstsq_errors():
    with no_leaks():
        check(lstsq, rand((4, 3)), rand(3))
        check(lstsq, rand((4, 3)), rand((5, 2)))
        check(lstsq, np.array([[np.nan, 1.0], [0.0, 1.0]]), np.ones(2))


# ------------------------------------------------------------------ pinv, matrix_rank, cond


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
@pytest.mark.parametrize("shape", SHAPES + [(0, 3), (3, 0), (0, 0)], ids=str)
def test_pinv(shape, dtype):
    a = rand(shape, dtype)
    rtol, atol = tol(dtype)
    if a.size == 0 and np.dtype(dtype).kind in "iub":
        # NumPy returns an empty array of the input's dtype; the compiled result
        # type is fixed at typing time (float64 for integer input)
        a = a.astype(np.float64)
    with no_leaks():
        close(pinv, a, dtype=dtype)
    if a.size:
        p = run(pinv, a)
        np.testing.assert_allclose(a @ p @ a, a, rtol=rtol * 100, atol=atol * 1000)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("la", LAYOUTS)
def test_pinv_layouts_and_rcond(la):
    a = layouts(rand((6, 4), np.complex128))[la]
    with no_leaks():
        close(pinv, a, dtype=np.complex128)
        d = layouts(np.diag([1.0, 1e-3, 1e-8]))[la]
        for rcond in (1e-2, 1e-5, 0.0):
            check(pinv_rcond, d, rcond, rtol=1e-10, atol=1e-12)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
def test_matrix_rank(dtype):
    with no_leaks():
        for a in (rand((4, 3), dtype), rand((3, 6), dtype), np.ones((4, 4), dtype),
                  np.zeros((3, 3), dtype), np.zeros((0, 3), dtype), rand(5, dtype),
                  np.zeros(4, dtype), np.zeros(0, dtype), layouts(rand((5, 4), dtype))["T"]):
            check(matrix_rank, a)


@numba_differs(NO_SCIPY)
def test_matrix_rank_tol():
    d = np.diag([1.0, 1e-3, 1e-8, 0.0])
    with no_leaks():
        for t in (0.5, 1e-5, 1e-12, 0.0, -1.0, 2):
            check(matrix_rank_tol, d, t)
        # near-singular: numpy's default tolerance in float32 and float64
        near = np.diag([1.0, 1e-9]).astype(np.float32)
        check(matrix_rank, near)
        check(matrix_rank, near.astype(np.float64))


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
def test_cond(dtype):
    rtol, atol = tol(dtype)
    with no_leaks():
        for a in (rand((4, 4), dtype), rand((3, 5), dtype), rand((5, 2), dtype)):
            check(cond, a, rtol=rtol * 10, atol=atol)
            check(cond_p, a, 2, rtol=rtol * 10, atol=atol)
            check(cond_p, a, -2, rtol=rtol * 10, atol=atol)


@numba_differs(NO_SCIPY)
def test_cond_singular_nan_and_empty():
    with no_leaks():
        check(cond, np.zeros((3, 3)))
        check(cond, np.array([[1.0, 2.0], [2.0, 4.0]]), rtol=1e-6)
        check(cond_p, np.zeros((2, 2)), -2)
        check(cond, np.zeros((0, 3)))
        check(cond, np.zeros((0, 0)))
        check(cond, layouts(rand((4, 4)))["strided"], rtol=1e-10)


def cond_fro_lit(a):
    return np.linalg.cond(a, "fro")


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int64], ids=dname)
@pytest.mark.parametrize("p", [1, -1, np.inf, -np.inf], ids=str)
def test_cond_other_norms(p, dtype):
    rtol, atol = tol(dtype)
    with no_leaks():
        for a in (rand((4, 4), dtype) + np.eye(4, dtype=dtype) * 3, np.zeros((3, 3), dtype),
                  layouts(rand((3, 3), dtype))["strided"]):
            check(cond_p, a, p, rtol=rtol * 10, atol=atol)
            check(cond_fro_lit, a, rtol=rtol * 10, atol=atol)
        check(cond_p, np.array([[1.0, 2.0], [2.0, 4.0]]), p)
        check(cond_p, np.array([[np.nan, 1.0], [0.0, 1.0]]), p)
        check(cond_p, rand((2, 3), dtype), p)
        check(cond_fro_lit, rand((2, 3), dtype))
        check(cond_p, np.zeros((0, 0), dtype), p)
        check(cond_p, rand((3, 3), dtype), 3, match_message=False)   # a ValueError


# ------------------------------------------------------------------ typing errors


def cond_nuc(a):
    return np.linalg.cond(a, "nuc")


def pinv_str(a):
    return np.linalg.pinv(a, "x")


def lstsq_str(a, b):
    return np.linalg.lstsq(a, b, "x")


@pycomp_only("pycomp's TypingError messages")
@pytest.mark.parametrize("func,args,name", [
    (svd, (rand(3),), "svd"),
    (eig, (rand(3),), "eig"),
    (eigvals, (rand((2, 2, 2)),), "eigvals"),
    (qr, (rand(3),), "qr"),
    (lstsq, (rand(3), rand(3)), "lstsq"),
    (lstsq, (rand((3, 3)), rand((3, 3, 1))), "lstsq"),
    (pinv, (rand(3),), "pinv"),
    (cond, (rand(3),), "cond"),
    (matrix_rank, (rand((2, 2, 2)),), "matrix_rank"),
    (cond_nuc, (rand((3, 3)),), "cond"),
    (pinv_str, (rand((3, 3)),), "pinv"),
    (lstsq_str, (rand((3, 3)), rand(3)), "lstsq"),
], ids=lambda x: x.__name__ if callable(x) else None)
def test_typing_errors(func, args, name):
    with pytest.raises(TypingError, match=r"np\.linalg\.%s\(\)" % name):
        jitted(func)(*args)
