# RUN: pycomp-opt %s --function f | filecheck %s
# RUN: pycomp-opt %s --function f | pycomp-opt | filecheck %s
# RUN: pycomp-opt %s --function g | filecheck %s --check-prefix=VAR

# A slice with constant bounds is one nb.const holding the slice (BUILD_SLICE
# on 3.11, BINARY_SLICE on 3.12+ give the same IR), indexed by nb.getitem;
# it prints and parses back. A slice with a computed bound is a call of the
# builtin slice() on its parts, None for a part left out.


def f(t):
    return t[1:], t[::2], t[:-1]


def g(t, i):
    return t[i:]


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[T:[^:]+]]: !nb.type<?>)
# CHECK:         %[[S1:.*]] = nb.const <slice(1, None, None)> : !nb.type<?>
# CHECK-NEXT:    %[[A:.*]] = nb.getitem %[[T]][%[[S1]]]
# CHECK:         %[[S2:.*]] = nb.const <slice(None, None, 2)> : !nb.type<?>
# CHECK-NEXT:    %[[B:.*]] = nb.getitem %[[T]][%[[S2]]]
# CHECK:         %[[S3:.*]] = nb.const <slice(None, -1, None)> : !nb.type<?>
# CHECK-NEXT:    %[[C:.*]] = nb.getitem %[[T]][%[[S3]]]
# CHECK-NEXT:    %[[R:.*]] = nb.build_tuple(%[[A]], %[[B]], %[[C]])
# CHECK-NEXT:    nb.return %[[R]]

# VAR-LABEL: nb.func @g(
# VAR-SAME:      %[[T:[^:]+]]: !nb.type<?>, %[[I:[^:]+]]: !nb.type<?>)
# VAR:           %[[NONE:.*]] = nb.const <None>
# VAR:           %[[SLICE:.*]] = nb.global "slice" = <slice>
# VAR-NEXT:      %[[S:.*]] = nb.call %[[SLICE]](%[[I]], %[[NONE]])
# VAR-NEXT:      %[[R:.*]] = nb.getitem %[[T]][%[[S]]]
# VAR-NEXT:      nb.return %[[R]]
