"""pycomp: a just-in-time compiler for numeric Python with Numba's user API."""
