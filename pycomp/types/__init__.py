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


__all__ = [
    "Type", "Number", "Integer", "Float", "Complex", "Boolean", "NoneType",
    "BaseTuple", "UniTuple", "Tuple", "BaseNamedTuple", "NamedUniTuple", "NamedTuple", "NamedTupleClass", "Array", "Optional", "Omitted", "RangeType",
    "RangeIter", "SliceType", "EllipsisType", "DType", "ArrayCTypes", "ArrayFlags", "NumpyFlatType", "NumpyNdIterType", "NumpyNdIndexType",
    "NumpyNdEnumerateType",
    "ArrayIter", "UniTupleIter", "IteratorType", "ZipIter", "EnumerateIter", "Function", "Module", "Dispatcher",
    "ExceptionClass", "ExceptionInstance", "Cell", "Closure", "BoundFunction", "StringLiteral", "Unknown", "parse_type",
    "boolean", "none", "void", "optional", "unknown", "intp", "uintp",
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "float32", "float64", "complex64", "complex128",
    "integer_domain", "real_domain", "complex_domain", "number_domain",
    "signed_domain", "unsigned_domain", "range_state64", "range_iter64", "is_namedtuple_class",
    "slice2_type", "slice3_type", "ellipsis",
    "has_references", "List", "ListIter", "Record", "NestedArray", "CharSeq", "UnicodeCharSeq", "NPDatetime", "NPTimedelta",
    "UnicodeType", "unicode_type", "Bytes", "ByteArray", "MemoryView", "Set",
]


from pycomp.types.abstract import *  # noqa: F401,F403
from pycomp.types.abstract import Type, Unknown, _identity_key, _qualified_name  # noqa: F401
from pycomp.types.scalars import *  # noqa: F401,F403
from pycomp.types.containers import *  # noqa: F401,F403
from pycomp.types.containers import _layout_of_marks, _type_list  # noqa: F401
from pycomp.types.iterators import *  # noqa: F401,F403
from pycomp.types.functions import *  # noqa: F401,F403
from pycomp.types.strings import *  # noqa: F401,F403
from pycomp.types.lists import *  # noqa: F401,F403
from pycomp.types.records import *  # noqa: F401,F403
from pycomp.types.datetimes import *  # noqa: F401,F403
from pycomp.types.datetimes import DATETIME_UNITS, NAT  # noqa: F401

unknown = Unknown()

# the textual form lives in its own module; these stay importable from here
from pycomp.type_grammar import _SCALARS, _resolve_path, parse_type  # noqa: E402,F401

# the classes' public home is this package (names in messages and pickles)
for _cls in list(globals().values()):
    if isinstance(_cls, type) and _cls.__module__.startswith("pycomp.types."):
        _cls.__module__ = __name__
del _cls
