"""Typing of ufunc calls and of the operators on whole arrays.

- ``np.add(x, y)``, ``np.sqrt(x)``, ... (every ufunc of
  :data:`pycomp.ufunc_db.UFUNCS`): on scalars (and 0-d
  arrays) the scalar result of the loop the inputs select; with an array
  input a new array of the loop's output dtype, with as many dimensions
  as the largest input (the shape is broadcast at run time),
  F-contiguous when every input of two or more dimensions is, as NumPy
  gives it, C-contiguous otherwise (:func:`result_layout`).
  ``out=`` (keyword, or the positional argument after the inputs) is an
  array written in place and returned: writable, with at least the
  inputs' dimensions, and a dtype the loop's output casts to under
  NumPy's ``same_kind`` rule.
- the ufuncs with two outputs (``np.frexp``, ``np.modf``, ``np.divmod``)
  give a tuple: of two scalars, of two new arrays, or of the two output
  arrays given (both positionally after the inputs, or ``out=(o1, o2)``).
- ``a + b``, ``a < b``, ``-a``, ``~a``, ``abs(a)``: the corresponding
  ufunc when an operand is an array (scalars keep the operator templates
  of :mod:`builtins`, which answer None for arrays, so these templates,
  registered after them, only ever see arrays).
- ``a += b`` and the other in-place operators (keys ``"+="``, ...): ``a``
  an array, written in place and returned (type ``a``'s); a scalar ``b``
  is weak (``uint8_array += 1`` stays uint8); the loop's output must
  cast to ``a``'s dtype under ``same_kind`` (a TypingError otherwise, as
  NumPy's UFuncTypeError). On anything else the in-place key has no
  answer and ``a = a + b`` is typed instead.
- ``not a`` and ``bool(a)`` stay TypingErrors, as in Numba.
"""

from __future__ import annotations

import builtins

import numpy as np

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, signature
from pycomp.ufunc_db import (
    OPERATOR_UFUNCS,
    UFUNCS,
    UNARY_OPERATOR_UFUNCS,
    UfuncSpec,
    can_cast_same_kind,
    element_type,
    inplace_loop,
    resolve_loop,
)

__all__ = ["ufunc_signature", "result_layout", "INPLACE_OPERATORS"]

#: the in-place operators on arrays (``"+"`` for ``a += b``)
INPLACE_OPERATORS = ("+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>")


def _check_out(spec: UfuncSpec, result: ty.Type, out: ty.Type, ndim: int, what: str) -> None:
    """A TypingError unless ``out`` can receive a result of type ``result``."""
    if not isinstance(out, ty.Array) or element_type(out) is None:
        raise TypingError("%s: the output must be an array, not %s" % (what, out))
    if out.readonly:
        raise TypingError("%s: the output array is read-only (%s)" % (what, out))
    if out.ndim < ndim:
        raise TypingError("%s: the output has %d dimension%s, fewer than the inputs' %d"
                          % (what, out.ndim, "" if out.ndim == 1 else "s", ndim))
    if not can_cast_same_kind(result, out.dtype):
        raise TypingError("%s: cannot cast ufunc '%s' output from %s to %s with casting rule 'same_kind'"
                          % (what, spec.name, result, out.dtype))


def result_layout(inputs: tuple, ndim: int) -> str:
    """The layout of a new result array: F-contiguous, as NumPy's, when
    every array input of more than one dimension is (and there is one),
    C-contiguous otherwise."""
    multi = [a for a in inputs if isinstance(a, ty.Array) and a.ndim > 1]
    return "F" if ndim > 1 and multi and all(a.layout == "F" for a in multi) else "C"


def _given_outs(spec: UfuncSpec, out) -> tuple | None:
    """The output arrays a call names (``out`` one type, a tuple of them, or
    None), one per output or None for those to allocate; a TypingError for
    an ``out`` of the wrong count."""
    if out is None or isinstance(out, ty.NoneType):
        return None
    outs = tuple(out.types) if isinstance(out, ty.BaseTuple) else (out,)
    if len(outs) != spec.nout:
        raise TypingError("np.%s(): out must be a tuple of %d arrays, not %s" % (spec.name, spec.nout, out))
    return outs


def ufunc_signature(spec: UfuncSpec, inputs: tuple, out: ty.Type | None = None, what: str = ""):
    """The result type of calling ``spec``'s ufunc on operands of types
    ``inputs`` (arrays and scalars), writing into ``out`` if given (an
    array, or a tuple of arrays for a ufunc with several outputs); None if
    an operand is neither or no loop takes them. A ufunc with several
    outputs gives a tuple of them."""
    dtypes = tuple(element_type(a) for a in inputs)
    if len(inputs) != spec.nin or None in dtypes:
        return None
    loop = resolve_loop(spec, dtypes)
    if loop is None:
        return None
    ndim = max((a.ndim for a in inputs if isinstance(a, ty.Array)), default=0)
    outs = _given_outs(spec, out)
    if outs is not None:
        for o, t in zip(outs, loop.outputs):
            _check_out(spec, t, o, ndim, what or "np.%s()" % spec.name)
        if len({o.ndim for o in outs}) > 1:
            raise TypingError("%s: the output arrays have different numbers of dimensions (%s)"
                              % (what or "np.%s()" % spec.name, ", ".join(str(o) for o in outs)))
        return outs[0] if spec.nout == 1 else ty.Tuple(outs)
    if ndim == 0:  # scalars and 0-d arrays give a scalar, as in Numba
        res = loop.outputs
    else:
        layout = result_layout(inputs, ndim)
        res = tuple(ty.Array(t, ndim, layout) for t in loop.outputs)
    return res[0] if spec.nout == 1 else ty.Tuple(res)


def _ufunc_template(spec: UfuncSpec):
    name = "np.%s()" % spec.name
    nargs = spec.nin + spec.nout

    class UfuncCall(AbstractTemplate):
        def generic(self, args, kws):
            unknown = sorted(set(kws) - {"out"})
            if unknown:
                raise TypingError("%s: unsupported keyword argument%s %s (only out= is)"
                                  % (name, "s" if len(unknown) > 1 else "", ", ".join(map(repr, unknown))))
            if not spec.nin <= len(args) <= nargs or (len(args) > spec.nin and kws):
                return None
            if len(args) > spec.nin:  # outputs given positionally
                given = args[spec.nin:]
                if len(given) != spec.nout:
                    raise TypingError("%s: give all %d outputs or none" % (name, spec.nout))
                out = given[0] if spec.nout == 1 else ty.Tuple(given)
            else:
                out = kws.get("out")
            res = ufunc_signature(spec, tuple(args[:spec.nin]), out, name)
            if res is None:
                return None
            return signature(res, *args, *kws.values())

        def describe(self):
            params = ", ".join("x%d" % (i + 1) for i in range(spec.nin))
            return ["np.%s(%s[, out]) on numbers and arrays of numbers" % (spec.name, params)]

    UfuncCall.__name__ = "Ufunc_" + spec.name
    return UfuncCall


for _uf, _spec in UFUNCS.items():
    registry.register_global(_uf, _ufunc_template(_spec))


def _has_array(args) -> bool:
    return any(isinstance(a, ty.Array) for a in args)


def _operator_template(key: str, ufunc):
    spec = UFUNCS[ufunc]

    class ArrayOperator(AbstractTemplate):
        def generic(self, args, kws):
            if kws or not _has_array(args):
                return None
            res = ufunc_signature(spec, tuple(args))
            return None if res is None else signature(res, *args)

        def describe(self):
            return ["%s on arrays (np.%s)" % (key.replace("unary", "unary "), spec.name)]

    ArrayOperator.__name__ = "ArrayOperator_" + spec.name
    return ArrayOperator


for _op, _uf in {**OPERATOR_UFUNCS, **UNARY_OPERATOR_UFUNCS}.items():
    registry.register_op(_op, _operator_template(_op, _uf))
registry.register_global(builtins.abs, _operator_template("abs()", np.absolute))


def _inplace_template(sym: str):
    spec = UFUNCS[OPERATOR_UFUNCS[sym]]
    what = "operator %s=" % sym

    class ArrayInplaceOperator(AbstractTemplate):
        def generic(self, args, kws):
            if len(args) != 2 or not isinstance(args[0], ty.Array):
                return None
            target, other = args
            if element_type(target) is None or element_type(other) is None:
                return None
            loop = inplace_loop(spec, target.dtype, other)
            if loop is None:
                return None
            if isinstance(other, ty.Array) and other.ndim > target.ndim:
                raise TypingError("%s: cannot broadcast a %dd array into the %dd array it updates"
                                  % (what, other.ndim, target.ndim))
            _check_out(spec, loop.output, target, 0, what)
            return signature(target, target, other)

        def describe(self):
            return ["array %s= array or number (np.%s with out=)" % (sym, spec.name)]

    ArrayInplaceOperator.__name__ = "ArrayInplace_" + spec.name
    return ArrayInplaceOperator


for _sym in INPLACE_OPERATORS:
    registry.register_op(_sym + "=", _inplace_template(_sym))
