# RUN: pycomp-opt %s --function branches --signature "(float64)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function attrs --signature "(complex128, float64)" -p nb-type-infer | filecheck %s --check-prefix=ATTR
# RUN: pycomp-opt %s --function compare --signature "(Tuple(int64, float32), UniTuple(int32 x 3))" -p nb-type-infer | filecheck %s --check-prefix=CMP
# RUN: pycomp-opt %s --function contains --signature "(int64, Tuple(int32, float64))" -p nb-type-infer | filecheck %s --check-prefix=IN
# RUN: pycomp-opt %s --function index --signature "(Tuple(int32, float64), int64)" -p nb-type-infer | filecheck %s --check-prefix=INDEX
# RUN: not pycomp-opt %s --function empty_max --signature "()" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR

# isinstance() and getattr() with a constant name are answered by typing
# (a Folded signature): the call becomes an nb.const, an nb.getattr or the
# default argument, and a branch on an isinstance() constant reaches one
# side only -- the tuple branch below, where len(x) of a float would not
# type, is never typed and is gone.
# Tuple comparisons convert the items position by position to the type
# that holds both (int64 with int32, float64 with float32); `in` and
# .index() convert x and the items to one type.

import math


def branches(x):
    if isinstance(x, tuple):
        return len(x)
    return x + 1


def attrs(z, d):
    return getattr(z, "imag") + getattr(z, "nope", d) + getattr(math, "pi")


def compare(a, b):
    return a < b


def contains(x, t):
    return x in t


def index(t, x):
    return t.index(x)


def empty_max():
    return max(())


# CHECK-LABEL: nb.func @branches(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<float64>) -> !nb.type<float64>
# CHECK-NOT:     isinstance
# CHECK-NOT:     nb.cond_br
# CHECK-NOT:     len
# CHECK:         %[[R:.*]] = nb.binop "+" %[[X]], %{{.*}} : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# CHECK-NEXT:    nb.return %[[R]] : !nb.type<float64>

# ATTR-LABEL: nb.func @attrs(
# ATTR-SAME:      %[[Z:[^:]+]]: !nb.type<complex128>, %[[D:[^:]+]]: !nb.type<float64>)
# ATTR-NEXT:    %[[IM:.*]] = nb.getattr %[[Z]], "imag" : (!nb.type<complex128>) -> !nb.type<float64>
# ATTR-NEXT:    %[[S:.*]] = nb.binop "+" %[[IM]], %[[D]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
# ATTR-NEXT:    %[[PI:.*]] = nb.const <3.141592653589793> : !nb.type<float64>
# ATTR-NEXT:    nb.binop "+" %[[S]], %[[PI]]
# ATTR-NOT:     nb.call

# CMP-LABEL: nb.func @compare(
# CMP:         %[[A:.*]] = nb.cast %0 : (!nb.type<Tuple(int64, float32)>) -> !nb.type<Tuple(int64, float64)>
# CMP-NEXT:    %[[B:.*]] = nb.cast %1 : (!nb.type<UniTuple(int32 x 3)>) -> !nb.type<Tuple(int64, float64, int32)>
# CMP-NEXT:    nb.binop "<" %[[A]], %[[B]] : (!nb.type<Tuple(int64, float64)>, !nb.type<Tuple(int64, float64, int32)>) -> !nb.type<bool>

# IN-LABEL: nb.func @contains(
# IN:         %[[X:.*]] = nb.cast %0 : (!nb.type<int64>) -> !nb.type<float64>
# IN-NEXT:    %[[T:.*]] = nb.cast %1 : (!nb.type<Tuple(int32, float64)>) -> !nb.type<UniTuple(float64 x 2)>
# IN-NEXT:    nb.binop "in" %[[X]], %[[T]] : (!nb.type<float64>, !nb.type<UniTuple(float64 x 2)>) -> !nb.type<bool>

# INDEX-LABEL: nb.func @index(
# INDEX:         %[[M:.*]] = nb.getattr %0, "index" : (!nb.type<Tuple(int32, float64)>) -> !nb.type<bound_function(Tuple(int32, float64).tuple.index)>
# INDEX-NEXT:    %[[X:.*]] = nb.cast %1 : (!nb.type<int64>) -> !nb.type<float64>
# INDEX-NEXT:    nb.call %[[M]](%[[X]]) kwnames [] : ({{.*}}, !nb.type<float64>) -> !nb.type<int64>

# ERR:      TypingError: max() argument is an empty tuple
# ERR-NEXT:   File "{{.*}}folded_builtins.py", line 43, in empty_max
