"""``cardedge zero study``: every round of dealt shoes evaluated exactly, on Dask."""

from __future__ import annotations

import click

from cardedge.analysis.zero.rules import preset
from cardedge.cli.core.common import deck_option, progress
from cardedge.cli.core.study import run_and_report, study_options
from cardedge.cli.zero.options import rules_option
from cardedge.reports.zero.indices import DEFAULT_SYSTEM


@click.command("study")
@rules_option("published")
@deck_option()
@click.option(
    "--strategy",
    default="basic",
    show_default=True,
    help="The chart played: basic, published, or a chart file (optimal play is evaluated "
    "for every round beside it).",
)
@study_options(DEFAULT_SYSTEM)
def study(rules, decks, strategy, **options) -> None:
    """Deal seeded shoes to the cut card; before every round record the count and the exact
    house edge of the cards left (optimal play and the chart), then play the round.

    Prints and writes (into --out): the summary, the edge by true count, the player's
    advantage by depth, the bet ramp's and the optimal (Kelly) ramps' win and SD per 100
    rounds, SCORE and N0 (exact and simulated), the Kelly bets by true count, bet spreads from
    the break-even count (with --bankroll, each way of betting's risk of ruin), and two plots.
    """
    from cardedge.reports.zero.study import zero_study, zero_study_tables

    def make_game():
        return zero_study(
            preset(rules, decks),
            strategy,
            options["indices"],
            options["system"],
            progress("Zero indices"),
        )

    run_and_report(make_game, options, zero_study_tables, "Zero study")
