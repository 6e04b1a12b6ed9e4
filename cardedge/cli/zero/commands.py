"""``cardedge zero``: Zero's tables from the command line."""

from __future__ import annotations

import sys

import click

from cardedge.analysis.zero.round import SPLIT_MODES
from cardedge.api import zero as api
from cardedge.cli.core.common import (
    bar,
    color_option,
    decks_option,
    digits_option,
    emit,
    format_option,
    png_option,
    say,
)
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option, strategy_option
from cardedge.reports.core.render import render, shown_tables


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
def edge(fmt, **options) -> None:
    """House edge of the Zero wager (optimal play unless --strategy)."""
    emit(api.edge(**options, progress=bar()), fmt)


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option("published")
@strategy_option("basic")
@png_option("Also draw the chart as a colour image (several decks: FILE_6d.png, ...).")
@color_option()
@format_option()
def chart(color, fmt, **options) -> None:
    """The basic-strategy chart (rows: two-card totals, split pairs, three-card totals); on a
    depleted shoe, the chart derived for that shoe."""
    result = api.chart(**options, log=say)
    if fmt == "table" and (color if color is not None else sys.stdout.isatty()):
        for t in shown_tables(result, fmt):
            click.echo(colour_chart(render(t, "table")), color=True)
        return
    emit(result, fmt)


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
def exceptions(fmt, **options) -> None:
    """Hands where composition-dependent optimal play departs from the chart."""
    emit(api.exceptions(**options), fmt)


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option("published")
@strategy_option()
@format_option()
def returns(fmt, **options) -> None:
    """Return table: every net outcome with probability and return, SD and element of risk."""
    emit(api.returns(**options, progress=bar()), fmt)


@click.command()
@shoe_options("zero")
@decks_option()
@rules_option("published")
@format_option()
def hands(fmt, **options) -> None:
    """EV of every action for every two-card hand and up card."""
    emit(api.hands(**options), fmt)


@click.command()
@decks_option("1..8")
@png_option("Also plot the edges against the number of decks.")
@format_option()
def compare(fmt, **options) -> None:
    """Edges by number of decks: optimal, best chart, published chart, both presets."""
    emit(api.compare(**options, progress=bar()), fmt)


@click.command()
@decks_option("6,8")
@format_option()
def eor(fmt, **options) -> None:
    """Effect of removing one card of each rank on the optimal edge."""
    emit(api.eor(**options, progress=bar()), fmt)


@click.command()
@decks_option()
@format_option()
def variants(fmt, **options) -> None:
    """Optimal edge under common rule variations."""
    emit(api.variants(**options, progress=bar()), fmt)
