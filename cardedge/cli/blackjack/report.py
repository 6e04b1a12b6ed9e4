"""``cardedge blackjack report``: the analysis document (HTML, PDF, JSON)."""

from __future__ import annotations

import click

from cardedge.analysis.blackjack.game import GAME
from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core import common
from cardedge.cli.core.report import report_options
from cardedge.cli.core.shoe import shoe_options


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@report_options
@common.format_option()
def report(fmt, **options) -> None:
    """The analysis document of these rules: every table and figure in one self-contained
    HTML file, a PDF printed from it and a JSON file of every number, written into --out.

    Example: cardedge blackjack report --peek --out blackjack-report
    """
    common.emit(api.report(**options, progress=common.bar(), log=common.say), fmt)
