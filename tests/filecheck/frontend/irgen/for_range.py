# RUN: pycomp-opt %s --function f | filecheck %s

# for i in range(n): the iterator protocol as nb.getiter / nb.iternext; the
# loop header takes the loop-carried variable (s) as a block argument, the
# body gets the item from iternext, the exit returns the header's version.


def f(n):
    s = 0.0
    for i in range(n):
        s += i
    return s


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[N:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %[[INIT:.*]] = nb.const <0.0> : !nb.type<?>
# CHECK-NEXT:    %[[RANGE:.*]] = nb.global "range" = <range> : !nb.type<?>
# CHECK-NEXT:    %[[R:.*]] = nb.call %[[RANGE]](%[[N]]) kwnames [] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[IT:.*]] = nb.getiter %[[R]]
# CHECK-NEXT:    nb.br ^[[HEAD:bb[0-9]+]](%[[INIT]] : !nb.type<?>)
# CHECK-NEXT:  ^[[HEAD]](%[[S:[^:]+]]: !nb.type<?>):
# CHECK-NEXT:    %[[I:[^,]+]], %[[VALID:[^ ]+]] = nb.iternext %[[IT]] : (!nb.type<?>) -> (!nb.type<?>, !nb.type<bool>)
# CHECK-NEXT:    nb.cond_br %[[VALID]] : !nb.type<bool>, ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]{{$}}
# CHECK-NEXT:  ^[[EXIT]]:
# CHECK-NEXT:    nb.return %[[S]]
# CHECK-NEXT:  ^[[BODY]]:
# CHECK-NEXT:    %[[NEXT:.*]] = nb.inplace_binop "+" %[[S]], %[[I]]
# CHECK-NEXT:    nb.br ^[[HEAD]](%[[NEXT]] : !nb.type<?>)
# CHECK-NEXT:  }
