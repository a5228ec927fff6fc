# RUN: pycomp-opt %s --function f | filecheck %s
# RUN: pycomp-opt %s --function frozen | filecheck %s --check-prefix=FROZEN

# A variable an inner function uses lives in a cell: nb.make_cell at the top
# of the entry block (a parameter's cell is filled from the parameter),
# nb.cell_set for every assignment, nb.cell_get for every read. An inner
# function or lambda is nb.make_function of its lifted dispatcher and the
# cells it captures, in co_freevars order (k, n, x); constant defaults stay
# on the dispatcher, so no tuple of defaults or of cells is left in the IR.
# The call is an ordinary nb.call of the closure value.


def f(x, n):
    k = 1

    def g(y, z=10):
        nonlocal k
        k += y
        return y + x + k + n + z

    h = lambda: x  # noqa: E731
    return g(2) + h()


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[X:[^:]+]]: !nb.type<?>, %[[N:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    %[[CX:.*]] = nb.make_cell "x"
# CHECK-NEXT:    nb.cell_set %[[CX]], %[[X]], "x"
# CHECK-NEXT:    %[[CN:.*]] = nb.make_cell "n"
# CHECK-NEXT:    nb.cell_set %[[CN]], %[[N]], "n"
# CHECK-NEXT:    %[[CK:.*]] = nb.make_cell "k"
# CHECK-NEXT:    %[[ONE:.*]] = nb.const <1>
# CHECK-NEXT:    nb.cell_set %[[CK]], %[[ONE]], "k"
# CHECK-NEXT:    %[[G:.*]] = nb.make_function <{{.*}}f.<locals>.g>(%[[CK]], %[[CN]], %[[CX]])
# CHECK-NEXT:    %[[H:.*]] = nb.make_function <{{.*}}f.<locals>.<lambda>>(%[[CX]])
# CHECK-NEXT:    %[[TWO:.*]] = nb.const <2>
# CHECK-NEXT:    %[[R1:.*]] = nb.call %[[G]](%[[TWO]]) kwnames []
# CHECK-NEXT:    %[[R2:.*]] = nb.call %[[H]]() kwnames []
# CHECK-NEXT:    nb.binop "+" %[[R1]], %[[R2]]


def make(scale):
    def frozen(x):
        def g():
            return x * scale

        return g()

    return frozen


frozen = make(3)

# A free variable of the jitted function itself (scale: frozen at compile
# time) that an inner function captures gets a cell holding the frozen value.

# FROZEN-LABEL: nb.func @frozen(
# FROZEN-SAME:      %[[X:[^:]+]]: !nb.type<?>)
# FROZEN-NEXT:    %[[CX:.*]] = nb.make_cell "x"
# FROZEN-NEXT:    nb.cell_set %[[CX]], %[[X]], "x"
# FROZEN-NEXT:    %[[CS:.*]] = nb.make_cell "scale"
# FROZEN-NEXT:    %[[S:.*]] = nb.const <3>
# FROZEN-NEXT:    nb.cell_set %[[CS]], %[[S]], "scale"
# FROZEN-NEXT:    %[[G:.*]] = nb.make_function <{{.*}}g>(%[[CS]], %[[CX]])
# FROZEN-NEXT:    nb.call %[[G]]() kwnames []
