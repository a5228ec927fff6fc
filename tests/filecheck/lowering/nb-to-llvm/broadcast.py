# RUN: pycomp-opt %s --function add --signature "(array(float64, 1d, C), array(float64, 1d, C))" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s
# RUN: pycomp-opt %s --function add --signature "(array(float64, 2d, A), float64)" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s --check-prefix=STRIDED
# RUN: pycomp-opt %s --function iadd --signature "(array(float64, 1d, C), array(float64, 1d, A))" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s --check-prefix=INPLACE

# a + b on two C arrays: the extents are checked to broadcast (ValueError)
# before the result is allocated; then, when both have the result's shape,
# one flat loop with unit-stride addresses (what LLVM vectorizes), else a
# loop over byte strides where an extent of 1 has stride 0.
# CHECK-LABEL: llvm.func @add(
# CHECK:         %[[EA:.*]] = llvm.extractvalue %{{.*}}[5, 0]
# CHECK:         %[[EB:.*]] = llvm.extractvalue %{{.*}}[5, 0]
# CHECK:         %[[NE:.*]] = llvm.icmp "ne" %[[EB]], %[[EA]] : i64
# CHECK:         llvm.cond_br %{{.*}}, ^{{bb[0-9]+}}, ^
# CHECK:         llvm.call @pycomp_nrt_allocate
# CHECK:         llvm.insertvalue %{{.*}}[6, 0]
# CHECK:         llvm.cond_br %{{.*}}, ^[[FLAT:bb[0-9]+]],
# CHECK-SAME:    ^[[SLOW:bb[0-9]+]]
# CHECK:       ^[[SLOW]]:
# CHECK:         llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i64
# CHECK:         llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
# CHECK:       ^[[FLAT]]:
# CHECK:         llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f64
# CHECK:         llvm.fadd %{{.*}}, %{{.*}} : f64
def add(a, b):
    return a + b


# A 2d A array (a view: u[1:-1, 1:-1]) takes the rows loop when its last
# dimension has unit stride (an inner loop over the f64 elements of each
# row, which LLVM vectorizes), else one loop per dimension over byte
# strides. The scalar is read once, before them.
# STRIDED-LABEL: llvm.func @add(
# STRIDED:         llvm.call @pycomp_nrt_allocate
# STRIDED:         llvm.insertvalue %{{.*}}[6, 1]
# STRIDED:         llvm.cond_br %{{.*}}, ^[[ROWS:bb[0-9]+]], ^[[GENERAL:bb[0-9]+]]
# STRIDED-DAG:   ^[[ROWS]]:
# STRIDED-DAG:   ^[[GENERAL]]:
# STRIDED-DAG:     %[[P:.*]] = llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f64
# STRIDED-DAG:     %[[Y:.*]] = llvm.load %[[P]] : !llvm.ptr -> f64
# STRIDED-DAG:     llvm.fadd %[[Y]], %2 : f64
# STRIDED-DAG:     %[[Q:.*]] = llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
# STRIDED-DAG:     %[[X:.*]] = llvm.load %[[Q]] : !llvm.ptr -> f64
# STRIDED-DAG:     llvm.fadd %[[X]], %2 : f64


# a += b writes into a: the extents are checked first, then b is copied to
# a temporary when it shares memory with a without being the same view
# (NumPy reads the old values: a[1:] += a[:-1]); the copy is released after
# the loop.
# INPLACE-LABEL: llvm.func @iadd(
# INPLACE:         llvm.icmp "ne"
# INPLACE:         llvm.cond_br %{{.*}}, ^{{bb[0-9]+}}, ^
# INPLACE:         %[[T:.*]] = llvm.mlir.constant(true) : i1
# INPLACE-NEXT:    %[[DIFF:.*]] = llvm.xor %{{.*}}, %[[T]] : i1
# INPLACE-NEXT:    %[[COPYIT:.*]] = llvm.and %{{.*}}, %[[DIFF]] : i1
# INPLACE:         llvm.cond_br %[[COPYIT]], ^[[COPY:bb[0-9]+]], ^[[JOIN:bb[0-9]+]](
# INPLACE:       ^[[COPY]]:
# INPLACE:         llvm.call @pycomp_nrt_allocate
# INPLACE:       ^[[JOIN]](%{{.*}}: !llvm.struct<{{.*}}>, %[[OWNED:.*]]: i1):
# INPLACE:         llvm.cond_br %[[OWNED]], ^[[FREE:bb[0-9]+]], ^
# INPLACE:       ^[[FREE]]:
# INPLACE:         llvm.call @pycomp_nrt_decref
# INPLACE:         llvm.fadd
def iadd(a, b):
    a += b
