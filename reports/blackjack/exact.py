"""Blackjack's exact house edges, beside ``strategy.edge_results``' floats (``blackjack edge
--exact``)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from cardedge.analysis.blackjack.exact import exact_edge
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.shoe import Shoe
from cardedge.core.progress import Progress
from cardedge.reports.blackjack.strategy import analysis_for
from cardedge.strategy.blackjack.charts import strategy_policy


def _identity(items: Iterable) -> Iterable:
    return items


def exact_edges(
    setups: Iterable[tuple[BlackjackRules, Shoe]],
    strategies: Iterable[str] = ("optimal",),
    progress: Progress = _identity,
) -> list[Fraction]:
    """The exact house edge (a fraction of the initial wager) of every setup and strategy, in
    ``edge_results``' order; ``progress`` wraps the steps of each (the dealer's counts, the
    hands of each split context, the splits)."""
    strategies = list(strategies)
    out = []
    for rules, shoe in setups:
        analysis = analysis_for(rules, shoe)
        for name in strategies:
            policy = strategy_policy(name, analysis)
            out.append(exact_edge(rules, analysis.shoe, policy, progress))
    return out
