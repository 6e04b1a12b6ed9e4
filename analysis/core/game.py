"""A game, described once: ``Game``, the one object every shared layer asks about a game.

Each game's room has one (``analysis/<game>/game.py``: ``GAME``), and ``cardedge/games.py``,
the one registry, lists them. Shared code never names a game: the command line, the web, the
published tables (``results/``), the studies and the engine iterate ``cardedge.games.games()``
and ask each ``Game`` for what they need.

A descriptor holds the game's facts (name, title, its rules' declarations and class, how its
shoe is written, its default count system) and names its parts in the upper layers as
``"module:attribute"`` (``Game.part``), imported when first asked for: the descriptor itself
loads no kernel, and a layer asks only for parts of its own layer or below.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardedge.analysis.core.rules import RuleSet
from cardedge.analysis.core.shoe import ShoeFormat

PARTS: dict[str, str] = {
    "evaluate": "analysis: the exact round, evaluate(rules, shoe, policy=...)",
    "chart": "strategy: the chart class (a total-dependent strategy a player learns)",
    "engine_round": "engine: the rules engine's round, new_round(rules, shoe)",
    "coach": "engine: the trainer's coach class (what each decision cost against optimal play)",
    "trainer": "reports: the training session, trainer(rules, basic, seed, bet, balance, ...)",
    "studies": "reports: the study room (StudyRoom) of the shoe studies",
    "results": "reports: the module of the game's tables in results/",
    "colours": "reports: the chart's colours by action letter",
    "api": "api: the public module of one function per command",
    "cli": "cli: the click group of the game's commands",
    "web": "web: the calculator page's panels and the commands it serves",
}
"""The parts every game names (``Game.parts``), with the layer each lives in."""


@dataclass(frozen=True)
class Game:
    """One game: what the shared layers need to know, in one place."""

    name: str
    """The game's word on the command line, in the API (``cardedge.<name>``) and the web."""
    title: str
    """The game's name for a person, as a page's heading ('Zero', 'European blackjack')."""
    label: str
    """The game's name in running text and table rows ('Zero', 'blackjack')."""
    rules: RuleSet
    """Its rules, declared once (``analysis/<game>/rules.py``)."""
    rules_class: type
    """The rules object (a frozen dataclass whose fields are the declared rules; the shoe is
    not one)."""
    shoe: ShoeFormat
    """How its shoe is written (``--shoe``, ``--remove``)."""
    count_system: str
    """The default count system of its indices and studies."""
    parts: Mapping[str, str] = field(default_factory=dict)
    """Each of ``PARTS`` as ``"module:attribute"`` (or ``"module"`` for a module)."""

    def __post_init__(self) -> None:
        missing = sorted(set(PARTS) - set(self.parts))
        unknown = sorted(set(self.parts) - set(PARTS))
        if missing or unknown:
            raise ValueError(f"game {self.name}: parts missing {missing}, unknown {unknown}")

    def part(self, name: str) -> Any:
        """The part ``name`` (one of ``PARTS``), imported on first use."""
        where = self.parts[name]
        module, _, attribute = where.partition(":")
        loaded = importlib.import_module(module)
        return getattr(loaded, attribute) if attribute else loaded
