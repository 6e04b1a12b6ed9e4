"""Zero shoe studies: the study object from the user's words, and its tables.

The strategy played is a chart (basic, published or a chart file), with ``indices`` the
chart's true-count departures from ``zero indices`` for the count kept (computed with
``decks - 1`` decks left, at most 5: one deck dealt from a 6-deck shoe). Optimal play is
evaluated for every round beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pandas as pd

from cardedge.analysis.core.counts import CountSystem
from cardedge.analysis.zero.outcomes import outcome_distribution
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import ZeroRules, preset_name
from cardedge.reports.core.ramp import Ramp
from cardedge.reports.core.render import Table
from cardedge.reports.core.study import index_decks_left, study_report
from cardedge.reports.zero.indices import zero_indices_table
from cardedge.strategy.core.departures import departures_from_rows
from cardedge.strategy.zero.charts import resolve
from cardedge.study.core.plan import StudyPlan
from cardedge.study.zero.game import ZeroStudy

Progress = Callable[[Iterable], Iterable]


def zero_study(
    rules: ZeroRules,
    strategy: str = "basic",
    indices: bool = False,
    system: CountSystem | None = None,
    progress: Progress = lambda items: items,
) -> ZeroStudy:
    """The Zero study object: ``rules`` played by the chart ``strategy`` (and, with
    ``indices``, its departures for ``system``)."""
    if strategy == "optimal":
        raise ValueError(
            "a study plays a chart (basic, published or a chart file); optimal play is "
            "evaluated for every round beside it"
        )
    label, _, chart = resolve(strategy, rules)
    departures = ()
    if indices:
        left = index_decks_left(rules.decks)
        table = zero_indices_table(rules.with_(decks=left), system, left, progress)
        departures = departures_from_rows(table.rows())
    return ZeroStudy(rules, chart, label, departures)


def zero_study_tables(
    game: ZeroStudy,
    plan: StudyPlan,
    records: pd.DataFrame,
    ramp: Ramp,
    bankrolls: Sequence[float] = (),
) -> dict[str, Table]:
    """Every table of a Zero study (``reports/core/study.py``); ``bankrolls``
    (units) add the risk of ruin of every way of betting and size the optimal ramps."""
    rules = game.rules
    chart_policy = game.chart.policy()
    fresh_outcomes = outcome_distribution(rules, chart_policy)
    second_moment = fresh_outcomes.std**2 + fresh_outcomes.ev**2
    fresh = {
        "optimal play": evaluate_round(rules).house_edge_percent,
        f"{game.strategy} chart": -100 * fresh_outcomes.ev,
    }
    rules_text = f"Zero, {preset_name(rules)} rules ({rules.describe()})"
    return study_report(
        records,
        plan,
        game,
        ramp,
        second_moment,
        fresh,
        rules_text,
        preset_name(rules),
        bankrolls,
    )
