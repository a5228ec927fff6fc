// RUN: pycomp-opt %s --split-input-file --verify-diagnostics

// The arrayexpr verifiers, one error per chunk.

nb.func @body_arity(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a"]} {
  // expected-error @below {{arrayexpr.expr has 1 inputs but its body takes 2 elements}}
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>, %y: !nb.type<float64>):
    arrayexpr.yield %x : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @element_type(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a"]} {
  // expected-error @below {{arrayexpr.expr: the body's element 0 is float32, the input's element is float64}}
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float32>):
    arrayexpr.yield %x : !nb.type<float32>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @not_an_element(%a: !nb.type<array(float64, 1d, C)>, %t: !nb.type<UniTuple(int64 x 2)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a", "t"]} {
  // expected-error @below {{arrayexpr.expr: input 1 is UniTuple(int64 x 2), neither an array of numbers nor a number}}
  %r = arrayexpr.expr(%a, %t) : (!nb.type<array(float64, 1d, C)>, !nb.type<UniTuple(int64 x 2)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>, %y: !nb.type<?>):
    arrayexpr.yield %x : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @result_rank(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 2d, C)> attributes {arg_names = ["a"]} {
  // expected-error @below {{arrayexpr.expr: the result has 2 dimensions, the largest input 1}}
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 2d, C)> {
  ^bb0(%x: !nb.type<float64>):
    arrayexpr.yield %x : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 2d, C)>
}

// -----

nb.func @result_layout(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, A)> attributes {arg_names = ["a"]} {
  // expected-error @below {{arrayexpr.expr: the result must be a C or F contiguous array of at least one dimension, not array(float64, 1d, A)}}
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, A)> {
  ^bb0(%x: !nb.type<float64>):
    arrayexpr.yield %x : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, A)>
}

// -----

nb.func @yield_dtype(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float32, 1d, C)> attributes {arg_names = ["a"]} {
  // expected-error @below {{arrayexpr.expr: the body yields float64 for a result of dtype float32}}
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float32, 1d, C)> {
  ^bb0(%x: !nb.type<float64>):
    arrayexpr.yield %x : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float32, 1d, C)>
}

// -----

nb.func @isolated(%a: !nb.type<array(float64, 1d, C)>, %s: !nb.type<float64>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a", "s"]} {
  // expected-error @below {{Operation using value defined out of its IsolatedFromAbove parent}}
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>):
    %y = arrayexpr.apply "add" %x, %s : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %y : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @unknown_ufunc(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a"]} {
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>):
    // expected-error @below {{arrayexpr.apply: 'frobnicate' is no ufunc pycomp supports}}
    %y = arrayexpr.apply "frobnicate" %x : (!nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %y : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @two_outputs(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a"]} {
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>):
    // expected-error @below {{arrayexpr.apply: np.modf has 2 outputs; only ufuncs with one output fuse}}
    %y = arrayexpr.apply "modf" %x : (!nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %y : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @apply_arity(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a"]} {
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>):
    // expected-error @below {{arrayexpr.apply: np.add takes 2 inputs, not 1}}
    %y = arrayexpr.apply "add" %x : (!nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %y : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @apply_result(%a: !nb.type<array(int32, 1d, C)>) -> !nb.type<array(int32, 1d, C)> attributes {arg_names = ["a"]} {
  %r = arrayexpr.expr(%a) : (!nb.type<array(int32, 1d, C)>) -> !nb.type<array(int32, 1d, C)> {
  ^bb0(%x: !nb.type<int32>):
    // expected-error @below {{arrayexpr.apply: np.divide on (int32, int32) gives float64, not int32}}
    %y = arrayexpr.apply "divide" %x, %x : (!nb.type<int32>, !nb.type<int32>) -> !nb.type<int32>
    arrayexpr.yield %y : !nb.type<int32>
  }
  nb.return %r : !nb.type<array(int32, 1d, C)>
}

// -----

nb.func @apply_outside(%a: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a"]} {
  // expected-error @below {{'arrayexpr.apply' expects parent op to be one of 'arrayexpr.expr', 'arrayexpr.assign'}}
  %y = arrayexpr.apply "sqrt" %a : (!nb.type<float64>) -> !nb.type<float64>
  nb.return %y : !nb.type<float64>
}

// -----

nb.func @apply_on_array(%a: !nb.type<array(float64, 1d, C)>, %b: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a", "b"]} {
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>):
    %z = nb.undef "z" : !nb.type<array(float64, 1d, C)>
    // expected-error @below {{arrayexpr.apply: its inputs are elements (numbers), not array(float64, 1d, C)}}
    %y = arrayexpr.apply "add" %x, %z : (!nb.type<float64>, !nb.type<array(float64, 1d, C)>) -> !nb.type<float64>
    arrayexpr.yield %y : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @no_loop(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a"]} {
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>):
    // expected-error @below {{arrayexpr.apply: np.invert has no loop for (float64)}}
    %y = arrayexpr.apply "invert" %x : (!nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %y : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// -----

nb.func @assign_readonly(%v: !nb.type<array(float64, 1d, C, readonly)>, %b: !nb.type<array(float64, 1d, C)>) -> !nb.type<none> attributes {arg_names = ["v", "b"]} {
  // expected-error @below {{arrayexpr.assign: the target array(float64, 1d, C, readonly) is read-only}}
  arrayexpr.assign(%b) into %v : (!nb.type<array(float64, 1d, C)>) into !nb.type<array(float64, 1d, C, readonly)> {
  ^bb0(%y: !nb.type<float64>):
    arrayexpr.yield %y : !nb.type<float64>
  }
  %none = nb.const <None> : !nb.type<none>
  nb.return %none : !nb.type<none>
}

// -----

nb.func @assign_rank(%v: !nb.type<array(float64, 1d, C)>, %b: !nb.type<array(float64, 2d, C)>) -> !nb.type<none> attributes {arg_names = ["v", "b"]} {
  // expected-error @below {{arrayexpr.assign: an input has 2 dimensions, more than the target's 1}}
  arrayexpr.assign(%b) into %v : (!nb.type<array(float64, 2d, C)>) into !nb.type<array(float64, 1d, C)> {
  ^bb0(%y: !nb.type<float64>):
    arrayexpr.yield %y : !nb.type<float64>
  }
  %none = nb.const <None> : !nb.type<none>
  nb.return %none : !nb.type<none>
}

// -----

nb.func @assign_scalar(%v: !nb.type<float64>, %b: !nb.type<array(float64, 1d, C)>) -> !nb.type<none> attributes {arg_names = ["v", "b"]} {
  // expected-error @below {{arrayexpr.assign: the target must be an array of numbers of at least one dimension, not float64}}
  arrayexpr.assign(%b) into %v : (!nb.type<array(float64, 1d, C)>) into !nb.type<float64> {
  ^bb0(%y: !nb.type<float64>):
    arrayexpr.yield %y : !nb.type<float64>
  }
  %none = nb.const <None> : !nb.type<none>
  nb.return %none : !nb.type<none>
}

// -----

nb.func @select_on_arrays(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a"]} {
  %r = arrayexpr.expr(%a) : (!nb.type<array(float64, 1d, C)>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>):
    %z = nb.undef "z" : !nb.type<array(float64, 1d, C)>
    // expected-error @below {{arrayexpr.select: its operands and result are elements (numbers), not array(float64, 1d, C)}}
    %y = arrayexpr.select %x, %z, %x : (!nb.type<float64>, !nb.type<array(float64, 1d, C)>, !nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %y : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}
