"""The registry: every game cardedge knows, by name. The one module that names them.

``games()`` gives each game's descriptor (``cardedge.analysis.core.game.Game``, defined in the
game's room ``analysis/<game>/game.py``); the command line, the web, ``results/``, the studies
and the API iterate it, so adding a game is its rooms and one name here.

A game's room in a layer is found by one convention, ``room_module``: the module
``<layer package>.<game name>`` (``cardedge.web.zero``). Each layer's finder calls it with its
own package and types the result by its own Protocol (``web.core.web_room``: ``WebRoom``), so
no layer names a module of another in a string.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardedge.analysis.core.game import Game

NAMES: tuple[str, ...] = ("zero", "blackjack")
"""The games, in the order they are listed everywhere."""


def games() -> tuple[Game, ...]:
    """Every game's descriptor, in ``NAMES`` order (imported on first use: no kernel loads)."""
    return tuple(game(name) for name in NAMES)


def game(name: str) -> Game:
    """The descriptor of the game ``name``; ValueError naming the games for another."""
    return room_module("cardedge.analysis", name, "game").GAME


def room_module(package: str, name: str, module: str = "", kind: type | None = None) -> Any:
    """The game ``name``'s room in the layer ``package`` (``cardedge.web``): the module
    ``<package>.<name>``, or its ``module`` within (``cardedge.reports.zero.results``),
    imported on first use; ValueError naming the games for an unknown one. With ``kind`` (the
    layer's runtime-checkable Protocol), TypeError naming what the room lacks."""
    if name not in NAMES:
        raise ValueError(f"unknown game {name!r} (choose from {', '.join(NAMES)})")
    room = importlib.import_module(".".join(filter(None, (package, name, module))))
    if kind is not None and not isinstance(room, kind):
        lacks = [n for n in protocol_members(kind) if not hasattr(room, n)]
        raise TypeError(f"{room.__name__} is not a {kind.__name__}: it lacks {', '.join(lacks)}")
    return room


def protocol_members(kind: type) -> tuple[str, ...]:
    """The names a Protocol declares (its annotated attributes and its methods), in order."""
    names = [*getattr(kind, "__annotations__", {})]
    names += [n for n, v in vars(kind).items() if callable(v) and not n.startswith("_")]
    return tuple(dict.fromkeys(names))
