"""Matrix products (``a @ b``, ``np.matmul``, ``np.dot``, ``a.dot(b)``,
``np.vdot``, ``np.inner``) through the BLAS NumPy carries, and ``np.outer``,
``np.trace``, ``np.kron``: values, dtypes and shapes against NumPy for every
dtype family, C / F / transposed / strided / reversed / empty operands, and
shape errors. The loop path (no BLAS) runs in a subprocess with
``PYCOMP_BLAS=none``."""

import os
import subprocess
import sys

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, no_leaks, numba_differs, pycomp_only

NO_SCIPY = ("Numba's np.dot/np.matmul/np.vdot/@ need scipy's BLAS, not installed: ImportError "
            "'scipy 0.16+ is required for linear algebra'")
INT_DOT = NO_SCIPY + "; with it, Numba takes float and complex operands of one dtype only"
NO_INNER = "Numba has no np.inner (a TypingError)"


def matmul_op(a, b):
    return a @ b


def np_matmul(a, b):
    return np.matmul(a, b)


def np_dot(a, b):
    return np.dot(a, b)


def method_dot(a, b):
    return a.dot(b)


def dot_out(a, b, out):
    np.dot(a, b, out)
    return out


def vdot(a, b):
    return np.vdot(a, b)


def inner(a, b):
    return np.inner(a, b)


def outer(a, b):
    return np.outer(a, b)


def trace(a):
    return np.trace(a)


def trace_offset(a, k):
    return np.trace(a, k)


def kron(a, b):
    return np.kron(a, b)


PRODUCTS = [matmul_op, np_matmul, np_dot, method_dot]
BLAS_DTYPES = [np.float64, np.float32, np.complex128, np.complex64]
RNG = np.random.default_rng(12)


def rand(shape, dtype=np.float64):
    """Random values of ``dtype`` (integers from -3 to 3, booleans)."""
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return RNG.random(shape) > 0.5
    if dt.kind in "iu":
        return RNG.integers(0 if dt.kind == "u" else -3, 4, shape).astype(dt)
    x = RNG.random(shape) - 0.5
    if dt.kind == "c":
        x = x + 1j * (RNG.random(shape) - 0.5)
    return x.astype(dt)


def atol(*arrays):
    """An absolute tolerance for sums that may cancel: float32 sums differ
    from NumPy's in the last bits with another summation order."""
    single = any(np.asarray(a).dtype in (np.float32, np.complex64) for a in arrays)
    return 1e-5 if single else 1e-13


def close(func, *args, **kwargs):
    """``check`` with the tolerance :func:`atol` gives."""
    return check(func, *args, atol=atol(*args), **kwargs)


def layouts(x):
    """``x`` (2-d, C order) and the same values as an F-ordered array, a
    transposed view, a strided view and a reversed view."""
    big = np.zeros((x.shape[0] * 2, x.shape[1] * 3), x.dtype)
    big[::2, ::3] = x
    return {
        "C": x,
        "F": np.asfortranarray(x),
        "T": np.ascontiguousarray(x.T).T,
        "strided": big[::2, ::3],
        "rows": np.repeat(x, 2, axis=0)[::2],
        "reversed": x[::-1, ::-1].copy()[::-1, ::-1],
    }


# ------------------------------------------------------------------ products: dtypes and shapes


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", BLAS_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shapes", [((3, 4), (4, 5)), ((3, 4), (4,)), ((4,), (4, 5)), ((4,), (4,)),
                                    ((1, 1), (1, 1)), ((7, 1), (1, 6))], ids=str)
@pytest.mark.parametrize("func", PRODUCTS)
def test_products(func, shapes, dtype):
    a, b = rand(shapes[0], dtype), rand(shapes[1], dtype)
    with no_leaks():
        close(func, a, b)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("la", ["C", "F", "T", "strided", "rows", "reversed"])
@pytest.mark.parametrize("lb", ["C", "F", "T", "strided", "reversed"])
@pytest.mark.parametrize("dtype", [np.float64, np.complex64], ids=lambda d: np.dtype(d).name)
def test_layouts(la, lb, dtype):
    a, b = layouts(rand((5, 3), dtype))[la], layouts(rand((3, 4), dtype))[lb]
    with no_leaks():
        close(matmul_op, a, b)
        close(np_dot, a, b[:, 1])
        close(np_dot, a[1], b)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("func", [matmul_op, np_dot])
def test_vector_views(func):
    v = np.arange(12.0)
    m = rand((6, 4))
    with no_leaks():
        check(func, v[::2], v[1::2])            # strided vectors
        check(func, v[::-2], v[::2])            # a reversed one
        check(func, m, v[8:0:-2])
        check(func, v[:12:2], m)
        check(func, m[:, 1], m[:, 2])           # columns of a C array
        check(func, m.T, v[:6])                 # a transposed matrix


@numba_differs(INT_DOT)
@pytest.mark.parametrize("pair", [(np.float32, np.float64), (np.float64, np.complex64),
                                  (np.float32, np.complex64), (np.int64, np.float32),
                                  (np.int32, np.float64), (np.bool_, np.complex128)],
                         ids=lambda p: "%s-%s" % (np.dtype(p[0]).name, np.dtype(p[1]).name))
@pytest.mark.parametrize("func", [matmul_op, np_dot])
def test_mixed_dtypes_convert(func, pair):
    a, b = rand((3, 4), pair[0]), rand((4, 2), pair[1])
    with no_leaks():
        close(func, a, b)
        close(func, b.T, a.T)
        close(func, a[0], b)


@numba_differs(INT_DOT)
@pytest.mark.parametrize("pair", [(np.int64, np.int64), (np.int32, np.int32), (np.int16, np.uint8),
                                  (np.uint32, np.int64), (np.bool_, np.bool_), (np.bool_, np.int8)],
                         ids=lambda p: "%s-%s" % (np.dtype(p[0]).name, np.dtype(p[1]).name))
@pytest.mark.parametrize("func", PRODUCTS)
def test_integer_and_bool_products(func, pair):
    a, b = rand((3, 4), pair[0]), rand((4, 5), pair[1])
    with no_leaks():
        check(func, a, b)
        check(func, a, b[:, 0])
        check(func, a[0], b)
        check(func, a[0], b[:, 0])
        check(func, np.asfortranarray(a), b[:, ::2])


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("shapes", [((0, 3), (3, 4)), ((3, 0), (0, 4)), ((3, 4), (4, 0)), ((0,), (0,)),
                                    ((0,), (0, 2)), ((2, 0), (0,)), ((0, 0), (0, 0))], ids=str)
@pytest.mark.parametrize("func", [matmul_op, np_dot])
def test_empty(func, shapes):
    with no_leaks():
        check(func, rand(shapes[0]), rand(shapes[1]))
        close(func, rand(shapes[0], np.complex64), rand(shapes[1], np.complex64))


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("shapes", [((3, 4), (3, 4)), ((3, 4), (3,)), ((3,), (4, 2)), ((3,), (4,))], ids=str)
@pytest.mark.parametrize("func", PRODUCTS)
def test_shape_mismatch_is_value_error(func, shapes):
    with no_leaks():
        check(func, rand(shapes[0]), rand(shapes[1]), match_message=False)


@numba_differs(INT_DOT)
def test_integer_shape_mismatch_is_value_error():
    with no_leaks():
        check(np_dot, rand((2, 3), np.int64), rand((2,), np.int64), match_message=False)


@pytest.mark.parametrize("func", [matmul_op, np_dot])
def test_three_dimensions_is_typing_error(func):
    with pytest.raises(TypingError):
        jitted(func)(np.ones((2, 2, 2)), np.ones((2, 2)))


@numba_differs(NO_SCIPY)
def test_large_product():
    a, b = rand((130, 70)), rand((70, 90))
    with no_leaks():
        close(matmul_op, a, b)
        close(matmul_op, np.asfortranarray(a), b.T.copy().T)


# ------------------------------------------------------------------ np.dot(a, b, out)


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("shapes", [((3, 4), (4, 5)), ((3, 4), (4,)), ((4,), (4, 2))], ids=str)
def test_dot_out(shapes):
    a, b = rand(shapes[0]), rand(shapes[1])
    out = np.empty(np.dot(a, b).shape)
    with no_leaks():
        check(dot_out, a, b, out, compare_args=True)


@numba_differs(NO_SCIPY)
def test_dot_out_wrong_shape_is_value_error():
    with no_leaks():
        check(dot_out, rand((3, 4)), rand((4, 5)), np.empty((5, 3)), match_message=False)
        check(dot_out, rand((3, 4)), rand((4, 5)), np.empty((5, 3)).T, match_message=False)


@pycomp_only("the TypingError for a wrong out dtype is pycomp's")
def test_dot_out_wrong_dtype_is_typing_error():
    with pytest.raises(TypingError, match="out must be an array of float64"):
        jitted(dot_out)(rand((3, 4)), rand((4, 5)), np.empty((3, 5), np.float32))


# ------------------------------------------------------------------ vdot, inner, outer, trace, kron


@numba_differs(NO_SCIPY)
@pytest.mark.parametrize("dtype", BLAS_DTYPES + [np.int64, np.int32],
                         ids=lambda d: np.dtype(d).name)
def test_vdot(dtype):
    a, b = rand((3, 4), dtype), rand((3, 4), dtype)
    with no_leaks():
        close(vdot, a[0], b[1])
        close(vdot, a, b)
        close(vdot, a.T, b[::-1])
        check(vdot, a[0], b[:, :3], match_message=False)  # different sizes: ValueError


@numba_differs(NO_INNER)
@pytest.mark.parametrize("dtype", [np.float64, np.complex128, np.float32, np.int64],
                         ids=lambda d: np.dtype(d).name)
def test_inner(dtype):
    a, b, v = rand((3, 4), dtype), rand((2, 4), dtype), rand((4,), dtype)
    with no_leaks():
        close(inner, v, v)
        close(inner, a, b)
        close(inner, a, v)
        close(inner, v, b)
        close(inner, a.T[:, :2], b.T)
        check(inner, a, b.T, match_message=False)         # last dimensions differ


@pytest.mark.parametrize("dtypes", [(np.float64, np.float64), (np.int32, np.int64), (np.bool_, np.bool_),
                                    (np.float32, np.complex64), (np.uint8, np.float32)],
                         ids=lambda p: "%s-%s" % (np.dtype(p[0]).name, np.dtype(p[1]).name))
def test_outer(dtypes):
    a, b = rand((2, 3), dtypes[0]), rand((4,), dtypes[1])
    with no_leaks():
        check(outer, a[0], b)
        check(outer, a, b[::-1])
        check(outer, a.T, a)
        check(outer, b[:0], b)


def trace_cases(a):
    """np.trace of ``a``, its transpose, a strided reversed view and an empty one."""
    with no_leaks():
        check(trace, a)
        check(trace, a.T)
        check(trace, a[::-1, ::2])
        check(trace, a[:0])


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex64], ids=lambda d: np.dtype(d).name)
def test_trace(dtype):
    trace_cases(rand((4, 3), dtype))


@numba_differs("Numba's np.trace takes float and complex arrays only (a TypingError)")
@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int64, np.bool_], ids=lambda d: np.dtype(d).name)
def test_trace_integers(dtype):
    trace_cases(rand((4, 3), dtype))


@pytest.mark.parametrize("k", [0, 1, 2, -1, -3, 5, -9])
def test_trace_offset(k):
    with no_leaks():
        check(trace_offset, rand((4, 3)), k)


@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.complex64, np.bool_], ids=lambda d: np.dtype(d).name)
def test_kron_c_arrays(dtype):
    a, b = rand((2, 3), dtype), rand((3, 2), dtype)
    with no_leaks():
        check(kron, a, b)
        check(kron, np.asfortranarray(a), b)
        check(kron, a[0].copy(), b[:, 1].copy())


_KRON_DIFFERS = [pytest.mark.numba_differs(reason="Numba's np.kron refuses mixed float/complex dtypes, and gives "
                                                  "the first operand's dtype (int32 with int64 is int32)"),
                 pytest.mark.xfail(is_numba, reason="numba differs: mixed kron dtypes", strict=True)]


@pytest.mark.parametrize("dtypes", [(np.float64, np.float64),
                                    pytest.param((np.int32, np.int64), marks=_KRON_DIFFERS),
                                    pytest.param((np.float32, np.complex128), marks=_KRON_DIFFERS),
                                    (np.bool_, np.bool_)],
                         ids=lambda p: "%s-%s" % (np.dtype(p[0]).name, np.dtype(p[1]).name))
def test_kron(dtypes):
    a, b = rand((2, 3), dtypes[0]), rand((3, 2), dtypes[1])
    with no_leaks():
        check(kron, a, b)
        check(kron, a.T, b[::-1].copy())
        check(kron, a[0], b[:, 1].copy())
        check(kron, a[:0], b)


@numba_differs("Numba's np.kron refuses operands of layout 'A' (any strides)")
def test_kron_of_strided_operands():
    a, b = rand((2, 3), np.float64), rand((3, 2), np.float64)
    check(kron, a.T, b[::-1])
    check(kron, a[0], b[:, 1])
    check(kron, np.arange(4.0)[::2], np.arange(3.0))


def test_kron_mixed_dimensions():
    check(kron, np.arange(2.0), np.arange(4.0).reshape(2, 2))
    check(kron, np.arange(4.0).reshape(2, 2), np.arange(3.0))


# ------------------------------------------------------------------ the loop path and the BLAS found

_LOOP_SCRIPT = r"""
import numpy as np, pycomp
from pycomp.targets.cpu import blas
assert blas.backend() is None
rng = np.random.default_rng(3)
f = pycomp.njit(lambda a, b: a @ b)
g = pycomp.njit(lambda a, b: np.dot(a, b))
v = pycomp.njit(lambda a, b: np.vdot(a, b))
for dt in (np.float64, np.float32, np.complex128, np.complex64):
    a = rng.random((5, 3)).astype(dt)
    b = rng.random((3, 4)).astype(dt)
    if a.dtype.kind == "c":
        a = a + 0.5j * a[::-1]
        b = b - 0.5j * b[::-1]
    for x, y in ((a, b), (np.asfortranarray(a), b[:, ::-1]), (a, b[:, 0]), (a[0], b), (a[0], b[:, 1])):
        for fn in (f, g):
            r, e = fn(x, y), x @ y
            assert np.ndim(e) == 0 or r.dtype == e.dtype
            assert np.allclose(r, e, rtol=1e-5), (r, e)
    assert np.allclose(v(a, a), np.vdot(a, a), rtol=1e-5)
try:
    f(np.ones((2, 3)), np.ones((2, 3)))
except ValueError:
    pass
else:
    raise AssertionError("no ValueError")
print("loops ok")
"""


@pycomp_only("pycomp's BLAS choice")
def test_loop_path_without_blas():
    env = dict(os.environ, PYCOMP_BLAS="none")
    out = subprocess.run([sys.executable, "-c", _LOOP_SCRIPT], env=env, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "loops ok" in out.stdout


@pycomp_only("pycomp's BLAS choice")
def test_numpy_openblas_is_found():
    from pycomp.targets.cpu import blas

    found = blas.backend()
    assert found is not None and found.int_bits in (32, 64)
    assert set(found.gemm) == set("sdcz") and all(found.gemm.values())
