"""The toy functions in plain Python: what jitted code must compute."""

from __future__ import annotations

__all__ = ["Interval", "interval", "width", "clamp"]


class Interval:
    """The closed interval [lo, hi] of two floats."""

    __slots__ = ("lo", "hi")

    def __init__(self, lo: float, hi: float):
        self.lo, self.hi = lo, hi

    def __repr__(self) -> str:
        return "interval(%r, %r)" % (self.lo, self.hi)


def interval(lo, hi) -> Interval:
    """The interval [lo, hi]; ValueError if hi < lo."""
    if hi < lo:
        raise ValueError("interval() needs lo <= hi")
    return Interval(float(lo), float(hi))


def width(iv: Interval) -> float:
    """hi - lo."""
    return iv.hi - iv.lo


def clamp(x, iv: Interval) -> float:
    """x moved into the interval: min(max(x, lo), hi), as a float."""
    return float(min(max(x, iv.lo), iv.hi))
