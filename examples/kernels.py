"""Example programs: plain Python functions on numbers and arrays, the kind
of code people put @njit on. run_examples.py compiles each with pycomp,
checks the result against CPython on the same input, and times both."""

import math

import numpy as np


def mandelbrot(out, xmin, xmax, ymin, ymax, max_iter):
    """Escape-time counts of the Mandelbrot set, written into ``out``."""
    h, w = out.shape
    for i in range(h):
        y = ymin + (ymax - ymin) * i / (h - 1)
        for j in range(w):
            x = xmin + (xmax - xmin) * j / (w - 1)
            zr, zi = 0.0, 0.0
            n = 0
            while n < max_iter and zr * zr + zi * zi <= 4.0:
                zr, zi = zr * zr - zi * zi + x, 2.0 * zr * zi + y
                n += 1
            out[i, j] = n
    return h * w


def pairwise_distances(pts, out):
    """Euclidean distances between all pairs of 3-D points."""
    n = pts.shape[0]
    for i in range(n):
        for j in range(n):
            d = 0.0
            for k in range(pts.shape[1]):
                t = pts[i, k] - pts[j, k]
                d += t * t
            out[i, j] = math.sqrt(d)


def stencil(a, out):
    """One Jacobi step of a 5-point stencil."""
    for i in range(1, a.shape[0] - 1):
        for j in range(1, a.shape[1] - 1):
            out[i, j] = 0.2 * (a[i, j] + a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


def collatz_longest(limit):
    """The start below ``limit`` with the longest Collatz sequence."""
    best, best_len = 1, 1
    for start in range(1, limit):
        n, steps = start, 1
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        if steps > best_len:
            best, best_len = start, steps
    return best, best_len


def monte_carlo_pi(samples, seed):
    """pi from a linear congruential generator (no allocation needed)."""
    state = seed
    inside = 0
    for _ in range(samples):
        state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFF
        x = state / 281474976710656.0
        state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFF
        y = state / 281474976710656.0
        if x * x + y * y <= 1.0:
            inside += 1
    return 4.0 * inside / samples


def fused_expression(a, b, c):
    """Whole-array NumPy: pycomp fuses it into one loop (no temporaries)."""
    return np.sqrt(a * a + b * b) * c - 0.5 * np.where(a > b, a, b)


def make_inputs(scale=1.0):
    """(name, function, args factory, CPython-size args factory)."""
    rng = np.random.default_rng(0)
    pts = rng.random((int(400 * scale), 3))
    grid = rng.random((int(600 * scale), int(600 * scale)))
    return [
        ("mandelbrot 200x150", mandelbrot,
         lambda: (np.zeros((150, 200), np.int64), -2.0, 1.0, -1.2, 1.2, 100)),
        ("pairwise distances", pairwise_distances, lambda: (pts, np.zeros((len(pts), len(pts))))),
        ("5-point stencil", stencil, lambda: (grid, np.zeros_like(grid))),
        ("collatz", collatz_longest, lambda: (30000,)),
        ("monte carlo pi", monte_carlo_pi, lambda: (300000, 42)),
        ("fused array expression", fused_expression, lambda: tuple(rng.random(int(10 ** 6 * scale)) for _ in range(3))),
    ]
