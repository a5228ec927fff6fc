"""Array-expression fusion: ``nb-fuse-arrayexpr``.

A typed rewrite (stage 5 of the pipeline, after ``nb-type-infer``). The
element-wise operations on arrays (an operator with an array operand,
``a * b``, ``-a``, ``a < b``; a ufunc called without ``out=``,
``np.sin(x)``; ``abs(a)``) each make a new array. Where one's result
feeds only others of them, the temporary array is never needed: the
pass collects each maximal tree (a DAG: ``t = a + b; t * t``) of such
operations into one ``arrayexpr.expr`` op, which computes the tree's
value element by element in one pass and allocates only the result
(shortcut deforestation; Numba's ``RewriteArrayExprs``).

An operation joins the tree of its users when

- every use of its result is by operations of that one tree, in the same
  block (an intermediate result used anywhere else, returned, stored,
  passed to a call or a reduction, stays a materialized array and becomes
  an input of the trees that read it);
- no op between it and the tree's root may write memory an array can see
  (:mod:`pycomp.frontend.effects`): the fused op reads its inputs where
  the root was, so a write in between (``t = a * 2; a[0] = 5; t + 1``)
  cuts the tree there.

Trees of a single operation are left as they are (fusing gains nothing).
The values computed are NumPy's: each ``arrayexpr.apply`` runs the ufunc
loop the unfused operation ran, with its result type (what the
temporary array's dtype was).
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pycomp import types as ty
from pycomp.dialects import nb

__all__ = ["fuse_array_expressions", "elementwise", "FuseArrayExprPass"]


def _array(t) -> bool:
    return isinstance(t, ty.Array) and t.ndim > 0


def elementwise(op):
    """``(ufunc spec, operands)`` if ``op`` (typed) is an element-wise
    operation on arrays making a new array, else None."""
    from pycomp.ufunc_db import OPERATOR_UFUNCS, UNARY_OPERATOR_UFUNCS, element_type, resolve_loop, ufunc_spec

    name = op.name
    if name == "nb.binop":
        uf = OPERATOR_UFUNCS.get(op.op.data)
        operands = [op.lhs, op.rhs]
    elif name == "nb.unary":
        uf = UNARY_OPERATOR_UFUNCS.get("unary" + op.op.data)
        operands = [op.operand]
    elif name == "nb.call":
        callee = nb.type_of(op.callee)
        if not isinstance(callee, ty.Function) or op.kwnames.data:
            return None
        uf = np_absolute() if callee.key is builtins.abs else callee.key
        operands = list(op.args)
    else:
        return None
    spec = ufunc_spec(uf) if uf is not None else None
    if spec is None or spec.nout != 1 or len(operands) != spec.nin:
        return None
    res = nb.type_of(op.results[0])
    types = [nb.type_of(v) for v in operands]
    if not _array(res) or not any(_array(t) for t in types):
        return None
    dtypes = tuple(element_type(t) for t in types)
    if None in dtypes:
        return None
    loop = resolve_loop(spec, dtypes)
    if loop is None or loop.output is not res.dtype:
        return None
    return spec, operands


def np_absolute():
    import numpy as np

    return np.absolute


def fuse_array_expressions(func) -> int:
    """Fuse the element-wise trees of every block of ``func`` (bodies
    included); returns how many ``arrayexpr.expr`` ops it made."""
    made = 0
    for blk in list(nb.walk_blocks(func)):
        made += _fuse_block(blk)
    return made


def _fuse_block(block) -> int:
    from pycomp.frontend.effects import may_write

    ops = list(block.ops)
    info = {}
    for op in ops:
        e = elementwise(op)
        if e is not None:
            info[op] = e
    if len(info) < 2:
        return 0
    pos = {op: i for i, op in enumerate(ops)}
    writes = [0]  # writes[i]: how many of ops[:i] may write
    for op in ops:
        writes.append(writes[-1] + (op not in info and may_write(op)))
    root_of = {}
    for op in reversed(ops):
        if op not in info:
            continue
        root_of[op] = op
        users = {u.operation for u in op.results[0].uses}
        if not users or not all(u in info and u.parent is block for u in users):
            continue
        roots = {root_of[u] for u in users}
        if len(roots) != 1:
            continue
        root = roots.pop()
        if writes[pos[root]] == writes[pos[op] + 1]:  # no write between op and its tree's root
            root_of[op] = root
    trees: dict = {}
    for op in ops:
        if op in root_of:
            trees.setdefault(root_of[op], []).append(op)
    made = 0
    for root, members in trees.items():
        if len(members) > 1:
            _rewrite_tree(root, members, info)
            made += 1
    return made


def _rewrite_tree(root, members, info) -> None:
    """Replace ``members`` (in block order, ``root`` last) by one
    ``arrayexpr.expr`` op before ``root``."""
    from pycomp.dialects.arrayexpr import ApplyOp, ExprOp, YieldOp

    inside = {m.results[0] for m in members}
    leaves = []
    for m in members:
        for v in info[m][1]:
            if v not in inside and v not in leaves:
                leaves.append(v)
    expr = ExprOp(leaves, nb.type_of(root.results[0]))
    expr.location = root.location
    body = expr.body.block
    env = dict(zip(leaves, body.args))
    for m in members:
        spec, operands = info[m]
        apply = ApplyOp(spec.name, [env[v] for v in operands], nb.type_of(m.results[0]).dtype)
        apply.location = m.location
        body.add_op(apply)
        env[m.results[0]] = apply.result
    body.add_op(YieldOp(env[root.results[0]]))
    root.parent_block().insert_op_before(expr, root)
    root.results[0].replace_all_uses_with(expr.result)
    for m in reversed(members):
        m.detach()
        m.erase()


@dataclass(frozen=True)
class FuseArrayExprPass(ModulePass):
    """Fuse trees of element-wise array operations whose intermediate arrays have no other use into one arrayexpr.expr op each."""

    name: ClassVar[str] = "nb-fuse-arrayexpr"
    imports: ClassVar[tuple] = ("pycomp.frontend.arrayexpr_fusion",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.ops:
            if isinstance(f, nb.FuncOp):
                fuse_array_expressions(f)
