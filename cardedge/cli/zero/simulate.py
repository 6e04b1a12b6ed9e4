"""``cardedge zero simulate``: Monte Carlo beside the exact edge."""

from __future__ import annotations

import click

from cardedge.api import zero as api
from cardedge.cli.core.common import bar, deck_option, emit, format_option, say
from cardedge.cli.core.declared import declared_option, declared_options
from cardedge.cli.core.simulate import rounds_option, seed_option, threads_option
from cardedge.cli.zero.options import rules_option

OWN = api.OPTIONS["simulate"]


@click.command("simulate")
@rules_option(OWN["rules"])
@deck_option()
@declared_option(OWN["strategy"])
@rounds_option()
@threads_option()
@seed_option("rounds")
@declared_option(OWN["paytable"])
@declared_options(list(api.SHOE_GAME.values()))
@format_option()
def simulate(fmt, **options) -> None:
    """Monte Carlo house edge of Zero beside the exact figure, with outcome frequencies.

    Every round is dealt from a freshly shuffled shoe and settled by the rules engine; the
    exact evaluator only chooses optimal play. The Zero Pays side bet is settled on every
    round too.

    With --penetration, a shoe game: shoes dealt to the cut card and counted (--count, default
    Hi-Opt II), the counter playing the chart (--strategy; optimal plays basic) with its
    --indices; the edge by true count, the --ramp's win, SD, N0, SCORE, DI and risk of ruin,
    the optimal ramp for its spread at --risk, and the Zero Pays side bet's edge by true count.
    """
    # one document: every table, each row carrying rules, decks, strategy, seed and rounds
    emit(api.simulate(**options, progress=bar(), log=say), fmt)
