# RUN: pycomp-opt %s --function f --signature "(int32)" -p nb-type-infer | filecheck %s

# prange types as range (a serial loop until parallel=True): its arguments
# convert to int64 and it gives a range state.

from pycomp import prange


def f(n):
    s = 0
    for i in prange(n):
        s += i
    return s


# CHECK-LABEL: nb.func @f(
# CHECK:         %[[P:.*]] = nb.global "prange" = <pycomp.special.prange> : !nb.type<function(pycomp.special.prange)>
# CHECK:         %{{.*}} = nb.call %[[P]](%{{.*}}) kwnames [] : (!nb.type<function(pycomp.special.prange)>, !nb.type<int64>) -> !nb.type<range_state_int64>
