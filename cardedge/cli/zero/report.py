"""``cardedge zero report``: the analysis document (HTML, PDF, JSON)."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.api import zero as api
from cardedge.cli.core import common
from cardedge.cli.core.declared import declared_option
from cardedge.cli.core.report import report_options
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option(api.OPTIONS["report"]["rules"])
@report_options
@declared_option(api.OPTIONS["report"]["paytable"])
@common.format_option()
def report(fmt, **options) -> None:
    """The analysis document of these rules: every table and figure in one self-contained
    HTML file, a PDF printed from it and a JSON file of every number, written into --out.

    Example: cardedge zero report --decks 6 --decks 8 --out zero-report
    """
    common.emit(api.report(**options, progress=common.bar(), log=common.say), fmt)
