"""pycomp-toy in jitted code: the toy pass joins the JIT's pipeline, and
the jitted functions give CPython's results and errors."""

import pycomp
from pycomp.errors import CompilerError
from pycomp.passes import PIPELINES

from pycomp_toy import clamp, interval, width

TOY_JIT = "toy-raise-calls," + PIPELINES["jit"]  # the calls become toy ops before typing


def clamped_sum(lo, hi, n):
    iv = interval(lo, hi)
    total = 0.0
    for i in range(n):
        total += clamp(i * 0.5, iv)
    return total + width(iv)


def clamp_pair(x):
    return clamp((x, x), interval(0, 1))


def make(lo, hi):
    return interval(lo, hi)


if __name__ == "__main__":
    fast = pycomp.njit(pipeline=TOY_JIT)(clamped_sum)
    print("jit:", fast(1, 2.5, 10), " cpython:", clamped_sum(1, 2.5, 10))
    for f in (fast, clamped_sum):
        try:
            f(3, 1, 10)
        except ValueError as e:
            print("ValueError:", e)
    for f, args in ((clamp_pair, (0.5,)), (make, (1.0, 2.0))):
        try:
            pycomp.njit(pipeline=TOY_JIT)(f)(*args)
        except CompilerError as e:
            print("%s: %s" % (type(e).__name__, e))
