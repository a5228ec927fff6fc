# RUN: pycomp-opt %s --function interior --signature "(float64[:, ::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=SLICE
# RUN: pycomp-opt %s --function update --signature "(float32[:, ::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=INPLACE
# RUN: pycomp-opt %s --function one_op --signature "(float64[::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=ONE
# RUN: pycomp-opt %s --function fancy --signature "(float64[::1], bool[::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=FANCY

# nb-fuse-arrayexpr: a tree whose only use stores it into an existing
# array becomes an arrayexpr.assign into that array (no allocation).
import numpy as np


# target[slices] = tree: the view is the assign's target.
def interior(u, b):
    u[1:-1, 1:-1] = b[1:-1] * 2.0 + 1.0


# SLICE-LABEL: nb.func @interior(
# SLICE:         %[[B:.*]] = nb.getitem %1[%{{.*}}] : (!nb.type<array(float64, 1d, C)>, !nb.type<slice<a:b>>) -> !nb.type<array(float64, 1d, C)>
# SLICE:         %[[V:.*]] = nb.getitem %0[%{{.*}}] : (!nb.type<array(float64, 2d, C)>, !nb.type<UniTuple(slice<a:b> x 2)>) -> !nb.type<array(float64, 2d, A)>
# SLICE-NEXT:    arrayexpr.assign(%[[B]], %{{.*}}, %{{.*}}) into %[[V]] : (!nb.type<array(float64, 1d, C)>, !nb.type<float64>, !nb.type<float64>) into !nb.type<array(float64, 2d, A)> {
# SLICE:           arrayexpr.apply "multiply"
# SLICE-NEXT:      arrayexpr.apply "add"
# SLICE-NEXT:      arrayexpr.yield
# SLICE-NOT:     nb.setitem


# target[i] op= tree: the operator's ufunc ends the tree, reading the
# target's element first; the result is cast to the target's dtype when
# stored (float64 into float32, same kind). The leftover u[0] = u[0] (the
# view onto itself) is gone.
def update(u, b):
    u[0] += b * b


# INPLACE-LABEL: nb.func @update(
# INPLACE:         %[[V:.*]] = nb.getitem %0[%{{.*}}] : (!nb.type<array(float32, 2d, C)>, !nb.type<int64>) -> !nb.type<array(float32, 1d, C)>
# INPLACE:         arrayexpr.assign(%[[V]], %1) into %[[V]] {in_place} : (!nb.type<array(float32, 1d, C)>, !nb.type<array(float64, 1d, C)>) into !nb.type<array(float32, 1d, C)> {
# INPLACE-NEXT:    ^bb0(%[[T:.*]]: !nb.type<float32>, %[[X:.*]]: !nb.type<float64>):
# INPLACE-NEXT:      %[[SQ:.*]] = arrayexpr.apply "multiply" %[[X]], %[[X]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# INPLACE-NEXT:      %[[S:.*]] = arrayexpr.apply "add" %[[T]], %[[SQ]] : (!nb.type<float32>, !nb.type<float64>) -> !nb.type<float64>
# INPLACE-NEXT:      arrayexpr.yield %[[S]] : !nb.type<float64>
# INPLACE-NOT:   nb.setitem
# INPLACE-NOT:   nb.inplace_binop


# One operation stored into a view is written there too.
def one_op(a, b):
    a[:] = a + b


# ONE-LABEL: nb.func @one_op(
# ONE:         %[[V:.*]] = nb.getitem %0[%{{.*}}] : (!nb.type<array(float64, 1d, C)>, !nb.type<slice<a:b>>) -> !nb.type<array(float64, 1d, C)>
# ONE-NEXT:    arrayexpr.assign(%0, %1) into %[[V]]
# ONE:           arrayexpr.apply "add"
# ONE-NOT:     nb.setitem


# An array index (a[mask] = ...) selects a copy, not a view: the value is
# made, then assigned.
def fancy(a, m, b):
    a[m] = b * 2.0 + 1.0


# FANCY-LABEL: nb.func @fancy(
# FANCY:         %[[E:.*]] = arrayexpr.expr(%2, %{{.*}}, %{{.*}})
# FANCY:         nb.setitem %0[%1] = %[[E]]
