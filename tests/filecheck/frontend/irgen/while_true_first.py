# RUN: pycomp-opt %s --function f --dump-cfg | filecheck %s --check-prefix=CFG
# RUN: pycomp-opt %s --function f | filecheck %s

# A function whose first statement is `while True:`: its first instruction
# heads the loop, so the CFG gets an entry block of its own (one NOP, the
# offset below the first instruction's) and the loop header, a merge of the
# entry and the back edge, takes the loop-carried `x` as a block argument.


def f(x):
    while True:
        if x > 5:
            return x
        x += 1


# CFG:      CFG f: entry [[ENTRY:-?[0-9]+]], {{[0-9]+}} blocks
# CFG-NEXT:   block [[ENTRY]]: preds [] succs {{\[}}[[HEAD:[0-9]+]]{{\]}} idom None
# CFG-NEXT:     [[ENTRY]] NOP
# CFG-NEXT:   block [[HEAD]]: preds {{\[}}[[ENTRY]], {{.*}}
# CFG:        back edges: {{[0-9]+}}->[[HEAD]]

# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      %[[X0:[^:]+]]: !nb.type<?>)
# CHECK-NEXT:    nb.br ^[[HEAD:bb[0-9]+]](%[[X0]] : !nb.type<?>)
# CHECK-NEXT:  ^[[HEAD]](%[[X:[^:]+]]: !nb.type<?>):
# CHECK:         nb.binop ">" %[[X]]
# CHECK:         %[[NEXT:.*]] = nb.inplace_binop "+" %[[X]]
# CHECK-NEXT:    nb.br ^[[HEAD]](%[[NEXT]] : !nb.type<?>)
