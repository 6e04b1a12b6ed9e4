"""``cardedge zero``: Zero's tables from the command line."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.analysis.zero.round import SPLIT_MODES
from cardedge.api import zero as api
from cardedge.api.options import EDGE
from cardedge.cli.core import common
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option, strategy_option, zero_rule_options
from cardedge.reports.zero.colours import TERMINAL


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option()
@click.option(
    "--split",
    type=click.Choice(SPLIT_MODES),
    default="standard",
    show_default=True,
    help="standard: each split hand sees only its own cards; optimal: the second sees the first.",
)
@strategy_option()
@common.digits_option()
@common.declared_option(api.OPTIONS["edge"]["by_upcard"])
@common.declared_options(EDGE)
@common.format_option()
def edge(fmt, **options) -> None:
    """House edge of the Zero wager (optimal play unless --strategy)."""
    common.emit(api.edge(**options, progress=common.bar()), fmt)


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option("published")
@strategy_option("basic")
@common.png_option("Also draw the chart as a colour image (several decks: FILE_6d.png, ...).")
@common.color_option()
@common.format_option()
def chart(color, fmt, **options) -> None:
    """The basic-strategy chart (rows: two-card totals, split pairs, three-card totals); on a
    depleted shoe, the chart derived for that shoe."""
    result = api.chart(**options, log=common.say)
    if not common.show_coloured(result, fmt, color, TERMINAL, _is_row):
        common.emit(result, fmt)


def _is_row(words: list[str]) -> bool:
    return len(words) > 3 and words[0] in ("two-card", "split", "three-card")


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option("published")
@strategy_option("basic")
@common.format_option()
def exceptions(fmt, **options) -> None:
    """Hands where composition-dependent optimal play departs from the chart."""
    common.emit(api.exceptions(**options), fmt)


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option("published")
@strategy_option()
@common.format_option()
def returns(fmt, **options) -> None:
    """Return table: every net outcome with probability and return, SD and element of risk."""
    common.emit(api.returns(**options, progress=common.bar()), fmt)


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option("published")
@common.format_option()
def hands(fmt, **options) -> None:
    """EV of every action for every two-card hand and up card."""
    common.emit(api.hands(**options), fmt)


@click.command()
@common.decks_option("1..8")
@zero_rule_options()
@common.png_option("Also plot the edges against the number of decks.")
@common.format_option()
def compare(fmt, **options) -> None:
    """Edges by number of decks: optimal, best chart, published chart, both presets."""
    common.emit(api.compare(**options, progress=common.bar()), fmt)


@click.command()
@common.decks_option("6,8")
@zero_rule_options()
@common.format_option()
def eor(fmt, **options) -> None:
    """Effect of removing one card of each rank on the optimal edge."""
    common.emit(api.eor(**options, progress=common.bar()), fmt)


@click.command()
@common.decks_option()
@zero_rule_options()
@common.format_option()
def variants(fmt, **options) -> None:
    """Optimal edge under common rule variations."""
    common.emit(api.variants(**options, progress=common.bar()), fmt)
