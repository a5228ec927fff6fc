# RUN: pycomp-opt %s --function zipped --signature "(UniTuple(int64 x 2), UniTuple(int64 x 3))" -p nb-type-infer,nb-to-llvm | filecheck %s
# RUN: pycomp-opt %s --function counted --signature "(UniTuple(int64 x 2))" -p nb-type-infer,nb-to-llvm | filecheck %s --check-prefix=ENUM
# RUN: pycomp-opt %s --function less --signature "(UniTuple(int64 x 2), Tuple(int64, float64, int64))" -p nb-type-infer,nb-to-llvm | filecheck %s --check-prefix=CMP

# Every iterator is a pointer to its state, allocated in the entry block:
# zip's state holds the pointers of the iterators it was built of, and its
# "iternext" advances the second one only when the first gave an item (a
# cond_br around it, the (valid, items) pair merged as block arguments), so
# an iterator to the right of the exhausted one keeps its item, as in Python.
# A tuple's items are read in place from the state (an [n x T] view).
# enumerate's state is (count, iterator pointer); next() raises StopIteration
# (a non-zero status) when the item is not valid.
# A lexicographic tuple comparison is branch-free: from the last common
# position back, select(items equal, verdict so far, items compared),
# starting from the comparison of the lengths (2 < 3: true).


def zipped(a, b):
    s = 0
    for x, y in zip(a, b):
        s += x * y
    return s


def counted(t):
    e = enumerate(t, 5)
    i, x = next(e)
    return i + x


def less(a, b):
    return a < b


# CHECK-LABEL: llvm.func @zipped(
# CHECK:         %[[ZIP:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(!llvm.ptr, !llvm.ptr)>
# CHECK:         llvm.store %{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr
# CHECK:         llvm.store %{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr
# CHECK:       ^[[HEAD:.*]](%{{.*}}: i64):
# CHECK:         %[[P0:.*]] = llvm.getelementptr inbounds %[[ZIP]][0, 0]
# CHECK-NEXT:    %[[IT0:.*]] = llvm.load %[[P0]] : !llvm.ptr -> !llvm.ptr
# CHECK:         %[[V0:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
# CHECK:         llvm.getelementptr inbounds %{{.*}}[0, %{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<2 x i64>
# CHECK:         %[[ITEMS0:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.struct<(i64, i64)>
# CHECK:         llvm.cond_br %[[V0]], ^[[STEP:.*]], ^[[MERGE:.*]](%[[V0]], %[[ITEMS0]] : i1, !llvm.struct<(i64, i64)>)
# CHECK:       ^[[STEP]]:
# CHECK:         %[[V1:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
# CHECK:         llvm.getelementptr inbounds %{{.*}}[0, %{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<3 x i64>
# CHECK:         %[[ITEMS1:.*]] = llvm.insertvalue %{{.*}}, %[[ITEMS0]][1] : !llvm.struct<(i64, i64)>
# CHECK-NEXT:    llvm.br ^[[MERGE]](%[[V1]], %[[ITEMS1]] : i1, !llvm.struct<(i64, i64)>)
# CHECK-NEXT:  ^[[MERGE]](%[[VALID:.*]]: i1, %{{.*}}: !llvm.struct<(i64, i64)>):
# CHECK-NEXT:    llvm.cond_br %[[VALID]]

# ENUM-LABEL: llvm.func @counted(
# ENUM:         %[[ST:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i64, !llvm.ptr)>
# ENUM:         %[[START:.*]] = llvm.mlir.constant(5) : i64
# ENUM-NEXT:    %[[PSTART:.*]] = llvm.getelementptr inbounds %[[ST]][0, 0]
# ENUM-NEXT:    llvm.store %[[START]], %[[PSTART]] : i64, !llvm.ptr
# ENUM:         %[[PC:.*]] = llvm.getelementptr inbounds %[[ST]][0, 0]
# ENUM-NEXT:    %[[COUNT:.*]] = llvm.load %[[PC]] : !llvm.ptr -> i64
# ENUM:         %[[VALID:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
# ENUM:         %[[NEXT:.*]] = llvm.add %[[COUNT]], %{{.*}} : i64
# ENUM-NEXT:    llvm.store %[[NEXT]], %[[PC]] : i64, !llvm.ptr
# ENUM:         llvm.insertvalue %[[COUNT]], %{{.*}}[0] : !llvm.struct<(i64, i64)>
# ENUM:         %[[STOP:.*]] = llvm.xor %[[VALID]], %{{.*}} : i1
# ENUM-NEXT:    llvm.cond_br %[[STOP]], ^[[RAISE:.*]], ^{{.*}}
# ENUM:       ^[[RAISE]]:
# ENUM-NEXT:    %[[STATUS:.*]] = llvm.mlir.constant({{[1-9][0-9]*}} : i32) : i32
# ENUM-NEXT:    llvm.return %[[STATUS]] : i32

# CMP-LABEL: llvm.func @less(
# CMP:         %[[A1:.*]] = llvm.sitofp %{{.*}} : i64 to f64
# CMP:         %[[LEN:.*]] = llvm.mlir.constant(true) : i1
# CMP-NEXT:    %[[EQ1:.*]] = llvm.fcmp "oeq" %{{.*}}, %{{.*}} : f64
# CMP-NEXT:    %[[LT1:.*]] = llvm.fcmp "olt" %{{.*}}, %{{.*}} : f64
# CMP-NEXT:    %[[R1:.*]] = llvm.select %[[EQ1]], %[[LEN]], %[[LT1]] : i1, i1
# CMP-NEXT:    %[[EQ0:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i64
# CMP-NEXT:    %[[LT0:.*]] = llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
# CMP-NEXT:    %[[R0:.*]] = llvm.select %[[EQ0]], %[[R1]], %[[LT0]] : i1, i1
# CMP-NEXT:    llvm.zext %[[R0]] : i1 to i8
