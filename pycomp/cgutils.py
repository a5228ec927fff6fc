"""Code-generation helpers for extensions (Numba's ``numba.core.cgutils``,
the part extensions use).

:func:`create_struct_proxy` ``(typ)(context, builder, value=None)`` gives
named access to the members of a value whose type has a ``StructModel``:
``p.lo`` reads a member, ``p.lo = x`` replaces it, ``p._getvalue()`` is the
struct. It works with both builders an extension meets: pycomp's
:class:`~pycomp.lowering.builder.LLVMBuilder` (lowering implementations,
intrinsics, casts) and llvmlite's ``IRBuilder`` (box and unbox functions).
:func:`is_null` / :func:`is_not_null` compare a pointer with NULL in
either.
"""

from __future__ import annotations

__all__ = ["create_struct_proxy", "is_null", "is_not_null"]


def _is_llvmlite(builder) -> bool:
    return hasattr(builder, "extract_value")


class _StructProxy:
    """Members of one struct value, by name (see the module text)."""

    _fe_type = None

    def __init__(self, context, builder, value=None):
        from pycomp.models import StructModel, model_of

        model = model_of(self._fe_type)
        if not isinstance(model, StructModel):
            raise TypeError("%s is not represented by a StructModel" % self._fe_type)
        object.__setattr__(self, "_model", model)
        object.__setattr__(self, "_builder", builder)
        object.__setattr__(self, "_context", context)
        if value is None:
            if _is_llvmlite(builder):
                from llvmlite import ir

                from pycomp.targets.cpu.wrapper import ll_type

                value = ir.Constant(ll_type(self._fe_type), ir.Undefined)
            else:
                value = builder.undef(model.get_value_type())
        object.__setattr__(self, "_value", value)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        i = self._model.get_field_position(name)
        if _is_llvmlite(self._builder):
            return self._builder.extract_value(self._value, i)
        from pycomp.targets.datamodel import llvm_type

        return self._builder.extract(self._value, i, llvm_type(self._model.members[i][1]))

    def __setattr__(self, name, value):
        if name.startswith("_"):
            object.__setattr__(self, name, value)
            return
        i = self._model.get_field_position(name)
        object.__setattr__(self, "_value", self._builder.insert_value(self._value, value, i))

    def __getitem__(self, i):
        return getattr(self, self._model.members[i][0])

    def __setitem__(self, i, value):
        setattr(self, self._model.members[i][0], value)

    def _getvalue(self):
        """The struct value with the members set so far."""
        return self._value


def create_struct_proxy(typ, kind="value"):
    """The proxy class of struct type ``typ`` (see the module text)."""
    if kind != "value":
        raise NotImplementedError("pycomp's struct proxies are values only (kind=%r)" % kind)
    return type("StructProxy_%s" % typ, (_StructProxy,), {"_fe_type": typ})


def is_null(builder, value):
    """An i1: whether pointer ``value`` is NULL."""
    if _is_llvmlite(builder):
        from llvmlite import ir

        return builder.icmp_unsigned("==", value, ir.Constant(value.type, None))
    from pycomp.targets.datamodel import I64

    return builder.icmp("==", builder.cast("ptrtoint", value, I64), builder.const_int(I64, 0))


def is_not_null(builder, value):
    """An i1: whether pointer ``value`` is not NULL."""
    if _is_llvmlite(builder):
        from llvmlite import ir

        return builder.icmp_unsigned("!=", value, ir.Constant(value.type, None))
    from pycomp.targets.datamodel import I64

    return builder.icmp("!=", builder.cast("ptrtoint", value, I64), builder.const_int(I64, 0))
