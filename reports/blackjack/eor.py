"""Blackjack effects of removal: the change in the house edge when one card is taken out.

For a shoe S and a strategy, EOR[rank] = edge(S less one card of that rank) - edge(S), in
percentage points of house edge per card removed, each side evaluated exactly (a full
``ShoeAnalysis`` of the depleted shoe; no linear approximation). Blackjack reads values only,
so the ranks are A, 2..9 and T (one ten-valued card).

The strategies are ``optimal`` (CDZ-, re-optimised on each depleted shoe) and ``basic``: the
total-dependent chart of S itself, held fixed on every depleted shoe. For a fixed strategy the
frequency-weighted sum of the EORs is 0 up to rounding (removing a random card and playing on
is the same as playing from S: the edge is a martingale under card removal); for optimal play
it is slightly negative, the value of knowing the removed card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from cardedge.analysis.blackjack.game import SHOE
from cardedge.analysis.blackjack.hands import N_VALUES, VALUE_LABELS
from cardedge.analysis.blackjack.policy import OPTIMAL_POLICY, BlackjackPolicy
from cardedge.analysis.blackjack.round import ShoeAnalysis, shoe_values
from cardedge.analysis.blackjack.rules import SPLIT_CONVENTION, BlackjackRules
from cardedge.analysis.blackjack.shoes import check_shoe
from cardedge.analysis.core.shoe import Shoe, remove_cards
from cardedge.core.progress import Progress
from cardedge.reports.core.render import Table
from cardedge.reports.core.shoes import shoe_keys
from cardedge.strategy.blackjack.charts import basic_strategy, policy_from_chart

EOR_STRATEGIES: tuple[str, ...] = ("optimal", "basic")
"""Strategies an EOR table offers: CDZ- optimal, and the shoe's basic chart held fixed."""
RANK_COLUMNS: tuple[str, ...] = VALUE_LABELS
"""One column per rank removed: A, 2..9, T (any ten-valued card)."""


def _identity(items: Iterable) -> Iterable:
    return items


@dataclass(frozen=True)
class BlackjackEor:
    """Effects of removal of one shoe under one rule set and one strategy."""

    rules: BlackjackRules
    shoe: Shoe
    strategy: str
    edge_percent: float
    """House edge (%) of the shoe itself."""
    eor: np.ndarray
    """``[value index]``: change in the house edge, percentage points, when one card of that
    value (A, 2..9, T) is removed; NaN when the shoe holds none."""
    frequencies: np.ndarray
    """``[value index]``: share of the shoe's cards of that value (sums to 1)."""

    @property
    def weighted_sum(self) -> float:
        """Sum of frequency x EOR (percentage points): 0 for a fixed strategy, up to
        rounding; the (negative) gain of knowing one card for optimal play."""
        ok = ~np.isnan(self.eor)
        return float((self.frequencies[ok] * self.eor[ok]).sum())

    def row(self) -> dict:
        """The table row: shoe, strategy, edge, one EOR per rank, the weighted sum."""
        return {
            **shoe_keys(self.shoe),
            "strategy": self.strategy,
            "edge_percent": self.edge_percent,
            **{r: _plain(x) for r, x in zip(RANK_COLUMNS, self.eor, strict=True)},
            "weighted_sum": self.weighted_sum,
        }


def _plain(x: float) -> float | None:
    return None if np.isnan(x) else float(x)


def removed_one(shoe: Shoe, value: int) -> Shoe | None:
    """``shoe`` less one card of value index ``value`` (None when it holds none)."""
    if shoe_values(shoe)[value] == 0:
        return None
    return remove_cards(shoe, [RANK_COLUMNS[value]], SHOE)


def strategy_policies(
    analysis: ShoeAnalysis, strategies: Iterable[str]
) -> dict[str, BlackjackPolicy]:
    """The policy of each EOR strategy, fixed from ``analysis``'s shoe (basic: its chart)."""
    out: dict[str, BlackjackPolicy] = {}
    for name in strategies:
        if name == "optimal":
            out[name] = OPTIMAL_POLICY
        elif name == "basic":
            out[name] = policy_from_chart(basic_strategy(analysis), analysis.rules, "basic")
        else:
            raise ValueError(
                f"unknown EOR strategy {name!r} (choose from {', '.join(EOR_STRATEGIES)})"
            )
    return out


def effects_of_removal(
    rules: BlackjackRules, shoe: Shoe, strategies: Iterable[str] = EOR_STRATEGIES
) -> list[BlackjackEor]:
    """Exact EORs of ``shoe`` for each strategy.

    One ``ShoeAnalysis`` per depleted shoe serves every strategy.
    """
    check_shoe(shoe, rules)
    strategies = list(dict.fromkeys(strategies))
    base = ShoeAnalysis(rules, shoe)
    policies = strategy_policies(base, strategies)
    edges = {s: base.evaluate(p).house_edge_percent for s, p in policies.items()}
    eor = {s: np.full(N_VALUES, np.nan) for s in strategies}
    for v in range(N_VALUES):
        less = removed_one(shoe, v)
        if less is None:
            continue
        analysis = ShoeAnalysis(rules, check_shoe(less, rules))
        for s, p in policies.items():
            eor[s][v] = analysis.evaluate(p).house_edge_percent - edges[s]
    values = shoe_values(shoe)
    freq = values / values.sum()
    return [BlackjackEor(rules, shoe, s, edges[s], eor[s], freq) for s in strategies]


def eor_results(
    jobs: Iterable[tuple[BlackjackRules, Shoe]],
    strategies: Iterable[str] = EOR_STRATEGIES,
    progress: Progress = _identity,
) -> list[BlackjackEor]:
    """``effects_of_removal`` of each (rules, shoe), every strategy, in order."""
    strategies = list(strategies)
    out: list[BlackjackEor] = []
    for rules, shoe in progress(list(jobs)):
        out += effects_of_removal(rules, shoe, strategies)
    return out


def eor_table(results: list[BlackjackEor]) -> Table:
    """One row per shoe and strategy: edge, the EOR of each rank, the weighted sum."""
    texts = sorted({r.rules.describe(r.shoe) for r in results})
    title = "Blackjack effect of removal: change in the house edge (percentage points)"
    if len(texts) == 1:
        title += f": {texts[0]}"
    notes = [
        "Each rank column: house edge with one card of that rank removed minus the edge of the "
        "shoe, percentage points, both exact (T: one ten-valued card).",
        "optimal: CDZ- play re-optimised on every shoe; basic: the shoe's own total-dependent "
        "chart, held fixed when a card is removed.",
        "weighted_sum: sum of (share of the rank in the shoe) x EOR; 0 up to rounding for a "
        "fixed strategy, slightly negative for optimal play (the value of knowing the card).",
        SPLIT_CONVENTION + ".",
    ]
    if len(texts) > 1:
        notes.append("Rules: " + "; ".join(texts) + ".")
    frame = pd.DataFrame([r.row() for r in results])
    return Table(title, frame, notes, default_digits=6, digits={"weighted_sum": 9})
