"""``cardedge blackjack``: European blackjack's tables from the command line."""

from __future__ import annotations

import json
import sys

import click

from cardedge.cli.blackjack.options import one_rules, rule_options, strategy_option
from cardedge.cli.core.common import (
    color_option,
    digits_option,
    emit,
    format_option,
    png_option,
    progress,
)
from cardedge.cli.core.shoe import shoe_options
from cardedge.reports.blackjack import strategy as bj_reports
from cardedge.reports.core.render import render
from cardedge.strategy.blackjack.charts import CODES, STRATEGIES


@click.command()
@shoe_options("blackjack")
@rule_options
@strategy_option(multiple=True)
@digits_option()
@format_option()
def edge(rules, shoes, strategies, digits, fmt) -> None:
    """House edge of a round, one row per deck count (or shoe) and strategy.

    Splits: optimal play is CDZ- (each split hand plays as an unsplit hand of the same cards,
    resplits valued exactly). One convention differs from E. Farmer's CDZ-: a split ten that
    draws an ace (T+A) is a soft 21 but not a natural (it wins even money), and with
    DAS it may double like any two-card soft 21; the exact EV takes the better of standing and
    doubling, where Farmer's CDZ- stands on it as on a natural.
    """
    results = bj_reports.edge_results(rules, strategies, progress("Blackjack edge"), shoes)
    if fmt == "json":
        click.echo(json.dumps(bj_reports.edge_records(results), indent=2))
        return
    emit([bj_reports.edge_table(results, digits)], fmt)


CHARTS = tuple(s for s in STRATEGIES if s != "optimal")
"""Strategies a departure from optimal play can be measured against."""

_COLOURS = {
    "H": "red",
    "S": "yellow",
    "Dh": "green",
    "Ds": "cyan",
    "P": "blue",
    "Ph": "magenta",
    "Rh": "white",
    "Rs": "white",
    "Rp": "white",
}


@click.command()
@shoe_options("blackjack")
@rule_options
@click.option(
    "--das-marks/--no-das-marks",
    default=True,
    help="With DAS, mark Ph the splits that pay only thanks to DAS.",
)
@png_option("Also draw the chart as a colour image.")
@color_option()
@format_option()
def chart(rules, shoes, das_marks, png, color, fmt) -> None:
    """The basic strategy chart computed for these rules (on a depleted shoe: derived for it)."""
    r = one_rules(rules, "chart")
    shoe = shoes[0]
    ch = bj_reports.basic_chart(r, das_marks, shoe)
    table = bj_reports.chart_table(ch, r, shoe)
    if png:
        bj_reports.chart_png(ch, r, png)
        click.echo(f"wrote {png}", err=True)
    if fmt == "json":
        emit([table], fmt)
        return
    text = render(table, fmt)
    if fmt == "table" and (color if color is not None else sys.stdout.isatty()):
        click.echo(_colourise(text), nl=False, color=True)
        return
    click.echo(text, nl=False)


def _colourise(text: str) -> str:
    out = []
    for line in text.splitlines():
        words = line.split(" ")
        if words and (words[0] in ("hard", "soft") or "," in words[0]):
            line = " ".join(
                click.style(w, fg=_COLOURS[w], bold=True) if w in CODES else w for w in words
            )
        out.append(line)
    return "\n".join(out) + "\n"


@click.command()
@shoe_options("blackjack")
@rule_options
@click.option("--up", default=None, help="Only this up card (A, 2..9, T).")
@format_option()
def hands(rules, shoes, up, fmt) -> None:
    """EV of every two-card hand against every up card, for each action."""
    from cardedge.analysis.blackjack.hands import VALUE_LABELS

    u = None
    if up is not None:
        key = "T" if up.upper() in ("10", "J", "Q", "K") else up.upper()
        if key not in VALUE_LABELS:
            raise click.BadParameter(f"{up!r} is not an up card (A, 2..9, T)", param_hint="--up")
        u = VALUE_LABELS.index(key)
    emit([bj_reports.hands_table(one_rules(rules, "hands"), u, shoes[0])], fmt)


@click.command()
@shoe_options("blackjack")
@rule_options
@click.option(
    "--max-cards",
    type=click.IntRange(2, 4),
    default=3,
    show_default=True,
    help="Largest hand (in cards) whose departures from basic strategy are listed.",
)
@strategy_option("basic", CHARTS)
@format_option()
def exceptions(rules, shoes, max_cards, strategy, fmt) -> None:
    """Composition-dependent departures from a strategy (default: the basic strategy chart)."""
    r = one_rules(rules, "exceptions")
    emit([bj_reports.exceptions_table(r, max_cards, strategy, shoes[0])], fmt)


@click.command()
@rule_options
@format_option()
def compare(rules, fmt) -> None:
    """House edge of optimal and basic strategy by deck count (e.g. --decks 1..8)."""
    base = rules[0]
    decks = [r.decks for r in rules]
    emit([bj_reports.compare_table(decks, base, progress("Blackjack decks"))], fmt)


@click.command()
@rule_options
@format_option()
def variants(rules, fmt) -> None:
    """House edge of each single rule change (S17/H17, DAS, peek, 6:5, surrender...) from the
    given rules."""
    r = one_rules(rules, "variants")
    emit([bj_reports.variants_table(r, progress("Blackjack variants"))], fmt)


@click.command()
@rule_options
@strategy_option(multiple=True)
@format_option()
def returns(rules, strategies, fmt) -> None:
    """Return table: every net result of a round with its probability and return, the
    standard deviation and the element of risk (per deck count and strategy)."""
    jobs = [(r, s) for r in rules for s in strategies]
    emit([bj_reports.returns_table(r, s) for r, s in progress("Blackjack returns")(jobs)], fmt)


@click.command()
@rule_options
@format_option()
def dealer(rules, fmt) -> None:
    """The dealer's final result (17..21, bust, natural) by up card, from a fresh shoe."""
    emit([bj_reports.dealer_table(r) for r in rules], fmt)
