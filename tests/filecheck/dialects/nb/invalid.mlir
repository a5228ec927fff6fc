// RUN: pycomp-opt %s --split-input-file --verify-diagnostics

// The nb verifiers, one error per chunk: each chunk states its diagnostic
// with an expected-error annotation (pycomp/diagnostics.py), which
// --verify-diagnostics checks as mlir-opt does.

nb.func @cond_not_bool(%c: !nb.type<int64>) -> !nb.type<none> attributes {arg_names = ["c"]} {
  %none = nb.const <None> : !nb.type<none>
  // expected-error @below {{nb.cond_br condition must be bool, not int64}}
  nb.cond_br %c : !nb.type<int64>, ^a, ^a
^a:
  nb.return %none : !nb.type<none>
}

// -----

nb.func @binop_needs_nb_types(%a: i64) -> !nb.type<?> attributes {arg_names = ["a"]} {
  // expected-error @below {{i64 should be of base attribute nb.typ}}
  %0 = nb.binop "+" %a, %a : (i64, i64) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// -----

nb.func @missing_terminator() -> !nb.type<none> attributes {arg_names = []} {
  // expected-error @below {{Operation nb.const terminates block in single-block region but is not a terminator}}
  %none = nb.const <None> : !nb.type<none>
}

// -----

nb.func @cell_get_wrong_type(%x: !nb.type<int64>) -> !nb.type<float64> attributes {arg_names = ["x"]} {
  %c = nb.make_cell "x" : !nb.type<cell(int64)>
  nb.cell_set %c, %x, "x" : !nb.type<cell(int64)>, !nb.type<int64>
  // expected-error @below {{nb.cell_get of cell(int64) gives int64, not float64}}
  %v = nb.cell_get %c, "x" : (!nb.type<cell(int64)>) -> !nb.type<float64>
  nb.return %v : !nb.type<float64>
}

// -----

nb.func @cell_set_wrong_type(%x: !nb.type<float64>) -> !nb.type<none> attributes {arg_names = ["x"]} {
  %none = nb.const <None> : !nb.type<none>
  %c = nb.make_cell "x" : !nb.type<cell(int64)>
  // expected-error @below {{nb.cell_set stores float64 into cell(int64)}}
  nb.cell_set %c, %x, "x" : !nb.type<cell(int64)>, !nb.type<float64>
  nb.return %none : !nb.type<none>
}

// -----

// A typed function must return its declared type (lowering would store the
// value with the wrong width).

// expected-error @below {{nb.return of int32 in @return_type_mismatch, whose return type is int64}}
nb.func @return_type_mismatch(%x: !nb.type<int32>) -> !nb.type<int64> attributes {arg_names = ["x"]} {
  nb.return %x : !nb.type<int32>
}

// -----

// expected-error @below {{nb.func @entry_args_mismatch: argument 0 is int64 in the entry block but int32 in the signature}}
"nb.func"() <{sym_name = "entry_args_mismatch", function_type = (!nb.type<int32>) -> !nb.type<?>, arg_names = ["x"]}> ({
^bb0(%y: !nb.type<int64>):
  "nb.return"(%y) : (!nb.type<int64>) -> ()
}) : () -> ()

// -----

nb.func @branch_arity(%x: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["x"]} {
  // expected-error @below {{nb.br passes 2 values to a block with 1 arguments}}
  nb.br ^a(%x, %x : !nb.type<int64>, !nb.type<int64>)
^a(%v: !nb.type<int64>):
  nb.return %v : !nb.type<int64>
}

// -----

nb.func @branch_type(%x: !nb.type<int64>, %c: !nb.type<bool>) -> !nb.type<float64> attributes {arg_names = ["x", "c"]} {
  %f = nb.cast %x : (!nb.type<int64>) -> !nb.type<float64>
  // expected-error @below {{nb.cond_br (else) passes int64 for block argument 0 of type float64}}
  nb.cond_br %c : !nb.type<bool>, ^a(%f : !nb.type<float64>), ^a(%x : !nb.type<int64>)
^a(%v: !nb.type<float64>):
  nb.return %v : !nb.type<float64>
}

// -----

nb.func @unknown_operator(%x: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  // expected-error @below {{nb.binop: unknown operator '<>'}}
  %y = nb.binop "<>" %x, %x : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %y : !nb.type<?>
}

// -----

nb.func @inplace_comparison(%x: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  // expected-error @below {{nb.inplace_binop: unknown operator '<'}}
  %y = nb.inplace_binop "<" %x, %x : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %y : !nb.type<?>
}

// -----

nb.func @unary_unknown(%x: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["x"]} {
  // expected-error @below {{nb.unary: unknown operator '!'}}
  %y = nb.unary "!" %x : (!nb.type<?>) -> !nb.type<?>
  nb.return %y : !nb.type<?>
}

// -----

nb.func @static_index(%t: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["t"]} {
  // expected-error @below {{nb.static_getitem: the index must be an int, a tuple of ints or a slice, not 'a'}}
  %y = nb.static_getitem %t[<"a">] : (!nb.type<?>) -> !nb.type<?>
  nb.return %y : !nb.type<?>
}

// -----

nb.func @too_many_keywords(%f: !nb.type<?>, %x: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["f", "x"]} {
  // expected-error @below {{nb.call names 2 keywords for 1 arguments}}
  %y = nb.call %f(%x) kwnames ["a", "b"] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %y : !nb.type<?>
}

// -----

// expected-error @below {{nb.func @arg_names_count has 2 argument names for 1 arguments}}
nb.func @arg_names_count(%x: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["x", "y"]} {
  nb.return %x : !nb.type<?>
}


// -----

nb.func @for_range_body_args(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  // expected-error @below {{nb.for_range: the body takes 2 arguments (the induction variable and 1 carried values), not 1}}
  %r = nb.for_range %n, %n, %n iter_args(%n : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>):
    nb.yield %i : !nb.type<int64>
  }
  nb.return %r : !nb.type<int64>
}

// -----

nb.func @for_range_float_induction(%n: !nb.type<int64>) -> !nb.type<none> attributes {arg_names = ["n"]} {
  %none = nb.const <None> : !nb.type<none>
  // expected-error @below {{nb.for_range: the induction variable must be an integer, not float64}}
  nb.for_range %n, %n, %n : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> {
  ^bb0(%i: !nb.type<float64>):
    nb.yield
  }
  nb.return %none : !nb.type<none>
}

// -----

nb.func @for_range_carried_type(%n: !nb.type<int64>, %x: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["n", "x"]} {
  // expected-error @below {{nb.for_range: carried value 0 is float64 initially, int64 in the body and float64 as a result: they must be the same type}}
  %r = nb.for_range %n, %n, %n iter_args(%x : !nb.type<float64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<float64> {
  ^bb0(%i: !nb.type<int64>, %s: !nb.type<int64>):
    nb.yield %s : !nb.type<int64>
  }
  nb.return %r : !nb.type<float64>
}

// -----

nb.func @yield_count(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  %r = nb.for_range %n, %n, %n iter_args(%n : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>, %s: !nb.type<int64>):
    // expected-error @below {{nb.yield passes 2 values, nb.for_range carries 1}}
    nb.yield %s, %i : !nb.type<int64>, !nb.type<int64>
  }
  nb.return %r : !nb.type<int64>
}

// -----

nb.func @yield_type(%n: !nb.type<int64>, %x: !nb.type<float64>) -> !nb.type<int64> attributes {arg_names = ["n", "x"]} {
  %r = nb.for_range %n, %n, %n iter_args(%n : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>, %s: !nb.type<int64>):
    // expected-error @below {{nb.yield passes float64 for carried value 0 of type int64}}
    nb.yield %x : !nb.type<float64>
  }
  nb.return %r : !nb.type<int64>
}

// -----

nb.func @yield_in_function(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  // expected-error @below {{nb.yield must be in the body of an op with a body (nb.for_range), not in nb.func}}
  nb.yield
}

// -----

nb.func @for_range_without_yield(%n: !nb.type<int64>) -> !nb.type<none> attributes {arg_names = ["n"]} {
  %none = nb.const <None> : !nb.type<none>
  // expected-error @below {{nb.for_range: the body has no nb.yield (a loop body must be able to continue)}}
  nb.for_range %n, %n, %n : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>):
    nb.static_raise <ValueError> <("x",)>
  }
  nb.return %none : !nb.type<none>
}

// -----

nb.func @decref_of_a_number(%a: !nb.type<int64>) -> !nb.type<none> attributes {arg_names = ["a"]} {
  %none = nb.const <None> : !nb.type<none>
  // expected-error @below {{nb.decref of a value of type int64, which holds no references}}
  nb.decref %a : !nb.type<int64>
  nb.return %none : !nb.type<none>
}
