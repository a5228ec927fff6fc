// RUN: pycomp-opt %s -p nb-to-llvm | filecheck %s

// nb.incref / nb.decref become calls of the runtime on each meminfo the
// value holds (an array's field 0), one behaviour per function.

// CHECK-DAG: llvm.func @pycomp_nrt_incref(!llvm.ptr)
// CHECK-DAG: llvm.func @pycomp_nrt_decref(!llvm.ptr)

// An array: its meminfo, field 0 of the struct.
// CHECK-LABEL: llvm.func @array(
// CHECK:         %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.array<1 x i64>, !llvm.array<1 x i64>)>
// CHECK:         %[[MI:.*]] = llvm.extractvalue %[[A]][0]
// CHECK-NEXT:    llvm.call @pycomp_nrt_incref(%[[MI]]) : (!llvm.ptr) -> ()
// CHECK:         %[[MI2:.*]] = llvm.extractvalue %[[A]][0]
// CHECK-NEXT:    llvm.call @pycomp_nrt_decref(%[[MI2]]) : (!llvm.ptr) -> ()
nb.func @array(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<none> attributes {arg_names = ["a"]} {
  %none = nb.const <None> : !nb.type<none>
  nb.incref %a : !nb.type<array(float64, 1d, C)>
  nb.decref %a : !nb.type<array(float64, 1d, C)>
  nb.return %none : !nb.type<none>
}

// A tuple: each array member's meminfo; the number is skipped.
// CHECK-LABEL: llvm.func @tuple(
// CHECK:         llvm.extractvalue %{{.*}}[0]
// CHECK-NEXT:    llvm.extractvalue %{{.*}}[0]
// CHECK-NEXT:    llvm.extractvalue %{{.*}}[2]
// CHECK-NEXT:    llvm.extractvalue %{{.*}}[0]
// CHECK-NEXT:    llvm.call @pycomp_nrt_decref
// CHECK-NEXT:    llvm.call @pycomp_nrt_decref
nb.func @tuple(%t: !nb.type<Tuple(array(float64, 1d, C), int64, array(int32, 2d, C))>) -> !nb.type<none> attributes {arg_names = ["t"]} {
  %none = nb.const <None> : !nb.type<none>
  nb.decref %t : !nb.type<Tuple(array(float64, 1d, C), int64, array(int32, 2d, C))>
  nb.return %none : !nb.type<none>
}

// An optional: null where it holds None.
// CHECK-LABEL: llvm.func @optional(
// CHECK:         %[[VALID:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK:         %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         %[[VAL:.*]] = llvm.extractvalue %{{.*}}[0]
// CHECK-NEXT:    %[[MI:.*]] = llvm.extractvalue %[[VAL]][0]
// CHECK-NEXT:    %[[SEL:.*]] = llvm.select %[[VALID]], %[[MI]], %[[NULL]]
// CHECK-NEXT:    llvm.call @pycomp_nrt_decref(%[[SEL]])
nb.func @optional(%o: !nb.type<optional(array(float64, 1d, C))>) -> !nb.type<none> attributes {arg_names = ["o"]} {
  %none = nb.const <None> : !nb.type<none>
  nb.decref %o : !nb.type<optional(array(float64, 1d, C))>
  nb.return %none : !nb.type<none>
}
