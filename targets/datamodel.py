"""The data model of 64-bit LLVM targets (the CPU and CUDA targets share it):
how each pycomp type is represented in LLVM (as xDSL llvm
dialect types).

- integers -> iN, bool -> i1 (i8 in memory), floats -> f32/f64,
  complex -> struct {f, f};
- tuples -> a struct of their members' models;
- arrays -> a struct {meminfo ptr, parent ptr, nitems i64, itemsize i64,
  data ptr, shape [n x i64], strides [n x i64]}, the layout the C helper
  library unboxes into and the memory runtime will fill;
- optional(T) -> struct {T, i1 valid} (valid is 0 for None);
- range -> struct {start, stop, step}; slice -> struct {start, stop, step}
  of i64 with the parts left out filled in (:func:`slice_fields`);
  iterators (range, array, tuple,
  zip, enumerate) -> a pointer to their mutable state (allocated in the
  function's entry block, see :func:`iterator_state_type`);
- str -> struct {data ptr, length i64, kind i32, is_ascii i32, hash i64,
  meminfo ptr, parent ptr} (Numba's layout; see pycomp.types.strings);
- list(T) -> a pointer to its meminfo (payload: size, capacity, item
  buffer; see pycomp.targets.cpu.impl_lists);
- cell(T) -> a pointer to a stack slot holding T; a closure -> a struct of
  its cells' pointers (its environment);
- compile-time-only values (functions, modules, exception classes,
  string literals, none, ellipsis) -> i8 placeholders;
- a type class from outside pycomp -> what :func:`register_model` gave it
  (i8 if nothing).
"""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.dialects.builtin import Float32Type, Float64Type, IntegerType

from pycomp import types as ty

__all__ = ["MEMINFO", "MEMINFO_DATA_FIELD", "llvm_type", "register_model", "memory_type", "is_compile_time", "iterator_state_type", "slice_fields", "ARRAY_FIELDS", "UNICODE_STRUCT", "UNICODE_FIELDS", "array_struct", "PTR", "I1", "I8", "I32", "I64", "F64"]

PTR = llvm.LLVMPointerType()
I1, I8, I32, I64 = IntegerType(1), IntegerType(8), IntegerType(32), IntegerType(64)
F32, F64 = Float32Type(), Float64Type()

#: the runtime's memory block header (csrc/nrt.h pycomp_meminfo): refcount,
#: destructor, its argument, data pointer, size in bytes
MEMINFO = llvm.LLVMStructType.from_type_list([I64, PTR, PTR, PTR, I64])
MEMINFO_DATA_FIELD = 3

#: a str value (Numba's layout): data, length (code points), kind (bytes per
#: code point), is_ascii, hash (-1: not computed), meminfo (null: borrowed),
#: parent (the Python str it came from, or null)
UNICODE_STRUCT = llvm.LLVMStructType.from_type_list([PTR, I64, I32, I32, I64, PTR, PTR])
UNICODE_FIELDS = {"data": 0, "length": 1, "kind": 2, "is_ascii": 3, "hash": 4, "meminfo": 5, "parent": 6}

#: field indices of the array struct
ARRAY_FIELDS = {"meminfo": 0, "parent": 1, "nitems": 2, "itemsize": 3, "data": 4, "shape": 5, "strides": 6}

_cache: dict = {}

#: type class -> function giving the LLVM type of its instances (register_model)
_MODELS: dict = {}


def register_model(type_class: type, fn):
    """Represent the pycomp types of ``type_class`` (a ``pycomp.types.Type``
    subclass; its subclasses too) by ``fn(t)``, an llvm-dialect type
    (``llvm.LLVMStructType.from_type_list([F64, F64])``); returns ``fn``.
    A registered model comes before the built-in ones. The cache is
    emptied, so no type keeps a model computed before (a tuple holding one
    of these types included)."""
    _MODELS[type_class] = fn
    _cache.clear()
    return fn


def _registered_model(t):
    for cls in type(t).__mro__:
        fn = _MODELS.get(cls)
        if fn is not None:
            return fn(t)
    return None


def array_struct(ndim: int):
    key = ("array", ndim)
    t = _cache.get(key)
    if t is None:
        dims = llvm.LLVMArrayType(ndim, I64)
        t = _cache[key] = llvm.LLVMStructType.from_type_list([PTR, PTR, I64, I64, PTR, dims, dims])
    return t


def llvm_type(t: ty.Type):
    """The LLVM type of an SSA value of pycomp type ``t``."""
    r = _cache.get(t)
    if r is None:
        r = _registered_model(t) if _MODELS else None
        if r is None:
            r = _builtin_model(t)
        _cache[t] = r
    return r


def _builtin_model(t: ty.Type):
    if isinstance(t, ty.Boolean):
        r = I1
    elif isinstance(t, ty.Integer):
        r = IntegerType(t.bitwidth)
    elif t is ty.float32:
        r = F32
    elif t is ty.float64:
        r = F64
    elif isinstance(t, ty.Complex):
        f = llvm_type(t.underlying_float)
        r = llvm.LLVMStructType.from_type_list([f, f])
    elif isinstance(t, ty.BaseTuple):
        r = llvm.LLVMStructType.from_type_list([llvm_type(e) for e in t.types]) if len(t) else I8
    elif isinstance(t, ty.Array):
        r = array_struct(t.ndim)
    elif isinstance(t, ty.Optional):
        r = llvm.LLVMStructType.from_type_list([llvm_type(t.type), I1])
    elif isinstance(t, (ty.RangeType, ty.SliceType)):
        r = llvm.LLVMStructType.from_type_list([I64, I64, I64])
    elif isinstance(t, (ty.NPDatetime, ty.NPTimedelta)):  # a count of units; NaT is INT64_MIN
        r = I64
    elif isinstance(t, ty.UnicodeType):
        r = UNICODE_STRUCT
    elif isinstance(t, ty.Record):  # a pointer to the record's bytes (in an array, or an argument's)
        r = PTR
    elif isinstance(t, ty.CharSeq):  # the field's bytes
        r = llvm.LLVMArrayType(t.count, I8)
    elif isinstance(t, ty.UnicodeCharSeq):  # the field's UCS-4 code points
        r = llvm.LLVMArrayType(t.count, IntegerType(32))
    elif isinstance(t, (ty.IteratorType, ty.Cell, ty.List)):  # a list: its meminfo (pycomp.targets.cpu.impl_lists)
        r = PTR
    elif isinstance(t, ty.Closure):  # its environment: the captured cells
        r = llvm.LLVMStructType.from_type_list([PTR] * len(t.cell_types))
    else:
        r = I8
    return r


_COMPILE_TIME = (ty.Function, ty.Module, ty.Dispatcher, ty.ExceptionClass, ty.ExceptionInstance,
                 ty.NamedTupleClass, ty.StringLiteral, ty.NoneType, ty.BoundFunction, ty.EllipsisType,
                 ty.DType)

#: the int64 range a slice's parts are clipped to
INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


def slice_fields(start, stop, step) -> tuple:
    """The (start, stop, step) a slice value holds for Python parts (ints
    or None), as the slice's code computes them at run time: no step is 1; a
    start or stop left out is the end the step walks from or to (0 and
    INT64_MAX for a positive step, INT64_MAX and INT64_MIN for a negative
    one), which clipping to an extent turns into Python's
    ``slice.indices``. The step is at least -INT64_MAX, so it negates."""
    step = 1 if step is None else max(int(step), -INT64_MAX)
    if start is None:
        start = 0 if step > 0 else INT64_MAX
    if stop is None:
        stop = INT64_MAX if step > 0 else INT64_MIN
    clip = lambda v: min(max(int(v), INT64_MIN), INT64_MAX)  # noqa: E731
    return clip(start), clip(stop), min(step, INT64_MAX)


def is_compile_time(t: ty.Type) -> bool:
    """Whether values of ``t`` carry no run-time data (the type says all)."""
    return isinstance(t, _COMPILE_TIME)


def itemsize_of(dtype: ty.Type) -> int:
    """Bytes per element of an array of ``dtype`` (a record's size)."""
    from pycomp.typeof import as_numpy_dtype

    return as_numpy_dtype(dtype).itemsize


def load_value(b, t: ty.Type, ptr):
    """The value of type ``t`` stored at ``ptr`` (an array element, say): a
    bool is a byte in memory; a record's value is a reference to its bytes,
    ``ptr`` itself."""
    if isinstance(t, ty.Record):
        return ptr
    v = b.load(ptr, memory_type(t))
    return b.cast("trunc", v, I1) if isinstance(t, ty.Boolean) else v


def store_value(b, t: ty.Type, value, ptr) -> None:
    """Store ``value`` of type ``t`` at ``ptr``: a bool as a byte; a record
    by copying its bytes."""
    if isinstance(t, ty.Record):
        block = memory_type(t)
        b.store(b.load(value, block), ptr)
        return
    if isinstance(t, ty.Boolean):
        value = b.cast("zext", value, I8)
    b.store(value, ptr)


def memory_type(t: ty.Type):
    """The type of ``t`` when stored in memory (bool is a byte; a record
    its bytes)."""
    if isinstance(t, ty.Boolean):
        return I8
    if isinstance(t, ty.Record):
        return llvm.LLVMArrayType(t.size, I8)
    return llvm_type(t)


def iterator_state_type(t: ty.Type):
    """The struct an iterator's state pointer points to: range (next, stop,
    step); array, tuple and list (index, container); zip (the pointers of its
    iterators; a byte for ``zip()``); enumerate (count, iterator pointer)."""
    if isinstance(t, ty.RangeIter):
        return llvm.LLVMStructType.from_type_list([I64, I64, I64])
    if isinstance(t, ty.ArrayIter):
        return llvm.LLVMStructType.from_type_list([I64, llvm_type(t.array)])
    if isinstance(t, ty.UniTupleIter):
        return llvm.LLVMStructType.from_type_list([I64, llvm_type(t.tuple)])
    if isinstance(t, ty.ZipIter):
        return llvm.LLVMStructType.from_type_list([PTR] * len(t.iterators) or [I8])
    if isinstance(t, ty.ListIter):
        return llvm.LLVMStructType.from_type_list([I64, PTR])
    if isinstance(t, ty.EnumerateIter):
        return llvm.LLVMStructType.from_type_list([I64, PTR])
    raise TypeError(t)
