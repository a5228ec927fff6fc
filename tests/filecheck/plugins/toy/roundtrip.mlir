// REQUIRES: pycomp_toy
// RUN: pycomp-opt %s | pycomp-opt | filecheck %s
// RUN: pycomp-opt %s --print-op-generic | pycomp-opt | filecheck %s

// The toy dialect of the test plugin (tests/plugins/pycomp-toy), found
// through its xdsl.universe entry point: its ops print in their declarative
// formats and parse back, from the custom and the generic form, and so does
// the type `interval` it adds to !nb.type<...> (its name is registered with
// pycomp's type grammar), also inside other types and before any toy op.

// CHECK-LABEL: nb.func @typed(
// CHECK-SAME:      %[[IV:[^:]+]]: !nb.type<interval>, %[[T:[^:]+]]: !nb.type<UniTuple(interval x 2)>, %[[X:[^:]+]]: !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:    %[[W:.*]] = toy.width %[[IV]] : (!nb.type<interval>) -> !nb.type<float64>
// CHECK-NEXT:    %[[C:.*]] = toy.clamp %[[X]], %[[IV]] : (!nb.type<float64>, !nb.type<interval>) -> !nb.type<float64>
// CHECK-NEXT:    %[[N:.*]] = toy.interval %[[W]], %[[C]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<interval>
// CHECK-NEXT:    nb.return %[[C]] : !nb.type<float64>
nb.func @typed(%iv: !nb.type<interval>, %t: !nb.type<UniTuple(interval x 2)>, %x: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["iv", "t", "x"]} {
  %w = toy.width %iv : (!nb.type<interval>) -> !nb.type<float64>
  %c = toy.clamp %x, %iv : (!nb.type<float64>, !nb.type<interval>) -> !nb.type<float64>
  %n = toy.interval %w, %c : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<interval>
  nb.return %c : !nb.type<float64>
}

// CHECK-LABEL: nb.func @untyped(
// CHECK-SAME:      %[[LO:[^:]+]]: !nb.type<?>, %[[HI:[^:]+]]: !nb.type<?>, %[[X:[^:]+]]: !nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    %[[IV:.*]] = toy.interval %[[LO]], %[[HI]] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    %[[W:.*]] = toy.width %[[IV]] : (!nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    %[[C:.*]] = toy.clamp %[[X]], %[[IV]] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    nb.return %[[C]] : !nb.type<?>
nb.func @untyped(%lo: !nb.type<?>, %hi: !nb.type<?>, %x: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["lo", "hi", "x"]} {
  %iv = toy.interval %lo, %hi : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %w = toy.width %iv : (!nb.type<?>) -> !nb.type<?>
  %c = toy.clamp %x, %iv : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %c : !nb.type<?>
}
