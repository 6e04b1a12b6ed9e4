"""``cardedge blackjack simulate``: Monte Carlo beside the exact edge."""

from __future__ import annotations

import click

from cardedge.cli.blackjack.options import one_rules, rule_options, strategy_option
from cardedge.cli.core.common import emit, format_option
from cardedge.cli.core.simulate import (
    rounds_option,
    rounds_progress,
    seed_option,
    threads_option,
)
from cardedge.reports.blackjack import simulation as sim_reports


@click.command("simulate")
@rule_options
@strategy_option("basic")
@rounds_option()
@threads_option()
@seed_option("rounds")
@format_option()
def simulate(rules, strategy, rounds, threads, seed, fmt) -> None:
    """Monte Carlo house edge of blackjack beside the exact figure, with frequencies.

    Every round is dealt from a freshly shuffled shoe and settled by the rules engine; the
    strategy's decisions are read off the exact evaluator's tables.
    """
    r = one_rules(rules, "simulate")
    name = "default" if r == type(r)() else "custom"
    with rounds_progress(rounds, "Blackjack simulation") as bar:
        report = sim_reports.blackjack_simulation(
            r, name, strategy, rounds, seed, bar, threads=threads
        )
    # one document: every table, each row carrying game, rules, decks, strategy, seed, rounds
    emit(report.tables(every_figure=fmt in ("json", "csv")), fmt)
