"""pycomp's xDSL plugin: its dialects and passes for ``xdsl-opt``.

pyproject.toml declares this object under the entry-point group
``xdsl.universe``; xDSL's ``Universe.get_multiverse()`` merges it with xDSL's
own universe, so an installed pycomp makes plain ``xdsl-opt`` parse the
``nb``, ``arrayexpr`` and ``llvmx`` dialects, run ``nb-*`` passes (``nb-to-llvm``
included) and print ``-t llvm-opt`` and ``-t asm``. Only what pycomp defines
is listed here (builtin and llvm come from xDSL's universe: a name defined by
two universes is an error, so pycomp's ``llvm`` target, which knows the
llvmx casts, is ``pycomp-opt``'s alone). Everything is a lazy getter: loading
the plugin imports no dialect, no pass and no target.
"""

from __future__ import annotations

from xdsl.universe import Universe

from pycomp.passes import get_all_passes, get_pycomp_dialects, get_pycomp_targets

__all__ = ["PYCOMP_UNIVERSE"]

PYCOMP_UNIVERSE = Universe(
    all_dialects=get_pycomp_dialects(),
    all_passes=get_all_passes(plugins=False, registered=False),  # pycomp's own (PASS_TABLE)
    all_targets={name: get for name, get in get_pycomp_targets().items() if name != "llvm"},
)
