# RUN: pycomp-opt %s --function f | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(int64, float64, UniTuple(int64 x 2))" -p nb-type-infer | filecheck %s --check-prefix=TYPED
# RUN: pycomp-opt %s --function caller --signature "(int64)" -p nb-type-infer | filecheck %s --check-prefix=CALL
# RUN: not pycomp-opt %s --function kwargs 2>&1 | filecheck %s --check-prefix=ERR

# The parameters of a function are its positional ones, its keyword-only
# ones, then *args as one tuple (the order of the code's variables), so
# `def f(a, *args, k)` is `nb.func @f(a, k, args)`. A call from another
# jitted function gathers the extra positional arguments into an
# nb.build_tuple passed as the *args parameter. **kwargs is refused.

import pycomp


def f(a, *args, k):
    return a + k + len(args)


@pycomp.njit
def g(a, *args, k=2):
    return a * k, args


def caller(x):
    return g(x, 1, 2.5, k=3)


def kwargs(a, **kw):
    return a


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %{{[^:]+}}: !nb.type<?>, %{{[^:]+}}: !nb.type<?>, %{{[^:]+}}: !nb.type<?>)
# CHECK-SAME:      arg_names = ["a", "k", "args"]

# TYPED-LABEL: nb.func @f(
# TYPED-SAME:      %{{[^:]+}}: !nb.type<int64>, %{{[^:]+}}: !nb.type<float64>, %{{[^:]+}}: !nb.type<UniTuple(int64 x 2)>) -> !nb.type<float64>

# CALL-LABEL: nb.func @caller(
# CALL:         %[[ONE:.*]] = nb.const <1> : !nb.type<int64>
# CALL-NEXT:    %[[F:.*]] = nb.const <2.5> : !nb.type<float64>
# CALL-NEXT:    %[[K:.*]] = nb.const <3> : !nb.type<int64>
# CALL:         %[[T:.*]] = nb.build_tuple(%[[ONE]], %[[F]]) : (!nb.type<int64>, !nb.type<float64>) -> !nb.type<Tuple(int64, float64)>
# CALL-NEXT:    %{{.*}} = nb.call %{{.*}}(%{{.*}}, %[[K]], %[[T]]) kwnames [] : (!nb.type<dispatcher({{.*}}g)>, !nb.type<int64>, !nb.type<int64>, !nb.type<Tuple(int64, float64)>) -> !nb.type<Tuple(int64, Tuple(int64, float64))>

# ERR: UnsupportedError: **kwargs parameters are not supported yet
