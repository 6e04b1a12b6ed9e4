"""A shoe as counts of cards by rank: the state every evaluator is keyed on."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cardedge.analysis.core.cards import CARDS_PER_RANK_PER_DECK, RANKS

MAX_DECKS = 8
"""The most decks any game here is dealt from (blackjack's memo tables are sized for 8)."""


def check_decks(decks, limit: int = MAX_DECKS) -> int:
    """``decks`` as an int, or ValueError with the one message every layer gives."""
    if isinstance(decks, bool) or not isinstance(decks, int | float) or int(decks) != decks:
        raise ValueError(f"decks must be a whole number in 1..{limit}, got {decks!r}")
    if not 1 <= decks <= limit:
        raise ValueError(f"decks must be a whole number in 1..{limit}, got {decks!r}")
    return int(decks)


@dataclass(frozen=True)
class Shoe:
    """Counts of the cards left, by rank (index order of ``cardedge.analysis.core.cards.RANKS``)."""

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.counts) != len(RANKS):
            raise ValueError(f"a shoe needs {len(RANKS)} rank counts, got {len(self.counts)}")
        if any(c < 0 for c in self.counts):
            raise ValueError(f"negative card count in shoe {self.counts}")

    @classmethod
    def decks(cls, n: int) -> Shoe:
        """A fresh shoe of ``n`` standard 52-card decks."""
        return cls((CARDS_PER_RANK_PER_DECK * check_decks(n),) * len(RANKS))

    @property
    def size(self) -> int:
        """Number of cards in the shoe."""
        return sum(self.counts)

    def remove(self, *ranks: int) -> Shoe:
        """The shoe with one card of each given rank index taken out."""
        c = list(self.counts)
        for r in ranks:
            c[r] -= 1
        return Shoe(tuple(c))

    def by_value(self, values: tuple[int, ...], n_values: int) -> np.ndarray:
        """Counts by point value (``values[r]`` is the value of rank ``r``), as int64."""
        out = np.zeros(n_values, dtype=np.int64)
        for r, c in enumerate(self.counts):
            out[values[r]] += c
        return out
