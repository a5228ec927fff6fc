# RUN: pycomp-opt %s --function item --signature "(float64, int64)" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s

# [a, a]: the runtime makes the list (pycomp_list_new(itemsize, capacity,
# destructor table: null for items without references); null: MemoryError),
# the items are stored through the payload's item pointer (field 5 of the
# meminfo's data, field 3), then the size (field 0). x[i] wraps a negative
# index and always checks it (IndexError releases the list first); the
# list dies after its last use.


def item(a, i):
    x = [a, a]
    return x[i]


# CHECK-LABEL: llvm.func @item(
# CHECK-SAME:      %[[RET:[^:]+]]: !llvm.ptr, %[[A:[^:]+]]: f64, %[[I:[^:]+]]: i64) -> i32
# CHECK:         %[[TWO:.*]] = llvm.mlir.constant(2) : i64
# CHECK:         %[[ISZ:.*]] = llvm.mlir.constant(8) : i64
# CHECK:         %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
# CHECK:         %[[L:.*]] = llvm.call @pycomp_list_new(%[[ISZ]], %[[TWO]], %[[NULL]]) : (i64, i64, !llvm.ptr) -> !llvm.ptr
# CHECK:         llvm.icmp "eq"
# CHECK-NEXT:    llvm.cond_br %{{.*}}, ^[[NOMEM:.*]], ^
# CHECK:         llvm.store %[[A]], %{{.*}} : f64, !llvm.ptr
# CHECK:         llvm.store %[[A]], %{{.*}} : f64, !llvm.ptr
# CHECK:         %[[N:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
# CHECK:         %[[NEG:.*]] = llvm.icmp "slt" %[[I]], %{{.*}} : i64
# CHECK-NEXT:    %[[UP:.*]] = llvm.add %[[I]], %[[N]] : i64
# CHECK-NEXT:    %[[K:.*]] = llvm.select %[[NEG]], %[[UP]], %[[I]] : i1, i64
# CHECK-NEXT:    %[[LO:.*]] = llvm.icmp "slt" %[[K]], %{{.*}} : i64
# CHECK-NEXT:    %[[HI:.*]] = llvm.icmp "sge" %[[K]], %[[N]] : i64
# CHECK-NEXT:    %[[BAD:.*]] = llvm.or %[[LO]], %[[HI]] : i1
# CHECK-NEXT:    llvm.cond_br %[[BAD]], ^[[RAISE:.*]], ^[[OK:.*]]
# CHECK:       ^[[OK]]:
# CHECK:         %[[V:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
# CHECK-NEXT:    llvm.call @pycomp_nrt_decref(%[[L]])
# CHECK-NEXT:    llvm.store %[[V]], %[[RET]] : f64, !llvm.ptr
# CHECK:       ^[[RAISE]]:
# CHECK-NEXT:    llvm.call @pycomp_nrt_decref(%[[L]])
# CHECK-NEXT:    llvm.mlir.constant({{[0-9]+}} : i32) : i32
# CHECK-NEXT:    llvm.return
