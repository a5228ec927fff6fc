// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm | filecheck %s

// Blocks map one to one: an nb block argument becomes an llvm block argument
// (a phi) and branch operands are passed along. Blocks are put in reverse
// postorder (a definition before its uses), so the else block comes first.

// CHECK-LABEL: llvm.func @merge(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[C:[^:]+]]: i1, %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64) -> i32 {
// CHECK-NEXT:    llvm.br ^[[BODY:.*]]{{$}}
// CHECK-NEXT:  ^[[BODY]]:
// CHECK-NEXT:    llvm.cond_br %[[C]], ^[[T:.*]], ^[[F:.*]]{{$}}
// CHECK-NEXT:  ^[[F]]:
// CHECK-NEXT:    llvm.br ^[[M:.*]](%[[B]] : f64)
// CHECK-NEXT:  ^[[T]]:
// CHECK-NEXT:    llvm.br ^[[M]](%[[A]] : f64)
// CHECK-NEXT:  ^[[M]](%[[V:[^:]+]]: f64):
// CHECK-NEXT:    llvm.store %[[V]], %[[RES]] : f64, !llvm.ptr
nb.func @merge(%c: !nb.type<bool>, %a: !nb.type<float64>, %b: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["c", "a", "b"]} {
  nb.cond_br %c : !nb.type<bool>, ^t, ^f
^t:
  nb.br ^m(%a : !nb.type<float64>)
^f:
  nb.br ^m(%b : !nb.type<float64>)
^m(%v: !nb.type<float64>):
  nb.return %v : !nb.type<float64>
}

// -----

// A `for` over range(n): the iterator state (start, stop, step) lives in an
// alloca of the entry block; the loop header's block argument is the sum.

// CHECK-LABEL: llvm.func @count(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[N:[^:]+]]: i64) -> i32 {
// CHECK:         %[[STATE:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i64, i64, i64)>
// CHECK:         llvm.br ^[[HEAD:.*]](%{{.*}} : i64)
// CHECK-NEXT:  ^[[HEAD]](%[[ACC:[^:]+]]: i64):
// CHECK:         %[[CUR:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:         %[[VALID:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i1
// CHECK:         llvm.cond_br %[[VALID]], ^[[LOOP:.*]], ^[[EXIT:.*]]{{$}}
// CHECK-NEXT:  ^[[EXIT]]:
// CHECK-NEXT:    llvm.store %[[ACC]], %[[RES]] : i64, !llvm.ptr
// CHECK:       ^[[LOOP]]:
// CHECK-NEXT:    %[[NEXT:.*]] = llvm.add %[[ACC]], %[[CUR]] : i64
// CHECK-NEXT:    llvm.br ^[[HEAD]](%[[NEXT]] : i64)
nb.func @count(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  %zero = nb.const <0> : !nb.type<int64>
  %range = nb.global "range" = <range> : !nb.type<function(range)>
  %r = nb.call %range(%n) kwnames [] : (!nb.type<function(range)>, !nb.type<int64>) -> !nb.type<range_state_int64>
  %it = nb.getiter %r : (!nb.type<range_state_int64>) -> !nb.type<range_iter_int64>
  nb.br ^head(%zero : !nb.type<int64>)
^head(%acc: !nb.type<int64>):
  %item, %ok = nb.iternext %it : (!nb.type<range_iter_int64>) -> (!nb.type<int64>, !nb.type<bool>)
  nb.cond_br %ok : !nb.type<bool>, ^body, ^exit
^exit:
  nb.return %acc : !nb.type<int64>
^body:
  %next = nb.inplace_binop "+" %acc, %item : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  nb.br ^head(%next : !nb.type<int64>)
}

// -----

// nb.static_raise returns the status of its exception-table entry (k + 1
// for entry k, never 0).

// CHECK-LABEL: llvm.func @check(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[C:[^:]+]]: i1) -> i32 {
// CHECK:         llvm.cond_br %[[C]], ^[[BAD:.*]], ^[[GOOD:.*]]{{$}}
// CHECK-NEXT:  ^[[GOOD]]:
// CHECK:         %[[OK:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    llvm.return %[[OK]] : i32
// CHECK-NEXT:  ^[[BAD]]:
// CHECK-NEXT:    %[[ST:.*]] = llvm.mlir.constant({{[1-9][0-9]*}} : i32) : i32
// CHECK-NEXT:    llvm.return %[[ST]] : i32
nb.func @check(%c: !nb.type<bool>) -> !nb.type<none> attributes {arg_names = ["c"]} {
  %none = nb.const <None> : !nb.type<none>
  nb.cond_br %c : !nb.type<bool>, ^bad, ^good
^bad:
  nb.static_raise <ValueError> <('negative',)>
^good:
  nb.return %none : !nb.type<none>
}
