# REQUIRES: pycomp_toy
# RUN: pycomp-opt %s --function f -p toy-raise-calls --verify-diagnostics
# RUN: not pycomp-opt %s --function f -p toy-raise-calls 2>&1 | filecheck %s

# A call of a toy function whose arguments do not bind to its parameters
# is a TypingError at the call's line, from the pass itself.

from pycomp_toy import interval


def f(a):
    # expected-error @below {{TypingError: interval() takes the arguments (lo, hi)}}
    return interval(a, high=a)


# CHECK:      TypingError: interval() takes the arguments (lo, hi)
# CHECK-NEXT:   File "{{.*}}raise_calls_invalid.py", line 13, in f
# CHECK-NEXT:     return interval(a, high=a)
# CHECK-NOT:  Traceback
