"""Implicit conversions between types and their cost.

``Conversion`` ranks a conversion: exact < promote < safe < unsafe. The
number rules form a small graph (bool -> int8 is safe, int8 -> int16 a
promotion, int64 -> float64 unsafe, ...); the conversion between any two
numbers is the worst step on the best path, computed once. Overload
resolution rates a candidate by how many of each kind its arguments need.
"""

from __future__ import annotations

import enum

from pycomp import types as ty

__all__ = ["Conversion", "can_convert", "Rating", "rate_arguments", "unify_numbers", "unify_types"]


class Conversion(enum.IntEnum):
    exact = 1
    promote = 2
    safe = 3
    unsafe = 4


P, S, U = Conversion.promote, Conversion.safe, Conversion.unsafe

# (from, to, forward kind, backward kind)
_RULES = [
    (ty.boolean, ty.int8, S, U),
    (ty.boolean, ty.uint8, S, U),
    (ty.int8, ty.int16, P, U),
    (ty.int16, ty.int32, P, U),
    (ty.int32, ty.int64, P, U),
    (ty.uint8, ty.uint16, P, U),
    (ty.uint16, ty.uint32, P, U),
    (ty.uint32, ty.uint64, P, U),
    (ty.uint8, ty.int16, S, U),
    (ty.uint16, ty.int32, S, U),
    (ty.uint32, ty.int64, S, U),
    (ty.int16, ty.float32, S, U),
    (ty.int32, ty.float64, S, U),
    (ty.int64, ty.float64, U, U),
    (ty.uint64, ty.float64, U, U),
    (ty.float32, ty.float64, P, U),
    (ty.float32, ty.complex64, S, None),
    (ty.float64, ty.complex128, S, None),
    (ty.complex64, ty.complex128, P, U),
]


def _closure() -> dict[tuple[ty.Type, ty.Type], Conversion]:
    nodes = (ty.boolean,) + ty.NUMBER_TYPES
    best: dict[tuple, Conversion] = {}
    for a, b, fwd, bwd in _RULES:
        best[(a, b)] = fwd
        if bwd is not None:
            best[(b, a)] = bwd
    # Floyd-Warshall on the "worst step" metric, keeping the best path
    for k in nodes:
        for i in nodes:
            ik = best.get((i, k))
            if ik is None or i is k:
                continue
            for j in nodes:
                kj = best.get((k, j))
                if kj is None or i is j:
                    continue
                cand = max(ik, kj)
                cur = best.get((i, j))
                if cur is None or cand < cur:
                    best[(i, j)] = cand
    return best


_NUMBER_CONV = _closure()


def can_convert(src: ty.Type, dst: ty.Type) -> Conversion | None:
    """How ``src`` converts implicitly to ``dst``; None if it cannot."""
    if src is dst:
        return Conversion.exact
    if isinstance(src, (ty.Number, ty.Boolean)) and isinstance(dst, (ty.Number, ty.Boolean)):
        return _NUMBER_CONV.get((src, dst))
    if isinstance(dst, ty.Optional):
        # None -> optional(T) promotes; optional(S) -> optional(T) as S -> T;
        # S -> optional(T) is at least a promotion
        if isinstance(src, ty.NoneType):
            return Conversion.promote
        inner = can_convert(src.type if isinstance(src, ty.Optional) else src, dst.type)
        if inner is None or isinstance(src, ty.Optional):
            return inner
        return max(inner, Conversion.promote)
    if isinstance(src, ty.Optional):
        # optional(S) -> T checks for None at run time: at least safe
        inner = can_convert(src.type, dst)
        return None if inner is None else max(inner, Conversion.safe)
    if isinstance(src, ty.BaseTuple) and isinstance(dst, ty.BaseTuple):
        # a namedtuple converts only to its own class (as in Numba)
        if getattr(src, "instance_class", None) is not getattr(dst, "instance_class", None):
            return None
        if len(src) != len(dst):
            return None
        worst = Conversion.exact
        for s, d in zip(src.types, dst.types):
            c = can_convert(s, d)
            if c is None:
                return None
            worst = max(worst, c)
        return worst
    if isinstance(src, ty.Array) and isinstance(dst, ty.Array):
        if src.dtype is dst.dtype and src.ndim == dst.ndim:
            if (dst.layout == src.layout or dst.layout == "A") and (dst.readonly or not src.readonly):
                return Conversion.safe
        return None
    return _extension_conversion(src, dst)


def _extension_conversion(src: ty.Type, dst: ty.Type) -> Conversion | None:
    """An extension type's own rule (Numba's ``Type.can_convert_to(typingctx,
    other)`` and ``can_convert_from``; pycomp passes None for typingctx)."""
    to = getattr(src, "can_convert_to", None)
    c = to(None, dst) if to is not None else None
    if c is None:
        frm = getattr(dst, "can_convert_from", None)
        c = frm(None, src) if frm is not None else None
    if c is None or not 1 <= int(c) <= 4:  # Numba's Conversion.nil: none
        return None
    return Conversion(int(c))


class Rating:
    """Counts of each conversion kind a candidate needs; lower is better."""

    __slots__ = ("promote", "safe", "unsafe")

    def __init__(self):
        self.promote = self.safe = self.unsafe = 0

    def key(self):
        return (self.unsafe, self.safe, self.promote)


def rate_arguments(actual, formal, allow_unsafe: bool = True) -> Rating | None:
    """Rate converting ``actual`` argument types to ``formal`` ones."""
    if len(actual) != len(formal):
        return None
    r = Rating()
    for a, f in zip(actual, formal):
        c = can_convert(a, f)
        if c is None or (c is Conversion.unsafe and not allow_unsafe):
            return None
        if c is Conversion.promote:
            r.promote += 1
        elif c is Conversion.safe:
            r.safe += 1
        elif c is Conversion.unsafe:
            r.unsafe += 1
    return r


_UNIFY_ORDER = (ty.boolean,) + ty.NUMBER_TYPES


def unify_numbers(a: ty.Type, b: ty.Type) -> ty.Type | None:
    """The smallest number type both convert to without loss (promote or
    safe); mixed signed/unsigned 64-bit and other lossy pairs give float64,
    anything with a complex gives a complex."""
    best = None
    for t in _UNIFY_ORDER:
        ca, cb = can_convert(a, t), can_convert(b, t)
        if ca is not None and cb is not None and ca <= Conversion.safe and cb <= Conversion.safe:
            key = (max(ca, cb), t.bitwidth)
            if best is None or key < best[0]:
                best = (key, t)
    if best is not None:
        return best[1]
    if isinstance(a, ty.Complex) or isinstance(b, ty.Complex):
        return ty.complex128
    return ty.float64


def unify_types(a: ty.Type, b: ty.Type) -> ty.Type | None:
    """The least type both ``a`` and ``b`` convert to without loss, or None.

    Used at control-flow merges, for return types and wherever two operands
    must meet; never goes down the lattice (int64 and float64 unify to
    float64, not to int64).
    """
    if a is b:
        return a
    if isinstance(a, ty.Unknown):
        return b
    if isinstance(b, ty.Unknown):
        return a
    if isinstance(a, ty.Number) and isinstance(b, ty.Number):
        return unify_numbers(a, b)
    if isinstance(a, ty.Cell) and isinstance(b, ty.Cell):  # every value a variable is assigned
        inner = unify_types(a.type, b.type)
        return None if inner is None else ty.Cell(inner)
    if isinstance(a, ty.Closure) and isinstance(b, ty.Closure) and a.dispatcher is b.dispatcher:
        cells = [unify_types(x, y) for x, y in zip(a.cell_types, b.cell_types)]  # a captured cell widened
        return None if any(c is None for c in cells) else ty.Closure(a.dispatcher, cells)
    if isinstance(a, (ty.Optional, ty.NoneType)) or isinstance(b, (ty.Optional, ty.NoneType)):
        # None on one path and a T on another: optional(T)
        inner_a = a.type if isinstance(a, ty.Optional) else a
        inner_b = b.type if isinstance(b, ty.Optional) else b
        if isinstance(inner_a, ty.NoneType):
            return ty.Optional(inner_b)
        if isinstance(inner_b, ty.NoneType):
            return ty.Optional(inner_a)
        inner = unify_types(inner_a, inner_b)
        return None if inner is None else ty.Optional(inner)
    if isinstance(a, ty.BaseTuple) and isinstance(b, ty.BaseTuple) and len(a) == len(b):
        cls = getattr(a, "instance_class", None)
        if cls is not getattr(b, "instance_class", None):
            return None  # namedtuples unify only with their own class
        parts = [unify_types(x, y) for x, y in zip(a.types, b.types)]
        if any(p is None for p in parts):
            return None
        return ty.Tuple(parts) if cls is None else ty.NamedTuple(parts, cls)
    if isinstance(a, ty.Array) and isinstance(b, ty.Array):
        if a.dtype is b.dtype and a.ndim == b.ndim:
            return ty.Array(a.dtype, a.ndim, a.layout if a.layout == b.layout else "A",
                            a.readonly or b.readonly)
    unify = getattr(a, "unify", None)  # an extension type's own rule (Numba's Type.unify): lists
    return unify(None, b) if unify is not None else None
