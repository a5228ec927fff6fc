// RUN: pycomp-opt %s -p 'nb-type-infer{signature="(int64, float64)"}' | filecheck %s
// RUN: pycomp-opt %s -p 'builtin.module(nb-type-infer{signature="float64(int64, int64)"})' | filecheck %s --check-prefix=RET

// The `signature` option writes argument types (and a return type, when
// given) into every nb.func before inferring; without it, untyped arguments
// are an error (see invalid.mlir).

// CHECK-LABEL: nb.func @f(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<int64>, %[[B:[^:]+]]: !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:    nb.cast %[[A]] : (!nb.type<int64>) -> !nb.type<float64>

// The declared return type is kept: the int64 result is cast to it.
// RET-LABEL: nb.func @f(
// RET-SAME:      %{{[^:]+}}: !nb.type<int64>, %{{[^:]+}}: !nb.type<int64>) -> !nb.type<float64>
// RET:           %[[S:.*]] = nb.binop "*" {{.*}} -> !nb.type<int64>
// RET-NEXT:      %[[R:.*]] = nb.cast %[[S]] : (!nb.type<int64>) -> !nb.type<float64>
// RET-NEXT:      nb.return %[[R]] : !nb.type<float64>
nb.func @f(%a: !nb.type<?>, %b: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a", "b"]} {
  %0 = nb.binop "*" %a, %b : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}
