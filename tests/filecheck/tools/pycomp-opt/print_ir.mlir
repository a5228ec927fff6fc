// RUN: pycomp-opt %s -p nb-static-getitem,nb-dce --print-ir-after=nb-static-getitem 2>&1 >/dev/null | filecheck %s --check-prefix=AFTER
// RUN: pycomp-opt %s -p nb-static-getitem,nb-dce --print-ir-after-all 2>&1 >/dev/null | filecheck %s --check-prefix=ALL
// RUN: pycomp-opt %s -p nb-static-getitem,nb-dce --print-ir-before=nb-dce 2>&1 >/dev/null | filecheck %s --check-prefix=BEFORE

// IR dumps go to stderr under MLIR's headers, only after the passes named.

// AFTER:      // -----// IR Dump After nb-static-getitem //----- //
// AFTER-NEXT: builtin.module {
// AFTER:        nb.const <0>
// AFTER-NEXT:   nb.static_getitem
// AFTER-NOT:  IR Dump

// ALL:      // -----// IR Dump After nb-static-getitem //----- //
// ALL:        nb.const <0>
// ALL:      // -----// IR Dump After nb-dce //----- //
// ALL-NOT:    nb.const <0>
// ALL:        nb.static_getitem

// BEFORE:      // -----// IR Dump Before nb-dce //----- //
// BEFORE-NOT:  IR Dump
nb.func @f(%t: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["t"]} {
  %i = nb.const <0> : !nb.type<?>
  %0 = nb.getitem %t[%i] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}
