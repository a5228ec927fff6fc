# RUN: pycomp-opt %s --function f | filecheck %s

# Tuples: building one is nb.build_tuple, `x, y = p` is one nb.unpack with a
# result per target, in order.


def f(a, b):
    p = (a, b)
    x, y = p
    return y, x


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %[[P:.*]] = nb.build_tuple(%[[A]], %[[B]]) : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[X:[^,]+]], %[[Y:[^ ]+]] = nb.unpack %[[P]] : (!nb.type<?>) -> (!nb.type<?>, !nb.type<?>)
# CHECK-NEXT:    %[[R:.*]] = nb.build_tuple(%[[Y]], %[[X]])
# CHECK-NEXT:    nb.return %[[R]]
