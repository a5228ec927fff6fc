"""Tests for the C helper module pycomp._helperlib (csrc/_helperlib.c).

The C helpers are called through ctypes prototypes built with
ctypes.PYFUNCTYPE: those keep the GIL held during the call and turn a Python
error set by the callee into a raised exception, exactly as the generated
CPython wrappers expect.  make_function() and the GIL helpers are exercised
with small METH_FASTCALL wrappers JIT-compiled by llvmlite.
"""

import ctypes
import gc
import inspect
import math
import sys
import threading
import time
import tracemalloc
import weakref

import numpy as np
import pytest

try:
    from pycomp import _helperlib
except ImportError as exc:  # pragma: no cover - depends on the build
    pytest.skip(
        f"pycomp._helperlib is not built ({exc}); "
        "run `python setup.py build_ext --inplace` first",
        allow_module_level=True,
    )

HELPERS = _helperlib.c_helpers


def _cfunc(name, restype, *argtypes):
    """ctypes callable for the C helper `name`, called with the GIL held."""
    return ctypes.PYFUNCTYPE(restype, *argtypes)(HELPERS[name])


CMATH_NAMES = ("sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
               "sinh", "cosh", "tanh", "asinh", "acosh", "atanh")


def test_numeric_helpers_match_python():
    import cmath

    cpow = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_double, ctypes.c_double, ctypes.c_double,
                            ctypes.c_double, ctypes.POINTER(ctypes.c_double))(HELPERS["pycomp_complex_pow"])
    out = (ctypes.c_double * 2)()
    for a, b in [(1 + 2j, 2 + 0j), (1 + 2j, 3 - 1j), (-1.5 + 0.5j, 0.5 + 0.25j), (2j, 0j), (3 + 4j, -2 + 0j)]:
        assert cpow(a.real, a.imag, b.real, b.imag, out) == 0
        want = a ** b
        assert complex(out[0], out[1]) == pytest.approx(want, rel=1e-13)
    assert cpow(0.0, 0.0, -1.0, 0.0, out) == 1  # the caller raises ZeroDivisionError
    gcd = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64, ctypes.c_int64)(HELPERS["pycomp_gcd"])
    for a, b in [(12, 18), (-12, 18), (0, 5), (0, 0), (2**62, 2**40)]:
        assert gcd(a, b) == math.gcd(a, b)
    csqrt = ctypes.CFUNCTYPE(None, ctypes.c_double, ctypes.c_double,
                             ctypes.POINTER(ctypes.c_double))(HELPERS["pycomp_cmath_sqrt"])
    csqrt(-4.0, 0.0, out)
    assert complex(out[0], out[1]) == cmath.sqrt(-4 + 0j)


def test_c_helpers_dict():
    expected = {
        "pycomp_unbox_array",
        "pycomp_raise_static",
        "pycomp_release_gil",
        "pycomp_acquire_gil",
        "pycomp_unbox_int64",
        "pycomp_unbox_uint64",
        "pycomp_unbox_float64",
        "pycomp_unbox_complex128",
        "pycomp_unbox_bool",
        "pycomp_complex_pow",
        "pycomp_numpy_cpow",  # the power ufunc's complex loops: tests/test_ufunc_loops.py
        "pycomp_numpy_cpowf",
        "pycomp_gcd",
        # exceptions with run-time values: tests/test_lang_raise_values.py
        "pycomp_exc_set_values",
        # the memory runtime and array boxing (tests/test_nrt.py)
        "pycomp_nrt_allocate",
        "pycomp_nrt_allocate_dtor",
        "pycomp_nrt_meminfo_new",
        "pycomp_nrt_incref",
        "pycomp_nrt_decref",
        "pycomp_box_array",
        "pycomp_box_array_descr",
        "pycomp_readonly_result",  # a read-only result never hands back the caller's writeable array
        "pycomp_box_meminfo_owner",
        # records (structured scalars): tests/test_records.py
        "pycomp_box_record",
        "pycomp_unbox_record",
        "pycomp_box_charseq",
        "pycomp_box_unicharseq",
        "pycomp_unbox_charseq",
        "pycomp_unbox_unicharseq",
        # an array borrowed from Python kept alive by a typed list: tests/test_typed_list.py
        "pycomp_meminfo_for_parent",
        # datetime64 / timedelta64 scalars: tests/test_datetimes.py
        "pycomp_unbox_datetime",
        "pycomp_box_datetime",
        # bytes, bytearray, memoryview arguments: tests/test_buffers.py
        "pycomp_unbox_buffer",
        # str values: tests/test_strings.py
        "pycomp_unbox_str",
        "pycomp_box_str",
        "pycomp_str_compare",
        "pycomp_str_equal",
        "pycomp_str_copy",
        "pycomp_str_read",
    } | {"pycomp_cmath_" + n for n in CMATH_NAMES} | {"pycomp_cmath_rect"}
    assert set(HELPERS) == expected
    addrs = list(HELPERS.values())
    assert all(isinstance(a, int) and a > 0 for a in addrs)
    assert len(set(addrs)) == len(addrs)


# ---------------------------------------------------------------------------
# pycomp_unbox_array
# ---------------------------------------------------------------------------

HEADER_FIELDS = [
    ("meminfo", ctypes.c_void_p),
    ("parent", ctypes.c_void_p),
    ("nitems", ctypes.c_int64),
    ("itemsize", ctypes.c_int64),
    ("data", ctypes.c_void_p),
]
GUARD = 0x5A


def _array_struct(ndim):
    class Array(ctypes.Structure):
        _fields_ = HEADER_FIELDS + [("shape_and_strides", ctypes.c_int64 * (2 * ndim))]

    return Array


_unbox_array = _cfunc(
    "pycomp_unbox_array", ctypes.c_int, ctypes.py_object, ctypes.c_void_p, ctypes.c_int
)


def unbox_array(arr, ndim):
    """Unbox `arr` into a guarded buffer; check nothing is written past the end."""
    struct = _array_struct(ndim)
    size = ctypes.sizeof(struct)
    buf = (ctypes.c_ubyte * (size + 64))(*([GUARD] * (size + 64)))
    assert _unbox_array(arr, ctypes.addressof(buf), ndim) == 0
    assert all(b == GUARD for b in buf[size:]), "wrote past the pycomp_array"
    return struct.from_buffer_copy(bytes(buf[:size]))


def test_array_layout():
    # The header is five 8-byte fields; shape/strides follow immediately.
    assert ctypes.sizeof(_array_struct(0)) == 40
    assert _array_struct(2).shape_and_strides.offset == 40


def _check_unboxed(arr):
    s = unbox_array(arr, arr.ndim)
    assert s.meminfo is None
    assert s.parent == id(arr)
    assert s.nitems == arr.size
    assert s.itemsize == arr.itemsize
    assert (s.data or 0) == arr.__array_interface__["data"][0]
    assert (s.data or 0) == arr.ctypes.data
    assert list(s.shape_and_strides[: arr.ndim]) == list(arr.shape)
    assert list(s.shape_and_strides[arr.ndim :]) == list(arr.strides)
    return s


BASE = np.arange(60, dtype=np.float64).reshape(6, 10)


@pytest.mark.parametrize(
    "arr",
    [
        pytest.param(BASE, id="C"),
        pytest.param(np.asfortranarray(BASE), id="F"),
        pytest.param(BASE[::2], id="rows[::2]"),
        pytest.param(BASE[:, ::-1], id="cols[::-1]"),
        pytest.param(BASE[1::2, 3:8:2], id="2d-strided"),
        pytest.param(BASE.ravel()[::3], id="1d[::3]"),
        pytest.param(BASE.T, id="transposed"),
        pytest.param(np.arange(24, dtype=np.int8).reshape(2, 3, 4), id="3d-int8"),
        pytest.param(np.zeros((3, 0)), id="empty"),
        pytest.param(np.array(7.5), id="0d"),
        pytest.param(np.zeros(5, dtype=np.complex128), id="complex"),
        pytest.param(np.broadcast_to(np.arange(4), (3, 4)), id="broadcast-0-stride"),
    ],
)
def test_unbox_array_layouts(arr):
    _check_unboxed(arr)


def test_unbox_array_negative_stride_data_pointer():
    arr = BASE[:, ::-1]
    s = _check_unboxed(arr)
    assert s.shape_and_strides[3] == -8
    # data points at element [0, 0] of the view, i.e. BASE[0, 9].
    assert s.data == BASE.ctypes.data + 9 * 8


def test_unbox_array_readonly():
    arr = np.arange(10.0)
    arr.flags.writeable = False
    s = _check_unboxed(arr)
    assert s.data == arr.ctypes.data


def test_unbox_array_subclass():
    arr = np.ma.masked_array(np.arange(6).reshape(2, 3))
    assert type(arr) is not np.ndarray
    _check_unboxed(arr)


def test_unbox_array_does_not_touch_refcount():
    arr = np.arange(5)
    before = sys.getrefcount(arr)
    for _ in range(10):
        unbox_array(arr, 1)
    assert sys.getrefcount(arr) == before


def test_unbox_array_wrong_ndim():
    with pytest.raises(TypeError, match=r"expected a 2-d array, got a 1-d array"):
        unbox_array(np.arange(3), 2)
    with pytest.raises(TypeError, match=r"expected a 0-d array, got a 1-d array"):
        unbox_array(np.arange(3), 0)


@pytest.mark.parametrize("obj", [[1, 2, 3], (1.0,), 3.0, None, memoryview(b"ab")])
def test_unbox_array_not_an_array(obj):
    with pytest.raises(TypeError, match=r"expected a 1-d array, got " + type(obj).__name__):
        unbox_array(obj, 1)


# ---------------------------------------------------------------------------
# Scalar unboxing
# ---------------------------------------------------------------------------

_unbox_int64 = _cfunc(
    "pycomp_unbox_int64", ctypes.c_int, ctypes.py_object, ctypes.POINTER(ctypes.c_int64)
)
_unbox_uint64 = _cfunc(
    "pycomp_unbox_uint64", ctypes.c_int, ctypes.py_object, ctypes.POINTER(ctypes.c_uint64)
)
_unbox_float64 = _cfunc(
    "pycomp_unbox_float64", ctypes.c_int, ctypes.py_object, ctypes.POINTER(ctypes.c_double)
)
_unbox_complex128 = _cfunc(
    "pycomp_unbox_complex128",
    ctypes.c_int,
    ctypes.py_object,
    ctypes.POINTER(ctypes.c_double),
    ctypes.POINTER(ctypes.c_double),
)
_unbox_bool = _cfunc(
    "pycomp_unbox_bool", ctypes.c_int, ctypes.py_object, ctypes.POINTER(ctypes.c_int8)
)


def unbox_int64(obj):
    out = ctypes.c_int64(12345)
    assert _unbox_int64(obj, ctypes.byref(out)) == 0
    return out.value


def unbox_uint64(obj):
    out = ctypes.c_uint64(12345)
    assert _unbox_uint64(obj, ctypes.byref(out)) == 0
    return out.value


def unbox_float64(obj):
    out = ctypes.c_double(12345.0)
    assert _unbox_float64(obj, ctypes.byref(out)) == 0
    return out.value


def unbox_complex128(obj):
    re, im = ctypes.c_double(123.0), ctypes.c_double(456.0)
    assert _unbox_complex128(obj, ctypes.byref(re), ctypes.byref(im)) == 0
    return complex(re.value, im.value)


def unbox_bool(obj):
    out = ctypes.c_int8(42)
    assert _unbox_bool(obj, ctypes.byref(out)) == 0
    return out.value


class Indexable:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class Floatable:
    def __float__(self):
        return 2.25


class Complexable:
    def __complex__(self):
        return 1.5 - 2j


class BadBool:
    def __bool__(self):
        raise ZeroDivisionError("no truth")


INT_TYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


@pytest.mark.parametrize(
    "obj, expected",
    [
        (0, 0),
        (-1, -1),
        (2**63 - 1, 2**63 - 1),
        (-(2**63), -(2**63)),
        (True, 1),
        (False, 0),
        (np.True_, 1),
        (np.False_, 0),
        (np.int64(-(2**63)), -(2**63)),
        (np.uint64(2**63 - 1), 2**63 - 1),
        (np.intp(-7), -7),
        (Indexable(99), 99),
    ]
    + [(t(100), 100) for t in INT_TYPES]
    + [(t(-100), -100) for t in INT_TYPES if np.issubdtype(t, np.signedinteger)],
)
def test_unbox_int64(obj, expected):
    value = unbox_int64(obj)
    assert value == expected and type(value) is int


@pytest.mark.parametrize(
    "obj, exc",
    [
        (2**63, OverflowError),
        (-(2**63) - 1, OverflowError),
        (2**200, OverflowError),
        (np.uint64(2**64 - 1), OverflowError),
        (1.0, TypeError),
        (np.float64(1.0), TypeError),
        (np.float32(2.0), TypeError),
        (1j, TypeError),
        ("1", TypeError),
        (None, TypeError),
        (np.arange(2), TypeError),
    ],
)
def test_unbox_int64_errors(obj, exc):
    with pytest.raises(exc):
        unbox_int64(obj)


@pytest.mark.parametrize(
    "obj, expected",
    [
        (0, 0),
        (2**64 - 1, 2**64 - 1),
        (2**63, 2**63),
        (np.uint64(2**64 - 1), 2**64 - 1),
        (True, 1),
        (np.True_, 1),
        (np.False_, 0),
        (Indexable(5), 5),
    ]
    + [(t(100), 100) for t in INT_TYPES],
)
def test_unbox_uint64(obj, expected):
    assert unbox_uint64(obj) == expected


@pytest.mark.parametrize(
    "obj, exc",
    [
        (-1, OverflowError),
        (np.int64(-1), OverflowError),
        (np.int8(-1), OverflowError),
        (2**64, OverflowError),
        (1.0, TypeError),
        (np.float64(3.0), TypeError),
        ("1", TypeError),
    ],
)
def test_unbox_uint64_errors(obj, exc):
    with pytest.raises(exc):
        unbox_uint64(obj)


@pytest.mark.parametrize(
    "obj, expected",
    [
        (1.5, 1.5),
        (-0.0, -0.0),
        (3, 3.0),
        (2**53 + 1, float(2**53 + 1)),
        (True, 1.0),
        (np.True_, 1.0),
        (np.float64(0.1), 0.1),
        (np.float32(1.5), 1.5),
        (np.float16(0.5), 0.5),
        (np.longdouble(2.5), 2.5),
        (np.int32(-7), -7.0),
        (np.uint64(2**64 - 1), float(2**64 - 1)),
        (float("inf"), math.inf),
        (Floatable(), 2.25),
        (Indexable(4), 4.0),
    ],
)
def test_unbox_float64(obj, expected):
    value = unbox_float64(obj)
    assert value == expected
    assert math.copysign(1.0, value) == math.copysign(1.0, expected)


def test_unbox_float64_nan():
    assert math.isnan(unbox_float64(float("nan")))
    assert math.isnan(unbox_float64(np.float32("nan")))


@pytest.mark.parametrize(
    "obj, exc",
    [
        ("1.0", TypeError),
        (None, TypeError),
        (1j, TypeError),
        (np.complex128(1.0), TypeError),
        (np.complex64(1.0), TypeError),
        (2**1024, OverflowError),
    ],
)
def test_unbox_float64_errors(obj, exc):
    with pytest.raises(exc):
        unbox_float64(obj)


@pytest.mark.parametrize(
    "obj, expected",
    [
        (1 + 2j, 1 + 2j),
        (-0.5j, -0.5j),
        (np.complex128(3 - 4j), 3 - 4j),
        (np.complex64(1.5 + 2.5j), 1.5 + 2.5j),
        (np.clongdouble(0.25 + 8j), 0.25 + 8j),
        (1.5, 1.5 + 0j),
        (3, 3 + 0j),
        (True, 1 + 0j),
        (np.float32(2.5), 2.5 + 0j),
        (np.int64(-4), -4 + 0j),
        (Complexable(), 1.5 - 2j),
    ],
)
def test_unbox_complex128(obj, expected):
    assert unbox_complex128(obj) == expected


@pytest.mark.parametrize("obj", ["1j", None, [1]])
def test_unbox_complex128_errors(obj):
    with pytest.raises(TypeError):
        unbox_complex128(obj)


@pytest.mark.parametrize(
    "obj, expected",
    [
        (True, 1),
        (False, 0),
        (0, 0),
        (2, 1),
        (-1, 1),
        (0.0, 0),
        ("", 0),
        ("a", 1),
        ([], 0),
        ([0], 1),
        (None, 0),
        (np.True_, 1),
        (np.False_, 0),
        (np.float64(0.0), 0),
        (np.float64("nan"), 1),
        (np.int8(-3), 1),
        (np.array([5]), 1),
    ],
)
def test_unbox_bool(obj, expected):
    assert unbox_bool(obj) == expected


def test_unbox_bool_errors():
    with pytest.raises(ZeroDivisionError, match="no truth"):
        unbox_bool(BadBool())
    with pytest.raises(ValueError):
        unbox_bool(np.arange(3))


# ---------------------------------------------------------------------------
# Static exceptions
# ---------------------------------------------------------------------------

_raise_static = _cfunc("pycomp_raise_static", None, ctypes.c_int32)


class MyError(ArithmeticError):
    def __init__(self, code, detail):
        super().__init__(code, detail)
        self.code = code
        self.detail = detail


class ConstructorFails(Exception):
    def __init__(self, *args):
        raise RuntimeError("constructor failed")


class NotAnException:
    pass


@pytest.fixture
def exc_table():
    """A fresh exception table, restoring the previous one afterwards."""
    saved = _helperlib.get_exception_table()
    table = [
        (ZeroDivisionError, ()),
        (ValueError, ("bad value",)),
        (KeyError, ("key",)),
        (MyError, (42, "detail")),
        (OSError, (2, "no such file")),
    ]
    _helperlib.set_exception_table(table)
    yield table
    _helperlib.set_exception_table(saved)


def test_raise_static_no_args(exc_table):
    with pytest.raises(ZeroDivisionError) as info:
        _raise_static(0)
    assert type(info.value) is ZeroDivisionError
    assert info.value.args == ()
    assert str(info.value) == ""


def test_raise_static_one_arg(exc_table):
    with pytest.raises(ValueError) as info:
        _raise_static(1)
    assert info.value.args == ("bad value",)
    assert str(info.value) == "bad value"
    with pytest.raises(KeyError) as info:
        _raise_static(2)
    assert info.value.args == ("key",)


def test_raise_static_two_args_custom_class(exc_table):
    with pytest.raises(MyError) as info:
        _raise_static(3)
    assert type(info.value) is MyError
    assert info.value.args == (42, "detail")
    assert (info.value.code, info.value.detail) == (42, "detail")


def test_raise_static_uses_constructor_type(exc_table):
    # OSError(ENOENT, ...) constructs a FileNotFoundError: the instance's
    # type is raised, not the class stored in the table.
    with pytest.raises(FileNotFoundError) as info:
        _raise_static(4)
    assert info.value.errno == 2
    assert info.value.strerror == "no such file"


def test_raise_static_sees_later_appends(exc_table):
    exc_table.append((IndexError, ("appended later",)))
    with pytest.raises(IndexError, match="appended later"):
        _raise_static(len(exc_table) - 1)


def test_raise_static_is_repeatable(exc_table):
    # Each raise creates a fresh instance.
    seen = []
    for _ in range(3):
        with pytest.raises(ValueError) as info:
            _raise_static(1)
        seen.append(info.value)
    assert len({id(e) for e in seen}) == 3
    assert all(e.args == ("bad value",) for e in seen)


@pytest.mark.parametrize("index", [5, 1000, -1, -(2**31), 2**31 - 1])
def test_raise_static_out_of_range(exc_table, index):
    with pytest.raises(SystemError, match=r"index -?\d+ out of range \(exception table has 5 entries\)"):
        _raise_static(index)


@pytest.mark.parametrize(
    "entry",
    [
        (ValueError, "not a tuple"),
        ("not a class", ()),
        (NotAnException, ()),
        (ValueError,),
        [ValueError, ()],
        None,
    ],
)
def test_raise_static_malformed_entry(exc_table, entry):
    exc_table.append(entry)
    with pytest.raises(SystemError, match="is not an \\(exception class, args tuple\\[, where\\]\\) tuple"):
        _raise_static(len(exc_table) - 1)


def test_raise_static_adds_the_source_frame(exc_table):
    """A third item (function, file, line) becomes the traceback's last frame."""
    import traceback

    exc_table.append((ValueError, ("bad",), ("user_function", __file__, 7)))
    with pytest.raises(ValueError) as info:
        _raise_static(len(exc_table) - 1)
    last = traceback.extract_tb(info.value.__traceback__)[-1]
    assert (last.name, last.filename, last.lineno) == ("user_function", __file__, 7)
    assert info.value.args == ("bad",)


@pytest.mark.parametrize("where", [None, ("f", "file.py"), (1, "file.py", 3), ("f", "file.py", "3"),
                                   ("f", "file.py", 2**80)])
def test_raise_static_ignores_a_malformed_source_frame(exc_table, where):
    import traceback

    exc_table.append((KeyError, ("k",), where))
    with pytest.raises(KeyError) as info:
        _raise_static(len(exc_table) - 1)
    assert info.value.args == ("k",)
    assert all(fr.filename != "file.py" for fr in traceback.extract_tb(info.value.__traceback__))


def test_raise_static_constructor_error_propagates(exc_table):
    exc_table.append((ConstructorFails, (1,)))
    with pytest.raises(RuntimeError, match="constructor failed"):
        _raise_static(len(exc_table) - 1)


def test_raise_static_without_table():
    saved = _helperlib.get_exception_table()
    try:
        _helperlib.set_exception_table(None)
        assert _helperlib.get_exception_table() is None
        with pytest.raises(SystemError, match="no exception table is set"):
            _raise_static(0)
    finally:
        _helperlib.set_exception_table(saved)


def test_set_exception_table_keeps_the_list_object():
    saved = _helperlib.get_exception_table()
    try:
        table = []
        before = sys.getrefcount(table)
        _helperlib.set_exception_table(table)
        assert sys.getrefcount(table) == before + 1
        assert _helperlib.get_exception_table() is table
        # Replacing the table drops the reference to the old one.
        _helperlib.set_exception_table([])
        assert sys.getrefcount(table) == before
    finally:
        _helperlib.set_exception_table(saved)


@pytest.mark.parametrize("bad", [(), {}, "abc", 1])
def test_set_exception_table_rejects_non_lists(bad):
    with pytest.raises(TypeError, match="exception table must be a list"):
        _helperlib.set_exception_table(bad)


# ---------------------------------------------------------------------------
# JIT-compiled METH_FASTCALL wrappers (make_function, GIL helpers)
# ---------------------------------------------------------------------------


def _sym(lib, name):
    return ctypes.cast(getattr(lib, name), ctypes.c_void_p).value


class JIT:
    """A few tiny METH_FASTCALL wrappers JIT-compiled with llvmlite.

    add(a, b)               -> a + b, both unboxed with pycomp_unbox_int64
    raise_static(i)         -> calls pycomp_raise_static(i), returns NULL
    get_self()              -> the wrapper's `self` argument
    nogil_wait(ent, flag)   -> releases the GIL, stores 1 to *ent, waits
                               (<= 10 s) for *flag != 0, re-acquires the GIL
                               and returns *flag (ent/flag: int32 addresses)
    """

    def __init__(self):
        llvm = pytest.importorskip("llvmlite.binding")
        ir = pytest.importorskip("llvmlite.ir")
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()

        self.ir = ir
        ptr, i64, i32 = ir.PointerType(), ir.IntType(64), ir.IntType(32)
        self.ptr, self.i64, self.i32 = ptr, i64, i32
        void = ir.VoidType()
        mod = self.module = ir.Module("test_helperlib")
        mod.triple = llvm.get_process_triple()

        def decl(name, ret, *args):
            return ir.Function(mod, ir.FunctionType(ret, args), name)

        self.unbox_int64 = decl("pycomp_unbox_int64", i32, ptr, ptr)
        self.raise_static = decl("pycomp_raise_static", void, i32)
        self.release_gil = decl("pycomp_release_gil", ptr)
        self.acquire_gil = decl("pycomp_acquire_gil", void, ptr)
        self.long_from_longlong = decl("PyLong_FromLongLong", ptr, i64)
        self.err_setstring = decl("PyErr_SetString", void, ptr, ptr)
        self.incref = decl("Py_IncRef", void, ptr)
        self.usleep = decl("usleep", i32, i32)
        self.exc_type_error = ir.GlobalVariable(mod, ptr, "PyExc_TypeError")

        self._build_add()
        self._build_raise_static()
        self._build_get_self()
        self._build_nogil_wait()

        symbols = dict(HELPERS)
        for name in ("PyLong_FromLongLong", "PyErr_SetString", "Py_IncRef"):
            symbols[name] = _sym(ctypes.pythonapi, name)
        symbols["PyExc_TypeError"] = ctypes.addressof(
            ctypes.c_void_p.in_dll(ctypes.pythonapi, "PyExc_TypeError")
        )
        symbols["usleep"] = _sym(ctypes.CDLL(None), "usleep")
        for name, addr in symbols.items():
            llvm.add_symbol(name, addr)

        tm = llvm.Target.from_default_triple().create_target_machine()
        llmod = llvm.parse_assembly(str(mod))
        llmod.verify()
        self.engine = llvm.create_mcjit_compiler(llmod, tm)
        self.engine.finalize_object()

    def address(self, name):
        addr = self.engine.get_function_address(name)
        assert addr
        return addr

    # -- IR building ---------------------------------------------------------

    def _wrapper(self, name, nargs):
        """Start a wrapper function; return (fn, builder) after the nargs check."""
        ir = self.ir
        fnty = ir.FunctionType(self.ptr, [self.ptr, self.ptr, self.i64])
        fn = ir.Function(self.module, fnty, name)
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        ok, bad = fn.append_basic_block("nargs_ok"), fn.append_basic_block("nargs_bad")
        b.cbranch(b.icmp_signed("==", fn.args[2], self.i64(nargs)), ok, bad)
        b.position_at_end(bad)
        msg = f"{name}() takes exactly {nargs} arguments".encode() + b"\0"
        gv = ir.GlobalVariable(self.module, ir.ArrayType(ir.IntType(8), len(msg)), f"msg_{name}")
        gv.initializer = ir.Constant(gv.value_type, bytearray(msg))
        gv.global_constant = True
        gv.linkage = "internal"
        b.call(self.err_setstring, [b.load(self.exc_type_error, typ=self.ptr), gv])
        b.ret(self.ptr(None))
        b.position_at_end(ok)
        return fn, b

    def _unbox_arg(self, fn, b, i):
        """Unbox args[i] as int64, returning NULL from fn on error."""
        slot = b.alloca(self.i64)
        arg = b.load(b.gep(fn.args[1], [self.i64(i)], source_etype=self.ptr), typ=self.ptr)
        rc = b.call(self.unbox_int64, [arg, slot])
        ok, bad = fn.append_basic_block(f"arg{i}_ok"), fn.append_basic_block(f"arg{i}_bad")
        b.cbranch(b.icmp_signed("==", rc, self.i32(0)), ok, bad)
        b.position_at_end(bad)
        b.ret(self.ptr(None))
        b.position_at_end(ok)
        return b.load(slot, typ=self.i64)

    def _build_add(self):
        fn, b = self._wrapper("add", 2)
        x = self._unbox_arg(fn, b, 0)
        y = self._unbox_arg(fn, b, 1)
        b.ret(b.call(self.long_from_longlong, [b.add(x, y)]))

    def _build_raise_static(self):
        fn, b = self._wrapper("raise_static", 1)
        index = self._unbox_arg(fn, b, 0)
        b.call(self.raise_static, [b.trunc(index, self.i32)])
        b.ret(self.ptr(None))

    def _build_get_self(self):
        fn, b = self._wrapper("get_self", 0)
        b.call(self.incref, [fn.args[0]])
        b.ret(fn.args[0])

    def _build_nogil_wait(self):
        i32 = self.i32
        fn, b = self._wrapper("nogil_wait", 2)
        entered = b.inttoptr(self._unbox_arg(fn, b, 0), self.ptr)
        flag = b.inttoptr(self._unbox_arg(fn, b, 1), self.ptr)
        counter = b.alloca(i32)
        b.store(i32(0), counter)
        state = b.call(self.release_gil, [])
        b.atomic_rmw("xchg", entered, i32(1), "seq_cst")
        head, sleep, done = (fn.append_basic_block(n) for n in ("head", "sleep", "done"))
        b.branch(head)
        b.position_at_end(head)
        seen = b.icmp_signed("!=", b.load_atomic(flag, "seq_cst", 4, typ=i32), i32(0))
        count = b.load(counter, typ=i32)
        b.cbranch(b.or_(seen, b.icmp_signed(">=", count, i32(10_000))), done, sleep)
        b.position_at_end(sleep)
        b.call(self.usleep, [i32(1000)])
        b.store(b.add(count, i32(1)), counter)
        b.branch(head)
        b.position_at_end(done)
        value = b.load_atomic(flag, "seq_cst", 4, typ=i32)
        b.call(self.acquire_gil, [state])
        b.ret(b.call(self.long_from_longlong, [b.sext(value, self.i64)]))


@pytest.fixture(scope="module")
def jit():
    return JIT()


class KeepAlive:
    """Stands in for the JIT engine owning the machine code."""

    def __init__(self, engine):
        self.engine = engine


def test_make_function_calls_wrapper(jit):
    add = _helperlib.make_function(jit.address("add"), "add", "Add two int64.", jit.engine)
    assert add(2, 3) == 5
    assert add(-(2**63), 0) == -(2**63)
    assert add(2**62, 2**62 - 1) == 2**63 - 1
    assert add(np.int32(4), True) == 5
    assert list(map(add, [1, 2, 3], [10, 20, 30])) == [11, 22, 33]
    assert add(*[7, 8]) == 15


def test_make_function_error_paths(jit):
    add = _helperlib.make_function(jit.address("add"), "add", None, jit.engine)
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        add("a", 1)
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        add(1, 2.5)
    with pytest.raises(OverflowError):
        add(2**63, 0)
    with pytest.raises(TypeError, match=r"add\(\) takes exactly 2 arguments"):
        add(1)
    with pytest.raises(TypeError, match="keyword"):
        add(1, b=2)
    # The function still works after errors.
    assert add(1, 1) == 2


def test_make_function_raise_static(jit, exc_table):
    raise_ = _helperlib.make_function(jit.address("raise_static"), "raise_", None, jit.engine)
    with pytest.raises(MyError) as info:
        raise_(3)
    assert info.value.args == (42, "detail")
    with pytest.raises(ValueError, match="^bad value$"):
        raise_(1)
    with pytest.raises(SystemError, match="out of range"):
        raise_(99)


def test_make_function_attributes(jit):
    ka = KeepAlive(jit.engine)
    addr = jit.address("add")
    add = _helperlib.make_function(addr, "my_add", "Adds.", ka)
    assert type(add).__name__ == "builtin_function_or_method"
    assert add.__name__ == "my_add"
    assert add.__doc__ == "Adds."
    assert add.__qualname__.endswith("my_add")
    owner = add.__self__
    assert isinstance(owner, _helperlib.FunctionOwner)
    assert owner.keepalive is ka
    assert owner.address == addr
    assert owner.name == "my_add"
    assert owner.doc == "Adds."
    assert _helperlib.make_function(addr, "f", None, None).__doc__ is None
    # __module__ starts as None and is writable.
    assert add.__module__ is None
    add.__module__ = "user_module"
    assert add.__module__ == "user_module"
    # Non-ASCII names survive the UTF-8 round trip.
    assert _helperlib.make_function(addr, "sümme", None, None).__name__ == "sümme"


def test_make_function_text_signature(jit):
    doc = "add(a, b, /)\n--\n\nAdd two int64."
    add = _helperlib.make_function(jit.address("add"), "add", doc, None)
    assert add.__doc__ == "Add two int64."
    assert str(inspect.signature(add)) == "(a, b, /)"


def test_wrapper_receives_owner_as_self(jit):
    get_self = _helperlib.make_function(jit.address("get_self"), "get_self", None, None)
    owner = get_self.__self__
    assert get_self() is owner
    before = sys.getrefcount(owner)
    for _ in range(5):
        get_self()
    assert sys.getrefcount(owner) == before


def test_make_function_releases_keepalive(jit):
    ka = KeepAlive(jit.engine)
    ref = weakref.ref(ka)
    base = sys.getrefcount(ka)
    fn = _helperlib.make_function(jit.address("add"), "add", "doc", ka)
    assert sys.getrefcount(ka) == base + 1
    fn2 = _helperlib.make_function(jit.address("add"), "add", "doc", ka)
    assert sys.getrefcount(ka) == base + 2
    del fn2
    assert sys.getrefcount(ka) == base + 1
    assert fn(20, 22) == 42
    del ka
    assert ref() is not None  # kept alive by the function only
    assert fn(1, 2) == 3
    del fn
    assert ref() is None  # released by refcounting alone, no gc needed


def test_make_function_releases_name_and_doc(jit):
    name = "".join(["dyn", "amic_name"])
    doc = "".join(["dyn", "amic doc"])
    name_rc, doc_rc = sys.getrefcount(name), sys.getrefcount(doc)
    fn = _helperlib.make_function(jit.address("add"), name, doc, None)
    assert fn.__name__ == name
    del fn
    assert sys.getrefcount(name) == name_rc
    assert sys.getrefcount(doc) == doc_rc


def test_make_function_cycle_is_collected(jit):
    # A dispatcher typically holds its compiled function while the function
    # keeps the dispatcher alive: the cycle must be collectable.
    ka = KeepAlive(jit.engine)
    ka.fn = _helperlib.make_function(jit.address("add"), "add", None, ka)
    ref = weakref.ref(ka)
    assert ka.fn(1, 2) == 3
    del ka
    assert ref() is not None
    gc.collect()
    assert ref() is None


def test_make_function_no_leak(jit):
    addr = jit.address("add")

    def churn(n, start):
        for i in range(start, start + n):
            fn = _helperlib.make_function(addr, f"f{i}", f"doc {i}", KeepAlive(jit.engine))
            assert fn(i, 1) == i + 1

    churn(1000, 0)  # warm up caches and allocator pools
    gc.collect()
    tracemalloc.start()
    try:
        churn(100, 10_000)
        gc.collect()
        before, _ = tracemalloc.get_traced_memory()
        churn(20_000, 20_000)
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # A leak of even one small object per function would be >= 20000 * 32 bytes.
    assert after - before < 64 * 1024


def test_make_function_bad_arguments(jit):
    addr = jit.address("add")
    with pytest.raises(ValueError, match="must not be 0"):
        _helperlib.make_function(0, "f", None, None)
    with pytest.raises(TypeError):
        _helperlib.make_function(float(addr), "f", None, None)
    with pytest.raises(TypeError):
        _helperlib.make_function(addr, b"f", None, None)
    with pytest.raises(TypeError, match="doc must be str or None"):
        _helperlib.make_function(addr, "f", b"doc", None)
    with pytest.raises(TypeError):
        _helperlib.make_function(addr, "f", None)  # keepalive is required
    fn = _helperlib.make_function(address=addr, name="kw", doc=None, keepalive=None)
    assert fn(3, 4) == 7


def test_gil_release_and_acquire(jit):
    """The wrapper releases the GIL, so another Python thread gets to run."""
    wait = _helperlib.make_function(jit.address("nogil_wait"), "nogil_wait", None, jit.engine)
    entered, flag = ctypes.c_int32(0), ctypes.c_int32(0)

    def other_thread():
        # Can only make progress while the main thread has released the GIL.
        deadline = time.monotonic() + 10
        while not entered.value and time.monotonic() < deadline:
            time.sleep(0.001)
        flag.value = 7

    t = threading.Thread(target=other_thread)
    t.start()
    try:
        result = wait(ctypes.addressof(entered), ctypes.addressof(flag))
    finally:
        t.join()
    assert entered.value == 1
    assert result == 7
    # The GIL is held again: normal Python execution continues.
    assert threading.current_thread() is threading.main_thread()
