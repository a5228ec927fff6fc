// RUN: pycomp-opt %s --split-input-file -p nb-type-infer --verify-diagnostics | filecheck %s

// Typing failures are TypingErrors naming the operation, the argument types
// and the closest candidates with why each was rejected, with the op's source location when it has one.

nb.func @tuple_plus_int(%a: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %t = nb.build_tuple(%a, %a) : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<?>
  %0 = nb.binop "+" %t, %a : (!nb.type<?>, !nb.type<int64>) -> !nb.type<?> loc("user.py":3:12)
  nb.return %0 : !nb.type<?>
}

// CHECK:      TypingError: no implementation of operator '+' for these argument types
// CHECK-NEXT:   File "user.py", line 3
// CHECK-NEXT:   argument types: (UniTuple(int64 x 2), int64)
// CHECK-NEXT:   closest candidates:
// CHECK-NEXT:     +(tuple, tuple): does not accept these argument types
// CHECK-NEXT:     +(number, number): does not accept these argument types

// -----

nb.func @unify_fail(%c: !nb.type<bool>, %a: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["c", "a"]} {
  %t = nb.build_tuple(%a) : (!nb.type<int64>) -> !nb.type<?>
  nb.cond_br %c : !nb.type<bool>, ^x, ^y
^x:
  nb.br ^m(%a : !nb.type<int64>)
^y:
  nb.br ^m(%t : !nb.type<?>)
^m(%v: !nb.type<?>):
  nb.return %v : !nb.type<?>
}

// CHECK: TypingError: cannot unify {{.*}} for variable at a merge

// -----

nb.func @untyped_args(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<?>
}

// CHECK: TypingError: nb-type-infer needs the argument types of @untyped_args in its signature
