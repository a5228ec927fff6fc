# RUN: pycomp-opt %s --function f --signature "(Tuple(int64, float64, int32, int64))" -p nb-static-getitem,nb-dce,nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(Tuple(int64, float64, int32, int64))" -p nb-static-getitem,nb-dce,nb-type-infer | pycomp-opt | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(UniTuple(int64 x 3))" -p nb-static-getitem,nb-dce,nb-type-infer | filecheck %s --check-prefix=UNI
# RUN: pycomp-opt %s --function f --signature "(array(float64, 1d, C))" -p nb-static-getitem,nb-dce,nb-type-infer | filecheck %s --check-prefix=ARRAY
# RUN: not pycomp-opt %s --function f --signature "(int64)" -p nb-static-getitem,nb-dce,nb-type-infer 2>&1 | filecheck %s --check-prefix=INT

# nb-static-getitem folds a constant slice into nb.static_getitem; typing
# gives the tuple of the items it picks (a UniTuple when they agree, the
# empty tuple when it picks none). The same slice of an array is a view
# (tests/filecheck/transforms/nb-type-infer/array_index.py).


def f(t):
    return t[1:], t[::2], t[5:]


# CHECK-LABEL: nb.func @f(
# CHECK:         nb.static_getitem %{{.*}}[<slice(1, None, None)>] : (!nb.type<Tuple(int64, float64, int32, int64)>) -> !nb.type<Tuple(float64, int32, int64)>
# CHECK:         nb.static_getitem %{{.*}}[<slice(None, None, 2)>] : (!nb.type<Tuple(int64, float64, int32, int64)>) -> !nb.type<Tuple(int64, int32)>
# CHECK:         nb.static_getitem %{{.*}}[<slice(5, None, None)>] : (!nb.type<Tuple(int64, float64, int32, int64)>) -> !nb.type<Tuple()>

# UNI:         nb.static_getitem %{{.*}}[<slice(1, None, None)>] : (!nb.type<UniTuple(int64 x 3)>) -> !nb.type<UniTuple(int64 x 2)>

# ARRAY:       nb.static_getitem %{{.*}}[<slice(None, None, 2)>] : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, A)>
# INT: cannot slice a value of type int64
