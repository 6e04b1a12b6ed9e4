"""``cardedge blackjack solve``: the natural's payout for a target house edge."""

from __future__ import annotations

import click

from cardedge.analysis.blackjack.game import GAME
from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core import common
from cardedge.cli.core.declared import declared_options
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.core.solve import ladder_option, target_option


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@target_option()
@ladder_option()
@declared_options(api.OPTIONS["solve"])
@common.format_option()
def solve(fmt, **options) -> None:
    """The payout at which the house edge equals --target: exact (a decimal to give back as
    --natural), and the nearest payouts of the --ladder on each side of the target (the
    house's and the player's), each with its own edge.

    Example: cardedge blackjack solve --target 1.0 --pay natural
    """
    common.emit(api.solve(**options), fmt)
