// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm | filecheck %s

// nb.for_range lowers in place to a counted loop in the function's CFG
// (lowering/regions.py): a zero step raises ValueError; the header takes
// the induction variable and the carried values as block arguments (phis)
// and continues while i < stop (step > 0) or i > stop (step < 0); the
// body's blocks are lowered where they are; each nb.yield branches back
// with i + step; the op's results are the header's carried arguments.

// CHECK-LABEL: llvm.func @sum(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[N:[^:]+]]: i64) -> i32 {
// CHECK:         %[[Z:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:    %[[O:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:    %[[Z2:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:    %[[BAD:.*]] = llvm.icmp "eq" %[[O]], %[[Z2]] : i64
// CHECK-NEXT:    llvm.cond_br %[[BAD]], ^[[RAISE:.*]], ^[[PRE:[^ ]*]]
// CHECK-NEXT:  ^[[PRE]]:
// CHECK-NEXT:    llvm.br ^[[HEAD:.*]](%[[Z]], %[[Z]] : i64, i64)
// CHECK-NEXT:  ^[[HEAD]](%[[I:[^:]+]]: i64, %[[S:[^:]+]]: i64):
// CHECK-NEXT:    %[[UP:.*]] = llvm.icmp "sgt" %[[O]], %[[Z2]] : i64
// CHECK-NEXT:    %[[LT:.*]] = llvm.icmp "slt" %[[I]], %[[N]] : i64
// CHECK-NEXT:    %[[GT:.*]] = llvm.icmp "sgt" %[[I]], %[[N]] : i64
// CHECK-NEXT:    %[[MORE:.*]] = llvm.select %[[UP]], %[[LT]], %[[GT]] : i1, i1
// CHECK-NEXT:    llvm.cond_br %[[MORE]], ^[[BODY:.*]], ^[[EXIT:[^ ]*]]
// CHECK-NEXT:  ^[[EXIT]]:
// CHECK-NEXT:    llvm.store %[[S]], %[[RES]] : i64, !llvm.ptr
// CHECK:       ^[[BODY]]:
// CHECK-NEXT:    %[[T:.*]] = llvm.add %[[S]], %[[I]] : i64
// CHECK-NEXT:    %[[NEXT:.*]] = llvm.add %[[I]], %[[O]] : i64
// CHECK-NEXT:    llvm.br ^[[HEAD]](%[[NEXT]], %[[T]] : i64, i64)
// CHECK-NEXT:  ^[[RAISE]]:
// CHECK-NEXT:    %[[ST:.*]] = llvm.mlir.constant({{[0-9]+}} : i32) : i32
// CHECK-NEXT:    llvm.return %[[ST]] : i32
nb.func @sum(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  %z = nb.const <0> : !nb.type<int64>
  %o = nb.const <1> : !nb.type<int64>
  %r = nb.for_range %z, %n, %o iter_args(%z : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>, %s: !nb.type<int64>):
    %t = nb.binop "+" %s, %i : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
    nb.yield %t : !nb.type<int64>
  }
  nb.return %r : !nb.type<int64>
}

// -----

// Nested bodies lower recursively: the inner loop's header sits in the
// outer body, the outer body's yield follows the inner loop's exit, and a
// body of two blocks keeps both, each yield a back edge of its own.

// CHECK-LABEL: llvm.func @nest(
// CHECK:         llvm.br ^[[OH:.*]](%{{.*}}, %{{.*}} : i64, i64)
// CHECK-NEXT:  ^[[OH]](%[[I:[^:]+]]: i64, %[[S:[^:]+]]: i64):
// CHECK:         llvm.cond_br %{{.*}}, ^[[OB:.*]], ^[[OX:[^ ]*]]
// CHECK:       ^[[OB]]:
// CHECK:         llvm.br ^[[IH:.*]](%{{.*}}, %[[S]] : i64, i64)
// CHECK-NEXT:  ^[[IH]](%[[J:[^:]+]]: i64, %[[T:[^:]+]]: i64):
// CHECK:         llvm.cond_br %{{.*}}, ^[[IB:.*]], ^[[IX:[^ ]*]]
// CHECK-NEXT:  ^[[IX]]:
// CHECK-NEXT:    %[[ONEXT:.*]] = llvm.add %[[I]], %{{.*}} : i64
// CHECK-NEXT:    llvm.br ^[[OH]](%[[ONEXT]], %[[T]] : i64, i64)
// CHECK-NEXT:  ^[[IB]]:
// CHECK:         llvm.cond_br %{{.*}}, ^[[KEEP:.*]], ^[[ADD:[^ ]*]]
// CHECK:         %[[V:.*]] = llvm.add %[[T]], %{{.*}} : i64
// CHECK-NEXT:    %[[JN:.*]] = llvm.add %[[J]], %{{.*}} : i64
// CHECK-NEXT:    llvm.br ^[[IH]](%[[JN]], %[[V]] : i64, i64)
// CHECK:         %[[JN2:.*]] = llvm.add %[[J]], %{{.*}} : i64
// CHECK-NEXT:    llvm.br ^[[IH]](%[[JN2]], %[[T]] : i64, i64)
nb.func @nest(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  %z = nb.const <0> : !nb.type<int64>
  %o = nb.const <1> : !nb.type<int64>
  %r = nb.for_range %z, %n, %o iter_args(%z : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>, %s: !nb.type<int64>):
    %q = nb.for_range %z, %i, %o iter_args(%s : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
    ^bb1(%j: !nb.type<int64>, %t: !nb.type<int64>):
      %c = nb.binop "<" %j, %o : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<bool>
      nb.cond_br %c : !nb.type<bool>, ^keep, ^add
    ^keep:
      nb.yield %t : !nb.type<int64>
    ^add:
      %u = nb.binop "*" %i, %j : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
      %v = nb.binop "+" %t, %u : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
      nb.yield %v : !nb.type<int64>
    }
    nb.yield %q : !nb.type<int64>
  }
  nb.return %r : !nb.type<int64>
}
