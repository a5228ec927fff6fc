"""The hooks that give a type from outside pycomp a place in the compiler:
a name in the type grammar (pycomp.type_grammar.register_type_name, the
``pycomp.types`` entry point group) and an LLVM representation
(pycomp.targets.datamodel.register_model)."""

import importlib.metadata

import pytest

from support import is_pycomp

pytestmark = pytest.mark.skipif(not is_pycomp, reason="pycomp only: its type grammar and data model")


@pytest.fixture
def pair_type():
    """A new Type subclass, ``pair2``, registered nowhere yet; its name and
    model are removed again after the test."""
    from pycomp import type_grammar
    from pycomp import types as ty
    from pycomp.targets import datamodel

    class Pair2(ty.Type):
        def __init__(self):
            pass

        def __str__(self):
            return "pair2"

    yield Pair2
    type_grammar._NAMED.pop("pair2", None)
    datamodel._MODELS.pop(Pair2, None)
    datamodel._cache.clear()


def test_a_registered_type_name_parses_and_prints_back(pair_type):
    from xdsl.context import Context
    from xdsl.parser import Parser

    from pycomp import types as ty
    from pycomp.dialects import nb
    from pycomp.type_grammar import parse_type, register_type_name

    t = pair_type()
    with pytest.raises(ValueError, match="unknown type 'pair2'"):
        parse_type("pair2")
    assert register_type_name("pair2", t) is t
    assert parse_type("pair2") is t
    assert parse_type("UniTuple(pair2 x 2)") is ty.UniTuple(t, 2)
    ctx = Context()
    ctx.load_dialect(nb.Nb)
    attr = Parser(ctx, "!nb.type<optional(pair2)>").parse_type()
    assert attr.data is ty.Optional(t) and str(attr) == "!nb.type<optional(pair2)>"


@pytest.mark.parametrize("name, why", [
    ("int64", "of pycomp's own"), ("array", "of pycomp's own"), ("range_state_x", "of pycomp's own"),
    ("pair 2", "letters, digits"), ("pair3", "prints as 'pair2'"),
])
def test_a_type_name_is_checked(pair_type, name, why):
    from pycomp.type_grammar import register_type_name

    with pytest.raises(ValueError, match=why):
        register_type_name(name, pair_type())


def test_a_type_name_comes_from_an_entry_point_the_first_time_it_is_met(pair_type, monkeypatch):
    from pycomp.type_grammar import parse_type

    t = pair_type()
    seen = []

    class EP:
        def load(self):
            seen.append(True)
            return t

    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda **kw: [EP()] if kw == {"group": "pycomp.types", "name": "pair2"} else [])
    assert parse_type("pair2") is t and parse_type("pair2") is t
    assert seen == [True]  # loaded once, then registered


def test_a_registered_model_represents_the_type_and_replaces_cached_ones(pair_type):
    from xdsl.dialects import llvm

    from pycomp import types as ty
    from pycomp.targets.datamodel import F64, I8, llvm_type, register_model

    t = pair_type()
    tup = ty.UniTuple(t, 2)
    assert llvm_type(t) == I8  # unknown classes: the placeholder, cached
    assert llvm_type(tup) == llvm.LLVMStructType.from_type_list([I8, I8])
    struct = llvm.LLVMStructType.from_type_list([F64, F64])
    assert register_model(pair_type, lambda t: struct) is not None
    assert llvm_type(t) == struct  # not the cached placeholder
    assert llvm_type(tup) == llvm.LLVMStructType.from_type_list([struct, struct])
    assert llvm_type(ty.float64) == F64  # built-in models unchanged

    class SubPair(pair_type):
        def __str__(self):
            return "subpair"

    assert llvm_type(SubPair()) == struct  # subclasses share the model
