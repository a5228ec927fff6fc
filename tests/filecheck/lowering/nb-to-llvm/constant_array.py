# RUN: pycomp-opt %s --function lookup --signature "(int64)" -p nb-type-infer,nb-insert-refcounts,nb-to-llvm | filecheck %s

# A global ndarray is frozen when the function compiles: its bytes become a
# private constant global of the module (64-byte aligned, named by a hash
# of its contents), and the array struct points at it with no meminfo and
# no parent. Nothing owns a constant, so nothing is reference counted.

import numpy as np

TABLE = np.array([1.5, 2.5, 4.0])

# CHECK:       llvm.mlir.global internal constant @[[G:pycomp\.const\.[0-9a-f]+]](dense<[0, 0, 0, 0, 0, 0, -8, 63, {{.*}}]> : tensor<24xi8>) {{{.*}}alignment = 64 : i64} : !llvm.array<24 x i8>
# CHECK-LABEL: llvm.func @lookup(
# CHECK:         %[[P:.*]] = llvm.mlir.addressof @[[G]] : !llvm.ptr
# CHECK:         %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
# CHECK-NEXT:    llvm.insertvalue %[[NULL]], %{{.*}}[0]
# CHECK:         llvm.insertvalue %[[P]], %{{.*}}[4]
# CHECK-NOT:     pycomp_nrt_decref
# CHECK:         llvm.return
def lookup(i):
    return TABLE[i]
