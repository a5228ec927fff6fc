# RUN: pycomp-opt %s --function merge --signature "(int64)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function arg --signature "(optional(float64))" -p nb-type-infer | filecheck %s --check-prefix=ARG
# RUN: pycomp-opt %s --function default --signature "(int64, int64)" -p nb-type-infer | filecheck %s --check-prefix=DEF
# RUN: pycomp-opt %s --function default --signature "(int64, none)" -p nb-type-infer | filecheck %s --check-prefix=OMIT
# RUN: pycomp-opt %s --function single --signature "(int64, none)" -p nb-type-infer | filecheck %s --check-prefix=PRUNE

# Optional values: None on one path and an int64 on another merge to
# optional(int64) (block arguments and the return type; the None and the
# int64 are cast into it). `y is not None` on an optional is decided at run
# time; inside the branch where it holds, y is used as an int64 through a
# checked cast (a None there would raise TypeError). An optional argument
# used as a float64 is cast the same way.


def merge(x):
    y = None
    if x > 0:
        y = x
    if y is not None:
        return y * 2
    return None


def arg(x):
    return x + 1.0


def default(x, y=None):
    if y is None:
        y = 2.0
    return x * y


def single(x, y=None):
    if y is None:
        return x
    return x + y


# CHECK-LABEL: nb.func @merge(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<int64>) -> !nb.type<optional(int64)>
# CHECK:         %[[NONE:.*]] = nb.const <None> : !nb.type<none>
# CHECK:         %[[N:.*]] = nb.cast %[[NONE]] : (!nb.type<none>) -> !nb.type<optional(int64)>
# CHECK-NEXT:    nb.cond_br %{{.*}} : !nb.type<bool>, ^[[SOME:.*]], ^[[MERGE:.*]](%[[N]] : !nb.type<optional(int64)>)
# CHECK:       ^[[SOME]]:
# CHECK-NEXT:    %[[S:.*]] = nb.cast %[[X]] : (!nb.type<int64>) -> !nb.type<optional(int64)>
# CHECK-NEXT:    nb.br ^[[MERGE]](%[[S]] : !nb.type<optional(int64)>)
# CHECK:       ^[[MERGE]](%[[Y:.*]]: !nb.type<optional(int64)>):
# CHECK:         %[[IS:.*]] = nb.binop "is" %[[Y]], %{{.*}} : (!nb.type<optional(int64)>, !nb.type<none>) -> !nb.type<bool>
# CHECK-NEXT:    nb.cond_br %[[IS]] : !nb.type<bool>, ^[[ISNONE:.*]], ^[[NOTNONE:.*]]
# CHECK:       ^[[ISNONE]]:
# CHECK:         nb.cast %{{.*}} : (!nb.type<none>) -> !nb.type<optional(int64)>
# CHECK:       ^[[NOTNONE]]:
# CHECK:         %[[YV:.*]] = nb.cast %[[Y]] : (!nb.type<optional(int64)>) -> !nb.type<int64>
# CHECK-NEXT:    %[[M:.*]] = nb.binop "*" %[[YV]], %{{.*}} : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
# CHECK-NEXT:    %[[R:.*]] = nb.cast %[[M]] : (!nb.type<int64>) -> !nb.type<optional(int64)>
# CHECK-NEXT:    nb.return %[[R]] : !nb.type<optional(int64)>

# ARG-LABEL: nb.func @arg(
# ARG-SAME:      %[[X:[^:]+]]: !nb.type<optional(float64)>) -> !nb.type<float64>
# ARG:         %[[V:.*]] = nb.cast %[[X]] : (!nb.type<optional(float64)>) -> !nb.type<float64>
# ARG-NEXT:    nb.binop "+" %[[V]], %{{.*}} : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>

# `y` is assigned again, so `y is None` is not decided from types (as in
# Numba): y is float64 at the merge and the result is a float64.
# DEF-LABEL: nb.func @default(
# DEF-SAME:      -> !nb.type<float64>
# DEF:         nb.binop "is not" %{{.*}} : (!nb.type<int64>, !nb.type<none>) -> !nb.type<bool>
# DEF:         nb.cond_br
# DEF:         ^{{.*}}(%{{.*}}: !nb.type<float64>):

# With y omitted (none) the merge of None and 2.0 is optional(float64).
# OMIT-LABEL: nb.func @default(
# OMIT-SAME:      -> !nb.type<float64>
# OMIT:         ^{{.*}}(%[[Y:.*]]: !nb.type<optional(float64)>):
# OMIT:         nb.cast %[[Y]] : (!nb.type<optional(float64)>) -> !nb.type<float64>

# A variable with one definition: `y is None` is decided from its type and
# the other branch is never typed (x + None would not type).
# PRUNE-LABEL: nb.func @single(
# PRUNE-SAME:      %[[X:[^:]+]]: !nb.type<int64>, %{{[^:]+}}: !nb.type<none>) -> !nb.type<int64>
# PRUNE-NOT:     nb.binop "+"
# PRUNE:         nb.return %[[X]] : !nb.type<int64>
