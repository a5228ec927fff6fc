"""The textual form of pycomp types: ``parse_type`` reads back what
``str(type)`` prints (``array(float64, 2d, C)``, ``UniTuple(int64 x 3)``,
``optional(float64)``, ...) and Numba's spellings (``f8``, ``float64[:, ::1]``,
``void``). Signatures (pycomp.signature) and the nb dialect's type attribute
use it.

A type from outside pycomp gets its name with :func:`register_type_name`
(``register_type_name("interval", interval_type)``: ``str(t)`` prints the
name, ``parse_type`` reads it back), or from the ``pycomp.types`` entry
point group (``interval = "pycomp_toy.types:interval_type"``), loaded the
first time the name is met, so ``!nb.type<interval>`` parses before the
package is imported.
"""

from __future__ import annotations

from pycomp.types import (  # noqa: F401
    Array, ArrayIter, Cell, List, ListIter, EnumerateIter, ExceptionClass, ExceptionInstance, Function, Module, NUMBER_TYPES,
    NamedTuple, NamedTupleClass, NamedUniTuple, Optional, RangeIter, RangeType, Tuple, Type,
    UniTuple, UniTupleIter, ZipIter, _layout_of_marks, boolean, complex128, complex64, float32,
    float64, int16, int32, int64, int8, intc, intp, is_namedtuple_class,
    none, uint16, uint32, uint64, uint8, uintc, uintp, unknown, unicode_type, StringLiteral,
    Bytes, ByteArray, MemoryView
)

__all__ = ["parse_type", "register_type_name"]


_SCALARS = {str(t): t for t in (boolean, none) + NUMBER_TYPES}
_SCALARS.update({"?": unknown, "boolean": boolean, "bool_": boolean, "intp": intp, "uintp": uintp,
                 "intc": intc, "uintc": uintc, "void": none, "none": none, "byte": uint8,
                 "f4": float32, "f8": float64, "i1": int8, "i2": int16, "i4": int32, "i8": int64,
                 "u1": uint8, "u2": uint16, "u4": uint32, "u8": uint64, "c8": complex64,
                 "c16": complex128, "double": float64, "float_": float32,
                 "unicode_type": unicode_type})


#: names of types from outside pycomp (register_type_name, the pycomp.types entry points)
_NAMED: dict[str, Type] = {}


def register_type_name(name: str, t: Type) -> Type:
    """Make ``name`` (letters, digits, ``_``) parse as the type ``t``, whose
    ``str`` must be ``name`` so it prints and parses back; returns ``t``. A
    name of the grammar's own cannot be taken."""
    if not name.replace("_", "a").isalnum():
        raise ValueError("a type name is letters, digits and '_', not %r" % name)
    if name in _SCALARS or name in _KEYWORDS or name.startswith(("range_state_", "range_iter_")):
        raise ValueError("%r is a type name of pycomp's own" % name)
    if str(t) != name:
        raise ValueError("the type %r prints as %r, not as its name %r" % (t, str(t), name))
    _NAMED[name] = t
    return t


def _named_type(name: str) -> Type | None:
    """The type registered under ``name``, loading its ``pycomp.types``
    entry point the first time; None if there is none."""
    t = _NAMED.get(name)
    if t is None:
        from importlib.metadata import entry_points

        for ep in entry_points(group="pycomp.types", name=name):
            t = register_type_name(name, ep.load())
            break
    return t


class _TypeParser:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def error(self, what):
        raise ValueError("cannot parse type %r at %d: %s" % (self.text, self.pos, what))

    def skip(self):
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1

    def word(self) -> str:
        self.skip()
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum() or self.text[self.pos] in "_.?"):
            self.pos += 1
        if start == self.pos:
            self.error("expected a name")
        return self.text[start:self.pos]

    def expect(self, ch):
        self.skip()
        if not self.text.startswith(ch, self.pos):
            self.error("expected %r" % ch)
        self.pos += len(ch)

    def accept(self, ch) -> bool:
        self.skip()
        if self.text.startswith(ch, self.pos):
            self.pos += len(ch)
            return True
        return False

    def parse(self) -> Type:
        t = self.parse_base()
        # Numba's array shorthand: float64[:], float64[:, ::1] (C), float64[::1, :] (F)
        if self.accept("["):
            dims = []
            while True:
                self.expect(":")
                if self.accept(":"):
                    self.expect("1")
                    dims.append("1")
                else:
                    dims.append(":")
                if not self.accept(","):
                    break
            self.expect("]")
            return Array(t, len(dims), _layout_of_marks(dims))
        return t

    def parse_quoted(self) -> str:
        """A quoted Python string (its repr) and the ``)`` after it."""
        import ast

        self.skip()
        start = self.pos
        quote = self.text[start:start + 1]
        if quote not in ("'", '"'):
            self.error("expected a quoted string")
        i = start + 1
        while i < len(self.text) and self.text[i] != quote:
            i += 2 if self.text[i] == "\\" else 1
        if i >= len(self.text):
            self.error("unterminated string")
        self.pos = i + 1
        value = ast.literal_eval(self.text[start:self.pos])
        self.expect(")")
        return value

    def parse_list(self) -> list:
        """``(T, T, ...)``, possibly empty."""
        self.expect("(")
        parts = []
        if not self.accept(")"):
            parts.append(self.parse())
            while self.accept(","):
                parts.append(self.parse())
            self.expect(")")
        return parts

    def parse_base(self) -> Type:
        name = self.word()
        if name in _SCALARS:
            return _SCALARS[name]
        if name in ("datetime64", "timedelta64"):  # datetime64[ns]; datetime64 alone is the generic unit
            from pycomp.types import DATETIME_UNITS, NPDatetime, NPTimedelta

            cls = NPDatetime if name == "datetime64" else NPTimedelta
            save = self.pos
            if self.accept("["):
                unit = self.word()
                if unit in DATETIME_UNITS and self.accept("]"):
                    return cls(unit)
                self.pos = save
            return cls("")
        if name == "literal_str":  # literal_str('text'): the text as Python's repr writes it
            self.expect("(")
            return StringLiteral(self.parse_quoted())
        if name == "UniTuple":
            self.expect("(")
            dt = self.parse()
            self.expect("x")
            n = int(self.word())
            self.expect(")")
            return UniTuple(dt, n)
        if name == "Tuple":
            return Tuple(self.parse_list())
        if name in ("NamedUniTuple", "NamedTuple", "namedtuple_class"):
            self.expect("(")
            cls = _resolve_path(self.word())
            if not is_namedtuple_class(cls):
                self.error("%r is not a namedtuple class" % cls)
            if name == "namedtuple_class":
                self.expect(")")
                return NamedTupleClass(cls)
            self.expect(",")
            if name == "NamedUniTuple":
                dt = self.parse()
                self.expect("x")
                n = int(self.word())
                self.expect(")")
                return NamedUniTuple(dt, n, cls)
            parts = []
            if self.accept("()"):
                self.expect(")")
                return NamedTuple((), cls)
            parts.append(self.parse())
            while self.accept(","):
                parts.append(self.parse())
            self.expect(")")
            return NamedTuple(parts, cls)
        if name in ("optional", "Optional", "OptionalType", "cell"):
            self.expect("(")
            inner = self.parse()
            self.expect(")")
            return Cell(inner) if name == "cell" else Optional(inner)
        if name in ("array", "Bytes", "ByteArray", "MemoryView"):  # array(float64, 2d, C[, readonly])
            self.expect("(")
            dt = self.parse()
            self.expect(",")
            nd = self.word()
            if not nd.endswith("d"):
                self.error("expected ndim like 2d")
            self.expect(",")
            layout = self.word()
            ro = False
            if self.accept(","):
                if self.word() != "readonly":
                    self.error("expected readonly")
                ro = True
            self.expect(")")
            cls = {"array": Array, "Bytes": Bytes, "ByteArray": ByteArray, "MemoryView": MemoryView}[name]
            return cls(dt, int(nd[:-1]), layout, ro)
        if name.startswith("range_state_"):
            return RangeType(_SCALARS[name[len("range_state_"):]])
        if name.startswith("range_iter_"):
            return RangeIter(_SCALARS[name[len("range_iter_"):]])
        if name == "iter":
            self.expect("(")
            inner = self.parse()
            self.expect(")")
            if isinstance(inner, List):
                return ListIter(inner)
            return ArrayIter(inner) if isinstance(inner, Array) else UniTupleIter(inner)
        if name == "ListType":  # ListType[int64]: a typed.List
            from pycomp.types.lists import ListType

            self.expect("[")
            inner = self.parse()
            self.expect("]")
            return ListType(inner)
        if name in ("list", "reflected"):  # list(int64), reflected list(int64)
            if name == "reflected" and self.word() != "list":
                self.error("expected 'list' after 'reflected'")
            self.expect("(")
            inner = self.parse()
            self.expect(")")
            return List(inner, name == "reflected")
        if name in ("zip", "enumerate"):
            parts = self.parse_list()
            if name == "zip":
                return ZipIter(parts)
            if len(parts) != 1:
                self.error("enumerate() takes one iterator")
            return EnumerateIter(parts[0])
        if name in ("function", "module", "exception_class", "exception"):
            self.expect("(")
            path = self.word()
            self.expect(")")
            obj = _resolve_path(path)
            if name == "function":
                return Function(obj, path)
            if name == "module":
                return Module(obj)
            if name == "exception_class":
                return ExceptionClass(obj)
            return ExceptionInstance(obj)
        t = _named_type(name)
        if t is not None:
            return t
        self.error("unknown type %r" % name)


#: the words the grammar itself reads after a name (never a registered type name)
_KEYWORDS = frozenset(("UniTuple", "Tuple", "NamedUniTuple", "NamedTuple", "namedtuple_class", "optional",
                       "Optional", "OptionalType", "cell", "array", "iter", "zip", "enumerate", "function",
                       "module", "exception_class", "exception", "list", "reflected", "literal_str", "Bytes",
                       "ByteArray", "MemoryView", "ListType"))


def _resolve_path(path: str):
    import builtins
    import importlib

    if "." not in path:
        if hasattr(builtins, path):
            return getattr(builtins, path)
        return importlib.import_module(path)
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)
        return obj
    raise ValueError("cannot resolve %r" % path)


def parse_type(text: str) -> Type:
    """Parse the textual form printed by ``str(type)``."""
    p = _TypeParser(text)
    t = p.parse()
    p.skip()
    if p.pos != len(text):
        p.error("trailing text")
    return t
