// RUN: pycomp-opt %s -p 'nb-to-llvm{fastmath=true}' -t llvm-opt | filecheck %s
// RUN: pycomp-opt %s -p nb-to-llvm -t llvm-opt | filecheck %s --check-prefix=STRICT
// RUN: pycomp-opt %s -p 'nb-to-llvm{fastmath=true}' -t llvm-opt --opt-level 0 | filecheck %s --check-prefix=O0
// RUN: pycomp-opt %s -p 'nb-to-llvm{fastmath=true}' -t 'llvm-opt{opt-level=0}' | filecheck %s --check-prefix=O0

// -t llvm-opt runs LLVM's O3 pipeline for the host CPU, as the JIT does (and
// adds nothing to the JIT). With fastmath the float sum may be reassociated,
// so the loop vectorizes (the vector width depends on the host CPU); without
// it the additions stay in order, one scalar fadd at a time. --opt-level 0
// (or the target's opt-level option) leaves the IR as emitted.

// CHECK-LABEL: define {{.*}}i32 @asum(
// CHECK:         x double>
// CHECK:         fadd fast <{{[0-9]+}} x double>

// STRICT-LABEL: define {{.*}}i32 @asum(
// STRICT-NOT:     fadd {{.*}}x double>
// STRICT:         fadd double
// STRICT-NOT:     fadd {{.*}}x double>

// O0-LABEL: define i32 @asum(
// O0:         alloca { i64, i64, i64 }
// O0-NOT:     x double>
nb.func @asum(%a: !nb.type<array(float64, 1d, C)>) -> !nb.type<float64> attributes {arg_names = ["a"]} {
  %zero = nb.const <0.0> : !nb.type<float64>
  %range = nb.global "range" = <range> : !nb.type<function(range)>
  %shape = nb.getattr %a, "shape" : (!nb.type<array(float64, 1d, C)>) -> !nb.type<UniTuple(int64 x 1)>
  %n = nb.static_getitem %shape[<0>] : (!nb.type<UniTuple(int64 x 1)>) -> !nb.type<int64>
  %r = nb.call %range(%n) kwnames [] : (!nb.type<function(range)>, !nb.type<int64>) -> !nb.type<range_state_int64>
  %it = nb.getiter %r : (!nb.type<range_state_int64>) -> !nb.type<range_iter_int64>
  nb.br ^head(%zero : !nb.type<float64>)
^head(%acc: !nb.type<float64>):
  %i, %ok = nb.iternext %it : (!nb.type<range_iter_int64>) -> (!nb.type<int64>, !nb.type<bool>)
  nb.cond_br %ok : !nb.type<bool>, ^body, ^exit
^exit:
  nb.return %acc : !nb.type<float64>
^body:
  %e = nb.getitem %a[%i] : (!nb.type<array(float64, 1d, C)>, !nb.type<int64>) -> !nb.type<float64>
  %next = nb.inplace_binop "+" %acc, %e : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  nb.br ^head(%next : !nb.type<float64>)
}
