// RUN: pycomp-opt %s --split-input-file --verify-diagnostics | filecheck %s --check-prefix=OK
// RUN: sed -e 's/@below {{nb.cond_br/@above {{nb.cond_br/' -e "s/{{unknown operator '<>'}}/{{not produced}}/" %s > %t.mlir
// RUN: not pycomp-opt %t.mlir --split-input-file --verify-diagnostics 2>&1 | filecheck %s --check-prefix=BAD

// --verify-diagnostics checks expected-error annotations as mlir-opt does:
// a chunk whose diagnostics all match passes silently, a chunk without
// diagnostics prints its program, and a wrong line, an expectation no
// diagnostic meets or a diagnostic nobody expected is an error naming the
// file and line (exit status 1).

nb.func @bad(%c: !nb.type<int64>) -> !nb.type<none> attributes {arg_names = ["c"]} {
  %none = nb.const <None> : !nb.type<none>
  // expected-error @below {{nb.cond_br condition must be bool}}
  nb.cond_br %c : !nb.type<int64>, ^a, ^a
^a:
  nb.return %none : !nb.type<none>
}

// -----

// OK: nb.func @fine
nb.func @fine(%a: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<int64>
}

// -----

nb.func @operator(%a: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  %0 = nb.binop "<>" %a, %a : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64> // expected-error {{unknown operator '<>'}}
  nb.return %0 : !nb.type<int64>
}

// BAD: {{.*}}.tmp.mlir:13: error: expected error "nb.cond_br condition must be bool" was not produced (one was produced at line 14)
// BAD-NEXT: {{.*}}.tmp.mlir:14: error: unexpected error: nb.cond_br condition must be bool, not int64
// BAD-NEXT: {{.*}}.tmp.mlir:29: error: expected error "not produced" was not produced
// BAD-NEXT: {{.*}}.tmp.mlir:29: error: unexpected error: nb.binop: unknown operator '<>'
// BAD-NOT: error
