// RUN: pycomp-opt %s --split-input-file -p nb-to-llvm | filecheck %s
// RUN: pycomp-opt %s --split-input-file -p 'nb-to-llvm{fastmath=true}' | filecheck %s --check-prefix=FAST
// RUN: pycomp-opt %s --split-input-file -p 'nb-to-llvm{error-model=numpy}' | filecheck %s --check-prefix=NUMPY

// Operators are lowered by the implementation registered for their
// argument types.

// CHECK-LABEL: llvm.func @float_ops(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64) -> i32 {
// CHECK:         %[[S:.*]] = llvm.fadd %[[A]], %[[B]] : f64
// CHECK-NEXT:    %[[P:.*]] = llvm.fmul %[[S]], %[[A]] : f64
// CHECK-NEXT:    %[[D:.*]] = llvm.fsub %[[P]], %[[B]] : f64
// CHECK-NEXT:    %[[N:.*]] = llvm.fneg %[[D]] : f64

// fastmath=true puts the `fast` flags on float arithmetic.
// FAST-LABEL: llvm.func @float_ops(
// FAST:         llvm.fadd %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f64
// FAST-NEXT:    llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f64
// FAST-NEXT:    llvm.fsub %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<fast>} : f64
nb.func @float_ops(%a: !nb.type<float64>, %b: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "+" %a, %b : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  %1 = nb.binop "*" %0, %a : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  %2 = nb.binop "-" %1, %b : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  %3 = nb.unary "-" %2 : (!nb.type<float64>) -> !nb.type<float64>
  nb.return %3 : !nb.type<float64>
}

// -----

// Integer floor division checks the divisor first: zero branches to a block
// returning the (non-zero) status of ZeroDivisionError. MIN // -1 would trap
// (SIGFPE on x86), so that divisor is replaced by 1 before sdiv/srem and the
// results by 0 (Numba's answer); then the quotient moves down when the signs
// differ. With error-model=numpy there is no branch: a zero divisor is
// replaced by 1 the same way and the results by 0.

// CHECK-LABEL: llvm.func @floordiv(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[A:[^:]+]]: i64, %[[B:[^:]+]]: i64) -> i32 {
// CHECK:         %[[Z:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:    %[[ISZ:.*]] = llvm.icmp "eq" %[[B]], %[[Z]] : i64
// CHECK-NEXT:    llvm.cond_br %[[ISZ]], ^[[RAISE:.*]], ^[[DIV:.*]]{{$}}
// CHECK-NEXT:  ^[[DIV]]:
// CHECK-NEXT:    %[[MIN:.*]] = llvm.mlir.constant(-9223372036854775808) : i64
// CHECK-NEXT:    %[[ISMIN:.*]] = llvm.icmp "eq" %[[A]], %[[MIN]] : i64
// CHECK-NEXT:    %[[M1:.*]] = llvm.mlir.constant(-1) : i64
// CHECK-NEXT:    %[[ISM1:.*]] = llvm.icmp "eq" %[[B]], %[[M1]] : i64
// CHECK-NEXT:    %[[OVF:.*]] = llvm.and %[[ISMIN]], %[[ISM1]] : i1
// CHECK-NEXT:    %[[ONE:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:    %[[SAFE:.*]] = llvm.select %[[OVF]], %[[ONE]], %[[B]] : i1, i64
// CHECK-NEXT:    %[[Q:.*]] = llvm.sdiv %[[A]], %[[SAFE]] : i64
// CHECK-NEXT:    %[[R:.*]] = llvm.srem %[[A]], %[[SAFE]] : i64
// CHECK:         %[[QF:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[Q]] : i1, i64
// CHECK:         %[[QR:.*]] = llvm.select %[[OVF]], %[[Z]], %[[QF]] : i1, i64
// CHECK:         llvm.store %[[QR]], %[[RES]] : i64, !llvm.ptr
// CHECK-NEXT:    %[[OK:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    llvm.return %[[OK]] : i32
// CHECK-NEXT:  ^[[RAISE]]:
// CHECK-NEXT:    %[[ST:.*]] = llvm.mlir.constant({{[1-9][0-9]*}} : i32) : i32
// CHECK-NEXT:    llvm.return %[[ST]] : i32
// CHECK-NEXT:  }

// NUMPY-LABEL: llvm.func @floordiv(
// NUMPY-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[A:[^:]+]]: i64, %[[B:[^:]+]]: i64) -> i32 {
// NUMPY-NOT:     llvm.cond_br
// NUMPY:         %[[Z:.*]] = llvm.mlir.constant(0) : i64
// NUMPY-NEXT:    %[[ISZ:.*]] = llvm.icmp "eq" %[[B]], %[[Z]] : i64
// NUMPY:         %[[OVF:.*]] = llvm.and %{{.*}}, %{{.*}} : i1
// NUMPY-NEXT:    %[[BAD:.*]] = llvm.or %[[ISZ]], %[[OVF]] : i1
// NUMPY-NEXT:    %[[ONE:.*]] = llvm.mlir.constant(1) : i64
// NUMPY-NEXT:    %[[SAFE:.*]] = llvm.select %[[BAD]], %[[ONE]], %[[B]] : i1, i64
// NUMPY-NEXT:    llvm.sdiv %[[A]], %[[SAFE]] : i64
// NUMPY-NEXT:    llvm.srem %[[A]], %[[SAFE]] : i64
// NUMPY-NOT:     llvm.cond_br
// NUMPY:         %[[QR:.*]] = llvm.select %[[BAD]], %[[Z]], %{{.*}} : i1, i64
// NUMPY:         llvm.store %[[QR]], %[[RES]] : i64, !llvm.ptr
// NUMPY-NOT:     llvm.cond_br
// NUMPY:       }
nb.func @floordiv(%a: !nb.type<int64>, %b: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "//" %a, %b : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  nb.return %0 : !nb.type<int64>
}

// -----

// Unsigned division cannot overflow: after the zero check, udiv and urem
// take the divisor as it is.

// CHECK-LABEL: llvm.func @floordiv_unsigned(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: i64, %[[B:[^:]+]]: i64) -> i32 {
// CHECK:         llvm.icmp "eq" %[[B]], %{{.*}} : i64
// CHECK-NEXT:    llvm.cond_br
// CHECK-NEXT:  ^{{.*}}:
// CHECK-NEXT:    llvm.udiv %[[A]], %[[B]] : i64
// CHECK-NEXT:    llvm.urem %[[A]], %[[B]] : i64
nb.func @floordiv_unsigned(%a: !nb.type<uint64>, %b: !nb.type<uint64>) -> !nb.type<uint64> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "//" %a, %b : (!nb.type<uint64>, !nb.type<uint64>) -> !nb.type<uint64>
  nb.return %0 : !nb.type<uint64>
}

// -----

// Float floor division by zero under error-model=numpy gives NumPy's
// a / b (+-inf, or nan for 0 // 0): the true quotient is selected when the
// divisor is zero.

// NUMPY-LABEL: llvm.func @float_floordiv(
// NUMPY-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64) -> i32 {
// NUMPY-NOT:     llvm.cond_br
// NUMPY:         %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f64) : f64
// NUMPY:         %[[TRUE:.*]] = llvm.fdiv %[[A]], %[[B]] : f64
// NUMPY:         %[[FL:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f64
// NUMPY-NEXT:    %[[ISZ:.*]] = llvm.fcmp "oeq" %[[B]], %[[Z]] : f64
// NUMPY-NEXT:    %[[OUT:.*]] = llvm.select %[[ISZ]], %[[TRUE]], %[[FL]] : i1, f64
// NUMPY-NEXT:    llvm.store %[[OUT]], %[[RES]] : f64, !llvm.ptr
nb.func @float_floordiv(%a: !nb.type<float64>, %b: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "//" %a, %b : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  nb.return %0 : !nb.type<float64>
}

// -----

// Unary - and ~ on a narrow integer compute at the operand's width and then
// widen (Numba's rule): -int8(-128) is -128, ~uint32(0) is 4294967295.

// CHECK-LABEL: llvm.func @unary_narrow(
// CHECK-SAME:      %[[RES:[^:]+]]: !llvm.ptr, %[[A:[^:]+]]: i8, %[[U:[^:]+]]: i32) -> i32 {
// CHECK:         %[[Z:.*]] = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT:    %[[N:.*]] = llvm.sub %[[Z]], %[[A]] : i8
// CHECK-NEXT:    %[[NW:.*]] = llvm.sext %[[N]] : i8 to i64
// CHECK-NEXT:    %[[ONES:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT:    %[[I:.*]] = llvm.xor %[[U]], %[[ONES]] : i32
// CHECK-NEXT:    %[[IW:.*]] = llvm.zext %[[I]] : i32 to i64
// CHECK-NEXT:    %[[S:.*]] = llvm.add %[[NW]], %[[IW]] : i64
// CHECK-NEXT:    llvm.store %[[S]], %[[RES]] : i64, !llvm.ptr
nb.func @unary_narrow(%a: !nb.type<int8>, %u: !nb.type<uint32>) -> !nb.type<int64> attributes {arg_names = ["a", "u"]} {
  %0 = nb.unary "-" %a : (!nb.type<int8>) -> !nb.type<int64>
  %1 = nb.unary "~" %u : (!nb.type<uint32>) -> !nb.type<uint64>
  %2 = nb.cast %1 : (!nb.type<uint64>) -> !nb.type<int64>
  %3 = nb.binop "+" %0, %2 : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  nb.return %3 : !nb.type<int64>
}

// -----

// Float division raises ZeroDivisionError under the "python" error model
// (the default); error-model=numpy divides without the check.

// CHECK-LABEL: llvm.func @truediv(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: f64, %[[B:[^:]+]]: f64) -> i32 {
// CHECK:         %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f64) : f64
// CHECK-NEXT:    %[[ISZ:.*]] = llvm.fcmp "oeq" %[[B]], %[[Z]] : f64
// CHECK-NEXT:    llvm.cond_br %[[ISZ]], ^[[RAISE:.*]], ^[[DIV:.*]]{{$}}
// CHECK-NEXT:  ^[[DIV]]:
// CHECK-NEXT:    llvm.fdiv %[[A]], %[[B]] : f64
// CHECK:       ^[[RAISE]]:
// CHECK-NEXT:    llvm.mlir.constant({{[1-9][0-9]*}} : i32) : i32

// NUMPY-LABEL: llvm.func @truediv(
// NUMPY-NOT:     llvm.fcmp
// NUMPY-NOT:     llvm.cond_br
// NUMPY:         llvm.fdiv
// NUMPY-NOT:     llvm.cond_br
// NUMPY:       }
nb.func @truediv(%a: !nb.type<float64>, %b: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "/" %a, %b : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
  nb.return %0 : !nb.type<float64>
}

// -----

// Casts: int to float is sitofp; float to int is the llvmx dialect's fptosi
// (xDSL's llvm dialect has no fptosi); narrowing ints truncate.

// CHECK-LABEL: llvm.func @casts(
// CHECK-SAME:      %{{[^:]+}}: !llvm.ptr, %[[I:[^:]+]]: i64, %[[F:[^:]+]]: f64) -> i32 {
// CHECK:         %[[IF:.*]] = llvm.sitofp %[[I]] : i64 to f64
// CHECK-NEXT:    %[[FI:.*]] = llvmx.fptosi %[[F]] : f64 to i64
// CHECK-NEXT:    %[[T:.*]] = llvm.trunc %[[I]] : i64 to i32
// CHECK-NEXT:    %[[U:.*]] = llvmx.uitofp %[[I]] : i64 to f64
nb.func @casts(%i: !nb.type<int64>, %f: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["i", "f"]} {
  %0 = nb.cast %i : (!nb.type<int64>) -> !nb.type<float64>
  %1 = nb.cast %f : (!nb.type<float64>) -> !nb.type<int64>
  %2 = nb.cast %i : (!nb.type<int64>) -> !nb.type<int32>
  %3 = nb.cast %i : (!nb.type<int64>) -> !nb.type<uint64>
  %4 = nb.cast %3 : (!nb.type<uint64>) -> !nb.type<float64>
  nb.return %4 : !nb.type<float64>
}
