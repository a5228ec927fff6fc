"""NumPy's ``datetime64`` and ``timedelta64``, as in Numba: ``NPDatetime``
and ``NPTimedelta``, parametrized by their unit (``"D"``, ``"s"``,
``"ns"``, ..., or ``""`` for the generic unit).

A value is an int64 count of units since the epoch (a datetime) or of
units (a timedelta); NaT ("not a time") is the smallest int64, as in NumPy.
The units, coarsest first, are ``Y M W D h m s ms us ns ps fs as``; years
and months convert to each other (12 months a year) and the others among
themselves, but not one group to the other.
"""

from __future__ import annotations

from pycomp.types.abstract import Type

__all__ = ["NPDatetime", "NPTimedelta", "DATETIME_UNITS", "NAT"]

#: the units, coarsest first ("" is NumPy's generic unit)
DATETIME_UNITS = ("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as")
#: the int64 value of NaT
NAT = -(1 << 63)


class _DatetimeLike(Type):
    kind = ""

    def __init__(self, unit: str = ""):
        if unit not in DATETIME_UNITS and unit != "":
            raise ValueError("unknown datetime unit %r (one of %s)" % (unit, " ".join(DATETIME_UNITS)))
        self.unit = unit

    @classmethod
    def _key_from_args(cls, unit=""):
        return (unit,)

    def __str__(self):
        return "%s[%s]" % (self.kind, self.unit) if self.unit else self.kind

    def cast_python_value(self, value):
        import numpy as np

        return getattr(np, self.kind)(value, self.unit) if self.unit else getattr(np, self.kind)(value)


class NPDatetime(_DatetimeLike):
    """``numpy.datetime64[unit]``: a point in time."""

    kind = "datetime64"


class NPTimedelta(_DatetimeLike):
    """``numpy.timedelta64[unit]``: a duration."""

    kind = "timedelta64"
