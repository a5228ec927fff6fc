// RUN: pycomp-opt %s -p 'builtin.module(nb.func(nb-dce))' --print-ir-after-all 2>&1 | filecheck %s
// RUN: pycomp-opt %s -pass-pipeline='builtin.module(nb-dce)' --print-ir-after-all 2>&1 | filecheck %s --check-prefix=MODULE

// A pipeline nested under nb.func runs on each function on its own, as
// MLIR runs a nested pipeline: nb-dce runs twice, and each dump shows one
// function. At module level it runs once on both.

// CHECK:      IR Dump After nb-dce
// CHECK-NEXT: builtin.module {
// CHECK-NEXT:   nb.func @f(
// CHECK-NEXT:     nb.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK:      IR Dump After nb-dce
// CHECK-NEXT: builtin.module {
// CHECK-NEXT:   nb.func @g(
// CHECK-NEXT:     nb.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// The module afterwards: both functions, in their order
// CHECK:      builtin.module {
// CHECK-NEXT:   nb.func @f(
// CHECK:        nb.func @g(

// MODULE:     IR Dump After nb-dce
// MODULE-NEXT: builtin.module {
// MODULE-NEXT:   nb.func @f(
// MODULE:        nb.func @g(
// MODULE-NOT: IR Dump After

nb.func @f(%a: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a"]} {
  %c = nb.const <1> : !nb.type<int64>
  nb.return %a : !nb.type<float64>
}
nb.func @g(%a: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a"]} {
  %c = nb.const <2> : !nb.type<int64>
  nb.return %a : !nb.type<float64>
}
