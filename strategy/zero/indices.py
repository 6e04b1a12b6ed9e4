"""A Zero chart with true-count departures in force (``strategy/core/departures.py``).

The index tables name Zero's cells as ``two-card T`` (stand / hit), ``split a-b`` (split / no
split) and ``three-card T`` (stand / double) against an up card ``0``, ``A``, ``2``..``9``; a
departure sets that cell of the chart, and every hand of that total (split hands included)
plays it, as the chart's cells always apply.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardedge.analysis.zero.actions import Action
from cardedge.analysis.zero.round import UPCARD_LABELS
from cardedge.strategy.core.departures import Departure
from cardedge.strategy.zero.charts import ZeroChart

_PLAYS = {
    "two-card": {"stand": Action.STAND, "hit": Action.HIT},
    "three-card": {"stand": Action.STAND, "double": Action.DOUBLE},
    "split": {"split": Action.SPLIT, "no split": Action.NO_SPLIT},
}


def chart_with(chart: ZeroChart, departures: Iterable[Departure]) -> ZeroChart:
    """``chart`` with each departure's play in its cell (ValueError for a cell or play Zero's
    chart does not have). The name stays the chart's."""
    two, three, split = chart.two_card.copy(), chart.three_card.copy(), chart.split.copy()
    for d in departures:
        block, _, key = d.hand.rpartition(" ")
        if d.up not in UPCARD_LABELS or block not in _PLAYS or d.play not in _PLAYS[block]:
            raise ValueError(f"not a Zero chart cell and play: {d.hand} vs {d.up}: {d.play}")
        up = UPCARD_LABELS.index(d.up)
        code = _PLAYS[block][d.play]
        if block == "split":
            a, b = (int(x) for x in key.split("-"))
            split[a, b, up] = split[b, a, up] = code
        else:
            (two if block == "two-card" else three)[int(key), up] = code
    return ZeroChart(chart.name, two, three, split, chart.split_totals)
