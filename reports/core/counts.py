"""What both games' count-system reports share: the basis a system is measured against (the
shoe's exact player EORs, each rank weighted by its share of the shoe), one row per system,
and the table around the rows. A game's ``reports/<game>/count.py`` computes the EORs and
adds its own measures (blackjack: playing efficiency; Zero: the best counts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from cardedge.analysis.core.counts import CountSystem, betting_correlation, check_countable
from cardedge.analysis.core.shoe import Shoe
from cardedge.reports.core.render import Table
from cardedge.reports.core.shoes import shoe_keys


@dataclass(frozen=True)
class CountBasis:
    """What every count system of one shoe under one rule set is measured against."""

    rules: Any
    shoe: Shoe
    player_eor: np.ndarray
    """``[rank]`` (13): change in the player's EV, percentage points, per card removed (the
    basic chart held fixed; 0 for a rank the shoe lacks, whose weight is 0)."""
    weights: np.ndarray
    """``[rank]``: share of the shoe's cards of that rank."""

    def betting_correlation(self, system: CountSystem) -> float:
        """Griffin's betting correlation of ``system`` (unitless)."""
        return betting_correlation(system.by_rank(), self.player_eor, self.weights)


def countable_shoe(rules, shoe: Shoe, check_shoe: Callable[[Shoe, Any], Shoe]) -> Shoe:
    """``shoe``, checked by the game's ``check_shoe`` and refused when no count could vary
    on it."""
    check_shoe(shoe, rules)
    check_countable(shoe.counts)
    return shoe


def rank_shares(shoe: Shoe) -> np.ndarray:
    """``[rank]``: the share of the shoe's cards of each rank (the count's weights)."""
    counts = np.array(shoe.counts, dtype=float)
    return counts / counts.sum()


def system_row(basis: CountBasis, system: CountSystem, **measures: float) -> dict:
    """One system's row: the shoe, its name, betting correlation and the game's other
    ``measures``, whether it is balanced, and its tags."""
    return {
        **shoe_keys(basis.shoe),
        "system": system.name,
        "betting_correlation": basis.betting_correlation(system),
        **measures,
        "balanced": system.balanced,
        **system.as_row(),
    }


def count_systems_table(
    title: str, texts: Sequence[str], rows: list[dict], notes: list[str], joint: str = ", "
) -> Table:
    """The count-systems table: the rules (``texts``, one per shoe) in the title after
    ``joint`` when they are all one, else as a last note; betting correlations to 4 digits."""
    if len(set(texts)) == 1:
        title += f"{joint}{texts[0]}"
    if len(set(texts)) > 1:
        notes = [*notes, "Rules: " + "; ".join(dict.fromkeys(texts)) + "."]
    return Table(title, pd.DataFrame(rows), notes, digits={"betting_correlation": 4})
