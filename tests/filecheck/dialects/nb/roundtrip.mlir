// RUN: pycomp-opt %s --split-input-file | pycomp-opt --split-input-file | filecheck %s
// RUN: pycomp-opt %s --split-input-file --print-op-generic | pycomp-opt --split-input-file | filecheck %s
// RUN: pycomp-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// Every op of the nb dialect prints and parses back: custom form twice, and
// the generic form parsed again.

// CHECK-LABEL: nb.func @values(
// CHECK-SAME:      %[[A:.*]]: !nb.type<int64>, %[[B:.*]]: !nb.type<float64>) -> !nb.type<float64>
// CHECK-SAME:      arg_names = ["a", "b"]
// CHECK:         %[[C:.*]] = nb.const <2> : !nb.type<int64>
// CHECK-NEXT:    %{{.*}} = nb.const <2.5> : !nb.type<float64>
// CHECK-NEXT:    %{{.*}} = nb.const <'text'> : !nb.type<?>
// CHECK-NEXT:    %{{.*}} = nb.const <None> : !nb.type<none>
// CHECK-NEXT:    %{{.*}} = nb.const <(1, 2.0, True)> : !nb.type<?>
// CHECK-NEXT:    %{{.*}} = nb.const <complex(1.0, -2.0)> : !nb.type<complex128>
// CHECK-NEXT:    %{{.*}} = nb.const <nan> : !nb.type<float64>
// CHECK-NEXT:    %{{.*}} = nb.const <-inf> : !nb.type<float64>
// CHECK-NEXT:    %[[M:.*]] = nb.global "math" = <math> : !nb.type<?>
// CHECK-NEXT:    %[[SQRT:.*]] = nb.global "math.sqrt" = <math.sqrt> : !nb.type<?>
// CHECK-NEXT:    %[[U:.*]] = nb.undef "x" : !nb.type<?>
// CHECK-NEXT:    %[[S:.*]] = nb.binop "+" %[[A]], %[[C]] : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
// CHECK-NEXT:    %[[I:.*]] = nb.inplace_binop "*" %[[S]], %[[C]] : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
// CHECK-NEXT:    %[[N:.*]] = nb.unary "-" %[[I]] : (!nb.type<int64>) -> !nb.type<int64>
// CHECK-NEXT:    %[[T:.*]] = nb.truth %[[N]] : (!nb.type<int64>) -> !nb.type<bool>
// CHECK-NEXT:    %[[F:.*]] = nb.cast %[[N]] : (!nb.type<int64>) -> !nb.type<float64>
// CHECK-NEXT:    %[[R:.*]] = nb.call %[[SQRT]](%[[F]]) kwnames [] : (!nb.type<?>, !nb.type<float64>) -> !nb.type<float64>
// CHECK-NEXT:    %{{.*}} = nb.call %[[SQRT]](%[[F]], %[[B]]) kwnames ["k"] : (!nb.type<?>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<?>
// CHECK-NEXT:    %{{.*}} = nb.getattr %[[M]], "pi" : (!nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    nb.return %[[R]] : !nb.type<float64>
nb.func @values(%a: !nb.type<int64>, %b: !nb.type<float64>) -> !nb.type<float64> attributes {arg_names = ["a", "b"]} {
  %c = nb.const <2> : !nb.type<int64>
  %f = nb.const <2.5> : !nb.type<float64>
  %s = nb.const <"text"> : !nb.type<?>
  %none = nb.const <None> : !nb.type<none>
  %tup = nb.const <(1, 2.0, True)> : !nb.type<?>
  %z = nb.const <complex(1.0, -2.0)> : !nb.type<complex128>
  %nan = nb.const <nan> : !nb.type<float64>
  %ninf = nb.const <-inf> : !nb.type<float64>
  %m = nb.global "math" = <math> : !nb.type<?>
  %sqrt = nb.global "math.sqrt" = <math.sqrt> : !nb.type<?>
  %u = nb.undef "x" : !nb.type<?>
  %0 = nb.binop "+" %a, %c : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  %1 = nb.inplace_binop "*" %0, %c : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  %2 = nb.unary "-" %1 : (!nb.type<int64>) -> !nb.type<int64>
  %3 = nb.truth %2 : (!nb.type<int64>) -> !nb.type<bool>
  %4 = nb.cast %2 : (!nb.type<int64>) -> !nb.type<float64>
  %5 = nb.call %sqrt(%4) kwnames [] : (!nb.type<?>, !nb.type<float64>) -> !nb.type<float64>
  %6 = nb.call %sqrt(%4, %b) kwnames ["k"] : (!nb.type<?>, !nb.type<float64>, !nb.type<float64>) -> !nb.type<?>
  %7 = nb.getattr %m, "pi" : (!nb.type<?>) -> !nb.type<?>
  nb.return %5 : !nb.type<float64>
}

// GENERIC-LABEL: "nb.func"() <{
// GENERIC-SAME:    sym_name = "values"
// GENERIC:         "nb.const"() <{value = #nb.py<2>}> : () -> !nb.type<int64>
// GENERIC:         "nb.global"() <{var_name = "math", value = #nb.obj<math>}> : () -> !nb.type<?>
// GENERIC:         "nb.binop"(%{{.*}}, %{{.*}}) <{op = "+"}> : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
// GENERIC:         "nb.call"(%{{.*}}, %{{.*}}) <{kwnames = []}> : (!nb.type<?>, !nb.type<float64>) -> !nb.type<float64>
// GENERIC:         "nb.return"(%{{.*}}) : (!nb.type<float64>) -> ()

// -----

// CHECK-LABEL: nb.func @containers(
// CHECK-SAME:      %[[T:.*]]: !nb.type<UniTuple(int64 x 2)>, %[[ARR:.*]]: !nb.type<array(float64, 2d, C)>, %[[I:.*]]: !nb.type<int64>)
// CHECK:         %[[BT:.*]] = nb.build_tuple(%[[I]], %[[I]]) : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<UniTuple(int64 x 2)>
// CHECK-NEXT:    %{{.*}} = nb.build_tuple() : () -> !nb.type<Tuple()>
// CHECK-NEXT:    %[[X:.*]], %[[Y:.*]] = nb.unpack %[[T]] : (!nb.type<UniTuple(int64 x 2)>) -> (!nb.type<int64>, !nb.type<int64>)
// CHECK-NEXT:    %[[E:.*]] = nb.getitem %[[ARR]][%[[BT]]] : (!nb.type<array(float64, 2d, C)>, !nb.type<UniTuple(int64 x 2)>) -> !nb.type<float64>
// CHECK-NEXT:    %{{.*}} = nb.static_getitem %[[T]][<1>] : (!nb.type<UniTuple(int64 x 2)>) -> !nb.type<int64>
// CHECK-NEXT:    %{{.*}} = nb.static_getitem %[[ARR]][<(0, 1)>] : (!nb.type<array(float64, 2d, C)>) -> !nb.type<float64>
// CHECK-NEXT:    nb.setitem %[[ARR]][%[[BT]]] = %[[E]] : !nb.type<array(float64, 2d, C)>, !nb.type<UniTuple(int64 x 2)>, !nb.type<float64>
// CHECK-NEXT:    nb.return %[[X]] : !nb.type<int64>
nb.func @containers(%t: !nb.type<UniTuple(int64 x 2)>, %arr: !nb.type<array(float64, 2d, C)>, %i: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["t", "arr", "i"]} {
  %bt = nb.build_tuple(%i, %i) : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<UniTuple(int64 x 2)>
  %empty = nb.build_tuple() : () -> !nb.type<Tuple()>
  %x, %y = nb.unpack %t : (!nb.type<UniTuple(int64 x 2)>) -> (!nb.type<int64>, !nb.type<int64>)
  %e = nb.getitem %arr[%bt] : (!nb.type<array(float64, 2d, C)>, !nb.type<UniTuple(int64 x 2)>) -> !nb.type<float64>
  %s = nb.static_getitem %t[<1>] : (!nb.type<UniTuple(int64 x 2)>) -> !nb.type<int64>
  %s2 = nb.static_getitem %arr[<(0, 1)>] : (!nb.type<array(float64, 2d, C)>) -> !nb.type<float64>
  nb.setitem %arr[%bt] = %e : !nb.type<array(float64, 2d, C)>, !nb.type<UniTuple(int64 x 2)>, !nb.type<float64>
  nb.return %x : !nb.type<int64>
}

// -----

// CHECK-LABEL: nb.func @control(
// CHECK-SAME:      %[[N:.*]]: !nb.type<int64>)
// CHECK:         %[[R:.*]] = nb.global "range" = <range> : !nb.type<?>
// CHECK:         %[[IT:.*]] = nb.getiter %{{.*}} : (!nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    nb.br ^[[HEAD:.*]](%{{.*}} : !nb.type<int64>)
// CHECK-NEXT:  ^[[HEAD]](%[[ACC:.*]]: !nb.type<int64>):
// CHECK-NEXT:    %[[ITEM:.*]], %[[OK:.*]] = nb.iternext %[[IT]] : (!nb.type<?>) -> (!nb.type<int64>, !nb.type<bool>)
// CHECK-NEXT:    nb.cond_br %[[OK]] : !nb.type<bool>, ^[[BODY:.*]](%[[ITEM]] : !nb.type<int64>), ^[[EXIT:.*]]
// CHECK-NEXT:  ^[[BODY]](%[[V:.*]]: !nb.type<int64>):
// CHECK-NEXT:    %[[NEXT:.*]] = nb.binop "+" %[[ACC]], %[[V]]
// CHECK-NEXT:    nb.br ^[[HEAD]](%[[NEXT]] : !nb.type<int64>)
// CHECK-NEXT:  ^[[EXIT]]:
// CHECK-NEXT:    nb.return %[[ACC]] : !nb.type<int64>
nb.func @control(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  %zero = nb.const <0> : !nb.type<int64>
  %range = nb.global "range" = <range> : !nb.type<?>
  %r = nb.call %range(%n) kwnames [] : (!nb.type<?>, !nb.type<int64>) -> !nb.type<?>
  %it = nb.getiter %r : (!nb.type<?>) -> !nb.type<?>
  nb.br ^head(%zero : !nb.type<int64>)
^head(%acc: !nb.type<int64>):
  %item, %ok = nb.iternext %it : (!nb.type<?>) -> (!nb.type<int64>, !nb.type<bool>)
  nb.cond_br %ok : !nb.type<bool>, ^body(%item : !nb.type<int64>), ^exit
^body(%v: !nb.type<int64>):
  %next = nb.binop "+" %acc, %v : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
  nb.br ^head(%next : !nb.type<int64>)
^exit:
  nb.return %acc : !nb.type<int64>
}

// -----

// CHECK-LABEL: nb.func @raising(
// CHECK:         nb.cond_br %{{.*}} : !nb.type<bool>, ^[[A:.*]], ^[[B:.*]]
// CHECK-NEXT:  ^[[A]]:
// CHECK-NEXT:    nb.static_raise <ValueError> <('bad value', 3)>
// CHECK-NEXT:  ^[[B]]:
// CHECK-NEXT:    %[[E:.*]] = nb.global "KeyError" = <KeyError> : !nb.type<?>
// CHECK-NEXT:    nb.raise %[[E]] : !nb.type<?>
nb.func @raising(%c: !nb.type<bool>) -> !nb.type<none> attributes {arg_names = ["c"]} {
  nb.cond_br %c : !nb.type<bool>, ^a, ^b
^a:
  nb.static_raise <ValueError> <('bad value', 3)>
^b:
  %e = nb.global "KeyError" = <KeyError> : !nb.type<?>
  nb.raise %e : !nb.type<?>
}

// -----

// Cells and inner functions: a cell, its stores and loads, an inner
// function capturing it, and the cell a lifted function reads from its
// environment.

// CHECK-LABEL: nb.func @cells(
// CHECK-SAME:      %[[X:[^:]+]]: !nb.type<int64>, %[[ENV:[^:]+]]: !nb.type<?>)
// CHECK-NEXT:    %[[C:.*]] = nb.make_cell "x" : !nb.type<cell(int64)>
// CHECK-NEXT:    nb.cell_set %[[C]], %[[X]], "x" : !nb.type<cell(int64)>, !nb.type<int64>
// CHECK-NEXT:    %[[V:.*]] = nb.cell_get %[[C]], "x" : (!nb.type<cell(int64)>) -> !nb.type<int64>
// CHECK-NEXT:    %{{.*}} = nb.make_function <math.hypot>(%[[C]]) : (!nb.type<cell(int64)>) -> !nb.type<?>
// CHECK-NEXT:    %{{.*}} = nb.closure_cell %[[ENV]][<0>] : (!nb.type<?>) -> !nb.type<?>
// CHECK-NEXT:    nb.return %[[V]] : !nb.type<int64>
// GENERIC-LABEL: sym_name = "cells"
// GENERIC:         "nb.make_cell"() <{var_name = "x"}> : () -> !nb.type<cell(int64)>
// GENERIC:         "nb.cell_set"(%{{.*}}, %{{.*}}) <{var_name = "x"}>
// GENERIC:         "nb.cell_get"(%{{.*}}) <{var_name = "x"}>
// GENERIC:         "nb.make_function"(%{{.*}}) <{function = #nb.obj<math.hypot>}>
// GENERIC:         "nb.closure_cell"(%{{.*}}) <{index = #nb.py<0>}>
nb.func @cells(%x: !nb.type<int64>, %env: !nb.type<?>) -> !nb.type<int64> attributes {arg_names = ["x", "env"]} {
  %c = nb.make_cell "x" : !nb.type<cell(int64)>
  nb.cell_set %c, %x, "x" : !nb.type<cell(int64)>, !nb.type<int64>
  %v = nb.cell_get %c, "x" : (!nb.type<cell(int64)>) -> !nb.type<int64>
  %f = nb.make_function <math.hypot>(%c) : (!nb.type<cell(int64)>) -> !nb.type<?>
  %e = nb.closure_cell %env[<0>] : (!nb.type<?>) -> !nb.type<?>
  nb.return %v : !nb.type<int64>
}

// -----

// An op with a body: nb.for_range with a carried value, a body of two
// blocks and two yields, nested in another nb.for_range without carried
// values (its body's only argument is the induction variable).

// CHECK-LABEL: nb.func @loops(
// CHECK-SAME:      %[[N:[^:]+]]: !nb.type<int64>)
// CHECK:         %[[R:.*]] = nb.for_range %[[Z:[^,]+]], %[[N]], %[[O:[^ ]+]] iter_args(%[[Z]] : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
// CHECK-NEXT:    ^{{.*}}(%[[I:[^:]+]]: !nb.type<int64>, %[[S:[^:]+]]: !nb.type<int64>):
// CHECK-NEXT:      %[[C:.*]] = nb.binop "<" %[[I]], %[[O]]
// CHECK-NEXT:      nb.cond_br %[[C]] : !nb.type<bool>, ^[[A:.*]], ^[[B:[^ ]*]]
// CHECK-NEXT:    ^[[A]]:
// CHECK-NEXT:      nb.yield %[[S]] : !nb.type<int64>
// CHECK-NEXT:    ^[[B]]:
// CHECK-NEXT:      %[[T:.*]] = nb.binop "+" %[[S]], %[[I]]
// CHECK-NEXT:      nb.yield %[[T]] : !nb.type<int64>
// CHECK-NEXT:    }
// CHECK-NEXT:    nb.for_range %[[Z]], %[[R]], %[[O]] : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> {
// CHECK-NEXT:    ^{{.*}}(%{{[^:]+}}: !nb.type<int64>):
// CHECK-NEXT:      nb.yield
// CHECK-NEXT:    }
// GENERIC-LABEL: sym_name = "loops"
// GENERIC:         "nb.for_range"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
// GENERIC:           "nb.yield"(%{{.*}}) : (!nb.type<int64>) -> ()
nb.func @loops(%n: !nb.type<int64>) -> !nb.type<int64> attributes {arg_names = ["n"]} {
  %z = nb.const <0> : !nb.type<int64>
  %o = nb.const <1> : !nb.type<int64>
  %r = nb.for_range %z, %n, %o iter_args(%z : !nb.type<int64>) : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> -> !nb.type<int64> {
  ^bb0(%i: !nb.type<int64>, %s: !nb.type<int64>):
    %c = nb.binop "<" %i, %o : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<bool>
    nb.cond_br %c : !nb.type<bool>, ^a, ^b
  ^a:
    nb.yield %s : !nb.type<int64>
  ^b:
    %t = nb.binop "+" %s, %i : (!nb.type<int64>, !nb.type<int64>) -> !nb.type<int64>
    nb.yield %t : !nb.type<int64>
  }
  nb.for_range %z, %r, %o : !nb.type<int64>, !nb.type<int64>, !nb.type<int64> {
  ^bb0(%j: !nb.type<int64>):
    nb.yield
  }
  nb.return %r : !nb.type<int64>
}

// -----

// CHECK-LABEL: nb.func @references(
// CHECK:         nb.incref %{{.*}} : !nb.type<array(float64, 1d, C)>
// CHECK:         nb.decref %{{.*}} : !nb.type<UniTuple(array(float64, 1d, C) x 2)>
// GENERIC:       "nb.incref"(%{{.*}}) : (!nb.type<array(float64, 1d, C)>) -> ()
// GENERIC:       "nb.decref"(%{{.*}}) : (!nb.type<UniTuple(array(float64, 1d, C) x 2)>) -> ()
nb.func @references(%a: !nb.type<array(float64, 1d, C)>, %t: !nb.type<UniTuple(array(float64, 1d, C) x 2)>) -> !nb.type<array(float64, 1d, C)> attributes {arg_names = ["a", "t"]} {
  nb.incref %a : !nb.type<array(float64, 1d, C)>
  nb.decref %t : !nb.type<UniTuple(array(float64, 1d, C) x 2)>
  nb.return %a : !nb.type<array(float64, 1d, C)>
}
