"""Blackjack true-count indices of the two-card cells of the chart (hard, soft, pairs), for
any count system (default Hi-Lo, below; any other system's true count becomes a composition as
``analysis/core/indices.py`` states, an unbalanced one's through its balanced twin).

**How a true count becomes a composition.** The remaining shoe holds ``remaining`` whole decks
(52 x ``remaining`` cards). A Hi-Lo true count ``t`` (running count per remaining deck, the
count of the cards already dealt) means the cards dealt held ``t x remaining`` more low cards
(2..6, tag +1) than high ones (T, J, Q, K, A, tag -1), their other cards as the fresh shoe's.
So the remaining shoe is the fresh ``remaining``-deck shoe with ``t x remaining / 2`` low cards
taken out and as many high cards put in, the neutral 7, 8, 9 untouched, shared evenly by rank
within each class (the linear expectation given the count: each of 2..6 a fifth, each of A, T,
J, Q, K a fifth). Its Hi-Lo running count is exactly ``-t x remaining``. With ``remaining`` 5
every even true count moves a whole number of cards of each rank, so no rounding enters: the
true counts evaluated are -10, -8, .., +10, each composition exactly (``ShoeAnalysis``, CDZ-
later play).

**Index of a cell.** A cell is a two-card total against an up card: hard 5..19, soft 13..20 (an
ace and 2..9) and each pair. Its EV for an action is the deal-probability-weighted EV of the
two-card hands of that total (all of them, a pair playing the total when not split), as the
basic chart is derived; a pair's cell compares splitting with its best other play. Going up
from true count 0 (and down), ``crossing`` is where another action's cell EV first reaches the
EV of the play at 0, linear between the two even counts that bracket it; ``index`` is the whole
true count from which the departure pays (``crossing`` rounded away from 0).

**Insurance**, when the rules offer it (``--insurance``), is one more cell: ``insurance``
against ``A``, its EV per initial wager at each composition exactly
(``analysis/blackjack/insurance.cell_insurance``: the player's two cards averaged over the
deal, as every cell's hands are), against 0 for declining; its row is read as every cell's.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from cardedge.analysis.blackjack.actions import PLAYER_ACTIONS, Action
from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, VALUE_LABELS, hand_table
from cardedge.analysis.blackjack.insurance import cell_insurance
from cardedge.analysis.blackjack.round import VALUE_INDEX, RoundResult, ShoeAnalysis
from cardedge.analysis.blackjack.rules import SPLIT_CONVENTION, BlackjackRules
from cardedge.analysis.blackjack.shoes import check_shoe
from cardedge.analysis.core.cards import CARDS_PER_RANK_PER_DECK, RANKS, TEN_RANKS
from cardedge.analysis.core.counts import CountSystem, resolve_system
from cardedge.analysis.core.indices import (
    CLASSIC_NOTE,
    MAX_TRUE_COUNT,
    TableCards,
    add_gains,
    gain_note,
    grid_shoes,
    index_rows,
    true_count_grid,
    true_count_sds,
)
from cardedge.analysis.core.shoe import Shoe, format_counts
from cardedge.core.progress import Progress
from cardedge.core.sums import dot, rows_dot
from cardedge.reports.core.indices import index_card as shared_index_card
from cardedge.reports.core.indices import index_plays_table
from cardedge.reports.core.render import Table
from cardedge.strategy.blackjack.charts import UP_ORDER
from cardedge.strategy.blackjack.indices import INSURANCE

LOW_RANKS: tuple[int, ...] = tuple(RANKS.index(s) for s in "23456")
"""Hi-Lo's +1 ranks."""
HIGH_RANKS: tuple[int, ...] = (RANKS.index("A"), *TEN_RANKS)
"""Hi-Lo's -1 ranks (the ace and every ten-valued rank)."""
DEFAULT_SYSTEM = "hilo"
"""Blackjack's default index system."""
REMAINING_DECKS = 5
"""Decks left in the shoe where indices are computed (a 6-deck shoe one deck dealt): every even
true count then moves whole cards of each rank."""


def true_counts(remaining: int = REMAINING_DECKS) -> tuple[float, ...]:
    """The true counts evaluated with ``remaining`` decks left: every multiple of
    10 / ``remaining`` in -10..+10, the ones that move whole cards of each rank (-10, -8, ..,
    +10 for 5 decks)."""
    return true_count_grid(remaining)


ACTION_NAMES = {a: a.label for a in PLAYER_ACTIONS}
NO_SPLIT = "no split"
"""A pair cell's other choice: the pair's best play other than splitting."""
NO_INSURANCE = "no insurance"
"""The insurance cell's other choice."""


def _identity(items: Iterable) -> Iterable:
    return items


def hilo_shoe(true_count: float, remaining: int = REMAINING_DECKS) -> Shoe:
    """The remaining shoe of ``remaining`` decks at Hi-Lo true count ``true_count`` (module
    docstring): the fresh shoe with ``t x remaining / 2`` low cards swapped for high ones, a
    fifth of them of each low and each high rank; ValueError unless that is whole cards."""
    per_rank = true_count * remaining / 2 / len(LOW_RANKS)
    if abs(per_rank - round(per_rank)) > 1e-9:
        raise ValueError(
            f"true count {true_count} with {remaining} decks left moves a fraction of a card of "
            f"each rank ({per_rank:g}); use true counts that are multiples of "
            f"{10 / remaining:g}"
        )
    counts = [CARDS_PER_RANK_PER_DECK * remaining] * len(RANKS)
    for r in LOW_RANKS:
        counts[r] -= round(per_rank)
    for r in HIGH_RANKS:
        counts[r] += round(per_rank)
    if min(counts) < 0:
        raise ValueError(f"true count {true_count} is beyond what {remaining} decks can hold")
    name = f"Hi-Lo true count {true_count:+g}, {remaining} decks left"
    return Shoe(tuple(counts), f"{name} ({format_counts(counts, pool_tens=True)})")


def cells(rules: BlackjackRules) -> list[tuple[str, list[int], bool]]:
    """(label, two-card hand indices, is a pair cell) of every hard, soft and pair cell."""
    h = hand_table()
    out = []
    hands = [(x, y, h.two_card(x, y)) for x in range(N_VALUES) for y in range(x, N_VALUES)]
    natural = h.two_card(ACE, TEN)
    for total in range(5, 20):
        idx = [i for x, y, i in hands if not h.soft[i] and int(h.total[i]) == total]
        out.append((f"hard {total}", idx, False))
    for total in range(13, 21):
        idx = [i for x, y, i in hands if h.soft[i] and int(h.total[i]) == total and i != natural]
        out.append((f"soft {total}", idx, False))
    for x in range(N_VALUES):
        out.append((f"{VALUE_LABELS[x]},{VALUE_LABELS[x]}", [h.two_card(x, x)], True))
    return out


def cell_evs(
    res: RoundResult, rules: BlackjackRules, hands: list[int], u: int, pair: bool
) -> dict[str, float]:
    """{action name: deal-probability-weighted EV of the cell's hands against ``u``}; a pair
    cell: split against the pair's best other action (``NO_SPLIT``)."""
    p = res.deal_probability[hands, u]
    if p.sum() == 0:
        return {}
    w = p / p.sum()
    u0 = res.unsplit
    evs = {
        ACTION_NAMES[Action.STAND]: dot(w, u0.stand[hands, u]),
        ACTION_NAMES[Action.HIT]: dot(w, u0.hit[hands, u]),
    }
    double = u0.double[hands, u]
    if not np.isnan(double).any():
        evs[ACTION_NAMES[Action.DOUBLE]] = dot(w, double)
    if rules.surrender:
        evs[ACTION_NAMES[Action.SURRENDER]] = dot(w, u0.surrender[hands, u])
    if pair:
        x = int(np.argmax(hand_table().counts[hands[0]]))
        return {ACTION_NAMES[Action.SPLIT]: float(res.split_ev[x, u]), NO_SPLIT: max(evs.values())}
    return evs


def insurance_evs(shoe: Shoe) -> dict[str, float]:
    """The insurance cell's EVs per initial wager at ``shoe`` (module docstring); none when
    the shoe holds no ace (a count far out may stand for such a shoe: ``comparable_counts``)."""
    counts = shoe.by_value(VALUE_INDEX, N_VALUES)
    if counts[ACE] == 0:
        return {}
    return {INSURANCE: float(cell_insurance(counts)), NO_INSURANCE: 0.0}


def all_two_card_hands() -> list[int]:
    """Every two-card hand's index, naturals included (insurance is offered whatever the
    player holds)."""
    h = hand_table()
    return sorted({h.two_card(x, y) for x in range(N_VALUES) for y in range(x, N_VALUES)})


def hilo_grid(remaining: int) -> list[tuple[float, float, Shoe]]:
    """(true count, the same, shoe) of every true count of the Hi-Lo grid (``hilo_shoe``)."""
    return [(t, t, hilo_shoe(t, remaining)) for t in true_counts(remaining)]


def indices_table(
    rules: BlackjackRules,
    shoe: Shoe,
    remaining: int = REMAINING_DECKS,
    progress: Progress = _identity,
    system: CountSystem | str = DEFAULT_SYSTEM,
) -> Table:
    """True-count indices of ``system`` (default Hi-Lo) of every hard, soft and pair two-card
    cell against every up card (module docstring: the composition of a true count, the index
    of a cell), ``remaining`` decks left of ``shoe``, a fresh shoe, on which the gain is
    measured."""
    if isinstance(system, str):
        system = resolve_system(system)
    hilo = system.tags == resolve_system(DEFAULT_SYSTEM).tags
    decks = shoe.whole_decks("indices")
    if remaining > decks:
        raise ValueError(
            f"{remaining} decks left cannot come from a {decks}-deck shoe: give "
            "--decks-left at most --decks"
        )
    grid = hilo_grid(remaining) if hilo else grid_shoes(system, remaining)
    results = {}
    shoes = {}
    for _, real, left in progress(grid):
        results[real] = ShoeAnalysis(rules, check_shoe(left, rules)).evaluate()
        shoes[real] = left
    counts = sorted(results)
    sds = true_count_sds(system.balanced_by_rank(), decks)
    rows = []
    tags = system.balanced_by_value(VALUE_INDEX)
    on_table = rows_dot(hand_table().counts, tags)
    for label, hands, pair in cells(rules):
        for u in UP_ORDER:
            by_tc = {t: cell_evs(results[t], rules, hands, u, pair) for t in counts}
            weights = results[0].deal_probability[hands, u]
            p_cell = float(weights.sum())
            seen = dot(weights, on_table[hands]) / p_cell if p_cell > 0 else 0.0
            table = TableCards(seen + float(tags[u]), 3, remaining)
            cell_rows = index_rows(label, VALUE_LABELS[u], by_tc, table)
            rows += add_gains(cell_rows, by_tc, p_cell, sds)
    if rules.may_insure(ACE + 1):
        hands = all_two_card_hands()
        by_tc = {t: insurance_evs(shoes[t]) for t in counts}
        weights = results[0].deal_probability[hands, ACE]
        p_cell = float(weights.sum())
        seen = dot(weights, on_table[hands]) / p_cell
        table = TableCards(seen + float(tags[ACE]), 3, remaining)
        cell_rows = index_rows(INSURANCE, VALUE_LABELS[ACE], by_tc, table)
        rows += add_gains(cell_rows, by_tc, p_cell, sds)
    rules_text = rules.words()
    step = grid[1][0] - grid[0][0]
    title = (
        f"Blackjack {system.name} true-count indices, {remaining} decks left: {rules_text} "
        f"(true counts -{MAX_TRUE_COUNT}..+{MAX_TRUE_COUNT} in steps of {step:g})"
    )
    if hilo:
        composition = (
            f"A {system.name} true count t is the fresh {remaining}-deck shoe with t x "
            f"{remaining}/2 low cards swapped for as many high ones, a fifth of each of 2..6 out "
            "and a fifth of each of A, T, J, Q, K in (7-9 untouched): the remaining shoe's "
            f"running count is -t x {remaining}; each composition is evaluated exactly, no "
            "rounding."
        )
    else:
        composition = (
            f"A {system.name} true count t is the fresh {remaining}-deck shoe with each rank "
            f"moved by -c x tag x 4x{remaining} cards, c = t x {remaining} / sum(tag^2 x "
            f"4x{remaining}) (cards out in proportion to the tags), rounded to whole cards; "
            "each composition's true count is recomputed from its cards and the crossings are "
            "read on those; each composition is evaluated exactly."
        )
    notes = [
        composition,
        "A cell (hard 5-19, soft 13-20, a pair) is the deal-weighted EV of its two-card hands; "
        "a pair cell compares split with its best other play ('no split')"
        + (
            "; insurance against A (offered whatever the player holds) is half the initial "
            "wager paid 2:1 on a dealer natural, against 'no insurance' (0)."
            if rules.may_insure(ACE + 1)
            else "."
        ),
        "crossing: the true count, going up (or down) from 0, where the departure's EV reaches "
        "that of the play at 0, linear between the evaluated counts; index: the whole true "
        "count from which the departure pays (crossing rounded away from 0). Later play CDZ- "
        "optimal for each composition.",
        CLASSIC_NOTE,
        SPLIT_CONVENTION + ".",
        gain_note(decks),
    ]
    return index_plays_table(title, rows, notes, system, rules_text, remaining)


def index_card(full: Table, top: int, decks: int) -> Table:
    """Blackjack's index card (``reports.core.indices.index_card``): the ``top`` plays of
    largest gain of ``full`` (insurance's among them when the rules offer it)."""
    return shared_index_card(full, top, "Blackjack", f"{decks} decks: ", gain_note(decks))
