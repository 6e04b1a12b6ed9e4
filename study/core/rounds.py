"""Deal a shoe round by round and record each round's exact value and simulated result.

Before each round the study records the shoe as it stands (the cards dealt, the running and
true count, the cards left by rank), asks the game for the exact expected result of a round
dealt from exactly those cards (optimal play, and the strategy played), then deals and plays
the round at the table with the strategy and records its net result. The exact values are the
expectation of the net given the cards left, so over many rounds the two must agree within
their sampling error (the study's report tests that).

The game object (``study/<game>/game.py``) answers these questions: the game's name and
``decks``; ``analysable(counts)`` (may a round be evaluated on these cards?);
``evaluate(counts, true_count) -> RoundValues``; ``chart_player(counts, values)`` (the player of
the other seats: the chart without index plays); ``play_table(shoe, players)`` (every seat's
outcome of one round at the table).

**Other players.** With ``plan.players > 1`` each round is dealt at a table
(``engine/core/table.py``): one card to each seat in seat order, the second to each seat, the
dealer's up and hole card, the seats act in seat order and the dealer plays once. The study
records our seat (``plan.seat``) only. Its exact values are still those on the cards left at our
bet, before the round is dealt: the other seats' cards are taken at positions fixed by what was
dealt before them, so by exchangeability our seat's and the dealer's cards have the same law as
in a round dealt to us alone (``engine/core/table.py``). The running count counts every card
dealt, the other seats' and the dealer's too. A round starts while ``game.analysable`` holds (our
round and the dealer's cannot run out); should the other seats still empty the shoe (only with
a few cards left and several players), that round is not recorded and the shoe ends there, as a
dealer would reshuffle. A study alone at the table (``players == 1``) deals exactly the rounds of
a single player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import pandas as pd

from cardedge.analysis.core.cards import CARDS_PER_DECK, CARDS_PER_RANK_PER_DECK, RANKS
from cardedge.core.sums import dot
from cardedge.engine.core.dealing import DealtShoe, ShoeEmpty
from cardedge.study.core.plan import StudyPlan

LEFT_COLUMNS: tuple[str, ...] = tuple(f"left_{r}" for r in RANKS)
"""Cards left by rank before the round, one column per rank (A, 2..9, T, J, Q, K)."""
COLUMNS: tuple[str, ...] = (
    "shoe",
    "round",
    "cards_dealt",
    "running_count",
    "true_count",
    "ev_optimal",
    "ev_strategy",
    "departures",
    "net",
    *LEFT_COLUMNS,
)
"""The columns of a study's records, one row per round."""
COLUMN_MEANINGS = {
    "shoe": "shoe number (its shuffle is the seed's shoe-th child stream)",
    "round": "round number within the shoe, from 0",
    "cards_dealt": "cards dealt from the shoe before the round",
    "running_count": "the count system's running count of the cards dealt (an unbalanced "
    "count's from its initial running count, -deck sum x (decks - 1))",
    "true_count": "running count per deck left (cards left / 52); an unbalanced count's: "
    "deck sum + (running count - deck sum) / decks left, its balanced twin's true count",
    "ev_optimal": "exact expected net per initial wager of the round, optimal play, cards left",
    "ev_strategy": "the same for the strategy played (the chart, with indices in force)",
    "departures": "index plays in force for the round (0 without --indices)",
    "net": "net result per initial wager of the round dealt and played with the strategy",
}
"""What each column holds (player's sign: positive is the player's gain)."""
_INTS = ("shoe", "round", "cards_dealt", "departures")
COLUMN_TYPES: dict[str, str] = {
    c: "int64" if c in _INTS else "int16" if c in LEFT_COLUMNS else "float64" for c in COLUMNS
}
"""Each column's type (numpy's name)."""


@dataclass(frozen=True)
class RoundValues:
    """A round's exact expected results on the cards left, and how the strategy plays it."""

    ev_optimal: float
    """Expected net per initial wager, composition-dependent optimal play."""
    ev_strategy: float
    """Expected net per initial wager, the strategy played (with its departures in force)."""
    departures: int
    """Index plays in force."""
    player: Any
    """The engine player that plays the strategy this round (the game's ``TablePlayer``)."""


class StudyGame(Protocol):
    game: str
    decks: int

    def analysable(self, counts: np.ndarray) -> bool: ...

    def evaluate(self, counts: np.ndarray, true_count: float) -> RoundValues: ...

    def chart_player(self, counts: np.ndarray, values: RoundValues) -> Any: ...

    def play_table(self, shoe: DealtShoe, players: list[Any]) -> tuple[Any, ...]: ...


def fresh_counts(decks: int) -> np.ndarray:
    """Cards by rank of a fresh shoe of ``decks`` decks."""
    return np.full(len(RANKS), CARDS_PER_RANK_PER_DECK * decks, dtype=np.int64)


def deal_shoe(game: StudyGame, plan: StudyPlan, shoe_number: int) -> dict[str, list]:
    """Records (columns of ``COLUMNS``) of every round of shoe ``shoe_number`` at our seat:
    rounds start while fewer than ``plan.cut_card`` cards are out and the cards left can be
    evaluated (module docstring for other players)."""
    shoe = DealtShoe(plan.decks, plan.shoe_rng(shoe_number))
    tags = plan.system.by_rank()
    irc = plan.system.initial_running_count(plan.decks)
    full = fresh_counts(plan.decks)
    out: dict[str, list] = {c: [] for c in COLUMNS}
    number = 0
    while shoe.dealt < plan.cut_card:
        left = shoe.counts_left()
        if not game.analysable(left):
            break
        if plan.system.balanced:
            running = dot(tags, full - left)
            true = running / (left.sum() / CARDS_PER_DECK)
        else:
            running = irc + dot(tags, full - left)
            true = plan.system.true_count(running, int(left.sum()), plan.decks)
        values = game.evaluate(left, true)
        dealt = shoe.dealt
        try:
            net = play_seat(game, plan, shoe, left, values)
        except ShoeEmpty:
            break
        row = (
            shoe_number,
            number,
            dealt,
            running,
            true,
            values.ev_optimal,
            values.ev_strategy,
            values.departures,
            net,
            *left.tolist(),
        )
        for column, value in zip(COLUMNS, row, strict=True):
            out[column].append(value)
        number += 1
    return out


def play_seat(
    game: StudyGame, plan: StudyPlan, shoe: DealtShoe, left: np.ndarray, values: RoundValues
) -> float:
    """Our seat's net (per initial wager) of one round dealt at the table from ``shoe``: our
    seat plays ``values.player``, every other seat the chart without index plays."""
    players = [values.player] * plan.players
    if plan.players > 1:
        others = game.chart_player(left, values)
        players = [values.player if s == plan.seat else others for s in range(1, plan.players + 1)]
    outcomes = game.play_table(shoe, players)
    return float(outcomes[plan.seat - 1].net)


def deal_batch(game: StudyGame, plan: StudyPlan, batch: int) -> pd.DataFrame:
    """Records of every round of every shoe in batch ``batch``, in shoe and round order."""
    columns: dict[str, list] = {c: [] for c in COLUMNS}
    for shoe_number in plan.batch_range(batch):
        for column, values in deal_shoe(game, plan, shoe_number).items():
            columns[column].extend(values)
    return records_frame(columns)


def records_frame(columns: dict[str, list]) -> pd.DataFrame:
    """The records as a DataFrame with the study's column types."""
    return pd.DataFrame(columns, columns=list(COLUMNS)).astype(COLUMN_TYPES)
