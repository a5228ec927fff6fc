# RUN: pycomp-opt %s --function view --signature "(array(float64, 1d, C), int64, int64, int64)" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s
# RUN: pycomp-opt %s --function assign --signature "(array(float64, 1d, C), array(float64, 1d, A))" -p nb-static-getitem,nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s --check-prefix=ASSIGN

# A slice value is {start, stop, step}; applied to an extent it raises
# ValueError for a zero step, then clips like slice.indices. The view is a
# new array struct over the same meminfo and parent, with the data pointer
# moved to the first element and the stride multiplied by the step.

# CHECK-LABEL: llvm.func @view(
# CHECK:         %[[SL:.*]] = llvm.insertvalue %{{.*}}[2] : !llvm.struct<(i64, i64, i64)>
# CHECK:         %[[STEP:.*]] = llvm.extractvalue %[[SL]][2] : !llvm.struct<(i64, i64, i64)>
# CHECK:         %[[ZERO:.*]] = llvm.icmp "eq" %[[STEP]], %{{.*}} : i64
# CHECK-NEXT:    llvm.cond_br %[[ZERO]], ^[[RAISE:.*]], ^[[OK:.*]]
# CHECK:       ^[[OK]]:
# CHECK:         %[[STRIDE:.*]] = llvm.mul %{{.*}}, %[[STEP]] : i64
# CHECK:         %[[DATA:.*]] = llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
# CHECK:         %[[MI:.*]] = llvm.extractvalue %{{.*}}[0]
# CHECK-NEXT:    llvm.insertvalue %[[MI]], %{{.*}}[0]
# CHECK:         llvm.insertvalue %[[STRIDE]], %{{.*}}[6, 0]
# CHECK:         llvm.insertvalue %[[DATA]], %{{.*}}[4]
# CHECK:       ^[[RAISE]]:
# CHECK-NEXT:    llvm.mlir.constant
# CHECK-NEXT:    llvm.return
def view(a, i, j, k):
    return a[i:j:k]


# Assigning an array to a view checks the shapes broadcast, then copies the
# source to a temporary when the byte ranges of source and target
# intersect (a[1:] = b where b may be a view of a) unless both are the same
# view (same data pointer, shape and strides), and releases it after.
# ASSIGN-LABEL: llvm.func @assign(
# ASSIGN:         llvm.ptrtoint
# ASSIGN:         llvm.ptrtoint
# ASSIGN:         %[[OVERLAP:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
# ASSIGN:         %[[PA:.*]] = llvm.ptrtoint
# ASSIGN:         %[[PB:.*]] = llvm.ptrtoint
# ASSIGN-NEXT:    llvm.icmp "eq" %[[PA]], %[[PB]] : i64
# ASSIGN:         %[[T:.*]] = llvm.mlir.constant(true) : i1
# ASSIGN-NEXT:    %[[DIFF:.*]] = llvm.xor %{{.*}}, %[[T]] : i1
# ASSIGN-NEXT:    %[[COPYIT:.*]] = llvm.and %[[OVERLAP]], %[[DIFF]] : i1
# ASSIGN-NEXT:    %[[NO:.*]] = llvm.mlir.constant(false) : i1
# ASSIGN-NEXT:    llvm.cond_br %[[COPYIT]], ^[[COPY:bb[0-9]+]], ^[[JOIN:bb[0-9]+]](%{{.*}}, %[[NO]] : !llvm.struct<{{.*}}>, i1)
# ASSIGN:       ^[[COPY]]:
# ASSIGN:         llvm.call @pycomp_nrt_allocate
# ASSIGN:         llvm.br ^[[JOIN]](
# ASSIGN:       ^[[JOIN]](%{{.*}}: !llvm.struct<{{.*}}>, %[[OWNED:.*]]: i1):
# ASSIGN:         llvm.cond_br %[[OWNED]], ^[[FREE:.*]], ^
# ASSIGN:       ^[[FREE]]:
# ASSIGN:         llvm.call @pycomp_nrt_decref
def assign(a, b):
    a[1:] = b
