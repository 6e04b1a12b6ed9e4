"""Zero shoe studies: the study object from the user's words, and its tables.

The strategy played is a chart (basic, published or a chart file), with ``indices`` the
chart's true-count departures from ``zero indices`` for the count kept (computed with
``decks - 1`` decks left, at most 5: one deck dealt from a 6-deck shoe). Optimal play is
evaluated for every round beside it. What is not Zero's is ``reports/core/study.py`` and the
modules it draws on.
"""

from __future__ import annotations

from cardedge.analysis.core.counts import CountSystem
from cardedge.analysis.core.shoe import Shoe
from cardedge.analysis.zero.outcomes import outcome_distribution
from cardedge.analysis.zero.round import evaluate_round
from cardedge.analysis.zero.rules import ZeroRules, preset_name
from cardedge.core.progress import Progress
from cardedge.reports.core.render import Table
from cardedge.reports.core.study import StudyRoom
from cardedge.reports.core.study_cache import FreshShoe
from cardedge.reports.zero.indices import zero_indices_table
from cardedge.strategy.zero.charts import ZeroChart, resolve
from cardedge.study.zero.game import ZeroStudy


def study_chart(rules: ZeroRules, shoe: Shoe, strategy: str) -> tuple[str, ZeroChart]:
    """The label and chart of the strategy a Zero study plays (never 'optimal')."""
    if strategy == "optimal":
        raise ValueError(
            "a study plays a chart (basic, published or a chart file); optimal play is "
            "evaluated for every round beside it"
        )
    label, _, chart = resolve(strategy, rules, shoe)
    return label, chart


def study_indices(
    rules: ZeroRules, shoe: Shoe, left: int, system: CountSystem | None, progress: Progress
) -> Table:
    """The chart's index plays for ``system`` (Zero's default without one), ``left`` decks
    left (of ``shoe``: Zero's indices are read on the shoe left alone)."""
    return zero_indices_table(rules, system, left, progress)


def fresh_shoe(game: ZeroStudy) -> FreshShoe:
    """A fresh shoe of the study's rules, exactly: the chart's outcomes and both edges."""
    rules, shoe = game.rules, game.shoe
    outcomes = outcome_distribution(rules, shoe, game.chart.policy())
    return FreshShoe(
        outcomes,
        optimal_edge=evaluate_round(rules, shoe).house_edge_percent,
        chart_edge=-100 * outcomes.ev,
        rules_title=f"Zero, {preset_name(rules)} rules ({rules.describe(shoe)})",
        rules_key=preset_name(rules),
    )


STUDIES = StudyRoom(study_chart, study_indices, ZeroStudy, fresh_shoe)
"""Zero's study hooks (found by ``reports.core.study.study_room``)."""
zero_study = STUDIES.study
"""The Zero study object: ``rules`` played by the chart ``strategy`` (and, with ``indices``,
its departures for ``system``)."""
zero_study_tables = STUDIES.tables
"""Every table of a Zero study (``reports/core/study.py``)."""
