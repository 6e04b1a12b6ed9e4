"""``cardedge blackjack simulate``: Monte Carlo beside the exact edge."""

from __future__ import annotations

import click

from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.common import bar, emit, format_option, say
from cardedge.cli.core.declared import declared_option, declared_options
from cardedge.cli.core.simulate import rounds_option, seed_option, threads_option


@click.command("simulate")
@rule_options
@declared_option(api.OPTIONS["simulate"]["strategy"])
@rounds_option()
@threads_option()
@seed_option("rounds")
@declared_options(list(api.OPTIONS["simulate"].values())[1:])
@format_option()
def simulate(fmt, **options) -> None:
    """Monte Carlo house edge of blackjack beside the exact figure, with frequencies.

    Every round is dealt from a freshly shuffled shoe and settled by the rules engine; the
    strategy's decisions are read off the exact evaluator's tables.

    With --penetration, a shoe game: shoes dealt to the cut card and counted (--count), the
    counter playing the chart with its --indices; the edge by true count, the --ramp's win,
    SD, N0, SCORE, DI and risk of ruin, and the optimal ramp for its spread at --risk. Its
    batches (streams of whole shoes) give the SEs by batch means; --workers or --scheduler deal
    them on Dask, --out keeps them (and writes the tables as Parquet), --resume finishes a run.
    """
    # one document: every table, each row carrying game, rules, decks, strategy, seed, rounds
    emit(api.simulate(**options, progress=bar(), log=say), fmt)
