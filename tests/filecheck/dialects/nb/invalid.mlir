// RUN: pycomp-opt %s --split-input-file --verify-diagnostics | filecheck %s

// The nb verifiers, one error per chunk.

nb.func @cond_not_bool(%c: !nb.type<int64>) -> !nb.type<none> attributes {arg_names = ["c"]} {
  %none = nb.const <None> : !nb.type<none>
  nb.cond_br %c : !nb.type<int64>, ^a, ^a
^a:
  nb.return %none : !nb.type<none>
}

// CHECK: nb.cond_br condition must be bool, not int64
// CHECK: Operation does not verify: nb.cond_br condition must be bool, not int64

// -----

nb.func @binop_needs_nb_types(%a: i64) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %0 = nb.binop "+" %a, %a : (i64, i64) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// CHECK: {{^// -{5}$}}
// CHECK-NEXT: i64 should be of base attribute nb.type

// -----

nb.func @missing_terminator() -> !nb.type<none> attributes {arg_names = []} {
  %none = nb.const <None> : !nb.type<none>
}

// CHECK: {{^// -{5}$}}
// CHECK-NEXT: Operation nb.const terminates block in single-block region but is not a terminator

// -----

nb.func @cell_get_wrong_type(%x: !nb.type<int64>) -> !nb.type<float64> attributes {arg_names = ["x"]} {
  %c = nb.make_cell "x" : !nb.type<cell(int64)>
  nb.cell_set %c, %x, "x" : !nb.type<cell(int64)>, !nb.type<int64>
  %v = nb.cell_get %c, "x" : (!nb.type<cell(int64)>) -> !nb.type<float64>
  nb.return %v : !nb.type<float64>
}

// CHECK: Operation does not verify: nb.cell_get of cell(int64) gives int64, not float64

// -----

nb.func @cell_set_wrong_type(%x: !nb.type<float64>) -> !nb.type<none> attributes {arg_names = ["x"]} {
  %none = nb.const <None> : !nb.type<none>
  %c = nb.make_cell "x" : !nb.type<cell(int64)>
  nb.cell_set %c, %x, "x" : !nb.type<cell(int64)>, !nb.type<float64>
  nb.return %none : !nb.type<none>
}

// CHECK: Operation does not verify: nb.cell_set stores float64 into cell(int64)
