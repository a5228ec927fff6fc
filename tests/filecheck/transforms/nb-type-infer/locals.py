# RUN: pycomp-opt %s --function f --locals "x=float32" --signature "(int64, float64)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function f --locals "x=float32" --signature "(int64, float64)" -p nb-type-infer | pycomp-opt | filecheck %s
# RUN: not pycomp-opt %s --function f --locals "x=UniTuple(int32 x 2)" --signature "(int64, float64)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR

# A variable declared in locals= has the declared type on every path (the
# merge of its values is float32, so is the return type); any conversion,
# unsafe ones included, is accepted, and a value with none is a TypingError
# naming the variable and the line of the assignment.


def f(a, b):
    x = a * b
    if b:
        x = 1
    return x


# CHECK-LABEL: nb.func @f(
# CHECK-SAME:      -> !nb.type<float32>
# CHECK:         %[[M:.*]] = nb.binop "*" {{.*}} -> !nb.type<float64>
# CHECK-NEXT:    %{{.*}} = nb.cast %[[M]] {nb.local = "x"} : (!nb.type<float64>) -> !nb.type<float32>
# CHECK:         nb.cast %{{.*}} {nb.local = "x"} : (!nb.type<int64>) -> !nb.type<float32>
# CHECK:       ^bb2(%[[X:.*]]: !nb.type<float32>):
# CHECK-NEXT:    nb.return %[[X]] : !nb.type<float32>

# ERR: TypingError: no conversion from float64 to UniTuple(int32 x 2) for variable 'x' (declared in locals=)
# ERR-NEXT: File "{{.*}}locals.py", line 12, in f
