"""``PYCOMP_DUMP_ANNOTATION``: the function's source with inferred types.

Each source line is followed by the types of the values computed on it,
taken from the typed nb IR (the op that produced each value and its
type), so a reader sees where a float64 or a cast appears.
"""

from __future__ import annotations

import inspect

from pycomp.dialects import nb

__all__ = ["annotate"]

_SHORT = {
    nb.BinOp: lambda op: op.op.data, nb.InplaceBinOp: lambda op: op.op.data + "=",
    nb.UnaryOp: lambda op: op.op.data, nb.CallOp: lambda op: "call", nb.GetItemOp: lambda op: "[]",
    nb.StaticGetItemOp: lambda op: "[%r]" % (op.index.data,), nb.GetAttrOp: lambda op: "." + op.attr.data,
    nb.CastOp: lambda op: "cast", nb.BuildTupleOp: lambda op: "tuple", nb.IterNextOp: lambda op: "next",
    nb.GetIterOp: lambda op: "iter", nb.UnpackOp: lambda op: "unpack",
}


def annotate(pyfunc, func: nb.FuncOp) -> str:
    """Source of ``pyfunc`` with the types of the values of each line."""
    try:
        lines, first = inspect.getsourcelines(pyfunc)
    except (OSError, TypeError):
        return "(source of %s is not available)" % pyfunc.__qualname__
    notes: dict[int, list[str]] = {}
    for op in func.walk():
        short = _SHORT.get(type(op))
        line = getattr(op.location, "line", None)
        if isinstance(op, nb.ForRangeOp) and line is not None:  # no result may say the loop variable's type
            text = "range loop: %s" % nb.type_of(op.induction_var)
        elif short is None or line is None or not op.results:
            continue
        else:
            text = "%s: %s" % (short(op), nb.type_of(op.results[0]))
        bucket = notes.setdefault(line.data, [])
        if text not in bucket:
            bucket.append(text)
    argtypes = [t.data for t in func.function_type.inputs.data]
    names = [s.data for s in func.arg_names.data]
    head = "# %s(%s) -> %s    [%s]" % (
        pyfunc.__qualname__, ", ".join("%s: %s" % nt for nt in zip(names, argtypes)),
        func.return_type, pyfunc.__code__.co_filename)
    out = [head]
    width = max(len(s.rstrip("\n")) for s in lines)
    for i, src in enumerate(lines):
        n = first + i
        src = src.rstrip("\n")
        ann = notes.get(n)
        if ann:
            out.append("%5d | %s  # %s" % (n, src.ljust(width), "; ".join(ann[:5])))
        else:
            out.append("%5d | %s" % (n, src))
    return "\n".join(out)
