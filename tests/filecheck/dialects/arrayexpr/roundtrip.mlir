// RUN: pycomp-opt %s | pycomp-opt | filecheck %s
// RUN: pycomp-opt %s --print-op-generic | pycomp-opt | filecheck %s
// RUN: pycomp-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// The arrayexpr ops print and parse back, in their custom form and in the
// generic one: an expression over two arrays and a scalar of another
// type, with a shared intermediate (a DAG) and a boolean result; an
// in-place assignment into a view.

nb.func @fused(%a: !nb.type<array(float64, 2d, C)>, %b: !nb.type<array(float32, 1d, A)>, %s: !nb.type<int64>) -> !nb.type<array(bool, 2d, C)> attributes {arg_names = ["a", "b", "s"]} {
  %r = arrayexpr.expr(%a, %b, %s) : (!nb.type<array(float64, 2d, C)>, !nb.type<array(float32, 1d, A)>, !nb.type<int64>) -> !nb.type<array(bool, 2d, C)> {
  ^bb0(%x: !nb.type<float64>, %y: !nb.type<float32>, %k: !nb.type<int64>):
    %t = arrayexpr.apply "multiply" %x, %y : (!nb.type<float64>, !nb.type<float32>) -> !nb.type<float64>
    %u = arrayexpr.apply "add" %t, %t : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
    %c = arrayexpr.apply "less" %u, %k : (!nb.type<float64>, !nb.type<int64>) -> !nb.type<bool>
    arrayexpr.yield %c : !nb.type<bool>
  }
  nb.return %r : !nb.type<array(bool, 2d, C)>
}

// CHECK-LABEL: nb.func @fused(
// CHECK:         %[[R:.*]] = arrayexpr.expr(%{{.*}}, %{{.*}}, %{{.*}}) : (!nb.type<array(float64, 2d, C)>, !nb.type<array(float32, 1d, A)>, !nb.type<int64>) -> !nb.type<array(bool, 2d, C)> {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: !nb.type<float64>, %[[Y:.*]]: !nb.type<float32>, %[[K:.*]]: !nb.type<int64>):
// CHECK-NEXT:      %[[T:.*]] = arrayexpr.apply "multiply" %[[X]], %[[Y]] : (!nb.type<float64>, !nb.type<float32>) -> !nb.type<float64>
// CHECK-NEXT:      %[[U:.*]] = arrayexpr.apply "add" %[[T]], %[[T]] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:      %[[C:.*]] = arrayexpr.apply "less" %[[U]], %[[K]] : (!nb.type<float64>, !nb.type<int64>) -> !nb.type<bool>
// CHECK-NEXT:      arrayexpr.yield %[[C]] : !nb.type<bool>
// CHECK-NEXT:    }
// CHECK-NEXT:    nb.return %[[R]]

nb.func @select(%c: !nb.type<array(bool, 1d, C)>, %x: !nb.type<array(float32, 1d, C)>, %y: !nb.type<int64>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["c", "x", "y"]} {
  %r = arrayexpr.expr(%c, %x, %y) : (!nb.type<array(bool, 1d, C)>, !nb.type<array(float32, 1d, C)>, !nb.type<int64>) -> !nb.type<array(float64, 1d, C)> {
  ^bb0(%a: !nb.type<bool>, %b: !nb.type<float32>, %k: !nb.type<int64>):
    %s = arrayexpr.select %a, %b, %k : (!nb.type<bool>, !nb.type<float32>, !nb.type<int64>) -> !nb.type<float64>
    arrayexpr.yield %s : !nb.type<float64>
  }
  nb.return %r : !nb.type<array(float64, 1d, C)>
}

// CHECK-LABEL: nb.func @select(
// CHECK:           %[[S:.*]] = arrayexpr.select %{{.*}}, %{{.*}}, %{{.*}} : (!nb.type<bool>, !nb.type<float32>, !nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:      arrayexpr.yield %[[S]] : !nb.type<float64>

nb.func @into(%v: !nb.type<array(float32, 2d, A)>, %b: !nb.type<array(float64, 1d, C)>) -> !nb.type<none> attributes {arg_names = ["v", "b"]} {
  arrayexpr.assign(%v, %b) into %v {in_place} : (!nb.type<array(float32, 2d, A)>, !nb.type<array(float64, 1d, C)>) into !nb.type<array(float32, 2d, A)> {
  ^bb0(%x: !nb.type<float32>, %y: !nb.type<float64>):
    %s = arrayexpr.apply "add" %x, %y : (!nb.type<float32>, !nb.type<float64>) -> !nb.type<float64>
    arrayexpr.yield %s : !nb.type<float64>
  }
  %none = nb.const <None> : !nb.type<none>
  nb.return %none : !nb.type<none>
}

// CHECK-LABEL: nb.func @into(
// CHECK-SAME:      %[[V:[^:]*]]: !nb.type<array(float32, 2d, A)>, %[[B:[^:]*]]: !nb.type<array(float64, 1d, C)>)
// CHECK-NEXT:    arrayexpr.assign(%[[V]], %[[B]]) into %[[V]] {in_place} : (!nb.type<array(float32, 2d, A)>, !nb.type<array(float64, 1d, C)>) into !nb.type<array(float32, 2d, A)> {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: !nb.type<float32>, %[[Y:.*]]: !nb.type<float64>):
// CHECK-NEXT:      %[[S:.*]] = arrayexpr.apply "add" %[[X]], %[[Y]] : (!nb.type<float32>, !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:      arrayexpr.yield %[[S]] : !nb.type<float64>
// CHECK-NEXT:    }

// GENERIC:      "arrayexpr.expr"(%{{.*}}, %{{.*}}, %{{.*}}) ({
// GENERIC:        "arrayexpr.apply"(%{{.*}}, %{{.*}}) <{ufunc = "multiply"}>
// GENERIC:        "arrayexpr.yield"(%{{.*}}) : (!nb.type<bool>) -> ()
// GENERIC-NEXT: }) : (!nb.type<array(float64, 2d, C)>, !nb.type<array(float32, 1d, A)>, !nb.type<int64>) -> !nb.type<array(bool, 2d, C)>
// GENERIC:      "arrayexpr.assign"(%{{.*}}, %{{.*}}, %{{.*}}) ({
// GENERIC:      }) {in_place} : (!nb.type<array(float32, 2d, A)>, !nb.type<array(float32, 2d, A)>, !nb.type<array(float64, 1d, C)>) -> ()
