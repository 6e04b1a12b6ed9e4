"""``cardedge blackjack simulate``: Monte Carlo beside the exact edge."""

from __future__ import annotations

import click

from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.common import bar, emit, format_option
from cardedge.cli.core.declared import declared_option
from cardedge.cli.core.simulate import rounds_option, seed_option, threads_option


@click.command("simulate")
@rule_options
@declared_option(api.OPTIONS["simulate"]["strategy"])
@rounds_option()
@threads_option()
@seed_option("rounds")
@format_option()
def simulate(fmt, **options) -> None:
    """Monte Carlo house edge of blackjack beside the exact figure, with frequencies.

    Every round is dealt from a freshly shuffled shoe and settled by the rules engine; the
    strategy's decisions are read off the exact evaluator's tables.
    """
    # one document: every table, each row carrying game, rules, decks, strategy, seed, rounds
    emit(api.simulate(**options, progress=bar()), fmt)
