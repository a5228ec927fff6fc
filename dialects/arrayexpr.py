"""The ``arrayexpr`` dialect: a fused element-wise array expression as one op.

``arrayexpr.expr`` computes a whole tree of element-wise operations
(``a * b + c``, ``np.sin(x) ** 2 + np.cos(x) ** 2``) in one pass over its
inputs, writing one new array; ``nb-fuse-arrayexpr`` makes it from the
typed nb ops it replaces, and ``nb-to-llvm`` lowers it to one loop nest
(:mod:`pycomp.lowering.arrayexpr`)::

    %r = arrayexpr.expr(%a, %b, %c) : (!nb.type<array(float64, 1d, C)>, !nb.type<array(float64, 1d, C)>,
                                       !nb.type<float64>) -> !nb.type<array(float64, 1d, C)> {
    ^bb0(%x: !nb.type<float64>, %y: !nb.type<float64>, %z: !nb.type<float64>):
      %m = arrayexpr.apply "multiply" %x, %y : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
      %s = arrayexpr.apply "add" %m, %z : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
      arrayexpr.yield %s : !nb.type<float64>
    }

``arrayexpr.assign`` is the same tree written into an existing array
(``out[:] = a * b + c``, ``u[1:-1] = ...``, ``a += b * c``) instead of a
new one: no allocation at all.

Semantics of ``arrayexpr.expr``:

- the inputs are arrays (of any layout) and scalars. They broadcast
  together as NumPy's operands do (shapes aligned from the right, an
  extent of 1 stretched, missing leading dimensions of extent 1); shapes
  that do not broadcast raise ValueError at run time, before anything is
  computed. The result has the broadcast shape, the result type's number
  of dimensions (the largest input's), its dtype and its layout (C or F
  contiguous: NumPy's choice for the outermost operation, F only when
  every input of two or more dimensions is F).
- the body is one block, isolated from the code around it: its arguments
  are the inputs' elements (an array's dtype, a scalar's own type; a 0-d
  array is read once, as a scalar), its ops are ``arrayexpr.apply`` (one
  ufunc on elements) and ``arrayexpr.select`` (``np.where`` on elements),
  and ``arrayexpr.yield`` gives the element of the result, of the
  result's dtype. It runs once per element of the result,
  in no particular order; it neither reads nor writes memory.
- an ``arrayexpr.apply`` has NumPy's semantics for its ufunc and input
  types: its inputs are cast to the ufunc loop those types select
  (:func:`pycomp.ufunc_db.resolve_loop`) and its result is that loop's
  output type, exactly what the unfused ufunc call's array would hold, so
  fusing changes no value. Integer division by zero gives 0, as NumPy's
  does (the ufuncs' error model, not Python's).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import StringAttr, UnitAttr
from xdsl.ir import Block, Dialect, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    opt_attr_def,
    operand_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import HasParent, IsolatedFromAbove, IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException

from pycomp import types as ty
from pycomp.dialects.nb import NbType, nbtype, type_of

__all__ = ["ExprOp", "AssignOp", "ApplyOp", "SelectOp", "YieldOp", "ArrayExpr", "ufunc_by_name", "element_of"]


def element_of(t: ty.Type):
    """The type of one element of an input of type ``t`` (an array's dtype,
    a scalar's own type); None if ``t`` cannot be an input."""
    from pycomp.ufunc_db import element_type

    return element_type(t)


_BY_NAME: dict = {}


def ufunc_by_name(name: str):
    """The :class:`pycomp.ufunc_db.UfuncSpec` of the ufunc NumPy calls
    ``name`` (``"multiply"``), None if pycomp supports no such ufunc."""
    if not _BY_NAME:
        from pycomp.ufunc_db import UFUNCS

        _BY_NAME.update((spec.name, spec) for spec in UFUNCS.values())
    return _BY_NAME.get(name)


def _known(t) -> bool:
    return not isinstance(t, ty.Unknown)


class _ElementwiseBodyOp(IRDLOperation):
    """The ops whose body computes one element from the inputs' elements."""

    @property
    def element_args(self):
        """The body's arguments: one element of each input."""
        return self.body.block.args

    @property
    def yielded(self) -> SSAValue:
        """The body's value: the element of the result (for
        ``arrayexpr.assign``, the element stored, converted to the target's
        dtype)."""
        return self.body.block.last_op.value


def _element_body(inputs) -> Region:
    """An empty body taking one element of each input."""
    return Region(Block(arg_types=[nbtype(element_of(type_of(v)) or ty.unknown) for v in inputs]))


@irdl_op_definition
class ExprOp(_ElementwiseBodyOp):
    """``arrayexpr.expr``: a tree of element-wise operations over
    broadcast ``inputs``, computed in one pass into one new array (see the
    module text for the semantics)."""

    name = "arrayexpr.expr"
    inputs = var_operand_def(NbType)
    result = result_def(NbType)
    body = region_def("single_block")
    traits = traits_def(IsolatedFromAbove())
    assembly_format = "`(` $inputs `)` attr-dict `:` functional-type($inputs, $result) $body"

    def __init__(self, inputs: Sequence[SSAValue], result_type: ty.Type, body: Region | None = None):
        super().__init__(operands=[list(inputs)], result_types=[nbtype(result_type)],
                         regions=[body if body is not None else _element_body(inputs)])

    def verify_(self):
        ndim = _verify_body(self, self.inputs, "arrayexpr.expr")
        res = type_of(self.result)
        if not _known(res):
            return
        if not isinstance(res, ty.Array) or res.ndim == 0 or res.layout not in "CF":
            raise VerifyException("arrayexpr.expr: the result must be a C or F contiguous array of at least "
                                  "one dimension, not %s" % res)
        if all(_known(type_of(v)) for v in self.inputs) and res.ndim != ndim:
            raise VerifyException("arrayexpr.expr: the result has %d dimensions, the largest input %d"
                                  % (res.ndim, ndim))
        yt = type_of(self.yielded)
        if _known(yt) and yt is not res.dtype:
            raise VerifyException("arrayexpr.expr: the body yields %s for a result of dtype %s" % (yt, res.dtype))


def _verify_body(op, inputs, what: str) -> int:
    """Check ``op``'s body against its ``inputs``: one element argument of
    the right type per input, ending with arrayexpr.yield. Returns the
    largest input's number of dimensions."""
    block = op.body.block
    if len(block.args) != len(inputs):
        raise VerifyException("%s has %d inputs but its body takes %d elements" % (what, len(inputs), len(block.args)))
    ndim = 0
    for i, (v, a) in enumerate(zip(inputs, block.args)):
        t = type_of(v)
        if not _known(t):
            continue
        et = element_of(t)
        if et is None:
            raise VerifyException("%s: input %d is %s, neither an array of numbers nor a number" % (what, i, t))
        if _known(type_of(a)) and type_of(a) is not et:
            raise VerifyException("%s: the body's element %d is %s, the input's element is %s"
                                  % (what, i, type_of(a), et))
        if isinstance(t, ty.Array):
            ndim = max(ndim, t.ndim)
    if not isinstance(block.last_op, YieldOp):
        raise VerifyException("%s: the body must end with arrayexpr.yield" % what)
    return ndim


@irdl_op_definition
class AssignOp(_ElementwiseBodyOp):
    """``arrayexpr.assign``: ``target[...] = tree(inputs)``, the tree of an
    ``arrayexpr.expr`` body written straight into the array ``target`` (a
    view: ``out[:] = a * b``, ``u[1:-1] = ...``, ``a += b * c``).

    Each input must broadcast to ``target``'s shape (ValueError otherwise,
    before anything is written); the body's element is converted to
    ``target``'s dtype. An input that shares memory with ``target`` other
    than as the very same view is read from a copy made first, so every
    element is computed from the values before the assignment, as NumPy
    computes the right-hand side before it assigns (``a[1:] = a[:-1] * 2``).
    ``in_place`` marks the update of an in-place operator (only its error
    message differs: NumPy's for an output operand).
    """

    name = "arrayexpr.assign"
    target = operand_def(NbType)
    inputs = var_operand_def(NbType)
    in_place = opt_attr_def(UnitAttr)  # from an in-place operator (its error message), not an assignment
    body = region_def("single_block")
    traits = traits_def(IsolatedFromAbove())
    assembly_format = "`(` $inputs `)` `into` $target attr-dict `:` `(` type($inputs) `)` `into` type($target) $body"

    def __init__(self, target: SSAValue, inputs: Sequence[SSAValue], body: Region | None = None,
                 in_place: bool = False):
        super().__init__(operands=[target, list(inputs)], regions=[body if body is not None else _element_body(inputs)],
                         attributes={"in_place": UnitAttr()} if in_place else {})

    def verify_(self):
        ndim = _verify_body(self, self.inputs, "arrayexpr.assign")
        t = type_of(self.target)
        if not _known(t):
            return
        if not isinstance(t, ty.Array) or t.ndim == 0 or element_of(t) is None:
            raise VerifyException("arrayexpr.assign: the target must be an array of numbers of at least one "
                                  "dimension, not %s" % t)
        if t.readonly:
            raise VerifyException("arrayexpr.assign: the target %s is read-only" % t)
        if ndim > t.ndim:
            raise VerifyException("arrayexpr.assign: an input has %d dimensions, more than the target's %d"
                                  % (ndim, t.ndim))
        yt = type_of(self.yielded)
        if _known(yt) and isinstance(yt, (ty.NPDatetime, ty.NPTimedelta)) != isinstance(
                t.dtype, (ty.NPDatetime, ty.NPTimedelta)):
            raise VerifyException("arrayexpr.assign: cannot store %s elements into an array of %s" % (yt, t.dtype))


@irdl_op_definition
class ApplyOp(IRDLOperation):
    """``arrayexpr.apply``: NumPy ufunc ``ufunc`` (its name, one output)
    on elements; its result type is the output of the loop its input
    types select."""

    name = "arrayexpr.apply"
    ufunc = prop_def(StringAttr)
    args = var_operand_def(NbType)
    result = result_def(NbType)
    traits = traits_def(Pure(), HasParent(ExprOp, AssignOp))
    assembly_format = "$ufunc $args attr-dict `:` functional-type($args, $result)"

    def __init__(self, ufunc: str, args: Sequence[SSAValue], result_type: ty.Type):
        super().__init__(properties={"ufunc": StringAttr(ufunc)}, operands=[list(args)],
                         result_types=[nbtype(result_type)])

    @property
    def spec(self):
        """The ufunc's :class:`pycomp.ufunc_db.UfuncSpec`."""
        return ufunc_by_name(self.ufunc.data)

    def loop(self):
        """The ufunc loop the input types select (None: none does)."""
        from pycomp.ufunc_db import resolve_loop

        return resolve_loop(self.spec, tuple(type_of(a) for a in self.args))

    def verify_(self):
        spec = self.spec
        if spec is None:
            raise VerifyException("arrayexpr.apply: %r is no ufunc pycomp supports" % self.ufunc.data)
        if spec.nout != 1:
            raise VerifyException("arrayexpr.apply: np.%s has %d outputs; only ufuncs with one output fuse"
                                  % (spec.name, spec.nout))
        if len(self.args) != spec.nin:
            raise VerifyException("arrayexpr.apply: np.%s takes %d inputs, not %d"
                                  % (spec.name, spec.nin, len(self.args)))
        types = [type_of(a) for a in self.args]
        if not all(_known(t) for t in types):
            return
        for t in types:
            if element_of(t) is not t:
                raise VerifyException("arrayexpr.apply: its inputs are elements (numbers), not %s" % t)
        loop = self.loop()
        if loop is None:
            raise VerifyException("arrayexpr.apply: np.%s has no loop for (%s)" % (spec.name, ", ".join(map(str, types))))
        rt = type_of(self.result)
        if _known(rt) and rt is not loop.output:
            raise VerifyException("arrayexpr.apply: np.%s on (%s) gives %s, not %s"
                                  % (spec.name, ", ".join(map(str, types)), loop.output, rt))


@irdl_op_definition
class SelectOp(IRDLOperation):
    """``arrayexpr.select``: ``np.where`` on elements: ``x`` where
    ``cond`` is true (nonzero), else ``y``, both converted to the result
    type (the dtype ``np.where`` gives for its arguments)."""

    name = "arrayexpr.select"
    cond = operand_def(NbType)
    x = operand_def(NbType)
    y = operand_def(NbType)
    result = result_def(NbType)
    traits = traits_def(Pure(), HasParent(ExprOp, AssignOp))
    assembly_format = "$cond `,` $x `,` $y attr-dict `:` functional-type(operands, $result)"

    def __init__(self, cond: SSAValue, x: SSAValue, y: SSAValue, result_type: ty.Type):
        super().__init__(operands=[cond, x, y], result_types=[nbtype(result_type)])

    def verify_(self):
        for v in (self.cond, self.x, self.y, self.result):
            t = type_of(v)
            if _known(t) and element_of(t) is not t:
                raise VerifyException("arrayexpr.select: its operands and result are elements (numbers), not %s" % t)


@irdl_op_definition
class YieldOp(IRDLOperation):
    """``arrayexpr.yield``: the element of the result an ``arrayexpr.expr``
    (or ``arrayexpr.assign``) body computes."""

    name = "arrayexpr.yield"
    value = operand_def(NbType)
    traits = traits_def(IsTerminator(), HasParent(ExprOp, AssignOp))
    assembly_format = "$value attr-dict `:` type($value)"

    def __init__(self, value: SSAValue):
        super().__init__(operands=[value])


ArrayExpr = Dialect("arrayexpr", [ExprOp, AssignOp, ApplyOp, SelectOp, YieldOp], [])
