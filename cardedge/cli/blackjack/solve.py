"""``cardedge blackjack solve``: the natural's payout for a target house edge."""

from __future__ import annotations

import click

from cardedge.analysis.blackjack.game import GAME
from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options, strategy_option
from cardedge.cli.core import common
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.core.solve import solve_options, target_option
from cardedge.reports.blackjack.solve import PAYS


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@target_option()
@solve_options()
@click.option(
    "--pay",
    type=click.Choice(PAYS),
    default="natural",
    show_default=True,
    help="The payout to solve for.",
)
@strategy_option()
@common.format_option()
def solve(fmt, **options) -> None:
    """The payout at which the house edge equals --target: exact (a decimal to give back as
    --natural), and the nearest payouts of the --ladder on each side of the target (the
    house's and the player's), each with its own edge.

    Example: cardedge blackjack solve --target 1.0 --pay natural
    """
    common.emit(api.solve(**options), fmt)
