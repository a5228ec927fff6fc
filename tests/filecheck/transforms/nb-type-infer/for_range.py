# RUN: pycomp-opt %s --function widen --signature "(int64)" -p nb-simplify-cfg,nb-lift-range-loops,nb-dce,nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function defined_in_loop --signature "(int64)" -p nb-simplify-cfg,nb-lift-range-loops,nb-dce,nb-type-infer | filecheck %s --check-prefix=UNDEF
# RUN: pycomp-opt %s --function narrow_bounds --signature "(int32, uint8)" -p nb-simplify-cfg,nb-lift-range-loops,nb-dce,nb-type-infer | filecheck %s --check-prefix=BOUNDS
# RUN: not pycomp-opt %s --function float_bound --signature "(float64)" -p nb-simplify-cfg,nb-lift-range-loops,nb-dce,nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR

# Type inference types inside bodies. A carried value is the unification of
# its initial value and every yielded value: s starts as an int64 and is
# yielded a float64, so it is a float64 throughout; the initial 0 is cast
# at the op, the yielded values where they are yielded.

# CHECK-LABEL: nb.func @widen(
# CHECK-SAME:      -> !nb.type<float64>
# CHECK:         %[[INIT:.*]] = nb.cast %{{.*}} : (!nb.type<int64>) -> !nb.type<float64>
# CHECK:         %[[R:.*]] = nb.for_range %{{.*}} iter_args(%[[INIT]] : !nb.type<float64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<float64> {
# CHECK-NEXT:    ^{{.*}}(%[[I:[^:]+]]: !nb.type<int64>, %[[S:[^:]+]]: !nb.type<float64>):
# CHECK:           %[[H:.*]] = nb.binop "*" %{{.*}}, %{{.*}} : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# CHECK:           nb.yield %{{.*}} : !nb.type<float64>
# CHECK:         nb.return %[[R]] : !nb.type<float64>
def widen(n):
    s = 0
    for i in range(n):
        s = s + i * 0.5
    return s


# A variable first assigned in the loop starts undefined (nb.undef): it
# takes the type of what the body yields for it.
# UNDEF-LABEL: nb.func @defined_in_loop(
# UNDEF-SAME:      -> !nb.type<int64>
# UNDEF:         %[[U:.*]] = nb.undef "last" : !nb.type<int64>
# UNDEF:         nb.for_range %{{.*}} iter_args(%[[U]] : !nb.type<int64>)
def defined_in_loop(n):
    for i in range(n):
        last = i * 2
    return last


# The bounds are typed as range()'s arguments: cast to int64, and so is
# the induction variable.
# BOUNDS-LABEL: nb.func @narrow_bounds(
# BOUNDS:         %[[A:.*]] = nb.cast %{{.*}} : (!nb.type<int32>) -> !nb.type<int64>
# BOUNDS:         %[[B:.*]] = nb.cast %{{.*}} : (!nb.type<uint8>) -> !nb.type<int64>
# BOUNDS:         nb.for_range %[[A]], %[[B]], %{{.*}} iter_args(
# BOUNDS-NEXT:    ^{{.*}}(%{{[^:]+}}: !nb.type<int64>,
def narrow_bounds(a, b):
    s = 0
    for i in range(a, b):
        s += i
    return s


# A bound range() does not take is range()'s TypingError, at the loop's line.
# ERR:      TypingError: no implementation of range() for these argument types
# ERR-NEXT:   File "{{.*}}for_range.py", line [[# @LINE + 6]]
# ERR-NEXT:     for i in range(x):
# ERR:        argument types: (float64)
# ERR-NOT:  Traceback
def float_bound(x):
    s = 0
    for i in range(x):
        s += i
    return s
