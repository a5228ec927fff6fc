# RUN: pycomp-opt %s --function f --signature "(int64, float32)" -p nb-static-raise,nb-type-infer,nb-to-llvm | filecheck %s

# `raise E(args)` with run-time numbers: the values, widened to 64-bit words
# (an int as is, a float32 extended to double and its bits taken), are stored
# in a stack array that @pycomp_exc_set_values copies for the wrapper; then
# the status of the exception-table entry (whose decoder rebuilds the args)
# is returned as for a constant raise.


def f(x, y):
    if x > 1:
        raise ValueError("x is", x, "and y", y)
    return x


# CHECK-LABEL: llvm.func @f(
# CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[X:[^:]+]]: i64, %[[Y:[^:]+]]: f32) -> i32
# CHECK:         %[[SLOTS:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x i64>
# CHECK:         %[[D:.*]] = llvm.fpext %[[Y]] : f32 to f64
# CHECK-NEXT:    %[[BITS:.*]] = llvm.bitcast %[[D]] : f64 to i64
# CHECK:         llvm.store %[[X]], %{{.*}} : i64, !llvm.ptr
# CHECK:         llvm.store %[[BITS]], %{{.*}} : i64, !llvm.ptr
# CHECK:         %[[N:.*]] = llvm.mlir.constant(2 : i32) : i32
# CHECK-NEXT:    llvm.call @pycomp_exc_set_values(%[[SLOTS]], %[[N]]) : (!llvm.ptr, i32) -> ()
# CHECK-NEXT:    %[[ST:.*]] = llvm.mlir.constant({{[1-9][0-9]*}} : i32) : i32
# CHECK-NEXT:    llvm.return %[[ST]] : i32
