// RUN: pycomp-opt %s --split-input-file -p nb-dce | filecheck %s

// Pure ops whose results are unused are erased, chains included (a block is
// walked bottom-up, so an op whose only user was just erased goes too).

// CHECK-LABEL: nb.func @unused_pure(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    nb.return %[[A]]
// CHECK-NEXT:  }
nb.func @unused_pure(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %c = nb.const <1> : !nb.type<?>
  %m = nb.global "math" = <math> : !nb.type<?>
  %u = nb.undef "x" : !nb.type<?>
  %t = nb.build_tuple(%a, %c) : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %s = nb.static_getitem %t[<0>] : (!nb.type<?>) -> !nb.type<?>
  %g = nb.getattr %m, "pi" : (!nb.type<?>) -> !nb.type<?>
  %b = nb.truth %a : (!nb.type<?>) -> !nb.type<bool>
  %f = nb.cast %a : (!nb.type<?>) -> !nb.type<float64>
  nb.return %a : !nb.type<?>
}

// -----

// Ops that may have effects (calls, operators that can raise, subscripts,
// stores) stay even when unused.

// CHECK-LABEL: nb.func @effects_kept(
// CHECK-NEXT:    %[[F:.*]] = nb.global "print" = <print>
// CHECK-NEXT:    nb.call %[[F]](
// CHECK-NEXT:    nb.binop "//"
// CHECK-NEXT:    nb.getitem
// CHECK-NEXT:    nb.setitem
// CHECK-NEXT:    nb.const <None>
// CHECK-NEXT:    nb.return
nb.func @effects_kept(%a: !nb.type<?>, %i: !nb.type<?>) -> !nb.type<none> attributes {arg_names = ["a", "i"]} {
  %f = nb.global "print" = <print> : !nb.type<?>
  %0 = nb.call %f(%a) kwnames [] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %1 = nb.binop "//" %a, %i : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %2 = nb.getitem %a[%i] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.setitem %a[%i] = %i : !nb.type<?>, !nb.type<?>, !nb.type<?>
  %none = nb.const <None> : !nb.type<none>
  nb.return %none : !nb.type<none>
}

// -----

// A value passed along a branch edge is used.

// CHECK-LABEL: nb.func @branch_operand_kept(
// CHECK-NEXT:    %[[K:.*]] = nb.const <2>
// CHECK-NOT:     nb.const <3>
// CHECK-NEXT:    nb.cond_br %{{.*}} : !nb.type<bool>, ^{{.*}}(%[[K]] : !nb.type<?>), ^{{.*}}
nb.func @branch_operand_kept(%c: !nb.type<bool>, %a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["c", "a"]} {
  %k = nb.const <2> : !nb.type<?>
  %dead = nb.const <3> : !nb.type<?>
  nb.cond_br %c : !nb.type<bool>, ^t(%k : !nb.type<?>), ^f
^t(%v: !nb.type<?>):
  nb.return %v : !nb.type<?>
^f:
  nb.return %a : !nb.type<?>
}

// -----

// An inner function never called is erased; then nothing reads the cell it
// captured, so the cell and its stores go too. A cell that is read stays.

// CHECK-LABEL: nb.func @dead_closure(
// CHECK-SAME:      %[[X:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    %[[C:.*]] = nb.make_cell "y"
// CHECK-NEXT:    nb.cell_set %[[C]], %[[X]], "y"
// CHECK-NEXT:    %[[V:.*]] = nb.cell_get %[[C]], "y"
// CHECK-NEXT:    nb.return %[[V]]
// CHECK-NEXT:  }
nb.func @dead_closure(%x: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  %cx = nb.make_cell "x" : !nb.type<?>
  nb.cell_set %cx, %x, "x" : !nb.type<?>, !nb.type<?>
  %f = nb.make_function <math.hypot>(%cx) : (!nb.type<?>) -> !nb.type<?>
  %cy = nb.make_cell "y" : !nb.type<?>
  nb.cell_set %cy, %x, "y" : !nb.type<?>, !nb.type<?>
  %v = nb.cell_get %cy, "y" : (!nb.type<?>) -> !nb.type<?>
  nb.return %v : !nb.type<?>
}

// -----

// Bodies are walked too: an unused constant and tuple inside an
// nb.for_range go, the yielded value and what computes it stay.

// CHECK-LABEL: nb.func @in_body(
// CHECK:         nb.for_range
// CHECK-NEXT:    ^{{.*}}(%[[I:[^:]+]]: !nb.type<int64>, %[[S:[^:]+]]: !nb.type<int64>):
// CHECK-NEXT:      %[[T:.*]] = nb.binop "+" %[[S]], %[[I]]
// CHECK-NEXT:      nb.yield %[[T]] : !nb.type<int64>
// CHECK-NEXT:    }
nb.func @in_body(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  %z = nb.const <0> : !nb.type<int64>
  %o = nb.const <1> : !nb.type<int64>
  %r = nb.for_range %z, %n, %o iter_args(%z : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>, %s: !nb.type<int64>):
    %dead = nb.const <7> : !nb.type<int64>
    %tup = nb.build_tuple(%i, %dead) : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<UniTuple(int64 x 2)>
    %t = nb.binop "+" %s, %i : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
    nb.yield %t : !nb.type<int64>
  }
  nb.return %r : !nb.type<int64>
}

// -----

// Another dialect's op with xDSL's Pure trait is removed when unused too
// (an op without the trait stays: it may have effects).

// CHECK-LABEL: nb.func @other_dialect(
// CHECK-NOT:     arith.constant
// CHECK:         "test.op"() : () -> i32
// CHECK-NEXT:    nb.return
nb.func @other_dialect(%a: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  %c = arith.constant 3 : i32
  %d = "test.op"() : () -> i32
  nb.return %a : !nb.type<int64>
}
