"""List displays in the IR generator: ``[a, b]``, ``[*t, x]``, ``(*t, x)``.

Long tuple displays and displays with ``*`` unpacking are built by CPython
as a list then converted (BUILD_LIST, LIST_APPEND/LIST_EXTEND,
LIST_TO_TUPLE); that list never exists at run time: it is a
:class:`~pycomp.frontend.stackstate.PendingList` of SSA values on the
symbolic stack, and may be carried across blocks like any stack entry
(``(a, *(b if c else d))``). A list display used as a value (stored,
passed, returned, ...) becomes an ``nb.build_list`` there
(:meth:`ListDisplayGeneration.materialize`), followed by ``append`` and
``extend`` calls for its other parts, as does one carried into a loop (a
comprehension's list, 3.12+).
"""

from __future__ import annotations

from xdsl.ir import SSAValue

from pycomp.dialects import nb
from pycomp.errors import UnsupportedError
from pycomp.frontend.stackstate import PendingList

__all__ = ["ListDisplayGeneration"]


class ListDisplayGeneration:
    """The list-display opcodes of the IR generator (a mixin of
    irgen._Generator: it uses ``add``, ``loc``, ``_value``, ``_xb`` and
    ``_stack``)."""

    def op_BUILD_LIST(self, b, ins, stack, local):
        n = ins.arg
        items = stack[len(stack) - n:] if n else []
        del stack[len(stack) - n:]
        stack.append(PendingList((False, self._value(v, ins)) for v in items))

    def _list_method(self, b, ins, lst: SSAValue, method: str, arg: SSAValue) -> None:
        """``lst.method(arg)`` on a list value."""
        fn = self.add(b, nb.GetAttrOp(lst, method), ins).result
        self.add(b, nb.CallOp(fn, [arg], ()), ins)

    def materialize(self, b, ins, pending: PendingList, stacks=()) -> SSAValue:
        """The list value of a pending list display: an ``nb.build_list`` of
        its leading items, then ``append``/``extend`` for the rest; every
        entry of ``stacks`` that is this display becomes the value."""
        parts = list(pending.parts)
        k = 0
        while k < len(parts) and not parts[k][0]:
            k += 1
        lst = self.add(b, nb.BuildListOp([v for _, v in parts[:k]]), ins).result
        for spread, v in parts[k:]:
            self._list_method(b, ins, lst, "extend" if spread else "append", v)
        for stack in stacks:
            for i, entry in enumerate(stack):
                if entry is pending:
                    stack[i] = lst
        return lst

    def op_LIST_APPEND(self, b, ins, stack, local):
        v = self._value(stack.pop(), ins)
        target = stack[-ins.arg]
        if isinstance(target, PendingList):
            stack[-ins.arg] = target.plus(False, v)
        else:  # a list value (a comprehension's, built before its loop)
            self._list_method(b, ins, self._value(target, ins), "append", v)

    def op_LIST_EXTEND(self, b, ins, stack, local):
        v = self._value(stack.pop(), ins)
        lst = stack[-ins.arg]
        if not isinstance(lst, PendingList):
            self._list_method(b, ins, self._value(lst, ins), "extend", v)
            return
        owner = v.owner
        if isinstance(owner, nb.ConstOp) and isinstance(owner.value.data, tuple):
            for item in owner.value.data:  # a constant tuple: its items one by one
                lst = lst.plus(False, self.add(b, nb.ConstOp(item), ins).result)
        else:  # any other value: concatenated as a tuple by LIST_TO_TUPLE
            lst = lst.plus(True, v)
        stack[-ins.arg] = lst

    def op_LIST_TO_TUPLE(self, b, ins, stack, local):
        lst = stack.pop()
        if not isinstance(lst, PendingList):  # a list value (a comprehension): its length is not static
            raise UnsupportedError("a tuple cannot be made from a list (its length is not known at compile time)",
                                   self.loc(ins))
        # runs of items become tuples, ``*value`` parts are concatenated to
        # them (tuple + tuple); ``(*t,)`` alone is ``() + t``, so the result
        # is a tuple whatever ``t`` is, or a typing error
        pieces, run = [], []
        for spread, v in lst.parts:
            if spread:
                if run:
                    pieces.append(self.add(b, nb.BuildTupleOp(run), ins).result)
                    run = []
                pieces.append(v)
            else:
                run.append(v)
        if run or not pieces:
            pieces.append(self.add(b, nb.BuildTupleOp(run), ins).result)
        elif len(pieces) == 1:  # (*t,)
            pieces.insert(0, self.add(b, nb.BuildTupleOp([]), ins).result)
        result = pieces[0]
        for piece in pieces[1:]:
            result = self.add(b, nb.BinOp("+", result, piece), ins).result
        stack.append(result)
