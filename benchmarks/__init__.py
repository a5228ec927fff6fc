"""Benchmark suite comparing pycomp with Numba, NumPy and plain CPython (see README.md)."""
