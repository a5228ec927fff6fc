# RUN: pycomp-opt %s --function field --signature "(NamedTuple(namedtuples.Point, int64, float64, int64))" -p nb-type-infer,nb-to-llvm | filecheck %s
# RUN: pycomp-opt %s --function build --signature "(int64, float64)" -p nb-type-infer,nb-to-llvm | filecheck %s --check-prefix=BUILD

# A namedtuple has the data model of the plain tuple of its items (a
# struct); a field is an extractvalue at the field's position. Calling the
# class builds the struct in field order: keyword operands go to their
# fields, and a field left out takes the class's default as a constant.

import collections

Point = collections.namedtuple("Point", ("x", "y", "z"))
Pair = collections.namedtuple("Pair", ("a", "b"), defaults=(0.5,))


def field(p):
    return p.y


def build(i, f):
    return Point(i, z=i, y=f), Pair(i)


# CHECK-LABEL: llvm.func @field(
# CHECK-SAME:      %[[RET:[^:]+]]: !llvm.ptr, %[[P:[^:]+]]: !llvm.struct<(i64, f64, i64)>) -> i32
# CHECK:         %[[Y:.*]] = llvm.extractvalue %[[P]][1] : !llvm.struct<(i64, f64, i64)>
# CHECK-NEXT:    llvm.store %[[Y]], %[[RET]] : f64, !llvm.ptr

# BUILD-LABEL: llvm.func @build(
# BUILD-SAME:      %{{[^:]+}}: !llvm.ptr, %[[I:[^:]+]]: i64, %[[F:[^:]+]]: f64) -> i32
# BUILD:         %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i64, f64, i64)>
# BUILD-NEXT:    %[[A:.*]] = llvm.insertvalue %[[I]], %[[U]][0] : !llvm.struct<(i64, f64, i64)>
# BUILD-NEXT:    %[[B:.*]] = llvm.insertvalue %[[F]], %[[A]][1] : !llvm.struct<(i64, f64, i64)>
# BUILD-NEXT:    llvm.insertvalue %[[I]], %[[B]][2] : !llvm.struct<(i64, f64, i64)>
# BUILD:         %[[U2:.*]] = llvm.mlir.undef : !llvm.struct<(i64, f64)>
# BUILD-NEXT:    %[[C:.*]] = llvm.insertvalue %[[I]], %[[U2]][0] : !llvm.struct<(i64, f64)>
# BUILD-NEXT:    %[[D:.*]] = llvm.mlir.constant(5.000000e-01 : f64) : f64
# BUILD-NEXT:    llvm.insertvalue %[[D]], %[[C]][1] : !llvm.struct<(i64, f64)>
