// REQUIRES: pycomp_toy
// RUN: pycomp-opt %s --split-input-file -p nb-type-infer --verify-diagnostics
// RUN: not pycomp-opt %s --split-input-file -p nb-type-infer 2>&1 | filecheck %s

// The typing rules reject wrong argument types with a TypingError naming
// the function and the argument, at the op's source location (its own
// loc(...), else its line in the input). The operands here are typed `?`
// in the input (so the verifiers accept it); type inference finds them.

nb.func @clamp_of_a_tuple(%x: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  %t = nb.build_tuple(%x, %x) : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<?>
  %iv = toy.interval %x, %x : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<?>
  // expected-error @below {{TypingError: clamp() argument 'x' must be a real number, not UniTuple(float64 x 2)}}
  %c = toy.clamp %t, %iv : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %c : !nb.type<?>
}

// CHECK:      TypingError: clamp() argument 'x' must be a real number, not UniTuple(float64 x 2)
// CHECK-NEXT:   File "{{.*}}type_infer_invalid.mlir", line {{[0-9]+}}, in clamp_of_a_tuple
// CHECK-NEXT:     %c = toy.clamp %t, %iv
// CHECK-NOT:  Traceback

// -----

// expected-error @unknown {{TypingError: width() argument 'iv' must be an interval, not float64}}
nb.func @width_of_a_float(%x: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  %y = nb.binop "*" %x, %x : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<?>
  %w = toy.width %y : (!nb.type<?>) -> !nb.type<?> loc("user.py":7:12)
  nb.return %w : !nb.type<?>
}

// CHECK:      TypingError: width() argument 'iv' must be an interval, not float64
// CHECK-NEXT:   File "user.py", line 7, in width_of_a_float

// -----

nb.func @interval_of_complex(%x: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  %j = nb.const <1j> : !nb.type<?>
  // expected-error @below {{TypingError: interval() argument 'hi' must be a real number, not complex128}}
  %iv = toy.interval %x, %j : (!nb.type<float64>, !nb.type<?>) -> !nb.type<?>
  nb.return %iv : !nb.type<?>
}

// CHECK:      TypingError: interval() argument 'hi' must be a real number, not complex128
