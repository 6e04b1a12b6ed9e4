"""Blackjack shoe studies: the study object from the user's words, and its tables.

The strategy played is a chart (basic, the generic 'normal' chart or a chart file), with
``indices`` the departures of ``blackjack indices`` for the count kept (computed with
``decks - 1`` decks left, at most 5). Optimal play (CDZ-) is evaluated for every round beside it.
What is not blackjack's is ``reports/core/study.py`` and the modules it draws on.
"""

from __future__ import annotations

from cardedge.analysis.blackjack.outcomes import distribution_of
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import CountSystem
from cardedge.analysis.core.shoe import Shoe
from cardedge.core.progress import Progress
from cardedge.reports.blackjack.indices import DEFAULT_SYSTEM, indices_table
from cardedge.reports.core.render import Table
from cardedge.reports.core.study import StudyRoom
from cardedge.reports.core.study_cache import FreshShoe
from cardedge.strategy.blackjack.charts import (
    GENERIC_CHART,
    Chart,
    basic_strategy,
    is_chart_file,
    load_chart,
    policy_from_chart,
)
from cardedge.study.blackjack.game import BlackjackStudy

STUDY_STRATEGIES: tuple[str, ...] = ("basic", "normal")
"""The named charts a blackjack study plays (or a chart file)."""


def study_chart(rules: BlackjackRules, shoe: Shoe, strategy: str) -> tuple[str, Chart]:
    """The label and chart of the strategy a blackjack study plays on ``shoe``."""
    if strategy == "basic":
        return strategy, basic_strategy(ShoeAnalysis(rules, shoe))
    if strategy == "normal":
        return strategy, GENERIC_CHART
    if is_chart_file(strategy):
        chart = load_chart(strategy, rules)
        return chart.name, chart
    raise ValueError(
        f"a study plays a chart: {', '.join(STUDY_STRATEGIES)} or a chart file, not "
        f"{strategy!r} (optimal play is evaluated for every round beside it)"
    )


def study_indices(
    rules: BlackjackRules, shoe: Shoe, left: int, system: CountSystem | None, progress: Progress
) -> Table:
    """The index plays of ``system`` (default Hi-Lo), ``left`` decks left of ``shoe``."""
    return indices_table(rules, shoe, left, progress, system or DEFAULT_SYSTEM)


def fresh_shoe(game: BlackjackStudy) -> FreshShoe:
    """A fresh shoe of the study's rules, exactly: the chart's outcomes and both edges."""
    rules = game.rules
    analysis = ShoeAnalysis(rules, game.shoe)
    policy = policy_from_chart(game.chart, rules, game.strategy)
    result = analysis.evaluate(policy)
    rules_text = rules.describe(game.shoe)
    return FreshShoe(
        distribution_of(analysis, policy, result),
        optimal_edge=analysis.evaluate().house_edge_percent,
        chart_edge=result.house_edge_percent,
        rules_title=f"Blackjack, {rules_text}",
        rules_key=rules_text.split(", ", 1)[1],
    )


STUDIES = StudyRoom(study_chart, study_indices, BlackjackStudy, fresh_shoe)
"""Blackjack's study hooks (found by ``reports.core.study.study_room``)."""
blackjack_study = STUDIES.study
"""The blackjack study object: ``rules`` played by the chart ``strategy`` (and, with
``indices``, the departures of ``system``, default Hi-Lo)."""
blackjack_study_tables = STUDIES.tables
"""Every table of a blackjack study (``reports/core/study.py``)."""
