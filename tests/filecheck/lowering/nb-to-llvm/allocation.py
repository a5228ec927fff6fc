# RUN: pycomp-opt %s --function zeros --signature "(int64)" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s
# RUN: pycomp-opt %s --function two --signature "(int64)" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s --check-prefix=RELEASE

import numpy as np


# np.zeros(n): a negative extent raises, the size is checked against the
# address space, the runtime allocates (null: MemoryError), the data
# pointer is the meminfo's field 3, and the array struct is filled.
# CHECK-LABEL: llvm.func @zeros(
# CHECK:         %[[NEG:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
# CHECK:         llvm.cond_br %[[NEG]]
# CHECK:         %[[MI:.*]] = llvm.call @pycomp_nrt_allocate(%{{.*}}) : (i64) -> !llvm.ptr
# CHECK:         %[[ADDR:.*]] = llvm.ptrtoint %[[MI]] : !llvm.ptr to i64
# CHECK:         llvm.icmp "eq" %[[ADDR]]
# CHECK:         %[[P:.*]] = llvm.getelementptr inbounds %[[MI]][0, 3] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64)>
# CHECK:         %[[DATA:.*]] = llvm.load %[[P]] : !llvm.ptr -> !llvm.ptr
# CHECK:         llvm.insertvalue %[[MI]], %{{.*}}[0]
# CHECK:         llvm.insertvalue %[[DATA]], %{{.*}}[4]
def zeros(n):
    return np.zeros(n)


# An exception leaving an op releases what the function owns there: when
# the second allocation fails, the first array is released before the
# status is returned.
# RELEASE-LABEL: llvm.func @two(
# RELEASE:         %[[A:.*]] = llvm.call @pycomp_nrt_allocate
# RELEASE:         llvm.call @pycomp_nrt_allocate
# RELEASE:         llvm.cond_br %{{.*}}, ^[[FAIL:bb[0-9]+]], ^
# RELEASE:       ^[[FAIL]]:
# RELEASE-NEXT:    %[[MI:.*]] = llvm.extractvalue %{{.*}}[0]
# RELEASE-NEXT:    llvm.call @pycomp_nrt_decref(%[[MI]])
# RELEASE-NEXT:    %[[S:.*]] = llvm.mlir.constant({{[0-9]+}} : i32) : i32
# RELEASE-NEXT:    llvm.return %[[S]] : i32
def two(n):
    a = np.ones(n)
    b = np.zeros(n)
    return a[0] + b[0]
