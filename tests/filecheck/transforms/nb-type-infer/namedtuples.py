# RUN: pycomp-opt %s --function fields --signature "(NamedTuple(namedtuples.Point, int64, float64, int64))" -p nb-static-getitem,nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function build --signature "(int64, float64)" -p nb-type-infer | filecheck %s --check-prefix=BUILD
# RUN: pycomp-opt %s --function iterate --signature "(NamedUniTuple(namedtuples.Point, int64 x 3))" -p nb-type-infer | filecheck %s --check-prefix=ITER

# Namedtuples: a type per class (NamedTuple for mixed items,
# NamedUniTuple for one item type). A field is an nb.getattr typed by the
# field's item; calling the class (a global) builds the namedtuple: keywords
# bind to fields and the class's defaults fill the rest, so the result type
# has the fields' types in field order. A NamedUniTuple iterates like a
# UniTuple; tuple() of a namedtuple is a plain tuple of its items.

import collections

Point = collections.namedtuple("Point", ("x", "y", "z"))
Pair = collections.namedtuple("Pair", ("a", "b"), defaults=(0.5,))


def fields(p):
    return p.x + p.z, p.y, p[1]


def build(i, f):
    return Point(i, z=i, y=f), Pair(i)


def iterate(p):
    s = 0
    for v in p:
        s += v
    return s, tuple(p)


# CHECK-LABEL: nb.func @fields(
# CHECK-SAME:      %[[P:[^:]+]]: !nb.type<NamedTuple(namedtuples.Point, int64, float64, int64)>)
# CHECK-SAME:      -> !nb.type<Tuple(int64, float64, float64)>
# CHECK:         %[[X:.*]] = nb.getattr %[[P]], "x" : (!nb.type<NamedTuple(namedtuples.Point, int64, float64, int64)>) -> !nb.type<int64>
# CHECK:         %[[Z:.*]] = nb.getattr %[[P]], "z" : {{.*}} -> !nb.type<int64>
# CHECK:         nb.binop "+" %[[X]], %[[Z]] : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
# CHECK:         nb.getattr %[[P]], "y" : {{.*}} -> !nb.type<float64>
# CHECK:         nb.static_getitem %[[P]][<1>] : {{.*}} -> !nb.type<float64>

# BUILD-LABEL: nb.func @build(
# BUILD-SAME:      -> !nb.type<Tuple(NamedTuple(namedtuples.Point, int64, float64, int64), NamedTuple(namedtuples.Pair, int64, float64))>
# BUILD:         %[[PT:.*]] = nb.global "Point" = <namedtuples.Point> : !nb.type<namedtuple_class(namedtuples.Point)>
# BUILD:         nb.call %[[PT]](%{{.*}}, %{{.*}}, %{{.*}}) kwnames ["z", "y"] : (!nb.type<namedtuple_class(namedtuples.Point)>, !nb.type<int64>, !nb.type<int64>, !nb.type<float64>) -> !nb.type<NamedTuple(namedtuples.Point, int64, float64, int64)>
# BUILD:         %[[PR:.*]] = nb.global "Pair" = <namedtuples.Pair> : !nb.type<namedtuple_class(namedtuples.Pair)>
# BUILD:         nb.call %[[PR]](%{{.*}}) kwnames [] : (!nb.type<namedtuple_class(namedtuples.Pair)>, !nb.type<int64>) -> !nb.type<NamedTuple(namedtuples.Pair, int64, float64)>

# ITER-LABEL: nb.func @iterate(
# ITER-SAME:      %[[P:[^:]+]]: !nb.type<NamedUniTuple(namedtuples.Point, int64 x 3)>)
# ITER-SAME:      -> !nb.type<Tuple(int64, UniTuple(int64 x 3))>
# ITER:          nb.getiter %[[P]] : (!nb.type<NamedUniTuple(namedtuples.Point, int64 x 3)>) -> !nb.type<iter(NamedUniTuple(namedtuples.Point, int64 x 3))>
# ITER:          nb.iternext {{.*}} -> (!nb.type<int64>, !nb.type<bool>)
# ITER:          nb.call %{{.*}}(%[[P]]) kwnames [] : (!nb.type<function(tuple)>, !nb.type<NamedUniTuple(namedtuples.Point, int64 x 3)>) -> !nb.type<UniTuple(int64 x 3)>
