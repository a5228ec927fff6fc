# RUN: pycomp-opt %s --function ops --signature "(array(int32, 2d, C), array(float32, 1d, A), float64)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function ufuncs --signature "(array(int8, 1d, C), int64, array(float64, 1d, C))" -p nb-type-infer | filecheck %s --check-prefix=UFUNC
# RUN: pycomp-opt %s --function inplace --signature "(array(uint8, 1d, C), array(float32, 2d, C))" -p nb-type-infer | filecheck %s --check-prefix=INPLACE
# RUN: not pycomp-opt %s --function bad_inplace --signature "(array(int64, 1d, C))" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR

import numpy as np


# Operators with an array operand are ufuncs: a new C array with the
# larger number of dimensions, of the dtype of the loop Numba's rules
# pick (int32 with float32 computes in float32; a float64 scalar makes
# float32 float64); comparisons give bool arrays; the operands keep
# their types (no casts: the loop casts element by element).
# CHECK-LABEL: nb.func @ops(
# CHECK:         nb.binop "+" %0, %1 : (!nb.type<array(int32, 2d, C)>, !nb.type<array(float32, 1d, A)>) -> !nb.type<array(float32, 2d, C)>
# CHECK:         nb.binop "*" %1, %2 : (!nb.type<array(float32, 1d, A)>, !nb.type<float64>) -> !nb.type<array(float64, 1d, C)>
# CHECK:         nb.binop "<" %0, %2 : (!nb.type<array(int32, 2d, C)>, !nb.type<float64>) -> !nb.type<array(bool, 2d, C)>
# CHECK:         nb.unary "-" %1 : (!nb.type<array(float32, 1d, A)>) -> !nb.type<array(float32, 1d, C)>
def ops(a, b, x):
    return a + b, b * x, a < x, -b


# A ufunc call: on arrays an array; on scalars NumPy's scalar loop
# (int8 -> float32 for sqrt, float16 being left out); out= is returned.
# UFUNC-LABEL: nb.func @ufuncs(
# UFUNC:         nb.call %{{.*}}(%0) kwnames [] : (!nb.type<function(numpy.sqrt)>, !nb.type<array(int8, 1d, C)>) -> !nb.type<array(float32, 1d, C)>
# UFUNC:         nb.call %{{.*}}(%1) kwnames [] : (!nb.type<function(numpy.sqrt)>, !nb.type<int64>) -> !nb.type<float64>
# UFUNC:         nb.call %{{.*}}(%0, %1, %2) kwnames ["out"] : (!nb.type<function(numpy.add)>, !nb.type<array(int8, 1d, C)>, !nb.type<int64>, !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)>
def ufuncs(a, n, o):
    return np.sqrt(a), np.sqrt(n), np.add(a, n, out=o)


# In place: the left array, updated; a scalar of its kind is weak
# (uint8 += 1 computes in uint8), a float32 array takes a float64 result.
# INPLACE-LABEL: nb.func @inplace(
# INPLACE:         nb.inplace_binop "+" %0, %{{.*}} : (!nb.type<array(uint8, 1d, C)>, !nb.type<int64>) -> !nb.type<array(uint8, 1d, C)>
# INPLACE:         nb.inplace_binop "*" %1, %{{.*}} : (!nb.type<array(float32, 2d, C)>, !nb.type<float64>) -> !nb.type<array(float32, 2d, C)>
def inplace(a, m):
    a += 1
    m *= 2.5
    return a, m


# ERR: operator +=: cannot cast ufunc 'add' output from float64 to int64 with casting rule 'same_kind'
# ERR:   File "{{.*}}array_operators.py", line [[# @LINE + 2]], in bad_inplace
def bad_inplace(a):
    a += 0.5
    return a
