"""The low-level half of the extension API (NBEP 2): code for new types.

- :func:`lower_getattr` / :func:`lower_getattr_generic`: ``value.attr``
  of a type class, ``impl(context, builder, typ, value[, attr])``;
- :func:`lower_setattr` / :func:`lower_setattr_generic`: ``value.attr =
  x``, ``impl(context, builder, sig, args)`` with ``sig.args == (typ,
  attr type)`` and ``args == (value, x)``; typing takes the attribute's
  type from its getattr typing (as Numba does);
- :func:`lower_cast` ``(FromType, ToType)``: ``impl(context, builder,
  fromty, toty, value)``, used wherever a conversion is inserted (the
  typing rule is the types' ``can_convert_to``/``can_convert_from``);
- :func:`make_attribute_wrapper`: a member of a ``StructModel`` read as
  an attribute;
- :func:`intrinsic`: a function whose typer returns ``(signature,
  codegen)``; ``codegen(context, builder, signature, args)`` emits its
  code with pycomp's llvm-dialect builder;
- :func:`box` / :func:`unbox`: the conversions from and to Python
  objects, run by the CPython wrapper (:mod:`pycomp.targets.cpu.pyapi`).

In every ``impl(context, builder, ...)`` of compiled code, ``context`` is
the target context (:class:`pycomp.targets.base.TargetContext`:
``llvm_type(t)``, ``cast(b, v, from, to)``, ``constant(b, t, value)``)
and ``builder`` a :class:`pycomp.lowering.builder.LLVMBuilder`, which
builds xDSL llvm-dialect ops (not llvmlite's IRBuilder). Box and unbox
functions run in the wrapper, which is built with llvmlite: there
``c.builder`` is llvmlite's IRBuilder, as in Numba.

Importing this module imports neither xDSL nor llvmlite.
"""

from __future__ import annotations

import builtins

from pycomp import types as ty
from pycomp.errors import CompilerError, LoweringError, TypingError
from pycomp.targets.cpu.pyapi import NativeValue  # plain Python: no llvmlite until a wrapper is built

__all__ = ["lower_getattr", "lower_getattr_generic", "lower_setattr", "lower_setattr_generic", "lower_cast",
           "make_attribute_wrapper", "intrinsic", "box", "unbox", "NativeValue"]


def _lowering_registry():
    from pycomp.targets.cpu.context import lowering_registry

    return lowering_registry


def _check_type_class(what, type_class):
    if not (isinstance(type_class, type) and issubclass(type_class, ty.Type)) and not isinstance(type_class, ty.Type):
        raise TypeError("%s() takes a pycomp.types.Type subclass (or a type), not %r" % (what, type_class))


# ------------------------------------------------------------------ attributes

#: type class -> {attr name or None (generic): impl}
_GETATTRS: dict = {}
_SETATTRS: dict = {}


def _find_attr_impl(table, t, attr):
    """The implementation of ``attr`` for type ``t``: the most derived
    class's, a named one before a generic one; None if none."""
    classes = type(t).__mro__ if isinstance(t, ty.Type) else ()
    for key in (t,) + tuple(classes):
        impls = table.get(key)
        if impls:
            if attr in impls:
                return impls[attr], False
            if None in impls:
                return impls[None], True
    return None, False


def _getattr_lowering(context, builder, sig, args):
    """The registry's entry for ``getattr`` of extension types."""
    typ, name = sig.args
    impl, generic = _find_attr_impl(_GETATTRS, typ, name.value)
    if impl is None:
        raise LoweringError("no @lower_getattr for attribute '%s' of %s" % (name.value, typ))
    return _run_user(impl, context, builder, typ, args[0], *((name.value,) if generic else ()))


def _register_getattr(type_class, attr, impl):
    first = type_class not in _GETATTRS
    _GETATTRS.setdefault(type_class, {})[attr] = impl
    if first:
        _lowering_registry().lower("getattr", type_class, ty.StringLiteral)(_getattr_lowering)


def lower_getattr(type_class, attr: str):
    """``@lower_getattr(MyType, "attr")`` over ``impl(context, builder,
    typ, value)`` returning the attribute's value (its type comes from the
    typing of the attribute: ``@infer_getattr``)."""
    _check_type_class("lower_getattr", type_class)

    def decorate(impl):
        _register_getattr(type_class, attr, impl)
        return impl

    return decorate


def lower_getattr_generic(type_class):
    """``@lower_getattr_generic(MyType)`` over ``impl(context, builder, typ,
    value, attr)``: every attribute without a ``lower_getattr`` of its own."""
    _check_type_class("lower_getattr_generic", type_class)

    def decorate(impl):
        _register_getattr(type_class, None, impl)
        return impl

    return decorate


def _setattr_lowering(context, builder, sig, args):
    """The registry's entry for ``setattr(value, "attr", x)`` (what
    ``value.attr = x`` compiles to)."""
    from pycomp.signature import Signature

    typ, name, valty = sig.args
    impl, generic = _find_attr_impl(_SETATTRS, typ, name.value)
    if impl is None:
        raise LoweringError("no @lower_setattr for attribute '%s' of %s" % (name.value, typ))
    inner = Signature(ty.none, (typ, valty))
    _run_user(impl, context, builder, inner, [args[0], args[2]], *((name.value,) if generic else ()))
    return None


def _register_setattr(type_class, attr, impl):
    _SETATTRS.setdefault(type_class, {})[attr] = impl
    if not _SETATTRS.get("registered"):
        _SETATTRS["registered"] = True
        _lowering_registry().lower(builtins.setattr)(_setattr_lowering)


def lower_setattr(type_class, attr: str):
    """``@lower_setattr(MyType, "attr")`` over ``impl(context, builder, sig,
    args)``: ``value.attr = x`` with ``args == (value, x)``; ``x`` has
    been converted to the attribute's type (``sig.args[1]``)."""
    _check_type_class("lower_setattr", type_class)

    def decorate(impl):
        _register_setattr(type_class, attr, impl)
        return impl

    return decorate


def lower_setattr_generic(type_class):
    """``@lower_setattr_generic(MyType)`` over ``impl(context, builder, sig,
    args, attr)``: every attribute without a ``lower_setattr`` of its own."""
    _check_type_class("lower_setattr_generic", type_class)

    def decorate(impl):
        _register_setattr(type_class, None, impl)
        return impl

    return decorate


def _setattr_template():
    """The typing of ``setattr(value, "attr", x)``: for types with a
    ``lower_setattr`` of that attribute, ``x`` converts to the attribute's
    type (from its getattr typing; ``x``'s own type if it has none)."""
    from pycomp.errors import TypingAttributeError
    from pycomp.frontend.typing.conversions import can_convert
    from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry
    from pycomp.signature import Signature

    class SetAttr(AbstractTemplate):
        def generic(self, args, kws):
            if kws or len(args) != 3 or not isinstance(args[1], ty.StringLiteral):
                return None
            target, name, value = args
            if _find_attr_impl(_SETATTRS, target, name.value)[0] is None:
                raise TypingError("cannot set attribute '%s' of %s (no @lower_setattr implements it)"
                                  % (name.value, target))
            try:
                expected = self.context.resolve_getattr(target, name.value)
            except TypingAttributeError:
                expected = value
            if can_convert(value, expected) is None:
                raise TypingError("cannot assign a value of type %s to attribute '%s' of %s (a %s)"
                                  % (value, name.value, target, expected))
            return Signature(ty.none, (target, name, expected))

        def describe(self):
            return ["value.attr = x, for the attributes of a @lower_setattr"]

    builtin_registry.register_global(builtins.setattr, SetAttr)


def make_attribute_wrapper(type_class, struct_attr: str, python_attr: str):
    """Expose member ``struct_attr`` of a ``StructModel`` type as the
    read-only attribute ``python_attr`` (typing and lowering)."""
    from pycomp.extending import infer_getattr
    from pycomp.frontend.typing.templates import AttributeTemplate
    from pycomp.models import StructModel, model_of

    _check_type_class("make_attribute_wrapper", type_class)

    def member_type(typ):
        model = model_of(typ)
        if not isinstance(model, StructModel):
            raise TypingError("make_attribute_wrapper(%s, %r): %s is not represented by a StructModel"
                              % (type_class.__name__, struct_attr, typ))
        try:
            return model.get_member_fe_type(struct_attr)
        except KeyError as e:
            raise TypingError(str(e.args[0])) from None

    class StructAttribute(AttributeTemplate):
        key = type_class

        def generic_resolve(self, typ, attr):
            return member_type(typ) if attr == python_attr else None

    StructAttribute.__name__ = "StructAttribute_%s_%s" % (type_class.__name__, python_attr)
    infer_getattr(StructAttribute)

    @lower_getattr(type_class, python_attr)
    def struct_getattr(context, builder, typ, value):
        from pycomp.cgutils import create_struct_proxy

        return getattr(create_struct_proxy(typ)(context, builder, value=value), struct_attr)


# ------------------------------------------------------------------ conversions

def lower_cast(fromty, toty):
    """``@lower_cast(FromType, ToType)`` (type classes or types) over
    ``impl(context, builder, fromty, toty, value)``: the code of a
    conversion typing allowed (``can_convert_to`` of the source type or
    ``can_convert_from`` of the destination returning a
    ``Conversion``)."""
    _check_type_class("lower_cast", fromty)
    _check_type_class("lower_cast", toty)

    def decorate(impl):
        def run(context, builder, f, t, value):
            return _run_user(impl, context, builder, f, t, value)

        _lowering_registry().lower_cast(fromty, toty)(run)
        return impl

    return decorate


# ------------------------------------------------------------------ intrinsics

class Intrinsic:
    """A function of compiled code whose code its author writes (Numba's
    ``@intrinsic``): ``typer(typingctx, *arg_types)`` returns ``(signature,
    codegen)`` or None; ``codegen(context, builder, signature, args)``
    emits the llvm-dialect ops of a call and returns its value (None for
    a ``none`` result)."""

    def __init__(self, typer, prefer_literal=False):
        self._typer = typer
        self._codegens: dict = {}
        self.__name__ = getattr(typer, "__name__", "intrinsic")
        self.__qualname__ = getattr(typer, "__qualname__", self.__name__)
        self.__doc__ = typer.__doc__
        self.__module__ = getattr(typer, "__module__", None)
        self.__wrapped__ = typer

    def __call__(self, *args, **kwargs):
        raise TypeError("intrinsic %s can only be called from compiled code" % self.__name__)

    def __repr__(self):
        return "<intrinsic %s>" % self.__name__

    def _type_call(self, typingctx, args, kws):
        from pycomp.signature import Signature

        if kws:
            raise TypingError("intrinsic %s takes no keyword arguments" % self.__name__)
        try:
            res = self._typer(typingctx, *args)
        except CompilerError:
            raise
        except TypeError as e:  # wrong number of arguments for the typer
            raise TypingError("intrinsic %s cannot be typed for (%s): %s"
                              % (self.__name__, ", ".join(map(str, args)), e)) from None
        if res is None:
            return None
        try:
            sig, codegen = res
        except (TypeError, ValueError):
            raise TypingError("the typer of intrinsic %s returned %r, not (signature, codegen)"
                              % (self.__name__, res)) from None
        if not isinstance(sig, Signature) or not callable(codegen):
            raise TypingError("the typer of intrinsic %s returned %r, not (signature, codegen)"
                              % (self.__name__, res))
        if len(sig.args) != len(args):
            raise TypingError("intrinsic %s: its signature %s takes %d arguments, the call gives %d"
                              % (self.__name__, sig, len(sig.args), len(args)))
        self._codegens[(sig.return_type, tuple(sig.args))] = codegen
        return sig

    def _lower_call(self, context, builder, sig, args):
        codegen = self._codegens.get((sig.return_type, tuple(sig.args)))
        if codegen is None:
            raise LoweringError("intrinsic %s was not typed for %s" % (self.__name__, sig))
        return _run_user(codegen, context, builder, sig, list(args))


def intrinsic(*args, **kwargs):
    """``@intrinsic`` (or ``@intrinsic(prefer_literal=...)``) over
    ``typer(typingctx, *arg_types) -> (signature, codegen)``; see
    :class:`Intrinsic`."""
    from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry

    def wrap(typer):
        intr = Intrinsic(typer, **kwargs)

        class IntrinsicTemplate(AbstractTemplate):
            def generic(self, args, kws):
                return intr._type_call(self.context, tuple(args), dict(kws))

            def describe(self):
                return ["%s (@intrinsic)" % intr.__name__]

        IntrinsicTemplate.__name__ = "Intrinsic_%s" % intr.__name__
        builtin_registry.register_global(intr, IntrinsicTemplate)
        _lowering_registry().lower(intr)(intr._lower_call)
        return intr

    if len(args) == 1 and not kwargs and callable(args[0]):
        return wrap(args[0])
    return wrap


# ------------------------------------------------------------------ boxing


def unbox(type_class):
    """``@unbox(MyType)`` over ``fn(typ, obj, c) -> NativeValue``: an
    argument of a type of ``MyType`` passed from Python. ``c.builder`` is
    llvmlite's IRBuilder, ``c.pyapi`` the C-API helpers
    (:class:`pycomp.targets.cpu.pyapi.PythonAPI`), ``c.context`` gives
    ``get_value_type(typ)``."""
    _check_type_class("unbox", type_class)

    def decorate(fn):
        from pycomp.targets.cpu.pyapi import register_unboxer

        register_unboxer(type_class, _boxing_step("unbox", fn))
        return fn

    return decorate


def box(type_class):
    """``@box(MyType)`` over ``fn(typ, value, c) -> PyObject *`` (a new
    reference; NULL with an exception set on error): a value of a type of
    ``MyType`` returned to Python."""
    _check_type_class("box", type_class)

    def decorate(fn):
        from pycomp.targets.cpu.pyapi import register_boxer

        register_boxer(type_class, _boxing_step("box", fn))
        return fn

    return decorate


def _boxing_step(what, fn):
    """``fn`` with its Python errors reported as compile errors naming it."""

    def run(typ, value, c):
        try:
            return fn(typ, value, c)
        except CompilerError:
            raise
        except Exception as e:
            raise LoweringError("the @%s function %s of %s failed: %s: %s"
                                % (what, getattr(fn, "__qualname__", fn), typ, type(e).__name__, e)) from e

    return run


def _run_user(impl, *args):
    """Call an extension's code generator; a Python error in it becomes a
    LoweringError naming it (the driver adds the user's line)."""
    try:
        return impl(*args)
    except CompilerError:
        raise
    except Exception as e:
        raise LoweringError("%s (an extension's code generator) failed: %s: %s"
                            % (getattr(impl, "__qualname__", impl), type(e).__name__, e)) from e


_setattr_template()
