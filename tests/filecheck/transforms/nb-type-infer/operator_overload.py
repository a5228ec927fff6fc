# RUN: pycomp-opt %s --function f --signature "(array(int64, 1d, C))" -p nb-type-infer | filecheck %s

# An operator whose operands an @overload of its operator-module function
# accepts (here operator.eq on two dtypes, pycomp/np/dtypes.py) becomes, in
# the typed IR, a call of that overload's implementation: the nb.binop is
# gone, an nb.global names the implementation's dispatcher.

import numpy as np


def f(a):
    return a.dtype == np.dtype("int64")


# CHECK-LABEL: nb.func @f(
# CHECK:         %[[DT:.*]] = nb.getattr %{{.*}}, "dtype" : (!nb.type<array(int64, 1d, C)>) -> !nb.type<dtype(int64)>
# CHECK:         %[[NP:.*]] = nb.call %{{.*}}(%{{.*}}) kwnames [] : {{.*}} -> !nb.type<dtype(int64)>
# CHECK-NOT:     nb.binop
# CHECK:         %[[IMPL:.*]] = nb.global "dtype_comparison" = {{.*}} : !nb.type<dispatcher({{.*}}dtype_comparison)>
# CHECK-NEXT:    %[[R:.*]] = nb.call %[[IMPL]](%[[DT]], %[[NP]]) kwnames [] : {{.*}} -> !nb.type<bool>
# CHECK-NEXT:    nb.return %[[R]] : !nb.type<bool>
