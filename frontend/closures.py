"""Inner functions, lambdas and closures: IR generation for cells and
``MAKE_FUNCTION``, and the lifted dispatchers inner functions compile as.

A variable that an inner function uses (``co_cellvars``) lives in a *cell*:
``nb.make_cell`` in the entry block (a stack slot once lowered), written by
``nb.cell_set`` (``STORE_DEREF``) and read by ``nb.cell_get``
(``LOAD_DEREF``). Through the cell an inner function sees the variable's
value when it is *called*, not when it was defined, and may assign it with
``nonlocal`` — Python's semantics, which Numba gets by inlining the inner
function.

``def g(...)`` / ``lambda`` inside a jitted function becomes
``nb.make_function``: the inner function's code object is compiled on its
own as a *lifted* function, a dispatcher (cached per code object on the
enclosing dispatcher, ``inline='always'``) whose first parameter is the
environment, the cells the closure captures (``co_freevars`` order); its
free variables are read through ``nb.closure_cell``. A call of the closure
passes the environment first. An inner function with no free variables is
typed as its dispatcher, so it can also be passed to other jitted functions
and returned (to compiled code, or to Python as its dispatcher) as a
function value; a closure cannot (as in Numba).

Not supported, each a clear error naming the line: recursive inner
functions, default values that are not constants, keyword-only defaults,
set and dict comprehensions and generator expressions. A list comprehension
on 3.11 is an inner function like any other (``<listcomp>``, called with
the iterator of its first ``for``); 3.12+ inlines it (frontend/comprehensions.py).
"""

from __future__ import annotations

import inspect
import types as pytypes

from xdsl.ir import SSAValue

from pycomp.dialects import nb
from pycomp.errors import UnsupportedError

__all__ = ["ClosureGeneration", "inner_dispatcher", "ENV_PARAMETER"]

#: the name of a lifted function's environment parameter
ENV_PARAMETER = "__closure_env__"

# MAKE_FUNCTION / SET_FUNCTION_ATTRIBUTE flags
_DEFAULTS, _KWDEFAULTS, _ANNOTATIONS, _CLOSURE = 0x01, 0x02, 0x04, 0x08


def inner_dispatcher(outer, pyfunc, code: pytypes.CodeType, defaults):
    """The dispatcher an inner function compiles as, cached per code object
    and defaults on the enclosing ``outer`` dispatcher (None outside the
    JIT, e.g. in pycomp-opt: a fresh one). Its Python function has the
    enclosing function's globals; with free variables its signature starts
    with the environment, positional-only."""
    from pycomp.dispatcher import Dispatcher

    cache = getattr(outer, "_inner_functions", None)
    key = (code, defaults)
    if cache is not None and key in cache:
        return cache[key]
    cells = tuple(pytypes.CellType() for _ in code.co_freevars)
    fn = pytypes.FunctionType(code, pyfunc.__globals__, code.co_name, defaults, cells)
    fn.__qualname__ = getattr(code, "co_qualname", code.co_name)
    if code.co_freevars:
        sig = inspect.signature(fn)
        env = inspect.Parameter(ENV_PARAMETER, inspect.Parameter.POSITIONAL_ONLY)
        fn.__signature__ = sig.replace(parameters=[env] + list(sig.parameters.values()))
    fn.__pycomp_lifted__ = code.co_freevars
    options = {k: v for k, v in getattr(outer, "targetoptions", {}).items() if k not in ("locals",)}
    # a closure's environment cannot come from Python: only compiled code calls it
    options.update(inline="always", no_cpython_wrapper=bool(code.co_freevars))
    disp = Dispatcher(fn, options=options)
    if outer is not None:
        if cache is None:
            cache = outer._inner_functions = {}
        cache[key] = disp
    return disp


class _PendingFunction:
    """3.13+: a function made by ``MAKE_FUNCTION`` whose attributes
    (closure, defaults) ``SET_FUNCTION_ATTRIBUTE`` is still adding; it
    becomes an ``nb.make_function`` once complete."""

    __slots__ = ("code", "cells", "defaults")

    def __init__(self, code, cells=(), defaults=None):
        self.code, self.cells, self.defaults = code, cells, defaults


class ClosureGeneration:
    """The IR generator's handlers for cells and inner functions (mixed into
    :class:`pycomp.frontend.irgen._Generator`)."""

    def setup_cells(self, entry, entry_locals: dict, first) -> None:
        """Give every cell variable its cell, in the entry block: a lifted
        function's free variables come from its environment (the first
        parameter); the function's own cell variables get a new cell,
        holding the parameter's value for a parameter; a free variable of
        the top-level function (frozen at compile time) that an inner
        function captures gets a cell holding its frozen value."""
        code = self.code
        self.cells: dict[str, SSAValue] = {}
        lifted = getattr(self.pyfunc, "__pycomp_lifted__", None)
        if lifted:
            env = entry_locals[self.argnames[0]]
            for i, name in enumerate(lifted):
                self.cells[name] = self.add(entry, nb.ClosureCellOp(env, i), first).result
        for name in code.co_cellvars:
            cell = self.add(entry, nb.MakeCellOp(name), first).result
            self.cells[name] = cell
            if name in entry_locals:
                self.add(entry, nb.CellSetOp(cell, entry_locals[name], name), first)
        if not lifted:
            captured = {i.argval for i in self.instrs if i.op == "LOAD_CLOSURE"
                        or (i.op == "LOAD_FAST" and i.argval in code.co_freevars)}
            for name in code.co_freevars:
                if name in captured:
                    cell = self.add(entry, nb.MakeCellOp(name), first).result
                    value = self.freeze(entry, name, self.lookup_deref(name, first), first)
                    self.add(entry, nb.CellSetOp(cell, value, name), first)
                    self.cells[name] = cell

    # ------------------------------------------------------------ cells
    def op_LOAD_DEREF(self, b, ins, stack, local):
        cell = self.cells.get(ins.argval)
        if cell is None:  # a free variable of the top-level function: frozen
            stack.append(self.freeze(b, ins.argval, self.lookup_deref(ins.argval, ins), ins))
            return
        stack.append(self.add(b, nb.CellGetOp(cell, ins.argval), ins).result)

    def op_STORE_DEREF(self, b, ins, stack, local):
        value = stack.pop()
        cell = self.cells.get(ins.argval)
        if cell is None:
            raise UnsupportedError("cannot assign '%s', a variable of the Python function that encloses the "
                                   "jitted one (its value is frozen at compile time)" % ins.argval, self.loc(ins))
        owner = value.owner if isinstance(value, SSAValue) else None
        if isinstance(owner, nb.MakeFunctionOp) and cell in owner.cells:
            raise UnsupportedError("recursive inner functions are not supported ('%s' calls itself): "
                                   "make it a top-level @njit function" % ins.argval, self.loc(ins))
        self.add(b, nb.CellSetOp(cell, self._value(value, ins), ins.argval), ins)

    def op_DELETE_DEREF(self, b, ins, stack, local):
        raise UnsupportedError("del of a variable an inner function uses is not supported", self.loc(ins))

    def op_LOAD_CLOSURE(self, b, ins, stack, local):
        stack.append(self.cells[ins.argval])

    # ------------------------------------------------------------ functions
    def op_MAKE_FUNCTION(self, b, ins, stack, local):
        code = stack.pop()
        if not isinstance(code, pytypes.CodeType):
            raise UnsupportedError("functions can only be made from constant code", self.loc(ins))
        if self.vi.set_function_attribute:  # 3.13+: the attributes follow, if any
            nxt = self._next_instr(ins)
            if nxt is not None and nxt.op == "SET_FUNCTION_ATTRIBUTE":
                stack.append(_PendingFunction(code))
            else:
                stack.append(self._make_function(b, ins, code, None, None))
            return
        flags = ins.arg or 0
        cells = stack.pop() if flags & _CLOSURE else None
        if flags & _ANNOTATIONS:
            stack.pop()
        if flags & _KWDEFAULTS:
            stack.pop()
            self._no_kwdefaults(code, ins)
        defaults = stack.pop() if flags & _DEFAULTS else None
        stack.append(self._make_function(b, ins, code, cells, defaults))

    def op_SET_FUNCTION_ATTRIBUTE(self, b, ins, stack, local):
        fn = stack.pop()
        value = stack.pop()
        flag = ins.arg
        if flag == _CLOSURE:
            fn = _PendingFunction(fn.code, value, fn.defaults)
        elif flag == _DEFAULTS:
            fn = _PendingFunction(fn.code, fn.cells, value)
        elif flag == _KWDEFAULTS:
            self._no_kwdefaults(fn.code, ins)
        nxt = self._next_instr(ins)
        if nxt is not None and nxt.op == "SET_FUNCTION_ATTRIBUTE":
            stack.append(fn)
        else:
            stack.append(self._make_function(b, ins, fn.code, fn.cells or None, fn.defaults))

    def _next_instr(self, ins):
        i = self.instrs.index(ins)
        return self.instrs[i + 1] if i + 1 < len(self.instrs) else None

    def _no_kwdefaults(self, code, ins):
        raise UnsupportedError("inner function '%s': defaults of keyword-only parameters are not supported"
                               % code.co_name, self.loc(ins))

    def _make_function(self, b, ins, code, cells, defaults) -> SSAValue:
        """``nb.make_function`` for ``code`` with the cells of its closure
        tuple (built by the BUILD_TUPLE just before, which is dropped) and
        its defaults, which must be constants."""
        if code.co_flags & (0x20 | 0x80 | 0x100 | 0x200):
            raise UnsupportedError("generators and coroutines are not supported", self.loc(ins))
        cell_values = []
        if cells is not None:
            tup = cells.owner if isinstance(cells, SSAValue) else None
            if not isinstance(tup, nb.BuildTupleOp):
                raise UnsupportedError("the closure of an inner function must be built in place", self.loc(ins))
            cell_values = list(tup.items)
            if not cells.uses:
                tup.detach()
                tup.erase()
        default_values = None
        if defaults is not None:
            owner = defaults.owner if isinstance(defaults, SSAValue) else None
            if not isinstance(owner, nb.ConstOp):
                raise UnsupportedError("inner function '%s': default values must be constants"
                                       % code.co_name, self.loc(ins))
            default_values = owner.value.data
            if not defaults.uses:
                owner.detach()
                owner.erase()
        disp = inner_dispatcher(self.self_object, self.pyfunc, code, default_values)
        return self.add(b, nb.MakeFunctionOp(disp, cell_values), ins).result
