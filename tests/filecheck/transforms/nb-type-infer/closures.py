# RUN: pycomp-opt %s --function f --signature "(int64, float64)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function widen --signature "(int64)" -p nb-type-infer | filecheck %s --check-prefix=WIDEN
# RUN: not pycomp-opt %s --function pass_closure --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=PASS
# RUN: not pycomp-opt %s --function recursive --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=REC
# RUN: not pycomp-opt %s --function computed_default --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=DEF
# RUN: not pycomp-opt %s --function nonlocal_float --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=NONLOCAL

# A cell's type is cell(T), T unifying every value the function stores in
# it. An inner function that captures cells is typed closure(name, (cells));
# its call passes the closure value itself (the environment) first, then the
# arguments bound by Python's rules (z's default folded in as a constant).

import pycomp


def f(x, n):
    k = 1

    def g(y, z=10):
        nonlocal k
        k += y
        return y + x + k + n + z

    return g(2)


# CHECK-LABEL: nb.func @f(
# CHECK:         %[[CK:.*]] = nb.make_cell "k" : !nb.type<cell(int64)>
# CHECK:         %[[G:.*]] = nb.make_function <{{.*}}g>({{.*}}) : (!nb.type<cell(int64)>, !nb.type<cell(float64)>, !nb.type<cell(int64)>) -> !nb.type<closure(f.<locals>.g, (cell(int64), cell(float64), cell(int64)))>
# CHECK-NEXT:    %[[TWO:.*]] = nb.const <2> : !nb.type<int64>
# CHECK-NEXT:    %[[TEN:.*]] = nb.const <10> : !nb.type<int64>
# CHECK-NEXT:    nb.call %[[G]](%[[G]], %[[TWO]], %[[TEN]]) kwnames [] : ({{.*}}) -> !nb.type<float64>


def widen(x):
    acc = 0

    def get():
        return acc

    acc = 0.5 * x
    return get()


# An int and a float stored into one cell: cell(float64), the int cast.

# WIDEN-LABEL: nb.func @widen(
# WIDEN:         %[[C:.*]] = nb.make_cell "acc" : !nb.type<cell(float64)>
# WIDEN-NEXT:    %[[Z:.*]] = nb.const <0> : !nb.type<int64>
# WIDEN-NEXT:    %[[ZF:.*]] = nb.cast %[[Z]] : (!nb.type<int64>) -> !nb.type<float64>
# WIDEN-NEXT:    nb.cell_set %[[C]], %[[ZF]], "acc" : !nb.type<cell(float64)>, !nb.type<float64>


@pycomp.njit
def apply(fn, v):
    return fn(v)


def pass_closure(x):
    def add(y):
        return x + y

    return apply(add, 1)


# PASS: TypingError: cannot pass the inner function add as an argument: it uses variables of the enclosing function (x)
# PASS-NEXT: File "{{.*}}closures.py", line 63


def recursive(n):
    def fact(k):
        return 1 if k <= 1 else k * fact(k - 1)

    return fact(n)


# REC: UnsupportedError: recursive inner functions are not supported ('fact' calls itself)
# REC-NEXT: File "{{.*}}closures.py", line 71


def computed_default(n):
    def g(y=n):
        return y

    return g()


# DEF: UnsupportedError: inner function 'g': default values must be constants
# DEF-NEXT: File "{{.*}}closures.py", line 82


def nonlocal_float(x):
    def bump():
        nonlocal x
        x = 0.5

    bump()
    return x


# NONLOCAL: TypingError: cannot assign a value of type float64 to 'x', a variable of the enclosing function that holds int64
# NONLOCAL-NEXT: File "{{.*}}closures.py", line 95
