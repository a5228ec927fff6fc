# RUN: not pycomp-opt %s --function f --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(int64)" -p nb-type-infer --verify-diagnostics | filecheck %s

# From Python source, a typing error points at the user's line and column
# (a caret under the operator's left operand). Without --verify-diagnostics
# the exit status is 1 and there is no traceback.


def f(a):
    t = (a, a)
    return t + 1


# CHECK:      TypingError: no implementation of operator '+' for these argument types
# CHECK-NEXT:   File "{{.*}}typing_error.py", line 11
# CHECK-NEXT:     return t + 1
# CHECK-NEXT:            ^
# CHECK-NEXT:   argument types: (UniTuple(int64 x 2), int64)
# CHECK-NOT:  Traceback
