# RUN: pycomp-opt %s --function zsum --signature "(array(float64, 1d, C), UniTuple(int64 x 3))" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function zsum --signature "(array(float64, 1d, C), UniTuple(int64 x 3))" -p nb-type-infer | pycomp-opt | filecheck %s
# RUN: pycomp-opt %s --function unpack_range --signature "(int64)" -p nb-type-infer | filecheck %s --check-prefix=UNPACK
# RUN: pycomp-opt %s --function next_item --signature "(UniTuple(float32 x 2))" -p nb-type-infer | filecheck %s --check-prefix=NEXT
# RUN: not pycomp-opt %s --function bad_start --signature "(UniTuple(int64 x 2))" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR
# RUN: not pycomp-opt %s --function bad_unpack --signature "(int32)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=ERR2

# zip() and enumerate() are iterators (pycomp.types.IteratorType): their
# types name the iterators they are built of, the "getiter" of an iterator
# is the iterator itself, and nb.iternext yields the iterator's yield_type
# (here (int64, (float64, int64))). The typed IR prints and parses back.
# Unpacking a non-tuple iterable gets an nb.getiter before its nb.unpack.


def zsum(a, b):
    s = 0.0
    for i, (x, y) in enumerate(zip(a, b), 1):
        s += i * x * y
    return s


def unpack_range(n):
    a, b, c = range(n)
    return a + b + c


def next_item(t):
    it = iter(t)
    return next(it)


def bad_start(t):
    for i, x in enumerate(t, 0.5):
        return x
    return 0


def bad_unpack(x):
    a, b = x
    return a


# CHECK-LABEL: nb.func @zsum(
# CHECK:         %[[ZIP:.*]] = nb.call %{{.*}}(%0, %1) kwnames [] : (!nb.type<function(zip)>, !nb.type<array(float64, 1d, C)>, !nb.type<UniTuple(int64 x 3)>) -> !nb.type<zip(iter(array(float64, 1d, C)), iter(UniTuple(int64 x 3)))>
# CHECK:         %[[EN:.*]] = nb.call %{{.*}}(%[[ZIP]], %{{.*}}) kwnames [] : (!nb.type<function(enumerate)>, {{.*}}, !nb.type<int64>) -> !nb.type<enumerate(zip(iter(array(float64, 1d, C)), iter(UniTuple(int64 x 3))))>
# CHECK-NEXT:    %[[IT:.*]] = nb.getiter %[[EN]] : (!nb.type<enumerate([[Z:.*]])>) -> !nb.type<enumerate([[Z]])>
# CHECK:         %[[ITEM:.*]], %{{.*}} = nb.iternext %[[IT]] : (!nb.type<enumerate([[Z]])>) -> (!nb.type<Tuple(int64, Tuple(float64, int64))>, !nb.type<bool>)
# CHECK:         nb.unpack %[[ITEM]] : (!nb.type<Tuple(int64, Tuple(float64, int64))>) -> (!nb.type<int64>, !nb.type<Tuple(float64, int64)>)

# UNPACK-LABEL: nb.func @unpack_range(
# UNPACK:         %[[R:.*]] = nb.call %{{.*}}(%0) kwnames [] : (!nb.type<function(range)>, !nb.type<int64>) -> !nb.type<range_state_int64>
# UNPACK-NEXT:    %[[IT:.*]] = nb.getiter %[[R]] : (!nb.type<range_state_int64>) -> !nb.type<range_iter_int64>
# UNPACK-NEXT:    %{{.*}}, %{{.*}}, %{{.*}} = nb.unpack %[[IT]] : (!nb.type<range_iter_int64>) -> (!nb.type<int64>, !nb.type<int64>, !nb.type<int64>)

# NEXT-LABEL: nb.func @next_item(
# NEXT-SAME:      -> !nb.type<float32>
# NEXT:         %[[IT:.*]] = nb.call %{{.*}}(%0) kwnames [] : (!nb.type<function(iter)>, !nb.type<UniTuple(float32 x 2)>) -> !nb.type<iter(UniTuple(float32 x 2))>
# NEXT:         nb.call %{{.*}}(%[[IT]]) kwnames [] : (!nb.type<function(next)>, !nb.type<iter(UniTuple(float32 x 2))>) -> !nb.type<float32>

# ERR:      TypingError: Only integers supported as start value in enumerate, not float64
# ERR-NEXT:   File "{{.*}}iterators.py", line 33, in bad_start
# ERR-NEXT:     for i, x in enumerate(t, 0.5):

# ERR2:     TypingError: failed to unpack int32 (not a tuple or an iterable)
# ERR2-NEXT:  File "{{.*}}iterators.py", line 39, in bad_unpack
