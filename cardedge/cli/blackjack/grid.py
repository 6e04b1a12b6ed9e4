"""``cardedge blackjack grid``: the rule space, one row per combination of varied rules."""

from __future__ import annotations

import click

from cardedge.analysis.blackjack.game import GAME
from cardedge.analysis.blackjack.rules import RULES
from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core import common
from cardedge.cli.core.grid import grid_options
from cardedge.cli.core.shoe import shoe_options


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@grid_options(", ".join(r.name.replace("_", "-") for r in RULES))
@common.digits_option()
@common.format_option()
def grid(fmt, vary, **options) -> None:
    """House edge of every combination of the --vary rules' values (and --decks): optimal
    play, basic strategy, SD, and the additive estimate with its error.

    Example: cardedge blackjack grid --vary h17 --vary das --vary natural=3:2,6:5
    """
    table = api.grid(vary=list(vary), **options, progress=common.bar(), log=common.say)
    common.emit(table, fmt)
