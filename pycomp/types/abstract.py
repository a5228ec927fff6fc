"""The base of every type: interning, numbering, and Numba's type protocol."""

from __future__ import annotations

import itertools
import threading

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
