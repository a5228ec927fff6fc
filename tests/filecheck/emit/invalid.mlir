// RUN: not pycomp-opt %s -t llvm 2>&1 | filecheck %s
// RUN: not pycomp-opt %s -t asm 2>&1 | filecheck %s --check-prefix=ASM
// RUN: not pycomp-opt %s -t llvm --opt-level 2 2>&1 | filecheck %s --check-prefix=LEVEL
// RUN: not pycomp-opt %s -t 'llvm-opt{opt-level=4}' 2>&1 | filecheck %s --check-prefix=RANGE

// The LLVM targets need a module in the llvm dialect: an nb.func left in
// the module is one diagnostic (exit status 1), not a traceback.

// CHECK:     -t llvm needs a module in the llvm dialect, but @f is an nb.func: run nb-to-llvm first
// CHECK-NOT: Traceback
// ASM:       -t asm needs a module in the llvm dialect, but @f is an nb.func

// --opt-level applies to the optimizing targets only, and is 0 to 3.
// LEVEL: error: --opt-level applies to -t llvm-opt and -t asm only
// RANGE: error: -t llvm-opt{opt-level=4}: opt-level must be 0, 1, 2 or 3, not 4
nb.func @f(%a: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a"]} {
  nb.return %a : !nb.type<int64>
}
