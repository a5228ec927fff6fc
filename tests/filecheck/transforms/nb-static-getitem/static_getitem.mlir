// RUN: pycomp-opt %s --split-input-file -p nb-static-getitem | filecheck %s

// x[c] with a constant int index becomes nb.static_getitem with the index
// as a property (the constant op is left for nb-dce).

// CHECK-LABEL: nb.func @int_index(
// CHECK-SAME:      %[[T:[^:]+]]: !nb.type<?>)
// CHECK:         %[[R:.*]] = nb.static_getitem %[[T]][<1>] : (!nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    nb.return %[[R]]
nb.func @int_index(%t: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["t"]} {
  %i = nb.const <1> : !nb.type<?>
  %0 = nb.getitem %t[%i] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// -----

// A constant tuple of ints (a[0, -1]) too.

// CHECK-LABEL: nb.func @tuple_index(
// CHECK:         nb.static_getitem %{{.*}}[<(0, -1)>]
// CHECK-NOT:     nb.getitem
nb.func @tuple_index(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %i = nb.const <(0, -1)> : !nb.type<?>
  %0 = nb.getitem %a[%i] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// -----

// A run-time index is left alone.

// CHECK-LABEL: nb.func @dynamic(
// CHECK-SAME:      %[[A:[^:]+]]: !nb.type<?>, %[[I:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    nb.getitem %[[A]][%[[I]]]
nb.func @dynamic(%a: !nb.type<?>, %i: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a", "i"]} {
  %0 = nb.getitem %a[%i] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// -----

// So is a constant index that is not an int or tuple of ints.

// CHECK-LABEL: nb.func @string_index(
// CHECK:         nb.getitem %{{.*}}[%{{.*}}]
// CHECK-NOT:     nb.static_getitem
nb.func @string_index(%a: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["a"]} {
  %s = nb.const <"key"> : !nb.type<?>
  %0 = nb.getitem %a[%s] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}

// -----

// A constant slice (t[1:]) too: the slice is the property.

// CHECK-LABEL: nb.func @slice_index(
// CHECK-SAME:      %[[T:[^:]+]]: !nb.type<?>)
// CHECK:         %[[R:.*]] = nb.static_getitem %[[T]][<slice(1, None, None)>] : (!nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    nb.return %[[R]]
nb.func @slice_index(%t: !nb.type<?>) -> !nb.type<?> attributes {arg_names = ["t"]} {
  %s = nb.const <slice(1, None, None)> : !nb.type<?>
  %0 = nb.getitem %t[%s] : (!nb.type<?>, !nb.type<?>) -> !nb.type<?>
  nb.return %0 : !nb.type<?>
}
