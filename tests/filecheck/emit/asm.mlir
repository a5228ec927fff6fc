// RUN: pycomp-opt %s -p nb-to-llvm -t asm | filecheck %s
// RUN: pycomp-opt %s -p nb-to-llvm -t asm --opt-level 0 | filecheck %s

// -t asm prints the host assembly of the optimized module: each function
// is a global label (the instructions depend on the host CPU).

// CHECK:       {{\.globl|\.global}}{{[[:space:]]+}}{{_?}}add
// CHECK-LABEL: {{^_?}}add:
// CHECK:       {{ret|blr|bx}}
nb.func @add(%a: !nb.type<int64>, %b: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "+" %a, %b : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  nb.return %0 : !nb.type<int64>
}
