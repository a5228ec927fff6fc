// RUN: pycomp-opt %s -p 'nb-to-llvm{fastmath=true}' | pycomp-opt | filecheck %s
// RUN: pycomp-opt %s -p 'nb-to-llvm{fastmath=true}' --print-op-generic | pycomp-opt | filecheck %s
// RUN: pycomp-opt %s -p 'nb-to-llvm{fastmath=true}' > %t.mlir && pycomp-opt %t.mlir > %t.2.mlir && diff %t.mlir %t.2.mlir

// The output of nb-to-llvm parses back (the llvmx casts included), in the
// custom and the generic form, and prints the same again.

// CHECK-LABEL: builtin.module {
// CHECK-NEXT:    llvm.func @hypot(f64, f64) -> f64
// CHECK-LABEL:   llvm.func @mix(
// CHECK-SAME:        %[[RES:[^:]+]]: !llvm.ptr, %[[P:[^:]+]]: !llvm.ptr, %[[X:[^:]+]]: f64) -> i32 {
// CHECK:           llvm.alloca
// CHECK:           llvm.load %[[P]]
// CHECK:         ^{{.*}}(%{{[^:]+}}: f64):
// CHECK:           llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK:           llvm.call_intrinsic "llvm.sqrt.f64"
// CHECK:           llvm.call @hypot(
// CHECK:           llvmx.fptosi %{{.*}} : f64 to i64
// CHECK:           llvm.fadd %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f64
// CHECK-NEXT:      llvm.br ^{{.*}}(%{{.*}} : f64)
nb.func @mix(%a: !nb.type<array(float64, 1d, C)>, %x: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a", "x"]} {
  %zero = nb.const <0.0> : !nb.type<float64>
  %range = nb.global "range" = <range> : !nb.type<function(range)>
  %sqrt = nb.global "math.sqrt" = <math.sqrt> : !nb.type<function(math.sqrt)>
  %hypot = nb.global "math.hypot" = <math.hypot> : !nb.type<function(math.hypot)>
  %shape = nb.getattr %a, "shape" : (!nb.type<array(float64, 1d, C)>) -> !nb.type<UniTuple(int64 x 1)>
  %n = nb.static_getitem %shape[<0>] : (!nb.type<UniTuple(int64 x 1)>) -> !nb.type<int64>
  %r = nb.call %range(%n) kwnames [] : (!nb.type<function(range)>, !nb.type<int64>) -> !nb.type<range_state_int64>
  %it = nb.getiter %r : (!nb.type<range_state_int64>) -> !nb.type<range_iter_int64>
  nb.br ^head(%zero : !nb.type<float64>)
^head(%acc: !nb.type<float64>):
  %i, %ok = nb.iternext %it : (!nb.type<range_iter_int64>) -> (!nb.type<int64>, !nb.type<bool>)
  nb.cond_br %ok : !nb.type<bool>, ^body, ^exit
^exit:
  nb.return %acc : !nb.type<float64>
^body:
  %e = nb.getitem %a[%i] : (!nb.type<array(float64, 1d, C)>, !nb.type<int64>) -> !nb.type<float64>
  %s = nb.call %sqrt(%e) kwnames [] : (!nb.type<function(math.sqrt)>, !nb.type<float64>) -> !nb.type<float64>
  %h = nb.call %hypot(%s, %x) kwnames [] : (!nb.type<function(math.hypot)>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  %k = nb.cast %h : (!nb.type<float64>) -> !nb.type<int64>
  %kf = nb.cast %k : (!nb.type<int64>) -> !nb.type<float64>
  %next = nb.inplace_binop "+" %acc, %kf : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  nb.br ^head(%next : !nb.type<float64>)
}
