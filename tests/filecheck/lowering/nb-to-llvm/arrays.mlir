// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm | filecheck %s
// RUN: pycomp-opt %s --split-input-file -p 'nb-to-llvm{boundscheck=true}' | filecheck %s --check-prefix=BOUNDS

// In general (layout A) an element's address is data + sum(index[k] *
// strides[k]) in bytes: the data pointer (field 4) and strides (field 6)
// are extracted from the array struct and the offset is a getelementptr
// through i8. A negative index first wraps by the extent (shape, field 5).

// CHECK-LABEL: llvm.func @get1(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[P:[^:]+]]: !llvm.ptr, %[[I:[^:]+]]: i64) -> i32 {
// CHECK-NEXT:    %[[ARR:.*]] = llvm.load %[[P]] : !llvm.ptr -> !llvm.struct<(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.array<1 x i64>, !llvm.array<1 x i64>)>
// CHECK:         %[[DATA:.*]] = llvm.extractvalue %[[ARR]][4]
// CHECK:         %[[EXT:.*]] = llvm.extractvalue %[[ARR]][5, 0]
// CHECK-NEXT:    %[[NEG:.*]] = llvm.icmp "slt" %[[I]], %{{.*}} : i64
// CHECK-NEXT:    %[[WRAP:.*]] = llvm.add %[[I]], %[[EXT]] : i64
// CHECK-NEXT:    %[[IDX:.*]] = llvm.select %[[NEG]], %[[WRAP]], %[[I]] : i1, i64
// CHECK-NEXT:    %[[STRIDE:.*]] = llvm.extractvalue %[[ARR]][6, 0]
// CHECK-NEXT:    %[[OFF:.*]] = llvm.mul %[[IDX]], %[[STRIDE]] : i64
// CHECK-NEXT:    %[[PTR:.*]] = llvm.getelementptr inbounds %[[DATA]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT:    %[[V:.*]] = llvm.load %[[PTR]] : !llvm.ptr -> f64
// CHECK-NEXT:    llvm.store %[[V]], %[[RES]] : f64, !llvm.ptr

// boundscheck=true adds a check of the wrapped index against [0, extent)
// that returns IndexError's status.
// BOUNDS-LABEL: llvm.func @get1(
// BOUNDS:         %[[EXT:.*]] = llvm.extractvalue %{{.*}}[5, 0]
// BOUNDS:         %[[IDX:.*]] = llvm.select
// BOUNDS-NEXT:    %[[LOW:.*]] = llvm.icmp "slt" %[[IDX]], %{{.*}} : i64
// BOUNDS-NEXT:    %[[HIGH:.*]] = llvm.icmp "sge" %[[IDX]], %[[EXT]] : i64
// BOUNDS-NEXT:    %[[BAD:.*]] = llvm.or %[[LOW]], %[[HIGH]] : i1
// BOUNDS-NEXT:    llvm.cond_br %[[BAD]], ^[[RAISE:.*]], ^[[OK:.*]]{{$}}
// BOUNDS-NEXT:  ^[[OK]]:
// BOUNDS:         llvm.getelementptr inbounds
// BOUNDS:       ^[[RAISE]]:
// BOUNDS-NEXT:    %[[ST:.*]] = llvm.mlir.constant({{[1-9][0-9]*}} : i32) : i32
// BOUNDS-NEXT:    llvm.return %[[ST]] : i32
nb.func @get1(%a: !nb.type<array(float64, 1d, A)>, %i: !nb.type<int64>) -> !nb.type<float64> attributes {arg_names = ["a", "i"]} {
  %0 = nb.getitem %a[%i] : (!nb.type<array(float64, 1d, A)>, !nb.type<int64>) -> !nb.type<float64>
  nb.return %0 : !nb.type<float64>
}

// -----

// A full index into a C-contiguous array is a linear element index
// (i * shape[1] + j), so the getelementptr steps over elements and LLVM
// sees unit-stride accesses.

// CHECK-LABEL: llvm.func @getc(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[IJ:[^:]+]]: !llvm.struct<(i64, i64)>) -> i32 {
// CHECK:         %[[DATA:.*]] = llvm.extractvalue %{{.*}}[4]
// CHECK:         %[[I:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i64
// CHECK:         %[[J:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i64
// CHECK-NEXT:    %[[N1:.*]] = llvm.extractvalue %{{.*}}[5, 1]
// CHECK-NEXT:    %[[ROW:.*]] = llvm.mul %[[I]], %[[N1]] : i64
// CHECK-NEXT:    %[[LIN:.*]] = llvm.add %[[ROW]], %[[J]] : i64
// CHECK-NEXT:    %[[PTR:.*]] = llvm.getelementptr inbounds %[[DATA]][%[[LIN]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK-NEXT:    llvm.load %[[PTR]] : !llvm.ptr -> f64
nb.func @getc(%a: !nb.type<array(float64, 2d, C)>, %ij: !nb.type<UniTuple(int64 x 2)>) -> !nb.type<float64> attributes {arg_names = ["a", "ij"]} {
  %0 = nb.getitem %a[%ij] : (!nb.type<array(float64, 2d, C)>, !nb.type<UniTuple(int64 x 2)>) -> !nb.type<float64>
  nb.return %0 : !nb.type<float64>
}

// -----

// Two indices into a strided array: one term per dimension, added up.

// CHECK-LABEL: llvm.func @get2(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[IJ:[^:]+]]: !llvm.struct<(i64, i64)>) -> i32 {
// CHECK:         %[[I:.*]] = llvm.extractvalue %[[IJ]][0] : !llvm.struct<(i64, i64)>
// CHECK-NEXT:    %[[J:.*]] = llvm.extractvalue %[[IJ]][1] : !llvm.struct<(i64, i64)>
// CHECK:         %[[S0:.*]] = llvm.extractvalue %{{.*}}[6, 0]
// CHECK-NEXT:    %[[T0:.*]] = llvm.mul %{{.*}}, %[[S0]] : i64
// CHECK:         %[[S1:.*]] = llvm.extractvalue %{{.*}}[6, 1]
// CHECK-NEXT:    %[[T1:.*]] = llvm.mul %{{.*}}, %[[S1]] : i64
// CHECK-NEXT:    %[[OFF:.*]] = llvm.add %[[T0]], %[[T1]] : i64
// CHECK-NEXT:    %{{.*}} = llvm.getelementptr inbounds %{{.*}}[%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
nb.func @get2(%a: !nb.type<array(float64, 2d, A)>, %ij: !nb.type<UniTuple(int64 x 2)>) -> !nb.type<float64> attributes {arg_names = ["a", "ij"]} {
  %0 = nb.getitem %a[%ij] : (!nb.type<array(float64, 2d, A)>, !nb.type<UniTuple(int64 x 2)>) -> !nb.type<float64>
  nb.return %0 : !nb.type<float64>
}

// -----

// setitem stores through the same address; a bool element is a byte.

// CHECK-LABEL: llvm.func @set(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %[[V:[^:]+]]: i1) -> i32 {
// CHECK:         %[[PTR:.*]] = llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT:    %[[B:.*]] = llvm.zext %[[V]] : i1 to i8
// CHECK-NEXT:    llvm.store %[[B]], %[[PTR]] : i8, !llvm.ptr
nb.func @set(%a: !nb.type<array(bool, 1d, C)>, %i: !nb.type<int64>, %v: !nb.type<bool>) -> !nb.type<none> attributes {arg_names = ["a", "i", "v"]} {
  %none = nb.const <None> : !nb.type<none>
  nb.setitem %a[%i] = %v : !nb.type<array(bool, 1d, C)>, !nb.type<int64>, !nb.type<bool>
  nb.return %none : !nb.type<none>
}
