"""Pickling jitted functions, so process pools and distributed schedulers
can ship them.

A dispatcher pickles *by reference* when its function can be imported by
module and qualified name and that name gives back the same dispatcher (a
module-level ``@njit`` function): the receiving process imports it. Any
other (a closure, a function defined in ``__main__`` or in a test body)
pickles *by value*: the function's code (marshalled, so the receiving
interpreter must be the same CPython version), its name, defaults, the
values of its closure cells and of the globals its code names (modules by
name, everything else pickled as itself), and the dispatcher's options
and explicit signatures. Unpickling the same pickled function twice in one
process gives the same dispatcher, so its compiled code is reused.
Compiled machine code is never pickled: the receiver compiles on first call.
"""

from __future__ import annotations

import importlib
import marshal
import sys
import threading
import types as pytypes
import uuid
import weakref

__all__ = ["reduce_dispatcher"]

_by_value_ids: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # dispatcher -> uuid
_rebuilt: "weakref.WeakValueDictionary" = weakref.WeakValueDictionary()  # uuid -> dispatcher
_lock = threading.Lock()


def _importable_as(disp):
    """True when ``module.qualname`` imports back to ``disp`` itself."""
    fn = disp.py_func
    mod = sys.modules.get(fn.__module__)
    if mod is None or fn.__module__ == "__main__" or "<locals>" in fn.__qualname__:
        return False
    obj = mod
    for part in fn.__qualname__.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return False
    return obj is disp


def _names_used(code, out):
    out.update(code.co_names)
    for c in code.co_consts:
        if isinstance(c, pytypes.CodeType):
            _names_used(c, out)
    return out


class _ModuleRef:
    """A module in a pickled function's globals, re-imported by name."""

    def __init__(self, name):
        self.name = name

    def __reduce__(self):
        return (_ModuleRef, (self.name,))


def _freeze_value(v):
    return _ModuleRef(v.__name__) if isinstance(v, pytypes.ModuleType) else v


def _thaw_value(v):
    return importlib.import_module(v.name) if isinstance(v, _ModuleRef) else v


def reduce_dispatcher(disp):
    """``__reduce__`` of a Dispatcher (see the module docstring)."""
    if _importable_as(disp):
        return (_import_dispatcher, (disp.py_func.__module__, disp.py_func.__qualname__))
    fn = disp.py_func
    with _lock:
        key = _by_value_ids.get(disp)
        if key is None:
            key = _by_value_ids[disp] = uuid.uuid4().hex
    g = fn.__globals__
    glbls = {n: _freeze_value(g[n]) for n in sorted(_names_used(fn.__code__, set())) if n in g}
    cells = tuple(_freeze_value(c.cell_contents) for c in fn.__closure__ or ())
    state = {
        "code": marshal.dumps(fn.__code__), "name": fn.__name__, "qualname": fn.__qualname__,
        "module": fn.__module__, "defaults": fn.__defaults__, "kwdefaults": fn.__kwdefaults__,
        "globals": glbls, "cells": cells, "doc": fn.__doc__,
        "options": dict(disp.targetoptions),
        "signatures": [str(sig) for sig in disp._declared_signatures],
    }
    return (_rebuild_dispatcher, (key, state))


def _import_dispatcher(module, qualname):
    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def _rebuild_dispatcher(key, state):
    with _lock:
        disp = _rebuilt.get(key)
    if disp is not None:
        return disp
    from pycomp.decorators import jit

    glbls = {"__builtins__": __builtins__, "__name__": state["module"]}
    glbls.update({k: _thaw_value(v) for k, v in state["globals"].items()})
    cells = tuple(pytypes.CellType(_thaw_value(v)) for v in state["cells"])
    fn = pytypes.FunctionType(marshal.loads(state["code"]), glbls, state["name"], state["defaults"],
                              cells or None)
    fn.__qualname__ = state["qualname"]
    fn.__module__ = state["module"]
    fn.__kwdefaults__ = state["kwdefaults"]
    fn.__doc__ = state["doc"]
    sigs = state["signatures"]
    disp = jit(sigs, **state["options"])(fn) if sigs else jit(**state["options"])(fn)
    with _lock:
        return _rebuilt.setdefault(key, disp)
