# RUN: pycomp-opt %s --function items --signature "(int64, float64)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function items --signature "(int64, float64)" -p nb-type-infer | pycomp-opt | filecheck %s
# RUN: pycomp-opt %s --function refined --signature "(int64)" -p nb-type-infer | filecheck %s --check-prefix=REFINED
# RUN: not pycomp-opt %s --function mixed --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=MIXED
# RUN: not pycomp-opt %s --function unrefined --signature "(int64)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=EMPTY

# A display's item type is the unification of its items' (int64 and
# float64: float64, the int converted by an nb.cast); lists of lists and of
# tuples; the typed IR prints and parses back.


def items(a, b):
    x = [a, b]
    y = [[a], [a, a]]
    z = [(a, b)]
    return x[0], y, z


# CHECK-LABEL: nb.func @items(
# CHECK:         %[[A:.*]] = nb.cast %{{.*}} : (!nb.type<int64>) -> !nb.type<float64>
# CHECK-NEXT:    %{{.*}} = nb.build_list[%[[A]], %{{.*}}] : (!nb.type<float64>, !nb.type<float64>) -> !nb.type<list(float64)>
# CHECK:         nb.build_list[{{.*}}] : ({{.*}}) -> !nb.type<list(list(int64))>
# CHECK:         nb.build_list[{{.*}}] : (!nb.type<Tuple(int64, float64)>) -> !nb.type<list(Tuple(int64, float64))>
# CHECK:         nb.return {{.*}} : !nb.type<Tuple(float64, list(list(int64)), list(Tuple(int64, float64)))>


# An empty list takes its item type from the first use that gives one (an
# append in a loop here): the refined type is written at the [] and flows
# to the loop's block arguments.
def refined(n):
    out = []
    for i in range(n):
        out.append(i * 0.5)
    return out


# REFINED-LABEL: nb.func @refined(
# REFINED-SAME:    -> !nb.type<list(float64)>
# REFINED:         nb.build_list[] : () -> !nb.type<list(float64)>
# REFINED:         nb.return %{{.*}} : !nb.type<list(float64)>
# REFINED:         nb.getattr %{{.*}}, "append" : (!nb.type<list(float64)>) -> !nb.type<bound_function(list(float64).list.append)>


# Items that do not unify: a TypingError at the display's line.
def mixed(a):
    return [a, (a, a)]


# MIXED: TypingError: cannot make a list of items of types int64 and UniTuple(int64 x 2) (a list's items have one type)
# MIXED-NEXT: File "{{.*}}lists.py", line 46


# An empty list nothing gives a type to.
def unrefined(a):
    x = []
    return len(x) + a


# EMPTY: TypingError: cannot infer the type of the empty list at line 55
# EMPTY-NEXT: File "{{.*}}lists.py", line 55
