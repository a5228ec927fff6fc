# RUN: pycomp-opt %s --function f | filecheck %s
# RUN: pycomp-opt %s --function g --signature "(float64)" -p nb-dce,nb-type-infer | filecheck %s --check-prefix=TYPED

# A method-style call on a module (LOAD_ATTR/LOAD_METHOD + CALL): the
# function is frozen to nb.global "math.sqrt" and called with the argument
# only; a method of a value is nb.getattr then nb.call. Typed, the global
# has the function's type and the call its resolved signature.

import math


def f(x):
    return math.sqrt(x) + x.conjugate()


def g(x):
    return math.sqrt(x)


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %{{.*}} = nb.global "math" = <math> : !nb.type<?>
# CHECK-NEXT:    %[[SQRT:.*]] = nb.global "math.sqrt" = <math.sqrt> : !nb.type<?>
# CHECK-NEXT:    %[[R:.*]] = nb.call %[[SQRT]](%[[X]]) kwnames [] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[M:.*]] = nb.getattr %[[X]], "conjugate" : (!nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[C:.*]] = nb.call %[[M]]() kwnames [] : (!nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %{{.*}} = nb.binop "+" %[[R]], %[[C]]

# TYPED-LABEL: nb.func @g(
# TYPED-SAME:      %[[X:[^:]+]]: !nb.type<float64>) -> !nb.type<float64>
# TYPED-NOT:     nb.global "math" =
# TYPED:         %[[SQRT:.*]] = nb.global "math.sqrt" = <math.sqrt> : !nb.type<function(math.sqrt)>
# TYPED-NEXT:    nb.call %[[SQRT]](%[[X]]) kwnames [] : (!nb.type<function(math.sqrt)>, !nb.type<float64>) -> !nb.type<float64>
