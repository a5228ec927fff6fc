// REQUIRES: pycomp_toy
// RUN: pycomp-opt %s --split-input-file --verify-diagnostics

// The toy ops' verifiers, one error per chunk. Before typing a type may be
// `?`; a number operand may be any integer or float until the op's result
// is typed, then it must be float64 (nb-type-infer casts it).

nb.func @width_of_a_float(%x: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  // expected-error @below {{toy.width operand must be an interval, not float64}}
  %w = toy.width %x : (!nb.type<float64>) -> !nb.type<?>
  nb.return %w : !nb.type<?>
}

// -----

nb.func @width_result(%iv: !nb.type<interval>) -> !nb.type<?> attributes {arg_names = ["iv"]} {
  // expected-error @below {{toy.width result must be float64, not int64}}
  %w = toy.width %iv : (!nb.type<interval>) -> !nb.type<int64>
  nb.return %w : !nb.type<int64>
}

// -----

nb.func @interval_of_a_tuple(%t: !nb.type<UniTuple(float64 x 2)>) -> !nb.type<?> attributes {arg_names = ["t"]} {
  // expected-error @below {{toy.interval lo must be a real number, not UniTuple(float64 x 2)}}
  %iv = toy.interval %t, %t : (!nb.type<UniTuple(float64 x 2)>, !nb.type<UniTuple(float64 x 2)>) -> !nb.type<?>
  nb.return %iv : !nb.type<?>
}

// -----

nb.func @typed_interval_of_ints(%a: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  // expected-error @below {{toy.interval lo must be float64, not int64}}
  %iv = toy.interval %a, %a : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<interval>
  nb.return %iv : !nb.type<interval>
}

// -----

nb.func @clamp_into_a_float(%x: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  // expected-error @below {{toy.clamp interval must be an interval, not float64}}
  %c = toy.clamp %x, %x : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<?>
  nb.return %c : !nb.type<?>
}

// -----

// The declarative format reads the operands it names (a parse error).

nb.func @clamp_arity(%x: !nb.type<float64>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  // expected-error @below {{Expected ','}}
  %c = toy.clamp %x : (!nb.type<float64>) -> !nb.type<?>
  nb.return %c : !nb.type<?>
}

// -----

// A type name nobody registered is a parse error.

// expected-error @below {{unknown type 'intervals'}}
nb.func @misspelt(%iv: !nb.type<intervals>) -> !nb.type<?> attributes {arg_names = ["iv"]} {
  nb.return %iv : !nb.type<intervals>
}
