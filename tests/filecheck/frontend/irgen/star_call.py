# RUN: pycomp-opt %s --function calls | filecheck %s
# RUN: pycomp-opt %s --function calls | pycomp-opt | filecheck %s
# RUN: pycomp-opt %s --function method | filecheck %s --check-prefix=METHOD
# RUN: not pycomp-opt %s --function keywords 2>&1 | filecheck %s --check-prefix=KW

# A call with `*` (CALL_FUNCTION_EX) becomes one nb.call_star of the callee
# and the tuple of all positional arguments: the starred value itself for
# `f(*t)`; for `f(x, *t)`, `f(*t, x)` and `f(*t1, *t2)` the tuple CPython
# builds (a list display turned into a tuple: nb.build_tuple and tuple
# concatenation); a starred list display `f(*[x, 1])` is that tuple too.
# nb-type-infer expands it into an nb.unpack and an nb.call
# (tests/filecheck/transforms/nb-type-infer/star_call.py). A keyword next
# to `*t` is refused at its line.


def calls(x, t, u):
    return max(*t), max(x, *t), max(*t, x), max(*t, *u), max(*[x, 1])


def method(a, t):
    return a.sum(*t)


def keywords(t):
    return max(*t, key=None)


# CHECK-LABEL: nb.func @calls(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<?>, %[[T:[^:]+]]: !nb.type<?>, %[[U:[^:]+]]: !nb.type<?>)
# CHECK:         %[[MAX0:.*]] = nb.global "max" = <max> : !nb.type<?>
# CHECK-NEXT:    %[[R0:.*]] = nb.call_star %[[MAX0]](* %[[T]]) : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK:         %[[HEAD:.*]] = nb.build_tuple(%[[X]]) : (!nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[ARGS1:.*]] = nb.binop "+" %[[HEAD]], %[[T]]
# CHECK-NEXT:    %[[R1:.*]] = nb.call_star %{{.*}}(* %[[ARGS1]])
# CHECK:         %[[TAIL:.*]] = nb.build_tuple(%[[X]]) : (!nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[ARGS2:.*]] = nb.binop "+" %[[T]], %[[TAIL]]
# CHECK-NEXT:    %[[R2:.*]] = nb.call_star %{{.*}}(* %[[ARGS2]])
# CHECK:         %[[ARGS3:.*]] = nb.binop "+" %[[T]], %[[U]]
# CHECK-NEXT:    %[[R3:.*]] = nb.call_star %{{.*}}(* %[[ARGS3]])
# CHECK:         %[[ONE:.*]] = nb.const <1> : !nb.type<?>
# CHECK-NEXT:    %[[ARGS4:.*]] = nb.build_tuple(%[[X]], %[[ONE]])
# CHECK-NEXT:    %[[R4:.*]] = nb.call_star %{{.*}}(* %[[ARGS4]])
# CHECK-NEXT:    nb.build_tuple(%[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]])

# METHOD-LABEL: nb.func @method(
# METHOD-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[T:[^:]+]]: !nb.type<?>)
# METHOD:         %[[SUM:.*]] = nb.getattr %[[A]], "sum" : (!nb.type<?>) -> !nb.type<?>
# METHOD-NEXT:    %{{.*}} = nb.call_star %[[SUM]](* %[[T]]) : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>

# KW: UnsupportedError: calls with keywords next to *args are not supported yet
# KW: line 25
