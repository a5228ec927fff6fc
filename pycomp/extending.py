"""The extension API (NBEP 2, Numba's ``numba.extending``): teach compiled
code new functions, methods and attributes, written in Python.

- :func:`overload` ``(func)``: the decorated *typer* receives the argument
  types of a call of ``func`` and returns a Python function implementing it
  for those types (or None: not for these types). The implementation is
  compiled by the JIT like any jitted function; the typed IR shows the call
  as a call of it.
- :func:`overload_method` ``(type_class, name)``: the same for
  ``value.name(...)`` on values whose type is a ``type_class``; the typer
  and the implementation receive the receiver first.
- :func:`overload_attribute` ``(type_class, name)``: ``value.name``; the
  implementation takes the value and returns the attribute.
- :func:`register_jitable`: a Python function callable from compiled code
  (compiled for each argument types it is called with) and still callable
  from Python.
- :func:`infer_global`, :func:`infer_getattr`, :func:`type_callable`,
  :func:`lower_builtin`: the lower-level typing templates and lowering
  implementations the built-in functions themselves use
  (:mod:`pycomp.frontend.typing.templates`,
  :mod:`pycomp.targets.base`).
- New types: ``types.Type`` subclasses, :data:`typeof_impl`
  (:mod:`pycomp.typeof`), :func:`register_model` and :mod:`models`
  (:mod:`pycomp.models`), :func:`make_attribute_wrapper`,
  :func:`lower_getattr`, :func:`lower_setattr`, :func:`lower_cast`,
  :func:`box`, :func:`unbox`, :class:`NativeValue` and :func:`intrinsic`
  (:mod:`pycomp.extending_lowering`).

Importing this module imports no xDSL: registering typing is cheap, the
work happens when a call is typed (lowering registrations load the
target's registry).
"""

from __future__ import annotations

import inspect

from pycomp import models, types
from pycomp.errors import TypingError
from pycomp.extending_lowering import (NativeValue, box, intrinsic, lower_cast, lower_getattr,
                                       lower_getattr_generic, lower_setattr, lower_setattr_generic,
                                       make_attribute_wrapper, unbox)
from pycomp.models import register_model
from pycomp.typeof import typeof_impl

__all__ = ["overload", "overload_method", "overload_attribute", "register_jitable", "infer_global",
           "infer_getattr", "type_callable", "lower_builtin", "types", "models", "register_model",
           "typeof_impl", "make_attribute_wrapper", "lower_getattr", "lower_getattr_generic",
           "lower_setattr", "lower_setattr_generic", "lower_cast", "box", "unbox", "NativeValue",
           "intrinsic"]


def _registry():
    from pycomp.frontend.typing.templates import builtin_registry

    return builtin_registry


def _jit_options(options) -> dict:
    # an implementation is called from compiled code only: no CPython entry
    opts = {"nopython": True, "no_cpython_wrapper": True}
    opts.update(options or {})
    return opts


class _Implementations:
    """The dispatchers of one typer's implementations, one per function
    object it returned for the same argument types."""

    def __init__(self, typer, jit_options, what):
        self.typer = typer
        self.jit_options = _jit_options(jit_options)
        self.what = what
        self.by_types: dict = {}

    def dispatcher_for(self, args: tuple, kws: dict):
        key = (args, tuple(sorted(kws.items())))
        if key in self.by_types:
            return self.by_types[key]
        try:
            inspect.signature(self.typer).bind(*args, **kws)
        except TypeError:
            self.by_types[key] = None  # not a call this typer takes
            return None
        impl = self.typer(*args, **kws)
        if impl is None:
            disp = None
        elif not callable(impl):
            raise TypingError("the typer of %s returned %r, not a function implementing it" % (self.what, impl))
        else:
            from pycomp.decorators import jit

            disp = jit(**self.jit_options)(impl)
        self.by_types[key] = disp
        return disp


def _implemented_template(impls: _Implementations, key, describe: str):
    from pycomp.frontend.typing.templates import AbstractTemplate, Implemented

    class OverloadTemplate(AbstractTemplate):
        def generic(self, args, kws):
            disp = impls.dispatcher_for(tuple(args), dict(kws))
            if disp is None:
                return None
            try:
                full, _ = disp.fold_call(tuple(args), dict(kws))
                sig = disp.get_call_signature(full, {})
            except TypingError as e:  # at the user's call, naming the overload; the inner error as notes
                raise TypingError("%s, implemented by %s, cannot be compiled for these argument types (%s)"
                                  % (impls.what, impls.typer.__qualname__,
                                     ", ".join([str(a) for a in args] + ["%s=%s" % kv for kv in kws.items()])),
                                  notes=str(e).splitlines()) from None
            return Implemented(sig.return_type, tuple(args) + tuple(kws.values()), None, disp)

        def describe(self):
            return [describe]

    OverloadTemplate.__name__ = "Overload_%s" % getattr(key, "__name__", key)
    OverloadTemplate.key = key
    return OverloadTemplate


def _register_operator(func, template, typer=None, jit_options=None) -> None:
    """An overload of one of the ``operator`` module's functions also
    implements its operator: ``@overload(operator.eq)`` types ``a == b``
    (``operator.iadd`` types ``a += b``), as in Numba. Type inference makes
    such an operator a call of the implementation. ``operator.contains(a,
    b)`` is ``b in a``: its operators (``in`` and ``not in``) get
    implementations taking the operands in their order."""
    from pycomp.operators import SWAPPED, operator_key

    found = operator_key(func)
    if found is None:
        return
    key, _, inplace = found
    if func in SWAPPED:
        if typer is not None:
            for op, negate in ((key, False), ("not " + key, True)):
                impls = _Implementations(_swapped(typer, negate), jit_options, "%s()" % func.__name__)
                _registry().register_op(op, _implemented_template(impls, func, "%s (@overload %s)" % (
                    op, typer.__name__)))
        return
    _registry().register_op(key + "=" if inplace else key, type(template.__name__, (template,), {}))


def _swapped(typer, negate: bool):
    """A typer of ``(item, container)`` for an overload of
    ``operator.contains(container, item)``: its implementation called with
    the operands swapped (and its result negated for ``not in``)."""

    def swapped(item, container):
        impl = typer(container, item)
        if impl is None:
            return None
        inner = register_jitable(impl)
        if negate:
            def not_in(item, container):
                return not inner(container, item)
            return not_in

        def is_in(item, container):
            return inner(container, item)
        return is_in

    swapped.__name__ = swapped.__qualname__ = typer.__name__
    return swapped


def overload(func, jit_options=None, strict=True, inline="never", prefer_literal=False, **kwargs):
    """Implement ``func`` (a Python or NumPy function, or one of your own)
    for compiled code: ``@overload(np.clip)`` over a typer taking the same
    parameters as ``func``, given types, returning the implementation (a
    plain Python function with the same parameters) or None. ``jit_options``
    are the implementation's ``@jit`` options. An overload is tried after
    the templates registered before it."""

    def decorate(typer):
        name = getattr(func, "__name__", str(func))
        impls = _Implementations(typer, jit_options, "%s()" % name)
        params = ", ".join(inspect.signature(typer).parameters)
        template = _implemented_template(impls, func, "%s(%s) (@overload %s)" % (name, params, typer.__name__))
        _registry().register_global(func, template)
        _register_operator(func, template, typer, jit_options)
        return typer

    return decorate


def overload_method(typ, attr, **kwargs):
    """Implement method ``attr`` of values of types ``typ`` (a type class
    such as ``types.Array``): the typer and the implementation take the
    receiver first (``def impl(arr, indices): ...``)."""
    from pycomp.frontend.typing.templates import AttributeTemplate

    def decorate(typer):
        impls = _Implementations(typer, kwargs.get("jit_options"), "%s.%s()" % (typ.__name__, attr))
        params = ", ".join(inspect.signature(typer).parameters)
        method = _implemented_template(impls, attr, "%s.%s(%s) (@overload_method %s)"
                                       % (typ.__name__, attr, params, typer.__name__))

        class MethodAttribute(AttributeTemplate):
            key = typ

            def generic_resolve(self, value_type, name):
                if name == attr:
                    return types.BoundFunction(method, value_type)
                return None

        _registry().register_attr(MethodAttribute)
        return typer

    return decorate


def overload_attribute(typ, attr, **kwargs):
    """Implement attribute ``attr`` of values of types ``typ``: the typer
    takes the value's type and returns ``get(value)``, the implementation."""
    from pycomp.frontend.typing.templates import AttributeTemplate, implemented_attributes

    def decorate(typer):
        impls = _Implementations(typer, kwargs.get("jit_options"), "%s.%s" % (typ.__name__, attr))

        class Attribute(AttributeTemplate):
            key = typ

            def generic_resolve(self, value_type, name):
                if name != attr:
                    return None
                disp = impls.dispatcher_for((value_type,), {})
                if disp is None:
                    return None
                sig = disp.get_call_signature((value_type,), {})
                implemented_attributes[(value_type, attr)] = disp
                return sig.return_type

        _registry().register_attr(Attribute)
        return typer

    return decorate


def register_jitable(*args, **kwargs):
    """``@register_jitable`` (or ``@register_jitable(**jit_options)``): the
    function stays a Python function and is compiled when compiled code
    calls it, for the argument types of each call."""

    def wrap(fn):
        overload(fn, jit_options=kwargs)(lambda *a, **k: fn)
        return fn

    if args and callable(args[0]) and len(args) == 1 and not kwargs:
        return wrap(args[0])
    return wrap


def infer_global(value, typing_key=None):
    """Register a typing template (a class: ``AbstractTemplate``,
    ``ConcreteTemplate``, ``CallableTemplate``) for calls of ``value``."""

    def decorate(template):
        _registry().register_global(value if typing_key is None else typing_key, template)
        return template

    return decorate


def infer_getattr(template):
    """Register an ``AttributeTemplate`` (its ``key`` a type class)."""
    _registry().register_attr(template)
    return template


def type_callable(func):
    """``@type_callable(func)`` over ``def typer(context): return
    lambda *argtypes: return_type_or_None``: a template for calls of
    ``func`` (lowered by a :func:`lower_builtin` implementation)."""
    from pycomp.frontend.typing.templates import AbstractTemplate, Signature

    def decorate(make_typer):
        class Callable(AbstractTemplate):
            def generic(self, args, kws):
                typer = make_typer(self.context)
                try:
                    ret = typer(*args, **kws)
                except TypeError:
                    return None
                if ret is None or isinstance(ret, Signature):
                    return ret
                return Signature(ret, tuple(args) + tuple(kws.values()))

        Callable.__name__ = "Callable_%s" % getattr(func, "__name__", func)
        _registry().register_global(func, Callable)
        return make_typer

    return decorate


def lower_builtin(func, *argtypes):
    """``@lower_builtin(func, types.Integer, ...)`` over
    ``impl(context, builder, sig, args)``: the code of a call of ``func``
    for these argument types (type classes or types), built with the
    lowering builder (:mod:`pycomp.lowering.builder`)."""

    def decorate(impl):
        from pycomp.targets.cpu.context import lowering_registry

        lowering_registry.lower(func, *argtypes)(impl)
        return impl

    return decorate
