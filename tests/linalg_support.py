"""Helpers shared by the np.linalg test modules (test_np_linalg_solve,
test_np_linalg_decomp): dtype ids, single-precision checks and random
matrices of every dtype family."""

import numpy as np


def dname(dtype):
    """The test id of a dtype."""
    return np.dtype(dtype).name


def single(dtype):
    """Whether ``dtype`` is single precision (float32, complex64)."""
    return np.dtype(dtype) in (np.float32, np.complex64)


def random_values(rng, shape, dtype=np.float64):
    """Random values of ``dtype`` from ``rng`` (small integers, booleans)."""
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.random(shape) > 0.5
    if dt.kind in "iu":
        return rng.integers(0 if dt.kind == "u" else -3, 4, shape).astype(dt)
    x = rng.random(shape) - 0.5
    if dt.kind == "c":
        x = x + 1j * (rng.random(shape) - 0.5)
    return x.astype(dt)
