"""``numba.np``: ``numpy_support`` is user-facing; the rest is internal."""
