# RUN: pycomp-opt %s --function f --dump-cfg | filecheck %s

# --dump-cfg prints the bytecode CFG: blocks named by their first offset in
# reverse post-order with predecessors, successors and immediate dominator,
# the back edges and the natural loops. Offsets differ between CPython
# versions, so they are captured, not written.


def f(n):
    s = 0.0
    for i in range(n):
        s += i
    return s


# CHECK:      CFG f: entry [[ENTRY:[0-9]+]], 4 blocks
# CHECK-NEXT:   block [[ENTRY]]: preds [] succs {{\[}}[[HEAD:[0-9]+]]{{\]}} idom None
# CHECK:          GET_ITER
# CHECK-NEXT:   block [[HEAD]]: preds {{\[}}[[ENTRY]], [[BODY:[0-9]+]]{{\]}} succs {{\[}}[[BODY]], [[EXIT:[0-9]+]]{{\]}} idom [[ENTRY]]
# CHECK-NEXT:     [[HEAD]] FOR_ITER {{ *}}[[EXIT]]
# CHECK-NEXT:   block [[EXIT]]: preds {{\[}}[[HEAD]]{{\]}} succs [] idom [[HEAD]]
# CHECK:          RETURN_VALUE
# CHECK-NEXT:   block [[BODY]]: preds {{\[}}[[HEAD]]{{\]}} succs {{\[}}[[HEAD]]{{\]}} idom [[HEAD]]
# CHECK-NEXT:     [[BODY]] STORE_FAST {{ *}}'i'
# CHECK:          BINARY_OP {{ *}}'+='
# CHECK:          JUMP {{ *}}[[HEAD]]
# CHECK-NEXT:   back edges: [[BODY]]->[[HEAD]]
# CHECK-NEXT:   loop header [[HEAD]] body {{\[}}[[HEAD]], [[BODY]]{{\]}}
# CHECK-NEXT:   post-dominators:
# CHECK-NOT:    IR
