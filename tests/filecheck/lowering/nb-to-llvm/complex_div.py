# RUN: pycomp-opt %s --function f --signature "(complex128, complex128)" -p nb-type-infer,nb-to-llvm | filecheck %s

# Complex division lowers to CPython's algorithm (Smith's method): a zero
# divisor raises, both scalings are computed and the one for the larger
# part of the divisor selected (ordered compares: a nan divisor selects nan).


def f(a, b):
    return a / b


# CHECK-LABEL: llvm.func @f(
# CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: !llvm.struct<(f64, f64)>, %[[B:[^:]+]]: !llvm.struct<(f64, f64)>)
# CHECK:         %[[BR:.*]] = llvm.extractvalue %[[B]][0] : !llvm.struct<(f64, f64)>
# CHECK-NEXT:    %[[BI:.*]] = llvm.extractvalue %[[B]][1] : !llvm.struct<(f64, f64)>
# CHECK:         %[[Z1:.*]] = llvm.fcmp "oeq" %[[BR]]
# CHECK-NEXT:    %[[Z2:.*]] = llvm.fcmp "oeq" %[[BI]]
# CHECK-NEXT:    %[[Z:.*]] = llvm.and %[[Z1]], %[[Z2]] : i1
# CHECK-NEXT:    llvm.cond_br %[[Z]], ^[[RAISE:.*]], ^[[DIV:.*]]
# CHECK:       ^[[DIV]]:
# CHECK-NEXT:    %[[ABR:.*]] = llvm.call_intrinsic "llvm.fabs.f64"(%[[BR]])
# CHECK-NEXT:    %[[ABI:.*]] = llvm.call_intrinsic "llvm.fabs.f64"(%[[BI]])
# CHECK-NEXT:    %{{.*}} = llvm.fdiv %[[BI]], %[[BR]] : f64
# CHECK:         %{{.*}} = llvm.fdiv %[[BR]], %[[BI]] : f64
# CHECK:         %[[RL:.*]] = llvm.fcmp "oge" %[[ABR]], %[[ABI]] : f64
# CHECK-NEXT:    %[[IL:.*]] = llvm.fcmp "oge" %[[ABI]], %[[ABR]] : f64
# CHECK-NEXT:    %[[NAN:.*]] = llvm.mlir.constant(0x7ff8000000000000 : f64) : f64
# CHECK-NEXT:    %[[S:.*]] = llvm.select %[[IL]], %{{.*}}, %[[NAN]] : i1, f64
# CHECK-NEXT:    %{{.*}} = llvm.select %[[RL]], %{{.*}}, %[[S]] : i1, f64
# CHECK:       ^[[RAISE]]:
# CHECK-NEXT:    %[[ST:.*]] = llvm.mlir.constant({{[1-9][0-9]*}} : i32) : i32
# CHECK-NEXT:    llvm.return %[[ST]] : i32
