"""``cardedge blackjack eor``: effects of removal, one row per shoe and strategy."""

from __future__ import annotations

import click

from cardedge.analysis.blackjack.game import GAME
from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.common import bar, emit, format_option, png_option
from cardedge.cli.core.shoe import shoe_options


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@click.option(
    "--strategy",
    type=click.Choice(api.EOR_STRATEGIES),
    multiple=True,
    default=list(api.EOR_STRATEGIES),
    show_default=True,
    help="optimal (CDZ-, re-optimised on each shoe) or basic (the shoe's chart, held fixed); "
    "repeatable.",
)
@png_option("Also plot the effects of removal by rank.")
@format_option()
def eor(fmt, **options) -> None:
    """Effect of removing one card of each rank on the house edge (percentage points)."""
    emit(api.eor(**options, progress=bar()), fmt)
