"""Blackjack shoe studies: the study object from the user's words, and its tables.

The strategy played is a chart (basic, the generic 'normal' chart or a chart file), with
``indices`` the departures of ``blackjack indices`` for the count kept (computed with
``decks - 1`` decks left, at most 5). Optimal play (CDZ-) is evaluated for every round beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pandas as pd

from cardedge.analysis.blackjack.outcomes import distribution_of
from cardedge.analysis.blackjack.round import ShoeAnalysis
from cardedge.analysis.blackjack.rules import BlackjackRules
from cardedge.analysis.core.counts import CountSystem
from cardedge.reports.blackjack.indices import DEFAULT_SYSTEM, indices_table
from cardedge.reports.core.ramp import Ramp
from cardedge.reports.core.render import Table
from cardedge.reports.core.study import index_decks_left, study_report
from cardedge.strategy.blackjack.charts import (
    GENERIC_CHART,
    basic_strategy,
    is_chart_file,
    load_chart,
    policy_from_chart,
)
from cardedge.strategy.core.departures import departures_from_rows
from cardedge.study.blackjack.game import BlackjackStudy
from cardedge.study.core.plan import StudyPlan

Progress = Callable[[Iterable], Iterable]
STUDY_STRATEGIES: tuple[str, ...] = ("basic", "normal")
"""The named charts a blackjack study plays (or a chart file)."""


def blackjack_study(
    rules: BlackjackRules,
    strategy: str = "basic",
    indices: bool = False,
    system: CountSystem | None = None,
    progress: Progress = lambda items: items,
) -> BlackjackStudy:
    """The blackjack study object: ``rules`` played by the chart ``strategy`` (and, with
    ``indices``, the departures of ``system``, default Hi-Lo)."""
    if strategy == "basic":
        chart = basic_strategy(ShoeAnalysis(rules))
    elif strategy == "normal":
        chart = GENERIC_CHART
    elif is_chart_file(strategy):
        chart = load_chart(strategy, rules)
        strategy = chart.name
    else:
        raise ValueError(
            f"a study plays a chart: {', '.join(STUDY_STRATEGIES)} or a chart file, not "
            f"{strategy!r} (optimal play is evaluated for every round beside it)"
        )
    departures = ()
    if indices:
        left = index_decks_left(rules.decks)
        table = indices_table(rules, left, progress, system or DEFAULT_SYSTEM)
        departures = departures_from_rows(table.rows())
    return BlackjackStudy(rules, chart, strategy, departures)


def blackjack_study_tables(
    game: BlackjackStudy,
    plan: StudyPlan,
    records: pd.DataFrame,
    ramp: Ramp,
    bankrolls: Sequence[float] = (),
) -> dict[str, Table]:
    """Every table of a blackjack study (``reports/core/study.py``); ``bankrolls``
    (units) add the risk of ruin of every way of betting and size the optimal ramps."""
    rules = game.rules
    analysis = ShoeAnalysis(rules)
    policy = policy_from_chart(game.chart, rules, game.strategy)
    result = analysis.evaluate(policy)
    outcomes = distribution_of(analysis, policy, result)
    second_moment = outcomes.std**2 + outcomes.ev**2
    fresh = {
        "optimal play": analysis.evaluate().house_edge_percent,
        f"{game.strategy} chart": result.house_edge_percent,
    }
    rules_text = rules.describe()
    return study_report(
        records,
        plan,
        game,
        ramp,
        second_moment,
        fresh,
        f"Blackjack, {rules_text}",
        rules_text.split(", ", 1)[1],
        bankrolls,
    )
