"""pycomp's type objects, with Numba's names.

Every type is a plain, immutable Python object. Types are *interned*: building
``Array(float64, 2, "C")`` twice returns the same object, so identity is
equality and hashing is cheap. Each type gets a unique integer ``code`` when
it is first created; the dispatcher uses it to index its tables.

Importing this module imports neither xDSL nor llvmlite.

The textual form of a type (``str(t)``) is the grammar the numba-IR dialect
prints inside ``!nb.type<...>``; :func:`parse_type` reads it back.
"""

from __future__ import annotations

import itertools
import threading

__all__ = [
    "Type", "Number", "Integer", "Float", "Complex", "Boolean", "NoneType",
    "BaseTuple", "UniTuple", "Tuple", "BaseNamedTuple", "NamedUniTuple", "NamedTuple", "NamedTupleClass", "Array", "Optional", "Omitted", "RangeType",
    "RangeIter", "SliceType", "EllipsisType", "DType", "ArrayCTypes", "NumpyFlatType", "NumpyNdIterType", "NumpyNdIndexType",
    "NumpyNdEnumerateType",
    "ArrayIter", "UniTupleIter", "IteratorType", "ZipIter", "EnumerateIter", "Function", "Module", "Dispatcher",
    "ExceptionClass", "ExceptionInstance", "Cell", "Closure", "BoundFunction", "StringLiteral", "Unknown", "parse_type",
    "boolean", "none", "void", "optional", "unknown", "intp", "uintp",
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "float32", "float64", "complex64", "complex128",
    "integer_domain", "real_domain", "complex_domain", "number_domain",
    "signed_domain", "unsigned_domain", "range_state64", "range_iter64", "is_namedtuple_class",
    "slice2_type", "slice3_type", "ellipsis",
    "has_references",
]

_codes = itertools.count()
_intern_lock = threading.RLock()  # __init__ of one type may build others


class _TypeMeta(type):
    """Interns instances: the same key always gives back the same object."""

    def __call__(cls, *args, **kwargs):
        other = cls._redirect(*args, **kwargs)
        if other is not None:
            return other
        key = (cls, cls._key_from_args(*args, **kwargs))
        table = _TypeMeta._table
        found = table.get(key)
        if found is not None:
            return found
        with _intern_lock:
            found = table.get(key)
            if found is None:
                found = super().__call__(*args, **kwargs)
                found.code = next(_codes)
                table[key] = found
        return found


_TypeMeta._table = {}


class Type(metaclass=_TypeMeta):
    """Base of every pycomp type. Instances are interned and numbered.

    A type of an extension subclasses it as in Numba: ``__init__`` calls
    ``super().__init__(name="Interval")`` (the name is its ``str``); one
    instance exists per class and constructor arguments."""

    code: int
    #: whether values of this type may be held by the compiled function
    is_precise = True

    def __init__(self, name: str | None = None):
        if name is not None:
            self.name = name

    def __str__(self) -> str:
        return getattr(self, "name", None) or type(self).__name__

    @classmethod
    def _key_from_args(cls, *args, **kwargs):
        return args + tuple(sorted(kwargs.items()))

    @classmethod
    def _redirect(cls, *args, **kwargs):
        """Return an existing type to use instead of building ``cls``, or None."""
        return None

    def __repr__(self) -> str:
        return str(self)

    # identity is equality because of interning
    __hash__ = object.__hash__

    def __eq__(self, other):
        return self is other

    def __call__(self, *args):
        """``float64(int32, int32)`` builds a signature, as in Numba;
        ``int16(5)`` (one argument that is not a type) casts a Python value."""
        if len(args) == 1 and not isinstance(args[0], Type):
            return self.cast_python_value(args[0])
        from pycomp.signature import Signature

        return Signature(self, tuple(args))

    def cast_python_value(self, value):
        """The Python value of this type that ``value`` converts to."""
        raise TypeError("cannot cast a value to the type %s" % self)

    @property
    def key(self):
        """Numba's identity key of the type: its name for scalars, its
        parameters for parametrized types."""
        return str(self)


class Unknown(Type):
    """The type of a value before inference has given it one."""

    is_precise = False

    def __init__(self):
        pass

    def __str__(self):
        return "?"


# ---------------------------------------------------------------- numbers

class Number(Type):
    """Base of Integer, Float and Complex."""

    bitwidth: int
    name: str

    def cast_python_value(self, value):
        """As NumPy converts: ``int16(5)`` is ``np.int16(5)``."""
        import numpy as np

        return getattr(np, self.name)(value)

    @property
    def key(self):
        return self.name

    def __getitem__(self, dims):
        """Numba's array shorthand: ``float64[:]``, ``float64[:, ::1]`` (C),
        ``float64[::1, :]`` (F)."""
        dims = dims if isinstance(dims, tuple) else (dims,)
        marks = []
        for d in dims:
            if not isinstance(d, slice) or d.start is not None or d.stop is not None \
                    or d.step not in (None, 1):
                raise TypeError("an array type is spelled with ':' and '::1' only, as in %s[:, ::1]" % self)
            marks.append("1" if d.step == 1 else ":")
        return Array(self, len(marks), _layout_of_marks(marks))


class Integer(Number):
    def __init__(self, bitwidth: int, signed: bool = True):
        self.bitwidth = bitwidth
        self.signed = signed
        self.name = ("int%d" if signed else "uint%d") % bitwidth

    def __str__(self):
        return self.name

    @property
    def minval(self) -> int:
        return -(1 << (self.bitwidth - 1)) if self.signed else 0

    @property
    def maxval(self) -> int:
        return (1 << (self.bitwidth - (1 if self.signed else 0))) - 1


class Boolean(Integer):
    """Python ``bool``: an i1 that converts to and from the integers."""

    def __init__(self):
        self.bitwidth = 1
        self.signed = False
        self.name = "bool"

    @classmethod
    def _key_from_args(cls):
        return ()

    def cast_python_value(self, value):
        return bool(value)


class Float(Number):
    def __init__(self, bitwidth: int):
        self.bitwidth = bitwidth
        self.name = "float%d" % bitwidth

    def __str__(self):
        return self.name


class Complex(Number):
    def __init__(self, bitwidth: int):
        self.bitwidth = bitwidth
        self.name = "complex%d" % bitwidth
        self.underlying_float = Float(bitwidth // 2)

    def __str__(self):
        return self.name


class NoneType(Type):
    def __init__(self):
        pass

    def __str__(self):
        return "none"


class Omitted(Type):
    """A parameter left to its default in a call from Python (Numba's
    ``omitted(default=...)``): the specialization folds the default in as a
    constant. ``value_type`` is the type the value is passed with."""

    def __init__(self, value, value_type: "Type"):
        self.value = value
        self.value_type = value_type

    @classmethod
    def _key_from_args(cls, value, value_type):
        return (type(value), value, value_type)

    def __str__(self):
        return "omitted(default=%r)" % (self.value,)


class Optional(Type):
    """A value of ``type`` or None (Numba's ``Optional``): what a variable
    holds when None reaches it on one path and a ``type`` on another.
    ``Optional(Optional(t))`` is ``Optional(t)``; ``Optional(none)`` is none."""

    @classmethod
    def _redirect(cls, type):
        if isinstance(type, Optional):
            return type
        if isinstance(type, NoneType):
            return type
        return None

    def __init__(self, type: Type):
        self.type = type

    def __str__(self):
        return "optional(%s)" % self.type

    @property
    def key(self):
        return self.type


# ---------------------------------------------------------------- tuples

class BaseTuple(Type):
    """A tuple; ``types`` holds the element types."""

    types: tuple[Type, ...]

    def __len__(self):
        return len(self.types)

    def __iter__(self):
        return iter(self.types)

    def __getitem__(self, i):
        return self.types[i]


class UniTuple(BaseTuple):
    """A homogeneous tuple: ``count`` elements of ``dtype``."""

    def __init__(self, dtype: Type, count: int):
        self.dtype = dtype
        self.count = count
        self.types = (dtype,) * count

    def __str__(self):
        return "UniTuple(%s x %d)" % (self.dtype, self.count)

    @property
    def key(self):
        return (self.dtype, self.count)


class Tuple(BaseTuple):
    """A heterogeneous tuple. ``Tuple((t, t))`` gives back ``UniTuple(t, 2)``."""

    @classmethod
    def _redirect(cls, types):
        types = _type_list(types)
        if types and all(t is types[0] for t in types):
            return UniTuple(types[0], len(types))
        return None

    @classmethod
    def _key_from_args(cls, types):
        return (tuple(types),)

    def __init__(self, types):
        self.types = tuple(types)

    def __str__(self):
        return "Tuple(%s)" % ", ".join(str(t) for t in self.types)

    @property
    def key(self):
        return self.types


def _type_list(types) -> tuple:
    """The item types of a tuple type, checked to be a sequence (Numba's
    error for ``Tuple(int32)``)."""
    if isinstance(types, Type) or not hasattr(types, "__iter__"):
        from pycomp.errors import TypingError

        raise TypingError("Argument 'types' is not iterable")
    return tuple(types)


class BaseNamedTuple(BaseTuple):
    """A tuple of a ``collections.namedtuple`` (or ``typing.NamedTuple``)
    class: ``instance_class`` is the class, ``fields`` its field names. A
    namedtuple type is distinct from the plain tuple of the same items (its
    values box back as instances of the class) and converts to no other
    type but the same class with converted items (as in Numba)."""

    instance_class: type
    fields: tuple[str, ...]

    @staticmethod
    def from_types(types, cls) -> "BaseNamedTuple":
        """``NamedUniTuple`` when the items have one type, else ``NamedTuple``."""
        return NamedTuple(types, cls)


class NamedUniTuple(UniTuple, BaseNamedTuple):
    """A homogeneous namedtuple: ``count`` items of ``dtype`` (Numba's
    ``NamedUniTuple``). Everything a ``UniTuple`` does (variable indexes,
    iteration) it does too."""

    def __init__(self, dtype: Type, count: int, cls: type):
        super().__init__(dtype, count)
        self.instance_class = cls
        self.fields = tuple(cls._fields)

    @classmethod
    def _key_from_args(cls, dtype, count, pycls):
        return (dtype, count, pycls)

    def __str__(self):
        return "NamedUniTuple(%s, %s x %d)" % (_qualified_name(self.instance_class), self.dtype, self.count)

    @property
    def key(self):
        return (self.instance_class, self.dtype, self.count)


class NamedTuple(Tuple, BaseNamedTuple):
    """A heterogeneous namedtuple (Numba's ``NamedTuple``);
    ``NamedTuple((t, t), cls)`` gives back ``NamedUniTuple(t, 2, cls)``."""

    @classmethod
    def _redirect(cls, types, pycls):
        types = _type_list(types)
        if types and all(t is types[0] for t in types):
            return NamedUniTuple(types[0], len(types), pycls)
        return None

    @classmethod
    def _key_from_args(cls, types, pycls):
        return (tuple(types), pycls)

    def __init__(self, types, cls: type):
        super().__init__(types)
        self.instance_class = cls
        self.fields = tuple(cls._fields)

    def __str__(self):
        return "NamedTuple(%s, %s)" % (_qualified_name(self.instance_class),
                                       ", ".join(str(t) for t in self.types) or "()")

    @property
    def key(self):
        return (self.instance_class, self.types)


class NamedTupleClass(Type):
    """A namedtuple class used as a value in compiled code: calling it
    builds a namedtuple (keywords and the class's defaults too)."""

    def __init__(self, cls: type):
        self.instance_class = cls

    def __str__(self):
        return "namedtuple_class(%s)" % _qualified_name(self.instance_class)

    @property
    def key(self):
        return self.instance_class


def is_namedtuple_class(obj) -> bool:
    """Whether ``obj`` is a class made by ``collections.namedtuple`` or
    ``typing.NamedTuple`` (a tuple subclass with ``_fields``)."""
    return isinstance(obj, type) and issubclass(obj, tuple) and isinstance(getattr(obj, "_fields", None), tuple)


# ---------------------------------------------------------------- arrays

class Array(Type):
    """A NumPy array view: dtype, number of dimensions, layout ('C', 'F' or
    'A' for any strides) and whether compiled code may write to it."""

    def __init__(self, dtype: Type, ndim: int, layout: str, readonly: bool = False):
        if layout not in ("C", "F", "A"):
            raise ValueError("layout must be 'C', 'F' or 'A', not %r" % (layout,))
        layout = self._key_from_args(dtype, ndim, layout, readonly)[2]  # 0-d and 1-d F are C
        self.dtype = dtype
        self.ndim = ndim
        self.layout = layout
        self.readonly = readonly
        self.mutable = not readonly

    @classmethod
    def _key_from_args(cls, dtype, ndim, layout, readonly=False):
        if ndim == 0 or (ndim == 1 and layout == "F"):
            layout = "C"
        return (dtype, ndim, layout, readonly)

    def copy(self, dtype=None, ndim=None, layout=None, readonly=None):
        return Array(
            self.dtype if dtype is None else dtype,
            self.ndim if ndim is None else ndim,
            self.layout if layout is None else layout,
            self.readonly if readonly is None else readonly,
        )

    def __str__(self):
        ro = ", readonly" if self.readonly else ""
        return "array(%s, %dd, %s%s)" % (self.dtype, self.ndim, self.layout, ro)

    @property
    def key(self):
        """Numba's: (dtype, ndim, layout, mutable, aligned)."""
        return (self.dtype, self.ndim, self.layout, self.mutable, True)


def has_references(t: Type) -> bool:
    """Whether values of ``t`` hold references to reference-counted run-time
    memory: arrays, and tuples and optionals holding arrays."""
    if isinstance(t, Array):
        return True
    if isinstance(t, BaseTuple):
        return any(has_references(e) for e in t.types)
    if isinstance(t, Optional):
        return has_references(t.type)
    return False


# ---------------------------------------------------------------- iteration

class RangeType(Type):
    """The value of ``range(...)``: start, stop, step of one integer type."""

    def __init__(self, dtype: Integer):
        self.dtype = dtype

    def __str__(self):
        return "range_state_%s" % self.dtype


class SliceType(Type):
    """A slice value, ``start:stop`` or ``start:stop:step`` (Numba's
    ``slice2_type`` and ``slice3_type``: ``has_step`` tells whether a step
    was written, which decides the layout of an array sliced with it). Its
    value holds three int64s, the parts left out (None) filled in when the
    slice is made (see the data model)."""

    def __init__(self, has_step: bool):
        self.has_step = has_step

    def __str__(self):
        return "slice<a:b:c>" if self.has_step else "slice<a:b>"


class EllipsisType(Type):
    """``...`` in an index (Numba's ``ellipsis``); a compile-time value."""

    def __init__(self):
        pass

    def __str__(self):
        return "ellipsis"


class IteratorType(Type):
    """Base of the iterators: ``yield_type`` is the type of the items
    ``next()`` produces. Every iterator is a pointer to its mutable state
    (see the CPU data models), so ``iter()`` of an iterator is itself."""

    yield_type: Type


class RangeIter(IteratorType):
    """The iterator over a range: a pointer to mutable (next, stop, step)."""

    def __init__(self, dtype: Integer):
        self.dtype = dtype
        self.yield_type = dtype

    def __str__(self):
        return "range_iter_%s" % self.dtype


class ArrayIter(IteratorType):
    """The iterator over the first dimension of an array."""

    def __init__(self, array: Array):
        self.array = array
        self.yield_type = array.dtype if array.ndim == 1 else array.copy(ndim=array.ndim - 1, layout="A")

    def __str__(self):
        return "iter(%s)" % self.array


class UniTupleIter(IteratorType):
    """The iterator over a homogeneous tuple."""

    def __init__(self, tup: UniTuple):
        self.tuple = tup
        self.yield_type = tup.dtype

    def __str__(self):
        return "iter(%s)" % self.tuple


class ZipIter(IteratorType):
    """``zip(a, b, ...)``: one iterator per argument; yields the tuple of
    their items and stops at the first one exhausted."""

    def __init__(self, iterators):
        self.iterators = tuple(iterators)
        self.yield_type = Tuple([it.yield_type for it in self.iterators])

    @classmethod
    def _key_from_args(cls, iterators):
        return (tuple(iterators),)

    def __str__(self):
        return "zip(%s)" % ", ".join(str(it) for it in self.iterators)


class EnumerateIter(IteratorType):
    """``enumerate(x[, start])``: an int64 count and the iterator over ``x``;
    yields ``(count, item)``."""

    def __init__(self, iterator: IteratorType):
        self.iterator = iterator
        self.yield_type = Tuple((int64, iterator.yield_type))

    def __str__(self):
        return "enumerate(%s)" % self.iterator


class DType(Type):
    """The dtype of an array, ``a.dtype`` (Numba's ``DType``): a compile-time
    value naming element type ``dtype``, accepted wherever a dtype argument
    is (``np.empty(n, a.dtype)``, ``b.astype(a.dtype)``)."""

    def __init__(self, dtype: Type):
        self.dtype = dtype

    def __str__(self):
        return "dtype(%s)" % self.dtype


class ArrayCTypes(Type):
    """``a.ctypes`` of an array of type ``array``: its value is the address
    of the array's data, which ``.data`` reads as an integer."""

    def __init__(self, array: Array):
        self.array = array

    def __str__(self):
        return "ctypes(%s)" % self.array


class NumpyFlatType(IteratorType):
    """``a.flat``: iterates over every element of ``array`` in C order and is
    indexed by a flat (C-order) position, ``a.flat[i]`` (Numba's name)."""

    def __init__(self, array: Array):
        self.array = array
        self.yield_type = array.dtype

    def __str__(self):
        return "array.flat(%s)" % self.array


class NumpyNdIterType(IteratorType):
    """``np.nditer(a)`` of one array: yields each element in C order as a
    0-d array viewing it (``x.item()`` or ``x[()]`` reads it)."""

    def __init__(self, array: Array):
        self.array = array
        self.yield_type = Array(array.dtype, 0, "C", array.readonly)

    def __str__(self):
        return "nditer(%s)" % self.array


class NumpyNdIndexType(IteratorType):
    """``np.ndindex(shape)``: the index tuples of a shape of ``ndim``
    dimensions, in C order."""

    def __init__(self, ndim: int):
        self.ndim = ndim
        self.yield_type = UniTuple(intp, ndim)

    def __str__(self):
        return "ndindex(%dd)" % self.ndim


class NumpyNdEnumerateType(IteratorType):
    """``np.ndenumerate(a)``: ``(index tuple, element)`` pairs in C order."""

    def __init__(self, array: Array):
        self.array = array
        self.yield_type = Tuple((UniTuple(intp, array.ndim), array.dtype))

    def __str__(self):
        return "ndenumerate(%s)" % self.array


# ---------------------------------------------------------------- callables and objects

class Function(Type):
    """A global callable typed by templates of the typing context (a builtin,
    a math function, an operator). ``key`` is the Python object."""

    key = None  # an instance attribute here, not Type's property

    def __init__(self, key, name: str | None = None):
        self.key = key
        self.name = name or _qualified_name(key)

    @classmethod
    def _key_from_args(cls, key, name=None):
        return (_identity_key(key),)

    def __str__(self):
        return "function(%s)" % self.name


class BoundFunction(Type):
    """A method bound to a receiver (``arr.sum``): typed by ``template``
    with the receiver type ``this``."""

    def __init__(self, template, this: Type):
        self.template = template
        self.this = this

    def __str__(self):
        return "bound_function(%s.%s)" % (self.this, getattr(self.template, "key", "?"))


class StringLiteral(Type):
    """A constant string (exception messages, keyword names)."""

    def __init__(self, value: str):
        self.value = value

    def __str__(self):
        return "literal_str(%r)" % self.value


class Module(Type):
    """A Python module used as a namespace (``math``, ``numpy``)."""

    def __init__(self, pymod):
        self.pymod = pymod

    @classmethod
    def _key_from_args(cls, pymod):
        return (pymod.__name__,)

    def __str__(self):
        return "module(%s)" % self.pymod.__name__


class Dispatcher(Type):
    """A jitted function used as a value inside another jitted function."""

    def __init__(self, dispatcher):
        self.dispatcher = dispatcher

    @classmethod
    def _key_from_args(cls, dispatcher):
        return (id(dispatcher),)

    def __str__(self):
        return "dispatcher(%s)" % _qualified_name(self.dispatcher.py_func)

    @property
    def key(self):
        return self.dispatcher


class Cell(Type):
    """A closure cell holding a ``T``: a variable of a function that an inner
    function uses (``co_cellvars``). Loads and stores go through memory, so
    the inner function sees the variable's value when it is called and may
    assign it (``nonlocal``)."""

    def __init__(self, type: Type):
        self.type = type

    def __str__(self):
        return "cell(%s)" % self.type


class Closure(Type):
    """An inner function that uses variables of its enclosing function: the
    lifted function (a dispatcher whose first parameter is the environment)
    and the types of the cells it captures, in ``co_freevars`` order. Its
    value is the environment: the cells. An inner function with no free
    variables is a plain :class:`Dispatcher`."""

    def __init__(self, dispatcher, cell_types):
        self.dispatcher = dispatcher
        self.cell_types = tuple(cell_types)

    @classmethod
    def _key_from_args(cls, dispatcher, cell_types):
        return (id(dispatcher), tuple(cell_types))

    def __str__(self):
        return "closure(%s, (%s))" % (self.dispatcher.py_func.__qualname__,
                                      ", ".join(str(t) for t in self.cell_types))


class ExceptionClass(Type):
    """An exception class (``ValueError``) used as a constant."""

    def __init__(self, exc_class):
        self.exc_class = exc_class

    @classmethod
    def _key_from_args(cls, exc_class):
        return (exc_class,)

    def __str__(self):
        return "exception_class(%s)" % _qualified_name(self.exc_class)


class ExceptionInstance(Type):
    """An exception instance with constant arguments (``ValueError("x")``)."""

    def __init__(self, exc_class):
        self.exc_class = exc_class

    @classmethod
    def _key_from_args(cls, exc_class):
        return (exc_class,)

    def __str__(self):
        return "exception(%s)" % _qualified_name(self.exc_class)


def _identity_key(obj):
    try:
        hash(obj)
        return obj
    except TypeError:
        return id(obj)


def _qualified_name(obj) -> str:
    mod = getattr(obj, "__module__", None) or ""
    name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or repr(obj)
    if mod in ("builtins", ""):
        return name
    return "%s.%s" % (mod, name)


# ---------------------------------------------------------------- instances

unknown = Unknown()
boolean = bool_ = Boolean()
none = void = NoneType()
optional = Optional

int8, int16, int32, int64 = (Integer(b) for b in (8, 16, 32, 64))
uint8, uint16, uint32, uint64 = (Integer(b, False) for b in (8, 16, 32, 64))
intp, uintp = int64, uint64
intc, uintc = int32, uint32
byte = uint8
float32, float64 = Float(32), Float(64)
float_, double = float32, float64
complex64, complex128 = Complex(64), Complex(128)

# Numba's domains are frozensets; NUMBER_TYPES keeps a fixed order for tables
SIGNED_TYPES = (int8, int16, int32, int64)
UNSIGNED_TYPES = (uint8, uint16, uint32, uint64)
NUMBER_TYPES = SIGNED_TYPES + UNSIGNED_TYPES + (float32, float64, complex64, complex128)
signed_domain = frozenset(SIGNED_TYPES)
unsigned_domain = frozenset(UNSIGNED_TYPES)
integer_domain = signed_domain | unsigned_domain
real_domain = frozenset((float32, float64))
complex_domain = frozenset((complex64, complex128))
number_domain = integer_domain | real_domain | complex_domain

range_state64 = RangeType(int64)
range_iter64 = RangeIter(int64)
slice2_type, slice3_type = SliceType(False), SliceType(True)
ellipsis = EllipsisType()

# ---------------------------------------------------------------- textual form

def _layout_of_marks(marks) -> str:
    """The layout of an array spelled with one mark per dimension: ':' for
    any stride, '1' for ``::1`` (contiguous), as in ``float64[:, ::1]``."""
    if marks[-1] == "1" and all(d == ":" for d in marks[:-1]):
        return "C"
    if marks[0] == "1" and all(d == ":" for d in marks[1:]):
        return "F"
    return "A"


# the textual form lives in its own module; these stay importable from here
from pycomp.type_grammar import _SCALARS, _resolve_path, parse_type  # noqa: E402,F401
