"""A Zero playing policy as data: the charts the player evaluator consults."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.records import Charts


def _cells(shape: tuple[int, ...]) -> np.ndarray:
    return np.full(shape, Action.OPTIMAL, dtype=np.int8)


@dataclass(frozen=True, eq=False)
class ZeroPolicy:
    """How every hand is played: a fixed ``Action`` per chart cell, or OPTIMAL (exact-shoe best).

    ``chart2[total, up]`` is STAND/HIT for two-card totals, ``chart3[total, up]`` STAND/DOUBLE
    for three-card totals, ``chart_split[a, b, up]`` SPLIT/NO_SPLIT for the pair of point values
    a, b (symmetric). Up cards and totals are point values 0..9.
    """

    name: str = "optimal"
    chart2: np.ndarray = field(default_factory=lambda: _cells((10, 10)))
    chart3: np.ndarray = field(default_factory=lambda: _cells((10, 10)))
    chart_split: np.ndarray = field(default_factory=lambda: _cells((10, 10, 10)))

    def __post_init__(self) -> None:
        # the round evaluates each unordered initial pair once (round.all_deal_values)
        if not np.array_equal(self.chart_split, self.chart_split.transpose(1, 0, 2)):
            raise ValueError(f"policy {self.name}: split cells must not depend on card order")

    @property
    def is_optimal(self) -> bool:
        """True when every cell is OPTIMAL (composition-dependent optimal play)."""
        return all((c == Action.OPTIMAL).all() for c in self.charts)

    @property
    def charts(self) -> Charts:
        """The chart cells as the kernels take them."""
        return Charts(self.chart2, self.chart3, self.chart_split)


OPTIMAL_POLICY = ZeroPolicy()
