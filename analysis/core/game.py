"""A game, described once: ``Game``, the facts and capabilities every shared layer asks about.

Each game's room has one (``analysis/<game>/game.py``: ``GAME``), and ``cardedge/games.py``,
the one registry, lists them. Shared code never names a game: the command line, the web, the
published tables (``results/``), the studies and the engine iterate ``cardedge.games.games()``
and ask each ``Game`` what they need.

A descriptor holds only what this layer knows: the game's names, its rules' declarations and
class, how its shoe is written, its default count system, and its **capabilities** (``has_*``),
the yes/no facts shared code branches on (a game without a chart has no chart commands, no
studies, no chart colours). It names no module of another layer: each upper layer finds a
game's room of that layer by its own convention (``cardedge.<layer>.<game.name>``, e.g.
``web.core.web_room``, ``api.core.api_room``, ``reports.results.results_room``), typed by that
layer's Protocol; ``tests/test_game_contract.py`` checks every registered game against all of
them, and that the rooms agree with the capabilities declared here.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardedge.analysis.core.rules import RuleSet
from cardedge.analysis.core.shoe import ShoeFormat


@dataclass(frozen=True, kw_only=True)
class Game:
    """One game: what the shared layers need to know of it, in one place."""

    name: str
    """The game's word on the command line, in the API (``cardedge.<name>``), the web, and the
    name of its room in every layer (``<layer>/<name>``)."""
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
    has_chart: bool
    """A strategy chart a player learns (a play per total and up card): the chart commands
    (``api.core.CHART_COMMANDS``: chart, exceptions, indices, study), the chart objects, the
    trainer (``play``), the shoe studies (which play the chart) and the chart's colours."""
    has_side_bet: bool
    """A side bet beside the main wager (Zero Pays): a training session takes its stake."""

    def capabilities(self) -> dict[str, bool]:
        """Every ``has_*`` capability by name (what the contract test checks the rooms against)."""
        return {k: v for k, v in self.__dict__.items() if k.startswith("has_")}
