// RUN: pycomp-opt %s --split-input-file -p nb-type-infer --verify-diagnostics
// RUN: not pycomp-opt %s --split-input-file -p nb-type-infer 2>&1 | filecheck %s

// Typing failures are TypingErrors naming the operation, the argument types
// and the closest candidates with why each was rejected, at the op's source
// location: its own loc(...) (another file: @unknown here), else its line.

// expected-error @unknown {{TypingError: no implementation of operator '+' for these argument types}}
nb.func @tuple_plus_int(%a: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %t = nb.build_tuple(%a, %a) : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<?>
  %0 = nb.binop "+" %t, %a : (!nb.type<?>, !nb.type<int64>) -> !nb.type<?> loc("user.py":3:12)
  nb.return %0 : !nb.type<?>
}

// The whole message (without --verify-diagnostics the first chunk stops the run):
// CHECK:      TypingError: no implementation of operator '+' for these argument types
// CHECK-NEXT:   File "user.py", line 3
// CHECK-NEXT:   argument types: (UniTuple(int64 x 2), int64)
// CHECK-NEXT:   closest candidates:
// CHECK-NEXT:     +(tuple, tuple): does not accept these argument types
// CHECK-NEXT:     +(number, number): does not accept these argument types
// CHECK-NOT:  Traceback

// -----

nb.func @unify_fail(%c: !nb.type<bool>, %a: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["c", "a"]} {
  %t = nb.build_tuple(%a) : (!nb.type<int64>) -> !nb.type<?>
  nb.cond_br %c : !nb.type<bool>, ^x, ^y
^x:
  // expected-error @below {{TypingError: cannot unify UniTuple(int64 x 1) and int64 for variable at a merge}}
  nb.br ^m(%a : !nb.type<int64>)
^y:
  nb.br ^m(%t : !nb.type<?>)
^m(%v: !nb.type<?>):
  nb.return %v : !nb.type<?>
}

// -----

// expected-error @below {{TypingError: nb-type-infer needs the argument types of @untyped_args in its signature}}
nb.func @untyped_args(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<?>
}
