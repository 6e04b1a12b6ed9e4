"""``cardedge zero count``: betting correlation of count systems, and Zero's best counts."""

from __future__ import annotations

import click

from cardedge.analysis.zero.rules import preset
from cardedge.cli.core.common import decks_option, emit, flatten, format_option, progress
from cardedge.cli.core.counts import system_option
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option
from cardedge.reports.zero.count import count_table


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option("published")
@system_option()
@click.option(
    "--best/--no-best",
    default=True,
    show_default=True,
    help="Also find the best linear count and the best level-1 and level-2 integer tags.",
)
@format_option()
def count(decks, shoes, rules, systems, best, fmt) -> None:
    """Betting correlation of count systems for Zero (Griffin), exact EORs; the best counts."""
    jobs = [(preset(rules, d), rules, s) for d, s in zip(flatten(decks), shoes, strict=True)]
    emit([count_table(jobs, list(systems), best, progress("Zero count"))], fmt)
