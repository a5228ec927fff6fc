// REQUIRES: pycomp_toy
// RUN: pycomp-opt %s --split-input-file -p nb-type-infer | filecheck %s

// nb-type-infer types the toy ops through the plugin's typing rules
// (registered by op name): toy.interval gives an interval, toy.width and
// toy.clamp a float64; the signature each rule returns makes type
// inference cast the number operands to float64.

// CHECK-LABEL: nb.func @ops(
// CHECK-SAME:      %[[LO:[^:]+]]: !nb.type<int64>, %[[HI:[^:]+]]: !nb.type<float64>, %[[X:[^:]+]]: !nb.type<int32>) -> !nb.type<float64>
// CHECK-NEXT:    %[[LOF:.*]] = nb.cast %[[LO]] : (!nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:    %[[IV:.*]] = toy.interval %[[LOF]], %[[HI]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<interval>
// CHECK-NEXT:    %[[W:.*]] = toy.width %[[IV]] : (!nb.type<interval>) -> !nb.type<float64>
// CHECK-NEXT:    %[[XF:.*]] = nb.cast %[[X]] : (!nb.type<int32>) -> !nb.type<float64>
// CHECK-NEXT:    %[[C:.*]] = toy.clamp %[[XF]], %[[IV]] : (!nb.type<float64>, !nb.type<interval>) -> !nb.type<float64>
// CHECK-NEXT:    %[[S:.*]] = nb.binop "+" %[[W]], %[[C]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:    nb.return %[[S]] : !nb.type<float64>
nb.func @ops(%lo: !nb.type<int64>, %hi: !nb.type<float64>, %x: !nb.type<int32>) -> !nb.type<?> attributes {arg_names = ["lo", "hi", "x"]} {
  %iv = toy.interval %lo, %hi : (!nb.type<int64>, !nb.type<float64>) -> !nb.type<?>
  %w = toy.width %iv : (!nb.type<?>) -> !nb.type<?>
  %c = toy.clamp %x, %iv : (!nb.type<int32>, !nb.type<?>) -> !nb.type<?>
  %s = nb.binop "+" %w, %c : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %s : !nb.type<?>
}

// -----

// Intervals flow like any value: through a merge (block arguments unify)
// and into a loop body (nb.for_range), where the toy ops are typed too.

// CHECK-LABEL: nb.func @flow(
// CHECK:         toy.interval %{{.*}}, %{{.*}} : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<interval>
// CHECK:       ^[[M:.*]](%[[IV:[^:]+]]: !nb.type<interval>):
// CHECK:         nb.for_range
// CHECK:           %[[IF:.*]] = nb.cast %{{.*}} : (!nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:      toy.clamp %[[IF]], %[[IV]] : (!nb.type<float64>, !nb.type<interval>) -> !nb.type<float64>
// CHECK:           nb.yield %{{.*}} : !nb.type<float64>
// CHECK:         nb.return %{{.*}} : !nb.type<float64>
nb.func @flow(%c: !nb.type<bool>, %n: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["c", "n"]} {
  %zero = nb.const <0.0> : !nb.type<?>
  %one = nb.const <1.0> : !nb.type<?>
  %a = toy.interval %zero, %one : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %b = toy.interval %one, %one : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.cond_br %c : !nb.type<bool>, ^t, ^f
^t:
  nb.br ^m(%a : !nb.type<?>)
^f:
  nb.br ^m(%b : !nb.type<?>)
^m(%iv: !nb.type<?>):
  %i0 = nb.const <0> : !nb.type<?>
  %i1 = nb.const <1> : !nb.type<?>
  %r = nb.for_range %i0, %n, %i1 iter_args(%zero : !nb.type<?>) : !nb.type<?>, !nb.type<int64>, !nb.type<?> -> !nb.type<?> {
  ^bb0(%i: !nb.type<?>, %s: !nb.type<?>):
    %k = toy.clamp %i, %iv : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
    %t = nb.binop "+" %s, %k : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
    nb.yield %t : !nb.type<?>
  }
  nb.return %r : !nb.type<?>
}
