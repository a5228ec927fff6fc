"""pycomp-toy's xDSL plugin (entry point group ``xdsl.universe``): the
``toy`` dialect and the ``toy-raise-calls`` pass, loaded lazily."""

from __future__ import annotations

from xdsl.universe import Universe

__all__ = ["TOY_UNIVERSE"]


def get_toy():
    from pycomp_toy.dialect import Toy

    return Toy


def get_raise_calls():
    from pycomp_toy.raise_calls import RaiseToyCallsPass

    return RaiseToyCallsPass


TOY_UNIVERSE = Universe(all_dialects={"toy": get_toy}, all_passes={"toy-raise-calls": get_raise_calls})
