// RUN: pycomp-opt %s -p nb-to-llvm | filecheck %s
// RUN: pycomp-opt %s -p nb-to-llvm | filecheck %s --check-prefix=MIXED
// RUN: pycomp-opt %s -p nb-to-llvm | filecheck %s --check-prefix=ASSIGN

// nb-to-llvm lowers arrayexpr.expr to one loop nest: the inputs' extents
// are checked to broadcast, the result is allocated once, and the body's
// ufuncs run inside the loops: a flat unit-stride loop when every array
// input has the result's shape and is contiguous (a C input by its type,
// the A one checked at run time), byte-stride loops otherwise. The scalar
// is read once, before the loops.

nb.func @axpy(%a: !nb.type<array(float64, 1d, C)>, %b: !nb.type<array(float64, 1d, A)>, %s: !nb.type<float64>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a", "b", "s"]} {
  %r = arrayexpr.expr(%a, %b, %s) : (!nb.type<array(float64, 1d, C)>, !nb.type<array(float64, 1d, A)>, !nb.type<float64>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%x: !nb.type<float64>, %y: !nb.type<float64>, %k: !nb.type<float64>):
    %t = arrayexpr.apply "multiply" %x, %k : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
    %u = arrayexpr.apply "add" %t, %y : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %u : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// CHECK-LABEL: llvm.func @axpy(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[S:[^:]+]]: f64) -> i32 {
// CHECK:         %[[EA:.*]] = llvm.extractvalue %{{.*}}[5, 0]
// CHECK:         %[[EB:.*]] = llvm.extractvalue %{{.*}}[5, 0]
// CHECK:         llvm.icmp "ne" %[[EB]], %[[EA]] : i64
// CHECK:         llvm.call @pycomp_nrt_allocate
// CHECK-NOT:     llvm.call @pycomp_nrt_allocate
// b's run-time contiguity: its stride is its itemsize
// CHECK:         %[[ITEM:.*]] = llvm.extractvalue %{{.*}}[3]
// CHECK:         %[[STRIDE:.*]] = llvm.extractvalue %{{.*}}[6, 0]
// CHECK:         llvm.icmp "eq" %[[STRIDE]], %[[ITEM]] : i64
// CHECK:         llvm.cond_br %{{.*}}, ^[[FLAT:bb[0-9]+]], ^[[SLOW:bb[0-9]+]]
// CHECK:       ^[[SLOW]]:
// CHECK:         llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:         %[[X1:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// CHECK:         %[[Y1:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// CHECK:         %[[M1:.*]] = llvm.fmul %[[X1]], %[[S]] : f64
// CHECK-NEXT:    %[[A1:.*]] = llvm.fadd %[[M1]], %[[Y1]] : f64
// CHECK-NEXT:    llvm.store %[[A1]], %{{.*}} : f64, !llvm.ptr
// CHECK:       ^[[FLAT]]:
// CHECK:         llvm.getelementptr inbounds %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK:         %[[X2:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// CHECK:         %[[Y2:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// CHECK:         %[[M2:.*]] = llvm.fmul %[[X2]], %[[S]] : f64
// CHECK-NEXT:    llvm.fadd %[[M2]], %[[Y2]] : f64
// CHECK-NOT:     llvm.call @pycomp_nrt_allocate
// CHECK-LABEL: llvm.func @mixed(

// Each apply casts its elements to the ufunc loop's inputs, as the unfused
// ufunc does: int32 + float32 runs the float32 loop (Numba's choice; NumPy
// 2 picks float64), float32 < float64 the float64 one, and the
// comparison's bool result is stored as a byte.

nb.func @mixed(%a: !nb.type<array(int32, 2d, F)>, %b: !nb.type<array(float32, 2d, F)>, %s: !nb.type<float64>) -> !nb.type<array(bool, 2d, F)> attributes {arg_names = ["a", "b", "s"]} {
  %r = arrayexpr.expr(%a, %b, %s) : (!nb.type<array(int32, 2d, F)>, !nb.type<array(float32, 2d, F)>, !nb.type<float64>) -> !nb.type<array(bool, 2d, F)> {
  ^bb0(%x: !nb.type<int32>, %y: !nb.type<float32>, %d: !nb.type<float64>):
    %t = arrayexpr.apply "add" %x, %y : (!nb.type<int32>, !nb.type<float32>) -> !nb.type<float32>
    %c = arrayexpr.apply "less" %y, %d : (!nb.type<float32>, !nb.type<float64>) -> !nb.type<bool>
    %e = arrayexpr.apply "logical_and" %c, %t : (!nb.type<bool>, !nb.type<float32>) -> !nb.type<bool>
    arrayexpr.yield %e : !nb.type<bool>
  }
  nb.return %r : !nb.type<array(bool, 2d, F)>
}

// MIXED-LABEL: llvm.func @mixed(
// MIXED:         llvm.call @pycomp_nrt_allocate
// MIXED:         %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// MIXED:         %[[Y:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// MIXED:         %[[XF:.*]] = llvm.sitofp %[[X]] : i32 to f32
// MIXED-NEXT:    %[[T:.*]] = llvm.fadd %[[XF]], %[[Y]] : f32
// MIXED-NEXT:    %[[YD:.*]] = llvm.fpext %[[Y]] : f32 to f64
// MIXED-NEXT:    %{{.*}} = llvm.fcmp "olt" %[[YD]], %{{.*}} : f64
// MIXED:         %[[NZ:.*]] = llvm.fcmp "une" %[[T]], %{{.*}} : f32
// MIXED-NEXT:    %[[AND:.*]] = llvm.and %{{.*}}, %[[NZ]] : i1
// MIXED-NEXT:    %[[BYTE:.*]] = llvm.zext %[[AND]] : i1 to i8
// MIXED-NEXT:    llvm.store %[[BYTE]], %{{.*}} : i8, !llvm.ptr

// arrayexpr.assign writes into its target: the inputs must broadcast to
// the target's shape (ValueError, NumPy's assignment message), an input
// that overlaps the target without being the same view is first copied
// (the only allocation, taken at run time only on overlap), the body's
// float64 element is converted to the int32 target's dtype, and nothing
// is returned.

nb.func @store(%v: !nb.type<array(int32, 1d, A)>, %b: !nb.type<array(float64, 1d, C)>) -> !nb.type<none> attributes {arg_names = ["v", "b"]} {
  arrayexpr.assign(%b) into %v : (!nb.type<array(float64, 1d, C)>) into !nb.type<array(int32, 1d, A)> {
  ^bb0(%y: !nb.type<float64>):
    %s = arrayexpr.apply "sqrt" %y : (!nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %s : !nb.type<float64>
  }
  %none = nb.const <None> : !nb.type<none>
  nb.return %none : !nb.type<none>
}

// ASSIGN-LABEL: llvm.func @store(
// ASSIGN:         %[[EB:.*]] = llvm.extractvalue %[[B:.*]][5, 0]
// ASSIGN:         %[[EV:.*]] = llvm.extractvalue %[[V:.*]][5, 0]
// ASSIGN:         llvm.icmp "ne" %[[EB]], %[[EV]] : i64
// ASSIGN:         llvm.cond_br %{{.*}}, ^[[COPY:bb[0-9]+]], ^[[JOIN:bb[0-9]+]](%{{.*}}, %{{.*}} : !llvm.struct<{{.*}}>, i1)
// ASSIGN:       ^[[COPY]]:
// ASSIGN:         llvm.call @pycomp_nrt_allocate
// ASSIGN:       ^[[JOIN]](%{{.*}}: !llvm.struct<{{.*}}>, %[[OWNED:.*]]: i1):
// ASSIGN:         %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
// ASSIGN:         %[[R:.*]] = llvm.call_intrinsic "llvm.sqrt.f64"(%[[X]]) : (f64) -> f64
// ASSIGN-NEXT:    %[[I:.*]] = llvmx.fptosi %[[R]] : f64 to i32
// ASSIGN-NEXT:    llvm.store %[[I]], %{{.*}} : i32, !llvm.ptr
