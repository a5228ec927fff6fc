# RUN: not pycomp-opt %s --function loop --signature "(array(float64, 0d, C))" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=LOOP
# RUN: not pycomp-opt %s --function length --signature "(array(float64, 0d, C))" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=LEN
# RUN: not pycomp-opt %s --function enum --signature "(array(int32, 0d, C))" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ENUM
# RUN: not pycomp-opt %s --function unpack --signature "(array(int32, 0d, C))" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=UNPACK

# A 0-d array does not iterate: `for x in a`, iter/zip/enumerate and
# unpacking are Numba's TypingError "iteration over a 0-d array", and len()
# NumPy's "len() of unsized object", each naming the source line (never an
# internal error from the code generator).


def loop(a):
    s = 0.0
    for x in a:
        s += x
    return s


def length(a):
    return len(a)


def enum(a):
    for i, x in enumerate(a):
        return x
    return 0


def unpack(a):
    x, y = a
    return x


# LOOP: TypingError: iteration over a 0-d array
# LOOP-NEXT: File "{{.*}}zero_d_array.py", line 14, in loop
# LEN: TypingError: len() of unsized object (a 0-d array)
# LEN-NEXT: File "{{.*}}zero_d_array.py", line 20, in length
# ENUM: TypingError: iteration over a 0-d array
# ENUM-NEXT: File "{{.*}}zero_d_array.py", line 24, in enum
# UNPACK: TypingError: iteration over a 0-d array
# UNPACK-NEXT: File "{{.*}}zero_d_array.py", line 30, in unpack
