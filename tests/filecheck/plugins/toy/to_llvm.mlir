// REQUIRES: pycomp_toy
// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm | filecheck %s
// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm -t llvm | filecheck %s --check-prefix=IR

// nb-to-llvm lowers the toy ops through the plugin's lowering rules
// (registered by op name) to plain llvm dialect ops. An interval is the
// struct {f64 lo, f64 hi} its data model (register_model) gives it:
// toy.interval raises ValueError when hi < lo and builds the struct,
// toy.width is hi - lo, toy.clamp is Python's min(max(x, lo), hi).

// CHECK-LABEL: llvm.func @ops(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[LO:[^:]+]]: f64, %[[HI:[^:]+]]: f64, %[[X:[^:]+]]: f64) -> i32 {
// CHECK:         %[[BAD:.*]] = llvm.fcmp "olt" %[[HI]], %[[LO]] : f64
// CHECK-NEXT:    llvm.cond_br %[[BAD]], ^[[RAISE:.*]], ^[[OK:[^ ]*]]
// CHECK-NEXT:  ^[[OK]]:
// CHECK-NEXT:    %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(f64, f64)>
// CHECK-NEXT:    %[[I0:.*]] = llvm.insertvalue %[[LO]], %[[U]][0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT:    %[[IV:.*]] = llvm.insertvalue %[[HI]], %[[I0]][1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT:    %[[L1:.*]] = llvm.extractvalue %[[IV]][0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT:    %[[H1:.*]] = llvm.extractvalue %[[IV]][1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT:    %[[W:.*]] = llvm.fsub %[[H1]], %[[L1]] : f64
// CHECK-NEXT:    %[[L2:.*]] = llvm.extractvalue %[[IV]][0] : !llvm.struct<(f64, f64)>
// CHECK-NEXT:    %[[H2:.*]] = llvm.extractvalue %[[IV]][1] : !llvm.struct<(f64, f64)>
// CHECK-NEXT:    %[[GT:.*]] = llvm.fcmp "ogt" %[[L2]], %[[X]] : f64
// CHECK-NEXT:    %[[M:.*]] = llvm.select %[[GT]], %[[L2]], %[[X]] : i1, f64
// CHECK-NEXT:    %[[LT:.*]] = llvm.fcmp "olt" %[[H2]], %[[M]] : f64
// CHECK-NEXT:    %[[C:.*]] = llvm.select %[[LT]], %[[H2]], %[[M]] : i1, f64
// CHECK-NEXT:    %[[S:.*]] = llvm.fadd %[[W]], %[[C]] : f64
// CHECK-NEXT:    llvm.store %[[S]], %[[RES]] : f64, !llvm.ptr
// CHECK:       ^[[RAISE]]:
// CHECK-NEXT:    %[[ST:.*]] = llvm.mlir.constant({{[0-9]+}} : i32) : i32
// CHECK-NEXT:    llvm.return %[[ST]] : i32

// The LLVM IR handed to LLVM, by the same rules:
// IR-LABEL: define i32 @"ops"(
// IR:         fcmp olt double
// IR:         insertvalue {double, double} undef, double
// IR:         fsub double
nb.func @ops(%lo: !nb.type<float64>, %hi: !nb.type<float64>, %x: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["lo", "hi", "x"]} {
  %iv = toy.interval %lo, %hi : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<interval>
  %w = toy.width %iv : (!nb.type<interval>) -> !nb.type<float64>
  %c = toy.clamp %x, %iv : (!nb.type<float64>, !nb.type<interval>) -> !nb.type<float64>
  %s = nb.binop "+" %w, %c : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  nb.return %s : !nb.type<float64>
}

// -----

// An interval is a value like any other: a function argument is its
// struct, and a tuple of intervals a struct of them (the data model
// composes).

// CHECK-LABEL: llvm.func @args(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[IV:[^:]+]]: !llvm.struct<(f64, f64)>, %[[T:[^:]+]]: !llvm.struct<(!llvm.struct<(f64, f64)>, !llvm.struct<(f64, f64)>)>) -> i32 {
// CHECK:         %[[J:.*]] = llvm.extractvalue %[[T]][1] : !llvm.struct<(!llvm.struct<(f64, f64)>, !llvm.struct<(f64, f64)>)>
// CHECK-NEXT:    llvm.extractvalue %[[J]][0] : !llvm.struct<(f64, f64)>
// IR-LABEL: define i32 @"args"(ptr %{{.*}}, {double, double} %
nb.func @args(%iv: !nb.type<interval>, %t: !nb.type<UniTuple(interval x 2)>) -> !nb.type<float64> attributes {arg_names = ["iv", "t"]} {
  %j = nb.static_getitem %t[<1>] : (!nb.type<UniTuple(interval x 2)>) -> !nb.type<interval>
  %w = toy.width %j : (!nb.type<interval>) -> !nb.type<float64>
  nb.return %w : !nb.type<float64>
}
