"""``cardedge blackjack study``: every round of dealt shoes evaluated exactly, on Dask."""

from __future__ import annotations

import click

from cardedge.cli.blackjack.options import one_rules, rule_options
from cardedge.cli.core.common import progress
from cardedge.cli.core.study import run_and_report, study_options


@click.command("study")
@rule_options
@click.option(
    "--strategy",
    default="basic",
    show_default=True,
    help="The chart played: basic, normal (the generic chart) or a chart file (optimal play "
    "is evaluated for every round beside it).",
)
@study_options("hilo")
def study(rules, strategy, **options) -> None:
    """Deal seeded shoes to the cut card; before every round record the count and the exact
    house edge of the cards left (CDZ- optimal play and the chart), then play the round.

    Prints and writes (into --out): the summary, the edge by true count, the player's
    advantage by depth, the bet ramp's and the optimal (Kelly) ramps' win and SD per 100
    rounds, SCORE and N0 (exact and simulated), the Kelly bets by true count, bet spreads from
    the break-even count (with --bankroll, each way of betting's risk of ruin), and two plots.
    """
    from cardedge.reports.blackjack.study import blackjack_study, blackjack_study_tables

    def make_game():
        return blackjack_study(
            one_rules(rules, "study"),
            strategy,
            options["indices"],
            options["system"],
            progress("Blackjack indices"),
        )

    run_and_report(make_game, options, blackjack_study_tables, "Blackjack study")
