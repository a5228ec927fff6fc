// RUN: pycomp-opt %s -p nb-lift-range-loops,nb-dce | filecheck %s

// A `break` out of an inner loop may branch straight to the outer loop's
// header (CPython 3.12's bytecode for a for-else nest gives this CFG).
// The outer loop is lifted: that edge becomes a yield of the outer body.
// The inner loop is then left through that yield, not only through its
// header, so it keeps its CFG form (lifting it would hand the outer
// loop's yield to the inner op).

// CHECK-LABEL: nb.func @nested_else(
// CHECK:         %[[R:.*]] = nb.for_range %{{.*}} iter_args(%{{.*}} : !nb.type<?>)
// CHECK-NEXT:    ^{{.*}}(%[[K:[^:]+]]: !nb.type<?>, %[[P:[^:]+]]: !nb.type<?>):
// CHECK-NOT:       nb.for_range
// CHECK:           nb.iternext
// CHECK:           nb.yield %{{.*}} : !nb.type<?>
// CHECK:           nb.cond_br %{{.*}} : !nb.type<bool>, ^[[BRK:.*]], ^{{.*}}
// CHECK-NEXT:    ^[[BRK]]:
// CHECK-NEXT:      nb.yield %[[P]] : !nb.type<?>
// CHECK-NEXT:    }
// CHECK-NEXT:    nb.return %[[R]]
builtin.module {
  nb.func @nested_else(%0: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["n"]} {
    %1 = nb.const <0> : !nb.type<?>
    %2 = nb.global "range" = <range> : !nb.type<?>
    %3 = nb.const <2> : !nb.type<?>
    %4 = nb.call %2(%3, %0) kwnames [] : (!nb.type<?>, !nb.type<?>, !nb.type<?>) -> !nb.type<?>
    %5 = nb.getiter %4 : (!nb.type<?>) -> !nb.type<?>
    nb.br ^bb1(%1 : !nb.type<?>)
  ^bb1(%6: !nb.type<?>):
    %7, %8 = nb.iternext %5 : (!nb.type<?>) -> (!nb.type<?>, !nb.type<bool>)
    nb.cond_br %8 : !nb.type<bool>, ^bb3, ^bb2
  ^bb2:
    nb.return %6 : !nb.type<?>
  ^bb3:
    %9 = nb.global "range" = <range> : !nb.type<?>
    %10 = nb.const <2> : !nb.type<?>
    %11 = nb.call %9(%10, %7) kwnames [] : (!nb.type<?>, !nb.type<?>, !nb.type<?>) -> !nb.type<?>
    %12 = nb.getiter %11 : (!nb.type<?>) -> !nb.type<?>
    nb.br ^bb4
  ^bb4:
    %13, %14 = nb.iternext %12 : (!nb.type<?>) -> (!nb.type<?>, !nb.type<bool>)
    nb.cond_br %14 : !nb.type<bool>, ^bb6, ^bb5
  ^bb5:
    %15 = nb.const <1> : !nb.type<?>
    %16 = nb.inplace_binop "+" %6, %15 : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
    nb.br ^bb1(%16 : !nb.type<?>)
  ^bb6:
    %17 = nb.binop "%" %7, %13 : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
    %18 = nb.const <0> : !nb.type<?>
    %19 = nb.binop "==" %17, %18 : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
    %20 = nb.truth %19 : (!nb.type<?>) -> !nb.type<bool>
    nb.cond_br %20 : !nb.type<bool>, ^bb1(%6 : !nb.type<?>), ^bb4
  }
}

