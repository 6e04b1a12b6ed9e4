"""True-count indices, shared by both games: the composition a true count stands for, and
where two actions' EVs cross as the true count moves away from 0.

**A true count as a composition.** ``remaining`` whole decks are left (``4 x remaining`` cards
of each of the 13 ranks when fresh). A true count ``t`` of a balanced system with tags
``tag[r]`` means the cards dealt so far counted ``t x remaining``, so the remaining shoe counts
``-t x remaining``. The composition used takes cards out (and puts them in) in proportion to the
tags: rank ``r`` changes by ``-c x tag[r] x n0[r]`` cards with ``c = t x remaining / sum(tag^2 x
n0)`` (the linear expectation of the shoe given the count: ranks tagged 0 untouched, the number
of cards unchanged for a balanced system), rounded to whole cards. Hi-Lo with 5 decks left moves
``t/2`` cards of each of 2..6 and A, T, J, Q, K, exactly whole for every even ``t``; a level-2
count moves twice as many cards of its +-2 ranks and may need rounding, so every composition's
true count is recomputed from its cards (``realised_true_count``) and indices are read on those.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from cardedge.analysis.core.cards import CARDS_PER_DECK, CARDS_PER_RANK_PER_DECK, RANKS

MAX_TRUE_COUNT = 10
"""The true counts evaluated run from -10 to +10."""


def true_count_grid(remaining: int) -> tuple[float, ...]:
    """The true counts evaluated with ``remaining`` decks left: every multiple of
    10 / ``remaining`` in -10..+10 (-10, -8, .., +10 for 5 decks)."""
    return tuple(MAX_TRUE_COUNT * k / remaining for k in range(-remaining, remaining + 1))


def count_composition(tags: Sequence[float], true_count: float, remaining: int) -> tuple[int, ...]:
    """Counts by rank (13) of the ``remaining``-deck shoe at ``true_count`` for the 13-rank
    ``tags`` (module docstring): each rank moved by ``-c x tag x n0`` cards, rounded to whole
    cards; ValueError when a rank would go below 0."""
    tags = np.asarray(tags, dtype=float)
    n0 = np.full(len(RANKS), float(CARDS_PER_RANK_PER_DECK * remaining))
    c = true_count * remaining / float((tags**2 * n0).sum())
    counts = np.rint(n0 - c * tags * n0).astype(int)
    if counts.min() < 0:
        raise ValueError(f"true count {true_count:+g} is beyond what {remaining} decks can hold")
    return tuple(int(k) for k in counts)


def realised_true_count(tags: Sequence[float], counts: Sequence[int], remaining: int) -> float:
    """The true count of a remaining shoe: the running count of the cards dealt from the fresh
    ``remaining``-deck shoe to reach ``counts`` (negative the shoe's own count for a balanced
    system), per deck left (``sum(counts) / 52``)."""
    tags = np.asarray(tags, dtype=float)
    dealt = CARDS_PER_RANK_PER_DECK * remaining - np.asarray(counts, dtype=float)
    return float(tags @ dealt) / (sum(counts) / CARDS_PER_DECK)


def index_rows(hand: str, up: str, by_tc: Mapping[float, Mapping[str, float]]) -> list[dict]:
    """Up to two index rows of one cell (``by_tc``: {true count: {action: cell EV}}, 0 among
    the counts): going up from 0 and going down, the first count where another action's EV
    reaches the EV of the play at 0. ``crossing`` is interpolated linearly between the two
    counts that bracket it; ``index`` is it rounded away from 0 (the whole true count from which
    the departure pays); ``below`` / ``above`` are the plays below and at-or-above the index
    (going down: the departure is played at or below it)."""
    base = by_tc[0]
    if len(base) < 2:
        return []
    played = max(base, key=base.get)
    rows = []
    counts = sorted(by_tc)
    for direction, steps in (
        ("at or above", [t for t in counts if t > 0]),
        ("at or below", [t for t in counts[::-1] if t < 0]),
    ):
        previous = 0
        for t in steps:
            evs = by_tc[t]
            other = max((a for a in evs if a != played), key=evs.get)
            gap = evs[other] - evs[played]
            if gap >= 0:
                old = by_tc[previous][other] - by_tc[previous][played]
                crossing = previous + (t - previous) * (-old) / (gap - old) if gap != old else t
                up_going = direction == "at or above"
                index = math.ceil(crossing) if up_going else math.floor(crossing)
                rows.append(
                    {
                        "hand": hand,
                        "up": up,
                        "at_0": played,
                        "departure": other,
                        "direction": direction,
                        "below": played if up_going else other,
                        "above": other if up_going else played,
                        "index": index,
                        "crossing": crossing,
                    }
                )
                break
            previous = t
    return rows


# -- the gain of playing an index ----------------------------------------------------------
SHOE_DECKS = 6
"""Decks in the shoe the gain of an index is measured on."""
PENETRATION = 0.75
"""Share of that shoe dealt before the shuffle (rounds are dealt at every depth up to it)."""
GAIN_NOTE = (
    f"gain: percentage points of edge per round from playing the index, {PENETRATION:.0%} of a "
    f"{SHOE_DECKS}-deck shoe dealt: P(cell) x E[EV gap x (true count beyond the index)], the gap "
    "linear between the evaluated counts, the true count normal (running count hypergeometric "
    "over the cards dealt, per deck left) at depths spread evenly up to the penetration."
)
"""How a table states the gain column."""
N_DEPTHS = 60
"""Depths averaged over (midpoints of equal slices of the dealt share)."""


def true_count_sds(
    tags: Sequence[float], decks: int = SHOE_DECKS, penetration: float = PENETRATION
) -> np.ndarray:
    """SD of the true count at each of ``N_DEPTHS`` depths spread evenly over 0..``penetration``
    of a ``decks``-deck shoe: n of N cards dealt at random, the running count normal with
    variance n (N - n) / (N - 1) x var(tag of a card) (hypergeometric), divided by the decks
    left (N - n) / 52. The normal approximation of the counts module's playing efficiency."""
    tags = np.asarray(tags, dtype=float)
    n_cards = decks * CARDS_PER_DECK
    var_tag = float(np.mean(tags**2) - np.mean(tags) ** 2)
    dealt = (np.arange(N_DEPTHS) + 0.5) / N_DEPTHS * penetration * n_cards
    left = n_cards - dealt
    rc_sd = np.sqrt(dealt * left / (n_cards - 1) * var_tag)
    return rc_sd / (left / CARDS_PER_DECK)


def index_gain(
    gap_by_tc: Mapping[float, float], index: float, up_going: bool, p_cell: float, sds
) -> float:
    """Gain in edge, percentage points per round, of playing one index: the probability of the
    cell times the expected EV gap (departure minus the play at 0, linear between the evaluated
    true counts, held at the end values beyond them) over true counts at or beyond ``index``
    (at or above when ``up_going``, else at or below), the true count normal with SD ``sds`` at
    each depth, the depths equally likely."""
    ts = np.array(sorted(gap_by_tc))
    gaps = np.array([gap_by_tc[t] for t in ts])
    grid = np.linspace(-30.0, 30.0, 6001)
    gap = np.interp(grid, ts, gaps)
    taken = grid >= index if up_going else grid <= index
    step = grid[1] - grid[0]
    total = 0.0
    for sd in sds:
        density = np.exp(-0.5 * (grid / sd) ** 2) / (sd * math.sqrt(2 * math.pi))
        total += float((density * gap * taken).sum() * step)
    return 100.0 * p_cell * total / len(sds)


def add_gains(
    rows: list[dict],
    by_tc: Mapping[float, Mapping[str, float]],
    p_cell: float,
    sds,
) -> list[dict]:
    """``rows`` (``index_rows`` of one cell) with ``gain`` (``index_gain``) filled in."""
    for row in rows:
        gaps = {t: evs[row["departure"]] - evs[row["at_0"]] for t, evs in by_tc.items()}
        up_going = row["direction"] == "at or above"
        row["gain"] = index_gain(gaps, row["index"], up_going, p_cell, sds)
    return rows
