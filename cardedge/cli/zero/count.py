"""``cardedge zero count``: betting correlation of count systems, and Zero's best counts."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.api import zero as api
from cardedge.cli.core.common import bar, decks_option, declared_options, emit, format_option
from cardedge.cli.core.counts import system_option
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option


@click.command()
@shoe_options(GAME.shoe)
@decks_option()
@rules_option("published")
@system_option()
@declared_options(api.OPTIONS["count"])
@format_option()
def count(fmt, **options) -> None:
    """Betting correlation of count systems for Zero (Griffin), exact EORs; the best counts."""
    emit(api.count(**options, progress=bar()), fmt)
