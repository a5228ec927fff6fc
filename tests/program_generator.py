"""Random numeric Python programs, for differential testing against CPython.

:func:`generate` writes one function ``generated(a, b, x)`` (``a``, ``b``
ints, ``x`` a float) from a seed: assignments, augmented assignments,
``if``/``elif``/``else``, ``for`` over ``range``, bounded ``while`` loops,
tuple unpacking and swaps, inner functions and lambdas (closures over the
function's variables, ``nonlocal`` counters), calls with conditional and
``and``/``or`` arguments, ``min``/``max``/``abs``/``divmod``/``int``/
``float``/``math.floor``/``math.sqrt``, ``//`` and ``%`` (which may divide
by zero: both sides must raise ZeroDivisionError), and a tuple of results.

The programs stay inside what compiled code and CPython agree on: integer
variables (``i*``) only ever hold ints and float variables (``f*``) only
floats (compiled code unifies a variable's types; CPython keeps each
value's own), integers are reduced modulo a prime inside loops so nothing
overflows 64 bits, and no function whose libm result could differ is used.
``tests/test_generated_programs.py`` runs a sample in CI;
``scripts/random-programs.py`` runs thousands and reports how many compiled,
were refused, or disagreed.
"""

from __future__ import annotations

import math
import random

__all__ = ["generate", "compile_program", "inputs"]

_CMPS = ("<", "<=", ">", ">=", "==", "!=")
_MOD = 1009


class _Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.ints = ["a", "b"]
        self.floats = ["x"]
        self.lines: list[str] = []
        self.inner = 0
        self.funcs: list[tuple[str, str]] = []  # (name, kind) of inner functions defined so far

    # ------------------------------------------------------------ expressions
    def int_atom(self):
        r = self.r
        if r.random() < 0.7:
            return r.choice(self.ints)
        return str(r.randint(-5, 9))

    def int_expr(self, depth=2):
        r = self.r
        if depth == 0 or r.random() < 0.25:
            return self.int_atom()
        d = depth - 1
        k = r.randrange(14)
        if k == 0:
            return "(%s + %s)" % (self.int_expr(d), self.int_expr(d))
        if k == 1:
            return "(%s - %s)" % (self.int_expr(d), self.int_expr(d))
        if k == 2:
            return "(%s * %d)" % (self.int_expr(d), r.randint(-3, 3))
        if k == 3:
            return "(%s // %s)" % (self.int_expr(d), self.int_expr(d))
        if k == 4:
            return "(%s %% %s)" % (self.int_expr(d), self.int_expr(d))
        if k == 5:
            return "(%s if %s else %s)" % (self.int_expr(d), self.cond(d), self.int_expr(d))
        if k == 6:
            return "abs(%s)" % self.int_expr(d)
        if k == 7:
            return "%s(%s, %s)" % (r.choice(("min", "max")), self.int_expr(d), self.int_expr(d))
        if k == 8:
            return "(%s %s %s)" % (self.int_expr(d), r.choice(("or", "and")), self.int_expr(d))
        if k == 9:
            return "int(%s)" % self.float_expr(d)
        if k == 10:
            return "math.floor(%s)" % self.float_expr(d)
        if k == 11:
            return "divmod(%s, %s)[%d]" % (self.int_expr(d), self.int_expr(d), r.randint(0, 1))
        if k == 12 and self.funcs:
            name, kind = r.choice(self.funcs)
            if kind == "int":
                return "%s(%s)" % (name, self.int_expr(d))
        return "(%s %s %s)" % (self.int_expr(d), r.choice(("&", "|", "^")), self.int_expr(d))

    def float_expr(self, depth=2):
        r = self.r
        if depth == 0 or r.random() < 0.25:
            if r.random() < 0.7:
                return r.choice(self.floats)
            return repr(r.choice((0.5, 1.5, -2.25, 3.0, 0.0)))
        d = depth - 1
        k = r.randrange(9)
        if k == 0:
            return "(%s + %s)" % (self.float_expr(d), self.float_expr(d))
        if k == 1:
            return "(%s - %s)" % (self.float_expr(d), self.int_expr(d))
        if k == 2:
            return "(%s * %s)" % (self.float_expr(d), self.float_expr(d))
        if k == 3:
            return "(%s / %s)" % (self.float_expr(d), self.float_expr(d))
        if k == 4:
            return "float(%s)" % self.int_expr(d)
        if k == 5:
            return "math.sqrt(abs(%s))" % self.float_expr(d)
        if k == 6:
            return "(%s if %s else %s)" % (self.float_expr(d), self.cond(d), self.float_expr(d))
        if k == 7 and self.funcs:
            name, kind = r.choice(self.funcs)
            if kind == "float":
                return "%s(%s)" % (name, self.float_expr(d))
        return "%s(%s, %s)" % (r.choice(("min", "max")), self.float_expr(d), self.float_expr(d))

    def cond(self, depth=1):
        r = self.r
        if r.random() < 0.5:
            return "%s %s %s" % (self.int_expr(depth), r.choice(_CMPS), self.int_expr(depth))
        if r.random() < 0.5:
            return "%s %s %s" % (self.float_expr(depth), r.choice(_CMPS), self.float_expr(depth))
        return "(%s) %s (%s)" % (self.cond(0), r.choice(("and", "or")), self.cond(0))

    # ------------------------------------------------------------ statements
    def emit(self, indent, text):
        self.lines.append("    " * indent + text)

    def assign(self, indent, in_loop):
        r = self.r
        if r.random() < 0.65:
            if r.random() < 0.3 and len(self.ints) > 1:
                v = r.choice(self.ints[2:] or self.ints)
            else:
                v = "i%d" % len(self.ints) if len(self.ints) < 6 and indent == 1 else r.choice(self.ints)
            e = self.int_expr()
            if in_loop:
                e = "(%s) %% %d" % (e, _MOD)
            op = r.choice(("=", "=", "+=", "-=")) if v in self.ints else "="
            if op != "=" and in_loop:
                self.emit(indent, "%s = (%s %s %s) %% %d" % (v, v, op[0], e, _MOD))
            else:
                self.emit(indent, "%s %s %s" % (v, op, e))
            if v not in self.ints:
                self.ints.append(v)
        else:
            v = "f%d" % len(self.floats) if len(self.floats) < 4 and indent == 1 else r.choice(self.floats)
            e = self.float_expr()
            if in_loop:
                e = "min(max(%s, -1e6), 1e6)" % e  # keeps floats finite
            self.emit(indent, "%s = %s" % (v, e))
            if v not in self.floats:
                self.floats.append(v)

    def block(self, indent, n, in_loop, depth):
        for _ in range(n):
            k = self.r.randrange(10)
            if depth > 0 and k == 0:
                self.emit(indent, "if %s:" % self.cond())
                self.block(indent + 1, self.r.randint(1, 2), in_loop, depth - 1)
                if self.r.random() < 0.4:
                    self.emit(indent, "elif %s:" % self.cond())
                    self.block(indent + 1, 1, in_loop, depth - 1)
                self.emit(indent, "else:")
                self.block(indent + 1, self.r.randint(1, 2), in_loop, depth - 1)
            elif depth > 0 and k == 1:
                self.emit(indent, "for _k%d in range(%d):" % (indent, self.r.randint(0, 4)))
                self.block(indent + 1, self.r.randint(1, 3), True, depth - 1)
            elif depth > 0 and k == 2:
                w = "_w%d" % indent
                self.emit(indent, "%s = 0" % w)
                self.emit(indent, "while %s < %d and (%s):" % (w, self.r.randint(1, 4), self.cond(0)))
                self.emit(indent + 1, "%s += 1" % w)
                self.block(indent + 1, self.r.randint(1, 2), True, depth - 1)
            elif k == 3 and len(self.ints) > 1:
                p, q = self.r.sample(self.ints, 2)
                self.emit(indent, "%s, %s = %s, %s" % (p, q, q, p))
            elif k == 4 and indent == 1 and self.inner < 3:
                self.define_inner(indent)
            else:
                self.assign(indent, in_loop)

    def define_inner(self, indent):
        r = self.r
        name = "g%d" % self.inner
        self.inner += 1
        kind = r.choice(("int", "float", "lambda", "counter"))
        if kind == "int":
            self.emit(indent, "def %s(t):" % name)
            saved, self.ints = self.ints, self.ints + ["t"]
            self.emit(indent + 1, "return %s" % self.int_expr())
            self.ints = saved
            self.funcs.append((name, "int"))
        elif kind == "float":
            saved, self.floats = self.floats, self.floats + ["t"]
            self.emit(indent, "%s = lambda t: %s" % (name, self.float_expr()))
            self.floats = saved
            self.funcs.append((name, "float"))
        elif kind == "lambda":
            saved, self.ints = self.ints, self.ints + ["t"]
            self.emit(indent, "%s = lambda t, u=%d: %s" % (name, r.randint(0, 5), self.int_expr()))
            self.ints = saved
            self.funcs.append((name, "int"))
        else:  # a counter: an inner function assigning a variable of the enclosing one
            c = "i%d" % len(self.ints)
            self.emit(indent, "%s = 0" % c)
            self.emit(indent, "def %s(t):" % name)
            self.emit(indent + 1, "nonlocal %s" % c)
            self.emit(indent + 1, "%s = (%s + t) %% %d" % (c, c, _MOD))
            self.emit(indent + 1, "return %s" % c)
            self.ints.append(c)
            self.funcs.append((name, "int"))

    def program(self) -> str:
        self.emit(0, "def generated(a, b, x):")
        self.block(1, self.r.randint(3, 7), False, 2)
        outs = self.r.sample(self.ints, min(3, len(self.ints))) + self.r.sample(self.floats, min(2, len(self.floats)))
        self.emit(1, "return (%s,)" % ", ".join(outs))
        return "\n".join(self.lines) + "\n"


def generate(seed: int) -> str:
    """The source of program number ``seed``."""
    return _Gen(seed).program()


def compile_program(source: str, seed: int):
    """The Python function a generated source defines."""
    namespace = {"math": math}
    exec(compile(source, "<generated program %d>" % seed, "exec"), namespace)
    return namespace["generated"]


def inputs(seed: int, n: int = 4):
    """``n`` argument triples for program ``seed``."""
    r = random.Random(seed * 7919 + 1)
    out = [(0, 0, 0.0)]
    while len(out) < n:
        out.append((r.randint(-20, 20), r.randint(-20, 20), r.choice((-2.5, -1.0, 0.25, 1.5, 3.0, 7.75))))
    return out
