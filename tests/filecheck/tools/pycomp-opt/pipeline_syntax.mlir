// RUN: pycomp-opt %s -p 'builtin.module(nb-static-getitem,nb-dce)' | filecheck %s
// RUN: pycomp-opt %s --pass-pipeline='builtin.module(nb.func(nb-static-getitem),nb-dce)' | filecheck %s
// RUN: pycomp-opt %s -p nb-static-getitem,nb-dce | filecheck %s
// RUN: not pycomp-opt %s -p 'builtin.module(nb-dce' 2>&1 | filecheck %s --check-prefix=UNBALANCED
// RUN: not pycomp-opt %s -p 'builtin.module(no-such-pass)' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not pycomp-opt %s -p 'func.func(nb-dce)' 2>&1 | filecheck %s --check-prefix=ANCHOR

// MLIR's nested pipeline syntax and xDSL's flat list run the same passes.

// CHECK-LABEL: nb.func @f(
// CHECK-SAME:      %[[T:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    %[[R:.*]] = nb.static_getitem %[[T]][<0>]
// CHECK-NEXT:    nb.return %[[R]]
nb.func @f(%t: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["t"]} {
  %i = nb.const <0> : !nb.type<?>
  %0 = nb.getitem %t[%i] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// UNBALANCED: error: missing ')' for 'builtin.module(' in pass pipeline
// UNKNOWN: error: unknown pass: no-such-pass
// ANCHOR: error: cannot anchor a pass pipeline on 'func.func'
