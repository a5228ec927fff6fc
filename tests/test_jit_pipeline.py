"""The JIT runs a named pipeline from the pass registry: a researcher's
pass, registered in one place (register_pass, or the ``pycomp.passes`` entry
point group), joins what ``@jit`` runs through the ``pipeline=`` option or
``PYCOMP_PIPELINE``; its time shows in the compile timings."""

from dataclasses import dataclass
from typing import ClassVar

import pytest
from xdsl.passes import ModulePass

from support import is_pycomp

pytestmark = pytest.mark.skipif(not is_pycomp, reason="pycomp only: pycomp's pass registry")


@dataclass(frozen=True)
class PlusToMinus(ModulePass):
    """A typed rewrite for the tests: every integer nb.binop '+' becomes '-'."""

    name: ClassVar[str] = "test-plus-to-minus"

    def apply(self, ctx, module):
        from pycomp import types as ty
        from pycomp.dialects import nb

        for op in module.walk():
            if isinstance(op, nb.BinOp) and op.op.data == "+" and nb.type_of(op.result) is ty.int64:
                op.op = type(op.op)("-")


TYPED = "nb-static-raise,nb-static-getitem,nb-simplify-cfg,nb-dce,nb-type-infer,test-plus-to-minus,nb-to-llvm"


@pytest.fixture
def registered():
    from pycomp.passes import _REGISTERED, register_pass

    register_pass(PlusToMinus)
    yield
    _REGISTERED.pop(PlusToMinus.name, None)


def add(a, b):
    return a + b


def test_a_registered_pass_runs_in_the_jit_through_the_pipeline_option(registered):
    import pycomp

    f = pycomp.njit(pipeline=TYPED)(add)
    assert f(5, 3) == 2  # the typed pass turned + into -
    assert f(0.5, 0.25) == 0.75  # floats are not rewritten
    assert "test-plus-to-minus" in f.compile_times()
    assert f.stages()[-3:] == ("nb-type-infer", "test-plus-to-minus", "nb-to-llvm")
    ints = f.signatures[0]
    assert 'nb.binop "-"' in f.inspect_ir("test-plus-to-minus", ints) and 'nb.binop "+"' in f.inspect_ir("nb-dce", ints)
    assert pycomp.njit(add)(5, 3) == 8  # the default pipeline does not have it


def test_the_environment_variable_sets_the_default_pipeline(registered, monkeypatch):
    import pycomp

    monkeypatch.setenv("PYCOMP_PIPELINE", TYPED)
    assert pycomp.njit(add)(5, 3) == 2
    monkeypatch.setenv("PYCOMP_PIPELINE", "jit")
    assert pycomp.njit(add)(5, 3) == 8


def test_an_entry_point_plugin_is_found(monkeypatch):
    import importlib.metadata

    import pycomp
    from pycomp import passes as P

    ep = importlib.metadata.EntryPoint(name="test-plus-to-minus", value="test_jit_pipeline:PlusToMinus",
                                       group="pycomp.passes")
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None: [ep] if group == "pycomp.passes" else [])
    monkeypatch.setattr(P, "_ENTRY_POINTS", {})
    monkeypatch.setattr(P, "_ENTRY_POINTS_READ", [])
    P._SPEC_CACHE.clear()
    P._JIT_PIPELINES.clear()
    try:
        assert "test-plus-to-minus" in P.get_all_passes()
        assert pycomp.njit(pipeline=TYPED)(add)(7, 2) == 5
    finally:
        P._SPEC_CACHE.clear()
        P._JIT_PIPELINES.clear()


@pytest.mark.parametrize("spec, why", [
    ("nb-dce,nb-to-llvm", "runs nb-type-infer once and ends with nb-to-llvm"),
    ("nb-type-infer,nb-to-llvm,nb-dce", "ends with nb-to-llvm"),
    ("nb-dce,no-such-pass,nb-type-infer,nb-to-llvm", "unknown pass: no-such-pass"),
])
def test_a_bad_pipeline_is_an_error_at_decoration(spec, why):
    import pycomp

    with pytest.raises(ValueError, match=why):
        pycomp.njit(pipeline=spec)(add)


def test_named_pipelines_and_the_default_are_the_registry_s():
    from pycomp import passes as P

    before, typed = P.jit_pipeline("jit")
    assert [p.name for p in before] == list(P.UNTYPED_PASS_NAMES)
    assert [p.name for p in typed] == ["nb-fuse-arrayexpr", "nb-insert-refcounts"]
    assert P.jit_pipeline(None) == P.jit_pipeline("jit")


def test_a_registered_pass_is_listed_with_its_description(registered, capsys):
    from pycomp.opt import main

    with pytest.raises(SystemExit) as e:
        main(["--list-passes"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    mine = out.split("xDSL passes:")[0]
    assert "test-plus-to-minus" in mine and "every integer nb.binop '+' becomes '-'" in mine
