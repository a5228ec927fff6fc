"""The typing context: resolves calls, operators and attributes to
signatures using the templates of a :class:`Registry`.

Results are memoized per (key, argument types), so a function typed many
times costs one template evaluation per distinct signature. Failures raise
:class:`~pycomp.errors.TypingError` listing the candidates that were tried.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.errors import TypingAttributeError, TypingError
from pycomp.frontend.typing.templates import Registry, builtin_registry, load_declarations_for
from pycomp.operators import operator_key, operator_operands
from pycomp.signature import Signature

__all__ = ["TypingContext", "typeof_constant"]


def typeof_constant(value) -> ty.Type:
    """The type of a Python literal inside compiled code."""
    if value is None:
        return ty.none
    if isinstance(value, bool):
        return ty.boolean
    if isinstance(value, int):
        if -(1 << 63) <= value < (1 << 63):
            return ty.int64
        if value < (1 << 64):
            return ty.uint64
        raise TypingError("integer constant %d does not fit in 64 bits" % value)
    if isinstance(value, float):
        return ty.float64
    if isinstance(value, complex):
        return ty.complex128
    if isinstance(value, tuple):
        return ty.Tuple([typeof_constant(v) for v in value])
    if isinstance(value, str):
        return ty.StringLiteral(value)
    if isinstance(value, bytes):  # a read-only array of its bytes, in the module's constants (as Numba)
        return ty.Bytes(ty.uint8, 1, "C", True)
    if isinstance(value, slice):
        return ty.slice3_type if value.step is not None else ty.slice2_type
    if value is Ellipsis:
        return ty.ellipsis
    raise TypingError("constant %r of type %s is not supported" % (value, type(value).__name__))


class TypingContext:
    def __init__(self, registries: list[Registry] | None = None):
        self.registries = registries or [builtin_registry]
        self._global_cache: dict = {}
        self._op_cache: dict = {}
        self._attr_cache: dict = {}
        self._templates: dict = {}

    def _instances(self, classes):
        out = []
        for c in classes:
            inst = self._templates.get(c)
            if inst is None:
                inst = self._templates[c] = c(self)
            out.append(inst)
        return out

    # ------------------------------------------------------------ calls
    def global_templates(self, key):
        classes = []
        for reg in self.registries:
            try:
                classes.extend(reg.globals.get(key, ()))
            except TypeError:
                classes.extend(reg.globals.get(id(key), ()))
        if not classes and load_declarations_for(key):
            return self.global_templates(key)
        return self._instances(classes)

    def op_templates(self, op: str):
        classes = []
        for reg in self.registries:
            classes.extend(reg.ops.get(op, ()))
        return self._instances(classes)

    def is_known_global(self, obj) -> bool:
        return operator_key(obj) is not None or bool(self.global_templates(obj))

    def resolve_templates(self, what: str, templates, args: tuple, kws: dict,
                          unwrap_optional: bool = True) -> Signature:
        kwkey = tuple(sorted(kws.items()))
        for t in templates:
            sig = t.apply(args, dict(kws))
            if sig is not None:
                return sig
        if unwrap_optional and (any(isinstance(a, ty.Optional) for a in args)
                                or any(isinstance(a, ty.Optional) for a in kws.values())):
            # an optional(T) where a T is needed: type with T; typing then
            # casts the operand, which raises TypeError if it is None
            plain = tuple(_unwrap(a) for a in args)
            plain_kws = {k: _unwrap(v) for k, v in kws.items()}
            for t in templates:
                sig = t.apply(plain, dict(plain_kws))
                if sig is not None:
                    return sig
        argdesc = ", ".join([str(a) for a in args] + ["%s=%s" % kv for kv in kwkey])
        notes = ["argument types: (%s)" % argdesc]
        rejected = [r for t in templates for r in t.explain(args, dict(kws))]
        if rejected:
            notes.append("closest candidates:")
            notes.extend("  %s: %s" % (c, why) for c, why in rejected[:3])
            if len(rejected) > 3:
                notes.append("  ... and %d more" % (len(rejected) - 3))
        raise TypingError("no implementation of %s for these argument types" % what, notes=notes)

    def resolve_call(self, fnty: ty.Type, args: tuple, kws: dict) -> Signature:
        """The signature of calling a value of type ``fnty``."""
        key = (fnty, args, tuple(sorted(kws.items())))
        sig = self._global_cache.get(key)
        if sig is not None:
            return sig
        if isinstance(fnty, ty.Function):
            opkey = operator_key(fnty.key)
            if opkey is not None:
                sig = self._resolve_operator_call(fnty, opkey, args, kws)
            else:
                templates = self.global_templates(fnty.key)
                sig = self.resolve_templates(fnty.name + "()", templates, args, kws)
        elif isinstance(fnty, ty.BoundFunction):
            # a method: the template types (receiver, *args); the signature
            # keeps the receiver apart so call operands line up with args
            templates = self._instances([fnty.template])
            full = self.resolve_templates(str(fnty), templates, (fnty.this,) + tuple(args), kws)
            sig = full.replace(args=full.args[1:], recvr=full.args[0])
        elif isinstance(fnty, ty.NamedTupleClass):
            from pycomp.frontend.typing.tupleops import namedtuple_new

            sig = namedtuple_new(self, fnty, tuple(args), dict(kws))
        else:
            raise TypingError("a value of type %s is not callable" % fnty)
        self._global_cache[key] = sig
        return sig

    def _resolve_operator_call(self, fnty, opkey, args, kws) -> Signature:
        """``operator.add(a, b)`` types as ``a + b`` (see pycomp.operators)."""
        key, arity, inplace = opkey
        if kws or len(args) != arity:
            raise TypingError("operator.%s() takes %d positional argument%s" % (fnty.key.__name__, arity, "s" if arity > 1 else ""))
        resolve = self.resolve_inplace_op if inplace else self.resolve_op
        sig = resolve(key, tuple(operator_operands(fnty.key, args)))
        # the call's operands stay in the call's order
        return sig.replace(args=tuple(operator_operands(fnty.key, sig.args)))

    def resolve_op(self, op: str, args: tuple) -> Signature:
        key = (op, args)
        sig = self._op_cache.get(key)
        if sig is None:
            templates = self.op_templates(op)
            what = "operator %r" % op.replace("unary", "") if op not in ("getitem", "setitem", "truth") else op
            # bool(optional) is a typing error, as in Numba
            sig = self.resolve_templates(what, templates, args, {},
                                         unwrap_optional=op not in ("truth", "unarynot"))
            self._op_cache[key] = sig
        return sig

    def resolve_inplace_op(self, op: str, args: tuple) -> Signature:
        """``a op= b``: the templates of ``"op="`` (in place on a mutable
        value, e.g. an array) if one answers, else ``a op b``'s."""
        key = (op + "=", args)
        sig = self._op_cache.get(key)
        if sig is None:
            for template in self.op_templates(op + "="):
                sig = template.apply(args, {})
                if sig is not None:
                    break
            else:
                sig = self.resolve_op(op, args)
            self._op_cache[key] = sig
        return sig

    # ------------------------------------------------------------ attributes
    def resolve_getattr(self, value_type: ty.Type, attr: str) -> ty.Type:
        key = (value_type, attr)
        found = self._attr_cache.get(key)
        if found is not None:
            return found
        for reg in self.registries:
            for tmpl_cls in reg.attrs:
                if isinstance(value_type, tmpl_cls.key):
                    res = self._instances([tmpl_cls])[0].resolve(value_type, attr)
                    if res is not None:
                        self._attr_cache[key] = res
                        return res
        raise TypingAttributeError("unknown attribute '%s' of type %s" % (attr, value_type))


def _unwrap(t: ty.Type) -> ty.Type:
    return t.type if isinstance(t, ty.Optional) else t
