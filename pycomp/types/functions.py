"""Callables and objects: functions, bound methods, dispatchers, modules, closures, exceptions."""

from __future__ import annotations

from pycomp.types.abstract import Type, _identity_key, _qualified_name

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
