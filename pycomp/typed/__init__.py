"""Typed containers (Numba's ``numba.typed``): :class:`List`, a list whose
items have one type, shared with compiled code without copies."""

from pycomp.typed.typedlist import List

__all__ = ["List"]
