"""Typing templates and the registry they are declared in.

A template answers "what is the signature of calling ``key`` with these
argument types?":

- :class:`ConcreteTemplate` lists ``cases``; the best one by conversion
  rating wins (ties: the first declared, as in Numba's typing templates);
- :class:`AbstractTemplate` computes a signature in ``generic(args, kws)``;
- :class:`CallableTemplate` returns, from ``generic()``, a typer function
  whose parameters mirror the Python function's (so keywords and defaults
  follow Python's rules);
- :class:`AttributeTemplate` resolves ``value.attr`` for one type class via
  ``resolve_<attr>(ty)`` methods.

Templates are registered in a :class:`Registry` with :meth:`Registry.register_global`
(calls of a Python object: ``len``, ``math.sqrt``), :meth:`Registry.register_op`
(operators: "+", "<", "unary-", "getitem", "truth", ...) and
:meth:`Registry.register_attr`. The builtin and math declarations use the same
registry that the extension API exposes.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

from pycomp.frontend.typing.conversions import rate_arguments
from pycomp.signature import Signature

__all__ = [
    "Signature", "signature", "Folded", "folded", "Template", "ConcreteTemplate", "AbstractTemplate",
    "CallableTemplate", "AttributeTemplate", "Registry", "builtin_registry",
]


def signature(return_type, *args, recvr=None) -> Signature:
    return Signature(return_type, tuple(args), recvr)


@dataclass(frozen=True)
class Folded(Signature):
    """The signature of a call answered at compile time: type inference
    replaces the call by what ``fold`` says once typing is done, and a
    branch on a folded constant reaches one side only.

    - ``("const", value)``: the constant ``value`` (``isinstance``, ``hasattr``);
    - ``("attr", name)``: ``args[0].name`` (``getattr`` with a constant name);
    - ``("arg", i)``: the call's ``i``-th argument (``getattr``'s default).
    """

    fold: tuple = ()


@dataclass(frozen=True)
class Implemented(Signature):
    """The signature of a call whose implementation is a Python function
    compiled by the JIT (``@overload``, ``@overload_method``,
    ``@register_jitable``): type inference makes the call a call of
    ``implementation``, a dispatcher (the typed IR shows which)."""

    implementation: object = None


#: (value type, attribute name) -> the dispatcher implementing that
#: attribute (``@overload_attribute``); typing fills it, type inference
#: turns such an nb.getattr into a call of the implementation
implemented_attributes: dict = {}


def folded(fold: tuple, return_type, *args) -> Folded:
    return Folded(return_type, tuple(args), None, tuple(fold))


class Template:
    """Base of every typing template. ``key`` is what it types."""

    key = None

    def __init__(self, context):
        self.context = context

    def apply(self, args: tuple, kws: dict) -> Signature | None:
        raise NotImplementedError

    def describe(self) -> list[str]:
        """Human-readable candidate signatures, for error messages."""
        return [type(self).__name__]

    def explain(self, args: tuple, kws: dict) -> list[tuple[str, str]]:
        """(candidate, why it was rejected) pairs, closest first."""
        return [(d, "does not accept these argument types") for d in self.describe()]


def _rejection(args, case: Signature) -> tuple[int, str]:
    """How far ``args`` are from ``case``: (number of arguments without a
    conversion, the first reason)."""
    from pycomp.frontend.typing.conversions import can_convert

    if len(args) != len(case.args):
        return (len(args) + 1, "takes %d arguments, not %d" % (len(case.args), len(args)))
    bad = [(i, a, f) for i, (a, f) in enumerate(zip(args, case.args)) if can_convert(a, f) is None]
    i, a, f = bad[0]
    return (len(bad), "argument %d: no conversion from %s to %s" % (i + 1, a, f))


class ConcreteTemplate(Template):
    cases: list[Signature] = []

    def explain(self, args, kws):
        if kws:
            return [(str(c), "takes no keyword arguments") for c in self.cases]
        ranked = sorted((_rejection(args, c), str(c)) for c in self.cases)
        return [(c, why) for (_, why), c in ranked]

    def apply(self, args, kws):
        if kws:
            return None
        best = None
        for case in self.cases:
            r = rate_arguments(args, case.args)
            if r is not None and (best is None or r.key() < best[0]):
                best = (r.key(), case)
        return best[1] if best else None

    def describe(self):
        return [str(c) for c in self.cases]


class AbstractTemplate(Template):
    def generic(self, args, kws) -> Signature | None:
        raise NotImplementedError

    def apply(self, args, kws):
        return self.generic(args, kws)


class CallableTemplate(Template):
    """``generic()`` returns a typer ``f(*arg_types)`` with the Python
    function's parameter names and defaults; it returns the result type."""

    def generic(self):
        raise NotImplementedError

    def apply(self, args, kws):
        typer = self.generic()
        pysig = inspect.signature(typer)
        try:
            bound = pysig.bind(*args, **kws)
        except TypeError:
            return None
        ret = typer(*bound.args, **bound.kwargs)
        if ret is None:
            return None
        if isinstance(ret, Signature):
            return ret
        folded = []
        for name, param in pysig.parameters.items():
            if name in bound.arguments:
                folded.append(bound.arguments[name])
        return Signature(ret, tuple(folded))

    def describe(self):
        return ["%s%s" % (getattr(self.key, "__name__", self.key), inspect.signature(self.generic()))]


class AttributeTemplate:
    """Resolves attributes of values of type class ``key``."""

    key: type = None

    def __init__(self, context):
        self.context = context

    def resolve(self, value_type, attr: str):
        fn = getattr(self, "resolve_" + attr, None)
        if fn is not None:
            return fn(value_type)
        return self.generic_resolve(value_type, attr)

    def generic_resolve(self, value_type, attr):
        return None


class Registry:
    """Typing declarations: global functions, operators and attributes."""

    def __init__(self):
        self.globals: dict = {}  # python object -> [template classes]
        self.ops: dict[str, list] = {}
        self.attrs: list = []

    def register_global(self, key, template=None, first: bool = False):
        """Add a template for calls of ``key``; templates are asked in
        order, ``first=True`` puts this one ahead of those already there
        (a specific rule before a catch-all one whatever the import order)."""
        def deco(tmpl):
            tmpl.key = key
            templates = self.globals.setdefault(_gkey(key), [])
            if first:
                templates.insert(0, tmpl)
            else:
                templates.append(tmpl)
            return tmpl
        return deco(template) if template is not None else deco

    def register_op(self, op: str, template=None):
        def deco(tmpl):
            tmpl.key = op
            self.ops.setdefault(op, []).append(tmpl)
            return tmpl
        return deco(template) if template is not None else deco

    def register_attr(self, template):
        self.attrs.append(template)
        return template


def _gkey(obj):
    try:
        hash(obj)
        return obj
    except TypeError:
        return id(obj)


builtin_registry = Registry()

#: typing declarations kept out of start-up: the module that declares the
#: objects of a module (keyed by the module of the object's class), imported
#: the first time typing meets one of them (a CPU program pays nothing for
#: the CUDA API's declarations)
LAZY_DECLARATIONS: dict[str, str] = {"pycomp.cuda": "pycomp.frontend.typing.cudadecl"}


def load_declarations_for(obj) -> bool:
    """Import the declarations :data:`LAZY_DECLARATIONS` names for ``obj``;
    True when that registered something new."""
    decl = LAZY_DECLARATIONS.pop(type(obj).__module__, None)
    if decl is None:
        return False
    import importlib
    importlib.import_module(decl)
    return True
