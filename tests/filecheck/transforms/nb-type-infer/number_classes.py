# RUN: pycomp-opt %s --function f --signature "(float64)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(float64)" --pipeline=jit | filecheck %s --check-prefix=LLVM
# RUN: not pycomp-opt %s --function g --signature "(complex128)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR

# Calling a number class converts: NumPy's scalar classes and pycomp's
# (Numba's) type objects are globals typed function(...) whose call has the
# class's type. A float goes through int64 and wraps to the width
# (np.int8(300.0) is 44); np.bool_ compares with zero.

import numpy as np

from pycomp import types


def f(x):
    return np.int8(x) + types.int16(x), np.bool_(x)


# CHECK-LABEL: nb.func @f(
# CHECK:         %[[I8:.*]] = nb.global "np.int8" = <numpy.int8> : !nb.type<function(numpy.int8)>
# CHECK-NEXT:    nb.call %[[I8]](%{{.*}}) kwnames [] : (!nb.type<function(numpy.int8)>, !nb.type<float64>) -> !nb.type<int8>
# CHECK:         nb.call %{{.*}}(%{{.*}}) kwnames [] : (!nb.type<function(pycomp.types.int16)>, !nb.type<float64>) -> !nb.type<int16>
# CHECK:         nb.call %{{.*}}(%{{.*}}) kwnames [] : (!nb.type<function(numpy.bool)>, !nb.type<float64>) -> !nb.type<bool>

# LLVM-LABEL: llvm.func @f(
# LLVM:         %[[A:.*]] = llvmx.fptosi %{{.*}} : f64 to i64
# LLVM-NEXT:    llvm.trunc %[[A]] : i64 to i8
# LLVM:         %[[B:.*]] = llvmx.fptosi %{{.*}} : f64 to i64
# LLVM-NEXT:    llvm.trunc %[[B]] : i64 to i16
# LLVM:         llvm.fcmp "une"


def g(z):
    return np.float64(z)


# ERR: TypingError: no implementation of numpy.float64() for these argument types
# ERR-NEXT: File "{{.*}}number_classes.py", line 34
# ERR: argument types: (complex128)
