// RUN: pycomp-opt %s --split-input-file -p nb-static-raise | filecheck %s

// `raise E(c1, c2)` with constant positional arguments: the terminator
// becomes nb.static_raise carrying the class and the argument tuple; the
// exception-building call is erased (its operands are left for nb-dce).

// CHECK-LABEL: nb.func @with_args(
// CHECK:         nb.cond_br %{{.*}} : !nb.type<bool>, ^[[RAISE:.*]], ^[[OK:.*]]{{$}}
// CHECK-NEXT:  ^[[RAISE]]:
// CHECK-NOT:     nb.call
// CHECK:         nb.static_raise <ValueError> <('bad value', 3)>
// CHECK-NEXT:  ^[[OK]]:
// CHECK-NEXT:    nb.return
nb.func @with_args(%c: !nb.type<bool>) -> !nb.type<none> attributes {arg_names = ["c"]} {
  %none = nb.const <None> : !nb.type<none>
  nb.cond_br %c : !nb.type<bool>, ^raise, ^ok
^raise:
  %e = nb.global "ValueError" = <ValueError> : !nb.type<?>
  %m = nb.const <"bad value"> : !nb.type<?>
  %n = nb.const <3> : !nb.type<?>
  %x = nb.call %e(%m, %n) kwnames [] : (!nb.type<?>, !nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.raise %x : !nb.type<?>
^ok:
  nb.return %none : !nb.type<none>
}

// -----

// `raise E` (the class itself): no arguments.

// CHECK-LABEL: nb.func @class_only(
// CHECK:         nb.static_raise <ZeroDivisionError> <()>
// CHECK-NOT:     nb.raise
nb.func @class_only() -> !nb.type<none> attributes {arg_names = []} {
  %e = nb.global "ZeroDivisionError" = <ZeroDivisionError> : !nb.type<?>
  nb.raise %e : !nb.type<?>
}

// -----

// An exception built from a run-time value stays a dynamic nb.raise.

// CHECK-LABEL: nb.func @runtime_args(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>)
// CHECK:         %[[X:.*]] = nb.call %{{.*}}(%[[A]]) kwnames []
// CHECK-NEXT:    nb.raise %[[X]] : !nb.type<?>
// CHECK-NOT:     nb.static_raise
nb.func @runtime_args(%a: !nb.type<?>) -> !nb.type<none> attributes {arg_names = ["a"]} {
  %e = nb.global "ValueError" = <ValueError> : !nb.type<?>
  %x = nb.call %e(%a) kwnames [] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.raise %x : !nb.type<?>
}
