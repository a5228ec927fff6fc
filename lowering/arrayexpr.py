"""Lowering of ``arrayexpr.expr``: one broadcast loop nest, one allocation.

The inputs' shapes are broadcast (ValueError first if they do not), the
result is allocated with that shape (its type's layout), and one loop nest
of :mod:`pycomp.targets.cpu.broadcast` runs the body once per element:
the body's ops are emitted inside the loop, each ``arrayexpr.apply``
through the same ufunc kernel, with the same input and output casts, as
the unfused ufunc call (:func:`pycomp.targets.cpu.impl_arrayops.run_kernel`),
so values do not change. Scalar inputs and 0-d arrays are read once,
before the loop. The loop nest has a flat unit-stride path that LLVM
vectorizes (every array input contiguous like the result and of its
shape) and a strided one for views and broadcast inputs. An error raised
in the loop releases the result.
"""

from __future__ import annotations

from pycomp import types as ty
from pycomp.dialects import nb
from pycomp.errors import LoweringError
from pycomp.oprules import lowering_rule

__all__ = ["lower_expr", "lower_assign", "emit_body"]


@lowering_rule("arrayexpr.expr")
def lower_expr(lowering, op):
    from pycomp.targets.cpu.broadcast import broadcast_loop, broadcast_shape, keep_on_error
    from pycomp.targets.cpu.impl_arrays import allocate_array

    ctx, b = lowering.ctx, lowering.b
    res_t = nb.type_of(op.result)
    block = op.body.block
    operands = _operands(lowering, op)
    shape = broadcast_shape(ctx, b, operands, res_t.ndim)
    out = allocate_array(ctx, b, res_t, shape)

    def body(bb, values):
        return emit_body(ctx, bb, block, values)

    with keep_on_error(ctx, res_t, out):
        broadcast_loop(ctx, b, res_t, out, operands, body, check=False)
    return out


def _operands(lowering, op) -> list:
    """The inputs of ``op`` (arrayexpr.expr or arrayexpr.assign) as
    broadcast operands; a scalar of another type than its body element (a
    literal) is cast to it once, before the loops."""
    from pycomp.targets.cpu.broadcast import Operand

    ctx, b = lowering.ctx, lowering.b
    operands = []
    for v, arg in zip(op.inputs, op.body.block.args):
        t, value, et = nb.type_of(v), lowering.v(v), nb.type_of(arg)
        if not isinstance(t, ty.Array) and t is not et:
            value, t = ctx.cast(b, value, t, et), et
        operands.append(Operand(t, value))
    return operands


def emit_body(ctx, b, block, values):
    """Emit the ops of an ``arrayexpr.expr`` body with its arguments bound
    to ``values``; the LLVM value it yields."""
    from pycomp.targets.cpu.impl_arrayops import run_kernel

    env = dict(zip(block.args, values))
    for o in block.ops:
        name = o.name
        if name == "arrayexpr.apply":
            spec = o.spec
            types = [nb.type_of(a) for a in o.args]
            out_t = nb.type_of(o.result)
            env[o.result] = run_kernel(ctx, b, spec, o.loop(), [env[a] for a in o.args], types, (out_t,))
        elif name == "arrayexpr.select":
            rt = nb.type_of(o.result)
            cond = ctx.cast(b, env[o.cond], nb.type_of(o.cond), ty.boolean)
            x = ctx.cast(b, env[o.x], nb.type_of(o.x), rt)
            y = ctx.cast(b, env[o.y], nb.type_of(o.y), rt)
            env[o.result] = b.select(cond, x, y)
        elif name == "arrayexpr.yield":
            return env[o.value]
        else:
            raise LoweringError("cannot lower %s in the body of arrayexpr.expr" % name)
    raise LoweringError("the body of arrayexpr.expr has no arrayexpr.yield")


@lowering_rule("arrayexpr.assign")
def lower_assign(lowering, op):
    """``target[...] = body(inputs)``: the inputs must broadcast to the
    target's shape (ValueError first); an input sharing memory with the
    target other than as the same view is read from a copy; one loop nest
    writes the body's elements, converted to the target's dtype."""
    from pycomp.targets.cpu.broadcast import OUTPUT_ERROR, Operand, broadcast_loop, check_fits
    from pycomp.targets.cpu.impl_fancyindex import ASSIGN_ERROR, unshared_source

    ctx, b = lowering.ctx, lowering.b
    out_t = nb.type_of(op.target)
    out = lowering.v(op.target)
    block = op.body.block
    operands, releases = _operands(lowering, op), []
    message = OUTPUT_ERROR if op.in_place is not None else ASSIGN_ERROR
    check_fits(ctx, b, out_t, out, [o for o in operands if o.is_array], message)
    for k, (v, o) in enumerate(zip(op.inputs, operands)):
        if o.is_array and v is not op.target:
            value, release = unshared_source(ctx, b, out_t, out, o.type, o.value)
            operands[k] = Operand(o.type, value)
            releases.append(release)
    yt = nb.type_of(op.yielded)

    def body(bb, values):
        return ctx.cast(bb, emit_body(ctx, bb, block, values), yt, out_t.dtype)

    broadcast_loop(ctx, b, out_t, out, operands, body, check=False)
    for release in releases:
        release()

