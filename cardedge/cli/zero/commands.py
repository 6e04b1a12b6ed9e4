"""``cardedge zero``: Zero's tables from the command line."""

from __future__ import annotations

import sys

import click

from cardedge.analysis.zero.round import SPLIT_MODES
from cardedge.analysis.zero.rules import preset
from cardedge.cli.core.common import (
    color_option,
    decks_option,
    digits_option,
    emit,
    flatten,
    format_option,
    numbered,
    png_option,
    progress,
)
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option, strategy_option
from cardedge.reports.core.render import render
from cardedge.reports.zero import edge as zero_reports
from cardedge.reports.zero import strategy as zs


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option()
@click.option(
    "--split",
    type=click.Choice(SPLIT_MODES),
    default="standard",
    show_default=True,
    help="standard: each split hand sees only its own cards; optimal: the second sees the first.",
)
@strategy_option()
@digits_option()
@click.option("--by-upcard", is_flag=True, help="Add EV and decisions by dealer up card.")
@format_option()
def edge(decks, shoes, rules, split, strategy, digits, by_upcard, fmt) -> None:
    """House edge of the Zero wager (optimal play unless --strategy)."""
    results = zero_reports.edge_results(
        flatten(decks), rules, split, progress("Zero edge"), strategy=strategy, shoes=shoes
    )
    table = zero_reports.edge_table(results, digits)
    up_tables = (
        [zero_reports.upcard_table(name, res, digits) for name, res in results] if by_upcard else []
    )
    emit([table, *up_tables], fmt)


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option("published")
@strategy_option("basic")
@png_option("Also draw the chart as a colour image (several decks: FILE_6d.png, ...).")
@color_option()
@format_option()
def chart(decks, shoes, rules, strategy, png, color, fmt) -> None:
    """The basic-strategy chart (rows: two-card totals, split pairs, three-card totals); on a
    depleted shoe, the chart derived for that shoe."""
    tables = []
    deck_list = flatten(decks)
    for d, shoe in zip(deck_list, shoes, strict=True):
        table, the_chart = zs.strategy_chart(preset(rules, d), strategy, shoe)
        tables.append(table)
        if png:
            from cardedge.reports.zero.plots import chart_png

            path = numbered(png, f"{d}d", len(deck_list) > 1)
            chart_png(the_chart, table.title, path)
            click.echo(f"wrote {path}", err=True)
    if fmt == "table" and (color if color is not None else sys.stdout.isatty()):
        for t in tables:
            click.echo(colour_chart(render(t, "table")), color=True)
        return
    emit(tables, fmt)


def colour_chart(text: str) -> str:
    """Colour the action letters of a rendered chart for a terminal."""
    colours = {"S": "yellow", "H": "white", "D": "green", "P": "cyan", "N": "bright_black"}
    out = []
    for line in text.splitlines():
        words = line.split(" ")
        if len(words) > 3 and words[0] in ("two-card", "split", "three-card"):
            words = [click.style(w, fg=colours[w], bold=True) if w in colours else w for w in words]
        out.append(" ".join(words))
    return "\n".join(out)


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option("published")
@strategy_option("basic")
@format_option()
def exceptions(decks, shoes, rules, strategy, fmt) -> None:
    """Hands where composition-dependent optimal play departs from the chart."""
    jobs = zip(flatten(decks), shoes, strict=True)
    emit([zs.exceptions_table(preset(rules, d), strategy, shoe) for d, shoe in jobs], fmt)


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option("published")
@strategy_option()
@format_option()
def returns(decks, shoes, rules, strategy, fmt) -> None:
    """Return table: every net outcome with probability and return, SD and element of risk."""
    jobs = [
        (d, shoe, name)
        for d, shoe in zip(flatten(decks), shoes, strict=True)
        for name in zero_reports.preset_names(rules)
    ]
    tables = [
        zs.returns_table(preset(name, d), strategy, name, shoe)
        for d, shoe, name in progress("Zero returns")(jobs)
    ]
    emit(tables, fmt)


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option("published")
@format_option()
def hands(decks, shoes, rules, fmt) -> None:
    """EV of every action for every two-card hand and up card."""
    jobs = zip(flatten(decks), shoes, strict=True)
    emit([zs.hands_table(preset(rules, d), shoe) for d, shoe in jobs], fmt)


@click.command()
@decks_option("1..8")
@png_option("Also plot the edges against the number of decks.")
@format_option()
def compare(decks, png, fmt) -> None:
    """Edges by number of decks: optimal, best chart, published chart, both presets."""
    table = zs.compare_table(flatten(decks), progress("Zero decks"))
    if png:
        from cardedge.reports.zero.plots import decks_png

        decks_png(table, png)
    emit([table], fmt)


@click.command()
@decks_option("6,8")
@format_option()
def eor(decks, fmt) -> None:
    """Effect of removing one card of each rank on the optimal edge."""
    emit([zs.eor_table(flatten(decks), progress("Zero EOR"))], fmt)


@click.command()
@decks_option()
@format_option()
def variants(decks, fmt) -> None:
    """Optimal edge under common rule variations."""
    emit([zs.variants_table(d, progress(f"Zero variants, {d} decks")) for d in flatten(decks)], fmt)
