"""Typing of ``datetime64`` and ``timedelta64`` arithmetic and comparisons
(NumPy's rules, as Numba types them):

- ``td ± td -> td``, ``dt ± td -> dt``, ``td + dt -> dt``, ``dt - dt -> td``,
  in the finer of the two units (the generic unit takes the other's);
- ``td * int|float``, ``int|float * td``, ``td / int|float``, ``td // int|float``
  -> td (truncated toward zero, as NumPy and Numba divide);
  ``td / td -> float64``, ``td // td -> int64``, ``td % td -> td``;
- ``-td``, ``+td``, ``abs(td)``;
- comparisons between two datetimes or two timedeltas (NaT compares
  unequal to everything, itself included, and is neither less nor greater);
- ``np.isnat(x)`` (a ufunc: :mod:`pycomp.ufunc_db` asks :func:`datetime_result`
  for the loops of datetime arrays, so ``a - b``, ``a < b``, ``np.isnat(a)``
  work element-wise too);
- ``hash(x)`` (Numba's: the count of units), ``min``/``max`` of values and
  of a 1-d array (as Python iterates), ``int(x)``.

Timedeltas in years or months do not mix with the other units (NumPy
refuses it: a TypingError names the ufunc, as NumPy's does, and both
types). Datetimes of every unit combine: a datetime in years or months is
first brought to its first day through the calendar (``datetime64[Y] -
datetime64[D]`` is in days; ``datetime64[Y] + timedelta64[W]`` in weeks),
but a timedelta in years or months is not added to a datetime in weeks or
finer units.
Lowering: :mod:`pycomp.targets.cpu.impl_datetimes`.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.errors import TypingError
from pycomp.frontend.typing.templates import AbstractTemplate, builtin_registry as registry, signature

__all__ = ["unit_factor", "common_unit", "datetime_common_unit", "datetime_timedelta_unit", "datetime_result",
           "is_datetime_like", "is_calendar_unit"]

_DT, _TD = ty.NPDatetime, ty.NPTimedelta
#: units per next-coarser unit: how many of each unit one of the one before holds
_STEPS = {"M": 12, "D": 7, "h": 24, "m": 60, "s": 60, "ms": 1000, "us": 1000, "ns": 1000, "ps": 1000,
          "fs": 1000, "as": 1000}
_GROUP = {"Y": 0, "M": 0}  # the others: group 1


def unit_factor(src: str, dst: str):
    """How many ``dst`` units one ``src`` unit is (``dst`` at least as
    fine), or None if they do not convert (years/months against the rest,
    or ``dst`` coarser). The generic unit converts to anything with 1."""
    if src == "" or src == dst:
        return 1
    if dst == "" or _GROUP.get(src, 1) != _GROUP.get(dst, 1):
        return None
    units = ty.DATETIME_UNITS
    i, j = units.index(src), units.index(dst)
    if j < i:
        return None
    f = 1
    for u in units[i + 1:j + 1]:
        f *= _STEPS[u]
    return f


def common_unit(a: str, b: str) -> str:
    """The unit two values are combined in: the finer one; TypingError if
    they cannot be converted to one another."""
    if unit_factor(a, b) is not None:
        return b
    if unit_factor(b, a) is not None:
        return a
    raise TypingError("cannot combine datetime units [%s] and [%s]: years and months do not convert to days "
                      "and finer units" % (a, b))


def is_calendar_unit(unit: str) -> bool:
    """Whether ``unit`` is years or months (the units a datetime converts
    from through the calendar)."""
    return unit in ("Y", "M")


def _finer(a: str, b: str) -> str:
    """The finer of two units (the generic unit takes the other)."""
    if a == "" or b == "":
        return a or b
    units = ty.DATETIME_UNITS
    return a if units.index(a) >= units.index(b) else b


def datetime_common_unit(a: str, b: str) -> str:
    """The unit two datetimes are compared or subtracted in: the finer one
    (datetimes in years or months convert to any unit through the
    calendar, as NumPy converts them)."""
    return _finer(a, b)


def datetime_timedelta_unit(dt: str, td: str):
    """The unit of ``datetime64[dt] ± timedelta64[td]``: the finer one; None
    when NumPy refuses the pair (a timedelta in years or months and a
    datetime in weeks or finer units, whose days it cannot count)."""
    if dt and is_calendar_unit(td) and not is_calendar_unit(dt):
        return None
    return _finer(dt, td)


#: the scalar operator -> the name of its NumPy ufunc, for messages
_UFUNC_NAMES = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "floor_divide",
                "%": "remainder", "==": "equal", "!=": "not_equal", "<": "less", "<=": "less_equal",
                ">": "greater", ">=": "greater_equal"}


def _refuse(op, a, b):
    """The TypingError for two datetime-like operands whose units do not
    combine (NumPy's ufunc refuses them too)."""
    raise TypingError("ufunc '%s' is not supported between %s and %s: cannot combine datetime units [%s] and [%s]: "
                      "years and months do not convert to weeks, days or finer units"
                      % (_UFUNC_NAMES.get(op, op), a, b, a.unit, b.unit))


def _td_common(op, a, b) -> str:
    """The common unit of two timedeltas, or the TypingError naming ``op``."""
    if unit_factor(a.unit, b.unit) is None and unit_factor(b.unit, a.unit) is None:
        _refuse(op, a, b)
    return common_unit(a.unit, b.unit)


def _int(t) -> bool:
    return isinstance(t, ty.Integer)  # bool included


def _real(t) -> bool:
    return isinstance(t, (ty.Integer, ty.Float))


def is_datetime_like(t) -> bool:
    return isinstance(t, (_DT, _TD))


def datetime_result(op: str, args: tuple):
    """The result type of operator ``op`` (``"+"``, ``"<"``, ``"unary-"``,
    ``abs``, ``"isnat"``) on ``args`` of which one at least is a datetime
    or timedelta; None if NumPy has no such operation."""
    if len(args) == 1:
        (a,) = args
        if op == "isnat":
            return ty.boolean if is_datetime_like(a) else None
        return a if isinstance(a, _TD) and op in ("unary-", "unary+", abs) else None
    if len(args) != 2:
        return None
    a, b = args
    if op in ("==", "!=", "<", "<=", ">", ">="):
        if isinstance(a, _DT) and isinstance(b, _DT):
            return ty.boolean
        if isinstance(a, _TD) and isinstance(b, _TD):
            _td_common(op, a, b)
            return ty.boolean
        return None
    if isinstance(a, _TD) and isinstance(b, _TD):
        if op not in ("+", "-", "/", "//", "%"):
            return None
        u = _td_common(op, a, b)
        return {"+": _TD(u), "-": _TD(u), "/": ty.float64, "//": ty.int64, "%": _TD(u)}[op]
    if op == "+" and {type(a), type(b)} == {_DT, _TD} or op == "-" and isinstance(a, _DT) and isinstance(b, _TD):
        dt, td = (a, b) if isinstance(a, _DT) else (b, a)
        u = datetime_timedelta_unit(dt.unit, td.unit)
        if u is None:
            _refuse(op, a, b)
        return _DT(u)
    if op == "-" and isinstance(a, _DT) and isinstance(b, _DT):
        return _TD(datetime_common_unit(a.unit, b.unit))
    if op == "*" and (isinstance(a, _TD) and _real(b) or _real(a) and isinstance(b, _TD)):
        return a if isinstance(a, _TD) else b
    if op in ("/", "//") and isinstance(a, _TD) and _real(b):  # truncated, as Numba divides
        return a
    return None


class _DatetimeArith(AbstractTemplate):
    """One arithmetic operator on datetimes and timedeltas."""

    op = ""

    def generic(self, args, kws):
        if len(args) != 2 or not any(isinstance(a, (_DT, _TD)) for a in args):
            return None
        res = datetime_result(self.op, tuple(args))
        return None if res is None else signature(res, *args)

    def describe(self):
        return ["%s on datetime64/timedelta64 (NumPy's rules)" % self.op]


for _op in ("+", "-", "*", "/", "//", "%"):
    registry.register_op(_op, type("DatetimeArith" + _op, (_DatetimeArith,), {"op": _op}))


class _DatetimeCompare(AbstractTemplate):
    """``==`` ... ``>=`` between two datetimes or two timedeltas."""

    def generic(self, args, kws):
        if len(args) != 2:
            return None
        res = datetime_result("==", tuple(args))
        return None if res is None else signature(res, *args)

    def describe(self):
        return ["comparison of two datetime64 or two timedelta64"]


for _op in ("==", "!=", "<", "<=", ">", ">="):
    registry.register_op(_op, type("DatetimeCompare" + _op, (_DatetimeCompare,), {}))


class _TimedeltaUnary(AbstractTemplate):
    """``-td`` and ``+td``."""

    def generic(self, args, kws):
        if len(args) == 1 and isinstance(args[0], _TD):
            return signature(args[0], args[0])
        return None

    def describe(self):
        return ["unary -/+ of a timedelta64"]


for _op in ("unary-", "unary+"):
    registry.register_op(_op, type("TimedeltaUnary" + _op, (_TimedeltaUnary,), {}))


@registry.register_global(abs)
class TimedeltaAbs(AbstractTemplate):
    """``abs(td)``."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and isinstance(args[0], _TD):
            return signature(args[0], args[0])
        return None

    def describe(self):
        return ["abs(timedelta64)"]


class _DatetimeConstructor(AbstractTemplate):
    """``np.datetime64(n, "unit")`` / ``np.timedelta64(n, "unit")`` with a
    constant unit (an integer count of units, or a bool), ``np.timedelta64(n)``
    in the generic unit, and ``np.datetime64("2020-01-01")`` /
    ``np.timedelta64("NaT")`` of a constant string, read when compiling."""

    cls = None

    def generic(self, args, kws):
        if kws or not 1 <= len(args) <= 2:
            return None
        first = args[0]
        unit = ""
        if len(args) == 2:
            if not isinstance(args[1], ty.StringLiteral):
                raise TypingError("np.%s(): the unit must be a constant string" % self.cls.kind)
            unit = args[1].value
            if unit not in ty.DATETIME_UNITS:
                raise TypingError("np.%s(): unknown unit %r (one of %s)"
                                  % (self.cls.kind, unit, " ".join(ty.DATETIME_UNITS)))
        if isinstance(first, ty.StringLiteral):
            import numpy as np

            try:
                value = getattr(np, self.cls.kind)(first.value, *((unit,) if unit else ()))
            except ValueError as e:
                raise TypingError("np.%s(%r): %s" % (self.cls.kind, first.value, e)) from None
            unit = np.datetime_data(value.dtype)[0]
            return signature(self.cls("" if unit == "generic" else unit), *args)
        if isinstance(first, self.cls) and unit and first.unit and unit != first.unit:
            if is_calendar_unit(unit) != is_calendar_unit(first.unit) and (self.cls is _TD or is_calendar_unit(unit)):
                raise TypingError("np.%s(): cannot convert %s to [%s]: years and months do not convert to weeks, "
                                  "days or finer units here" % (self.cls.kind, first, unit))
        if isinstance(first, ty.Integer) or isinstance(first, self.cls):
            return signature(self.cls(unit if unit or not isinstance(first, self.cls) else first.unit), *args)
        return None

    def describe(self):
        return ["np.%s(int | 'text', 'unit')" % self.cls.kind]


def _register_constructors():
    import numpy as np

    registry.register_global(np.datetime64)(type("DatetimeCtor", (_DatetimeConstructor,), {"cls": _DT}))
    registry.register_global(np.timedelta64)(type("TimedeltaCtor", (_DatetimeConstructor,), {"cls": _TD}))


_register_constructors()


class _DatetimeMinMax(AbstractTemplate):
    """``min(a, b, ...)`` / ``max(...)`` of datetimes or of timedeltas: as
    Python computes it with their comparisons (the first extreme value; a
    NaT compares false, so it is kept only when it comes first)."""

    def generic(self, args, kws):
        if kws or len(args) < 2 or not all(isinstance(a, _DT) for a in args) and \
                not all(isinstance(a, _TD) for a in args):
            return None
        unit = args[0].unit
        for a in args[1:]:
            unit = datetime_common_unit(unit, a.unit) if isinstance(a, _DT) else common_unit(unit, a.unit)
        return signature(type(args[0])(unit), *args)

    def describe(self):
        return ["min/max(datetime64 | timedelta64, ...)"]


class _DatetimeInt(AbstractTemplate):
    """``int(x)`` of a datetime or timedelta in nanoseconds or finer (or the
    generic unit): its count of units. NumPy turns coarser units into
    Python's datetime objects first, which ``int()`` refuses: a TypingError
    here, as in Numba."""

    def generic(self, args, kws):
        if len(args) == 1 and not kws and is_datetime_like(args[0]):
            if args[0].unit not in ("", "ns", "ps", "fs", "as"):
                raise TypingError("Only %s[ns] can be converted, but got %s" % (args[0].kind, args[0]))
            return signature(ty.int64, args[0])
        return None

    def describe(self):
        return ["int(datetime64 | timedelta64)"]


def _register_builtins():
    import builtins

    registry.register_global(builtins.min)(type("DatetimeMin", (_DatetimeMinMax,), {}))
    registry.register_global(builtins.max)(type("DatetimeMax", (_DatetimeMinMax,), {}))
    registry.register_global(builtins.int)(_DatetimeInt)


_register_builtins()


class _DatetimeHash(AbstractTemplate):
    """``hash(x)`` of a datetime or timedelta: its count of units (-2 for
    -1, as Python hashes integers; NaT is INT64_MIN), as Numba hashes it.
    A timedelta in the generic unit has no hash in NumPy 2.2+: ValueError."""

    def generic(self, args, kws):
        if len(args) != 1 or kws or not is_datetime_like(args[0]):
            return None
        if isinstance(args[0], _TD) and not args[0].unit:
            from pycomp.errors import NumbaValueError

            raise NumbaValueError("Can't hash generic timedelta64")
        return signature(ty.int64, args[0])

    def describe(self):
        return ["hash(datetime64 | timedelta64)"]


registry.register_global(hash)(_DatetimeHash)
