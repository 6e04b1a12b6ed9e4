"""Zero Pays side bet: exact results over the first three cards dealt.

The side bet is settled on the player's first two cards and the dealer's up card, dealt in that
order from a shoe. Cards are tracked by rank *and* suit (52 kinds): identical cards (same rank
and suit) matter in a multi-deck shoe. Every ordered deal of three cards counts once, so with
``N`` cards there are ``N(N-1)(N-2)`` deals; each row's count is an exact Python int and each
probability an exact ``Fraction``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from cardedge.analysis.core.cards import CARDS_PER_RANK_PER_DECK, RANKS, SUITS
from cardedge.analysis.core.shoe import check_decks
from cardedge.analysis.zero.paytable import Deal, PayTable, load_paytable

N_KINDS = len(RANKS) * len(SUITS)
"""Distinct cards: kind ``k`` is rank ``k // 4``, suit ``k % 4``."""

_INT64_SAFE_SHOE = 2**20
"""Below this many cards, N^3 < 2^63 and int64 counts cannot overflow."""


@dataclass(frozen=True)
class SuitedShoe:
    """Counts of the cards left by rank and suit: ``counts[rank][suit]`` (``RANKS``, ``SUITS``)."""

    counts: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        counts = tuple(tuple(int(c) for c in row) for row in self.counts)
        if len(counts) != len(RANKS) or any(len(row) != len(SUITS) for row in counts):
            raise ValueError(
                f"a suited shoe needs {len(RANKS)} ranks x {len(SUITS)} suits of counts"
            )
        if any(c < 0 for row in counts for c in row):
            raise ValueError(f"negative card count in shoe {counts}")
        object.__setattr__(self, "counts", counts)

    @classmethod
    def decks(cls, n: int) -> SuitedShoe:
        """A fresh shoe of ``n`` standard 52-card decks (``n`` copies of every card)."""
        per_suit = CARDS_PER_RANK_PER_DECK // len(SUITS) * check_decks(n)
        return cls(((per_suit,) * len(SUITS),) * len(RANKS))

    @classmethod
    def spread(cls, rank_counts: tuple[int, ...]) -> SuitedShoe:
        """A shoe of these counts by rank, each spread over the suits as evenly as possible
        (the first suits take any extra card): a fresh shoe less some cards of unknown suit
        is taken to lose them from the suits holding the most. ``spread`` of a fresh shoe's
        counts is that fresh shoe."""
        n = len(SUITS)
        rows = (tuple(c // n + (1 if i < c % n else 0) for i in range(n)) for c in rank_counts)
        return cls(tuple(rows))

    @property
    def size(self) -> int:
        """Number of cards in the shoe."""
        return sum(map(sum, self.counts))

    def rank_counts(self) -> tuple[int, ...]:
        """Counts by rank (all suits)."""
        return tuple(sum(row) for row in self.counts)

    def remove(self, rank: int, suit: int) -> SuitedShoe:
        """The shoe with one card of this rank and suit taken out."""
        rows = [list(row) for row in self.counts]
        rows[rank][suit] -= 1
        return SuitedShoe(tuple(tuple(r) for r in rows))

    def flat(self) -> list[int]:
        """Counts by kind ``k = rank * 4 + suit``."""
        return [c for row in self.counts for c in row]


@dataclass(frozen=True)
class SideBetResult:
    """Exact outcome counts of the side bet for one shoe and pay table (per unit side bet)."""

    paytable: PayTable
    shoe: SuitedShoe
    combinations: tuple[int, ...]
    """Ordered deals paid by each row of ``paytable``, then the losing deals (last entry)."""

    @property
    def total(self) -> int:
        """Every ordered three-card deal: N(N-1)(N-2)."""
        return sum(self.combinations)

    @property
    def decks(self) -> int | None:
        """The deck count if the shoe is a fresh shoe of whole decks, else None."""
        flat = self.shoe.flat()
        return flat[0] if flat[0] > 0 and len(set(flat)) == 1 else None

    def probability(self, i: int) -> Fraction:
        """P(row ``i`` pays); ``i == len(paytable.rows)`` is P(the side bet loses)."""
        return Fraction(self.combinations[i], self.total)

    def net(self, i: int) -> Fraction:
        """Net result per unit side bet for outcome ``i`` (the pay, or -1 for a loss)."""
        return self.paytable.net(i)

    def contribution(self, i: int) -> Fraction:
        """Outcome ``i``'s share of the expected value: probability x net."""
        return self.probability(i) * self.net(i)

    @property
    def ev(self) -> Fraction:
        """Expected net result per unit side bet (negative: the house wins)."""
        return sum((self.contribution(i) for i in range(len(self.combinations))), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """House edge as a fraction of the side bet: -ev."""
        return -self.ev

    @property
    def house_edge_percent(self) -> float:
        """House edge in percent of the side bet."""
        return float(100 * self.house_edge)


@lru_cache(maxsize=8)
def _outcome_index(paytable: PayTable) -> np.ndarray:
    """``[a, b, u]``: the row paying kinds a, b, u dealt in order (len(rows): loses)."""
    k = np.arange(N_KINDS)
    a, b, u = np.meshgrid(k, k, k, indexing="ij")
    deal = Deal(a // 4, a % 4, b // 4, b % 4, u // 4, u % 4)
    return paytable.first_match(deal)


def _deal_weights(flat: list[int]) -> np.ndarray:
    """``[a, b, u]``: number of ordered deals of kinds a, b, u (cards are distinct objects)."""
    dtype = np.int64 if sum(flat) < _INT64_SAFE_SHOE else object
    c = np.array(flat, dtype=dtype)
    eye = np.eye(N_KINDS, dtype=np.int64)
    first = c[:, None, None]
    second = c[None, :, None] - eye[:, :, None]
    third = c[None, None, :] - eye[:, None, :] - eye[None, :, :]
    # a zero first or second factor always accompanies a negative later one, so clipping
    # changes nothing; it only documents that counts are never negative
    return first * np.maximum(second, 0) * np.maximum(third, 0)


def evaluate_side_bet(
    shoe: SuitedShoe | int, paytable: PayTable | str | None = None
) -> SideBetResult:
    """Exact side-bet outcome counts for ``shoe`` (or a deck count) and ``paytable``.

    ``paytable``: a ``PayTable``, a file path or shipped name, or None for the default
    (reconstructed) table.
    """
    if not isinstance(shoe, SuitedShoe):
        shoe = SuitedShoe.decks(shoe)
    if shoe.size < 3:
        raise ValueError(f"the side bet needs at least 3 cards in the shoe, got {shoe.size}")
    table = load_paytable(paytable)
    idx = _outcome_index(table)
    weights = _deal_weights(shoe.flat())
    combos = tuple(int(weights[idx == i].sum()) for i in range(len(table.rows) + 1))
    n = shoe.size
    assert sum(combos) == n * (n - 1) * (n - 2), "ordered deals must total N(N-1)(N-2)"
    return SideBetResult(table, shoe, combos)


def effect_of_removal(
    shoe: SuitedShoe | int, paytable: PayTable | str | None = None
) -> dict[str, Fraction | None]:
    """Change in the side bet's house edge (a fraction of the bet) when one card is removed.

    For each rank: the exact expected change when one card of that rank, chosen at random
    among that rank's cards in the shoe (so suits weighted by their counts), is taken out.
    None for a rank the shoe lacks. With ``c_r`` cards of rank ``r``, ``sum(c_r * eor_r)`` is 0:
    burning one random card leaves the edge unchanged on average.
    """
    if not isinstance(shoe, SuitedShoe):
        shoe = SuitedShoe.decks(shoe)
    if shoe.size < 4:
        raise ValueError(f"effect of removal needs at least 4 cards in the shoe, got {shoe.size}")
    table = load_paytable(paytable)
    base = evaluate_side_bet(shoe, table).house_edge
    out: dict[str, Fraction | None] = {}
    for r, rank in enumerate(RANKS):
        row = shoe.counts[r]
        n_rank = sum(row)
        if n_rank == 0:
            out[rank] = None
            continue
        change = Fraction(0)
        for s, c in enumerate(row):
            if c:
                change += c * (evaluate_side_bet(shoe.remove(r, s), table).house_edge - base)
        out[rank] = change / n_rank
    return out


def combined_edge(zero_ev: float, side_ev: float | Fraction, side_bet_size: float) -> float:
    """House edge of a Zero wager of 1 plus a side bet of ``side_bet_size``, per unit wagered.

    Both EVs are per unit of their own initial wager; doubles and splits are not counted as
    wagered (the Zero edge's convention): edge = -(zero_ev + s * side_ev) / (1 + s).
    """
    s = float(side_bet_size)
    if not math.isfinite(s) or s < 0:
        raise ValueError(f"side bet size must be a finite number >= 0, got {side_bet_size!r}")
    return -(float(zero_ev) + s * float(side_ev)) / (1.0 + s)
