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

**An unbalanced system** (KO) takes the true count of its balanced twin (``CountSystem``:
tags less ``deck_sum / 52``), so its compositions are the twin's. **A degenerate system** the
grid cannot represent (tags so small that a true count of 10 needs more cards than the shoe
holds, so large that no true count of the grid moves a whole card) is refused in one line
(``grid_shoes``). **The classic index** (``classic_index``) reads the EVs as the published
tables do: true counts floored, the whole count from which the play above the index is played.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from cardedge.analysis.core.cards import CARDS_PER_DECK, CARDS_PER_RANK_PER_DECK, RANKS
from cardedge.analysis.core.counts import CountSystem
from cardedge.analysis.core.shoe import Shoe, format_counts
from cardedge.core.sums import dot

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
    spread = float((tags**2 * n0).sum())
    if not (math.isfinite(spread) and spread > 0):
        raise ValueError("its tags are too small to move any card (every tag squared is 0)")
    c = true_count * remaining / spread
    counts = np.rint(n0 - c * tags * n0).astype(int)
    if counts.min() < 0:
        raise ValueError(f"true count {true_count:+g} is beyond what {remaining} decks can hold")
    return tuple(int(k) for k in counts)


def count_shoe(system: CountSystem, true_count: float, remaining: int) -> Shoe:
    """The ``remaining``-deck shoe ``system``'s true count ``true_count`` stands for (an
    unbalanced system: its balanced twin's, ``CountSystem.balanced_by_rank``)."""
    counts = count_composition(system.balanced_by_rank(), true_count, remaining)
    name = f"{system.name} true count {true_count:+g}, {remaining} decks left"
    return Shoe(counts, f"{name} ({format_counts(counts)})")


def grid_shoes(system: CountSystem, remaining: int) -> list[tuple[float, float, Shoe]]:
    """(true count of the grid, the true count recomputed from the cards, the shoe) of every
    true count of ``true_count_grid(remaining)`` for ``system`` (module docstring). A system
    the grid cannot represent is refused with a one-line ValueError naming why: tags so small
    that a true count of 10 takes more cards than the shoe holds, or so large (or tiny against
    each other) that no true count of the grid moves a whole card on both sides of 0."""
    tags = system.balanced_by_rank()
    out = []
    for t in true_count_grid(remaining):
        try:
            shoe = count_shoe(system, t, remaining)
        except ValueError as e:
            raise ValueError(
                f"count system {system.name}: {e} (level {system.level:g}: tags this small "
                f"stand for more cards than the shoe holds; scale them up)"
            ) from None
        real = 0.0 if t == 0 else realised_true_count(tags, shoe.counts, remaining)
        out.append((t, real, shoe))
    if not (any(r > 0 for _, r, _ in out) and any(r < 0 for _, r, _ in out)):
        raise ValueError(
            f"count system {system.name}: no true count in -{MAX_TRUE_COUNT}..+{MAX_TRUE_COUNT} "
            f"moves a whole card with {remaining} decks left (level {system.level:g}: tags this "
            "large make a true count of 10 less than half a card of each rank; scale them down)"
        )
    return out


def realised_true_count(tags: Sequence[float], counts: Sequence[int], remaining: int) -> float:
    """The true count of a remaining shoe: the running count of the cards dealt from the fresh
    ``remaining``-deck shoe to reach ``counts`` (negative the shoe's own count for a balanced
    system), per deck left (``sum(counts) / 52``)."""
    tags = np.asarray(tags, dtype=float)
    dealt = CARDS_PER_RANK_PER_DECK * remaining - np.asarray(counts, dtype=float)
    return dot(tags, dealt) / (sum(counts) / CARDS_PER_DECK)


CLASSIC_NOTE = (
    "classic_index: the index as the published tables give it, on the true count a player "
    "keeps when deciding (the cards dealt before the round and the cards on the table: the "
    "player's and the up card, their count the cell's deal-weighted mean, per deck left after "
    "them) and floored (a true count in [k, k+1) is k): the whole true count from which "
    "'above' is played, 'below' below it, whichever way the departure goes; the first whole "
    "count whose bin [k, k+1) gains on average by playing 'above' (the EVs linear between the "
    "evaluated counts, the bin taken as evenly filled)."
)
"""How a table states the classic index column."""


@dataclass(frozen=True)
class TableCards:
    """The cards on the table when a cell's decision is made: the player's and the up card.
    ``count`` is their running count (the cell's deal-weighted mean over its hands), ``cards``
    how many they are, ``remaining`` the decks left before the round."""

    count: float
    cards: int
    remaining: float

    def true_count(self, before: float) -> float:
        """The true count the player decides on when the cards dealt before the round give
        true count ``before``: their running count (``before x remaining``) plus the table's,
        per deck left after the table's cards."""
        left = self.remaining - self.cards / CARDS_PER_DECK
        return (before * self.remaining + self.count) / left


def bin_mean(gap_by_tc: Mapping[float, float], k: int) -> float:
    """Mean over true counts [k, k+1) of the gap, linear between the evaluated counts and held
    at the end values beyond them (exact: the trapezoid rule on a piecewise-linear function)."""
    ts = np.array(sorted(gap_by_tc))
    gaps = np.array([gap_by_tc[t] for t in ts])
    xs = np.unique(np.concatenate(([k, k + 1], ts[(ts > k) & (ts < k + 1)])))
    ys = np.interp(xs, ts, gaps)
    return float(((ys[1:] + ys[:-1]) / 2 * np.diff(xs)).sum())


def classic_index(gap_above: Mapping[float, float], crossing: float) -> int:
    """The whole true count from which the play 'above' the index is played with floored true
    counts (``CLASSIC_NOTE``): the first k from floor(crossing) - 1 up whose bin [k, k+1) has a
    non-negative mean gap (the play above minus the play below); about ceil(crossing - 1/2)."""
    for k in range(math.floor(crossing) - 1, math.ceil(crossing) + 1):
        if bin_mean(gap_above, k) >= 0:
            return k
    return math.ceil(crossing)


def comparable_counts(
    by_tc: Mapping[float, Mapping[str, float]],
) -> dict[float, Mapping[str, float]]:
    """The true counts of ``by_tc`` whose cell offers every action it offers at 0: a count may
    stand for a shoe without the cards some play needs (a count that tags only aces and tens
    reaches, far out, shoes of aces and tens alone), where the cell has fewer plays or none."""
    base = set(by_tc[0])
    return {t: evs for t, evs in by_tc.items() if base <= set(evs)}


def index_rows(
    hand: str,
    up: str,
    by_tc: Mapping[float, Mapping[str, float]],
    table: TableCards | None = None,
) -> list[dict]:
    """Up to two index rows of one cell (``by_tc``: {true count: {action: cell EV}}, 0 among
    the counts): going up from 0 and going down, the first count where another action's EV
    reaches the EV of the play at 0. ``crossing`` is interpolated linearly between the two
    counts that bracket it; ``index`` is it rounded away from 0 (the whole true count from which
    the departure pays); ``below`` / ``above`` are the plays below and at-or-above the index
    (going down: the departure is played at or below it); ``classic_index`` the same index as
    published tables give it (``classic_index``), on the true count when deciding with
    ``table``'s cards on the table (without one: the true count before the round)."""
    decide = table.true_count if table is not None else (lambda t: t)
    by_tc = comparable_counts(by_tc)
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
                sign = 1 if up_going else -1
                gap_above = {decide(k): sign * (e[other] - e[played]) for k, e in by_tc.items()}
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
                        "classic_index": classic_index(gap_above, decide(crossing)),
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


def gain_note(decks: int = SHOE_DECKS) -> str:
    """``GAIN_NOTE`` for the gain measured on a ``decks``-deck shoe."""
    return GAIN_NOTE.replace(f"{SHOE_DECKS}-deck shoe", f"{decks}-deck shoe")


def add_gains(
    rows: list[dict],
    by_tc: Mapping[float, Mapping[str, float]],
    p_cell: float,
    sds,
) -> list[dict]:
    """``rows`` (``index_rows`` of one cell) with ``gain`` (``index_gain``) filled in."""
    by_tc = comparable_counts(by_tc)
    for row in rows:
        gaps = {t: evs[row["departure"]] - evs[row["at_0"]] for t, evs in by_tc.items()}
        up_going = row["direction"] == "at or above"
        row["gain"] = index_gain(gaps, row["index"], up_going, p_cell, sds)
    return rows
