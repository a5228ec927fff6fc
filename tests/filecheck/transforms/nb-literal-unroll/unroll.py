# RUN: pycomp-opt %s --function mixed -p nb-simplify-cfg,nb-literal-unroll,nb-dce | filecheck %s
# RUN: pycomp-opt %s --function stop_early --signature "(Tuple(int64, float64), float64)" -p nb-simplify-cfg,nb-literal-unroll,nb-dce | filecheck %s --check-prefix=BREAK
# RUN: pycomp-opt %s --function fields -p nb-simplify-cfg,nb-literal-unroll,nb-dce | filecheck %s --check-prefix=FIELDS
# RUN: pycomp-opt %s --function display -p nb-simplify-cfg,nb-literal-unroll,nb-dce | filecheck %s --check-prefix=DISPLAY
# RUN: pycomp-opt %s --function nothing -p nb-simplify-cfg,nb-literal-unroll,nb-dce | filecheck %s --check-prefix=EMPTY

# `for x in literal_unroll(t)` becomes one copy of the body per element of
# t: copy k reads x = t[k] (nb.static_getitem, so a constant element keeps
# its literal type) and carries the loop's values to copy k + 1; the
# iterator, nb.iternext and the call are gone.

from pycomp import literal_unroll


# CHECK-LABEL: nb.func @mixed(
# CHECK:         %[[S0:.*]] = nb.const <0>
# CHECK-NEXT:    %[[T:.*]] = nb.const <(1, 2.5, 3)>
# CHECK-NEXT:    %[[X0:.*]] = nb.static_getitem %[[T]][<0>]
# CHECK-NEXT:    %[[S1:.*]] = nb.inplace_binop "+" %[[S0]], %[[X0]]
# CHECK-NEXT:    %[[X1:.*]] = nb.static_getitem %[[T]][<1>]
# CHECK-NEXT:    %[[S2:.*]] = nb.inplace_binop "+" %[[S1]], %[[X1]]
# CHECK-NEXT:    %[[X2:.*]] = nb.static_getitem %[[T]][<2>]
# CHECK-NEXT:    %[[S3:.*]] = nb.inplace_binop "+" %[[S2]], %[[X2]]
# CHECK-NEXT:    nb.return %[[S3]]
# CHECK-NOT:     nb.iternext
def mixed():
    s = 0
    for x in literal_unroll((1, 2.5, 3)):
        s += x
    return s


# The length of a tuple argument comes from the signature. A `break` leaves
# each copy for the code after the loop (CPython 3.12+ copies that short
# exit into each copy, 3.11 joins them in one block with an argument; the
# checks hold for both): two copies, each indexing the tuple and testing.
# BREAK-LABEL: nb.func @stop_early(
# BREAK-SAME:      %[[T:[^:]+]]: !nb.type<Tuple(int64, float64)>
# BREAK-NOT:     nb.getiter
# BREAK:         nb.static_getitem %[[T]][<0>]
# BREAK:         nb.cond_br %{{.*}} : !nb.type<bool>, ^bb{{[0-9]+}}{{.*}}, ^bb{{[0-9]+}}
# BREAK:         nb.static_getitem %[[T]][<1>]
# BREAK:         nb.cond_br %{{.*}} : !nb.type<bool>, ^bb{{[0-9]+}}{{.*}}, ^bb{{[0-9]+}}
# BREAK-NOT:     nb.static_getitem
# BREAK-NOT:     nb.iternext
# BREAK:         nb.return
# BREAK-NOT:     nb.iternext
def stop_early(t, limit):
    s = 0.0
    for x in literal_unroll(t):
        if x > limit:
            break
        s += x
    return s


# A constant tuple of field names: each copy indexes the record with a
# static item of the constant (typed as a literal string).
# FIELDS-LABEL: nb.func @fields(
# FIELDS-SAME:      %[[R:[^:]+]]: !nb.type<?>)
# FIELDS:         %[[T:.*]] = nb.const <('a', 'b')>
# FIELDS-NEXT:    %[[A:.*]] = nb.static_getitem %[[T]][<0>]
# FIELDS-NEXT:    nb.getitem %[[R]][%[[A]]]
# FIELDS:         %[[B:.*]] = nb.static_getitem %[[T]][<1>]
# FIELDS-NEXT:    nb.getitem %[[R]][%[[B]]]
# FIELDS-NOT:     nb.iternext
def fields(rec):
    out = 0.0
    for f in literal_unroll(("a", "b")):
        out += rec[f]
    return out


# A tuple display (or a list display used only by literal_unroll) gives
# its items themselves: no tuple is built.
# DISPLAY-LABEL: nb.func @display(
# DISPLAY-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>)
# DISPLAY:         %[[K:.*]] = nb.const <'k'>
# DISPLAY-NOT:     nb.build_tuple
# DISPLAY:         nb.call %{{.*}}(%[[A]])
# DISPLAY:         nb.call %{{.*}}(%[[K]])
# DISPLAY:         nb.call %{{.*}}(%[[B]])
# DISPLAY-NOT:     nb.iternext
def display(a, b):
    n = 0
    for x in literal_unroll([a, "k", b]):
        n += len(x)
    return n


# An empty tuple: no copy; the loop's carried values go straight on.
# EMPTY-LABEL: nb.func @nothing(
# EMPTY:         %[[Z:.*]] = nb.const <0>
# EMPTY-NEXT:    nb.return %[[Z]]
def nothing():
    s = 0
    for x in literal_unroll(()):
        s += 1
    return s
