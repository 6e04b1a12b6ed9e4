"""``cardedge zero``: Zero's tables from the command line."""

from __future__ import annotations

import click

from analysis.zero.round import SPLIT_MODES
from cardedge.common import decks_option, emit, flatten, format_option, progress
from reports import zero as zero_reports
from reports.render import records


@click.group()
def zero() -> None:
    """Zero, the blackjack/baccarat hybrid (Golden Nugget, 2011)."""


@zero.command()
@decks_option()
@click.option(
    "--rules",
    type=click.Choice(["stated", "published", "both"]),
    default="both",
    show_default=True,
    help="Rule preset: rules as stated, the published figures' rules, or both side by side.",
)
@click.option(
    "--split",
    type=click.Choice(SPLIT_MODES),
    default="standard",
    show_default=True,
    help="standard: each split hand sees only its own cards; optimal: the second sees the first.",
)
@click.option("--digits", type=click.IntRange(0, 16), default=4, show_default=True)
@click.option("--by-upcard", is_flag=True, help="Add EV and decisions by dealer up card.")
@format_option()
def edge(decks, rules, split, digits, by_upcard, fmt) -> None:
    """House edge of the Zero wager under optimal play."""
    results = zero_reports.edge_results(flatten(decks), rules, split, progress("Zero edge"))
    table = zero_reports.edge_table(results, "optimal", digits)
    up_tables = [zero_reports.upcard_table(name, res, digits) for name, res in results]
    if fmt == "json" and by_upcard:
        rows = records(table.data)
        for row, up in zip(rows, up_tables, strict=True):
            row["by_upcard"] = records(up.data)
        import json

        click.echo(json.dumps(rows, indent=2))
        return
    emit([table] + (up_tables if by_upcard else []), fmt)


from cardedge.zero_pays_cmd import pays  # noqa: E402  (kept beside its registration)

zero.add_command(pays)
