# RUN: pycomp-opt %s --function views --signature "(array(float64, 2d, C), int64, int64)" -p nb-simplify-cfg,nb-static-getitem,nb-dce,nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function fortran --signature "(array(float64, 2d, F))" -p nb-static-getitem,nb-type-infer | filecheck %s --check-prefix=FORTRAN
# RUN: pycomp-opt %s --function advanced --signature "(array(int32, 2d, A), array(bool, 2d, C), array(int64, 1d, C))" -p nb-static-getitem,nb-type-infer | filecheck %s --check-prefix=ADV
# RUN: not pycomp-opt %s --function too_many --signature "(array(float64, 2d, C))" -p nb-static-getitem,nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR

# Basic indexing types as a view. A C array stays C when the index is
# integers, then at most one slice without a step, then whole dimensions
# (a[1:-1]); a slice with a step, a slice before an integer or an index
# after `...` make it A. A slice with a computed bound is a slice() call
# typed slice<a:b>; None and `...` are constants of their own types.

# CHECK-LABEL: nb.func @views(
# CHECK:         nb.static_getitem %{{.*}}[<slice(1, -1, None)>] : (!nb.type<array(float64, 2d, C)>) -> !nb.type<array(float64, 2d, C)>
# CHECK:         %[[S:.*]] = nb.call %{{.*}}(%{{.*}}, %{{.*}}) kwnames [] : (!nb.type<function(slice)>, !nb.type<int64>, !nb.type<int64>) -> !nb.type<slice<a:b>>
# CHECK:         %[[I:.*]] = nb.build_tuple(%[[S]], %{{.*}}) : (!nb.type<slice<a:b>>, !nb.type<int64>) -> !nb.type<Tuple(slice<a:b>, int64)>
# CHECK-NEXT:    nb.getitem %{{.*}}[%[[I]]] : (!nb.type<array(float64, 2d, C)>, !nb.type<Tuple(slice<a:b>, int64)>) -> !nb.type<array(float64, 1d, A)>
# CHECK:         nb.static_getitem %{{.*}}[<slice(None, None, 2)>] : (!nb.type<array(float64, 2d, C)>) -> !nb.type<array(float64, 2d, A)>
# CHECK:         %[[N:.*]] = nb.const <(None, Ellipsis, 1)> : !nb.type<Tuple(none, ellipsis, int64)>
# CHECK-NEXT:    nb.getitem %{{.*}}[%[[N]]] : (!nb.type<array(float64, 2d, C)>, !nb.type<Tuple(none, ellipsis, int64)>) -> !nb.type<array(float64, 2d, A)>
# CHECK:         nb.static_getitem %{{.*}}[<(0, 1)>] : (!nb.type<array(float64, 2d, C)>) -> !nb.type<float64>
def views(a, i, j):
    return a[1:-1], a[i:j, 0], a[::2], a[None, ..., 1], a[0, 1]


# F mirrors C: a column (slice then integer) stays F-contiguous, a row does not.
# FORTRAN-LABEL: nb.func @fortran(
# FORTRAN:         nb.getitem %{{.*}}[%{{.*}}] : (!nb.type<array(float64, 2d, F)>, !nb.type<Tuple(slice<a:b>, int64)>) -> !nb.type<array(float64, 1d, C)>
# FORTRAN:         nb.getitem %{{.*}}[%{{.*}}] : (!nb.type<array(float64, 2d, F)>, !nb.type<Tuple(int64, slice<a:b>)>) -> !nb.type<array(float64, 1d, A)>
def fortran(a):
    return a[:, 1], a[1, :]


# An index array copies: a boolean mask of the array's shape gives a 1-d
# array, a 1-d integer array the rows it picks, or, among basic items, the
# positions along the dimension it stands for; all C-contiguous.
# ADV-LABEL: nb.func @advanced(
# ADV:         nb.getitem %{{.*}}[%{{.*}}] : (!nb.type<array(int32, 2d, A)>, !nb.type<array(bool, 2d, C)>) -> !nb.type<array(int32, 1d, C)>
# ADV:         nb.getitem %{{.*}}[%{{.*}}] : (!nb.type<array(int32, 2d, A)>, !nb.type<array(int64, 1d, C)>) -> !nb.type<array(int32, 2d, C)>
# ADV:         nb.getitem %{{.*}}[%{{.*}}] : (!nb.type<array(int32, 2d, A)>, !nb.type<Tuple(int64, array(int64, 1d, C))>) -> !nb.type<array(int32, 1d, C)>
# ADV:         nb.getitem %{{.*}}[%{{.*}}] : (!nb.type<array(int32, 2d, A)>, !nb.type<Tuple(none, slice<a:b>, array(int64, 1d, C))>) -> !nb.type<array(int32, 3d, C)>
def advanced(a, m, idx):
    return a[m], a[idx], a[0, idx], a[None, 1:, idx]


# ERR: too many indices for array: array(float64, 2d, C) is 2-dimensional, but 3 were indexed
# ERR:   File "{{.*}}array_index.py", line [[# @LINE + 2]], in too_many
def too_many(a):
    return a[0, 1, 2]
