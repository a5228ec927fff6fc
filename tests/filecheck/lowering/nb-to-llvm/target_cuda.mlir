// RUN: pycomp-opt %s --split-input-file -p "nb-to-llvm{target=cuda}" --verify-diagnostics | filecheck %s

// The same lowering with another target behind the target interface
// (targets/base.py): with target=cuda the data model and calling
// convention are the same (a device function keeps the status
// convention), but math functions are libdevice's (__nv_*), and what has
// no CUDA implementation (the C helper behind math.gcd) is an error
// naming the op.

// CHECK-LABEL: llvm.func @__nv_atan2(f64, f64) -> f64
// CHECK-LABEL: llvm.func @angle(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[Y:[^:]+]]: f64, %[[X:[^:]+]]: f64) -> i32 {
// CHECK:         llvm.call @__nv_atan2(%[[Y]], %[[X]]) : (f64, f64) -> f64
nb.func @angle(%y: !nb.type<float64>, %x: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["y", "x"]} {
  %atan2 = nb.global "math.atan2" = <math.atan2> : !nb.type<function(math.atan2)>
  %0 = nb.call %atan2(%y, %x) kwnames [] : (!nb.type<function(math.atan2)>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  nb.return %0 : !nb.type<float64>
}

// -----

// float32 math takes libdevice's f-suffixed functions; LLVM's math
// intrinsics the generic implementations emit are rewritten to them.
// CHECK-LABEL: llvm.func @sine(
// CHECK:         llvm.call @__nv_sinf(%{{.*}}) : (f32) -> f32
nb.func @sine(%x: !nb.type<float32>) -> !nb.type<float32> attributes {arg_names = ["x"]} {
  %sin = nb.global "math.sin" = <math.sin> : !nb.type<function(math.sin)>
  %0 = nb.call %sin(%x) kwnames [] : (!nb.type<function(math.sin)>, !nb.type<float32>) -> !nb.type<float32>
  nb.return %0 : !nb.type<float32>
}

// -----

nb.func @gcd(%a: !nb.type<int64>, %b: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a", "b"]} {
  %gcd = nb.global "math.gcd" = <math.gcd> : !nb.type<function(math.gcd)>
  // expected-error @below {{math.gcd() is not supported on the CUDA target}}
  %0 = nb.call %gcd(%a, %b) kwnames [] : (!nb.type<function(math.gcd)>, !nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  nb.return %0 : !nb.type<int64>
}
