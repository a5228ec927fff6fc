"""Numbers, booleans, None, omitted arguments and optionals, and their instances (``int64``, ``float64``, ...)."""

from __future__ import annotations

from pycomp.types.abstract import Type

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
        from pycomp.types.containers import Array, _layout_of_marks

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



# ---------------------------------------------------------------- instances

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
