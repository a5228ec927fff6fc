# RUN: pycomp-opt %s --function f --signature "(int32)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(float32)" -p nb-type-infer | filecheck %s --check-prefix=FLOAT

# int(x) keeps an integer's type (int32 stays int32, as in Numba); a float
# converts to int64.


def f(x):
    return int(x)


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<int32>) -> !nb.type<int32>
# CHECK:         %{{.*}} = nb.call %{{.*}}(%[[X]]) kwnames [] : (!nb.type<function(int)>, !nb.type<int32>) -> !nb.type<int32>

# FLOAT-LABEL: nb.func @f(
# FLOAT-SAME:      %{{[^:]+}}: !nb.type<float32>) -> !nb.type<int64>
