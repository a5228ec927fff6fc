# RUN: pycomp-opt %s --function f --signature "(int32, float64)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(int32, float64)" -p nb-type-infer,nb-to-llvm | filecheck %s --check-prefix=LLVM
# RUN: not pycomp-opt %s --function bad --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR

# A call of one of the operator module's functions types as the operator it
# names (pycomp.operators): operator.add(a, b) takes the "+" templates, so
# its operands are cast as `a + b`'s are, and it lowers to the same fadd.

import operator


def f(a, b):
    return operator.add(a, b)


def bad(a):
    return operator.add(a)


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[A:[^:]+]]: !nb.type<int32>, %[[B:[^:]+]]: !nb.type<float64>) -> !nb.type<float64>
# CHECK:         %[[FN:.*]] = nb.global "operator.add"{{.*}} : !nb.type<function(_operator.add)>
# CHECK-NEXT:    %[[AF:.*]] = nb.cast %[[A]] : (!nb.type<int32>) -> !nb.type<float64>
# CHECK-NEXT:    %[[R:.*]] = nb.call %[[FN]](%[[AF]], %[[B]]) kwnames [] : {{.*}} -> !nb.type<float64>
# CHECK-NEXT:    nb.return %[[R]] : !nb.type<float64>

# LLVM-LABEL: llvm.func @f(
# LLVM:         %[[AF:.*]] = llvm.sitofp %{{.*}} : i32 to f64
# LLVM-NEXT:    %{{.*}} = llvm.fadd %[[AF]], %{{.*}} : f64

# ERR:      TypingError: operator.add() takes 2 positional arguments
# ERR-NEXT:   File "{{.*}}operator_module.py", line 17, in bad
