"""Blackjack count systems: betting correlation and playing efficiency, exact EORs underneath.

**Betting correlation** (Griffin): the frequency-weighted correlation of the system's tags with
the player EORs of the shoe's basic chart held fixed (``reports/blackjack/eor.py``: minus the
change in house edge per card removed).

**Playing efficiency** (Griffin's definition: the share of the gain of a perfect linear count
that the system captures in playing decisions), computed with Griffin's normal approximation:

- the decisions are the first decisions of every two-card deal (hand composition, up card) but
  naturals: stand, hit, double, surrender where allowed, split for pairs; weight w = the chance
  of being dealt it. EVs come from exact evaluation, later play following the basic chart;
- for each, M = EV(best) - EV(second best) on the shoe, and the decision's EOR vector e = the
  exact change of that margin when one card of each rank is removed (10 re-evaluations);
- with a fraction ``PENETRATION`` of the shoe dealt, the margin moves by about sum(e x cards
  removed), normal with SD s (``removal_variance``); a count of correlation r with e predicts
  that movement with SD |r| s, and switching on the prediction gains G(M, |r| s) =
  E[max(0, -(M + Z))] (``switching_gain``);
- PE = sum w G(M, |r| s) / sum w G(M, s). A perfect linear count scores 1 on every decision.
Insurance does not exist in this game, so it is not among the decisions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from cardedge.analysis.blackjack.hands import ACE, N_VALUES, TEN, hand_table
from cardedge.analysis.blackjack.round import RoundResult, ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.blackjack.shoes import check_shoe
from cardedge.analysis.core.cards import RANKS
from cardedge.analysis.core.counts import (
    TAG_RANKS,
    CountSystem,
    removal_variance,
    switching_gain,
    weighted_correlation,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.core.progress import Progress
from cardedge.reports.blackjack.eor import removed_one, strategy_policies
from cardedge.reports.core import counts as core
from cardedge.reports.core.counts import (
    count_systems_table,
    countable_shoe,
    rank_shares,
    system_row,
)
from cardedge.reports.core.render import Table

PENETRATION = 0.75
"""Share of the shoe dealt when playing efficiency is measured (Griffin's normal model)."""


@dataclass(frozen=True)
class Decision:
    """One first decision of a two-card deal: its weight, margin and EOR vector."""

    hand: int
    up: int
    weight: float
    """P(being dealt this hand against this up card)."""
    margin: float
    """EV(best action) - EV(second best), per initial wager, on the full shoe."""
    eor: np.ndarray
    """``[rank]`` (13 ranks): change of the margin when one card of that rank is removed."""


@dataclass(frozen=True)
class CountBasis(core.CountBasis):
    """What every count system of one shoe is measured against: the player EORs (ten-valued
    ranks share the value's EOR) and every first decision's."""

    decisions: tuple[Decision, ...]

    def playing_efficiency(self, system: CountSystem) -> float:
        """Griffin's playing efficiency of ``system`` (unitless, 0..1): see the module."""
        tags = system.by_rank()
        n_cards = self.shoe.size
        dealt = int(round(PENETRATION * n_cards))
        got = ideal = 0.0
        for d in self.decisions:
            sd = float(np.sqrt(removal_variance(dealt, n_cards, d.eor, self.weights)))
            if sd <= 0:
                continue
            keep = self.weights > 0
            r = weighted_correlation(tags[keep], d.eor[keep], self.weights[keep])
            r = 0.0 if np.isnan(r) else abs(r)
            got += d.weight * switching_gain(d.margin, r * sd)
            ideal += d.weight * switching_gain(d.margin, sd)
        return got / ideal if ideal > 0 else float("nan")


def by_rank(by_value: np.ndarray) -> np.ndarray:
    """A vector by value index (A, 2..9, T) spread over the 13 ranks."""
    return np.array([by_value[min(r, TEN)] for r in range(len(RANKS))], dtype=float)


def action_values(res: RoundResult, rules: BlackjackRules) -> np.ndarray:
    """``[hand, up, action]``: EV of stand, hit, double, surrender, split (NaN: not allowed)."""
    u0 = res.unsplit
    split = np.full(u0.stand.shape, np.nan)
    h = hand_table()
    for p in range(N_VALUES):
        split[h.two_card(p, p)] = res.split_ev[p]
    sur = u0.surrender if rules.surrender else np.full(u0.stand.shape, np.nan)
    return np.stack([u0.stand, u0.hit, u0.double, sur, split], axis=-1)


def _decisions(full: RoundResult, depleted: list[RoundResult | None], rules) -> list[Decision]:
    """Every two-card first decision whose deal every depleted shoe can still deal."""
    h = hand_table()
    natural = h.two_card(ACE, TEN)
    values0 = action_values(full, rules)
    values = [None if d is None else action_values(d, rules) for d in depleted]
    out = []
    for i, u in zip(*np.nonzero(full.deal_probability > 0), strict=True):
        if i == natural:
            continue
        ev = values0[i, u]
        ok = np.flatnonzero(~np.isnan(ev))
        if len(ok) < 2:
            continue
        first, second = ok[np.argsort(-ev[ok], kind="stable")[:2]]
        margin = ev[first] - ev[second]
        eor_v = np.zeros(N_VALUES)
        usable = True
        for v, vals in enumerate(values):
            if vals is None:
                continue
            if depleted[v].deal_probability[i, u] <= 0:
                usable = False
                break
            eor_v[v] = (vals[i, u, first] - vals[i, u, second]) - margin
        if usable:
            out.append(
                Decision(int(i), int(u), float(full.deal_probability[i, u]), margin, by_rank(eor_v))
            )
    return out


def count_basis(rules: BlackjackRules, shoe: Shoe) -> CountBasis:
    """Exact EORs of the shoe (basic chart held fixed) and of every first decision."""
    shoe = countable_shoe(rules, shoe, check_shoe)
    base = ShoeAnalysis(rules, shoe)
    policy = strategy_policies(base, ["basic"])["basic"]
    full = base.evaluate(policy)
    depleted: list[RoundResult | None] = []
    for v in range(N_VALUES):
        less = removed_one(shoe, v)
        depleted.append(
            None if less is None else ShoeAnalysis(rules, check_shoe(less, rules)).evaluate(policy)
        )
    eor_value = np.array(
        [0.0 if d is None else 100.0 * (d.ev - full.ev) for d in depleted], dtype=float
    )
    return CountBasis(
        rules, shoe, by_rank(eor_value), rank_shares(shoe), tuple(_decisions(full, depleted, rules))
    )


def count_rows(basis: CountBasis, systems: Iterable[CountSystem]) -> list[dict]:
    """One row per system: tags, betting correlation, playing efficiency."""
    return [system_row(basis, s, playing_efficiency=basis.playing_efficiency(s)) for s in systems]


def count_table(
    jobs: Iterable[tuple[BlackjackRules, Shoe]],
    systems: list[CountSystem],
    progress: Progress = lambda items: items,
) -> Table:
    """Betting correlation and playing efficiency of each system, for each shoe."""
    rows, texts = [], []
    for rules, shoe in progress(list(jobs)):
        basis = count_basis(rules, shoe)
        rows += count_rows(basis, systems)
        texts.append(rules.describe(shoe))
    notes = [
        "betting_correlation (Griffin): correlation of the tags with the player's effects of "
        "removal (the shoe's basic chart held fixed, exact), each rank weighted by its share "
        "of the shoe; unitless.",
        "playing_efficiency (Griffin): share of a perfect linear count's gain on every "
        "two-card first decision (stand, hit, double, split, surrender where allowed), each "
        "decision's EOR exact, gains from Griffin's normal model with "
        f"{PENETRATION:.0%} of the shoe dealt.",
        f"Tags: {', '.join(TAG_RANKS)} (T: every ten-valued card).",
    ]
    title = "Blackjack count systems: betting correlation and playing efficiency"
    return count_systems_table(title, texts, rows, notes, joint=": ")
