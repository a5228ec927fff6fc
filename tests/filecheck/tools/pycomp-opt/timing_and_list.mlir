// RUN: pycomp-opt %s -p nb-static-getitem,nb-dce --timing 2>&1 >/dev/null | filecheck %s --check-prefix=TIMING
// RUN: pycomp-opt --list-passes | filecheck %s --check-prefix=LIST

// --timing (also --time-passes) prints seconds per pass on stderr, with the
// parse time; --list-passes lists pycomp's passes first, with descriptions.

// TIMING:      pycomp pass timings
// TIMING:      Pass {{ *}}Wall (s)
// TIMING-NEXT: (parse) {{ *}}{{[0-9.]+}}
// TIMING-NEXT: nb-static-getitem {{ *}}{{[0-9.]+ +[0-9.]+%}}
// TIMING-NEXT: nb-dce
// TIMING-NEXT: Total

// LIST:      pycomp passes:
// LIST-NEXT:   nb-static-raise
// LIST-NEXT:     Turn `raise E`
// LIST:        nb-type-infer{signature=<str | None>}
// LIST:        nb-to-llvm{target=<str> boundscheck=<bool> fastmath=<bool> error-model=<str>}
// LIST-NEXT:     Lower every typed nb.func to an llvm.func
// LIST:      xDSL passes:
// LIST:        canonicalize
nb.func @f(%t: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["t"]} {
  %i = nb.const <0> : !nb.type<?>
  %0 = nb.getitem %t[%i] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}
