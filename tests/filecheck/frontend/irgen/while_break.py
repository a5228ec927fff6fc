# RUN: pycomp-opt %s --function f | filecheck %s

# while with break. The loop test is compiled twice (before the loop and at
# the bottom of the body); the loop variable enters the header block as a
# block argument and every back edge passes its next version. CPython 3.11
# routes the break through a merge block, 3.12+ duplicates the return into
# it: the checks accept both.


def f(n):
    i = 0
    while i < n:
        if i * i > n:
            break
        i += 1
    return i


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[N:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %[[ZERO:.*]] = nb.const <0>
# CHECK-NEXT:    %[[C0:.*]] = nb.binop "<" %[[ZERO]], %[[N]]
# CHECK-NEXT:    %[[T0:.*]] = nb.truth %[[C0]]
# CHECK-NEXT:    nb.cond_br %[[T0]] : !nb.type<bool>, ^[[HEAD:bb[0-9]+]](%[[ZERO]] : !nb.type<?>), ^{{bb[0-9]+}}(%[[ZERO]] : !nb.type<?>)
# CHECK-NEXT:  ^[[HEAD]](%[[I:[^:]+]]: !nb.type<?>):
# CHECK-NEXT:    %[[SQ:.*]] = nb.binop "*" %[[I]], %[[I]]
# CHECK-NEXT:    %[[C1:.*]] = nb.binop ">" %[[SQ]], %[[N]]
# CHECK-NEXT:    %[[T1:.*]] = nb.truth %[[C1]]
# CHECK-NEXT:    nb.cond_br %[[T1]] : !nb.type<bool>, ^[[BREAK:bb[0-9]+]], ^[[INC:bb[0-9]+]]{{$}}
# CHECK-NEXT:  ^[[INC]]:
# CHECK-NEXT:    %[[ONE:.*]] = nb.const <1>
# CHECK-NEXT:    %[[NEXT:.*]] = nb.inplace_binop "+" %[[I]], %[[ONE]]
# CHECK-NEXT:    %[[C2:.*]] = nb.binop "<" %[[NEXT]], %[[N]]
# CHECK-NEXT:    %[[T2:.*]] = nb.truth %[[C2]]
# CHECK-NEXT:    nb.cond_br %[[T2]] : !nb.type<bool>,
# the back edge, direct (3.11) or through a forwarding block (3.12+)
# CHECK:         ^[[HEAD]](%[[NEXT]] : !nb.type<?>)
# the break leaves with the header's version of i
# CHECK:       ^[[BREAK]]:
# CHECK-NEXT:    {{nb.return |nb.br \^bb[0-9]+\(}}%[[I]] : !nb.type<?>
