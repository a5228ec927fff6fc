// RUN: pycomp-opt %s --pipeline=jit --print-ir-after=nb-type-infer 2>%t.typed | filecheck %s
// RUN: filecheck %s --check-prefix=TYPED < %t.typed
// RUN: pycomp-opt %s --pipeline=jit --timing 2>&1 >/dev/null | filecheck %s --check-prefix=TIMING
// RUN: pycomp-opt %s --pipeline=jit -t llvm --timing 2>&1 >/dev/null | filecheck %s --check-prefix=TARGET
// RUN: not pycomp-opt %s --pipeline=jit -p nb-dce 2>&1 | filecheck %s --check-prefix=BOTH

// --pipeline=jit runs the JIT's passes after IR generation, in its order:
// the untyped rewrites, nb-type-infer (argument types from the signature),
// nb-fuse-arrayexpr, nb-insert-refcounts and nb-to-llvm. It excludes -p.

// TYPED: // -----// IR Dump After nb-type-infer //----- //
// TYPED: nb.func @f(%{{[^:]+}}: !nb.type<int64>) -> !nb.type<int64>

// CHECK-LABEL: llvm.func @f(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: i64) -> i32 {
// CHECK:         llvm.mul %[[A]], %{{.*}} : i64
// CHECK-NOT:   nb.

// TIMING:      Pass {{ *}}Wall (s)
// TIMING-NEXT: (parse)
// TIMING-NEXT: nb-static-raise
// TIMING-NEXT: nb-static-getitem
// TIMING-NEXT: nb-simplify-cfg
// TIMING-NEXT: nb-literal-unroll
// TIMING-NEXT: nb-lift-range-loops
// TIMING-NEXT: nb-dce
// TIMING-NEXT: nb-type-infer
// TIMING-NEXT: nb-fuse-arrayexpr
// TIMING-NEXT: nb-insert-refcounts
// TIMING-NEXT: nb-to-llvm
// TIMING-NEXT: Total

// The output target's time has its own row.
// TARGET:      nb-to-llvm
// TARGET-NEXT: (target llvm)
// TARGET-NEXT: Total

// BOTH: error: --pipeline and -p/--pass-pipeline exclude each other
nb.func @f(%a: !nb.type<int64>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %two = nb.const <2> : !nb.type<?>
  %unused = nb.const <3> : !nb.type<?>
  %0 = nb.binop "*" %a, %two : (!nb.type<int64>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}
