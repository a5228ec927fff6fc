"""Data models of extension types (Numba's ``numba.extending.models``):
how values of a ``types.Type`` subclass are represented in compiled code.

``@register_model(MyType)`` over a model class tells pycomp to build
``ModelClass(dmm, fe_type)`` for each type of that class; the model's
:meth:`~DataModel.get_value_type` is the LLVM type of its values (an xDSL
llvm-dialect type, see :mod:`pycomp.targets.datamodel`). Three models
cover most needs:

- :class:`StructModel` ``(dmm, fe_type, members)``: a struct of named
  members, each a pycomp type (``[("lo", types.float64), ("hi",
  types.float64)]``); :func:`pycomp.extending.make_attribute_wrapper` and
  :func:`pycomp.cgutils.create_struct_proxy` read and build it by name;
- :class:`OpaqueModel` ``(dmm, fe_type)``: a pointer compiled code only
  passes around;
- :class:`PrimitiveModel` ``(dmm, fe_type, be_type)``: one LLVM value of
  ``be_type``, given as an xDSL llvm type or as an llvmlite type (as
  Numba's models take it: ``ir.IntType(64)``, ``ir.DoubleType()``).

Importing this module imports neither xDSL nor llvmlite; registering a
model loads the target's data model (as ``lower_builtin`` loads the
target's registry), and the LLVM type is computed when a compile first
needs it. Members that hold arrays are not
reference-counted inside a struct yet: keep struct members numbers,
booleans, pointers and tuples of them.
"""

from __future__ import annotations

from pycomp import types as ty

__all__ = ["DataModel", "PrimitiveModel", "OpaqueModel", "StructModel", "register_model", "model_of",
           "default_manager"]

#: type class -> model class (register_model)
_MODEL_CLASSES: dict = {}
#: type -> its model instance
_MODELS: dict = {}


class DataModelManager:
    """The registry the models are built with (Numba's ``dmm``):
    ``dmm.lookup(fe_type)`` (or ``dmm[fe_type]``) gives the model of a type
    registered with :func:`register_model`."""

    def lookup(self, fe_type):
        return model_of(fe_type)

    __getitem__ = lookup


default_manager = DataModelManager()


class DataModel:
    """Base of the models: ``fe_type`` is the pycomp type whose values it
    represents."""

    def __init__(self, dmm, fe_type):
        self._dmm = dmm
        self._fe_type = fe_type

    @property
    def fe_type(self):
        return self._fe_type

    def get_value_type(self):
        """The LLVM type (xDSL llvm dialect) of an SSA value of the type."""
        raise NotImplementedError

    def get_data_type(self):
        """The type of a value stored in memory (the value type here)."""
        return self.get_value_type()


class PrimitiveModel(DataModel):
    """One LLVM value of type ``be_type`` (an xDSL llvm type or an llvmlite
    type, converted)."""

    def __init__(self, dmm, fe_type, be_type):
        super().__init__(dmm, fe_type)
        self._be_type = be_type

    def get_value_type(self):
        return llvm_type_of(self._be_type)


class OpaqueModel(PrimitiveModel):
    """A pointer (``ptr``) that compiled code passes around and never
    looks into; boxing and unboxing give it meaning."""

    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, "ptr")


class StructModel(DataModel):
    """A struct of named members: ``members`` is a list of ``(name,
    pycomp type)``; each member is represented by its type's model."""

    def __init__(self, dmm, fe_type, members):
        super().__init__(dmm, fe_type)
        self._members = tuple((str(n), t) for n, t in members)
        self._index = {n: i for i, (n, _) in enumerate(self._members)}
        for n, t in self._members:
            if not isinstance(t, ty.Type):
                raise TypeError("member %r of the model of %s has type %r, not a pycomp type" % (n, fe_type, t))

    @property
    def members(self) -> tuple:
        """The ``(name, type)`` pairs, in order."""
        return self._members

    @property
    def _fields(self) -> tuple:
        return tuple(n for n, _ in self._members)

    def get_field_position(self, name: str) -> int:
        try:
            return self._index[name]
        except KeyError:
            raise KeyError("%s has no member %r (members: %s)"
                           % (self._fe_type, name, ", ".join(self._fields))) from None

    def get_member_fe_type(self, name: str):
        """The pycomp type of member ``name``."""
        return self._members[self.get_field_position(name)][1]

    def get_value_type(self):
        from xdsl.dialects import llvm

        from pycomp.targets.datamodel import I8, llvm_type

        if not self._members:
            return I8
        return llvm.LLVMStructType.from_type_list([llvm_type(t) for _, t in self._members])


def llvm_type_of(be_type):
    """An xDSL llvm type for ``be_type``: an xDSL type as it is, "ptr", or
    an llvmlite type (integers, float, double, pointers, literal structs,
    arrays) converted."""
    from xdsl.dialects import llvm
    from xdsl.dialects.builtin import Float32Type, Float64Type, IntegerType
    from xdsl.ir import Attribute

    from pycomp.targets.datamodel import PTR

    if isinstance(be_type, Attribute):
        return be_type
    if be_type == "ptr":
        return PTR
    from llvmlite import ir

    if isinstance(be_type, ir.IntType):
        return IntegerType(be_type.width)
    if isinstance(be_type, ir.DoubleType):
        return Float64Type()
    if isinstance(be_type, ir.FloatType):
        return Float32Type()
    if isinstance(be_type, ir.PointerType):
        return PTR
    if isinstance(be_type, ir.LiteralStructType):
        return llvm.LLVMStructType.from_type_list([llvm_type_of(e) for e in be_type.elements])
    if isinstance(be_type, ir.ArrayType):
        return llvm.LLVMArrayType(be_type.count, llvm_type_of(be_type.element))
    raise TypeError("cannot use %r as the LLVM type of a data model" % (be_type,))


def model_of(fe_type):
    """The model of pycomp type ``fe_type`` (built once), or None if its
    class has no registered model."""
    m = _MODELS.get(fe_type)
    if m is None:
        for cls in type(fe_type).__mro__:
            model_class = _MODEL_CLASSES.get(cls)
            if model_class is not None:
                m = _MODELS[fe_type] = model_class(default_manager, fe_type)
                break
    return m


def _llvm_type_from_model(fe_type):
    return model_of(fe_type).get_value_type()


def register_model(type_class):
    """``@register_model(MyType)`` over a :class:`DataModel` subclass: the
    values of every type of class ``MyType`` (subclasses too) are
    represented by ``ModelClass(dmm, fe_type)``. Returns the decorator."""
    if not (isinstance(type_class, type) and issubclass(type_class, ty.Type)):
        raise TypeError("register_model() takes a pycomp.types.Type subclass, not %r" % (type_class,))

    def decorate(model_class):
        _MODEL_CLASSES[type_class] = model_class
        for t in [t for t in _MODELS if isinstance(t, type_class)]:
            del _MODELS[t]
        _register_with_target(type_class)
        return model_class

    return decorate


def _register_with_target(type_class):
    """Give the target's data model (:mod:`pycomp.targets.datamodel`) the
    model's LLVM type; like ``lower_builtin``, this loads the target."""
    from pycomp.targets.datamodel import register_model as target_register_model

    target_register_model(type_class, _llvm_type_from_model)
