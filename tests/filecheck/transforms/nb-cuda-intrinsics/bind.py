# RUN: pycomp-opt %s --function kernel -p nb-cuda-intrinsics | filecheck %s
# RUN: not pycomp-opt %s --function bad_dim -p nb-cuda-intrinsics 2>&1 | filecheck %s --check-prefix=ERR

# The CUDA API in a kernel becomes calls without arguments of the CUDA
# intrinsics (what typing and the CUDA target know): `cuda.threadIdx.x`
# (a module attribute, then an attribute of it) is one nb.global and an
# nb.call; `cuda.grid(1)` with a constant dimension binds it into the
# intrinsic's name.

from pycomp import cuda


# CHECK-LABEL: nb.func @kernel(
# CHECK:         %[[TX:.*]] = nb.global "cuda.threadIdx.x" =
# CHECK-NEXT:    %{{.*}} = nb.call %[[TX]]() kwnames []
# CHECK:         %[[G:.*]] = nb.global "cuda.grid(1)" =
# CHECK-NEXT:    %{{.*}} = nb.call %[[G]]() kwnames []
# CHECK-NOT:     nb.getattr
def kernel(a):
    a[cuda.threadIdx.x] = 1.0
    i = cuda.grid(1)
    a[i] = 2.0


# An attribute the dim3 registers do not have is a TypingError at its line.
# ERR: TypingAttributeError: cuda.threadIdx has no attribute 'w' (it has x, y and z)
# ERR-NEXT: File "{{.*}}bind.py", line [[# @LINE + 2]]
def bad_dim(a):
    a[0] = cuda.threadIdx.w
