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

Trees of a single operation are left as they are (fusing gains nothing),
unless their value is written into an existing array.

A tree whose value is only stored into an existing array, with no write
in between, writes it there itself: ``arrayexpr.assign`` instead of
``arrayexpr.expr``, and no array is allocated at all (a single operation
too):

- ``target[index] = tree`` with a basic index (integers, slices, an
  ellipsis: a view) of at least the tree's dimensions: the view
  (``nb.getitem``) is the assignment's target;
- ``target op= tree`` (an in-place operator on an array): the operator's
  ufunc joins the tree with ``target``'s element as its first operand,
  and ``target`` is written (the in-place op's result is ``target``).

``a[i] += x`` then leaves ``a[i] = v`` with ``v`` the view ``a[i]``
itself, a copy of a view onto itself: it is erased.

The values computed are NumPy's: each ``arrayexpr.apply`` runs the ufunc
loop the unfused operation ran, with its result type (what the
temporary array's dtype was); an input overlapping the target of an
assignment is read from a copy (see ``arrayexpr.assign``).
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
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
    operation on arrays making a new array (``("where", operands)`` for
    ``np.where(c, x, y)``), else None."""
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
        if isinstance(callee, ty.Dispatcher) and not op.kwnames.data:
            return _declared_elementwise(op, callee.dispatcher)
        if not isinstance(callee, ty.Function) or op.kwnames.data:
            return None
        uf = np.absolute if callee.key is builtins.abs else callee.key
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


def _declared_elementwise(op, disp):
    """``("where", operands)`` for a call of ``np.where(c, x, y)``'s
    implementation (it declares itself element-wise with the attribute
    ``_pycomp_elementwise = "where"``) making a new array; else None."""
    from pycomp.ufunc_db import element_type

    if getattr(getattr(disp, "py_func", None), "_pycomp_elementwise", None) != "where" or len(op.args) != 3:
        return None
    res = nb.type_of(op.results[0])
    if not _array(res) or res.layout not in "CF" or element_type(res) is None:
        return None
    if any(element_type(nb.type_of(a)) is None for a in op.args):
        return None
    return "where", list(op.args)


def fuse_array_expressions(func) -> int:
    """Fuse the element-wise trees of every block of ``func`` (bodies
    included); returns how many ``arrayexpr.expr`` ops it made."""
    made = 0
    for blk in list(nb.walk_blocks(func)):
        made += _fuse_block(blk)
        _drop_self_assignments(blk)
    return made


def _drop_self_assignments(block) -> None:
    """Erase ``a[i] = v`` where ``v`` is ``a[i]`` itself (the same view:
    same array, same index value): what ``a[i] += x`` leaves after its
    in-place update, a copy of a view onto itself."""
    for op in list(block.ops):
        if op.name != "nb.setitem" or op.value.owner is None or getattr(op.value.owner, "name", "") != "nb.getitem":
            continue
        view = op.value.owner
        if view.value is op.target and view.index is op.index and _basic_index(nb.type_of(op.index)) \
                and isinstance(nb.type_of(op.value), ty.Array):
            op.detach()
            op.erase()


def _fuse_block(block) -> int:
    from pycomp.frontend.effects import may_write

    ops = list(block.ops)
    info = {}
    for op in ops:
        e = elementwise(op)
        if e is not None:
            info[op] = e
    if not info:
        return 0
    pos = {op: i for i, op in enumerate(ops)}
    memo: dict = {}

    def clear(i: int, j: int) -> bool:
        """Whether none of ops[i:j] may write (each op asked once)."""
        for k in range(i, j):
            o = ops[k]
            if o not in info:
                w = memo.get(k)
                if w is None:
                    w = memo[k] = may_write(o)
                if w:
                    return False
        return True
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
        if clear(pos[op] + 1, pos[root]):  # no write between op and its tree's root
            root_of[op] = root
    trees: dict = {}
    for op in ops:
        if op in root_of:
            trees.setdefault(root_of[op], []).append(op)
    made = 0
    for root, members in trees.items():
        sink = _sink(root, block, pos, clear)
        if sink is not None:
            _rewrite_into(sink, root, members, info)
            made += 1
        elif len(members) > 1:
            _rewrite_tree(root, members, info)
            made += 1
    return made


def _basic_index(t) -> bool:
    """Whether an index of type ``t`` selects a view (integers, slices,
    an ellipsis, a tuple of them), not a copy (an array index)."""
    if isinstance(t, ty.BaseTuple):
        return all(_basic_index(x) for x in t.types)
    return isinstance(t, (ty.Integer, ty.SliceType, ty.EllipsisType))


def _sink(root, block, pos, clear):
    """``(kind, op)`` if ``root``'s only use writes its value into an
    existing array, with no other write in between: ``("setitem", op)``
    for ``target[index] = value`` with a basic index selecting a view of
    at least the value's dimensions, ``("inplace", op)`` for an in-place
    operator ``target op= value`` on an array; else None."""
    from pycomp.ufunc_db import OPERATOR_UFUNCS, UFUNCS, resolve_loop

    uses = list(root.results[0].uses)
    if len(uses) != 1:
        return None
    use = uses[0]
    op = use.operation
    if op.parent is not block or not clear(pos[root] + 1, pos[op]):
        return None
    res_t = nb.type_of(root.results[0])
    target_t = nb.type_of(op.operands[0])
    if not isinstance(target_t, ty.Array) or target_t.readonly or target_t.ndim == 0:
        return None
    if op.name == "nb.setitem" and use.index == 2:
        index_t = nb.type_of(op.index)
        if not _basic_index(index_t):
            return None
        view_t = _view_type(target_t, index_t)
        if not isinstance(view_t, ty.Array) or view_t.ndim < res_t.ndim or view_t.readonly:
            return None
        return "setitem", op, view_t
    if op.name == "nb.inplace_binop" and use.index == 1:
        uf = OPERATOR_UFUNCS.get(op.op.data)
        if uf is None or target_t.ndim < res_t.ndim or not _array(nb.type_of(op.results[0])):
            return None
        loop = resolve_loop(UFUNCS[uf], (target_t.dtype, res_t.dtype))
        if loop is None:
            return None
        return "inplace", op, UFUNCS[uf]
    return None


def _view_type(target_t, index_t):
    """The type of ``target[index]`` (a view for a basic index), None if it
    does not type."""
    from pycomp.errors import TypingError
    from pycomp.frontend.typeinfer import default_typing_context

    try:
        sig = default_typing_context().resolve_op("getitem", (target_t, index_t))
    except TypingError:
        return None
    return None if sig is None else sig.return_type


def _leaves(members, info, first=()):
    inside = {m.results[0] for m in members}
    leaves = list(first)
    for m in members:
        for v in _operands(m, info):
            if v not in inside and v not in leaves:
                leaves.append(v)
    return leaves


def _fill_body(body, leaves, members, info) -> dict:
    """The members' ``arrayexpr.apply`` ops in ``body`` (whose arguments
    are the leaves' elements); the map from nb values to body values."""
    from pycomp.dialects.arrayexpr import ApplyOp, SelectOp

    env = dict(zip(leaves, body.args))
    for m in members:
        spec, operands = info[m][0], _operands(m, info)
        dtype = nb.type_of(m.results[0]).dtype
        if spec == "where":
            apply = SelectOp(*[env[v] for v in operands], dtype)
        else:
            apply = ApplyOp(spec.name, [env[v] for v in operands], dtype)
        apply.location = m.location
        body.add_op(apply)
        env[m.results[0]] = apply.result
    return env


def _operands(op, info) -> list:
    """The element-wise operands of ``op`` now (an earlier rewrite may have
    replaced one: an intermediate that became a fused op's result)."""
    n = len(info[op][1])
    return list(op.operands[len(op.operands) - n:])


def _erase(ops) -> None:
    for m in reversed(ops):
        m.detach()
        m.erase()


def _rewrite_into(sink, root, members, info) -> None:
    """Replace ``members`` and the op of ``sink`` that stores the root's
    value by one ``arrayexpr.assign`` writing the tree into the target."""
    from pycomp.dialects.arrayexpr import ApplyOp, AssignOp, YieldOp

    kind, op, extra = sink
    block = op.parent_block()
    if kind == "setitem":
        view = nb.GetItemOp(op.target, op.index, extra)
        view.location = op.location
        block.insert_op_before(view, op)
        target, first = view.result, ()
    else:
        target = op.lhs
        first = (target,)
    leaves = _leaves(members, info, first)
    assign = AssignOp(target, leaves, in_place=kind == "inplace")
    assign.location = op.location
    body = assign.body.block
    env = _fill_body(body, leaves, members, info)
    value = env[root.results[0]]
    if kind == "inplace":
        spec = extra
        t = nb.type_of(target).dtype
        from pycomp.ufunc_db import resolve_loop

        loop = resolve_loop(spec, (t, nb.type_of(value)))
        apply = ApplyOp(spec.name, [env[target], value], loop.output)
        apply.location = op.location
        body.add_op(apply)
        value = apply.result
    body.add_op(YieldOp(value))
    block.insert_op_before(assign, op)
    if kind == "inplace":
        op.results[0].replace_all_uses_with(target)
    _erase(members + [op])


def _rewrite_tree(root, members, info) -> None:
    """Replace ``members`` (in block order, ``root`` last) by one
    ``arrayexpr.expr`` op before ``root``."""
    from pycomp.dialects.arrayexpr import ExprOp, YieldOp

    leaves = _leaves(members, info)
    expr = ExprOp(leaves, nb.type_of(root.results[0]))
    expr.location = root.location
    body = expr.body.block
    env = _fill_body(body, leaves, members, info)
    body.add_op(YieldOp(env[root.results[0]]))
    root.parent_block().insert_op_before(expr, root)
    root.results[0].replace_all_uses_with(expr.result)
    _erase(members)


@dataclass(frozen=True)
class FuseArrayExprPass(ModulePass):
    """Fuse trees of element-wise array operations whose intermediate arrays have no other use into one arrayexpr.expr op each."""

    name: ClassVar[str] = "nb-fuse-arrayexpr"
    imports: ClassVar[tuple] = ("pycomp.frontend.arrayexpr_fusion",)

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for f in op.ops:
            if isinstance(f, nb.FuncOp):
                fuse_array_expressions(f)
