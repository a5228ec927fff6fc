"""More array manipulation against NumPy: index tuples (slices, ``...``,
``None``, integers) passed as arguments; ``reshape`` of F-ordered and
non-contiguous arrays (a view where NumPy makes one);
``np.lib.stride_tricks.as_strided`` and ``sliding_window_view``;
``astype`` / ``view`` with record dtypes; ``np.round(a, d, out)`` shape
checks; ``np.outer(a, b, out)`` and the messages of ``np.kron`` /
``np.trace``."""

import numpy as np
import pytest

from support import TypingError, check, is_numba, jitted, make_layout, no_leaks, numba_differs

from numpy.lib.stride_tricks import as_strided, sliding_window_view

# ------------------------------------------------------------------ index tuples as arguments


def getitem(a, idx):
    return a[idx]


def setitem(a, idx, item):
    a[idx] = item
    return a


INDEX_TUPLES = [
    (slice(None), None),
    (None, slice(None)),
    (slice(1), None, 1),
    (None, 2, slice(None)),
    (slice(1), Ellipsis, None, 1),
    (1, None, Ellipsis),
    (None, slice(1), None, 1),
    (1, Ellipsis, None, None),
    (None, slice(1), Ellipsis, None, 1),
    (1, None, None, Ellipsis),
    (slice(3), 1, None, None),
    (None, 1, Ellipsis, None),
    (Ellipsis, 2),
    (slice(None, None, -2), Ellipsis),
    (Ellipsis,),
]


@pytest.mark.parametrize("idx", INDEX_TUPLES, ids=repr)
@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided", "readonly"])
def test_index_tuple_argument_getitem(idx, layout):
    a = make_layout(np.arange(4 * 5 * 6 * 7).reshape((4, 5, 6, 7)), layout)
    check(getitem, a, idx)
    with no_leaks():  # (a result dropped inside the block: Numba's views hold a block)
        jitted(getitem)(a, idx)


@pytest.mark.parametrize("idx", INDEX_TUPLES, ids=repr)
@pytest.mark.parametrize("dtype", [np.bool_, np.int16, np.float32, np.complex128])
def test_index_tuple_argument_setitem(idx, dtype):
    a = np.zeros((4, 5, 6, 7), dtype)
    item = (np.arange(4 * 5 * 6 * 7).reshape((4, 5, 6, 7)) % 3).astype(dtype)[idx]
    check(setitem, a, idx, item, compare_args=True)
    with no_leaks():
        jitted(setitem)(a, idx, item)


@numba_differs("Numba has no lowering of a[...] with ... passed as an argument (NotImplementedError)")
def test_ellipsis_alone_argument():
    a = np.arange(6.0).reshape(2, 3)
    check(getitem, a, Ellipsis)


# ------------------------------------------------------------------ reshape without a copy


def reshape(a, shape):
    return a.reshape(shape)


def np_reshape(a, shape):
    return np.reshape(a, shape)


_BASE = np.arange(48)
RESHAPES = [
    (_BASE.reshape(2, 3, 8).T, (8, 3, 2)),
    (_BASE.reshape(2, 3, 8).T, (1, 8, 1, 3, 1, 2, 1)),
    (_BASE.reshape(2, 3, 8).T, (8, -1)),
    (_BASE.reshape(2, 3, 8).T, (2, 3, 8)),
    (_BASE.reshape(2, 3, 8).T, (-1, 3, 2)),
    (_BASE.reshape(6, 8).T, (48,)),
    (_BASE[::2], (4, -1)),
    (_BASE[::2], (2, 3, 4)),
    (_BASE[::-3], (2, 8)),
    (_BASE.reshape(4, 12)[::2], (-1,)),
    (_BASE.reshape(4, 12)[::2], (2, 3, 4)),
    (_BASE.reshape(4, 12)[:, ::2], (-1,)),
    (_BASE.reshape(6, 8)[:, :4], (6, 2, 2)),
    (_BASE.reshape(6, 8)[:, :4], (24,)),
    (_BASE.reshape(6, 8)[::-1], (3, 2, 8)),
    (_BASE.reshape(2, 1, 24)[:, :, ::4], (2, 6, 1)),
    (np.asfortranarray(np.arange(12.0).reshape(3, 4)), (3, 4, 1)),
    (np.asfortranarray(np.arange(12.0).reshape(3, 4)), (3, 2, 2)),
    (np.zeros((0, 3), order="F"), (3, 0)),
    (np.zeros((1, 1), order="F"), ()),
    (np.asfortranarray(np.arange(6, dtype=np.int8).reshape(2, 3) % 2 == 0), (2, 3, 1)),
    (np.asfortranarray(np.arange(6).reshape(2, 3) * 1j), (1, 2, 3)),
]


@pytest.mark.parametrize("a,shape", RESHAPES, ids=lambda x: repr(getattr(x, "strides", x)))
@pytest.mark.parametrize("func", [reshape, np_reshape])
def test_reshape_non_c_array(func, a, shape):
    """A view where NumPy makes one (its strides); NotImplementedError where
    NumPy copies (compiled code, as Numba, does not copy behind a reshape);
    a TypingError for a non-contiguous array, as Numba."""
    want = func(a, shape)
    if not (a.flags.c_contiguous or a.flags.f_contiguous):
        with pytest.raises(TypingError, match="contiguous"):
            jitted(func)(a, shape)
        return
    if want.size and not np.shares_memory(want, a):
        with pytest.raises(NotImplementedError, match="incompatible shape for array"):
            jitted(func)(a, shape)
        return
    got = check(func, a, shape)
    with no_leaks():
        jitted(func)(a, shape)
    if want.size:
        assert got.strides == want.strides


@pytest.mark.parametrize("shape", [(5, 5), (25,), (7, -1), (-1, -1), ()])
def test_reshape_errors_f(shape):
    a = np.asfortranarray(np.arange(50.0).reshape(5, 10))
    check(reshape, a, shape, match_message=False)


def test_reshape_readonly_f_stays_readonly():
    a = np.asfortranarray(np.arange(6).reshape(2, 3))
    a.flags.writeable = False
    got = check(reshape, a, (2, 3, 1))
    assert not got.flags.writeable


# ------------------------------------------------------------------ as_strided, sliding_window_view


def strided_half(a):
    strides = (a.strides[0] // 2,) + a.strides[1:]
    return np.lib.stride_tricks.as_strided(a, strides=strides)


def rolling(a):
    window = 3
    shape = a.shape[:-1] + (a.shape[-1] - window + 1, window)
    strides = a.strides + (a.strides[-1],)
    return np.lib.stride_tricks.as_strided(a, shape=shape, strides=strides)


def strided_shape_only(a):
    return as_strided(a, shape=(2, 2))


def strided_zero(a):
    return as_strided(a, (3, a.shape[0]), (0, a.strides[0]))


@pytest.mark.parametrize("func", [strided_half, rolling, strided_zero, pytest.param(
    strided_shape_only, marks=pytest.mark.xfail(is_numba, strict=True, reason=(
        "numba differs: Numba's as_strided with a shape and no strides takes x's strides "
        "(TypingError when their lengths differ); NumPy's C order of the new shape")))])
@pytest.mark.parametrize("a", [np.arange(24), np.arange(24.0).reshape(6, 4), np.arange(24).reshape(4, 1, 6),
                               np.arange(12, dtype=np.int8), (np.arange(8) % 2).astype(np.bool_),
                               np.arange(6) * (1 + 1j)], ids=lambda a: "%s%s" % (a.dtype, a.shape))
def test_as_strided(func, a):
    got = check(func, a)
    with no_leaks():
        jitted(func)(a)
    want = func(a)
    assert got.strides == want.strides and got.flags.writeable == want.flags.writeable


@numba_differs("Numba's as_strided with a shape and no strides is a TypingError")
@pytest.mark.parametrize("a", [np.arange(12)[::2], np.asfortranarray(np.arange(6).reshape(2, 3)),
                               np.arange(12).reshape(3, 4)[:, :2]], ids=lambda a: str(a.strides))
def test_as_strided_shape_only_non_c(a):
    """NumPy keeps a non-C-contiguous x's strides (C order of the new shape for a C one)."""
    def f(a):
        return as_strided(a, shape=a.shape[::-1])

    got = check(f, a)
    assert got.strides == f(a).strides


def test_as_strided_of_readonly_is_readonly():
    a = np.arange(6)
    a.flags.writeable = False
    got = check(rolling, a)
    assert not got.flags.writeable


def test_as_strided_writes_through():
    def write(a):
        v = np.lib.stride_tricks.as_strided(a, (3,), (2 * a.strides[0],))
        v[1] = -1
        return a

    check(write, np.arange(6), compare_args=True)


def strided_mismatch(a):
    return as_strided(a, (2, 2), (8,))


@numba_differs("Numba raises a TypingError, NumPy a ValueError")
def test_as_strided_length_mismatch():
    check(strided_mismatch, np.arange(6))


def test_as_strided_strides_none():
    """As Numba: strides given as None is a TypingError (NumPy keeps the array's strides)."""
    def f(a):
        return as_strided(a, shape=(3,), strides=None)

    with pytest.raises(TypingError, match="strides argument cannot be None"):
        jitted(f)(np.arange(6))


def windows(x, w, axis=None):
    return np.lib.stride_tricks.sliding_window_view(x, w, axis=axis)


_A1, _A2, _A4 = np.arange(24), np.arange(200.0).reshape(10, 20), np.arange(200).reshape(4, 5, 5, 2)
WINDOW_CASES = [
    (_A1, 5, None), (_A1, 5, 0), (_A1, 5, -1), (_A1, 5, (0,)), (_A1, 24, None), (_A1, 1, None),
    (_A2, 5, 0), (_A2, 5, -1), (_A2, (5, 8), None), (_A2, (5, 8), (0, 1)), (_A2, (5, 8), (1, 0)),
    (_A2, (5, 8), (1, -2)), (_A4, (3, 2), (1, 2)), (_A4, (3, 2), (-2, -3)), (_A2, (5, 3, 3), (0, 1, 0)),
    (_A2.T, (2, 3), None), (_A2[::-2, ::3], (2, 2), None), (np.zeros(0), 0, None),
    ((np.arange(10) % 3).astype(np.bool_), 4, None), (np.arange(10, dtype=np.complex64), 3, 0),
]


@pytest.mark.parametrize("x,w,axis", WINDOW_CASES, ids=lambda v: repr(getattr(v, "shape", v)))
def test_sliding_window_view(x, w, axis):
    want = sliding_window_view(x, w, axis)
    with no_leaks():
        jitted(windows)(x, w, axis)
    got = jitted(windows)(x, w, axis)
    assert got.dtype == want.dtype and got.shape == want.shape and got.strides == want.strides
    np.testing.assert_array_equal(got, want)
    assert np.shares_memory(got, x) or x.size == 0


def test_sliding_window_view_is_writable():
    """As Numba: the windows are writable (NumPy's default view is read-only)."""
    x = np.arange(6)
    got = jitted(windows)(x, 2)
    assert got.flags.writeable


@pytest.mark.parametrize("x,w,axis,message", [
    (_A1, 25, None, "window_shape cannot be larger"),
    (_A2, (4, 21), None, "window_shape cannot be larger"),
    (_A1, -1, None, "`window_shape` cannot contain negative"),
    (_A2, (4, -3), None, "`window_shape` cannot contain negative"),
    (_A1, (10, 2), None, "matching length window_shape and axis"),
    (_A2, (10, 2), 1, "matching length window_shape and axis"),
    (_A1, 5, (0, 0), "matching length window_shape and axis"),
    (_A1, 4, 1, "Argument axis out of bounds"),
    (_A1, 4, -2, "Argument axis out of bounds"),
    (_A2, (4, 4), (0, 3), "Argument axis out of bounds"),
    (_A2, (4, 4), (0, -3), "Argument axis out of bounds"),
])
def test_sliding_window_view_errors(x, w, axis, message):
    with pytest.raises(ValueError):
        sliding_window_view(x, w, axis)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        jitted(windows)(x, w, axis)


@pytest.mark.parametrize("w,axis,message", [
    (None, None, "window_shape must be an integer or tuple of integer"),
    (3.1, None, "window_shape must be an integer or tuple of integer"),
    ((3.1,), None, "window_shape must be an integer or tuple of integer"),
    (4, 3.1, "axis must be None, an integer or tuple of integer"),
    (4, (3.1,), "axis must be None, an integer or tuple of integer"),
], ids=repr)
def test_sliding_window_view_bad_types(w, axis, message):
    with pytest.raises(TypingError, match=message):
        jitted(windows)(_A1, w, axis)


# ------------------------------------------------------------------ astype / view with records


REC1 = np.dtype([("a", np.int8), ("b", np.int8)])
REC2 = np.dtype([("u", np.int16), ("v", np.int8)])
REC3 = np.dtype([("x", np.int16), ("y", np.int16)])


def _viewer(dt):
    def view(a):
        return a.view(dt)
    return view


_VIEWERS = {dt: _viewer(dt) for dt in (REC1, REC2, REC3)}


@pytest.mark.parametrize("a,dt", [
    (np.arange(24, dtype=np.int8), REC1), (np.arange(24, dtype=np.int8), REC2),
    (np.arange(24, dtype=np.int8).reshape(3, 8), REC1), (np.arange(16, dtype=np.int32)[::2], REC3),
    (np.arange(24, dtype=np.int8).reshape(3, 8), REC2),
    (np.arange(24, dtype=np.int8).reshape(3, 8).T, REC1),
], ids=lambda v: str(getattr(v, "shape", v)))
def test_view_as_record(a, dt):
    try:
        want = a.view(dt)
    except ValueError as e:
        with pytest.raises(ValueError, match=str(e)[:40]):
            jitted(_VIEWERS[dt])(a)
        return
    with no_leaks():
        jitted(_VIEWERS[dt])(a)
    got = jitted(_VIEWERS[dt])(a)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes()


def view_0d(a):
    return a.view(np.int16)


def test_view_0d_other_itemsize():
    check(view_0d, np.array(3, np.int32))


def _caster(dt):
    def cast(a):
        return a.astype(dt)
    return cast


_TO_REC = _caster(np.dtype([("x", np.int8)]))


def test_astype_to_record_is_a_typing_error():
    with pytest.raises(TypingError, match="cannot convert from int32 to Record"):
        jitted(_TO_REC)(np.arange(4, dtype=np.int32))


def astype_by_name(a, name):
    return a.astype(name)


def test_astype_string_must_be_constant():
    with pytest.raises(TypingError, match="array.astype if dtype is a string it must be constant"):
        jitted(astype_by_name)(np.arange(3), "float32")


# ------------------------------------------------------------------ np.round(a, d, out)


def round_out(a, d, out):
    np.round(a, d, out)
    return out


def around_out(a, d, out):
    return np.around(a, d, out)


@pytest.mark.parametrize("func", [round_out, around_out])
@pytest.mark.parametrize("dt,odt", [(np.float64, np.float64), (np.float32, np.float32), (np.float64, np.float32),
                                    (np.complex128, np.complex64), (np.complex64, np.complex64)])
def test_round_into_out(func, dt, odt):
    a = (np.array([-3.0, -2.5, -2.25, -1.5, 1.5, 2.25, 2.5, 2.75]) * (1 - 1j if dt in (np.complex128,) else 1)).astype(dt)
    out = np.zeros(a.shape, odt)
    check(func, a, 1, out, compare_args=True)
    check(func, a, 0, out, compare_args=True)


@pytest.mark.parametrize("func", [round_out, around_out])
def test_round_out_shape_mismatch(func):
    a = np.linspace(-2, 2, 8)
    with pytest.raises(ValueError):  # NumPy: cannot broadcast
        func(a, 0, np.zeros(7))
    with pytest.raises(ValueError, match="invalid output shape"):
        jitted(func)(a, 0, np.zeros(7))


def test_round_out_not_an_array():
    with pytest.raises(TypingError, match='The argument "out" must be an array if it is provided'):
        jitted(round_out)(5, 0, 6)


# ------------------------------------------------------------------ np.outer(out=), kron, trace


def outer_out(a, b, out):
    return np.outer(a, b, out=out)


def outer_out_positional(a, b, out):
    r = np.outer(a, b, out)
    return r, out


@pytest.mark.parametrize("a,b", [
    (np.arange(3.0), np.arange(4.0)),
    (np.arange(6.0).reshape(2, 3), np.arange(4.0)[::-1]),
    (np.asfortranarray(np.arange(6.0).reshape(3, 2)), np.arange(2.0)),
    (np.arange(3) + 1j, np.arange(2) - 2j),
    (np.arange(3, dtype=np.int32), np.arange(2, dtype=np.int32)),
], ids=lambda v: str(v.dtype))
def test_outer_into_out(a, b):
    out = np.empty((a.size, b.size), np.result_type(a, b))
    check(outer_out, a, b, out, compare_args=True)
    check(outer_out_positional, a, b, out.copy(), compare_args=True)
    with no_leaks():
        jitted(outer_out)(a, b, out)


@numba_differs("Numba checks neither the shape of out nor NumPy's ValueError")
def test_outer_out_wrong_shape():
    with pytest.raises(ValueError):
        jitted(outer_out)(np.arange(3.0), np.arange(4.0), np.empty((4, 3)))


def kron(a, b):
    return np.kron(a, b)


def trace(a):
    return np.trace(a)


def test_kron_message():
    with pytest.raises(TypingError, match=r"np.kron\(\) only supported on 1 and 2-D arrays"):
        jitted(kron)(np.ones((1, 1, 1)), np.ones(2))


def test_trace_message():
    with pytest.raises(TypingError, match=r"np.trace\(\) only supported on 2-D arrays"):
        jitted(trace)(np.ones(3))
