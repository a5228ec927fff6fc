# RUN: pycomp-opt %s --function f | filecheck %s
# RUN: pycomp-opt %s --function f | pycomp-opt | filecheck %s
# RUN: not pycomp-opt %s --function g 2>&1 | filecheck %s --check-prefix=ERR

# A slice with constant bounds is one nb.const holding the slice (BUILD_SLICE
# on 3.11, BINARY_SLICE on 3.12+ give the same IR), indexed by nb.getitem;
# it prints and parses back. Computed bounds are refused.


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

# ERR: slices with non-constant bounds are not supported yet
