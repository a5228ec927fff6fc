// RUN: pycomp-opt %s -p nb-simplify-cfg | filecheck %s

// Unreachable blocks (and the cycles among them) are dropped.

// CHECK-LABEL: nb.func @unreachable(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    nb.return %[[A]]
// CHECK-NEXT:  }
nb.func @unreachable(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<?>
^dead:
  %0 = nb.unary "-" %a : (!nb.type<?>) -> !nb.type<?>
  nb.br ^dead2(%0 : !nb.type<?>)
^dead2(%d: !nb.type<?>):
  nb.br ^dead
}
