"""What a shoe study deals: seeded shoes, the cut card, the count, and how shoes form batches.

Shoe ``i`` of a study with seed ``s`` is shuffled by the generator of ``SeedSequence(s,
spawn_key=(i,))`` (the i-th child of the seed's sequence), so every shoe is the same whichever
worker deals it, in whatever order, and a study can be resumed or split across machines
without changing a card. A batch is a run of ``batch_shoes`` consecutive shoes: the unit of
work sent to a Dask worker and of a Parquet file.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cardedge.analysis.core.cards import CARDS_PER_DECK
from cardedge.analysis.core.counts import CountSystem
from cardedge.analysis.core.shoe import check_decks
from cardedge.engine.core.table import check_seats

MAX_SHOES = 1_000_000
"""The most shoes one study deals (a bound that keeps a typo from running for a year)."""
DEFAULT_BATCH_SHOES = 5


def check_penetration(penetration: float) -> float:
    """``penetration`` (share of the shoe dealt before the cut card) if in (0, 1), else a
    one-line ValueError."""
    if isinstance(penetration, bool) or not isinstance(penetration, int | float):
        raise ValueError(f"penetration must be a number in (0, 1), got {penetration!r}")
    if not (math.isfinite(penetration) and 0 < penetration < 1):
        raise ValueError(
            f"penetration must be in (0, 1) (a share of the shoe), got {penetration!r}"
        )
    return float(penetration)


def percent_text(share: float) -> str:
    """A share in percent as a title writes it: whole when it is (``75%``), else with the
    fewest decimals that tell it apart from its neighbours (``0.1%``, ``87.5%``), never a
    share above 0 shown as ``0%``."""
    for decimals in range(0, 7):
        text = f"{share * 100:.{decimals}f}"
        if float(text) == round(share * 100, 9):
            return f"{text}%"
    return f"{share * 100:.3g}%"


@dataclass(frozen=True)
class StudyPlan:
    """The dealing of a study (the game, its rules and strategy are the game's study object)."""

    decks: int
    penetration: float
    """Share of the shoe dealt before the cut card: a round starts while fewer cards are out."""
    shoes: int
    seed: int
    system: CountSystem
    """The count kept: running count of the cards dealt (from the system's initial running
    count, 0 when balanced), true count per deck left (``CountSystem.true_count``: an
    unbalanced count's is its balanced twin's)."""
    batch_shoes: int = DEFAULT_BATCH_SHOES
    players: int = 1
    """Seats dealt at the table (``engine/core/table.py``): the others play the chart without
    index plays, and their cards come from the same shoe."""
    seat: int = 1
    """Our seat, 1..players in dealing order: the study records this seat's rounds only."""

    def __post_init__(self) -> None:
        check_decks(self.decks)
        check_seats(self.players, self.seat)
        check_penetration(self.penetration)
        if not 1 <= self.shoes <= MAX_SHOES:
            raise ValueError(f"shoes must be in 1..{MAX_SHOES:,}, got {self.shoes}")
        if self.batch_shoes < 1:
            raise ValueError(f"batch_shoes must be at least 1, got {self.batch_shoes}")
        if not 0 <= self.seed < 2**63:
            raise ValueError(f"seed must be in 0..2**63-1, got {self.seed}")

    @property
    def shoe_cards(self) -> int:
        """Cards in the full shoe."""
        return self.decks * CARDS_PER_DECK

    @property
    def cut_card(self) -> int:
        """Cards dealt at the cut card: no round starts once this many are out."""
        return round(self.penetration * self.shoe_cards)

    @property
    def batches(self) -> int:
        """Number of batches."""
        return -(-self.shoes // self.batch_shoes)

    def batch_range(self, batch: int) -> range:
        """The shoe numbers of batch ``batch``."""
        if not 0 <= batch < self.batches:
            raise ValueError(f"batch {batch} is outside 0..{self.batches - 1}")
        start = batch * self.batch_shoes
        return range(start, min(start + self.batch_shoes, self.shoes))

    def shoe_rng(self, shoe: int) -> np.random.Generator:
        """The generator that shuffles shoe ``shoe`` (module docstring)."""
        return np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(shoe,)))

    def describe(self) -> str:
        """'6 decks, 75% penetration, Hi-Lo count' for titles (an unbalanced count: its IRC
        and that its true count is its balanced twin's)."""
        count = f"{self.system.name} count"
        if not self.system.balanced:
            irc = self.system.initial_running_count(self.decks)
            count += f" (unbalanced, IRC {irc:+g}, its balanced twin's true count)"
        table = f", {self.players} players (our seat {self.seat})" if self.players > 1 else ""
        return (
            f"{self.decks} deck{'s' if self.decks != 1 else ''}, "
            f"{percent_text(self.penetration)} penetration{table}, {count}"
        )

    def identity(self) -> dict[str, object]:
        """What makes two plans deal the same rounds (the manifest a resumed study checks).
        The table's players and our seat appear only with other players (a study alone at the
        table keeps the manifest, and so the fingerprint, it had before tables existed)."""
        identity: dict[str, object] = {
            "decks": self.decks,
            "penetration": self.penetration,
            "shoes": self.shoes,
            "seed": self.seed,
            "system": self.system.name,
            "tags": list(self.system.tags),
            "batch_shoes": self.batch_shoes,
        }
        if self.players > 1:
            identity |= {"players": self.players, "seat": self.seat}
        return identity
