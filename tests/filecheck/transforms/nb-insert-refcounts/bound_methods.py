# RUN: pycomp-opt %s --function copy_of_dying --signature "()" -p nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=BOUND
# RUN: pycomp-opt %s --function char --signature "(unicode_type)" -p nb-type-infer,nb-insert-refcounts | filecheck %s --check-prefix=CHAR

# nb-insert-refcounts: what a bound method and a string's item hold.


# A bound method borrows its receiver: the list lives until the method is
# called (it was released before the call, a use after free).
def copy_of_dying():
    order = [0, 1, 2]
    return order.copy()


# BOUND-LABEL: nb.func @copy_of_dying(
# BOUND:         %[[L:.*]] = nb.build_list
# BOUND-NEXT:    %[[M:.*]] = nb.getattr %[[L]], "copy"
# BOUND-NEXT:    %[[C:.*]] = nb.call %[[M]]()
# BOUND-NEXT:    nb.decref %[[L]] : !nb.type<list(int64)>
# BOUND-NEXT:    nb.return %[[C]]


# s[i] of a str is a new string (it owns its memory block): released after
# its last use; the argument itself is borrowed and never released.
def char(s):
    c = s[0]
    return len(c)


# CHAR-LABEL: nb.func @char(
# CHAR:         %[[C:.*]] = nb.getitem %0[%{{.*}}] : (!nb.type<unicode_type>, !nb.type<int64>) -> !nb.type<unicode_type>
# CHAR:         nb.call %{{.*}}(%[[C]])
# CHAR-NEXT:    nb.decref %[[C]] : !nb.type<unicode_type>
# CHAR-NOT:     nb.decref %0
