"""``cardedge blackjack``: European blackjack's tables from the command line."""

from __future__ import annotations

import click

from cardedge.analysis.blackjack.game import GAME
from cardedge.api import blackjack as api
from cardedge.api.options import EDGE
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core import common
from cardedge.cli.core.declared import declared_option, declared_options
from cardedge.cli.core.shoe import shoe_options
from cardedge.reports.blackjack.colours import TERMINAL
from cardedge.reports.core.render import render

OWN = api.OPTIONS
"""Each command's own declarations (``api/blackjack.py`` ``OPTIONS``)."""


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@declared_option(OWN["edge"]["strategy"])
@common.digits_option()
@declared_options(EDGE)
@common.format_option()
def edge(fmt, **options) -> None:
    """House edge of a round, one row per deck count (or shoe) and strategy.

    Splits: optimal play is CDZ- (each split hand plays as an unsplit hand of the same cards,
    resplits valued exactly). One convention differs from E. Farmer's CDZ-: a split ten that
    draws an ace (T+A) is a soft 21 but not a natural (it wins even money), and with
    DAS it may double like any two-card soft 21; the exact EV takes the better of standing and
    doubling, where Farmer's CDZ- stands on it as on a natural.
    """
    common.emit(api.edge(**options, progress=common.bar()), fmt)


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@declared_options(OWN["chart"])
@common.color_option()
@common.format_option()
def chart(color, fmt, **options) -> None:
    """The basic strategy chart computed for these rules (on a depleted shoe: derived for it)."""
    table = api.chart(**options, log=common.say)
    if not common.show_coloured(table, fmt, color, TERMINAL, _is_row):
        # one table as ``render`` writes it: its CSV reads back as a chart file (no keys)
        click.echo(render(table, fmt), nl=False)


def _is_row(words: list[str]) -> bool:
    return bool(words) and (words[0] in ("hard", "soft") or "," in words[0])


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@declared_options(OWN["hands"])
@common.format_option()
def hands(fmt, **options) -> None:
    """EV of every two-card hand against every up card, for each action."""
    common.emit(api.hands(**options), fmt)


@click.command()
@shoe_options(GAME.shoe)
@rule_options
@declared_options(OWN["exceptions"])
@common.format_option()
def exceptions(fmt, **options) -> None:
    """Composition-dependent departures from a strategy (default: the basic strategy chart)."""
    common.emit(api.exceptions(**options), fmt)


@click.command()
@rule_options
@common.format_option()
def compare(fmt, **options) -> None:
    """House edge of optimal and basic strategy by deck count (e.g. --decks 1..8)."""
    common.emit(api.compare(**options, progress=common.bar()), fmt)


@click.command()
@rule_options
@common.format_option()
def variants(fmt, **options) -> None:
    """House edge of each single rule change (S17/H17, DAS, peek, 6:5, surrender...) from the
    given rules."""
    common.emit(api.variants(**options, progress=common.bar()), fmt)


@click.command()
@rule_options
@declared_option(OWN["returns"]["strategy"])
@common.format_option()
def returns(fmt, **options) -> None:
    """Return table: every net result of a round with its probability and return, the
    standard deviation and the element of risk (per deck count and strategy)."""
    common.emit(api.returns(**options, progress=common.bar()), fmt)


@click.command()
@rule_options
@common.format_option()
def dealer(fmt, **options) -> None:
    """The dealer's final result (17..21, bust, natural) by up card, from a fresh shoe."""
    common.emit(api.dealer(**options), fmt)
