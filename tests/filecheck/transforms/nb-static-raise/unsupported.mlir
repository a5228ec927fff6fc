// RUN: pycomp-opt %s --split-input-file -p nb-static-raise --verify-diagnostics | filecheck %s
// RUN: not pycomp-opt %s --split-input-file -p nb-static-raise 2>&1 | filecheck %s --check-prefix=EXIT

// Raising anything else is an UnsupportedError (one diagnostic per chunk
// under --verify-diagnostics; without it, exit status 1 at the first).

// keyword arguments to the exception
nb.func @keywords() -> !nb.type<none> attributes {arg_names = []} {
  %e = nb.global "ValueError" = <ValueError> : !nb.type<?>
  %m = nb.const <"bad value"> : !nb.type<?>
  %x = nb.call %e(%m) kwnames ["k"] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.raise %x : !nb.type<?>
}

// CHECK: UnsupportedError: only 'raise ExceptionClass(constant args...)' is supported yet

// -----

// a value that is not an exception
nb.func @not_an_exception() -> !nb.type<none> attributes {arg_names = []} {
  %m = nb.const <1> : !nb.type<?>
  nb.raise %m : !nb.type<?>
}

// CHECK: UnsupportedError: only 'raise ExceptionClass(constant args...)' is supported yet

// EXIT: UnsupportedError: only 'raise ExceptionClass(constant args...)' is supported yet
// EXIT-NOT: Traceback
