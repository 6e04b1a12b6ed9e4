"""``cardedge blackjack count``: betting correlation and playing efficiency of count systems."""

from __future__ import annotations

import click

from cardedge.analysis.blackjack.game import GAME
from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.common import bar, emit, format_option
from cardedge.cli.core.counts import system_option
from cardedge.cli.core.shoe import shoe_options


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@system_option()
@format_option()
def count(fmt, **options) -> None:
    """Betting correlation and playing efficiency of count systems (Griffin), exact EORs."""
    emit(api.count(**options, progress=bar()), fmt)
