"""``numba.core``: ``types``, ``errors`` and ``config`` are the user-facing
parts and resolve to pycomp; its other submodules are Numba internals."""
