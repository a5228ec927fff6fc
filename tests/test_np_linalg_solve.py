"""np.linalg through the LAPACK NumPy carries (``solve``, ``inv``, ``det``,
``slogdet``, ``cholesky``, ``eigh``, ``eigvalsh``) and ``norm``,
``matrix_power``: values, dtypes and shapes against NumPy for every dtype
family, C / F / transposed / strided / reversed inputs (never modified),
empty matrices, and LinAlgError / ValueError / TypingError paths. The
no-LAPACK path runs in a subprocess with ``PYCOMP_BLAS=none``."""

import os
import subprocess
import sys

import numpy as np
import pytest

from linalg_support import dname, random_values, single
from support import TypingError, check, jitted, no_leaks, numba_differs, pycomp_only, readonly

NO_SCIPY = ("Numba's np.linalg functions need scipy's BLAS/LAPACK, not installed: ImportError "
            "'scipy 0.16+ is required for linear algebra'")

RNG = np.random.default_rng(7)
DTYPES = [np.float64, np.float32, np.complex128, np.complex64]
ALL = DTYPES + [np.int64, np.int32, np.uint8, np.bool_]


def solve(a, b):
    return np.linalg.solve(a, b)


def inv(a):
    return np.linalg.inv(a)


def det(a):
    return np.linalg.det(a)


def slogdet(a):
    sign, logdet = np.linalg.slogdet(a)
    return sign, logdet


def cholesky(a):
    return np.linalg.cholesky(a)


def eigh(a):
    w, v = np.linalg.eigh(a)
    return w, v


def eigvalsh(a):
    return np.linalg.eigvalsh(a)


def norm(x):
    return np.linalg.norm(x)


def norm_ord(x, o):
    return np.linalg.norm(x, o)


def matrix_power(a, n):
    return np.linalg.matrix_power(a, n)


def tol(dtype):
    """(rtol, atol) for results of ``dtype`` inputs."""
    return (2e-4, 1e-5) if single(dtype) else (1e-10, 1e-12)


def rand(shape, dtype=np.float64):
    """Random values of ``dtype`` from this module's generator."""
    return random_values(RNG, shape, dtype)


def well(n, dtype=np.float64):
    """A well-conditioned n x n matrix of ``dtype`` (diagonally dominant
    for inexact dtypes; integer ones get a large diagonal too)."""
    a = rand((n, n), dtype)
    if np.dtype(dtype).kind == "b":
        return a | np.eye(n, dtype=bool)
    return (a + np.eye(n, dtype=a.dtype) * (n + 3)).astype(dtype)


def hermitian(n, dtype=np.float64):
    """A Hermitian positive definite n x n matrix of ``dtype``."""
    a = rand((n, n), dtype)
    h = a @ a.conj().T + n * np.eye(n)
    return h.astype(dtype)


def layouts(x):
    """``x`` (2-d) as C, F, transposed-view, strided and reversed arrays."""
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


def signed(v):
    """Eigenvectors with each column scaled so its largest entry is real
    positive (they are defined up to a unit factor)."""
    v = np.array(v)
    for k in range(v.shape[1]):
        i = np.argmax(np.abs(v[:, k]))
        v[:, k] *= np.abs(v[i, k]) / v[i, k]
    return v


# ------------------------------------------------------------------ solve, inv, det, slogdet


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
@pytest.mark.parametrize("n", [1, 2, 5, 9])
def test_solve_inv_det(n, dtype):
    a = well(n, dtype)
    with no_leaks():
        close(solve, a, rand(n, dtype), dtype=dtype)
        close(solve, a, rand((n, 3), dtype), dtype=dtype)
        close(inv, a, dtype=dtype)
        close(det, a, dtype=dtype)
        close(slogdet, a, dtype=dtype)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("la", LAYOUTS)
@pytest.mark.parametrize("dtype", [np.float64, np.complex128], ids=dname)
def test_layouts(la, dtype):
    a = layouts(well(6, dtype))[la]
    b = layouts(rand((6, 4), dtype))[la]
    with no_leaks():
        close(solve, a, b, dtype=dtype)
        close(solve, a, b[:, 1], dtype=dtype)
        close(solve, a, b[::-1, 2], dtype=dtype)
        close(inv, a, dtype=dtype)
        close(det, a, dtype=dtype)
        close(slogdet, a, dtype=dtype)
        h = layouts(hermitian(6, dtype))[la]
        close(cholesky, h, dtype=dtype)
        close(eigvalsh, h, dtype=dtype)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("pair", [(np.float32, np.float64), (np.int64, np.float32),
                                  (np.float64, np.complex64), (np.int32, np.int64)],
                         ids=lambda p: "%s-%s" % (np.dtype(p[0]).name, np.dtype(p[1]).name))
def test_solve_mixed_dtypes(pair):
    a, b = well(4, pair[0]), rand((4, 2), pair[1])
    dt = np.result_type(*pair)
    with no_leaks():
        close(solve, a, b, dtype=dt if dt.kind in "fc" else np.float64)


@numba_differs(NO_SCIPY)
def test_det_signs_and_singular():
    p = np.eye(4)[[1, 0, 3, 2, ]]                     # two swaps: +1
    q = np.eye(3)[[1, 0, 2]]                          # one swap: -1
    z = np.array([[1.0, 2.0], [2.0, 4.0]])           # singular
    with no_leaks():
        for a in (p, q, -q, z, np.zeros((3, 3)), np.diag([1e-3, -2.0, 5.0])):
            check(det, a, rtol=1e-12, atol=1e-15)
            check(slogdet, a, rtol=1e-12, atol=1e-15)
        check(slogdet, z.astype(np.complex128), rtol=1e-12, atol=1e-15)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("func", [inv, det, slogdet, cholesky, eigh, eigvalsh])
def test_empty_square(func):
    with no_leaks():
        check(func, np.zeros((0, 0)))
        check(func, np.zeros((0, 0), np.float32))


@numba_differs(NO_SCIPY)
def test_solve_empty():
    with no_leaks():
        check(solve, np.zeros((0, 0)), np.zeros(0))
        check(solve, np.zeros((0, 0)), np.zeros((0, 3)))
        check(solve, well(3), np.zeros((3, 0)))


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", [np.float64, np.complex64], ids=dname)
def test_singular_is_linalg_error(dtype):
    z = np.array([[1, 2], [2, 4]], dtype)
    with no_leaks():
        check(solve, z, np.ones(2, dtype))
        check(solve, z, np.ones((2, 2), dtype))
        check(inv, z)
        check(inv, np.zeros((3, 3), dtype))


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("func", [inv, det, slogdet, cholesky, eigh, eigvalsh])
def test_not_square_is_linalg_error(func):
    with no_leaks():
        check(func, rand((2, 3)))
        check(func, rand((3, 0)))


@numba_differs(NO_SCIPY)
def test_solve_shape_mismatch():
    with no_leaks():
        check(solve, rand((2, 3)), rand(2))
        check(solve, well(2), rand(3), match_message=False)
        check(solve, well(2), rand((3, 2)), match_message=False)


# ------------------------------------------------------------------ cholesky, eigh


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
@pytest.mark.parametrize("n", [1, 3, 8])
def test_cholesky_eigvalsh(n, dtype):
    if np.dtype(dtype).kind in "fc":
        h = hermitian(n, dtype)
    else:
        h = np.diag(np.arange(1, n + 1)).astype(dtype)
    with no_leaks():
        close(cholesky, h, dtype=dtype)
        close(eigvalsh, h, dtype=dtype)


@numba_differs(NO_SCIPY)
def test_cholesky_reads_the_lower_triangle():
    h = hermitian(5)
    junk = np.tril(h) + np.triu(rand((5, 5)) * 100, 1)
    with no_leaks():
        close(cholesky, junk)
        close(eigvalsh, junk)
        close(cholesky, hermitian(4, np.complex128) + np.triu(np.full((4, 4), 9j), 1),
              dtype=np.complex128)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128], ids=dname)
def test_not_positive_definite(dtype):
    with no_leaks():
        check(cholesky, -np.eye(3, dtype=dtype))
        check(cholesky, np.array([[1, 2], [2, 1]], dtype))


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("la", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES + [np.int64], ids=dname)
def test_eigh(dtype, la):
    if np.dtype(dtype).kind in "fc":
        h = hermitian(6, dtype)
    else:
        r = rand((6, 6), dtype)
        h = r + r.T
    a = layouts(h)[la]
    before = a.copy()
    cfunc = jitted(eigh)
    cfunc(a)
    with no_leaks():
        got = cfunc(a)
        w, v = np.array(got[0]), np.array(got[1])
        del got
    want_w, want_v = np.linalg.eigh(before)
    rtol, atol = tol(dtype)
    assert np.array_equal(a, before)
    assert w.dtype == want_w.dtype and v.dtype == want_v.dtype and v.shape == want_v.shape
    np.testing.assert_allclose(w, want_w, rtol=rtol, atol=atol * 10)
    np.testing.assert_allclose(signed(v), signed(want_v), rtol=rtol, atol=atol * 100)
    # and they are eigenvectors
    np.testing.assert_allclose(before.astype(v.dtype) @ v, v * w, atol=atol * 1000)


# ------------------------------------------------------------------ norm


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
def test_norm_default(dtype):
    rtol, atol = tol(dtype)
    with no_leaks():
        for x in (rand(7, dtype), rand((3, 4), dtype), rand(0, dtype), rand((0, 3), dtype)):
            check(norm, x, rtol=rtol, atol=atol)
        check(norm, rand(12, dtype)[::-3], rtol=rtol, atol=atol)
        check(norm, layouts(rand((4, 5), dtype))["strided"], rtol=rtol, atol=atol)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.complex128, np.float32],
                         ids=dname)
@pytest.mark.parametrize("o", [1, 2, 0, 3, 0.5, -1, np.inf, -np.inf], ids=str)
def test_norm_vector_ord(o, dtype):
    rtol, atol = tol(dtype)
    with no_leaks():
        check(norm_ord, rand(9, dtype), o, rtol=rtol, atol=atol)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.complex64], ids=dname)
@pytest.mark.parametrize("o", [1, -1, np.inf, -np.inf], ids=str)
def test_norm_matrix_ord(o, dtype):
    rtol, atol = tol(dtype)
    with no_leaks():
        check(norm_ord, rand((4, 6), dtype), o, rtol=rtol, atol=atol)
        check(norm_ord, np.asfortranarray(rand((5, 3), dtype)), o, rtol=rtol, atol=atol)


def norm_fro(x):
    return np.linalg.norm(x, "fro")


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", [np.float64, np.int8, np.complex128], ids=dname)
def test_norm_fro(dtype):
    with no_leaks():
        check(norm_fro, rand((4, 3), dtype), rtol=1e-12)
        check(norm_fro, rand((0, 3), dtype))


def norm_nuc(x):
    return np.linalg.norm(x, "nuc")


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.complex128], ids=dname)
def test_norm_matrix_singular_values(dtype):
    """ord 2 and -2 (the largest and smallest singular value) and 'nuc'
    (their sum), through the SVD; an empty matrix as NumPy."""
    rtol, atol = tol(dtype)
    with no_leaks():
        for x in (rand((4, 6), dtype), np.asfortranarray(rand((5, 3), dtype)), rand((6, 6), dtype)[::2, ::-2]):
            check(norm_ord, x, 2, rtol=rtol, atol=atol)
            check(norm_ord, x, -2, rtol=rtol, atol=atol)
            check(norm_nuc, x, rtol=rtol, atol=atol)
        check(norm_ord, rand((0, 3), dtype), 2)
        check(norm_ord, rand((0, 3), dtype), -2)
        check(norm_nuc, rand((2, 0), dtype))


@numba_differs(NO_SCIPY)
def test_norm_matrix_bad_ord():
    check(norm_ord, rand((3, 3)), 3)


# ------------------------------------------------------------------ matrix_power


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", ALL, ids=dname)
@pytest.mark.parametrize("n", [0, 1, 2, 3, 6, 13])
def test_matrix_power(n, dtype):
    a = rand((4, 4), dtype)
    if np.dtype(dtype).kind in "fc":
        a = a * 0.5
    rtol, atol = tol(dtype)
    with no_leaks():
        check(matrix_power, a, n, rtol=rtol, atol=atol, compare_args=True)
        check(matrix_power, layouts(a)["strided"], n, rtol=rtol, atol=atol)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", DTYPES, ids=dname)
@pytest.mark.parametrize("n", [-1, -2, -5])
def test_matrix_power_negative(n, dtype):
    rtol, atol = tol(dtype)
    with no_leaks():
        check(matrix_power, well(4, dtype) / 4, n, rtol=rtol, atol=atol, compare_args=True)


@numba_differs(NO_SCIPY)
def test_matrix_power_errors():
    with no_leaks():
        check(matrix_power, rand((2, 3)), 2)
        check(matrix_power, np.zeros((2, 2)), -1)


@pycomp_only("negative powers of integer matrices would change the result's dtype at run time")
def test_matrix_power_negative_int_unsupported():
    with pytest.raises(TypeError, match="negative powers"):
        jitted(matrix_power)(np.eye(2, dtype=np.int64), -1)


# ------------------------------------------------------------------ typing errors, no LAPACK


@pycomp_only("pycomp's TypingError messages")
@pytest.mark.parametrize("func,args", [
    (inv, (np.ones(3),)), (det, (np.ones((2, 2, 2)),)), (eigh, (np.ones(3),)),
    (solve, (np.eye(2), 1.0)), (norm, (np.ones((2, 2, 2)),)), (matrix_power, (np.eye(2), 1.5)),
    (norm_fro, (np.ones(3),)),
], ids=["inv-1d", "det-3d", "eigh-1d", "solve-scalar", "norm-3d", "power-float", "fro-1d"])
def test_typing_errors(func, args):
    with pytest.raises(TypingError, match="np.linalg"):
        jitted(func)(*args)


NO_LAPACK = r"""
import numpy as np
from pycomp import njit
from pycomp.errors import TypingError

@njit
def f(a):
    return np.linalg.inv(a)

try:
    f(np.eye(2))
except TypingError as e:
    assert "np.linalg.inv()" in str(e) and "no LAPACK" in str(e), str(e)
    print("ok")
"""


@pycomp_only("PYCOMP_BLAS=none turns pycomp's LAPACK off")
def test_no_lapack_is_a_typing_error():
    env = dict(os.environ, PYCOMP_BLAS="none")
    out = subprocess.run([sys.executable, "-c", NO_LAPACK], env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.stdout.strip() == "ok", out.stdout + out.stderr
