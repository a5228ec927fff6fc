"""The NumPy ufuncs compiled code supports, and how a call picks its loop.

A ufunc is a table of *loops*, each a tuple of input types and an output
type (NumPy lists them in ``ufunc.types``, e.g. ``'ff->f'``). A call uses
the first loop, in NumPy's order, that every input can be cast to; the
inputs are cast to the loop's types and the loop's kernel computes the
output. :data:`UFUNCS` holds, for each supported ufunc, the loops built
from NumPy's list and kept to the kinds of numbers pycomp has a kernel for
(bool, the integers, float32/64, complex64/128; no float16 or long double,
so ``np.sqrt(np.int8(2))`` is float32 where NumPy says float16).

Casting follows Numba 0.68, the behavioural reference, which differs from
NumPy 2 in two ways (:func:`can_cast_input`):

- a scalar is typed by its type alone (no NEP 50 "weak" Python scalars),
  so ``int32_array + 1`` is int64 as ``int32_array + int64_array`` is;
- when the inputs mix integers with floats or complex numbers, an integer
  input may go to any float or complex loop, so ``float32_array + 1`` and
  ``int32_array + float32_array`` are float32 (NumPy: float32 and float64).

Otherwise an input converts only where NumPy's ``can_cast(..., 'safe')``
allows. :func:`weak_scalar_loop` adds NumPy's weak-scalar rule for the
in-place operators (``uint8_array += 1`` stays uint8; Numba fails there).

Three ufuncs have two outputs (``np.frexp``, ``np.modf``, ``np.divmod``):
their loops list both output types (:attr:`UfuncLoop.outputs`). Loops
with a datetime64/timedelta64 input are not in the table: they are the
scalar operators' (:func:`datetime_loop`), or for the extrema, the
predicates, ``sign`` and ``timedelta // float`` the kernels of
:data:`DATETIME_UFUNCS`.

The table knows nothing of the machine: the kernels are in
``pycomp.targets.cpu.ufunc_kernels``, keyed by the ufunc's name.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from pycomp import types as ty
from pycomp.typeof import dtype_to_type

__all__ = ["UfuncLoop", "UfuncSpec", "UFUNCS", "OPERATOR_UFUNCS", "UNARY_OPERATOR_UFUNCS", "ufunc_spec",
           "resolve_loop", "weak_scalar_loop", "DATETIME_UFUNCS", "inplace_loop", "can_cast_input",
           "can_cast_same_kind", "element_type"]

#: the letters of ``ufunc.types`` each kind of number stands for
_BOOL, _INTS, _FLOATS, _COMPLEX = "?", "bBhHiIlLqQ", "fd", "FD"
_KIND_LETTERS = {"?": _BOOL, "I": _INTS, "F": _FLOATS, "C": _COMPLEX}

_ALL = "?IFC"
_NUM = "IFC"
_TRIG = "FC"

#: ufunc name -> the kinds its kernels implement ("?" bool, "I" integers,
#: "F" floats, "C" complex); loops of other kinds are left out
_SUPPORTED_KINDS = {
    # arithmetic
    "add": _ALL, "subtract": _NUM, "multiply": _ALL, "true_divide": "FC", "floor_divide": "IF",
    "remainder": "IF", "fmod": "IF", "power": _NUM, "float_power": "FC",
    "negative": _NUM, "positive": _NUM, "absolute": _ALL, "fabs": "F", "sign": _NUM,
    "conjugate": _NUM, "square": _NUM, "reciprocal": _NUM,
    # exponents, logarithms, trigonometry
    "sqrt": _TRIG, "exp": _TRIG, "log": _TRIG, "log10": _TRIG, "log2": _TRIG, "expm1": _TRIG, "log1p": _TRIG,
    "exp2": _TRIG, "cbrt": "F", "sin": _TRIG, "cos": _TRIG, "tan": _TRIG, "arcsin": _TRIG, "arccos": _TRIG,
    "arctan": _TRIG, "sinh": _TRIG, "cosh": _TRIG, "tanh": _TRIG, "arcsinh": _TRIG, "arccosh": _TRIG,
    "arctanh": _TRIG, "arctan2": "F", "hypot": "F", "copysign": "F", "nextafter": "F",
    "logaddexp": "F", "logaddexp2": "F", "deg2rad": "F", "radians": "F", "rad2deg": "F", "degrees": "F",
    "heaviside": "F", "spacing": "F", "ldexp": "FI", "gcd": "I", "lcm": "I",
    # rounding
    "floor": "?IF", "ceil": "?IF", "trunc": "?IF", "rint": "FC",
    # extrema (complex numbers ordered lexicographically, as NumPy does)
    "minimum": _ALL, "maximum": _ALL, "fmin": _ALL, "fmax": _ALL,
    # predicates (isnat: datetime64/timedelta64 only, see datetime_loop)
    "isnat": "", "isnan": _ALL, "isinf": _ALL, "isfinite": _ALL, "signbit": "F",
    # comparisons and logic
    "equal": _ALL, "not_equal": _ALL, "less": _ALL, "less_equal": _ALL, "greater": _ALL,
    "greater_equal": _ALL, "logical_and": _ALL, "logical_or": _ALL, "logical_xor": _ALL,
    "logical_not": _ALL,
    # bits
    "bitwise_and": "?I", "bitwise_or": "?I", "bitwise_xor": "?I", "invert": "?I",
    "left_shift": "I", "right_shift": "I",
    # two outputs
    "frexp": "F", "modf": "F", "divmod": "IF",
}

#: binary operator -> the ufunc it is on arrays
OPERATOR_UFUNCS = {
    "+": np.add, "-": np.subtract, "*": np.multiply, "/": np.true_divide, "//": np.floor_divide,
    "%": np.remainder, "**": np.power, "&": np.bitwise_and, "|": np.bitwise_or, "^": np.bitwise_xor,
    "<<": np.left_shift, ">>": np.right_shift, "==": np.equal, "!=": np.not_equal, "<": np.less,
    "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
}
#: unary operator key -> the ufunc it is on arrays
UNARY_OPERATOR_UFUNCS = {"unary-": np.negative, "unary+": np.positive, "unary~": np.invert}


@dataclass(frozen=True)
class UfuncLoop:
    """One loop of a ufunc: the types its inputs are cast to, and its
    output type (the first one's; ``more_outputs`` the others' for a ufunc
    with several outputs, as ``np.divmod``)."""

    inputs: tuple
    output: ty.Type
    more_outputs: tuple = ()

    @property
    def outputs(self) -> tuple:
        """Every output's type, in order."""
        return (self.output,) + self.more_outputs

    def __str__(self):
        outs = self.outputs
        return "(%s) -> %s" % (", ".join(map(str, self.inputs)),
                               outs[0] if len(outs) == 1 else "(%s)" % ", ".join(map(str, outs)))


@dataclass(frozen=True)
class UfuncSpec:
    """A supported ufunc: the NumPy object, its name (the kernel's key),
    its number of inputs, its loops in NumPy's order and its number of
    outputs."""

    ufunc: object
    name: str
    nin: int
    loops: tuple
    nout: int = 1


def _letter_type(letter: str):
    try:
        return dtype_to_type(np.dtype(letter))
    except (TypeError, ValueError):
        return None


def _build_spec(ufunc, kinds: str) -> UfuncSpec:
    allowed = "".join(_KIND_LETTERS[k] for k in kinds)
    loops, seen = [], set()
    for sig in ufunc.types:
        ins, outs = sig.split("->")
        if len(outs) != ufunc.nout or not set(ins) <= set(allowed):
            continue
        types = [_letter_type(c) for c in ins + outs]
        if any(t is None for t in types):
            continue
        n = len(ins)
        loop = UfuncLoop(tuple(types[:n]), types[n], tuple(types[n + 1:]))
        if loop not in seen:  # 'l' and 'q' are both int64 here
            seen.add(loop)
            loops.append(loop)
    return UfuncSpec(ufunc, ufunc.__name__, ufunc.nin, tuple(loops), ufunc.nout)


#: the NumPy ufunc object -> its :class:`UfuncSpec` (``np.abs`` is
#: ``np.absolute``, ``np.divide`` is ``np.true_divide``: one entry each)
UFUNCS: dict = {}
for _name, _kinds in _SUPPORTED_KINDS.items():
    _uf = getattr(np, _name, None)
    if isinstance(_uf, np.ufunc) and _uf.nout <= 2 and _uf not in UFUNCS:
        UFUNCS[_uf] = _build_spec(_uf, _kinds)


def ufunc_spec(obj) -> UfuncSpec | None:
    """The :class:`UfuncSpec` of ``obj``, None if it is no supported ufunc."""
    try:
        return UFUNCS.get(obj)
    except TypeError:
        return None


def element_type(t: ty.Type):
    """The number type an operand of type ``t`` contributes to a ufunc (an
    array's dtype, a scalar's own type), None if it cannot be one."""
    if isinstance(t, ty.Array):
        t = t.dtype
    if isinstance(t, (ty.Number, ty.Boolean, ty.NPDatetime, ty.NPTimedelta)):
        return t
    return None


def _np_dtype(t: ty.Type):
    from pycomp.typeof import as_numpy_dtype

    return as_numpy_dtype(t)


def _kind(t: ty.Type) -> str:
    return _np_dtype(t).kind


@functools.lru_cache(maxsize=None)
def _can_cast_safe(src: ty.Type, dst: ty.Type) -> bool:
    return bool(np.can_cast(_np_dtype(src), _np_dtype(dst), "safe"))


@functools.lru_cache(maxsize=None)
def can_cast_same_kind(src: ty.Type, dst: ty.Type) -> bool:
    """NumPy's ``can_cast(src, dst, 'same_kind')``: what a ufunc's output may
    be cast to when written into a given array (``out=``, ``a += b``)."""
    return bool(np.can_cast(_np_dtype(src), _np_dtype(dst), "same_kind"))


def can_cast_input(src: ty.Type, dst: ty.Type, mixed_kinds: bool) -> bool:
    """Whether an input of number type ``src`` may use a loop input of type
    ``dst``: NumPy's safe casting, and with ``mixed_kinds`` (the inputs mix
    integers with floats or complex numbers) any integer to any float or
    complex type, as Numba allows."""
    if src is dst:
        return True
    if mixed_kinds and _kind(src) in "iu" and _kind(dst) in "fc":
        return True
    return _can_cast_safe(src, dst)


def _mixed_kinds(dtypes) -> bool:
    kinds = {_kind(t) for t in dtypes}
    return bool(kinds & set("iu")) and bool(kinds & set("fc"))


#: ufunc name -> the scalar operator its datetime64/timedelta64 loops are
DATETIME_OPERATORS = {
    "add": "+", "subtract": "-", "multiply": "*", "true_divide": "/", "divide": "/", "floor_divide": "//",
    "remainder": "%",
    "equal": "==", "not_equal": "!=", "less": "<", "less_equal": "<=", "greater": ">", "greater_equal": ">=",
    "negative": "unary-", "positive": "unary+", "absolute": abs, "isnat": "isnat",
}


#: the datetime64/timedelta64 loops that are no scalar operator (their
#: kernels are in ``pycomp.targets.cpu.ufunc_datetime_kernels.DATETIME_KERNELS``)
DATETIME_UFUNCS = ("maximum", "minimum", "fmax", "fmin", "isnan", "isinf", "isfinite", "sign", "floor_divide")


def _datetime_ufunc_result(name: str, dtypes: tuple):
    """The output type of the datetime loops of :data:`DATETIME_UFUNCS`:
    extrema of two datetimes (or two timedeltas) in their common unit, the
    predicates' bool, ``sign`` of a timedelta, ``timedelta // float``."""
    from pycomp.frontend.typing.datetimes import common_unit

    if name in ("isnan", "isinf", "isfinite"):
        return ty.boolean if len(dtypes) == 1 else None
    if name == "sign":  # NumPy 2.5 made it a float (NaT: nan), earlier versions a timedelta
        if not isinstance(dtypes[0], ty.NPTimedelta):
            return None
        return ty.float64 if "m->d" in np.sign.types else dtypes[0]
    if len(dtypes) != 2:
        return None
    a, b = dtypes
    if name == "floor_divide":
        return a if isinstance(a, ty.NPTimedelta) and isinstance(b, ty.Float) else None
    for cls in (ty.NPDatetime, ty.NPTimedelta):
        if isinstance(a, cls) and isinstance(b, cls):
            return cls(common_unit(a.unit, b.unit))
    return None


def datetime_loop(spec: UfuncSpec, dtypes: tuple) -> UfuncLoop | None:
    """The loop for inputs of which one at least is a datetime64 or
    timedelta64: the inputs as they are (units are reconciled by the
    scalar operation or the kernel) and the result NumPy's rules give
    (typing of the scalar operator); None if the ufunc has no such loop."""
    from pycomp.frontend.typing.datetimes import datetime_result

    op = DATETIME_OPERATORS.get(spec.name)
    res = None if op is None else datetime_result(op, dtypes)
    if res is None and spec.name in DATETIME_UFUNCS:
        res = _datetime_ufunc_result(spec.name, dtypes)
    return None if res is None else UfuncLoop(tuple(dtypes), res)


@functools.lru_cache(maxsize=None)
def resolve_loop(spec: UfuncSpec, dtypes: tuple) -> UfuncLoop | None:
    """The loop a call of ``spec``'s ufunc uses for inputs of number types
    ``dtypes`` (array dtypes and scalar types), None if there is none."""
    if len(dtypes) != spec.nin:
        return None
    if any(isinstance(t, (ty.NPDatetime, ty.NPTimedelta)) for t in dtypes):
        return datetime_loop(spec, dtypes)
    mixed = _mixed_kinds(dtypes)
    for loop in spec.loops:
        if all(can_cast_input(s, d, mixed) for s, d in zip(dtypes, loop.inputs)):
            return loop
    return None


_KIND_RANK = {"b": 0, "i": 1, "u": 1, "f": 2, "c": 3}


def weak_scalar_loop(spec: UfuncSpec, target: ty.Type, other: ty.Type) -> UfuncLoop | None:
    """The loop of ``target op= other`` for an array ``target`` of dtype
    ``target`` and a scalar ``other`` of no higher kind (bool < integers <
    floats < complex): the scalar is "weak", as a Python scalar is in NumPy
    2, so the loop is the one for two ``target`` inputs. None otherwise."""
    if _KIND_RANK[_kind(other)] > _KIND_RANK[_kind(target)]:
        return None
    return resolve_loop(spec, (target, target))


def inplace_loop(spec: UfuncSpec, target: ty.Type, other: ty.Type) -> UfuncLoop | None:
    """The loop of ``a op= b`` for an array ``a`` of dtype ``target`` and an
    operand ``b`` of type ``other`` (an array or a scalar): a scalar is
    weak where it can be (:func:`weak_scalar_loop`), else the loop of
    ``op(a, b)``."""
    dtype = element_type(other)
    if dtype is None:
        return None
    if not isinstance(other, ty.Array):
        loop = weak_scalar_loop(spec, target, dtype)
        if loop is not None:
            return loop
    return resolve_loop(spec, (target, dtype))
