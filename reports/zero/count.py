"""Zero count systems: betting correlation, the best linear count and the best integer tags.

Zero's effects of removal are exact: the round re-evaluated with one card of each rank removed,
the basic chart (best total-dependent chart of a fresh shoe of the same decks) held fixed, so
the frequency-weighted sum of the EORs is 0 up to rounding. Player EORs are minus the change in
house edge, in percentage points per card removed.

**Betting correlation** (Griffin): the correlation of a system's tags with the player EORs,
each rank weighted by its share of the shoe (unitless). The **best linear count** has tags
proportional to the player EORs (correlation 1 by construction). The **best level-1 and
level-2 counts** are found by exhaustive search over every tag set in {-1, 0, 1}^10 and
{-2..2}^10 (A, 2..9, T for every ten-valued card). Zero has no playing-efficiency figure here:
its only decisions are hit/stand, double and split on few totals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from cardedge.analysis.core.cards import RANKS
from cardedge.analysis.core.counts import (
    TAG_RANKS,
    CountSystem,
    best_integer_tags,
    proportional_tags,
)
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import ZeroRules
from cardedge.analysis.zero.shoes import check_shoe
from cardedge.core.progress import Progress
from cardedge.core.sums import dot
from cardedge.reports.core.counts import (
    CountBasis,
    count_systems_table,
    countable_shoe,
    rank_shares,
    system_row,
)
from cardedge.reports.core.render import Table
from cardedge.strategy.zero.charts import best_chart


@dataclass(frozen=True)
class ZeroCountBasis(CountBasis):
    """Zero's exact player EORs of one shoe under one rule set, the basic chart held fixed;
    ``edge_percent`` the chart's house edge on the shoe."""

    edge_percent: float

    @property
    def weighted_sum(self) -> float:
        """Sum of weight x EOR: 0 up to rounding (a fixed strategy)."""
        return dot(self.weights, self.player_eor)

    def best_linear(self) -> CountSystem:
        """Tags proportional to the player EORs (balanced, largest tag 1)."""
        tags = proportional_tags(self.player_eor, self.weights)
        return CountSystem("best linear (EOR-proportional)", tuple(float(t) for t in tags))

    def best_integer(self, level: int) -> CountSystem:
        """The level-``level`` integer tags of highest betting correlation."""
        best = best_integer_tags(self.player_eor, self.weights, level)
        return CountSystem(f"best level {level}", tuple(float(t) for t in best.tags))


def count_basis(rules: ZeroRules, shoe: Shoe) -> ZeroCountBasis:
    """Exact player EORs of ``shoe`` with the basic chart held fixed: the best chart of the
    fresh shoe it comes from (``Shoe.base_decks``), or of ``shoe`` itself when it was given
    by counts."""
    shoe = countable_shoe(rules, shoe, check_shoe)
    basis = shoe if shoe.base_decks is None else Shoe.decks(shoe.base_decks)
    policy = best_chart(rules, basis).policy()
    edge = evaluate_round(rules, shoe, policy).house_edge_percent
    eor = np.zeros(len(RANKS))
    for r in range(len(RANKS)):
        if shoe.counts[r] > 0:
            less = check_shoe(shoe.remove(r), rules)
            eor[r] = -(evaluate_round(rules, less, policy).house_edge_percent - edge)
    return ZeroCountBasis(rules, shoe, eor, rank_shares(shoe), edge_percent=edge)


def count_rows(basis: ZeroCountBasis, systems: Iterable[CountSystem], best: bool) -> list[dict]:
    """One row per system (and, with ``best``, the best linear, level-1 and level-2 counts)."""
    systems = list(systems)
    if best:
        systems += [basis.best_linear(), basis.best_integer(1), basis.best_integer(2)]
    return [system_row(basis, s) for s in systems]


def best_count_sentence(rows: list[dict]) -> str:
    """Which count tracks Zero best, in one sentence."""
    frame = pd.DataFrame(rows, columns=["system", "betting_correlation", *TAG_RANKS])
    frame = frame[frame["betting_correlation"].notna()]  # undefined: EORs that do not vary
    named = frame[~frame["system"].str.startswith("best ")]
    lines = []
    if not named.empty:
        top = named.loc[named["betting_correlation"].idxmax()]
        lines.append(
            f"Of the systems given, {top['system']} tracks Zero best (betting correlation "
            f"{top['betting_correlation']:.3f})"
        )
    ints = frame[frame["system"].str.match(r"best level \d")]
    if not ints.empty:
        b = ints.iloc[-1]
        tags = ", ".join(f"{r}={b[r]:g}" for r in TAG_RANKS)
        lines.append(
            f"the best integer count is {b['system']} ({tags}): {b['betting_correlation']:.3f}"
        )
    return "; ".join(lines) + "." if lines else "no count tracks it (its EORs do not vary)."


def count_table(
    jobs: Iterable[tuple[ZeroRules, str, Shoe]],
    systems: list[CountSystem],
    best: bool = True,
    progress: Progress = lambda items: items,
) -> Table:
    """Betting correlation of each system (and the best counts) for each (rules, preset, shoe)."""
    rows, texts, sentences = [], [], []
    for rules, preset_name, shoe in progress(list(jobs)):
        basis = count_basis(rules, shoe)
        these = [{**r, "rules": preset_name} for r in count_rows(basis, systems, best)]
        rows += these
        texts.append(f"{preset_name} rules ({rules.describe(shoe)})")
        sentences.append(f"{shoe.describe()}, {preset_name}: {best_count_sentence(these)}")
    notes = [
        "betting_correlation (Griffin): correlation of the tags with Zero's player effects of "
        "removal (exact, the basic chart held fixed), each rank weighted by its share of the "
        "shoe; unitless.",
        "best linear: tags proportional to the EORs (correlation 1); best level 1 / level 2: "
        "exhaustive search of {-1,0,1}^10 and {-2..2}^10 tag sets (ties: balanced, fewest "
        "points).",
        f"Tags: {', '.join(TAG_RANKS)} (T: every ten-valued card).",
        *sentences,
    ]
    return count_systems_table("Zero count systems: betting correlation", texts, rows, notes)
