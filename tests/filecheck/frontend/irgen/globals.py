# RUN: pycomp-opt %s --function f | filecheck %s

# Globals are frozen at compile time: numbers and tuples of literals become
# nb.const, other objects nb.global naming their import path; an attribute
# of a frozen module is frozen too (math.pi is a constant).

import math

K = 3
SCALE = (1.5, 2)


def f(x):
    return x * K + math.pi + abs(x) + SCALE[1]


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %[[K:.*]] = nb.const <3> : !nb.type<?>
# CHECK-NEXT:    %[[XK:.*]] = nb.binop "*" %[[X]], %[[K]]
# CHECK-NEXT:    %{{.*}} = nb.global "math" = <math> : !nb.type<?>
# CHECK-NEXT:    %[[PI:.*]] = nb.const <3.141592653589793> : !nb.type<?>
# CHECK-NEXT:    %[[S1:.*]] = nb.binop "+" %[[XK]], %[[PI]]
# CHECK-NEXT:    %[[ABS:.*]] = nb.global "abs" = <abs> : !nb.type<?>
# CHECK-NEXT:    %[[AX:.*]] = nb.call %[[ABS]](%[[X]]) kwnames []
# CHECK-NEXT:    %[[S2:.*]] = nb.binop "+" %[[S1]], %[[AX]]
# CHECK-NEXT:    %[[SCALE:.*]] = nb.const <(1.5, 2)> : !nb.type<?>
# CHECK-NEXT:    %[[IDX:.*]] = nb.const <1>
# CHECK-NEXT:    %[[ITEM:.*]] = nb.getitem %[[SCALE]][%[[IDX]]]
# CHECK-NEXT:    nb.binop "+" %[[S2]], %[[ITEM]]
