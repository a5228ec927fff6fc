// RUN: pycomp-opt %s --split-input-file -p nb-type-infer | filecheck %s

// Type inference from the argument types in each nb.func's signature: every
// value gets its type, the signature its return type, and each implicit
// conversion becomes an explicit nb.cast.

// int64 + float64: the int operand is cast up, the add is float64.

// CHECK-LABEL: nb.func @promote(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<int64>, %[[B:[^:]+]]: !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:    %[[AF:.*]] = nb.cast %[[A]] : (!nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:    %[[S:.*]] = nb.binop "+" %[[AF]], %[[B]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:    nb.return %[[S]] : !nb.type<float64>
nb.func @promote(%a: !nb.type<int64>, %b: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "+" %a, %b : (!nb.type<int64>, !nb.type<float64>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// -----

// A merge unifies its incoming types (int64 and float64 give float64); the
// int64 edge gets a cast before its branch.

// CHECK-LABEL: nb.func @merge(
// CHECK-SAME:      %[[C:[^:]+]]: !nb.type<bool>, %[[A:[^:]+]]: !nb.type<int64>, %[[B:[^:]+]]: !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:    nb.cond_br %[[C]] : !nb.type<bool>, ^[[T:.*]], ^[[F:.*]]{{$}}
// CHECK-NEXT:  ^[[T]]:
// CHECK-NEXT:    %[[AF:.*]] = nb.cast %[[A]] : (!nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:    nb.br ^[[M:.*]](%[[AF]] : !nb.type<float64>)
// CHECK-NEXT:  ^[[F]]:
// CHECK-NEXT:    nb.br ^[[M]](%[[B]] : !nb.type<float64>)
// CHECK-NEXT:  ^[[M]](%[[V:[^:]+]]: !nb.type<float64>):
// CHECK-NEXT:    nb.return %[[V]] : !nb.type<float64>
nb.func @merge(%c: !nb.type<bool>, %a: !nb.type<int64>, %b: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["c", "a", "b"]} {
  nb.cond_br %c : !nb.type<bool>, ^t, ^f
^t:
  nb.br ^m(%a : !nb.type<int64>)
^f:
  nb.br ^m(%b : !nb.type<float64>)
^m(%v: !nb.type<?>):
  nb.return %v : !nb.type<?>
}

// -----

// A loop-carried variable: the header argument is unified with the value
// coming back along the back edge (int64 start, float64 update).

// CHECK-LABEL: nb.func @loop_carried(
// CHECK-SAME:      -> !nb.type<float64>
// CHECK-NEXT:    %[[ZERO:.*]] = nb.const <0> : !nb.type<int64>
// CHECK-NEXT:    nb.global "range" = <range> : !nb.type<function(range)>
// CHECK-NEXT:    nb.call {{.*}} -> !nb.type<range_state_int64>
// CHECK-NEXT:    %[[IT:.*]] = nb.getiter {{.*}} -> !nb.type<range_iter_int64>
// CHECK-NEXT:    %[[Z:.*]] = nb.cast %[[ZERO]] : (!nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:    nb.br ^[[HEAD:.*]](%[[Z]] : !nb.type<float64>)
// CHECK-NEXT:  ^[[HEAD]](%[[S:[^:]+]]: !nb.type<float64>):
// CHECK-NEXT:    nb.iternext %[[IT]] : (!nb.type<range_iter_int64>) -> (!nb.type<int64>, !nb.type<bool>)
// CHECK:         nb.binop "+" %[[S]], %{{.*}} : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
nb.func @loop_carried(%n: !nb.type<int64>, %x: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["n", "x"]} {
  %zero = nb.const <0> : !nb.type<?>
  %range = nb.global "range" = <range> : !nb.type<?>
  %r = nb.call %range(%n) kwnames [] : (!nb.type<?>, !nb.type<int64>) -> !nb.type<?>
  %it = nb.getiter %r : (!nb.type<?>) -> !nb.type<?>
  nb.br ^head(%zero : !nb.type<?>)
^head(%s: !nb.type<?>):
  %i, %ok = nb.iternext %it : (!nb.type<?>) -> (!nb.type<?>, !nb.type<bool>)
  nb.cond_br %ok : !nb.type<bool>, ^body, ^exit
^body:
  %next = nb.binop "+" %s, %x : (!nb.type<?>, !nb.type<float64>) -> !nb.type<?>
  nb.br ^head(%next : !nb.type<?>)
^exit:
  nb.return %s : !nb.type<?>
}

// -----

// math.sqrt: the global has the function's type, the call resolves to
// float64(float64), and the int64 argument is cast to float64.

// CHECK-LABEL: nb.func @sqrt(
// CHECK-SAME:      %[[X:[^:]+]]: !nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:    %[[F:.*]] = nb.global "math.sqrt" = <math.sqrt> : !nb.type<function(math.sqrt)>
// CHECK-NEXT:    %[[XF:.*]] = nb.cast %[[X]] : (!nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:    %[[R:.*]] = nb.call %[[F]](%[[XF]]) kwnames [] : (!nb.type<function(math.sqrt)>, !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:    nb.return %[[R]] : !nb.type<float64>
nb.func @sqrt(%x: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  %f = nb.global "math.sqrt" = <math.sqrt> : !nb.type<?>
  %0 = nb.call %f(%x) kwnames [] : (!nb.type<?>, !nb.type<int64>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// -----

// Tuples: build_tuple gives a UniTuple, unpack and static_getitem its items.

// CHECK-LABEL: nb.func @tuples(
// CHECK:         nb.build_tuple(%{{.*}}, %{{.*}}) : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<UniTuple(int64 x 2)>
// CHECK-NEXT:    nb.unpack %{{.*}} : (!nb.type<UniTuple(int64 x 2)>) -> (!nb.type<int64>, !nb.type<int64>)
// CHECK-NEXT:    nb.static_getitem %{{.*}}[<1>] : (!nb.type<UniTuple(int64 x 2)>) -> !nb.type<int64>
nb.func @tuples(%a: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %t = nb.build_tuple(%a, %a) : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<?>
  %x, %y = nb.unpack %t : (!nb.type<?>) -> (!nb.type<?>, !nb.type<?>)
  %z = nb.static_getitem %t[<1>] : (!nb.type<?>) -> !nb.type<?>
  nb.return %z : !nb.type<?>
}

// -----

// Integer typing follows Numba's NBEP 1, not NumPy: int64 with uint64 is
// int64 (NumPy says float64), the uint64 operand is cast; a comparison
// still converts both to float64, the one type that holds them. Unary minus
// keeps its int8 operand (computed at 8 bits) and returns int64.

// CHECK-LABEL: nb.func @nbep1(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<int64>, %[[B:[^:]+]]: !nb.type<uint64>, %[[C:[^:]+]]: !nb.type<int8>) -> !nb.type<int64>
// CHECK-NEXT:    %[[BI:.*]] = nb.cast %[[B]] : (!nb.type<uint64>) -> !nb.type<int64>
// CHECK-NEXT:    %[[S:.*]] = nb.binop "+" %[[A]], %[[BI]] : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
// CHECK-NEXT:    %[[AF:.*]] = nb.cast %[[A]] : (!nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:    %[[BF:.*]] = nb.cast %[[B]] : (!nb.type<uint64>) -> !nb.type<float64>
// CHECK-NEXT:    nb.binop "<" %[[AF]], %[[BF]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<bool>
// CHECK-NEXT:    %[[N:.*]] = nb.unary "-" %[[C]] : (!nb.type<int8>) -> !nb.type<int64>
nb.func @nbep1(%a: !nb.type<int64>, %b: !nb.type<uint64>, %c: !nb.type<int8>) -> !nb.type<?> attributes {arg_names = ["a", "b", "c"]} {
  %0 = nb.binop "+" %a, %b : (!nb.type<int64>, !nb.type<uint64>) -> !nb.type<?>
  %1 = nb.binop "<" %a, %b : (!nb.type<int64>, !nb.type<uint64>) -> !nb.type<?>
  %2 = nb.unary "-" %c : (!nb.type<int8>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}
