// RUN: pycomp-opt %s --split-input-file -p canonicalize | filecheck %s

// xDSL's own canonicalize folds nb IR (dialects/nb_folding.py): nb.const is
// ConstantLike, nb.binop/unary/truth/cast fold constant operands when the
// value is exactly what compiled code computes, and nb.cond_br on a
// constant becomes nb.br (the dead block is removed).

// CHECK-LABEL: nb.func @fold_and_branch(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    %[[TWO:.*]] = nb.const <2> : !nb.type<?>
// CHECK-NEXT:    nb.br ^[[X:.*]]
// CHECK-NEXT:  ^[[X]]:
// CHECK-NEXT:    %[[R:.*]] = nb.binop "*" %[[A]], %[[TWO]]
// CHECK-NEXT:    nb.return %[[R]]
// CHECK-NEXT:  }
nb.func @fold_and_branch(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %c1 = nb.const <6> : !nb.type<?>
  %c2 = nb.const <4> : !nb.type<?>
  %s = nb.binop "+" %c1, %c2 : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %d = nb.binop "//" %s, %c2 : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %t = nb.binop "<" %d, %c1 : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %b = nb.truth %t : (!nb.type<?>) -> !nb.type<bool>
  nb.cond_br %b : !nb.type<bool>, ^x, ^y
^x:
  %r = nb.binop "*" %a, %d : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %r : !nb.type<?>
^y:
  nb.return %c1 : !nb.type<?>
}

// -----

// What would raise at run time stays: a division by zero, a negative shift.

// CHECK-LABEL: nb.func @raising_stays(
// CHECK:         nb.binop "//"
// CHECK:         nb.binop "<<"
nb.func @raising_stays() -> !nb.type<?> attributes {arg_names = []} {
  %one = nb.const <1> : !nb.type<?>
  %zero = nb.const <0> : !nb.type<?>
  %m = nb.const <-1> : !nb.type<?>
  %q = nb.binop "//" %one, %zero : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %s = nb.binop "<<" %one, %m : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  %t = nb.build_tuple(%q, %s) : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %t : !nb.type<?>
}

// -----

// Typed IR: int64 folds only without overflow (compiled code wraps), a
// float32 product is not folded (Python would round to float64), casts and
// truth of constants fold.

// CHECK-LABEL: nb.func @typed(
// CHECK:         %[[MAX:.*]] = nb.const <9223372036854775807> : !nb.type<int64>
// CHECK:         nb.binop "+" %[[MAX]], %{{.*}} : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
// CHECK:         nb.binop "*" %{{.*}}, %{{.*}} : (!nb.type<float32>, !nb.type<float32>) -> !nb.type<float32>
// CHECK:         nb.const <3.0> : !nb.type<float64>
// CHECK:         nb.const <True> : !nb.type<bool>
// CHECK-NOT:     nb.cast
// CHECK-NOT:     nb.truth
nb.func @typed() -> !nb.type<Tuple(int64, float32, float64, bool)> attributes {arg_names = []} {
  %max = nb.const <9223372036854775807> : !nb.type<int64>
  %one = nb.const <1> : !nb.type<int64>
  %wrap = nb.binop "+" %max, %one : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  %f = nb.const <1.1> : !nb.type<float32>
  %ff = nb.binop "*" %f, %f : (!nb.type<float32>, !nb.type<float32>) -> !nb.type<float32>
  %three = nb.const <3> : !nb.type<int64>
  %c = nb.cast %three : (!nb.type<int64>) -> !nb.type<float64>
  %b = nb.truth %three : (!nb.type<int64>) -> !nb.type<bool>
  %t = nb.build_tuple(%wrap, %ff, %c, %b) : (!nb.type<int64>, !nb.type<float32>, !nb.type<float64>, !nb.type<bool>) -> !nb.type<Tuple(int64, float32, float64, bool)>
  nb.return %t : !nb.type<Tuple(int64, float32, float64, bool)>
}

// -----

// A cast to the value's own type is the value; a constant cast to int32 is
// left alone (only exact int64, bool and float64 values are folded).

// CHECK-LABEL: nb.func @casts(
// CHECK-SAME:      %[[X:[^:]+]]: !nb.type<int32>)
// CHECK-NEXT:    %[[C:.*]] = nb.const <3> : !nb.type<int64>
// CHECK-NEXT:    %[[N:.*]] = nb.cast %[[C]] : (!nb.type<int64>) -> !nb.type<int32>
// CHECK-NEXT:    %[[T:.*]] = nb.build_tuple(%[[X]], %[[N]])
nb.func @casts(%x: !nb.type<int32>) -> !nb.type<UniTuple(int32 x 2)> attributes {arg_names = ["x"]} {
  %same = nb.cast %x : (!nb.type<int32>) -> !nb.type<int32>
  %c = nb.const <3> : !nb.type<int64>
  %narrow = nb.cast %c : (!nb.type<int64>) -> !nb.type<int32>
  %t = nb.build_tuple(%same, %narrow) : (!nb.type<int32>, !nb.type<int32>) -> !nb.type<UniTuple(int32 x 2)>
  nb.return %t : !nb.type<UniTuple(int32 x 2)>
}
