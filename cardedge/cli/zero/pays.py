"""``cardedge zero pays``: the Zero Pays side bet's table, deck comparison, EOR, combined edge."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.api import zero as api
from cardedge.cli.core.common import decks_option, emit, format_option
from cardedge.cli.core.declared import declared_options
from cardedge.cli.core.shoe import shoe_options


@click.command("pays")
@shoe_options(GAME.shoe)
@decks_option()
@declared_options(api.OPTIONS["pays"])
@format_option()
def pays(fmt, **options) -> None:
    """Zero Pays side bet: probability and return of each winning hand, and the house edge.

    With several deck counts (--decks 1..8) the table compares the return of each hand by decks;
    with --shoe or --remove each shoe gets its own table.
    """
    emit(api.pays(**options), fmt)
