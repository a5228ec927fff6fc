# RUN: pycomp-opt %s --function shared --signature "(float64[::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=SHARED
# RUN: pycomp-opt %s --function write_between --signature "(float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=WRITE
# RUN: pycomp-opt %s --function reduction_between --signature "(float64[::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=READ
# RUN: pycomp-opt %s --function builtin_between --signature "(float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=BUILTIN
# RUN: pycomp-opt %s --function writing_call_between --signature "(float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=CALL
# RUN: pycomp-opt %s --function other_block --signature "(float64[::1], bool)" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=BLOCK
# RUN: pycomp-opt %s --function reduction_ends --signature "(float64[::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=REDUCE

# nb-fuse-arrayexpr: where a tree stops.
import numpy as np


# An intermediate with another use stays an array: it is the input of the
# tree that reads it and is returned as well.
def shared(a, b):
    t = a * b
    return (t + 1.0) / 2.0, t


# SHARED-LABEL: nb.func @shared(
# SHARED:         %[[T:.*]] = nb.binop "*" %0, %1
# SHARED:         %[[E:.*]] = arrayexpr.expr(%[[T]], %{{.*}})
# SHARED-NOT:       arrayexpr.apply "multiply"
# SHARED:           arrayexpr.apply "add"
# SHARED-NEXT:      arrayexpr.apply "divide"
# SHARED:         nb.build_tuple(%[[E]], %[[T]])


# The fused op reads its inputs where the root was: a write to an input in
# between cuts the tree (t keeps a's old value).
def write_between(a):
    t = a * 2.0
    a[0] = 5.0
    return t + 1.0


# WRITE-LABEL: nb.func @write_between(
# WRITE-NOT:     arrayexpr.expr
# WRITE:         nb.binop "*"
# WRITE:         nb.setitem
# WRITE:         nb.binop "+"


# A call that writes nothing (np.sum's implementation reads its argument)
# does not cut the tree.
def reduction_between(a, b):
    t = a * b
    s = np.sum(b)
    return t + s


# READ-LABEL: nb.func @reduction_between(
# READ:         %[[S:.*]] = nb.call
# READ:         arrayexpr.expr(%0, %1, %[[S]])
# READ:           arrayexpr.apply "multiply"
# READ-NEXT:      arrayexpr.apply "add"


# A builtin (len) only reads its argument: the tree goes on across it.
def builtin_between(a):
    t = a * 2.0
    n = len(a)
    return t - n


# BUILTIN-LABEL: nb.func @builtin_between(
# BUILTIN:         %[[N:.*]] = nb.call %{{.*}}(%0)
# BUILTIN:         arrayexpr.expr(%0, %{{.*}}, %[[N]])
# BUILTIN:           arrayexpr.apply "multiply"
# BUILTIN-NEXT:      arrayexpr.apply "subtract"


# A call that may write its array argument (np.ndarray.fill) cuts it.
def writing_call_between(a):
    t = a + 1.0
    a.fill(0.0)
    return t * 2.0


# CALL-LABEL: nb.func @writing_call_between(
# CALL-NOT:     arrayexpr.expr
# CALL:         nb.binop "+"
# CALL:         nb.binop "*"


# Only uses in the same block join a tree.
def other_block(a, c):
    t = a * 3.0
    if c:
        return t - a
    return a


# BLOCK-LABEL: nb.func @other_block(
# BLOCK-NOT:     arrayexpr.expr
# BLOCK:         nb.binop "*"
# BLOCK:         nb.binop "-"


# A reduction ends a tree: the tree is its argument.
def reduction_ends(a, b):
    return np.sum(np.exp(a - b) * 0.5)


# REDUCE-LABEL: nb.func @reduction_ends(
# REDUCE:         %[[E:.*]] = arrayexpr.expr(%0, %1, %{{.*}})
# REDUCE:           arrayexpr.apply "subtract"
# REDUCE-NEXT:      arrayexpr.apply "exp"
# REDUCE-NEXT:      arrayexpr.apply "multiply"
# REDUCE:         nb.call %{{.*}}(%[[E]],
