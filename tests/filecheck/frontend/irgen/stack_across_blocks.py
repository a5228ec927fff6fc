# RUN: pycomp-opt %s --function call_arg | filecheck %s --check-prefix=CALL
# RUN: pycomp-opt %s --function keyword_arg | filecheck %s --check-prefix=KW
# RUN: pycomp-opt %s --function method_arg | filecheck %s --check-prefix=METHOD
# RUN: pycomp-opt %s --function chain_arg | filecheck %s --check-prefix=CHAIN
# RUN: pycomp-opt %s --function star_tuple | filecheck %s --check-prefix=STAR
# RUN: pycomp-opt %s --function in_loop | filecheck %s --check-prefix=LOOP

# Values that are on the stack when control splits inside an expression
# (a conditional expression, `and`/`or`, a comparison chain) are carried to
# the merge block as block arguments, like the versions of a variable. The
# call being set up around them (callee, NULL or self slot, keyword names)
# and a tuple display being built with `*` are compile-time state of the
# stack: they never appear as block arguments; the callee and the items
# that are the same on every path are used directly in the merge block.
# Each function ends in more than a bare `return`, so no CPython version
# duplicates the merge block into both paths.


def call_arg(x, y):
    r = abs(x if x > 0 else -y)
    return r + 1


# CALL-LABEL: nb.func @call_arg(
# CALL-SAME:      %[[X:[^:]+]]: !nb.type<?>, %[[Y:[^:]+]]: !nb.type<?>)
# CALL-NEXT:    %[[ABS:.*]] = nb.global "abs" = <abs>
# CALL-NEXT:    %[[ZERO:.*]] = nb.const <0>
# CALL-NEXT:    %[[CMP:.*]] = nb.binop ">" %[[X]], %[[ZERO]]
# CALL-NEXT:    %[[COND:.*]] = nb.truth %[[CMP]]
# CALL-NEXT:    nb.cond_br %[[COND]] : !nb.type<bool>, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]{{$}}
# CALL-NEXT:  ^[[ELSE]]:
# CALL-NEXT:    %[[NEG:.*]] = nb.unary "-" %[[Y]]
# CALL-NEXT:    nb.br ^[[MERGE:bb[0-9]+]](%[[NEG]] : !nb.type<?>)
# CALL-NEXT:  ^[[THEN]]:
# CALL-NEXT:    nb.br ^[[MERGE]](%[[X]] : !nb.type<?>)
# CALL-NEXT:  ^[[MERGE]](%[[ARG:[^:]+]]: !nb.type<?>):
# CALL-NEXT:    %[[R:.*]] = nb.call %[[ABS]](%[[ARG]]) kwnames []
# CALL-NEXT:    %[[ONE:.*]] = nb.const <1>
# CALL-NEXT:    nb.binop "+" %[[R]], %[[ONE]]


def h(a, k):
    return a + k


def keyword_arg(a, b, c):
    r = h(a, k=b or c)
    return r + 1


# `b or c`: b flows to the merge directly from the test, c from the other
# path; the keyword names are attached to the call after the merge.
# KW-LABEL: nb.func @keyword_arg(
# KW-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>, %[[C:[^:]+]]: !nb.type<?>)
# KW-NEXT:    %[[H:.*]] = nb.global "h"
# KW-NEXT:    %[[T:.*]] = nb.truth %[[B]]
# KW-NEXT:    nb.cond_br %[[T]] : !nb.type<bool>, ^[[MERGE:bb[0-9]+]](%[[B]] : !nb.type<?>), ^[[ELSE:bb[0-9]+]]{{$}}
# KW-NEXT:  ^[[ELSE]]:
# KW-NEXT:    nb.br ^[[MERGE]](%[[C]] : !nb.type<?>)
# KW-NEXT:  ^[[MERGE]](%[[K:[^:]+]]: !nb.type<?>):
# KW:         nb.call %[[H]](%[[A]], %[[K]]) kwnames ["k"]


def method_arg(x, a, b, c):
    r = x.foo(a, b if c else a)
    return r + 1


# A method of a value: the bound method is looked up before the split and
# called after the merge with the merged argument.
# METHOD-LABEL: nb.func @method_arg(
# METHOD-SAME:      %[[X:[^:]+]]: !nb.type<?>, %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>, %[[C:[^:]+]]: !nb.type<?>)
# METHOD-NEXT:    %[[FOO:.*]] = nb.getattr %[[X]], "foo"
# METHOD-NEXT:    %[[T:.*]] = nb.truth %[[C]]
# METHOD-NEXT:    nb.cond_br %[[T]] : !nb.type<bool>, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]{{$}}
# METHOD-NEXT:  ^[[ELSE]]:
# METHOD-NEXT:    nb.br ^[[MERGE:bb[0-9]+]](%[[A]] : !nb.type<?>)
# METHOD-NEXT:  ^[[THEN]]:
# METHOD-NEXT:    nb.br ^[[MERGE]](%[[B]] : !nb.type<?>)
# METHOD-NEXT:  ^[[MERGE]](%[[V:[^:]+]]: !nb.type<?>):
# METHOD-NEXT:    nb.call %[[FOO]](%[[A]], %[[V]]) kwnames []


def chain_arg(a, b, c):
    r = h(a, a < b < c)
    if r > 2:
        r = r - 1
    return r


# `a < b < c` as an argument: the first comparison's result is the value
# when it is false, the second comparison's otherwise.
# CHAIN-LABEL: nb.func @chain_arg(
# CHAIN-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>, %[[C:[^:]+]]: !nb.type<?>)
# CHAIN-NEXT:    %[[H:.*]] = nb.global "h"
# CHAIN-NEXT:    %[[AB:.*]] = nb.binop "<" %[[A]], %[[B]]
# CHAIN-NEXT:    %[[T:.*]] = nb.truth %[[AB]]
# CHAIN-NEXT:    nb.cond_br %[[T]] : !nb.type<bool>, ^[[SECOND:bb[0-9]+]], ^[[FALSE:bb[0-9]+]]{{$}}
# CHAIN-NEXT:  ^[[FALSE]]:
# CHAIN-NEXT:    nb.br ^[[MERGE:bb[0-9]+]](%[[AB]] : !nb.type<?>)
# CHAIN-NEXT:  ^[[SECOND]]:
# CHAIN-NEXT:    %[[BC:.*]] = nb.binop "<" %[[B]], %[[C]]
# CHAIN-NEXT:    nb.br ^[[MERGE]](%[[BC]] : !nb.type<?>)
# CHAIN-NEXT:  ^[[MERGE]](%[[V:[^:]+]]: !nb.type<?>):
# CHAIN-NEXT:    %[[R:.*]] = nb.call %[[H]](%[[A]], %[[V]]) kwnames []
# CHAIN:         nb.binop ">" %[[R]]


def star_tuple(a, b, c):
    r = (a, *(b if c else (5, 6)), a)
    return r + r


# `*` of a non-constant value: the display is the concatenation of the
# items before it, the value and the items after it.
# STAR-LABEL: nb.func @star_tuple(
# STAR-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>, %[[C:[^:]+]]: !nb.type<?>)
# STAR-NEXT:    %[[T:.*]] = nb.truth %[[C]]
# STAR-NEXT:    nb.cond_br %[[T]] : !nb.type<bool>, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]{{$}}
# STAR-NEXT:  ^[[ELSE]]:
# STAR-NEXT:    %[[K:.*]] = nb.const <(5, 6)>
# STAR-NEXT:    nb.br ^[[MERGE:bb[0-9]+]](%[[K]] : !nb.type<?>)
# STAR-NEXT:  ^[[THEN]]:
# STAR-NEXT:    nb.br ^[[MERGE]](%[[B]] : !nb.type<?>)
# STAR-NEXT:  ^[[MERGE]](%[[V:[^:]+]]: !nb.type<?>):
# STAR-NEXT:    %[[HEAD:.*]] = nb.build_tuple(%[[A]])
# STAR-NEXT:    %[[TAIL:.*]] = nb.build_tuple(%[[A]])
# STAR-NEXT:    %[[HV:.*]] = nb.binop "+" %[[HEAD]], %[[V]]
# STAR-NEXT:    nb.binop "+" %[[HV]], %[[TAIL]]


def in_loop(n, k):
    s = 0
    for i in range(n):
        s += abs(i - k if i > k else k - i)
    return s


# Inside a loop the iterator stays on the stack across every block; only
# the loop variable's versions and the call argument are block arguments.
# LOOP-LABEL: nb.func @in_loop(
# LOOP:         %[[IT:.*]] = nb.getiter
# LOOP-NEXT:    nb.br ^[[HEAD:bb[0-9]+]](%{{.*}} : !nb.type<?>)
# LOOP-NEXT:  ^[[HEAD]](%[[S:[^:]+]]: !nb.type<?>):
# LOOP-NEXT:    %[[I:[^,]+]], %[[VALID:.*]] = nb.iternext %[[IT]]
# LOOP:         %[[ABS:.*]] = nb.global "abs"
# LOOP:       ^[[MERGE:bb[0-9]+]](%[[D:[^:]+]]: !nb.type<?>):
# LOOP-NEXT:    %[[AD:.*]] = nb.call %[[ABS]](%[[D]]) kwnames []
# LOOP-NEXT:    %[[S2:.*]] = nb.inplace_binop "+" %[[S]], %[[AD]]
# LOOP-NEXT:    nb.br ^[[HEAD]](%[[S2]] : !nb.type<?>)
