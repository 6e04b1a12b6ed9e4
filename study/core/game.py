"""What both games' study objects share: the rules, the chart played and its index plays.

A game's study object (``study/<game>/game.py``) adds how a round is evaluated on the cards
left (``rounds.StudyGame``); it names its game and its engine's round as class keywords,
``class ZeroStudy(ChartStudy, game="zero", new_round=ZeroRound)``, and every round is played
at the table by that engine.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

import pandas as pd

from cardedge.analysis.core.shoe import Shoe
from cardedge.engine.core.dealing import DealtShoe
from cardedge.engine.core.game import Outcome, Round, play_round
from cardedge.engine.core.table import Table, play_table
from cardedge.strategy.core.departures import Departure


def frame_digest(frame: pd.DataFrame) -> str:
    """SHA-256 (first 16 hex digits) of a table's CSV text: the same chart, the same digest."""
    text = frame.to_csv(index=False, lineterminator="\n")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True, eq=False)
class ChartStudy:
    """``rules`` played by ``chart`` (with ``departures`` at their counts), each shoe a fresh
    ``shoe`` dealt to the cut card."""

    rules: Any
    shoe: Shoe
    """The fresh shoe each of the study's shoes starts as (whole decks)."""
    chart: Any
    """The game's chart (``strategy/<game>/charts.py``): it has ``frame()``."""
    strategy: str
    """The strategy's name as the user gave it ('basic', or a chart file's name)."""
    departures: tuple[Departure, ...] = ()
    _played: dict = field(default_factory=dict, repr=False)
    """What each set of departures in force plays, built once per set."""

    game: ClassVar[str] = "game"
    """The game's name, as the manifest records it."""
    new_round: ClassVar[Callable[..., Round]]
    """The engine's round of the game: ``new_round(rules, shoe)``, a seat at a table
    ``new_round(rules, shoe, seat=deal)``."""

    def __init_subclass__(cls, game: str = "", new_round=None, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if game:
            cls.game = game
        if new_round is not None:
            cls.new_round = staticmethod(new_round)

    def __post_init__(self) -> None:
        self.shoe.whole_decks("a study")

    @property
    def decks(self) -> int:
        """Decks of the study's shoe."""
        return self.shoe.whole_decks("a study")

    def identity(self) -> dict[str, object]:
        """What the study plays (the manifest a resume checks)."""
        return {
            "game": self.game,
            "rules": self.rules.describe(self.shoe),
            "strategy": self.strategy,
            "chart": frame_digest(self.chart.frame()),
            "departures": [asdict(d) for d in self.departures],
        }

    def play(self, shoe: DealtShoe, player) -> float:
        """The net result (per initial wager) of one round dealt from ``shoe`` by the game's
        engine and played by ``player``."""
        return float(play_round(self.new_round(self.rules, shoe), player).net)

    def play_table(self, shoe: DealtShoe, players: list) -> tuple[Outcome, ...]:
        """Every seat's outcome of one round dealt from ``shoe`` at a table of
        ``len(players)`` seats (``engine/core/table.py``), seat ``i`` played by
        ``players[i]``."""

        def new_seat(deal):
            return self.new_round(self.rules, shoe, seat=deal)

        return play_table(Table(shoe, len(players), new_seat), players)

    def chart_player(self, counts, values):
        """The engine player of the other seats on these cards left: the chart without index
        plays (``values.player`` itself when no index play is in force)."""
        if values.departures == 0:
            return values.player
        return self.unindexed_player(counts)

    def unindexed_player(self, counts):
        """The engine player of the chart without index plays on the cards left ``counts``."""
        raise NotImplementedError
