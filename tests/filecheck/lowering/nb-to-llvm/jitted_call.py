# RUN: not pycomp-opt %s --function f --signature "(int64)" --pipeline=jit 2>&1 | filecheck %s
# RUN: pycomp-opt %s --function g --signature "(int64)" --pipeline=jit | filecheck %s --check-prefix=CALLEE

# A call to another jitted function types (its signature comes from the
# callee's dispatcher) but cannot be lowered by nb-to-llvm in pycomp-opt:
# only the JIT compiles callees and links their native symbols. The error
# names the call's source line; the callee alone lowers.

import pycomp


@pycomp.njit
def g(x):
    return x + 1


def f(x):
    return g(x) * 2


# CHECK:      UnsupportedError: cannot lower a call to jitted function 'g' without a callee resolver
# CHECK-NEXT:   File "{{.*}}jitted_call.py", line 18
# CHECK-NEXT:     return g(x) * 2
# CHECK-NOT:  Traceback

# CALLEE-LABEL: llvm.func @g(
# CALLEE-SAME:      %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64) -> i32 {
