"""Every player hand as a multiset of card values, indexed densely for the numba kernels.

Card values are indexed 0..9 for point values 1..10 (index 0 the ace, 9 any ten-value card);
blackjack never needs ranks beyond that, since any two ten-value cards may be split. A hand is
a multiset of values whose hard total (aces as 1) is at most 21; there are 3,083 of them
whatever the number of decks (multiplicities a shoe cannot supply simply never get weight).
``child[i, v]`` is the hand after drawing value v, or -1 when that card busts the hand. Hands
are numbered by card count, so a hand's children always come after it: a sweep from the last
index to the first sees every child before its parent, which is how the kernels avoid
recursion.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

import numpy as np

N_VALUES = 10
ACE = 0
TEN = 9
VALUE_LABELS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
"""Label of each value index, as printed in charts (T: any ten-value card)."""


def points(v: int) -> int:
    """Point value (ace 1) of value index ``v``."""
    return v + 1


class HandArrays(NamedTuple):
    """The hand table's arrays as one record the numba kernels take (``HandTable.arrays``)."""

    counts: np.ndarray
    n_cards: np.ndarray
    total: np.ndarray
    soft: np.ndarray
    child: np.ndarray


@dataclass(frozen=True, eq=False)
class HandTable:
    """All player hands (hard total <= 21) with their totals and draw transitions."""

    counts: np.ndarray
    """``[hand, v]``: cards of value index v in the hand (int64)."""
    n_cards: np.ndarray
    hard: np.ndarray
    """Hard total (aces as 1)."""
    total: np.ndarray
    """Best total (one ace as 11 when that stays <= 21)."""
    soft: np.ndarray
    """True when an ace counts 11 in ``total``."""
    child: np.ndarray
    """``[hand, v]``: index of the hand plus one card of value v; -1 when it busts."""
    index: dict
    """Hand (tuple of 10 counts) -> its index."""

    @property
    def arrays(self) -> HandArrays:
        """The arrays the kernels read, as one record."""
        return HandArrays(self.counts, self.n_cards, self.total, self.soft, self.child)

    def find(self, values) -> int:
        """Index of the hand holding these value indices (any order)."""
        c = [0] * N_VALUES
        for v in values:
            c[v] += 1
        return self.index[tuple(c)]

    def two_card(self, a: int, b: int) -> int:
        """Index of the two-card hand of value indices a and b."""
        return self._two_card_index[a][b]

    @cached_property
    def _two_card_index(self) -> list[list[int]]:
        # every pair of values is a hand; split and chart code asks for them tens of
        # thousands of times per analysis, so the dictionary walk of ``find`` is done once
        return [[self.find((a, b)) for b in range(N_VALUES)] for a in range(N_VALUES)]

    def label(self, i: int) -> str:
        """The hand's cards, e.g. 'A,7' or '5,5,6'."""
        return ",".join(VALUE_LABELS[v] for v in range(N_VALUES) for _ in range(self.counts[i, v]))


_PACK = 16 ** np.arange(N_VALUES - 1, -1, -1, dtype=np.int64)


def packed(counts: np.ndarray) -> np.ndarray:
    """Each row of counts by value index (each count below 16) as one int64, ordered as the
    rows' tuples are (the hand table and the dealer's list sort and merge hands by it)."""
    return counts @ _PACK


@lru_cache(maxsize=1)
def hand_table() -> HandTable:
    """The hand table (built once: a breadth-first walk from the empty hand).

    Hands are numbered in the order a walk finds them (parents in order, then card values
    0..9), a level of equal card count at a time; each level is built from the last with array
    operations (7 ms, where the walk one hand at a time took 65 ms of every blackjack
    process's first call). ``tests/test_blackjack_tables.py`` checks it against that walk.
    """
    pts = np.arange(1, N_VALUES + 1, dtype=np.int64)
    one_card = np.eye(N_VALUES, dtype=np.int64)
    levels = [np.zeros((1, N_VALUES), dtype=np.int64)]
    links = []
    while True:
        hands = levels[-1]
        parent, v = np.nonzero((hands @ pts)[:, None] + pts[None, :] <= 21)
        if parent.size == 0:
            break
        reached = hands[parent] + one_card[v]
        _, first, inverse = np.unique(packed(reached), return_index=True, return_inverse=True)
        # the walk finds a hand at its first (parent, value) pair
        found = np.argsort(first, kind="stable")
        rank = np.empty_like(found)
        rank[found] = np.arange(found.size)
        levels.append(reached[first[found]])
        links.append((parent, v, rank[inverse]))
    start = np.cumsum([0] + [len(level) for level in levels])
    counts = np.concatenate(levels)
    n = len(counts)
    child = np.full((n, N_VALUES), -1, dtype=np.int64)
    for level, (parent, v, kid) in enumerate(links):
        child[start[level] + parent, v] = start[level + 1] + kid
    hard = counts @ pts
    soft = (counts[:, ACE] > 0) & (hard + 10 <= 21)
    total = hard + 10 * soft
    index = dict(zip(map(tuple, counts.tolist()), range(n), strict=True))
    return HandTable(counts, counts.sum(axis=1), hard, total.astype(np.int64), soft, child, index)
