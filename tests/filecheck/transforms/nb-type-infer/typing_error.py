# RUN: not pycomp-opt %s --function f --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(int64)" -p nb-type-infer --verify-diagnostics

# From Python source, a typing error points at the user's line and column
# (a caret under the operator's left operand). Without --verify-diagnostics
# the exit status is 1 and there is no traceback; with it, the annotation
# (a `#` comment in Python) states the expected error and its line.


def f(a):
    t = (a, a)
    # expected-error @below {{TypingError: no implementation of operator '+' for these argument types}}
    return t + 1


# CHECK:      TypingError: no implementation of operator '+' for these argument types
# CHECK-NEXT:   File "{{.*}}typing_error.py", line 13
# CHECK-NEXT:     return t + 1
# CHECK-NEXT:            ^
# CHECK-NEXT:   argument types: (UniTuple(int64 x 2), int64)
# CHECK-NOT:  Traceback
