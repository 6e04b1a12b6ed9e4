"""``cardedge zero``: Zero's tables from the command line."""

from __future__ import annotations

import click

from cardedge.analysis.zero.game import GAME
from cardedge.api import zero as api
from cardedge.api.options import EDGE
from cardedge.cli.core import common
from cardedge.cli.core.declared import declared_option, declared_options
from cardedge.cli.core.shoe import shoe_options
from cardedge.cli.zero.options import rules_option, zero_rule_options
from cardedge.reports.zero.colours import TERMINAL

OWN = api.OPTIONS
"""Each command's own declarations (``api/zero.py`` ``OPTIONS``)."""


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option(OWN["edge"]["rules"])
@declared_option(OWN["edge"]["split"])
@declared_option(OWN["edge"]["strategy"])
@common.digits_option()
@declared_option(OWN["edge"]["by_upcard"])
@declared_options(EDGE)
@common.format_option()
def edge(fmt, **options) -> None:
    """House edge of the Zero wager (optimal play unless --strategy)."""
    common.emit(api.edge(**options, progress=common.bar()), fmt)


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option(OWN["chart"]["rules"])
@declared_option(OWN["chart"]["strategy"])
@declared_option(OWN["chart"]["png"])
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
@rules_option(OWN["exceptions"]["rules"])
@declared_option(OWN["exceptions"]["strategy"])
@common.format_option()
def exceptions(fmt, **options) -> None:
    """Hands where composition-dependent optimal play departs from the chart."""
    common.emit(api.exceptions(**options), fmt)


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option(OWN["returns"]["rules"])
@declared_option(OWN["returns"]["strategy"])
@common.format_option()
def returns(fmt, **options) -> None:
    """Return table: every net outcome with probability and return, SD and element of risk."""
    common.emit(api.returns(**options, progress=common.bar()), fmt)


@click.command()
@shoe_options(GAME.shoe)
@common.decks_option()
@rules_option(OWN["hands"]["rules"])
@common.format_option()
def hands(fmt, **options) -> None:
    """EV of every action for every two-card hand and up card."""
    common.emit(api.hands(**options), fmt)


@click.command()
@common.decks_option(OWN["compare"]["decks"])
@zero_rule_options()
@declared_option(OWN["compare"]["png"])
@common.format_option()
def compare(fmt, **options) -> None:
    """Edges by number of decks: optimal, best chart, published chart, both presets."""
    common.emit(api.compare(**options, progress=common.bar()), fmt)


@click.command()
@common.decks_option(OWN["eor"]["decks"])
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
