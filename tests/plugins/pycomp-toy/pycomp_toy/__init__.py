"""pycomp-toy: intervals of float64, a dialect added to pycomp from outside.

In CPython, :func:`interval`, :func:`width` and :func:`clamp` are plain
functions; in code jitted with the ``toy-raise-calls`` pass they become the
ops of the ``toy`` dialect, typed and lowered by rules registered by op
name. Importing this package imports neither pycomp nor xDSL.
"""

from pycomp_toy.functions import Interval, clamp, interval, width

__all__ = ["Interval", "interval", "width", "clamp"]
