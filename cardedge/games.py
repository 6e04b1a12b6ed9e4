"""The registry: every game cardedge knows, by name. The one module that names them.

``games()`` gives each game's descriptor (``cardedge.analysis.core.game.Game``, defined in the
game's room ``analysis/<game>/game.py``); the command line, the web, ``results/``, the studies
and the API iterate it, so adding a game is its rooms and one name here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardedge.analysis.core.game import Game

NAMES: tuple[str, ...] = ("zero", "blackjack")
"""The games, in the order they are listed everywhere."""


def games() -> tuple[Game, ...]:
    """Every game's descriptor, in ``NAMES`` order (imported on first use: no kernel loads)."""
    return tuple(game(name) for name in NAMES)


def game(name: str) -> Game:
    """The descriptor of the game ``name``; ValueError naming the games for another."""
    if name not in NAMES:
        raise ValueError(f"unknown game {name!r} (choose from {', '.join(NAMES)})")
    return importlib.import_module(f"cardedge.analysis.{name}.game").GAME
