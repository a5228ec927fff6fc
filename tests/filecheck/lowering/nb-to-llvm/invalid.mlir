// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm --verify-diagnostics
// RUN: not pycomp-opt %s -p 'nb-to-llvm{error-model=fast}' 2>&1 | filecheck %s --check-prefix=OPTION
// RUN: sed -n '/^\/\/ CHUNK3/,$p' %s > %t.mlir
// RUN: not pycomp-opt %t.mlir -p nb-to-llvm 2>&1 | filecheck %s

// nb-to-llvm needs typed IR: an untyped value is a TypingError (it would
// otherwise get a placeholder representation), and an operation with no
// lowering for its types an UnsupportedError with the source line.

// expected-error @below {{TypingError: nb-to-llvm needs typed IR: argument 0 of @untyped_arg has no type; run nb-type-infer first}}
nb.func @untyped_arg(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<?>
}

// -----

// expected-error @unknown {{TypingError: nb-to-llvm needs typed IR: the result of nb.binop in @untyped_result has no type}}
nb.func @untyped_result(%a: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  %0 = nb.binop "+" %a, %a : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<?> loc("user.py":2:11)
  nb.return %0 : !nb.type<?>
}

// -----

// CHUNK3: an op with its own location is reported there (user.py, line 3)
// expected-error @unknown {{UnsupportedError: no lowering of @ for int64(int64, int64)}}
nb.func @no_lowering(%a: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  %0 = nb.binop "@" %a, %a : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64> loc("user.py":3:12)
  nb.return %0 : !nb.type<int64>
}

// CHECK:      UnsupportedError: no lowering of @ for int64(int64, int64)
// CHECK-NEXT:   File "user.py", line 3

// OPTION: error: bad options for pass nb-to-llvm: error-model must be one of python, numpy, not 'fast'
