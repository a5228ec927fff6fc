# REQUIRES: pycomp_toy
# RUN: pycomp-opt %s --function f -p toy-raise-calls | filecheck %s

# toy-raise-calls turns the calls of pycomp_toy.interval, width and clamp
# (imported by name or reached through the module, keywords in any order)
# into toy ops, and drops their globals; other calls are left alone.

import math

import pycomp_toy as toy
from pycomp_toy import clamp, interval


def f(a, b, x):
    iv = interval(a, b)
    jv = toy.interval(hi=b, lo=x)
    return clamp(x, iv) + toy.width(jv) + math.floor(x)


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>, %[[X:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %[[IV:.*]] = toy.interval %[[A]], %[[B]] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    nb.global "toy" = <pycomp_toy>
# (3.13's IR generation leaves a constant of the keyword names here, for nb-dce)
# CHECK:         %[[JV:.*]] = toy.interval %[[X]], %[[B]] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    %[[C:.*]] = toy.clamp %[[X]], %[[IV]] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    nb.global "toy" = <pycomp_toy>
# CHECK-NEXT:    %[[W:.*]] = toy.width %[[JV]] : (!nb.type<?>) -> !nb.type<?>
# CHECK-NEXT:    nb.binop "+" %[[C]], %[[W]]
# CHECK:         %[[FLOOR:.*]] = nb.global "math.floor" = <math.floor>
# CHECK-NEXT:    nb.call %[[FLOOR]](%[[X]])
# CHECK-NOT:     nb.global "{{.*}}" = <pycomp_toy.functions.
