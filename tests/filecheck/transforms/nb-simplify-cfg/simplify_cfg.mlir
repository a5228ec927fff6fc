// RUN: pycomp-opt %s --split-input-file -p nb-simplify-cfg | filecheck %s

// A block whose only predecessor reaches it by nb.br is merged into that
// predecessor, its arguments replaced by the branch operands; repeated, so
// a chain collapses into one block.

// CHECK-LABEL: nb.func @merge_chain(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    %[[ONE:.*]] = nb.const <1>
// CHECK-NEXT:    %[[S:.*]] = nb.binop "+" %[[A]], %[[ONE]]
// CHECK-NEXT:    nb.return %[[S]]
// CHECK-NEXT:  }
nb.func @merge_chain(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %one = nb.const <1> : !nb.type<?>
  nb.br ^b1(%one : !nb.type<?>)
^b1(%x: !nb.type<?>):
  %0 = nb.binop "+" %a, %x : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.br ^b2
^b2:
  nb.return %0 : !nb.type<?>
}

// -----

// A merge block (two predecessors) stays, with its block argument. An empty
// forwarding block is bypassed (its predecessor branches straight to the
// merge), but only while the predecessor has no other edge to that block.

// CHECK-LABEL: nb.func @keep_merge(
// CHECK-SAME:      %[[C:[^:]+]]: !nb.type<bool>, %[[A:[^:]+]]: !nb.type<?>, %[[B:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    nb.cond_br %[[C]] : !nb.type<bool>, ^[[M:[a-z0-9_]+]](%[[A]] : !nb.type<?>), ^[[F:.*]]{{$}}
// CHECK-NEXT:  ^[[F]]:
// CHECK-NEXT:    nb.br ^[[M]](%[[B]] : !nb.type<?>)
// CHECK-NEXT:  ^[[M]](%[[V:[^:]+]]: !nb.type<?>):
// CHECK-NEXT:    nb.return %[[V]]
nb.func @keep_merge(%c: !nb.type<bool>, %a: !nb.type<?>, %b: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["c", "a", "b"]} {
  nb.cond_br %c : !nb.type<bool>, ^t, ^f
^t:
  nb.br ^m(%a : !nb.type<?>)
^f:
  nb.br ^m(%b : !nb.type<?>)
^m(%v: !nb.type<?>):
  nb.return %v : !nb.type<?>
}

// -----

// A loop header has two predecessors (entry edge and back edge): kept.

// CHECK-LABEL: nb.func @keep_loop(
// CHECK:         nb.br ^[[HEAD:.*]](%{{.*}} : !nb.type<?>)
// CHECK-NEXT:  ^[[HEAD]](%[[I:[^:]+]]: !nb.type<?>):
// CHECK:         nb.cond_br %{{.*}} : !nb.type<bool>, ^[[BODY:.*]], ^[[EXIT:.*]]{{$}}
// CHECK-NEXT:  ^[[BODY]]:
// CHECK:         nb.br ^[[HEAD]](%{{.*}} : !nb.type<?>)
// CHECK-NEXT:  ^[[EXIT]]:
// CHECK-NEXT:    nb.return %[[I]]
nb.func @keep_loop(%n: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["n"]} {
  %zero = nb.const <0> : !nb.type<?>
  nb.br ^head(%zero : !nb.type<?>)
^head(%i: !nb.type<?>):
  %c = nb.binop "<" %i, %n : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %t = nb.truth %c : (!nb.type<?>) -> !nb.type<bool>
  nb.cond_br %t : !nb.type<bool>, ^body, ^exit
^body:
  %one = nb.const <1> : !nb.type<?>
  %next = nb.binop "+" %i, %one : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.br ^head(%next : !nb.type<?>)
^exit:
  nb.return %i : !nb.type<?>
}

// -----

// A block branching to itself is never merged into itself.

// CHECK-LABEL: nb.func @self_loop(
// CHECK-NEXT:    nb.br ^[[SPIN:.*]]{{$}}
// CHECK-NEXT:  ^[[SPIN]]:
// CHECK-NEXT:    nb.br ^[[SPIN]]{{$}}
nb.func @self_loop() -> !nb.type<none> attributes {arg_names = []} {
  nb.br ^spin
^spin:
  nb.br ^spin
}

// -----

// Each body is a CFG of its own: a chain of blocks inside an nb.for_range
// is merged into the body's entry (the edge never leaves the region), and
// the function's CFG around the op is simplified as before.

// CHECK-LABEL: nb.func @body_chain(
// CHECK:         nb.for_range
// CHECK-NEXT:    ^{{.*}}(%[[I:[^:]+]]: !nb.type<int64>, %[[S:[^:]+]]: !nb.type<int64>):
// CHECK-NEXT:      %[[T:.*]] = nb.binop "+" %[[S]], %[[I]]
// CHECK-NEXT:      nb.yield %[[T]] : !nb.type<int64>
// CHECK-NEXT:    }
// CHECK-NEXT:    nb.return
nb.func @body_chain(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  %z = nb.const <0> : !nb.type<int64>
  %o = nb.const <1> : !nb.type<int64>
  %r = nb.for_range %z, %n, %o iter_args(%z : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>, %s: !nb.type<int64>):
    nb.br ^next(%s : !nb.type<int64>)
  ^next(%x: !nb.type<int64>):
    %t = nb.binop "+" %x, %i : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
    nb.yield %t : !nb.type<int64>
  }
  nb.br ^out
^out:
  nb.return %r : !nb.type<int64>
}
