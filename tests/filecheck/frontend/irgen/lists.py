# RUN: pycomp-opt %s --function displays | filecheck %s
# RUN: pycomp-opt %s --function spread | filecheck %s --check-prefix=SPREAD
# RUN: pycomp-opt %s --function displays | pycomp-opt | filecheck %s

# A list display used as a value is an nb.build_list of its items (an empty
# one has none: its item type comes from its uses); a tuple display built
# through a list (`(*t, a)`) stays a tuple. The IR prints and parses back.


def displays(a, b):
    x = [a, b]
    y = []
    y.append(a)
    return x, y, (a, b)


# CHECK-LABEL: nb.func @displays(
# CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>)
# CHECK:         %[[X:.*]] = nb.build_list[%[[A]], %[[B]]] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[Y:.*]] = nb.build_list[] : () -> !nb.type<?>
# CHECK-NEXT:    %[[APPEND:.*]] = nb.getattr %[[Y]], "append"
# CHECK-NEXT:    nb.call %[[APPEND]](%[[A]])
# CHECK:         nb.build_tuple(%[[X]], %[[Y]], %{{.*}})


def spread(t, a):
    return [*t, a], (*t, a)


# A `*` part of a list display extends the list; in a tuple display it is
# a tuple concatenation, as before. (The list is built where it is first
# used as a value: here the returned tuple, after the tuple display.)
# SPREAD-LABEL: nb.func @spread(
# SPREAD:         nb.binop "+"
# SPREAD:         %[[L:.*]] = nb.build_list[] : () -> !nb.type<?>
# SPREAD-NEXT:    %[[EXT:.*]] = nb.getattr %[[L]], "extend"
# SPREAD-NEXT:    nb.call %[[EXT]](%{{.*}})
# SPREAD-NEXT:    %[[APP:.*]] = nb.getattr %[[L]], "append"
# SPREAD-NEXT:    nb.call %[[APP]](%{{.*}})
# SPREAD-NEXT:    nb.build_tuple(%[[L]], %{{.*}})
