"""Lowering of ufunc calls and of the operators on whole arrays.

A ufunc call (``np.add(a, b)``, ``np.sqrt(x, out=y)``), an operator with
an array operand (``a * 2``, ``-a``, ``a < b``, ``abs(a)``) and an in-place
operator on an array (``a += b``, keys ``"+="`` ...) all go through
:func:`apply_ufunc`: the loop the typing picked (recomputed from the
operand types by :mod:`pycomp.ufunc_db`), its kernel from
:data:`KERNELS`, and a loop nest of :mod:`pycomp.targets.cpu.broadcast`
writing a new C-contiguous array, the ``out=`` array or the updated
array. On scalars and 0-d arrays only, the kernel computes the scalar
result directly. A ufunc with two outputs (``np.divmod``) has a kernel
returning a pair and one loop nest filling both arrays.

Datetime64/timedelta64 loops run the scalar operator, or a kernel of
:data:`DATETIME_KERNELS`; a datetime result written into an array of
another unit is converted by the datetime casts of
``impl_datetimes`` when the array's unit is as fine or finer, and is a
LoweringError otherwise (as in Numba; NumPy would truncate).

The element kernels are :mod:`pycomp.targets.cpu.ufunc_kernels`.

The result of a call with ``out=`` and of an in-place operator is the
output array itself, with a new reference (the refcount pass counts the
op's result as owned).
"""

from __future__ import annotations

import builtins
import contextlib

import numpy as np

from pycomp import types as ty
from pycomp.errors import LoweringError
from pycomp.frontend.typing.datetimes import datetime_result, unit_factor
from pycomp.ufunc_db import (  # the loop tables: plain data shared with typing
    DATETIME_OPERATORS,
    OPERATOR_UFUNCS,
    UFUNCS,
    UNARY_OPERATOR_UFUNCS,
    element_type,
    inplace_loop,
    resolve_loop,
)
from pycomp.targets.cpu.broadcast import Operand, broadcast_loop, broadcast_shape, check_fits, keep_on_error
from pycomp.targets.cpu.impl_arrays import allocate_array
from pycomp.targets.cpu.impl_fancyindex import unshared_source
from pycomp.targets.cpu.context import lowering_registry as reg
from pycomp.targets.cpu.ufunc_datetime_kernels import DATETIME_KERNELS
from pycomp.targets.cpu.ufunc_kernels import KERNELS, numpy_error_model, scalar_op
from pycomp.targets.datamodel import I1, PTR, llvm_type, memory_type

__all__ = ["apply_ufunc", "run_kernel"]


# ------------------------------------------------------------------ applying a ufunc

def run_kernel(ctx, b, spec, loop, values, types, out_dtypes):
    """Cast ``values`` (of ``types``) to the loop's inputs, run the kernel,
    cast its result(s) to ``out_dtypes`` (one per output); the value, or
    with several outputs the list of them."""
    args = [ctx.cast(b, v, t, lt) for v, t, lt in zip(values, types, loop.inputs)]
    with numpy_error_model(ctx):
        if any(isinstance(t, (ty.NPDatetime, ty.NPTimedelta)) for t in loop.inputs):
            op = DATETIME_OPERATORS.get(spec.name)
            if op is not None and datetime_result(op, loop.inputs) is not None:  # the scalar operation
                res = scalar_op(ctx, b, op, loop.output, loop.inputs, args)
            else:
                res = DATETIME_KERNELS[spec.name](ctx, b, loop, args)
        else:
            res = KERNELS[spec.name](ctx, b, loop, args)
    if len(out_dtypes) == 1:
        return _cast_result(ctx, b, res, loop.output, out_dtypes[0])
    return [_cast_result(ctx, b, r, t, o) for r, t, o in zip(res, loop.outputs, out_dtypes)]


def _cast_result(ctx, b, value, t, out_dtype):
    """The loop's result ``value`` (of ``t``) as ``out_dtype`` (the output
    array's dtype): a datetime result only goes to a unit as fine or finer
    (LoweringError otherwise, as in Numba: NumPy would truncate)."""
    if isinstance(t, (ty.NPDatetime, ty.NPTimedelta)) and type(out_dtype) is type(t) and t != out_dtype:
        if unit_factor(t.unit, out_dtype.unit) is None:
            raise LoweringError("cannot write a %s ufunc result into an array of %s: the output's unit must be "
                                "as fine as the result's or finer" % (t, out_dtype))
    return ctx.cast(b, value, t, out_dtype)


def _element_value(b, t, v):
    """A scalar operand's value; a 0-d array's element."""
    if isinstance(t, ty.Array):
        x = b.load(b.extract(v, 4, PTR), memory_type(t.dtype))
        return b.cast("trunc", x, I1) if isinstance(t.dtype, ty.Boolean) else x
    return v


def _tuple(b, t, values):
    """A tuple of type ``t`` holding ``values``."""
    tup = b.undef(llvm_type(t))
    for k, v in enumerate(values):
        tup = b.insert_value(tup, v, k)
    return tup


def apply_ufunc(ctx, b, spec, loop, inputs, result_t, out=None):
    """Compute ufunc ``spec`` with ``loop`` on ``inputs`` (``(type, value)``
    pairs): into ``out`` (an ``(array type, value)`` pair, or a list of
    them, one per output: returned with new references) if given, else
    into new arrays if ``result_t`` is an array type (a tuple of them for
    several outputs), else as a scalar of type ``result_t`` (a tuple)."""
    several = spec.nout > 1
    if out is None and not isinstance(result_t, (ty.Array, ty.BaseTuple)) or (
            out is None and several and not isinstance(result_t[0], ty.Array)):
        values = [_element_value(b, t, v) for t, v in inputs]
        res = run_kernel(ctx, b, spec, loop, values, [element_type(t) for t, _ in inputs],
                         tuple(result_t) if several else (result_t,))
        return _tuple(b, result_t, res) if several else res
    operands = []
    for (t, v), lt in zip(inputs, loop.inputs):
        if not isinstance(t, ty.Array):  # cast once, before the loops
            v, t = ctx.cast(b, v, t, lt), lt
        operands.append(Operand(t, v))
    dtypes = [element_type(op.type) for op in operands]
    if out is not None:
        outs = list(out) if isinstance(out, list) else [out]
        _into_outputs(ctx, b, outs, operands, lambda bb, values: run_kernel(
            ctx, bb, spec, loop, values, dtypes, tuple(t.dtype for t, _ in outs)))
        for t, arr in outs:
            ctx.incref(b, t, arr)
        return _tuple(b, result_t, [arr for _, arr in outs]) if several else outs[0][1]
    out_types = tuple(result_t) if several else (result_t,)

    def body(b, values):
        return run_kernel(ctx, b, spec, loop, values, dtypes, tuple(t.dtype for t in out_types))

    shape = broadcast_shape(ctx, b, operands, out_types[0].ndim)
    outs = []
    with contextlib.ExitStack() as owned:
        for t in out_types:
            arr = allocate_array(ctx, b, t, shape)
            owned.enter_context(keep_on_error(ctx, t, arr))
            outs.append((t, arr))
        broadcast_loop(ctx, b, outs[0][0], outs[0][1], operands, body, check=False, more_outs=outs[1:])
    return _tuple(b, result_t, [arr for _, arr in outs]) if several else outs[0][1]


def _into_outputs(ctx, b, outs, operands, body):
    """Run the loop into given output arrays ``outs``: every input must
    broadcast to the first one's shape and the others must have it
    (ValueError); an input sharing memory with an output other than as the
    same view is read from a copy, as NumPy does (``a[1:] += a[:-1]``)."""
    out_t, arr = outs[0]
    check_fits(ctx, b, out_t, arr, [op for op in operands if op.is_array])
    for t, other in outs[1:]:  # the same number of dimensions (typing checked it)
        check_fits(ctx, b, out_t, arr, [Operand(t, other)])
        check_fits(ctx, b, t, other, [Operand(out_t, arr)])
    releases = []
    mine = [v for _, v in outs]
    for k, op in enumerate(operands):
        if isinstance(op.type, ty.Array) and op.type.ndim > 0 and all(op.value is not v for v in mine):
            value = op.value
            for t, v in outs:
                value, release = unshared_source(ctx, b, t, v, op.type, value)
                releases.append(release)
            operands[k] = Operand(op.type, value)
    broadcast_loop(ctx, b, out_t, arr, operands, body, check=False, more_outs=outs[1:])
    for release in releases:
        release()


def _given_outputs(b, spec, sig, args):
    """The ``(array type, value)`` output arrays a call names (positional
    after the inputs, or ``out=`` an array or a tuple of them), one per
    output; None if it names none."""
    nin = spec.nin
    if len(sig.args) <= nin:
        return None
    if len(sig.args) > nin + 1:  # positional outputs
        return list(zip(sig.args[nin:], args[nin:]))
    t, v = sig.args[nin], args[nin]
    if isinstance(t, ty.Array):
        return [(t, v)]
    if isinstance(t, ty.BaseTuple):
        return [(et, b.extract(v, k, llvm_type(et))) for k, et in enumerate(t.types)]
    return None


def _ufunc_impl(spec):
    def impl(ctx, b, sig, args):
        nin = spec.nin
        inputs = list(zip(sig.args[:nin], args[:nin]))
        loop = resolve_loop(spec, tuple(element_type(t) for t, _ in inputs))
        outs = _given_outputs(b, spec, sig, args)
        if outs is not None and spec.nout == 1:
            outs = outs[0]
        return apply_ufunc(ctx, b, spec, loop, inputs, sig.return_type, outs)
    return impl


def _lower_first(key, *patterns):
    """Register ahead of the implementations already there (the scalar
    ones of some keys match any argument types)."""
    return reg.lower(key, *patterns, first=True)


for _uf, _spec in UFUNCS.items():
    if _spec.name in KERNELS:
        reg.lower(_uf)(_ufunc_impl(_spec))

for _op, _uf in OPERATOR_UFUNCS.items():
    _impl = _ufunc_impl(UFUNCS[_uf])
    _lower_first(_op, ty.Array, ty.Type)(_impl)
    _lower_first(_op, ty.Type, ty.Array)(_impl)
for _op, _uf in UNARY_OPERATOR_UFUNCS.items():
    _lower_first(_op, ty.Array)(_ufunc_impl(UFUNCS[_uf]))
_lower_first(builtins.abs, ty.Array)(_ufunc_impl(UFUNCS[np.absolute]))


def _inplace_impl(spec):
    def impl(ctx, b, sig, args):
        (target_t, other_t), (target, other) = sig.args, args
        loop = inplace_loop(spec, target_t.dtype, other_t)
        return apply_ufunc(ctx, b, spec, loop, [(target_t, target), (other_t, other)], target_t,
                           out=(target_t, target))
    return impl


for _op, _uf in OPERATOR_UFUNCS.items():
    if _op not in ("==", "!=", "<", "<=", ">", ">="):
        reg.lower(_op + "=", ty.Array, ty.Type)(_inplace_impl(UFUNCS[_uf]))
