"""Benchmark kernels, written once as plain Python, plus their NumPy formulations.

Every compiled engine (pycomp, Numba) gets the *same* plain-Python function and
applies its own decorator to it; the "python" engine calls it undecorated.  The
driver (``run.py``) never jits these objects directly: it makes a fresh copy with
:func:`fresh` so that each compile starts from a new function object and no
per-function cache can hide compile cost.

Three families of cases live here:

* ``COMPILE_CASES``  - small functions whose first call (compile + run) is timed;
* ``DISPATCH_CASES`` - no-op functions whose per-call overhead is timed;
* ``KERNELS``        - steady-state kernels: a loop formulation, a NumPy
  formulation, sizes for the full / ``--quick`` / plain-Python runs, and how
  much work a size represents (to extrapolate plain-Python timings).

The steady-state kernels take their outputs pre-allocated (the last
argument), so that they time the loop alone; the compile cases include
functions that allocate and return arrays.
"""

from __future__ import annotations

import inspect
import itertools
import linecache
import math
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

# ---------------------------------------------------------------------------
# Fresh function objects
# ---------------------------------------------------------------------------

_serial = itertools.count()


def fresh(fn: Callable, **globals_: Any) -> Callable:
    """Return a brand-new function object compiled from ``fn``'s source.

    ``globals_`` override names in the copy's globals (used to bind a callee to
    an engine's jitted version).  The source is registered in ``linecache`` so
    source-based tools (``inspect.getsource``) still work on the copy.
    """
    src = textwrap.dedent(inspect.getsource(fn))
    filename = f"<benchmarks:{fn.__name__}:{next(_serial)}>"
    linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)
    namespace = dict(fn.__globals__, **globals_)
    exec(compile(src, filename, "exec"), namespace)
    return namespace[fn.__name__]


# ---------------------------------------------------------------------------
# First-call (compile) cases
# ---------------------------------------------------------------------------


def add(a, b):
    return a + b


def sum_sq(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i]
    return s


def sum2d(a):
    s = 0.0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            s += a[i, j] * (i - j)
    return s


def tuple_branch(x, y):
    p = (x, y)
    if x > y:
        p = (y, x)
    lo, hi = p
    if lo < 0.0:
        return (hi - lo, 1)
    elif lo == 0.0:
        return (hi, 0)
    return (hi + lo, -1)


def sin_exp(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.sin(x[i]) * math.exp(-x[i])
    return s


def sq_add(a, b):
    return a * a + b * b


def call_jitted(x):
    # ``sq_add`` is rebound to the engine's jitted version by the driver.
    s = 0.0
    for i in range(x.shape[0]):
        s += sq_add(x[i], 1.0)
    return s


def alloc_expr(a, b, c):
    # allocating whole-array arithmetic: two temporaries, one result
    return a * b + c


def slice_scale(a):
    return a[1:-1] * 2.0 - a[:-2]


def zeros_fill(n):
    out = np.zeros((n, 3))
    for i in range(n):
        out[i, 1] = i
    return out


def reshape_mean(a):
    return a.reshape(10, -1).mean()


@dataclass
class Case:
    """A function, the arguments to call it with, and callees to jit with it."""

    name: str
    fn: Callable
    args: Callable[[], tuple]
    callees: dict[str, Callable] = field(default_factory=dict)
    #: keyword arguments of the call (dispatch cases)
    kwargs: Callable[[], dict] = field(default=lambda: {})


def _vec(n=100):
    return np.linspace(0.0, 1.0, n)


COMPILE_CASES = [
    Case("add", add, lambda: (1, 2)),
    Case("sum_sq", sum_sq, lambda: (_vec(),)),
    Case("sum2d", sum2d, lambda: (_vec(120).reshape(10, 12),)),
    Case("tuple_branch", tuple_branch, lambda: (3.0, -1.0)),
    Case("sin_exp", sin_exp, lambda: (_vec(),)),
    Case("call_jitted", call_jitted, lambda: (_vec(),), {"sq_add": sq_add}),
    # functions that allocate (arrays as values)
    Case("alloc_expr", alloc_expr, lambda: (_vec(), _vec(), _vec())),
    Case("slice_scale", slice_scale, lambda: (_vec(),)),
    Case("zeros_fill", zeros_fill, lambda: (8,)),
    Case("reshape_mean", reshape_mean, lambda: (_vec(),)),
]

# ---------------------------------------------------------------------------
# Dispatch-overhead cases: no-op bodies, so only call overhead is measured
# ---------------------------------------------------------------------------


def noop0():
    pass


def noop1(a):
    pass


def noop2(a, b):
    pass


def noop3_default(a, b, c=3):
    pass


DISPATCH_CASES = [
    Case("noargs", noop0, lambda: ()),
    Case("2ints", noop2, lambda: (1, 2)),
    Case("2floats", noop2, lambda: (1.0, 2.0)),
    Case("array1d", noop1, lambda: (np.zeros(10),)),
    Case("array2d_C", noop1, lambda: (np.zeros((10, 10)),)),
    Case("tuple3ints", noop1, lambda: ((1, 2, 3),)),
    Case("kw_1pos_1kw", noop2, lambda: (1,), kwargs=lambda: {"b": 2}),
    Case("kw_all", noop3_default, lambda: (), kwargs=lambda: {"a": 1, "b": 2, "c": 4}),
    Case("default_left_out", noop3_default, lambda: (1, 2)),
]

# ---------------------------------------------------------------------------
# Steady-state kernels: loop formulation + NumPy formulation
# ---------------------------------------------------------------------------


def loop_sum(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i]
    return s


def np_sum(x):
    return np.sum(x)


def triad(a, b, s, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + s * b[i]


def np_triad(a, b, s, out):
    np.multiply(b, s, out=out)
    np.add(a, out, out=out)


def stencil2d(a, out):
    for i in range(1, a.shape[0] - 1):
        for j in range(1, a.shape[1] - 1):
            out[i, j] = 0.2 * (a[i, j] + a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


def np_stencil2d(a, out):
    out[1:-1, 1:-1] = 0.2 * (a[1:-1, 1:-1] + a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])


def matvec(A, x, out):
    for i in range(A.shape[0]):
        s = 0.0
        for j in range(A.shape[1]):
            s += A[i, j] * x[j]
        out[i] = s


def np_matvec(A, x, out):
    np.matmul(A, x, out=out)


def mandelbrot(x0, y0, dx, dy, maxiter, out):
    for i in range(out.shape[0]):
        ci = y0 + i * dy
        for j in range(out.shape[1]):
            cr = x0 + j * dx
            zr = 0.0
            zi = 0.0
            n = 0
            while n < maxiter and zr * zr + zi * zi <= 4.0:
                t = zr * zr - zi * zi + cr
                zi = 2.0 * zr * zi + ci
                zr = t
                n += 1
            out[i, j] = n


def np_mandelbrot(x0, y0, dx, dy, maxiter, out):
    """Vectorised escape-time loop over the still-active points only."""
    h, w = out.shape
    cr = np.tile(x0 + np.arange(w) * dx, h)
    ci = np.repeat(y0 + np.arange(h) * dy, w)
    idx = np.arange(h * w)
    zr = np.zeros(h * w)
    zi = np.zeros(h * w)
    flat = out.reshape(-1)
    flat[:] = maxiter
    for n in range(maxiter):
        alive = zr * zr + zi * zi <= 4.0
        if not alive.all():
            flat[idx[~alive]] = n
            idx, zr, zi, cr, ci = idx[alive], zr[alive], zi[alive], cr[alive], ci[alive]
            if idx.size == 0:
                break
        t = zr * zr - zi * zi + cr
        zi = 2.0 * zr * zi + ci
        zr = t


def pairwise(p, out):
    n = p.shape[0]
    for i in range(n):
        for j in range(n):
            s = 0.0
            for k in range(p.shape[1]):
                t = p[i, k] - p[j, k]
                s += t * t
            out[i, j] = math.sqrt(s)


def np_pairwise(p, out):
    d = p[:, None, :] - p[None, :, :]
    np.sqrt((d * d).sum(axis=-1), out=out)


def horner(x, c0, c1, c2, c3, out):
    for i in range(x.shape[0]):
        v = x[i]
        out[i] = ((c3 * v + c2) * v + c1) * v + c0


def np_horner(x, c0, c1, c2, c3, out):
    np.multiply(x, c3, out=out)
    out += c2
    out *= x
    out += c1
    out *= x
    out += c0


# --- integer bit manipulation over small-integer arrays ---

def crc16(data, poly=0x8408):
    """Bitwise (table-free) CRC-16/X.25 of uint8 data; the polynomial is a
    default argument, a compile-time constant in Numba (omitted argument)."""
    crc = 0xFFFF
    for i in range(data.shape[0]):
        crc ^= int(data[i])  # int(): Python ints in plain CPython (NumPy 2 keeps uint8)
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ poly
            else:
                crc >>= 1
    return crc ^ 0xFFFF


def fnv1a(data):
    """32-bit FNV-1a hash of uint8 data."""
    h = 0x811C9DC5
    for i in range(data.shape[0]):
        h = ((h ^ int(data[i])) * 0x01000193) & 0xFFFFFFFF
    return h


def popcount16(data):
    """Total set bits of uint16 data (clearing the lowest set bit each step)."""
    total = 0
    for i in range(data.shape[0]):
        v = int(data[i])
        while v:
            v &= v - 1
            total += 1
    return total


def np_popcount16(data):
    return int(np.unpackbits(data.view(np.uint8)).sum())


# --- argument builders (deterministic: every engine gets identical inputs) ---

def _rng():
    return np.random.default_rng(12345)


def _args_sum(n):
    return (_rng().random(n),)


def _args_triad(n):
    g = _rng()
    return (g.random(n), g.random(n), 2.5, np.zeros(n))


def _args_stencil(n):
    return (_rng().random((n, n)), np.zeros((n, n)))


def _args_matvec(n):
    g = _rng()
    return (g.random((n, n)), g.random(n), np.zeros(n))


def _args_mandelbrot(size):
    w, h, maxiter = size
    # Fixed region [-2.0, 0.6] x [-1.2, 1.2], sampled more coarsely at smaller sizes.
    return (-2.0, -1.2, 2.6 / w, 2.4 / h, maxiter, np.zeros((h, w), dtype=np.int64))


def _args_pairwise(n):
    return (_rng().random((n, 3)), np.zeros((n, n)))


def _args_horner(n):
    return (np.linspace(-2.0, 2.0, n), 1.0, -0.5, 0.25, -0.125, np.zeros(n))


def _args_bytes(n):
    return (_rng().integers(0, 256, n, dtype=np.uint8),)


def _args_uint16(n):
    return (_rng().integers(0, 1 << 16, n, dtype=np.uint16),)


def _close(got, ref):
    return bool(np.allclose(got, ref, rtol=1e-7, atol=1e-12))


def _mostly_equal(got, ref):
    # Escape counts at the fractal's edge may legitimately differ if a compiler
    # reorders floating-point operations; allow 1 pixel in 1000.
    return bool(np.mean(np.asarray(got) != np.asarray(ref)) <= 1e-3)


@dataclass
class Kernel:
    """A steady-state kernel.

    ``sizes`` maps "full", "quick", "python", "python_quick" and "tiny" to a
    size understood by ``make_args``; ``work(size)`` is proportional to the
    kernel's run time and is used to scale plain-Python timings taken at a
    smaller size.  ``out`` is the index of the output argument, or None if the
    result is the return value.
    """

    name: str
    loop: Callable
    numpy: Callable | None
    make_args: Callable[[Any], tuple]
    sizes: dict[str, Any]
    work: Callable[[Any], float]
    describe: Callable[[Any], str]
    out: int | None = -1
    check: Callable[[Any, Any], bool] = _close
    numpy_skip: str | None = None  # why there is no NumPy formulation


def _sq(n):
    return f"{n}x{n}"


KERNELS = [
    Kernel("sum", loop_sum, np_sum, _args_sum,
           dict(full=10_000_000, quick=1_000_000, python=100_000, python_quick=20_000, tiny=100),
           work=float, describe=lambda n: f"n={n:.0e} float64 (np.sum)", out=None),
    Kernel("triad", triad, np_triad, _args_triad,
           dict(full=10_000_000, quick=1_000_000, python=100_000, python_quick=20_000, tiny=100),
           work=float, describe=lambda n: f"n={n:.0e} out=a+s*b"),
    Kernel("stencil2d", stencil2d, np_stencil2d, _args_stencil,
           dict(full=4000, quick=1000, python=300, python_quick=100, tiny=8),
           work=lambda n: float((n - 2) ** 2), describe=lambda n: f"{_sq(n)} 5-point"),
    Kernel("matvec", matvec, np_matvec, _args_matvec,
           dict(full=4000, quick=1000, python=400, python_quick=100, tiny=8),
           work=lambda n: float(n * n), describe=lambda n: f"{_sq(n)} (A@x)"),
    Kernel("mandelbrot", mandelbrot, np_mandelbrot, _args_mandelbrot,
           dict(full=(800, 600, 200), quick=(200, 150, 200), python=(80, 60, 200),
                python_quick=(40, 30, 200), tiny=(8, 6, 20)),
           work=lambda s: float(s[0] * s[1]), describe=lambda s: f"{s[0]}x{s[1]} maxiter={s[2]}",
           check=_mostly_equal),
    Kernel("pairwise", pairwise, np_pairwise, _args_pairwise,
           dict(full=2000, quick=500, python=200, python_quick=60, tiny=5),
           work=lambda n: float(n * n), describe=lambda n: f"{n} points 3-D"),
    Kernel("horner", horner, np_horner, _args_horner,
           dict(full=65_536, quick=65_536, python=65_536, python_quick=8192, tiny=16),
           work=float, describe=lambda n: f"n={n} cubic"),
    Kernel("crc16", crc16, None, _args_bytes,
           dict(full=1_000_000, quick=100_000, python=20_000, python_quick=5_000, tiny=16),
           work=float, describe=lambda n: f"{n} bytes, bitwise, poly as a default argument", out=None,
           numpy_skip="a bit-serial recurrence has no vectorised form"),
    Kernel("fnv1a", fnv1a, None, _args_bytes,
           dict(full=1_000_000, quick=100_000, python=50_000, python_quick=10_000, tiny=16),
           work=float, describe=lambda n: f"{n} bytes, 32-bit FNV-1a", out=None,
           numpy_skip="a serial recurrence has no vectorised form"),
    Kernel("popcount16", popcount16, np_popcount16, _args_uint16,
           dict(full=1_000_000, quick=100_000, python=20_000, python_quick=5_000, tiny=16),
           work=float, describe=lambda n: f"{n} uint16, Kernighan loop", out=None),
]
