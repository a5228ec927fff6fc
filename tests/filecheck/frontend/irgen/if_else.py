# RUN: pycomp-opt %s --function f | filecheck %s

# if/else: the condition goes through nb.truth; the variable assigned in both
# arms becomes one block argument of the merge block (its two "versions"),
# and values that are the same on every path (x) are not passed at all.


def f(x, y):
    if x > y:
        z = x - y
    else:
        z = y - x
    w = z * 2
    return w + x


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<?>, %[[Y:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %[[CMP:.*]] = nb.binop ">" %[[X]], %[[Y]]
# CHECK-NEXT:    %[[COND:.*]] = nb.truth %[[CMP]] : (!nb.type<?>) -> !nb.type<bool>
# CHECK-NEXT:    nb.cond_br %[[COND]] : !nb.type<bool>, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]{{$}}
# CHECK-NEXT:  ^[[ELSE]]:
# CHECK-NEXT:    %[[YX:.*]] = nb.binop "-" %[[Y]], %[[X]]
# CHECK-NEXT:    nb.br ^[[MERGE:bb[0-9]+]](%[[YX]] : !nb.type<?>)
# CHECK-NEXT:  ^[[THEN]]:
# CHECK-NEXT:    %[[XY:.*]] = nb.binop "-" %[[X]], %[[Y]]
# CHECK-NEXT:    nb.br ^[[MERGE]](%[[XY]] : !nb.type<?>)
# CHECK-NEXT:  ^[[MERGE]](%[[Z:[^:]+]]: !nb.type<?>):
# CHECK-NEXT:    %[[TWO:.*]] = nb.const <2>
# CHECK-NEXT:    %[[W:.*]] = nb.binop "*" %[[Z]], %[[TWO]]
# CHECK-NEXT:    %[[R:.*]] = nb.binop "+" %[[W]], %[[X]]
# CHECK-NEXT:    nb.return %[[R]]
