"""``cardedge zero solve``: a payout for a target house edge."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.api import zero as api
from cardedge.cli.core import common
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.core.solve import solve_options, target_option
from cardedge.cli.zero.options import rules_option, strategy_option


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option("published")
@target_option()
@solve_options()
@click.option(
    "--pay",
    default="zero_pair_pays",
    show_default=True,
    metavar="PAYOUT",
    help="The payout to solve for: zero_pair_pays, trips_pays (of the Zero wager; hyphens "
    "or underscores), or "
    "zero-pays:ROW (a row of the side bet's pay table, by number or hand; of the side bet).",
)
@strategy_option()
@click.option(
    "--paytable",
    default=None,
    help="The Zero Pays pay table (zero-pays:ROW): a shipped name or a TOML/JSON file.",
)
@common.format_option()
def solve(fmt, **options) -> None:
    """The payout at which the house edge equals --target: exact (a decimal to give back as
    that rule's option; a side-bet row as an exact fraction), and the nearest payouts of the
    --ladder on each side of the target (the house's and the player's), each with its edge.

    Example: cardedge zero solve --target 2.0 --pay zero-pair-pays
    """
    common.emit(api.solve(**options), fmt)
