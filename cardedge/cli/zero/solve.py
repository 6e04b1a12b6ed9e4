"""``cardedge zero solve``: a payout for a target house edge."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.api import zero as api
from cardedge.cli.core import common
from cardedge.cli.core.declared import declared_option
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.core.solve import ladder_option, target_option
from cardedge.cli.zero.options import rules_option

OWN = api.OPTIONS["solve"]


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option(OWN["rules"])
@target_option()
@ladder_option()
@declared_option(OWN["pay"])
@declared_option(OWN["strategy"])
@declared_option(OWN["paytable"])
@common.format_option()
def solve(fmt, **options) -> None:
    """The payout at which the house edge equals --target: exact (a decimal to give back as
    that rule's option; a side-bet row as an exact fraction), and the nearest payouts of the
    --ladder on each side of the target (the house's and the player's), each with its edge.

    Example: cardedge zero solve --target 2.0 --pay zero-pair-pays
    """
    common.emit(api.solve(**options), fmt)
