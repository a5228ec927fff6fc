"""Ranges, slices, the ellipsis, and the iterators of ``for`` loops."""

from __future__ import annotations

from pycomp.types.abstract import Type
from pycomp.types.containers import Array, Tuple, UniTuple
from pycomp.types.scalars import Integer, int64, intp

# ---------------------------------------------------------------- iteration

class RangeType(Type):
    """The value of ``range(...)``: start, stop, step of one integer type."""

    def __init__(self, dtype: Integer):
        self.dtype = dtype

    def __str__(self):
        return "range_state_%s" % self.dtype


class SliceType(Type):
    """A slice value, ``start:stop`` or ``start:stop:step`` (Numba's
    ``slice2_type`` and ``slice3_type``: ``has_step`` tells whether a step
    was written, which decides the layout of an array sliced with it). Its
    value holds three int64s, the parts left out (None) filled in when the
    slice is made (see the data model)."""

    def __init__(self, has_step: bool):
        self.has_step = has_step

    def __str__(self):
        return "slice<a:b:c>" if self.has_step else "slice<a:b>"


class EllipsisType(Type):
    """``...`` in an index (Numba's ``ellipsis``); a compile-time value."""

    def __init__(self):
        pass

    def __str__(self):
        return "ellipsis"


class IteratorType(Type):
    """Base of the iterators: ``yield_type`` is the type of the items
    ``next()`` produces. Every iterator is a pointer to its mutable state
    (see the CPU data models), so ``iter()`` of an iterator is itself."""

    yield_type: Type


class RangeIter(IteratorType):
    """The iterator over a range: a pointer to mutable (next, stop, step)."""

    def __init__(self, dtype: Integer):
        self.dtype = dtype
        self.yield_type = dtype

    def __str__(self):
        return "range_iter_%s" % self.dtype


class ArrayIter(IteratorType):
    """The iterator over the first dimension of an array."""

    def __init__(self, array: Array):
        self.array = array
        self.yield_type = array.dtype if array.ndim == 1 else array.copy(ndim=array.ndim - 1, layout="A")

    def __str__(self):
        return "iter(%s)" % self.array


class UniTupleIter(IteratorType):
    """The iterator over a homogeneous tuple."""

    def __init__(self, tup: UniTuple):
        self.tuple = tup
        self.yield_type = tup.dtype

    def __str__(self):
        return "iter(%s)" % self.tuple


class ZipIter(IteratorType):
    """``zip(a, b, ...)``: one iterator per argument; yields the tuple of
    their items and stops at the first one exhausted."""

    def __init__(self, iterators):
        self.iterators = tuple(iterators)
        self.yield_type = Tuple([it.yield_type for it in self.iterators])

    @classmethod
    def _key_from_args(cls, iterators):
        return (tuple(iterators),)

    def __str__(self):
        return "zip(%s)" % ", ".join(str(it) for it in self.iterators)


class EnumerateIter(IteratorType):
    """``enumerate(x[, start])``: an int64 count and the iterator over ``x``;
    yields ``(count, item)``."""

    def __init__(self, iterator: IteratorType):
        self.iterator = iterator
        self.yield_type = Tuple((int64, iterator.yield_type))

    def __str__(self):
        return "enumerate(%s)" % self.iterator


class NumpyFlatType(IteratorType):
    """``a.flat``: iterates over every element of ``array`` in C order and is
    indexed by a flat (C-order) position, ``a.flat[i]`` (Numba's name)."""

    def __init__(self, array: Array):
        self.array = array
        self.yield_type = array.dtype

    def __str__(self):
        return "array.flat(%s)" % self.array


class NumpyNdIterType(IteratorType):
    """``np.nditer(x)``. With ``array`` (``np.nditer(a)`` of one array, seen
    in the order it is visited: an F array as its C transpose), yields a
    0-d array viewing each element. With ``operands`` (``np.nditer(s)`` of
    a scalar, or of a tuple of arrays and scalars that broadcast together),
    visits the broadcast shape (``ndim`` dimensions) in ``order`` ('C', or
    'F' where most operands are F, as Numba) and yields one 0-d view per
    operand: a tuple of them when ``as_tuple``."""

    def __init__(self, array: Array | None, operands: tuple = (), order: str = "C", as_tuple: bool = False):
        self.array = array
        self.operands = tuple(operands)
        self.order = order
        self.as_tuple = as_tuple
        if array is not None:
            self.ndim = array.ndim
            self.yield_type = Array(array.dtype, 0, "C", array.readonly)
            return
        self.ndim = max([t.ndim for t in self.operands if isinstance(t, Array)] or [0])
        views = [Array(t.dtype, 0, "C", t.readonly) if isinstance(t, Array) else Array(t, 0, "C")
                 for t in self.operands]
        self.yield_type = Tuple(views) if as_tuple else views[0]

    @classmethod
    def _key_from_args(cls, array, operands=(), order="C", as_tuple=False):
        return (array, tuple(operands), order, as_tuple)

    def __str__(self):
        if self.array is not None:
            return "nditer(%s)" % self.array
        return "nditer(%s, order=%s)" % (", ".join(str(t) for t in self.operands), self.order)


class NumpyNdIndexType(IteratorType):
    """``np.ndindex(shape)``: the index tuples of a shape of ``ndim``
    dimensions, in C order."""

    def __init__(self, ndim: int):
        self.ndim = ndim
        self.yield_type = UniTuple(intp, ndim)

    def __str__(self):
        return "ndindex(%dd)" % self.ndim


class NumpyNdEnumerateType(IteratorType):
    """``np.ndenumerate(a)``: ``(index tuple, element)`` pairs in C order."""

    def __init__(self, array: Array):
        self.array = array
        self.yield_type = Tuple((UniTuple(intp, array.ndim), array.dtype))

    def __str__(self):
        return "ndenumerate(%s)" % self.array



range_state64 = RangeType(int64)
range_iter64 = RangeIter(int64)
slice2_type, slice3_type = SliceType(False), SliceType(True)
ellipsis = EllipsisType()
