# RUN: pycomp-opt %s --function lookup --signature "(int64)" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s

# A global ndarray of more than 1 MB is not frozen (Numba's limit): no
# constant global holds its bytes; the array struct's data pointer is the
# ndarray's own buffer and its parent the ndarray object, both addresses
# made into pointers. Still no meminfo, so nothing is reference counted.

import numpy as np

BIG = np.zeros(200_000)

# CHECK-NOT:   llvm.mlir.global
# CHECK-LABEL: llvm.func @lookup(
# CHECK:         %[[DATA:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
# CHECK:         %[[PARENT:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
# CHECK:         %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
# CHECK-NEXT:    llvm.insertvalue %[[NULL]], %{{.*}}[0]
# CHECK-NEXT:    llvm.insertvalue %[[PARENT]], %{{.*}}[1]
# CHECK:         llvm.insertvalue %[[DATA]], %{{.*}}[4]
# CHECK-NOT:     pycomp_nrt_decref
# CHECK:         llvm.return
def lookup(i):
    return BIG[i]
