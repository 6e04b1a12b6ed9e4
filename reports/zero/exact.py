"""Zero's exact house edges, beside ``edge.edge_results``' floats (``zero edge --exact``)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from cardedge.analysis.zero.exact import nonpair_ev, priced
from cardedge.analysis.zero.round import RoundResult
from cardedge.core.progress import Progress
from cardedge.strategy.zero.charts import resolve


def _identity(items: Iterable) -> Iterable:
    return items


def exact_edges(
    results: list[tuple[str, RoundResult]], strategy: str, progress: Progress = _identity
) -> list[Fraction]:
    """The exact house edge (a fraction of the initial wager) of each of ``edge_results``'
    results, played by the same ``strategy``: the non-pair deals once per shoe and play rules
    (the presets share them), then each preset's Zero Pair payouts."""
    played: dict = {}
    out = []
    for _, res in progress(results):
        key = (res.shoe, res.rules.play_rules())
        if key not in played:
            _, policy, _ = resolve(strategy, res.rules, res.shoe)
            played[key] = nonpair_ev(res.rules, res.shoe, policy, res.split)
        out.append(-priced(played[key], res.rules, res.shoe))
    return out
