"""``cardedge blackjack eor``: effects of removal, one row per shoe and strategy."""

from __future__ import annotations

import click

from cardedge.analysis.blackjack.game import GAME
from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.common import bar, emit, format_option
from cardedge.cli.core.declared import declared_options
from cardedge.cli.core.shoe import shoe_options


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@declared_options(api.OPTIONS["eor"])
@format_option()
def eor(fmt, **options) -> None:
    """Effect of removing one card of each rank on the house edge (percentage points)."""
    emit(api.eor(**options, progress=bar()), fmt)
