// RUN: not pycomp-opt %s --split-input-file -p nb-static-raise 2> %t.err | filecheck %s --check-prefix=OUT
// RUN: filecheck %s --check-prefix=ERR < %t.err

// With --split-input-file every chunk is processed, as mlir-opt does: an
// error in one chunk is reported with its line in the whole file (a
// verifier's at the op, MLIR-style `file:line:col: error:`), the next chunk
// still runs, and the exit status is 1.

nb.func @bad_condition(%c: !nb.type<int64>) -> !nb.type<none> attributes {arg_names = ["c"]} {
  %n = nb.const <None> : !nb.type<none>
  nb.cond_br %c : !nb.type<int64>, ^x, ^x
^x:
  nb.return %n : !nb.type<none>
}

// -----

nb.func @fine(%a: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<int64>
}

// -----

nb.func @bad_raise() -> !nb.type<none> attributes {arg_names = []} {
  %m = nb.const <1> : !nb.type<?>
  nb.raise %m : !nb.type<?>
}

// OUT:      // -----
// OUT-NEXT: builtin.module {
// OUT-NEXT:   nb.func @fine(
// OUT:      // -----
// OUT-NOT:  nb.func

// ERR:      split_input_errors.mlir:11:3: error: nb.cond_br condition must be bool, not int64
// ERR-NEXT:   nb.cond_br %c : !nb.type<int64>, ^x, ^x
// ERR-NEXT: UnsupportedError: only 'raise ExceptionClass(args...)' without keyword arguments is supported
// ERR-NEXT:   File "{{.*}}split_input_errors.mlir", line 26, in bad_raise
