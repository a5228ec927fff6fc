# RUN: pycomp-opt %s --function total -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s
# RUN: pycomp-opt %s --function skip_negatives -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s --check-prefix=CONT
# RUN: pycomp-opt %s --function nested -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s --check-prefix=NEST
# RUN: pycomp-opt %s --function bounds -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s --check-prefix=BOUNDS
# RUN: pycomp-opt %s --function last_index -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s --check-prefix=LAST
# RUN: pycomp-opt %s --function find -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s --check-prefix=BREAK
# RUN: pycomp-opt %s --function early_return -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s --check-prefix=RET
# RUN: pycomp-opt %s --function over_tuple -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s --check-prefix=TUPLE
# RUN: pycomp-opt %s --function parallel -p nb-simplify-cfg,nb-lift-range-loops,nb-dce | filecheck %s --check-prefix=PRANGE

# A range loop becomes one nb.for_range: the header's block argument (s)
# is carried (iter_args, a body argument, yielded at the back edge, the op's
# result after the loop); range(n) is start 0, stop n, step 1; the range
# call, its iterator and nb.iternext are gone.

from pycomp import prange


# CHECK-LABEL: nb.func @total(
# CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[N:[^:]+]]: !nb.type<?>)
# CHECK:         %[[S0:.*]] = nb.const <0.0>
# CHECK:         %[[ZERO:.*]] = nb.const <0>
# CHECK-NEXT:    %[[ONE:.*]] = nb.const <1>
# CHECK-NEXT:    %[[R:.*]] = nb.for_range %[[ZERO]], %[[N]], %[[ONE]] iter_args(%[[S0]] : !nb.type<?>)
# CHECK-NEXT:    ^{{.*}}(%[[I:[^:]+]]: !nb.type<?>, %[[S:[^:]+]]: !nb.type<?>):
# CHECK-NEXT:      %[[X:.*]] = nb.getitem %[[A]][%[[I]]]
# CHECK-NEXT:      %[[T:.*]] = nb.inplace_binop "+" %[[S]], %[[X]]
# CHECK-NEXT:      nb.yield %[[T]] : !nb.type<?>
# CHECK-NEXT:    }
# CHECK-NEXT:    nb.return %[[R]] : !nb.type<?>
# CHECK-NOT:     nb.iternext
def total(a, n):
    s = 0.0
    for i in range(n):
        s += a[i]
    return s


# `continue` is a second back edge: a conditional one gets a block of its
# own that yields.
# CONT-LABEL: nb.func @skip_negatives(
# CONT:         nb.for_range
# CONT:           nb.cond_br %{{.*}} : !nb.type<bool>, ^[[SKIP:.*]], ^[[ADD:[^ ]*]]
# CONT-NEXT:    ^[[ADD]]:
# CONT:           nb.yield %{{.*}} : !nb.type<?>
# CONT-NEXT:    ^[[SKIP]]:
# CONT-NEXT:      nb.yield %{{.*}} : !nb.type<?>
# CONT-NEXT:    }
def skip_negatives(a, n):
    s = 0.0
    for i in range(n):
        if a[i] < 0.0:
            continue
        s += a[i]
    return s


# A nest becomes nested ops (the inner loop is lifted first); the inner
# loop's induction variable and the outer one's are both visible inside.
# NEST-LABEL: nb.func @nested(
# NEST:         nb.for_range %{{.*}} iter_args(
# NEST-NEXT:    ^{{.*}}(%[[I:[^:]+]]: !nb.type<?>, %{{[^:]+}}: !nb.type<?>):
# NEST:           %[[IN:.*]] = nb.for_range %{{.*}} iter_args(
# NEST-NEXT:      ^{{.*}}(%[[J:[^:]+]]: !nb.type<?>, %{{[^:]+}}: !nb.type<?>):
# NEST:             nb.binop "*" %[[I]], %[[J]]
# NEST:             nb.yield
# NEST-NEXT:      }
# NEST-NEXT:      nb.yield %[[IN]] : !nb.type<?>
# NEST-NEXT:    }
def nested(n, m):
    s = 0
    for i in range(n):
        for j in range(m):
            s += i * j
    return s


# range(a, b) and range(a, b, c) give their own start and step.
# BOUNDS-LABEL: nb.func @bounds(
# BOUNDS-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>, %[[C:[^:]+]]: !nb.type<?>)
# BOUNDS:         %[[ONE:.*]] = nb.const <1>
# BOUNDS-NEXT:    %[[R1:.*]] = nb.for_range %[[A]], %[[B]], %[[ONE]] iter_args(
# BOUNDS:         nb.for_range %[[B]], %[[A]], %[[C]] iter_args(%[[R1]] : !nb.type<?>)
def bounds(a, b, c):
    s = 0
    for i in range(a, b):
        s += i
    for i in range(b, a, c):
        s -= i
    return s


# The loop variable read after the loop is a carried value (its last
# value; the initial one if the loop never runs): the body yields the
# induction variable for it.
# LAST-LABEL: nb.func @last_index(
# LAST:         %[[R:.*]] = nb.for_range %{{.*}} iter_args(%{{.*}} : !nb.type<?>)
# LAST-NEXT:    ^{{.*}}(%[[I:[^:]+]]: !nb.type<?>, %{{[^:]+}}: !nb.type<?>):
# LAST-NEXT:      nb.yield %[[I]] : !nb.type<?>
# LAST:         nb.return %[[R]]
def last_index(n):
    i = -1
    for i in range(n):
        pass
    return i


# A loop left by `break` (or `return`) keeps its CFG form.
# BREAK-LABEL: nb.func @find(
# BREAK-NOT:     nb.for_range
# BREAK:         nb.iternext
def find(a, n, x):
    k = -1
    for i in range(n):
        if a[i] == x:
            k = i
            break
    return k


# RET-LABEL: nb.func @early_return(
# RET-NOT:     nb.for_range
# RET:         nb.iternext
def early_return(a, n):
    for i in range(n):
        if a[i] < 0:
            return i
    return -1


# Only range loops: a loop over a tuple keeps its iterator.
# TUPLE-LABEL: nb.func @over_tuple(
# TUPLE-NOT:     nb.for_range
# TUPLE:         nb.iternext
def over_tuple(t):
    s = 0
    for x in t:
        s += x
    return s


# prange is a range (serial until parallel=True).
# PRANGE-LABEL: nb.func @parallel(
# PRANGE:         nb.for_range
# PRANGE-NOT:     nb.iternext
def parallel(a, n):
    s = 0.0
    for i in prange(n):
        s += a[i]
    return s
