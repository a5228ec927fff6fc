"""``np.nditer`` of one array, of a scalar, and of a tuple of arrays and
scalars broadcast together, against NumPy's own ``np.nditer`` (given the
order pycomp and Numba visit: C, or F where most operands are F, and the
memory order of one C or F array), on C, F, strided, negative-stride,
read-only, 0-d and empty operands of mixed dtypes; writes through the
yielded 0-d views; the shape-mismatch ValueError and the TypingErrors."""

import itertools

import numpy as np
import pytest

from support import TypingError, assert_same, is_pycomp, jitted, make_layout, no_leaks, numba_differs, sample_array

# ------------------------------------------------------------------ the compiled functions


def nditer1(a):
    res = []
    for u in np.nditer(a):
        res.append(u.item())
    return res


def nditer2(a, b):
    res = []
    for u, v in np.nditer((a, b)):
        res.append((u.item(), v.item()))
    return res


def nditer3(a, b, c):
    res = []
    for u, v, w in np.nditer((a, b, c)):
        res.append((u.item(), v.item(), w[()]))
    return res


def nditer_one_tuple(a):
    res = []
    for u in np.nditer((a,)):
        res.append(u[()])
    return res


def nditer_count(a, b):
    n = 0
    for _ in np.nditer((a, b)):
        n += 1
    return n


def nditer_write(a, b):
    for u, v in np.nditer((a, b)):
        u[()] = u.item() * 10 + v.item()


def nditer_write_one(a):
    for u in np.nditer(a):
        u[()] = u[()] + 1


def nditer_write_scalar_view(a, s):
    res = []
    for u, v in np.nditer((a, s)):
        v[()] = v.item() + u.item()
        res.append(v.item())
    return res


# ------------------------------------------------------------------ the reference


def numba_layout(x):
    """The layout Numba types an array with ('' for a scalar or 0-d)."""
    if not isinstance(x, np.ndarray) or x.ndim == 0:
        return ""
    if x.flags.c_contiguous:
        return "C"
    return "F" if x.flags.f_contiguous else "A"


def visit_order(ops):
    """The order pycomp (and Numba) visit a broadcast nditer in: F where
    more operands are F than C (a contiguous 1-d array counts as both)."""
    c = f = 0
    for x in ops:
        lay = numba_layout(x)
        if lay and x.ndim == 1 and lay in "CF":
            c, f = c + 1, f + 1
        elif lay == "C":
            c += 1
        elif lay == "F":
            f += 1
    return "F" if f > c else "C"


def expected_items(ops, order=None):
    """NumPy's nditer over ``ops`` (a tuple) in ``order``: a list of
    tuples of items (or of single items for one operand)."""
    order = order or visit_order(ops)
    it = np.nditer(ops, flags=["zerosize_ok"], order=order)
    if len(ops) == 1:
        return [u.item() for u in it] if it.itersize else []
    return [tuple(x.item() for x in us) for us in it] if it.itersize else []


def compare(fn, *args, expected):
    with no_leaks():
        got = jitted(fn)(*args)
    assert_same(got, expected)


# ------------------------------------------------------------------ inputs


def inputs():
    """Operands compatible with a (3, 4) shape (Numba's test inputs, and more)."""
    a = np.arange(12).reshape((3, 4))
    return [
        np.float32(100), 7, 2.5,
        np.array(102, dtype=np.int16),
        np.arange(4).astype(np.complex64),
        np.arange(8)[::2],
        np.arange(4.0)[::-1],
        a, a.copy(order="F"),
        np.arange(24).reshape((6, 4))[::2],
        make_layout(sample_array((3, 4), np.float64), "negstrided"),
        make_layout(sample_array((3, 4), np.int32), "readonly"),
        np.array([[True], [False], [True]]),
        np.arange(3, dtype=np.uint8).reshape(3, 1),
    ]


INPUTS = inputs()
IDS = ["f32", "int", "float", "0d", "c64_1d", "strided_1d", "neg_1d", "C", "F", "A", "negstrided",
       "readonly", "bool_col", "u8_col"]
#: the inputs whose shape ends as (3, 4)'s (Numba's nditer stretches no extent of 1)
MATCHING = INPUTS[:-2]
STRETCH = "Numba's nditer needs each operand's shape to equal the trailing extents of the largest; " \
          "pycomp broadcasts as NumPy (an extent of 1 stretches)"


# ------------------------------------------------------------------ one operand


@pytest.mark.parametrize("x", INPUTS, ids=IDS)
def test_nditer_one_operand(x):
    """One array in memory order when C or F, C order otherwise; a scalar once."""
    if isinstance(x, np.ndarray) and x.ndim > 1 and numba_layout(x) == "F":
        order = "F"
    else:
        order = "C"
    compare(nditer1, x, expected=expected_items((x,), order))
    compare(nditer_one_tuple, x, expected=expected_items((x,), visit_order((x,))))


@pytest.mark.parametrize("shape", [(3, 4), (2, 3, 2), (5,)])
def test_nditer_one_array_3d(shape):
    for layout in ("C", "F", "strided", "negstrided", "readonly"):
        a = make_layout(sample_array(shape, np.float64), layout)
        order = "F" if numba_layout(a) == "F" and a.ndim > 1 else "C"
        compare(nditer1, a, expected=expected_items((a,), order))


# ------------------------------------------------------------------ broadcast operands


@pytest.mark.parametrize("i", range(len(MATCHING)), ids=IDS[:len(MATCHING)])
def test_nditer_pairs(i):
    """Every pair of the inputs (Numba's test_nditer2), broadcast to (3, 4)."""
    a = MATCHING[i]
    for b in MATCHING:
        compare(nditer2, a, b, expected=expected_items((a, b)))


@numba_differs(STRETCH)
def test_nditer_pairs_stretching_a_column():
    for a in INPUTS[-2:]:
        for b in INPUTS:
            compare(nditer2, a, b, expected=expected_items((a, b)))
            compare(nditer2, b, a, expected=expected_items((b, a)))


def test_nditer_triples():
    basic = [np.arange(4).astype(np.complex64), np.arange(8)[::2], np.arange(12).reshape((3, 4)),
             np.arange(12).reshape((3, 4)).copy(order="F"), np.float32(1.5)]
    for a, b, c in itertools.product(basic, repeat=3):
        compare(nditer3, a, b, c, expected=expected_items((a, b, c)))


@numba_differs(STRETCH)
@pytest.mark.parametrize("sa, sb", [((3, 1), (1, 4)), ((2, 1, 3), (4, 1)), ((1,), (2, 3)), ((4, 1, 1), (1, 2, 1)),
                                    ((2, 1, 3), (2, 5, 3))])
def test_nditer_stretches_extents_of_one(sa, sb):
    a = sample_array(sa, np.int64, seed=1)
    b = sample_array(sb, np.float32, seed=2)
    compare(nditer2, a, b, expected=expected_items((a, b)))
    fa, fb = np.asfortranarray(a), np.asfortranarray(b)
    compare(nditer2, fa, fb, expected=expected_items((fa, fb)))


@pytest.mark.parametrize("dt_a, dt_b", [(np.bool_, np.int8), (np.uint64, np.complex128), (np.float32, np.int16),
                                        (np.uint16, np.bool_)])
def test_nditer_mixed_dtypes(dt_a, dt_b):
    a = sample_array((2, 3), dt_a, seed=3)
    b = sample_array((3,), dt_b, seed=4)
    compare(nditer2, a, b, expected=expected_items((a, b)))


@numba_differs("Numba fails to compile a bool scalar operand of np.nditer")
def test_nditer_bool_scalar_operand():
    a = np.arange(3.0)
    compare(nditer2, a, True, expected=expected_items((a, True)))


@pytest.mark.parametrize("sa, sb", [((0,), ()), ((0, 3), (3,)), ((2, 0), (0,)), ((0,), (0,))])
def test_nditer_empty(sa, sb):
    """A broadcast shape with no element: nothing visited (NumPy needs
    flags=['zerosize_ok'] to allow it)."""
    a = np.zeros(sa)
    b = np.ones(sb, np.int32) if sb else 3
    compare(nditer2, a, b, expected=[])
    compare(nditer_count, a, b, expected=0)
    compare(nditer1, a, expected=[])


@numba_differs(STRETCH)
def test_nditer_empty_by_stretching():
    compare(nditer2, np.zeros((2, 0)), np.ones((2, 1)), expected=[])
    compare(nditer2, np.zeros((0,)), np.ones((1,)), expected=[])


def test_nditer_counts_the_broadcast_size():
    compare(nditer_count, np.zeros((5, 7, 3)), np.zeros((7, 3)), expected=105)
    compare(nditer_count, 1.0, 2, expected=1)


@numba_differs(STRETCH)
def test_nditer_counts_the_stretched_size():
    compare(nditer_count, np.zeros((5, 1, 3)), np.zeros((7, 1)), expected=105)


# ------------------------------------------------------------------ writes through the views


def _write_reference(a, b):
    with np.nditer((a, b), op_flags=[["readwrite"], ["readonly"]], order=visit_order((a, b))) as it:
        for u, v in it:
            u[()] = u.item() * 10 + v.item()


def _check_write(layout, bshape):
    a = make_layout(sample_array((3, 4), np.int64, seed=5), layout)
    b = sample_array(bshape, np.int64, seed=6) if bshape else 9
    want = a.copy()
    _write_reference(want, b)
    got = make_layout(a, layout)
    with no_leaks():
        jitted(nditer_write)(got, b)
    assert_same(got, want)


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
@pytest.mark.parametrize("bshape", [(3, 4), (4,), ()])
def test_nditer_writes_into_the_operand(layout, bshape):
    _check_write(layout, bshape)


@numba_differs(STRETCH)
@pytest.mark.parametrize("layout", ["C", "F"])
def test_nditer_writes_with_a_stretched_operand(layout):
    _check_write(layout, (3, 1))


@pytest.mark.parametrize("layout", ["C", "F", "strided", "negstrided"])
def test_nditer_one_array_writes(layout):
    a = make_layout(sample_array((2, 3, 2), np.float64), layout)
    want = a + 1
    with no_leaks():
        jitted(nditer_write_one)(a)
    assert_same(a, want)
    z = np.array(4.5)
    jitted(nditer_write_one)(z)
    assert_same(z, np.array(5.5))


def test_nditer_scalar_view_is_the_iterators_copy():
    """A scalar operand's 0-d view holds the iterator's copy: a write
    through it stays for the following steps."""
    a = np.arange(4.0)
    compare(nditer_write_scalar_view, a, 1.0, expected=[1.0, 2.0, 4.0, 7.0])


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize("sa, sb", [((2,), (3,)), ((3, 4), (3,)), ((2, 3), (3, 2)), ((0,), (2,))])
def test_nditer_shape_mismatch_is_a_value_error(sa, sb):
    with pytest.raises(ValueError) as np_err:
        np.nditer((np.zeros(sa), np.zeros(sb)), flags=["zerosize_ok"])
    assert "operands could not be broadcast together" in str(np_err.value)
    with pytest.raises(ValueError, match="operands could not be broadcast together"):
        if is_pycomp:  # Numba leaks the operands when it raises here
            with no_leaks():
                jitted(nditer2)(np.zeros(sa), np.zeros(sb))
        else:
            jitted(nditer2)(np.zeros(sa), np.zeros(sb))


def nditer_list(x):
    for u in np.nditer(x):
        return u.item()
    return 0


def nditer_readonly_write(a):
    for u in np.nditer(a):
        u[()] = 1.0


@pytest.mark.parametrize("arg", [(np.zeros(2), [1, 2]), ("a", np.zeros(2))], ids=["tuple_list", "str"])
def test_nditer_unsupported_operands_are_typing_errors(arg):
    with pytest.raises(TypingError):
        jitted(nditer_list)(arg)


@numba_differs("Numba fails with an internal TypeError on np.nditer of a list")
def test_nditer_of_a_list_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(nditer_list)([1, 2])


@numba_differs("Numba yields writable 0-d views of a read-only array")
def test_nditer_write_to_readonly_is_a_typing_error():
    with pytest.raises(TypingError):
        jitted(nditer_readonly_write)(make_layout(np.zeros(3), "readonly"))
