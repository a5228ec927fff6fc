"""The nb ops with bodies: structured control flow.

``nb.for_range`` is ``for i in range(start, stop, step)`` as one op with a
body region (what ``nb-lift-range-loops`` makes of a range loop in the
CFG): the body's entry block takes the induction variable and the
loop-carried values (``iter_args``); every ``nb.yield`` in the body passes
the carried values to the next iteration; the op's results are the carried
values after the last one. The body is a CFG region: it may have several
blocks, branches among them, several yields and ``nb.static_raise``.
Values defined before the op are visible in the body (the region is not
isolated), values of the body are not visible after it.

Types, lowering and every pass reach these ops through the same rules as
any op (type inference: :mod:`pycomp.frontend.typing.regions`, lowering:
:mod:`pycomp.lowering.regions`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Block, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import VerifyException

from pycomp import types as ty
from pycomp.dialects.nb import UNKNOWN, NbType, type_of

__all__ = ["ForRangeOp", "YieldOp", "yields_of"]


def _known(t) -> bool:
    return not isinstance(t, ty.Unknown)


def yields_of(op) -> list:
    """The nb.yield terminators of ``op``'s body (not those of ops nested in it)."""
    return [b.last_op for r in op.regions for b in r.blocks if isinstance(b.last_op, YieldOp)]


@irdl_op_definition
class ForRangeOp(IRDLOperation):
    """``nb.for_range``: ``for i in range(start, stop, step)`` with a body.

    The body's entry block has the induction variable, then one argument
    per ``iter_args`` value; results are the carried values when the loop
    ends (the initial values if it never runs). ``step`` must not be zero
    (ValueError at run time, as ``range``)."""

    name = "nb.for_range"
    start = operand_def(NbType)
    stop = operand_def(NbType)
    step = operand_def(NbType)
    inits = var_operand_def(NbType)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    res = var_result_def(NbType)
    body = region_def()

    assembly_format = ("$start `,` $stop `,` $step (`iter_args` `(` $inits^ `:` type($inits) `)`)? attr-dict "
                       "`:` type($start) `,` type($stop) `,` type($step) (`->` type($res)^)? $body")

    def __init__(self, start: SSAValue, stop: SSAValue, step: SSAValue, inits: Sequence[SSAValue] = (),
                 body: Region | None = None, result_types: Sequence | None = None):
        if result_types is None:
            result_types = [i.type for i in inits]
        if body is None:
            body = Region(Block(arg_types=[UNKNOWN] + [i.type for i in inits]))
        super().__init__(operands=[start, stop, step, list(inits)], result_types=[list(result_types)],
                         regions=[body])

    @property
    def induction_var(self):
        return self.body.blocks.first.args[0]

    @property
    def carried(self):
        """The body's arguments for the loop-carried values."""
        return self.body.blocks.first.args[1:]

    def verify_(self):
        if not self.body.blocks:
            raise VerifyException("nb.for_range must have a body")
        entry = self.body.blocks.first
        n = len(self.inits)
        if len(entry.args) != 1 + n:
            raise VerifyException("nb.for_range: the body takes %d arguments (the induction variable and %d "
                                  "carried values), not %d" % (1 + n, n, len(entry.args)))
        if len(self.res) != n:
            raise VerifyException("nb.for_range has %d carried values but %d results" % (n, len(self.res)))
        it = type_of(entry.args[0])
        if _known(it) and not isinstance(it, ty.Integer):
            raise VerifyException("nb.for_range: the induction variable must be an integer, not %s" % it)
        for i, (init, arg, r) in enumerate(zip(self.inits, entry.args[1:], self.res)):
            ts = [type_of(init), type_of(arg), type_of(r)]
            known = [t for t in ts if _known(t)]
            if len(known) == 3 and len(set(map(id, known))) != 1:
                raise VerifyException("nb.for_range: carried value %d is %s initially, %s in the body and %s "
                                      "as a result: they must be the same type" % (i, *ts))
        if not yields_of(self):
            raise VerifyException("nb.for_range: the body has no nb.yield (a loop body must be able to "
                                  "continue)")


@irdl_op_definition
class YieldOp(IRDLOperation):
    """``nb.yield``: end one pass through a body, passing the values its op
    carries on (for ``nb.for_range``: the next iteration's carried values)."""

    name = "nb.yield"
    values = var_operand_def(NbType)
    traits = traits_def(IsTerminator())
    assembly_format = "($values^ `:` type($values))? attr-dict"

    def __init__(self, values: Sequence[SSAValue] = ()):
        super().__init__(operands=[list(values)])

    def verify_(self):
        parent = self.parent_op()
        if parent is None:
            return
        if not isinstance(parent, ForRangeOp):
            raise VerifyException("nb.yield must be in the body of an op with a body (nb.for_range), not in %s"
                                  % parent.name)
        entry = parent.body.blocks.first
        expected = entry.args[1:]
        if len(self.values) != len(expected):
            raise VerifyException("nb.yield passes %d values, %s carries %d"
                                  % (len(self.values), parent.name, len(expected)))
        for i, (v, a) in enumerate(zip(self.values, expected)):
            vt, at = type_of(v), type_of(a)
            if _known(vt) and _known(at) and vt is not at:
                raise VerifyException("nb.yield passes %s for carried value %d of type %s" % (vt, i, at))
