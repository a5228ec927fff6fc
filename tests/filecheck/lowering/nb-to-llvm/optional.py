# RUN: pycomp-opt %s --function merge --signature "(int64)" -p nb-type-infer,nb-to-llvm | filecheck %s
# RUN: pycomp-opt %s --function arg --signature "(optional(float64))" -p nb-type-infer,nb-to-llvm | filecheck %s --check-prefix=ARG

# An optional(T) is a struct {T, i1 valid}: None is {undef, false}, a T is
# {value, true}; `is None` tests the valid bit (irgen branches on `is not`); using an optional as a T
# checks it and returns the status raising TypeError("expected T, got
# None") when it is clear. The return slot holds the whole struct.


def merge(x):
    y = None
    if x > 0:
        y = x
    if y is None:
        return None
    return y * 2


def arg(x):
    return x + 1.0


# CHECK-LABEL: llvm.func @merge(
# CHECK-SAME:      %[[RET:[^:]+]]: !llvm.ptr, %[[X:[^:]+]]: i64) -> i32
# CHECK:         %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i64, i1)>
# CHECK-NEXT:    %[[F:.*]] = llvm.mlir.constant(false) : i1
# CHECK-NEXT:    %[[NONE:.*]] = llvm.insertvalue %[[F]], %[[U]][1] : !llvm.struct<(i64, i1)>
# CHECK-NEXT:    llvm.cond_br %{{.*}}, ^[[SOME:.*]], ^[[MERGE:.*]](%[[NONE]] : !llvm.struct<(i64, i1)>)
# CHECK:       ^[[SOME]]:
# CHECK-NEXT:    %[[T:.*]] = llvm.mlir.constant(true) : i1
# CHECK-NEXT:    %[[U2:.*]] = llvm.mlir.undef : !llvm.struct<(i64, i1)>
# CHECK-NEXT:    %[[V:.*]] = llvm.insertvalue %[[X]], %[[U2]][0] : !llvm.struct<(i64, i1)>
# CHECK-NEXT:    %[[S:.*]] = llvm.insertvalue %[[T]], %[[V]][1] : !llvm.struct<(i64, i1)>
# CHECK-NEXT:    llvm.br ^[[MERGE]](%[[S]] : !llvm.struct<(i64, i1)>)
# CHECK:       ^[[MERGE]](%[[Y:.*]]: !llvm.struct<(i64, i1)>):
# CHECK:         %[[VALID:.*]] = llvm.extractvalue %[[Y]][1] : !llvm.struct<(i64, i1)>
# CHECK-NEXT:    %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
# CHECK-NEXT:    %[[ISNONE:.*]] = llvm.xor %[[VALID]], %[[TRUE]] : i1
# CHECK:         llvm.cond_br
# CHECK:         %[[FALSE:.*]] = llvm.mlir.constant(false) : i1
# CHECK-NEXT:    %[[RNONE:.*]] = llvm.insertvalue %[[FALSE]], %{{.*}}[1] : !llvm.struct<(i64, i1)>
# CHECK-NEXT:    llvm.store %[[RNONE]], %[[RET]] : !llvm.struct<(i64, i1)>, !llvm.ptr
# CHECK:         %[[PAYLOAD:.*]] = llvm.extractvalue %[[Y]][0] : !llvm.struct<(i64, i1)>
# CHECK-NEXT:    %[[M:.*]] = llvm.mul %[[PAYLOAD]], %{{.*}} : i64
# CHECK:         llvm.store %{{.*}}, %[[RET]] : !llvm.struct<(i64, i1)>, !llvm.ptr

# ARG-LABEL: llvm.func @arg(
# ARG-SAME:      %{{[^:]+}}: !llvm.ptr, %[[X:[^:]+]]: !llvm.struct<(f64, i1)>) -> i32
# ARG:         %[[VALID:.*]] = llvm.extractvalue %[[X]][1] : !llvm.struct<(f64, i1)>
# ARG-NEXT:    %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
# ARG-NEXT:    %[[ISNONE:.*]] = llvm.xor %[[VALID]], %[[TRUE]] : i1
# ARG-NEXT:    llvm.cond_br %[[ISNONE]], ^[[RAISE:.*]], ^[[OK:.*]]
# ARG:       ^[[OK]]:
# ARG-NEXT:    %[[V:.*]] = llvm.extractvalue %[[X]][0] : !llvm.struct<(f64, i1)>
# ARG-NEXT:    llvm.fadd %[[V]], %{{.*}} : f64
# ARG:       ^[[RAISE]]:
# ARG-NEXT:    %[[S:.*]] = llvm.mlir.constant({{[0-9]+}} : i32) : i32
# ARG-NEXT:    llvm.return %[[S]] : i32
