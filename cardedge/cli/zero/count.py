"""``cardedge zero count``: betting correlation of count systems, and Zero's best counts."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.api import zero as api
from cardedge.cli.core.common import bar, decks_option, emit, format_option
from cardedge.cli.core.counts import system_option
from cardedge.cli.core.declared import declared_option
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option


@click.command()
@shoe_options(GAME.shoe)
@decks_option()
@rules_option(api.OPTIONS["count"]["rules"])
@system_option()
@declared_option(api.OPTIONS["count"]["best"])
@format_option()
def count(fmt, **options) -> None:
    """Betting correlation of count systems for Zero (Griffin), exact EORs; the best counts."""
    emit(api.count(**options, progress=bar()), fmt)
