"""``cardedge zero grid``: the rule space, one row per combination of varied rules."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.analysis.zero.rules import RULES
from cardedge.api import zero as api
from cardedge.cli.core import common
from cardedge.cli.core.grid import grid_options
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option(api.OPTIONS["grid"]["rules"])
@grid_options("rules (the preset), " + ", ".join(r.name.replace("_", "-") for r in RULES))
@common.digits_option()
@common.format_option()
def grid(fmt, vary, **options) -> None:
    """House edge of every combination of the --vary rules' values (and --decks): optimal
    play, basic strategy, SD, and the additive estimate with its error.

    Example: cardedge zero grid --vary rules --vary dealer-draws=3,4,5,6,7 --vary das
    """
    table = api.grid(vary=list(vary), **options, progress=common.bar(), log=common.say)
    common.emit(table, fmt)
