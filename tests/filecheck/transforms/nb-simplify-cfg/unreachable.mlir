// RUN: pycomp-opt %s -p nb-simplify-cfg | filecheck %s
// XFAIL: *
// Known bug (remove XFAIL when fixed): simplify_cfg calls
// op.drop_all_references() on the ops of an unreachable block, which in xDSL
// 0.74 also clears op.parent, so the following op.detach() raises
// "ValueError: Cannot detach a toplevel operation."

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
