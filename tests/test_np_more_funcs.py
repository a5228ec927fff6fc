"""Index helpers (np.tril_indices ... np.ediff1d), spacing and window
functions (np.logspace ... np.unwrap) and small predicates (np.isneginf ...
np.iinfo) against NumPy: values, dtypes, shapes, layouts, every dtype
family, error paths."""

import warnings

import numpy as np
import pytest

from support import (ALL_DTYPES, LAYOUTS, TypingError, check, is_numba, jitted, make_layout, no_leaks,
                     numba_differs, sample_array)


def differs(reason, *values):
    """``pytest.param(*values)`` marked ``numba_differs(reason)``: a strict
    xfail under Numba, for the parameters where only some of a test's cases
    differ."""
    return pytest.param(*values, marks=[pytest.mark.numba_differs(reason=reason),
                                        pytest.mark.xfail(is_numba, reason="numba differs: " + reason, strict=True)])

# ------------------------------------------------------------------ index helpers


def tril_indices(n, k, m):
    return np.tril_indices(n, k, m)


def triu_indices(n, k, m):
    return np.triu_indices(n, k=k, m=m)


def tril_indices_n(n):
    return np.tril_indices(n)


def triu_indices_n(n):
    return np.triu_indices(n)


def tril_indices_from(a, k):
    return np.tril_indices_from(a, k)


def triu_indices_from(a):
    return np.triu_indices_from(a)


@pytest.mark.parametrize("n, k, m", [(4, 0, 4), (4, 1, 3), (3, -1, 5), (0, 0, 0), (3, -5, 2), (2, 7, 3)])
def test_triangle_indices(n, k, m):
    with no_leaks():
        check(tril_indices, n, k, m)
        check(triu_indices, n, k, m)
    check(tril_indices_n, n)
    check(triu_indices_n, n)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_triangle_indices_from(layout):
    for shape in ((3, 4), (4, 2), (0, 3)):
        a = make_layout(np.ones(shape), layout)
        check(tril_indices_from, a, -1)
        check(tril_indices_from, a, 1)
        check(triu_indices_from, a)


def test_triangle_indices_errors():
    with pytest.raises(TypingError, match="n must be an integer"):
        jitted(tril_indices_n)(1.0)
    with pytest.raises(TypingError, match="m must be an integer"):
        jitted(triu_indices)(3, 0, 1.5)
    with pytest.raises(TypingError, match="input array must be 2-d"):
        jitted(triu_indices_from)(np.ones(3))
    with pytest.raises(TypingError, match="k must be an integer"):
        jitted(tril_indices_from)(np.ones((2, 2)), 0.5)


def indices(d):
    return np.indices(d)


def indices_f32(d):
    return np.indices(d, np.float32)


@numba_differs("Numba's np.indices has no dtype argument (TypingError)")
@pytest.mark.parametrize("dims", [(4, 3), (4,), (0,), (2, 2, 3, 5), (3, 0)], ids=str)
def test_indices(dims):
    with no_leaks():
        check(indices, dims)
        check(indices_f32, dims)


def test_indices_errors():
    with pytest.raises(TypingError, match="indices"):
        jitted(indices)((2.0, 3.0))
    with pytest.raises(TypingError, match="indices"):
        jitted(indices)(3)


def take_along(a, i, axis):
    return np.take_along_axis(a, i, axis)


def take_along_none(a, i):
    return np.take_along_axis(a, i, None)


@numba_differs("Numba's take_along_axis needs a constant (literal) axis: a runtime int axis is a TypingError")
def test_take_along_axis_argsort():
    a = np.arange(24).reshape((3, 1, 4, 2))[:, :, ::-1]
    with no_leaks():
        for axis in range(-1, a.ndim):
            check(take_along, a, np.argsort(a, axis=axis), axis)


@numba_differs("Numba's take_along_axis needs a constant (literal) axis: a runtime int axis is a TypingError")
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_take_along_axis_dtypes(dtype):
    a = sample_array((3, 4), dtype)
    check(take_along, a, np.array([[0, 3, -1]] * 3), 1)
    check(take_along, a, np.array([[2], [0]], dtype=np.uint8), 0)


@numba_differs("Numba's take_along_axis needs a constant (literal) axis: a runtime int axis is a TypingError")
def test_take_along_axis_broadcasts():
    arr = np.ones((3, 4, 1))
    ai = np.ones((1, 2, 5), dtype=np.intp)
    for axis in (1, -2):
        assert check(take_along, arr, ai, axis).shape == (3, 2, 5)
    check(take_along_none, np.arange(12).reshape(3, 4).T, np.array([1, 2, 11], dtype=np.uint64))


@numba_differs("Numba wants a constant axis and reports an out-of-range one as a TypingError")
def test_take_along_axis_axis_out_of_bounds():
    check(take_along, np.ones((2, 3)), np.zeros((2, 3), np.int64), 2, match_message=False)


@numba_differs("Numba's take_along_axis needs a constant (literal) axis: a runtime int axis is a TypingError")
def test_take_along_axis_errors():
    with pytest.raises(IndexError):
        jitted(take_along)(np.ones((2, 3)), np.full((2, 3), 3), 1)
    with pytest.raises(TypingError, match="take_along_axis"):
        jitted(take_along)(np.ones((2, 3)), np.zeros((2, 3)), 1)   # float indices
    with pytest.raises(TypingError, match="take_along_axis"):
        jitted(take_along)(np.ones((2, 3)), np.zeros(3, np.int64), 1)   # ndim differs


def diagflat(v, k):
    return np.diagflat(v, k)


def diagflat1(v):
    return np.diagflat(v)


@pytest.mark.parametrize("v, k", [(np.array([1, 2]), 1), (np.array([[1, 2], [3, 4]]), -2),
                                  (np.arange(8).reshape(2, 2, 2), 2), ((1, 2), 1), (np.array([]), 1),
                                  (np.array([1 + 1j, 2]), 0), (np.array([True, False]), -1), (2.5, 1)],
                         ids=repr)
def test_diagflat(v, k):
    with no_leaks():
        check(diagflat, v, k)
        check(diagflat1, v)


def test_diagflat_layouts():
    for layout in LAYOUTS:
        check(diagflat, make_layout(np.arange(6.0).reshape(2, 3), layout), -1)


def test_diagflat_errors():
    with pytest.raises(TypingError, match="diagflat"):
        jitted(diagflat)(np.arange(2), 1.5)
    with pytest.raises(TypingError, match="diagflat"):
        jitted(diagflat1)(None)


def rot90(m):
    return np.rot90(m)


def rot90_k(m, k):
    return np.rot90(m, k)


def rot90_write(m):
    r = np.rot90(m)
    r[0, 0] = -1
    return m


@pytest.mark.parametrize("layout", LAYOUTS)
def test_rot90(layout):
    for m in (np.arange(10).reshape(5, 2), np.arange(20.0).reshape(5, 2, 2), np.zeros((0, 3))):
        m = make_layout(m, layout)
        with no_leaks():
            check(rot90, m)
            for k in range(-5, 6):
                check(rot90_k, m, k)


def test_rot90_many_dims_and_views():
    check(rot90_k, np.arange(64).reshape(2, 2, 2, 2, 2, 2), 3)
    check(rot90_write, np.arange(6).reshape(2, 3), compare_args=True)


def test_rot90_errors():
    with pytest.raises(TypingError, match="rot90"):
        jitted(rot90)(np.arange(3))
    with pytest.raises(TypingError, match="rot90"):
        jitted(rot90_k)(np.ones((2, 2)), 1.0)
    with pytest.raises(TypingError, match="rot90"):
        jitted(rot90)(3)


def extract(c, a):
    return np.extract(c, a)


EXTRACT = [
    (np.arange(10) > 3, np.arange(10)),
    (np.eye(3).flatten(), ((1, 2, 3), (3, 4, 5), (4, 5, 6))),
    ([1, 1, 0, 1], [1.1, 2.2, 3.3, 4.4]),
    (np.array([]), np.array([1, 2, 3])),
    (np.array([1, 0, 1, 0]), np.array([1, 2, 3])),
    (np.array([1, 0, 1, 0, 1, 0, 0, 0]).reshape(2, 2, 2), np.array([[1, 2, 3], [4, 5, 6]])),
    (np.repeat((0, 1), 30), np.asfortranarray(np.arange(60).reshape(3, 4, 5))[::-1]),
    (1, 1),
    (np.array([True, False]), np.array(1)),
    (np.array([1, 0, 1, 0, 0, 0]).reshape(2, 3) * 1j, np.arange(4)),
    ((True, np.nan, 0.0), np.linspace(-2, 10, 3)),
]


@pytest.mark.parametrize("c, a", EXTRACT, ids=lambda v: type(v).__name__)
def test_extract(c, a):
    with no_leaks():
        check(extract, c, a)


@pytest.mark.parametrize("c, a", [(np.array([1, 2, 3]), np.array([])),
                                  (np.array([1, 0, 1, 0, 1]), np.array([1, 2, 3]))])
def test_extract_out_of_bounds(c, a):
    """As Numba's: a ValueError (NumPy's take raises IndexError)."""
    with pytest.raises(ValueError):
        jitted(extract)(c, a)


def ediff1d(a):
    return np.ediff1d(a)


def ediff1d_all(a, e, b):
    return np.ediff1d(a, e, b)


def ediff1d_begin(a, b):
    return np.ediff1d(a, to_begin=b)


@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d is not np.bool_], ids=lambda d: np.dtype(d).name)
def test_ediff1d_dtypes(dtype):
    check(ediff1d, sample_array((3, 4), dtype))


@numba_differs("Numba's ediff1d refuses a to_begin that does not cast safely to the array's dtype "
               "(int64 into int8: TypingError); NumPy allows same_kind")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_ediff1d_parts(layout):
    x = make_layout(np.linspace(-2, 7, 12).reshape(3, 4), layout)
    with no_leaks():
        check(ediff1d, x)
        check(ediff1d_all, x, x.astype(np.int16), x)
        check(ediff1d_all, x, None, 7)
        check(ediff1d_begin, x.astype(np.int8), 300)
        check(ediff1d_begin, np.zeros(0), (1.0, 2.0))
        check(ediff1d, np.array([4]))


@numba_differs("Numba reports a to_begin that does not cast safely as a TypingError, which is not a TypeError")
def test_ediff1d_errors():
    with pytest.raises(TypingError, match="ediff1d"):
        jitted(ediff1d)(np.array([True, False]))
    with pytest.raises(TypeError):  # NumPy's same_kind rule
        jitted(ediff1d_begin)(np.arange(3), 5.5)


# ------------------------------------------------------------------ spacing and windows


def logspace2(a, b):
    return np.logspace(a, b)


def logspace3(a, b, n):
    return np.logspace(a, b, n)


def logspace_kw(a, b, n):
    return np.logspace(a, b, n, endpoint=False, base=2.0)


def geomspace2(a, b):
    return np.geomspace(a, b)


def geomspace3(a, b, n):
    return np.geomspace(a, b, n)


def geomspace_open(a, b, n):
    return np.geomspace(a, b, n, endpoint=False)


def geomspace_int(a, b):
    return np.geomspace(a, b, 5, dtype=np.int64)


@numba_differs("Numba's np.logspace takes no endpoint/base keywords (TypingError) and gives float64/complex128 "
               "for float32/complex64 bounds")
@pytest.mark.parametrize("a, b", [(1, 60), (-1, 60), (-60, -1), (1.0, 60.0), (0.0, np.e), (1 + 2j, 3 + 4j),
                                  (np.float32(0.5), 2), (np.float32(0.5), np.float32(2.5)), (np.complex64(1j), 2)],
                         ids=repr)
def test_logspace(a, b):
    check(logspace2, a, b)
    check(logspace3, a, b, 7)
    check(logspace_kw, a, b, 5)
    check(logspace3, a, b, 0)


@numba_differs("Numba's np.geomspace takes no endpoint keyword (TypingError)")
@pytest.mark.parametrize("a, b", [(1, 1e6), (8, 2), (-1, -1000), (1 + 1j, 1000 + 1000j), (-1, 1j), (1, 60),
                                  (np.float32(2), 5), (0, 5), (5, 0)], ids=repr)
def test_geomspace(a, b):
    check(geomspace2, a, b, rtol=1e-11)
    for n in (0, 1, 7):
        check(geomspace3, a, b, n, rtol=1e-11)
    check(geomspace_open, a, b, 4, rtol=1e-11)


@numba_differs("Numba's np.geomspace takes no dtype keyword (TypingError)")
def test_spacing_extras():
    check(geomspace_int, 1, 1000)
    check(geomspace3, 1, 2, -1, match_message=False)
    check(logspace3, 1, 2, -1, match_message=False)


def test_spacing_errors():
    for func in (logspace2, geomspace2):
        with pytest.raises(TypingError, match="start"):
            jitted(func)(None, 5)
        with pytest.raises(TypingError, match="stop"):
            jitted(func)(5, (1, 2))


def bartlett(m):
    return np.bartlett(m)


def blackman(m):
    return np.blackman(m)


def hamming(m):
    return np.hamming(m)


def hanning(m):
    return np.hanning(m)


def kaiser(m, beta):
    return np.kaiser(m, beta)


@pytest.mark.parametrize("m", [-1, 0, 1, 2, 5, 12])
@pytest.mark.parametrize("func", [bartlett, blackman, hamming, hanning])
def test_windows(func, m):
    check(func, m, atol=1e-15)


@pytest.mark.parametrize("m", [-1, 0, 1, 2, 5, 12])
def test_kaiser(m):
    for beta in (0, 0.5, 5.0, 14, 40.0):
        check(kaiser, m, beta, rtol=1e-11)


def test_window_errors():
    for func in (bartlett, blackman, hamming, hanning):
        with pytest.raises(TypingError, match="M must be an integer"):
            jitted(func)(5.0)
    with pytest.raises(TypingError, match="beta must be an integer or float"):
        jitted(kaiser)(5, 1j)


def sinc(x):
    return np.sinc(x)


SINC_BOOL = "Numba's np.sinc refuses a bool (TypingError)"
SINC_INT = "Numba's np.sinc of an integer array keeps the integer dtype; NumPy gives float64"
SINC_F32 = "Numba computes a float32 sinc in float64 and rounds, NumPy in float32: results differ beyond rtol 1e-6"


def _sinc_dtype(d):
    if d is np.bool_:
        return differs(SINC_BOOL, d)
    if np.dtype(d).kind in "iu":
        return differs(SINC_INT, d)
    return differs(SINC_F32, d) if d is np.float32 else d


@pytest.mark.parametrize("x", [1.0, -1.0, 0.0, -0.0, 0.5, 5, 5e-21, differs(SINC_BOOL, True), np.float32(0.5),
                               0.5 + 0.5j, 5e-21j, -5 - 5j, np.complex64(0.5 + 1j)], ids=repr)
def test_sinc_numbers(x):
    check(sinc, x, rtol=1e-6, atol=1e-15, signed_zero=False)


@pytest.mark.parametrize("dtype", [_sinc_dtype(d) for d in ALL_DTYPES], ids=lambda d: np.dtype(d).name)
def test_sinc_arrays(dtype):
    check(sinc, sample_array((2, 3), dtype), rtol=1e-6, atol=1e-15, signed_zero=False)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_sinc_layouts(layout):
    with no_leaks():
        check(sinc, make_layout(np.linspace(-3, 3, 12).reshape(3, 4), layout), atol=1e-15, signed_zero=False)
    check(sinc, np.zeros((0, 2)))


def test_sinc_errors():
    with pytest.raises(TypingError, match="sinc"):
        jitted(sinc)(None)


def unwrap1(p):
    return np.unwrap(p)


def unwrap_period(p, period):
    return np.unwrap(p, period=period)


def unwrap(p, discont, axis, period):
    return np.unwrap(p, discont, axis, period=period)


_PHASE = np.linspace(0, np.pi, num=5)
_PHASE[3:] += np.pi
_UNEVEN = np.mod(np.array([0, 75, 150, 225, 300, 430]), 250)
UNWRAP_EMPTY = "Numba's np.unwrap divides by the last axis' length: ZeroDivisionError for an empty array"


@pytest.mark.parametrize("p", [np.array([1, 1 + 2 * np.pi]), _PHASE, np.arange(16).reshape((4, 4)),
                               np.arange(160, step=10).reshape((4, 4)), np.arange(240, step=10).reshape((2, 3, 4)),
                               differs(UNWRAP_EMPTY, np.zeros(0)), differs(UNWRAP_EMPTY, np.zeros((2, 0))),
                               differs("Numba's np.unwrap returns float64 for float32 input; NumPy keeps float32",
                                       (_PHASE * 3).astype(np.float32)), [0.0, 7.0, 1.0]],
                         ids=lambda p: str(np.asarray(p).dtype) + str(np.shape(p)))
def test_unwrap(p):
    with no_leaks():
        check(unwrap1, p, rtol=1e-6)


@pytest.mark.parametrize("p, period", [(np.array([1, 1 + 256]), 255), (np.array([0, 75, 150, 225, 300]), 255),
                                       (np.array([0, 1, 2, -1, 0]), 4), (np.array([2, 3, 4, 5, 2, 3, 4, 5]), 4),
                                       (_UNEVEN, 250), (_UNEVEN, 250.0),
                                       differs("Numba's np.unwrap makes int64 of an int8 array with an int period; "
                                               "NumPy keeps int8", np.array([0, 1, 2, -1, 0], np.int8), 5)])
def test_unwrap_period(p, period):
    check(unwrap_period, p, period)


@numba_differs("Numba's np.unwrap supports only axis=-1 (ValueError for another one) and cannot type "
               "an F-order 3-d array (TypingError: reshape of a non-contiguous row)")
@pytest.mark.parametrize("layout", LAYOUTS)
def test_unwrap_axes(layout):
    p = make_layout(np.arange(240, step=10).reshape((2, 3, 4)) * 0.35, layout)
    for axis in (0, 1, -1):
        check(unwrap, p, None, axis, 6.283185307179586)
        check(unwrap, p, 1.0, axis, 2.0)
    check(unwrap, _UNEVEN, 140, -1, 250)


@numba_differs("Numba supports only the last axis (ValueError for another one)")
def test_unwrap_first_axis():
    check(unwrap, np.arange(24.0).reshape(4, 6) * 1.3, None, 0, 6.283185307179586)


@numba_differs("Numba's np.unwrap crashes on a number with AttributeError ('Float' object has no attribute "
               "'dtype'), not a TypingError")
def test_unwrap_errors():
    with pytest.raises(TypingError, match="unwrap"):
        jitted(unwrap1)(3.0)
    with pytest.raises(TypingError, match="period"):
        jitted(unwrap)(np.arange(3.0), None, -1, 1j)
    with pytest.raises(TypingError, match="axis"):
        jitted(unwrap)(np.arange(3.0), None, 1.5, 2.0)


# ------------------------------------------------------------------ predicates


def isneginf(x):
    return np.isneginf(x)


def isposinf(x):
    return np.isposinf(x)


def iscomplex(x):
    return np.iscomplex(x)


def isreal(x):
    return np.isreal(x)


def iscomplexobj(x):
    return np.iscomplexobj(x)


def isrealobj(x):
    return np.isrealobj(x)


def isscalar(x):
    return np.isscalar(x)


def shape(x):
    return np.shape(x)


def size(x):
    return np.size(x)


def size_axis(x, axis):
    return np.size(x, axis)


REALS = [np.array([-np.inf, np.inf, np.nan, 0.0, -1.0]), -np.inf, np.inf, 3, True, np.array([-1, 0]),
         np.arange(6.0).reshape(2, 3).T, (1.0, -np.inf), np.zeros((0, 2)), np.float32(-np.inf), np.array(-np.inf),
         np.array([np.inf], np.float32)[::-1]]
COMPLEXES = [1j, 3 + 0j, np.array([1 + 0j, 1j]), (1, 2j), np.complex64(2j), np.array(1j)]


@pytest.mark.parametrize("x", [differs("Numba's np.isneginf/np.isposinf refuse a tuple (TypingError)", x)
                               if isinstance(x, tuple) else x for x in REALS], ids=repr)
@pytest.mark.parametrize("func", [isneginf, isposinf])
def test_signed_infinities(func, x):
    with no_leaks():
        check(func, x)


@numba_differs("Numba refuses complex input to np.isneginf/np.isposinf with a TypingError, not NumPy's TypeError")
@pytest.mark.parametrize("func", [isneginf, isposinf])
def test_signed_infinities_of_complex(func):
    with pytest.raises(TypeError):
        jitted(func)(np.array([1j]))


PREDICATES = [iscomplex, isreal, iscomplexobj, isrealobj, isscalar, shape, size]
BOOL_IMAG = "Numba's np.iscomplex/np.isreal refuse a bool input (TypingError)"


@pytest.mark.parametrize("x", [x for x in REALS + COMPLEXES if x is not True], ids=repr)
@pytest.mark.parametrize("func", PREDICATES)
def test_predicates(func, x):
    check(func, x)


@pytest.mark.parametrize("func", [differs(BOOL_IMAG, f) if f in (iscomplex, isreal) else f for f in PREDICATES],
                         ids=lambda f: f.__name__)
def test_predicates_of_a_bool(func):
    check(func, True)


@pytest.mark.parametrize("dtype", [differs(BOOL_IMAG, d) if d is np.bool_ else d for d in ALL_DTYPES],
                         ids=lambda d: np.dtype(d).name)
def test_predicates_dtypes(dtype):
    a = sample_array((2, 3), dtype)
    for func in (iscomplex, isreal, iscomplexobj, isrealobj, shape, size):
        check(func, a)
    if a.dtype.kind != "c":
        check(isneginf, a)


@pytest.mark.parametrize("x", [None, np.datetime64(1, "Y"), np.timedelta64(10, "Y")], ids=repr)
def test_isscalar_other_types(x):
    check(isscalar, x)
    check(iscomplexobj, x)


@numba_differs("Numba's np.size has no axis argument (TypingError)")
def test_size_axis():
    a = np.zeros((2, 3))
    check(size_axis, a, 1)
    check(size_axis, a, -2)
    check(size_axis, a, 2, match_message=False)
    with pytest.raises(TypingError, match="size"):
        jitted(size_axis)(a, 1.0)


def chkfinite(a):
    return np.asarray_chkfinite(a)


def chkfinite_f32(a):
    return np.asarray_chkfinite(a, np.float32)


CHKFINITE_LEAK = "Numba leaks runtime memory when np.asarray_chkfinite raises ValueError (no_leaks fails)"


@pytest.mark.parametrize("a", [np.array([1, 2, 3]), [1, 2, 3, 4],
                               differs("Numba's np.asarray_chkfinite refuses a tuple (TypingError)", ((1, 2), (3, 4))),
                               np.arange(36).reshape(6, 2, 3).T, differs(CHKFINITE_LEAK, np.array([2, 4, np.nan, 5])),
                               differs(CHKFINITE_LEAK, np.array([1, 2, np.inf, 4])),
                               differs(CHKFINITE_LEAK, np.array([1j, np.nan])), np.zeros(0)], ids=repr)
def test_asarray_chkfinite(a):
    with no_leaks():
        check(chkfinite, a)
        check(chkfinite_f32, np.real(np.asarray(a)) if np.iscomplexobj(a) else a)


def test_asarray_chkfinite_number():
    """As Numba's: a number is refused (NumPy gives a 0-d array)."""
    with pytest.raises(TypingError, match="array-like"):
        jitted(chkfinite)(2.5)


def asfortran(a):
    return np.asfortranarray(a)


def asfortran_flags(a):
    return np.asfortranarray(a).flags.f_contiguous


@pytest.mark.parametrize("layout", LAYOUTS)
def test_asfortranarray(layout):
    a = make_layout(np.arange(12.0).reshape(3, 4), layout)
    with no_leaks():
        check(asfortran, a)
        check(asfortran_flags, a)
    check(asfortran, make_layout(np.arange(24).reshape(2, 3, 4), layout))


@pytest.mark.parametrize("a", [np.arange(3), differs("Numba's np.asfortranarray refuses a tuple (TypingError)", (1, 2)),
                               np.zeros(0), 3.5, np.array(5)], ids=repr)
def test_asfortranarray_small(a):
    check(asfortran, a)


def test_asfortranarray_is_the_array_when_fortran():
    a = np.asfortranarray(np.ones((2, 3)))
    assert jitted(asfortran)(a) is not None
    check(asfortran, a)


def row_stack(a, b):
    return np.row_stack((a, b))


@pytest.mark.skipif(not hasattr(np, "row_stack"), reason="NumPy has no np.row_stack")
def test_row_stack():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        check(row_stack, np.arange(3), np.arange(3.0))
        check(row_stack, np.ones((2, 2)), np.zeros((1, 2), np.int8))


FINFO_ATTRS = ("eps", "epsneg", "iexp", "machep", "max", "maxexp", "min", "minexp", "negep", "nexp", "nmant",
               "precision", "resolution", "tiny", "bits", "smallest_normal", "smallest_subnormal")


def finfo_all(x):
    f = np.finfo(x)
    return (f.eps, f.epsneg, f.iexp, f.machep, f.max, f.maxexp, f.min, f.minexp, f.negep, f.nexp, f.nmant,
            f.precision, f.resolution, f.tiny, f.bits, f.smallest_normal, f.smallest_subnormal)


def finfo_of_dtype(a):
    return np.finfo(a.dtype).eps, np.finfo(a.dtype).dtype


def finfo_f32():
    return np.finfo(np.float32).max, np.finfo(np.float32).dtype


def iinfo_all(x):
    i = np.iinfo(x)
    return i.min, i.max, i.bits, i.dtype


def iinfo_i16():
    return np.iinfo(np.int16).max, np.iinfo(np.uint64).max


@numba_differs("Numba's np.finfo has no smallest_normal, smallest_subnormal or dtype attribute (TypingError)")
@pytest.mark.parametrize("t", [np.float32, np.float64, np.complex64, np.complex128])
def test_finfo(t):
    got = jitted(finfo_all)(t(1))
    want = finfo_all(t(1))
    assert got == tuple(want)
    assert [type(g) for g in got] == [float if isinstance(w, np.floating) else int for w in want]
    check(finfo_of_dtype, np.ones(2, t))
    check(finfo_f32)


@numba_differs("Numba's np.iinfo has only min, max and bits: no dtype attribute (TypingError)")
@pytest.mark.parametrize("t", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64])
def test_iinfo(t):
    check(iinfo_all, t(1))
    check(iinfo_i16)


def test_info_errors():
    with pytest.raises(TypingError, match="finfo"):
        jitted(finfo_all)(np.int32(7))
    with pytest.raises(TypingError, match="iinfo"):
        jitted(iinfo_all)(7.0)


def finfo_machar(x):
    return np.finfo(x).machar


def test_finfo_unknown_attribute():
    with pytest.raises(TypingError, match="machar"):
        jitted(finfo_machar)(7.0)
