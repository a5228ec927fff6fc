"""Python standard-library modules in compiled code, written through
:mod:`pycomp.extending` (``random``: :mod:`pycomp.stdlib.random`)."""
