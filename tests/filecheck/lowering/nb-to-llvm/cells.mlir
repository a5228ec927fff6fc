// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm | filecheck %s

// A cell is a stack slot in the entry block (LLVM promotes it to a
// register once the inner functions are inlined): nb.cell_set stores,
// nb.cell_get loads. A bool is a byte in memory: zero-extended on the way
// in, truncated on the way out.

// CHECK-LABEL: llvm.func @cell(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[X:[^:]+]]: i64, %[[B:[^:]+]]: i1) -> i32 {
// CHECK-DAG:     %[[SLOT:.*]] = llvm.alloca %{{.*}} x i64
// CHECK-DAG:     %[[BSLOT:.*]] = llvm.alloca %{{.*}} x i8
// CHECK:         llvm.store %[[X]], %[[SLOT]] : i64, !llvm.ptr
// CHECK-NEXT:    %[[BYTE:.*]] = llvm.zext %[[B]] : i1 to i8
// CHECK-NEXT:    llvm.store %[[BYTE]], %[[BSLOT]] : i8, !llvm.ptr
// CHECK-NEXT:    %[[V:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i64
// CHECK-NEXT:    %[[BV:.*]] = llvm.load %[[BSLOT]] : !llvm.ptr -> i8
// CHECK-NEXT:    llvm.trunc %[[BV]] : i8 to i1
// CHECK:         llvm.store %[[V]], %[[RES]] : i64, !llvm.ptr
nb.func @cell(%x: !nb.type<int64>, %b: !nb.type<bool>) -> !nb.type<int64> attributes {arg_names = ["x", "b"]} {
  %c = nb.make_cell "x" : !nb.type<cell(int64)>
  %cb = nb.make_cell "b" : !nb.type<cell(bool)>
  nb.cell_set %c, %x, "x" : !nb.type<cell(int64)>, !nb.type<int64>
  nb.cell_set %cb, %b, "b" : !nb.type<cell(bool)>, !nb.type<bool>
  %v = nb.cell_get %c, "x" : (!nb.type<cell(int64)>) -> !nb.type<int64>
  %bv = nb.cell_get %cb, "b" : (!nb.type<cell(bool)>) -> !nb.type<bool>
  nb.return %v : !nb.type<int64>
}
