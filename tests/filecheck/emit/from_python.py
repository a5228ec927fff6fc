# RUN: pycomp-opt %s --function f --signature "(int64, int64)" -p 'builtin.module(nb-static-raise,nb-static-getitem,nb-simplify-cfg,nb-dce,nb-type-infer,nb-to-llvm)' -t llvm | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(int64, int64)" --pipeline=jit -t llvm | filecheck %s
# RUN: pycomp-opt %s --function f --signature "(int64, int64)" --pipeline=jit -t llvm-opt | filecheck %s --check-prefix=OPT
# RUN: pycomp-opt %s --function to_int --signature "(float64)" --pipeline=jit -t llvm | filecheck %s --check-prefix=CAST

# From Python source to LLVM IR: the JIT's passes (spelled out, or
# --pipeline=jit) and -t llvm. The function keeps its Python name.


def f(a, b):
    if a > b:
        return a - b
    return b - a


def to_int(x):
    return int(x) + 1


# CHECK-LABEL: define i32 @"f"(ptr %".1", i64 %".2", i64 %".3")
# CHECK:         icmp sgt i64 %".2", %".3"
# CHECK:         sub i64
# CHECK:         store i64 {{.+}}, ptr %".1"
# CHECK:         ret i32 0

# OPT-LABEL: define {{.*}}i32 @f(
# OPT:         ret i32 0

# CAST-LABEL: define i32 @"to_int"(ptr %".1", double %".2")
# CAST:         fptosi double %".2" to i64
# CAST:         add i64
