"""Ranks, suits and point values shared by both games."""

from __future__ import annotations

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
"""The 13 ranks, in the order used by every rank-indexed array."""

SUITS: tuple[str, ...] = ("c", "d", "h", "s")
CARDS_PER_RANK_PER_DECK = 4
CARDS_PER_DECK = 52

TEN_RANKS: tuple[int, ...] = (9, 10, 11, 12)
"""Indices of T, J, Q, K in ``RANKS``."""

BACCARAT_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
"""Zero's point value of each rank: ace 1, 2-9 face value, tens and faces 0."""

POINT_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""The point value of each rank as blackjack counts it, an ace counted as 1 (soft totals add
10): tens and faces 10."""


def rank_index(symbol: str) -> int:
    """Index in ``RANKS`` of a rank symbol ('A', '2'..'9', 'T'/'10', 'J', 'Q', 'K')."""
    s = symbol.strip().upper()
    if s == "10":
        s = "T"
    try:
        return RANKS.index(s)
    except ValueError:
        raise ValueError(f"unknown rank {symbol!r}") from None
