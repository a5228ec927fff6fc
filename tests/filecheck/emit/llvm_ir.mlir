// RUN: pycomp-opt %s --split-input-file -t llvm | filecheck %s

// -t llvm prints a module in the llvm dialect as LLVM IR, with the host's
// triple and data layout, as the JIT hands it to LLVM.

// CHECK:       target triple = "{{.+}}"
// CHECK:       target datalayout = "{{.+}}"
// CHECK-LABEL: define i32 @"add"(ptr %".1", i64 %".2", i64 %".3")
// CHECK:         %[[S:.+]] = add i64 %".2", %".3"
// CHECK-NEXT:    store i64 %[[S]], ptr %".1"
// CHECK-NEXT:    ret i32 0
builtin.module {
  llvm.func @add(%res: !llvm.ptr, %a: i64, %b: i64) -> i32 {
    %s = llvm.add %a, %b : i64
    llvm.store %s, %res : i64, !llvm.ptr
    %ok = llvm.mlir.constant(0 : i32) : i32
    llvm.return %ok : i32
  }
}

// -----

// The llvmx casts (xDSL's llvm dialect has none) become LLVM's instructions.

// CHECK-LABEL: define i32 @"casts"(ptr %".1", double %".2", i64 %".3")
// CHECK:         fptosi double %".2" to i64
// CHECK:         fptoui double %".2" to i64
// CHECK:         uitofp i64 %".3" to double
builtin.module {
  llvm.func @casts(%res: !llvm.ptr, %f: f64, %u: i64) -> i32 {
    %i = llvmx.fptosi %f : f64 to i64
    %j = llvmx.fptoui %f : f64 to i64
    %g = llvmx.uitofp %u : i64 to f64
    llvm.store %g, %res : f64, !llvm.ptr
    %ok = llvm.mlir.constant(0 : i32) : i32
    llvm.return %ok : i32
  }
}

// -----

// An array element's address is a byte offset: a getelementptr through i8.
// A struct field's address indexes the struct type.

// CHECK-LABEL: define i32 @"element"(ptr %".1", ptr %".2", i64 %".3")
// CHECK:         %[[P:.+]] = getelementptr inbounds i8, ptr %".2", i64 %".3"
// CHECK-NEXT:    %[[V:.+]] = load double, {{.+}} %[[P]]
// CHECK:         getelementptr inbounds {i64, i64, i64}, {{.+}} %".6", i32 0, i32 1
builtin.module {
  llvm.func @element(%res: !llvm.ptr, %data: !llvm.ptr, %off: i64) -> i32 {
    %one = llvm.mlir.constant(1) : i64
    %state = llvm.alloca %one x !llvm.struct<(i64, i64, i64)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
    %p = llvm.getelementptr inbounds %data[%off] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %v = llvm.load %p : !llvm.ptr -> f64
    %q = llvm.getelementptr inbounds %state[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64, i64)>
    llvm.store %off, %q : i64, !llvm.ptr
    llvm.store %v, %res : f64, !llvm.ptr
    %ok = llvm.mlir.constant(0 : i32) : i32
    llvm.return %ok : i32
  }
}

// -----

// Block arguments become phis; intrinsics and external functions are
// declared; fast-math flags are kept.

// CHECK:       declare double @"atan2"(double %".1", double %".2")
// CHECK-LABEL: define i32 @"pick"(ptr %".1", i1 %".2", double %".3", double %".4")
// CHECK:         phi{{ +}}double [%".3", %"t"], [%".4", %"f"]
// CHECK:         call double @"llvm.sqrt.f64"(double
// CHECK:         call ccc double @"atan2"(double
// CHECK:         fadd {{.*}}reassoc{{.*}} double
// CHECK:       declare double @"llvm.sqrt.f64"(double
builtin.module {
  llvm.func @atan2(f64, f64) -> f64
  llvm.func @pick(%res: !llvm.ptr, %c: i1, %a: f64, %b: f64) -> i32 {
    llvm.cond_br %c, ^t, ^f
  ^t:
    llvm.br ^m(%a : f64)
  ^f:
    llvm.br ^m(%b : f64)
  ^m(%v: f64):
    %r = llvm.call_intrinsic "llvm.sqrt.f64"(%v) : (f64) -> f64
    %t = llvm.call @atan2(%r, %a) : (f64, f64) -> f64
    %s = llvm.fadd %r, %t {fastmathFlags = #llvm.fastmath<fast>} : f64
    llvm.store %s, %res : f64, !llvm.ptr
    %ok = llvm.mlir.constant(0 : i32) : i32
    llvm.return %ok : i32
  }
}

// -----

// A call through a function pointer (llvm.call without a callee; xDSL's
// converter has none): the pointer is cast to the function's type and called.

// CHECK-LABEL: define double @"through"(ptr %".1", double %".2")
// CHECK:         %[[F:.+]] = bitcast ptr %".1" to double (double)*
// CHECK-NEXT:    %[[R:.+]] = call double %[[F]](double %".2")
// CHECK-NEXT:    ret double %[[R]]
builtin.module {
  llvm.func @through(%fp: !llvm.ptr, %x: f64) -> f64 {
    %r = llvm.call %fp(%x) : !llvm.ptr, (f64) -> f64
    llvm.return %r : f64
  }
}
