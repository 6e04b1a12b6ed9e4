"""The blackjack rule options every ``cardedge blackjack`` command shares."""

from __future__ import annotations

from pathlib import Path

import click

from cardedge.analysis.blackjack.rules import DOUBLE_RULES, NATURAL_PAYOUTS
from cardedge.cli.core.common import decks_option
from cardedge.strategy.blackjack.charts import STRATEGIES
from cardedge.strategy.core.chartfiles import chart_path


def rule_options(f):
    """The rule options every blackjack command takes (defaults: the rules page), passed on
    by name: each is a keyword of ``cardedge.api.blackjack.RULE_KEYWORDS``, which maps it to
    its ``BlackjackRules`` field."""
    options = [
        decks_option(),
        click.option("--h17/--s17", "h17", default=False, help="Dealer hits / stands on soft 17."),
        click.option(
            "--peek/--no-peek",
            default=False,
            help="Dealer peeks for a natural (US) / European no-hole-card (default).",
        ),
        click.option("--das/--no-das", default=True, help="Double after split allowed."),
        click.option(
            "--double",
            type=click.Choice(list(DOUBLE_RULES)),
            default="any",
            show_default=True,
            help="Hands that may double: any two cards, or only hard 9-11 or 10-11 (European; "
            "no soft doubles; split hands too, with --das).",
        ),
        click.option(
            "--split-hands",
            type=click.IntRange(2, 4),
            default=4,
            show_default=True,
            help="Most hands after splitting and resplitting.",
        ),
        click.option("--rsa/--no-rsa", default=False, help="Aces may be resplit."),
        click.option(
            "--hit-split-aces/--no-hit-split-aces",
            default=False,
            help="Split aces play on (default: one card each).",
        ),
        click.option(
            "--natural",
            type=click.Choice(list(NATURAL_PAYOUTS)),
            default="3:2",
            show_default=True,
            help="Natural payout.",
        ),
        click.option(
            "--surrender/--no-surrender",
            default=False,
            help="Surrender an unsplit hand's first two cards for half the wager (default: "
            "no). With --peek it is late surrender (a dealer natural wins first); without a "
            "hole card half is lost even to a dealer natural.",
        ),
    ]

    for option in reversed(options):
        f = option(f)
    return f


class StrategyName(click.ParamType):
    """A strategy name, or the path of a chart file (checked to exist; read with the rules)."""

    name = "strategy"

    def __init__(self, names) -> None:
        self.names = tuple(names)

    def get_metavar(self, param, ctx=None) -> str:
        return f"[{'|'.join(self.names)}|FILE]"

    def convert(self, value, param, ctx):
        if value in self.names or Path(value).is_file():
            return value
        if not value.strip() or Path(value).is_dir():
            try:
                chart_path(value)
            except ValueError as e:  # an empty name, or a folder: said plainly
                self.fail(str(e))
        self.fail(f"{value!r} is neither a strategy ({', '.join(self.names)}) nor a chart file")


def strategy_option(default: str = "optimal", names=STRATEGIES, multiple: bool = False):
    """``--strategy``: a named strategy or a chart file (as ``blackjack chart --format csv``
    writes it)."""
    return click.option(
        "--strategy",
        "strategy",
        type=StrategyName(names),
        multiple=multiple,
        default=[default] if multiple else default,
        show_default=True,
        help=f"{', '.join(names)} (optimal: CDZ-; basic = hard, the computed chart; normal: "
        "the rules page's generic chart; easy: hit below 17), or a chart file (CSV or JSON as "
        "`blackjack chart --format csv` writes it)" + ("; repeatable." if multiple else "."),
    )
