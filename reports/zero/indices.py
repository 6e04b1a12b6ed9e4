"""Zero true-count indices of the chart cells, for any count system (default Hi-Opt II).

**Which system.** Hi-Opt II is the default: of the standard systems it tracks Zero best (betting
correlation 0.957 with 6 decks, published rules, against Hi-Lo's 0.824: ``zero_count_6d``), and
unlike the tailored level-2 count it is a published system players already know.

**How a true count becomes a composition** (``analysis/core/indices.py``): ``remaining`` decks
left, a true count ``t`` is the fresh shoe with every rank moved by ``-c x tag x n0`` cards,
``c = t x remaining / sum(tag^2 x n0)`` (cards out in proportion to the tags, so the cards
dealt count ``t x remaining``), rounded to whole cards; each composition's true count is
recomputed from its cards and indices are read on those counts. The true counts evaluated are
the multiples of 10 / ``remaining`` in -10..+10.

**Cells, as Zero's chart has them.** Two-card hit/stand by total vs up card (the EVs of stand
and hit of every two-card hand of that total, weighted by the probability of that deal when it
is no Zero Pair; a hand that may split is still weighed here on stand against hit); split by
the pair of point values vs up card (split against the hand's best other play); three-card
double/stand by total vs up card (every three-card hand of that total, weighted by the
probability of its three cards from the shoe without the up card). EVs are exact
(``HandEvaluator`` on the composition, later play optimal for it). The index of a cell is where
its actions' EVs cross (``index_rows``).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement, permutations

import numpy as np

from cardedge.analysis.core.cards import BACCARAT_VALUES
from cardedge.analysis.core.counts import CountSystem, resolve_system
from cardedge.analysis.core.indices import (
    CLASSIC_NOTE,
    GAIN_NOTE,
    MAX_TRUE_COUNT,
    TableCards,
    add_gains,
    grid_shoes,
    index_rows,
    true_count_sds,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.hand import HandEvaluator
from cardedge.analysis.zero.round import UPCARD_LABELS, deal_probabilities
from cardedge.analysis.zero.rules import ZeroRules, preset_name
from cardedge.analysis.zero.shoes import check_shoe
from cardedge.core.progress import Progress
from cardedge.reports.core.indices import index_card as shared_index_card
from cardedge.reports.core.indices import index_plays_table
from cardedge.reports.core.render import Table

DEFAULT_SYSTEM = "hiopt2"
"""Zero's default index system: the best standard count for Zero (module docstring)."""
REMAINING_DECKS = 5
"""Decks left where the indices are computed (a 6-deck shoe, one deck dealt)."""
N_VALUES = 10


def _identity(items: Iterable) -> Iterable:
    return items


def _three_card_weight(left: np.ndarray, hand: tuple[int, ...]) -> float:
    """Probability that three cards drawn from ``left`` (counts by value) are ``hand``'s values
    in some order."""
    n = left.sum()
    total = 0.0
    for order in set(permutations(hand)):
        k = left.astype(float).copy()
        p = 1.0
        for i, v in enumerate(order):
            p *= k[v] / (n - i)
            k[v] -= 1
        total += p
    return total


def shoe_cells(rules: ZeroRules, shoe: Shoe) -> dict[tuple[str, str], dict[str, float]]:
    """{(hand label, up label): {action: cell EV}} of every chart cell on ``shoe``."""
    return cells_and_probabilities(rules, shoe)[0]


def cells_and_probabilities(
    rules: ZeroRules, shoe: Shoe, tags: np.ndarray | None = None
) -> tuple[dict, dict, dict]:
    """``shoe_cells``, {cell: probability per round}: a two-card or split cell the
    probability of its deals (no Zero Pair), a three-card cell the probability that a two-card
    deal the player hits on ``shoe`` (hit the best play) draws to that total; and {cell: the
    cards on the table when it is decided (``TableCards``)} for the count with ``tags`` by
    point value (all 0 without): the player's cards and the up card, their running count the
    cell's weighted mean."""
    tags = np.zeros(N_VALUES) if tags is None else np.asarray(tags, dtype=float)
    hands = HandEvaluator(rules, shoe)
    probs: dict[tuple[str, str], float] = {}
    deal = deal_probabilities(shoe).nonpair
    by_value = np.array(shoe.by_value(BACCARAT_VALUES, N_VALUES), dtype=float)
    out = {}
    table: dict[tuple[str, str], tuple[float, int]] = {}
    pairs = list(combinations_with_replacement(range(N_VALUES), 2))
    for up in range(N_VALUES):
        u = UPCARD_LABELS[up]
        two = {}
        for a, b in pairs:
            w = deal[a, b, up] + (deal[b, a, up] if a != b else 0.0)
            if w <= 0:
                continue
            evs = hands.action_evs(up, (a, b))
            total = (a + b) % 10
            acc = two.setdefault(total, [0.0, 0.0, 0.0, 0.0])
            acc[0] += w
            acc[1] += w * evs["stand"]
            acc[2] += w * evs["hit"]
            seen = float(tags[a] + tags[b] + tags[up])
            acc[3] += w * seen
            left2 = by_value.copy()
            for v in (a, b, up):
                left2[v] -= 1
            if evs["hit"] >= max(v for k, v in evs.items() if k != "hit"):
                for x in range(N_VALUES):
                    key = (f"three-card {(a + b + x) % 10}", u)
                    probs[key] = probs.get(key, 0.0) + w * left2[x] / left2.sum()
            if "split" in evs:
                probs[(f"split {a}-{b}", u)] = w
                table[(f"split {a}-{b}", u)] = (seen, 3)
                out[(f"split {a}-{b}", u)] = {
                    "split": evs["split"],
                    "no split": max(evs["stand"], evs["hit"]),
                }
        for total, (w, stand, hit, seen) in sorted(two.items()):
            out[(f"two-card {total}", u)] = {"stand": stand / w, "hit": hit / w}
            probs[(f"two-card {total}", u)] = w
            table[(f"two-card {total}", u)] = (seen / w, 3)
        left = by_value.copy()
        left[up] -= 1
        three = {}
        for hand in combinations_with_replacement(range(N_VALUES), 3):
            w = _three_card_weight(left, hand)
            if w <= 0:
                continue
            evs = hands.action_evs(up, hand)
            acc = three.setdefault(sum(hand) % 10, [0.0, 0.0, 0.0, 0.0])
            acc[0] += w
            acc[1] += w * evs["stand"]
            acc[2] += w * evs.get("double", -np.inf)
            acc[3] += w * float(sum(tags[v] for v in hand) + tags[up])
        for total, (w, stand, double, seen) in sorted(three.items()):
            out[(f"three-card {total}", u)] = {"stand": stand / w, "double": double / w}
            table[(f"three-card {total}", u)] = (seen / w, 4)
    return out, probs, table


def zero_indices_table(
    rules: ZeroRules,
    system: CountSystem | str = DEFAULT_SYSTEM,
    remaining: int = REMAINING_DECKS,
    progress: Progress = _identity,
) -> Table:
    """True-count indices of every Zero chart cell for ``system`` with ``remaining`` decks left
    (module docstring)."""
    if isinstance(system, str):
        system = resolve_system(system)
    by_tc: dict[float, dict] = {}
    tags = system.balanced_by_value(BACCARAT_VALUES)
    for t, real, shoe in progress(grid_shoes(system, remaining)):
        shoe = check_shoe(shoe, rules)
        by_tc[real], probs, table = cells_and_probabilities(rules, shoe, tags)
        if t == 0:
            p_cells, on_table = probs, table
    sds = true_count_sds(system.balanced_by_rank())
    rows = []
    for hand, up in by_tc[0]:
        evs = {t: cells.get((hand, up), {}) for t, cells in by_tc.items()}
        if all(len(e) == 2 for e in evs.values()):
            seen, cards = on_table[(hand, up)]
            cell_rows = index_rows(hand, up, evs, TableCards(seen, cards, remaining))
            rows += add_gains(cell_rows, evs, p_cells.get((hand, up), 0.0), sds)
    name = preset_name(rules)
    title = (
        f"Zero {system.name} true-count indices, {remaining} decks left, {name} rules "
        f"(true counts -{MAX_TRUE_COUNT}..+{MAX_TRUE_COUNT})"
    )
    notes = [
        f"A {system.name} true count t is the fresh {remaining}-deck shoe with each rank moved "
        f"by -c x tag x 4x{remaining} cards, c = t x {remaining} / sum(tag^2 x 4x{remaining}) "
        "(cards out in proportion to the tags), rounded to whole cards; each composition's true "
        "count is recomputed from its cards and the crossings are read on those.",
        "Cells: two-card total vs up (stand/hit, deal-weighted, Zero Pairs left out), split by "
        "point values (split against the best other play), three-card total vs up "
        "(stand/double, weighted by the three cards' probability). Up 0: a ten-valued card.",
        "below / above: the play below the index and at or above it; crossing: where the EVs "
        "meet, linear between the evaluated counts; index: crossing rounded away from 0.",
        CLASSIC_NOTE,
        ZERO_GAIN_NOTE,
    ]
    return index_plays_table(title, rows, notes, system, name, remaining)


ZERO_GAIN_NOTE = GAIN_NOTE.replace("P(cell)", "P(cell) (a three-card cell: reached by hitting)")
"""What a Zero index table's gain means."""


def index_card(full: Table, top: int) -> Table:
    """Zero's index card (``reports.core.indices.index_card``): the ``top`` plays of largest
    gain of ``full`` (``zero_indices_table``'s)."""
    return shared_index_card(full, top, "Zero", "", ZERO_GAIN_NOTE)
