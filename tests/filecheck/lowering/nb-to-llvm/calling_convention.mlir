// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm | filecheck %s

// Each typed nb.func becomes an llvm.func `i32 (ptr result, args...)`: the
// result is stored through the first argument and 0 is returned (success).
// The nb entry block's work moves to a second block, so the first can hold
// the allocas and the loads of array arguments.

// CHECK-LABEL: llvm.func @add(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[A:[^:]+]]: i64, %[[B:[^:]+]]: i64) -> i32 {
// CHECK-NEXT:    llvm.br ^[[BODY:.*]]{{$}}
// CHECK-NEXT:  ^[[BODY]]:
// CHECK-NEXT:    %[[S:.*]] = llvm.add %[[A]], %[[B]] : i64
// CHECK-NEXT:    llvm.store %[[S]], %[[RES]] : i64, !llvm.ptr
// CHECK-NEXT:    %[[OK:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    llvm.return %[[OK]] : i32
// CHECK-NEXT:  }
nb.func @add(%a: !nb.type<int64>, %b: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "+" %a, %b : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  nb.return %0 : !nb.type<int64>
}

// -----

// A bool is an i1 in registers and a byte in memory: it is zero-extended
// before the store of the result.

// CHECK-LABEL: llvm.func @less(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64) -> i32 {
// CHECK:         %[[C:.*]] = llvm.fcmp "olt" %[[A]], %[[B]] : f64
// CHECK-NEXT:    %[[Z:.*]] = llvm.zext %[[C]] : i1 to i8
// CHECK-NEXT:    llvm.store %[[Z]], %[[RES]] : i8, !llvm.ptr
nb.func @less(%a: !nb.type<float64>, %b: !nb.type<float64>) -> !nb.type<bool> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "<" %a, %b : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<bool>
  nb.return %0 : !nb.type<bool>
}

// -----

// An array is passed as a pointer to its struct (meminfo, parent, nitems,
// itemsize, data, shape, strides), loaded once in the entry block.

// CHECK-LABEL: llvm.func @size(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[P:[^:]+]]: !llvm.ptr) -> i32 {
// CHECK-NEXT:    %[[ARR:.*]] = llvm.load %[[P]] : !llvm.ptr -> !llvm.struct<(!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, !llvm.array<2 x i64>, !llvm.array<2 x i64>)>
// CHECK-NEXT:    llvm.br ^[[BODY:.*]]{{$}}
// CHECK-NEXT:  ^[[BODY]]:
// CHECK-NEXT:    %[[N:.*]] = llvm.extractvalue %[[ARR]][2]
// CHECK-NEXT:    llvm.store %[[N]], %[[RES]] : i64, !llvm.ptr
nb.func @size(%a: !nb.type<array(float64, 2d, C)>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  %0 = nb.getattr %a, "size" : (!nb.type<array(float64, 2d, C)>) -> !nb.type<int64>
  nb.return %0 : !nb.type<int64>
}

// -----

// Several functions: each is lowered in place, under its own name.

// CHECK-LABEL: llvm.func @first(
// CHECK-LABEL: llvm.func @second(
// CHECK-NOT:   nb.
nb.func @first(%a: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<int64>
}
nb.func @second(%a: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<float64>
}
