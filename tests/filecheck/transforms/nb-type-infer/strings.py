# RUN: pycomp-opt %s --function compare --signature "(unicode_type)" -p nb-type-infer | filecheck %s
# RUN: pycomp-opt %s --function compare --signature "(unicode_type)" -p nb-type-infer | pycomp-opt | filecheck %s
# RUN: pycomp-opt %s --function merged --signature "(boolean)" -p nb-type-infer | filecheck %s --check-prefix=MERGED
# RUN: not pycomp-opt %s --function bad --signature "(unicode_type)" -p nb-type-infer 2>&1 | filecheck %s --check-prefix=BAD

# A str argument compared with a literal: the literal becomes a str value
# (an nb.cast) and the comparison is typed on two unicode_type operands;
# the typed IR prints and parses back.


def compare(s):
    return s == "full"


# CHECK-LABEL: nb.func @compare(%0: !nb.type<unicode_type>) -> !nb.type<bool>
# CHECK:         %[[L:.*]] = nb.const <'full'> : !nb.type<literal_str('full')>
# CHECK-NEXT:    %[[C:.*]] = nb.cast %[[L]] : (!nb.type<literal_str('full')>) -> !nb.type<unicode_type>
# CHECK-NEXT:    %{{.*}} = nb.binop "==" %0, %[[C]] : (!nb.type<unicode_type>, !nb.type<unicode_type>) -> !nb.type<bool>


# Two different literals meeting where two paths join unify to a str value:
# each is cast on its own edge, and the join's block argument is unicode_type.
def merged(flag):
    s = "a" if flag else "bcd"
    t = s + s
    return len(t) + len(s)


# MERGED-LABEL: nb.func @merged(
# MERGED:         nb.cast %{{.*}} : (!nb.type<literal_str('bcd')>) -> !nb.type<unicode_type>
# MERGED:         nb.cast %{{.*}} : (!nb.type<literal_str('a')>) -> !nb.type<unicode_type>
# MERGED:       ^bb{{[0-9]+}}(%[[S:.*]]: !nb.type<unicode_type>):
# MERGED-NEXT:    nb.binop "+" %[[S]], %[[S]] : (!nb.type<unicode_type>, !nb.type<unicode_type>) -> !nb.type<unicode_type>


# A str where a number is needed: a TypingError at the user's line.
def bad(s):
    return s - 1


# BAD: TypingError: no implementation of operator '-' for these argument types
# BAD-NEXT: File "{{.*}}strings.py", line 38
# BAD: argument types: (unicode_type, int64)
