# RUN: pycomp-opt %s --function calls --signature "(int64, Tuple(int64, float64))" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function calls --signature "(int64, Tuple(int64, float64))" -p nb-type-infer | pycomp-opt | filecheck %s
# RUN: pycomp-opt %s --function jitted --signature "(UniTuple(int64 x 2))" -p nb-type-infer | filecheck %s --check-prefix=JIT
# RUN: not pycomp-opt %s --function calls --signature "(int64, array(float64, 1d, C))" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ARRAY
# RUN: not pycomp-opt %s --function jitted --signature "(UniTuple(int64 x 4))" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=COUNT

# nb-type-infer expands nb.call_star once the starred tuple is typed: an
# nb.unpack of the tuple (one result per item) and an ordinary nb.call of
# the items, typed and cast like any call (a jitted callee's defaults are
# folded in). Typed IR holds no nb.call_star. A starred value that is not a
# tuple, or a wrong number of arguments after the expansion, is a
# TypingError at the call's line.

import pycomp


def calls(x, t):
    return max(*t), max(x, *t)


@pycomp.njit
def add(a, b, c=1):
    return a + b + c


def jitted(t):
    return add(*t)


# CHECK-LABEL: nb.func @calls(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<int64>, %[[T:[^:]+]]: !nb.type<Tuple(int64, float64)>)
# CHECK-NOT:     nb.call_star
# CHECK:         %[[A:.*]], %[[B:.*]] = nb.unpack %[[T]] : (!nb.type<Tuple(int64, float64)>) -> (!nb.type<int64>, !nb.type<float64>)
# CHECK-NEXT:    %[[A64:.*]] = nb.cast %[[A]] : (!nb.type<int64>) -> !nb.type<float64>
# CHECK-NEXT:    %{{.*}} = nb.call %{{.*}}(%[[A64]], %[[B]]) kwnames [] : (!nb.type<function(max)>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# CHECK:         %[[HEAD:.*]] = nb.build_tuple(%[[X]]) : (!nb.type<int64>) -> !nb.type<UniTuple(int64 x 1)>
# CHECK-NEXT:    %[[ALL:.*]] = nb.binop "+" %[[HEAD]], %[[T]] : (!nb.type<UniTuple(int64 x 1)>, !nb.type<Tuple(int64, float64)>) -> !nb.type<Tuple(int64, int64, float64)>
# CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[E:.*]] = nb.unpack %[[ALL]] : (!nb.type<Tuple(int64, int64, float64)>) -> (!nb.type<int64>, !nb.type<int64>, !nb.type<float64>)
# CHECK:         nb.call %{{.*}}(%{{.*}}, %{{.*}}, %[[E]]) kwnames [] : (!nb.type<function(max)>, !nb.type<float64>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# CHECK-NOT:     nb.call_star

# JIT-LABEL: nb.func @jitted(
# JIT:         %[[A:.*]], %[[B:.*]] = nb.unpack %{{.*}} : (!nb.type<UniTuple(int64 x 2)>) -> (!nb.type<int64>, !nb.type<int64>)
# JIT-NEXT:    %[[ONE:.*]] = nb.const <1> : !nb.type<int64>
# JIT-NEXT:    %{{.*}} = nb.call %{{.*}}(%[[A]], %[[B]], %[[ONE]]) kwnames [] : (!nb.type<dispatcher({{.*}}add)>, !nb.type<int64>, !nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>

# ARRAY: TypingError: *args in function call should be a tuple, got array(float64, 1d, C)
# ARRAY: line 18

# COUNT: TypingError: add() takes 3 positional arguments but 4 were given
# COUNT: line 27
