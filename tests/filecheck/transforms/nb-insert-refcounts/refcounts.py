# RUN: pycomp-opt %s --function handed_over --signature "(int64)" -p nb-simplify-cfg,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=HAND
# RUN: pycomp-opt %s --function last_use --signature "(int64)" -p nb-simplify-cfg,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=LAST
# RUN: pycomp-opt %s --function unused --signature "(int64)" -p nb-simplify-cfg,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=UNUSED
# RUN: pycomp-opt %s --function one_edge --signature "(int64, bool)" -p nb-simplify-cfg,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=EDGE
# RUN: pycomp-opt %s --function merge --signature "(int64, bool)" -p nb-simplify-cfg,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=MERGE
# RUN: pycomp-opt %s --function view --signature "(int64)" -p nb-simplify-cfg,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=VIEW
# RUN: pycomp-opt %s --function tuple_of_one --signature "(int64)" -p nb-simplify-cfg,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=TUPLE
# RUN: pycomp-opt %s --function in_body --signature "(int64)" -p nb-simplify-cfg,nb-lift-range-loops,nb-dce,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=BODY
# RUN: pycomp-opt %s --function carried --signature "(int64)" -p nb-simplify-cfg,nb-lift-range-loops,nb-dce,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=CARRIED
# RUN: pycomp-opt %s --function argument --signature "(array(float64, 1d, C), bool)" -p nb-simplify-cfg,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=ARG
# RUN: pycomp-opt %s --function kernel --signature "(array(float64, 2d, C))" -p nb-simplify-cfg,nb-lift-range-loops,nb-dce,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=KERNEL
# RUN: pycomp-opt %s --function slice_and_mask --signature "(array(float64, 1d, C), array(bool, 1d, C))" -p nb-static-getitem,nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=MASK

# nb-insert-refcounts: one behaviour per function.

import numpy as np


# A value handed over where it dies: the incref and the decref cancel.
# HAND-LABEL: nb.func @handed_over(
# HAND-NOT:     nb.incref
# HAND-NOT:     nb.decref
# HAND:         nb.return
def handed_over(n):
    return np.zeros(n)


# Released right after its last use, before the return.
# LAST-LABEL: nb.func @last_use(
# LAST:         %[[A:.*]] = nb.call {{.*}} -> !nb.type<array(float64, 1d, C)>
# LAST:         nb.setitem %[[A]]
# LAST-NEXT:    %{{.*}} = nb.const
# LAST-NEXT:    %[[X:.*]] = nb.getitem %[[A]]
# LAST-NEXT:    nb.decref %[[A]] : !nb.type<array(float64, 1d, C)>
# LAST-NEXT:    nb.return %[[X]]
def last_use(n):
    a = np.zeros(n)
    a[0] = 1.0
    return a[1]


# A result nobody uses is released where it is made.
# UNUSED-LABEL: nb.func @unused(
# UNUSED:         %[[A:.*]] = nb.call
# UNUSED-NEXT:    nb.decref %[[A]]
def unused(n):
    np.zeros(n)
    return n


# Dead on one edge of a conditional branch only: released in a block of
# its own on that edge; on the other, after its last use.
# EDGE-LABEL: nb.func @one_edge(
# EDGE:         %[[A:.*]] = nb.call
# EDGE:         nb.cond_br %{{.*}} : !nb.type<bool>, ^[[THEN:.*]], ^[[EDGE:[^ ]*]]
# EDGE:       ^[[EDGE]]:
# EDGE-NEXT:    nb.decref %[[A]]
# EDGE-NEXT:    nb.br
# EDGE:       ^[[THEN]]:
# EDGE-NEXT:    %{{.*}} = nb.const
# EDGE-NEXT:    %{{.*}} = nb.getitem %[[A]]
# EDGE-NEXT:    nb.decref %[[A]]
def one_edge(n, c):
    a = np.ones(n)
    if c:
        return a[0]
    return 2.0


# Arrays made on two paths and merged: each is handed over where it dies,
# to the merge's block argument (CPython 3.11) or to the caller (3.12 and
# 3.13 copy the return into both branches): nothing to do either way.
# MERGE-LABEL: nb.func @merge(
# MERGE-NOT:     nb.incref
# MERGE-NOT:     nb.decref
# MERGE:         nb.return %{{.*}} : !nb.type<array(float64, 1d, C)>
def merge(n, c):
    if c:
        a = np.zeros(n)
    else:
        a = np.ones(n)
    return a


# A view borrows from its array: no reference of its own; the array lives
# until the view's last use.
# VIEW-LABEL: nb.func @view(
# VIEW:         %[[A:.*]] = nb.call {{.*}} -> !nb.type<array(float64, 2d, C)>
# VIEW-NOT:     nb.incref
# VIEW:         %[[R:.*]] = nb.getitem %[[A]]{{.*}} -> !nb.type<array(float64, 1d, C)>
# VIEW-NOT:     nb.decref
# VIEW:         %[[X:.*]] = nb.getitem %[[R]]
# VIEW-NEXT:    nb.decref %[[A]] : !nb.type<array(float64, 2d, C)>
# VIEW-NEXT:    nb.return %[[X]]
def view(n):
    a = np.ones((n, 3))
    r = a[1]
    return r[2]


# A tuple borrows its members: returning it hands over a reference of its
# own (incref of the tuple) before the member it borrows from is released.
# TUPLE-LABEL: nb.func @tuple_of_one(
# TUPLE:         %[[A:.*]] = nb.call
# TUPLE:         %[[T:.*]] = nb.build_tuple(%{{.*}}, %[[A]])
# TUPLE-NEXT:    nb.incref %[[T]]
# TUPLE-NEXT:    nb.decref %[[A]]
# TUPLE-NEXT:    nb.return %[[T]]
def tuple_of_one(n):
    a = np.ones(n)
    return 1.0, a


# Made and released inside a loop body: the body is its own region.
# BODY-LABEL: nb.func @in_body(
# BODY:         nb.for_range
# BODY:           %[[A:.*]] = nb.call
# BODY:           nb.getitem %[[A]]
# BODY-NEXT:      nb.decref %[[A]]
# BODY:           nb.yield
def in_body(n):
    s = 0.0
    for i in range(n):
        a = np.full(3, i)
        s += a[1]
    return s


# A carried array: the init is handed over to the loop (incref before the
# op, released after it); the body releases the old value where it dies and
# hands each yielded value over.
# CARRIED-LABEL: nb.func @carried(
# CARRIED:         %[[A0:.*]] = nb.call
# CARRIED:         nb.incref %[[A0]]
# CARRIED-NEXT:    %[[R:.*]] = nb.for_range {{.*}} iter_args(%[[A0]] : !nb.type<array(float64, 1d, C)>)
# CARRIED:         nb.yield
# CARRIED:         nb.decref %[[A0]]
# CARRIED:         nb.return %[[R]]
def carried(n):
    a = np.zeros(2)
    for i in range(n):
        if i % 2:
            a = np.ones(2)
    return a


# An argument is borrowed for the whole call: never released; handed over
# (to a block argument on 3.11, to the caller on 3.12 and 3.13) it gets a
# reference of its own.
# ARG-LABEL: nb.func @argument(
# ARG-SAME:    %[[A:[^:]*]]: !nb.type<array(float64, 1d, C)>
# ARG-NOT:     nb.decref %[[A]]
# ARG:         nb.incref %[[A]] : !nb.type<array(float64, 1d, C)>
# ARG-NEXT:    nb.{{br|return}}
# ARG-NOT:     nb.decref %[[A]]
def argument(a, c):
    if c:
        b = a
    else:
        b = np.zeros(3)
    return b


# A kernel that only reads its argument (rows included) counts nothing.
# KERNEL-LABEL: nb.func @kernel(
# KERNEL-NOT:   nb.incref
# KERNEL-NOT:   nb.decref
# KERNEL:       nb.return
def kernel(a):
    s = 0.0
    for r in a:
        for x in r:
            s += x
    return s


# A slice borrows from the array it views (nothing to count); indexing with
# a boolean or integer array copies, so that result owns its array and is
# released after its last use.
# MASK-LABEL: nb.func @slice_and_mask(
# MASK:         %[[V:.*]] = nb.static_getitem %{{.*}}[<slice(1, None, None)>]
# MASK:         %[[C:.*]] = nb.getitem %{{.*}}[%{{.*}}] : (!nb.type<array(float64, 1d, C)>, !nb.type<array(bool, 1d, C)>)
# MASK-NOT:     nb.decref %[[V]]
# MASK:         nb.static_getitem %[[C]][<0>]
# MASK-NEXT:    nb.decref %[[C]]
# MASK-NOT:     nb.decref
# MASK:         nb.return
def slice_and_mask(a, m):
    v = a[1:]
    c = a[m]
    return v[0] + c[0]
