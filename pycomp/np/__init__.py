"""NumPy functions and array methods for compiled code, written through
the extension API (:mod:`pycomp.extending`), as users write their own."""
