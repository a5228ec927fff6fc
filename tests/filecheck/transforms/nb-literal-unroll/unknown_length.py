# RUN: pycomp-opt %s --function merged -p nb-simplify-cfg,nb-literal-unroll --verify-diagnostics
# RUN: not pycomp-opt %s --function untyped_argument -p nb-simplify-cfg,nb-literal-unroll 2>&1 | filecheck %s --check-prefix=ARG

# The pass must know the tuple's length before typing: a tuple merged
# from two paths (or an argument whose type the signature does not give)
# is a TypingError at the literal_unroll call, naming the line.

from pycomp import literal_unroll


def merged(n):
    t = (1, 2) if n > 0 else (3, 4, 5)
    s = 0
    # expected-error @below {{TypingError: literal_unroll needs a tuple whose length is known before typing (a tuple display, a constant or global tuple, or a tuple argument), not a value merged from several paths}}
    for x in literal_unroll(t):
        s += x
    return s


def untyped_argument(t):
    s = 0
    for x in literal_unroll(t):
        s += x
    return s


# ARG:      TypingError: literal_unroll needs a tuple whose length is known before typing
# ARG-SAME: not an argument of unknown type (give its type in the signature)
# ARG-NEXT:   File "{{.*}}unknown_length.py", line 22, in untyped_argument
# ARG-NEXT:     for x in literal_unroll(t):
# ARG-NOT:  Traceback
