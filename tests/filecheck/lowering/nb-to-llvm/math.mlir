// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm | filecheck %s

// math functions LLVM knows become intrinsic calls, mangled with the float
// type; the others call libm, declared at the top of the module.

// CHECK-LABEL: llvm.func @root(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[X:[^:]+]]: f64) -> i32 {
// CHECK:         %[[R:.*]] = llvm.call_intrinsic "llvm.sqrt.f64"(%[[X]]) : (f64) -> f64
// CHECK-NEXT:    llvm.store %[[R]], %[[RES]] : f64, !llvm.ptr
nb.func @root(%x: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["x"]} {
  %sqrt = nb.global "math.sqrt" = <math.sqrt> : !nb.type<function(math.sqrt)>
  %0 = nb.call %sqrt(%x) kwnames [] : (!nb.type<function(math.sqrt)>, !nb.type<float64>) -> !nb.type<float64>
  nb.return %0 : !nb.type<float64>
}

// -----

// CHECK-LABEL: builtin.module {
// CHECK-NEXT:    llvm.func @atan2(f64, f64) -> f64
// CHECK-NEXT:    llvm.func @angle(
// CHECK-SAME:        %{{[^:]+}}: !llvm.ptr, %[[Y:[^:]+]]: f64, %[[X:[^:]+]]: f64) -> i32 {
// CHECK:           %{{.*}} = llvm.call @atan2(%[[Y]], %[[X]]) : (f64, f64) -> f64
nb.func @angle(%y: !nb.type<float64>, %x: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["y", "x"]} {
  %atan2 = nb.global "math.atan2" = <math.atan2> : !nb.type<function(math.atan2)>
  %0 = nb.call %atan2(%y, %x) kwnames [] : (!nb.type<function(math.atan2)>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  nb.return %0 : !nb.type<float64>
}
