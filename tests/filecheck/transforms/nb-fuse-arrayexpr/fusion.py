# RUN: pycomp-opt %s --function axpy --signature "(float64[::1], float64[::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=AXPY
# RUN: pycomp-opt %s --function pythagoras --signature "(float32[:, :])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=TRIG
# RUN: pycomp-opt %s --function square_of_sum --signature "(float64[::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=DAG
# RUN: pycomp-opt %s --function single --signature "(float64[::1], float64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=SINGLE
# RUN: pycomp-opt %s --function unary_and_abs --signature "(int64[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=UNARY
# RUN: pycomp-opt %s --function outer_sum --signature "(float64[:, ::1], float64[::1], float32[:, :], int64)" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=BCAST
# RUN: pycomp-opt %s --function leaky_relu --signature "(float32[::1])" -p nb-type-infer,nb-fuse-arrayexpr | filecheck %s --check-prefix=WHERE

# nb-fuse-arrayexpr: a tree of element-wise operations becomes one
# arrayexpr.expr whose body applies each ufunc to elements.
import numpy as np


# The operators' ufuncs, in the order they ran; the arguments become the
# inputs, in the order the tree first reads them.
def axpy(a, b, c):
    return a * b + c


# AXPY-LABEL: nb.func @axpy(
# AXPY-NOT:     nb.binop
# AXPY:         %[[E:.*]] = arrayexpr.expr(%0, %1, %2) : (!nb.type<array(float64, 1d, C)>, !nb.type<array(float64, 1d, C)>, !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
# AXPY-NEXT:    ^bb0(%[[A:.*]]: !nb.type<float64>, %[[B:.*]]: !nb.type<float64>, %[[C:.*]]: !nb.type<float64>):
# AXPY-NEXT:      %[[M:.*]] = arrayexpr.apply "multiply" %[[A]], %[[B]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# AXPY-NEXT:      %[[S:.*]] = arrayexpr.apply "add" %[[M]], %[[C]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# AXPY-NEXT:      arrayexpr.yield %[[S]] : !nb.type<float64>
# AXPY-NEXT:    }
# AXPY-NEXT:    nb.return %[[E]]


# Ufunc calls fuse with operators; x is read once (one input) for the four
# uses. Each apply has the unfused operation's dtype (float32 ** int64 is
# float32, as in Numba) and the result the unfused layout (C, from A inputs).
def pythagoras(x):
    return np.sin(x) ** 2 + np.cos(x) ** 2


# TRIG-LABEL: nb.func @pythagoras(
# TRIG:         %[[E:.*]] = arrayexpr.expr(%0, %{{.*}}, %{{.*}}) : (!nb.type<array(float32, 2d, A)>, !nb.type<int64>, !nb.type<int64>) -> !nb.type<array(float32, 2d, C)> {
# TRIG-NEXT:    ^bb0(%[[X:.*]]: !nb.type<float32>, %[[TWO:.*]]: !nb.type<int64>, %[[TWO2:.*]]: !nb.type<int64>):
# TRIG-NEXT:      %[[SIN:.*]] = arrayexpr.apply "sin" %[[X]] : (!nb.type<float32>) -> !nb.type<float32>
# TRIG-NEXT:      %[[P1:.*]] = arrayexpr.apply "power" %[[SIN]], %[[TWO]] : (!nb.type<float32>, !nb.type<int64>) -> !nb.type<float32>
# TRIG-NEXT:      %[[COS:.*]] = arrayexpr.apply "cos" %[[X]] : (!nb.type<float32>) -> !nb.type<float32>
# TRIG-NEXT:      %[[P2:.*]] = arrayexpr.apply "power" %[[COS]], %[[TWO2]] : (!nb.type<float32>, !nb.type<int64>) -> !nb.type<float32>
# TRIG-NEXT:      %[[S:.*]] = arrayexpr.apply "add" %[[P1]], %[[P2]] : (!nb.type<float32>, !nb.type<float32>) -> !nb.type<float32>
# TRIG-NEXT:      arrayexpr.yield %[[S]] : !nb.type<float32>
# TRIG-NEXT:    }


# An intermediate read twice by the same tree is computed once per element.
def square_of_sum(a, b):
    t = a + b
    return t * t - 1.0


# DAG-LABEL: nb.func @square_of_sum(
# DAG:         arrayexpr.expr(%0, %1, %{{.*}}) :
# DAG:           %[[T:.*]] = arrayexpr.apply "add"
# DAG-NEXT:      %[[SQ:.*]] = arrayexpr.apply "multiply" %[[T]], %[[T]]
# DAG-NEXT:      %[[R:.*]] = arrayexpr.apply "subtract" %[[SQ]], %{{.*}}
# DAG-NEXT:      arrayexpr.yield %[[R]]


# One operation alone is left as it is.
def single(a, b):
    return a + b


# SINGLE-LABEL: nb.func @single(
# SINGLE-NOT:    arrayexpr.expr
# SINGLE:        nb.binop "+" %0, %1
# SINGLE-NOT:    arrayexpr.expr


# Unary operators and abs() are ufuncs too (negative, absolute).
def unary_and_abs(a):
    return abs(-a) + ~a


# UNARY-LABEL: nb.func @unary_and_abs(
# UNARY:         arrayexpr.expr(%0) : (!nb.type<array(int64, 1d, C)>) -> !nb.type<array(int64, 1d, C)> {
# UNARY:           arrayexpr.apply "negative"
# UNARY-NEXT:      arrayexpr.apply "absolute"
# UNARY-NEXT:      arrayexpr.apply "invert"
# UNARY-NEXT:      arrayexpr.apply "add"


# np.where(c, x, y) joins a tree (its implementation declares itself
# element-wise): arrayexpr.select, with np.where's result dtype (float64:
# 0.5 * m is float64 for a float32 m, as in Numba).
def leaky_relu(m):
    return np.where(m > 0, m, 0.5 * m) + 1.0


# WHERE-LABEL: nb.func @leaky_relu(
# WHERE:         arrayexpr.expr(%0, %{{.*}}, %{{.*}}, %{{.*}}) : (!nb.type<array(float32, 1d, C)>, !nb.type<int64>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<array(float64, 1d, C)> {
# WHERE-NEXT:    ^bb0(%[[M:.*]]: !nb.type<float32>, %[[Z:.*]]: !nb.type<int64>, %[[H:.*]]: !nb.type<float64>, %[[ONE:.*]]: !nb.type<float64>):
# WHERE-NEXT:      %[[C:.*]] = arrayexpr.apply "greater" %[[M]], %[[Z]] : (!nb.type<float32>, !nb.type<int64>) -> !nb.type<bool>
# WHERE-NEXT:      %[[Y:.*]] = arrayexpr.apply "multiply" %[[H]], %[[M]] : (!nb.type<float64>, !nb.type<float32>) -> !nb.type<float64>
# WHERE-NEXT:      %[[S:.*]] = arrayexpr.select %[[C]], %[[M]], %[[Y]] : (!nb.type<bool>, !nb.type<float32>, !nb.type<float64>) -> !nb.type<float64>
# WHERE-NEXT:      %[[R:.*]] = arrayexpr.apply "add" %[[S]], %[[ONE]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# WHERE-NEXT:      arrayexpr.yield %[[R]] : !nb.type<float64>


# Inputs of any rank broadcast in the fused op as they did operation by
# operation: a matrix, a row, a column view and a scalar give a 2d result.
def outer_sum(m, row, col, k):
    return m * row + col - k


# BCAST-LABEL: nb.func @outer_sum(
# BCAST:         arrayexpr.expr(%0, %1, %2, %3) : (!nb.type<array(float64, 2d, C)>, !nb.type<array(float64, 1d, C)>, !nb.type<array(float32, 2d, A)>, !nb.type<int64>) -> !nb.type<array(float64, 2d, C)> {
# BCAST-NEXT:    ^bb0(%{{.*}}: !nb.type<float64>, %{{.*}}: !nb.type<float64>, %{{.*}}: !nb.type<float32>, %{{.*}}: !nb.type<int64>):
# BCAST-NEXT:      arrayexpr.apply "multiply"
# BCAST-NEXT:      arrayexpr.apply "add" %{{.*}}, %{{.*}} : (!nb.type<float64>, !nb.type<float32>) -> !nb.type<float64>
# BCAST-NEXT:      arrayexpr.apply "subtract" %{{.*}}, %{{.*}} : (!nb.type<float64>, !nb.type<int64>) -> !nb.type<float64>
