"""``cardedge blackjack count``: betting correlation and playing efficiency of count systems."""

from __future__ import annotations

import click

from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.common import emit, format_option, progress
from cardedge.cli.core.counts import system_option
from cardedge.cli.core.shoe import shoe_options
from cardedge.reports.blackjack.count import count_table


@click.command()
@shoe_options("blackjack")
@rule_options
@system_option()
@format_option()
def count(rules, shoes, systems, fmt) -> None:
    """Betting correlation and playing efficiency of count systems (Griffin), exact EORs."""
    jobs = list(zip(rules, shoes, strict=True))
    emit([count_table(jobs, list(systems), progress("Blackjack count"))], fmt)
