# RUN: pycomp-opt %s --function f --locals "x=float32,a=int32" | filecheck %s
# RUN: pycomp-opt %s --function f --locals "x=float32,a=int32" | pycomp-opt | filecheck %s

# jit's locals= option: every value stored to a declared variable (and a
# declared parameter on entry) goes through an nb.cast to the declared type,
# marked with the variable's name for type inference's check.


def f(a, b):
    x = a * b
    if b:
        x = 1
    return x


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[A0:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %[[A:.*]] = nb.cast %[[A0]] {nb.local = "a"} : (!nb.type<?>) -> !nb.type<int32>
# CHECK-NEXT:    %[[M:.*]] = nb.binop "*" %[[A]], %[[B]]
# CHECK-NEXT:    %[[X:.*]] = nb.cast %[[M]] {nb.local = "x"} : (!nb.type<?>) -> !nb.type<float32>
# CHECK:         %[[ONE:.*]] = nb.const <1>
# CHECK-NEXT:    %{{.*}} = nb.cast %[[ONE]] {nb.local = "x"} : (!nb.type<?>) -> !nb.type<float32>
