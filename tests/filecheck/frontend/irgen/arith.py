# RUN: pycomp-opt %s --function f | filecheck %s
# RUN: pycomp-opt %s --function f --print-debuginfo | filecheck %s --check-prefix=LOC

# Straight-line arithmetic: one op per operator in evaluation order, literals
# as nb.const, the parameters as entry block arguments, nothing typed yet.


def f(a, b):
    c = a + b * 2
    return c - 1


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>) -> !nb.type<?>
# CHECK-SAME:      nb.source = "{{.*}}arith.py"
# CHECK-SAME:      arg_names = ["a", "b"]
# CHECK-NEXT:    %[[TWO:.*]] = nb.const <2> : !nb.type<?>
# CHECK-NEXT:    %[[MUL:.*]] = nb.binop "*" %[[B]], %[[TWO]] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[C:.*]] = nb.binop "+" %[[A]], %[[MUL]]
# CHECK-NEXT:    %[[ONE:.*]] = nb.const <1> : !nb.type<?>
# CHECK-NEXT:    %[[R:.*]] = nb.binop "-" %[[C]], %[[ONE]]
# CHECK-NEXT:    nb.return %[[R]] : !nb.type<?>
# CHECK-NEXT:  }

# Every op carries its source position (1-based line and column).
# LOC: nb.binop "*" {{.*}} loc("{{.*}}arith.py":9:13)
# LOC: nb.binop "+" {{.*}} loc("{{.*}}arith.py":9:9)
# LOC: nb.binop "-" {{.*}} loc("{{.*}}arith.py":10:12)
# LOC: nb.return {{.*}} loc("{{.*}}arith.py":10:5)
