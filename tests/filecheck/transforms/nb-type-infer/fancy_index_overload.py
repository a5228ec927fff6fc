# RUN: pycomp-opt %s --function gather --signature "(array(float64, 2d, C), array(int64, 1d, C), array(int64, 1d, C))" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function scatter --signature "(array(float64, 2d, C), array(int64, 1d, C), array(int64, 1d, C), float64)" -p nb-type-infer | filecheck %s --check-prefix=SET
# RUN: pycomp-opt %s --function one_array --signature "(array(float64, 2d, C), array(int64, 1d, C))" -p nb-type-infer | filecheck %s --check-prefix=ONE

# Advanced indexing the direct lowering does not take (here two index
# arrays) is typed through the @overload of operator.getitem and
# operator.setitem in pycomp/np/fancyindex.py: the nb.getitem becomes a
# call of the overload's implementation, and the result-less nb.setitem a
# call whose result is unused. One index array keeps its nb.getitem.

# CHECK-LABEL: nb.func @gather(
# CHECK:         %[[IDX:.*]] = nb.build_tuple(%{{.*}}, %{{.*}}) : (!nb.type<array(int64, 1d, C)>, !nb.type<array(int64, 1d, C)>) -> !nb.type<UniTuple(array(int64, 1d, C) x 2)>
# CHECK-NOT:     nb.getitem
# CHECK:         %[[IMPL:.*]] = nb.global "{{.*}}" = {{.*}} : !nb.type<dispatcher({{.*}})>
# CHECK-NEXT:    %[[R:.*]] = nb.call %[[IMPL]](%{{.*}}, %[[IDX]]) kwnames [] : {{.*}} -> !nb.type<array(float64, 1d, C)>
# CHECK-NEXT:    nb.return %[[R]] : !nb.type<array(float64, 1d, C)>
def gather(a, rows, cols):
    return a[rows, cols]


# SET-LABEL: nb.func @scatter(
# SET:         %[[IDX:.*]] = nb.build_tuple(%{{.*}}, %{{.*}}) : (!nb.type<array(int64, 1d, C)>, !nb.type<array(int64, 1d, C)>) -> !nb.type<UniTuple(array(int64, 1d, C) x 2)>
# SET-NOT:     nb.setitem
# SET:         %[[IMPL:.*]] = nb.global "{{.*}}" = {{.*}} : !nb.type<dispatcher({{.*}})>
# SET-NEXT:    nb.call %[[IMPL]](%{{.*}}, %[[IDX]], %{{.*}}) kwnames [] : {{.*}} -> !nb.type<none>
# SET:         nb.return
def scatter(a, rows, cols, v):
    a[rows, cols] = v


# ONE-LABEL: nb.func @one_array(
# ONE:         nb.getitem %{{.*}}[%{{.*}}] : (!nb.type<array(float64, 2d, C)>, !nb.type<array(int64, 1d, C)>) -> !nb.type<array(float64, 2d, C)>
# ONE-NOT:     nb.call
# ONE:         nb.return
def one_array(a, i):
    return a[i]
