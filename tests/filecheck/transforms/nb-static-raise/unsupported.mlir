// RUN: pycomp-opt %s --split-input-file -p nb-static-raise --verify-diagnostics
// RUN: not pycomp-opt %s --split-input-file -p nb-static-raise 2>&1 | filecheck %s --check-prefix=EXIT

// Raising with keyword arguments, or raising a value that is not an
// exception, is an UnsupportedError at the nb.raise (one
// diagnostic per chunk under --verify-diagnostics; without it, exit status
// 1 at the first, no traceback).

// keyword arguments to the exception
nb.func @keywords() -> !nb.type<none> attributes {arg_names = []} {
  %e = nb.global "ValueError" = <ValueError> : !nb.type<?>
  %m = nb.const <"bad value"> : !nb.type<?>
  %x = nb.call %e(%m) kwnames ["k"] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  // expected-error @below {{UnsupportedError: only 'raise ExceptionClass(args...)' without keyword arguments is supported}}
  nb.raise %x : !nb.type<?>
}

// -----

// a value that is not an exception
nb.func @not_an_exception() -> !nb.type<none> attributes {arg_names = []} {
  %m = nb.const <1> : !nb.type<?>
  // expected-error @below {{UnsupportedError: only 'raise ExceptionClass(args...)' without keyword arguments is supported}}
  nb.raise %m : !nb.type<?>
}

// EXIT: UnsupportedError: only 'raise ExceptionClass(args...)' without keyword arguments is supported
// EXIT-NEXT: File "{{.*}}unsupported.mlir", line 15, in keywords
// EXIT-NEXT: nb.raise %x
// EXIT-NOT: Traceback
