"""``cardedge zero pays``: the Zero Pays side bet's table, deck comparison, EOR, combined edge."""

from __future__ import annotations

import click

from cardedge.analysis.zero.paytable import DEFAULT_PAYTABLE, load_paytable
from cardedge.cli.core.common import (
    FiniteFloat,
    decks_option,
    digits_option,
    emit,
    flatten,
    format_option,
)
from cardedge.cli.core.shoe import shoe_options
from cardedge.reports.core.shoes import other_shoe
from cardedge.reports.zero import pays as pays_reports

MAX_SIDE_BET_SIZE = 1000
"""The largest side bet ``--side-bet-size`` takes, per unit Zero wager (the combined edge is
then within 0.1% of the side bet's own)."""


@click.command("pays")
@shoe_options("zero")
@decks_option()
@click.option(
    "--paytable",
    metavar="FILE",
    default=None,
    help=f"Pay table: a .toml/.json file or a shipped name [default: {DEFAULT_PAYTABLE}, "
    "a reconstruction].",
)
@click.option("--eor", is_flag=True, help="Add the effect of removal of each rank.")
@click.option(
    "--side-bet-size",
    "sizes",
    type=FiniteFloat(min=0, max=MAX_SIDE_BET_SIZE),
    multiple=True,
    metavar="S",
    help="Add the combined edge of Zero plus a side bet of S per unit Zero wager (at most "
    f"{MAX_SIDE_BET_SIZE}); repeatable.",
)
@digits_option(6)
@format_option()
def pays(decks, shoes, paytable, eor, sizes, digits, fmt) -> None:
    """Zero Pays side bet: probability and return of each winning hand, and the house edge.

    With several deck counts (--decks 1..8) the table compares the return of each hand by decks;
    with --shoe or --remove each shoe gets its own table.
    """
    decks = flatten(decks)
    table = load_paytable(paytable)
    depleted = any(other_shoe(s, d) is not None for d, s in zip(decks, shoes, strict=True))
    if fmt == "json" or depleted:
        # each shoe's own table; for programs (JSON) with exact fractions
        tables = [
            pays_reports.pays_table(d, table, digits, exact=fmt == "json", shoe=s)
            for d, s in zip(decks, shoes, strict=True)
        ]
    elif len(decks) == 1:
        tables = [pays_reports.pays_table(decks[0], table, digits)]
    else:
        tables = [pays_reports.deck_comparison_table(decks, table, digits)]
    if eor:
        tables.append(pays_reports.eor_table(decks, table, digits, shoes))
    if sizes:
        tables.append(pays_reports.combined_table(decks, sizes, table, min(digits, 4), shoes))
    emit(tables, fmt)
