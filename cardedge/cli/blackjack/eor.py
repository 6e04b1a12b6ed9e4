"""``cardedge blackjack eor``: effects of removal, one row per shoe and strategy."""

from __future__ import annotations

import click

from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.common import emit, format_option, png_option, progress
from cardedge.cli.core.shoe import shoe_options
from cardedge.reports.blackjack.eor import EOR_STRATEGIES, eor_results, eor_table


@click.command()
@shoe_options("blackjack")
@rule_options
@click.option(
    "--strategy",
    "strategies",
    type=click.Choice(EOR_STRATEGIES),
    multiple=True,
    default=list(EOR_STRATEGIES),
    show_default=True,
    help="optimal (CDZ-, re-optimised on each shoe) or basic (the shoe's chart, held fixed); "
    "repeatable.",
)
@png_option("Also plot the effects of removal by rank.")
@format_option()
def eor(rules, shoes, strategies, png, fmt) -> None:
    """Effect of removing one card of each rank on the house edge (percentage points)."""
    results = eor_results(zip(rules, shoes, strict=True), strategies, progress("Blackjack EOR"))
    table = eor_table(results)
    if png:
        from cardedge.reports.core.plots import eor_png

        eor_png({_label(r): r.row() for r in results}, png, table.title)
    emit([table], fmt)


def _label(res) -> str:
    return f"blackjack {res.shoe.describe()}, {res.strategy}"
