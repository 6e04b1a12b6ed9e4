"""The blackjack rule options every ``cardedge blackjack`` command shares."""

from __future__ import annotations

from pathlib import Path

import click

from cardedge.analysis.blackjack.rules import RULES
from cardedge.api.blackjack import RULE_DEFAULTS
from cardedge.api.params import STRATEGY, parse_text
from cardedge.cli.core.common import decks_option
from cardedge.cli.core.rules import rule_options as declared_options
from cardedge.core.errors import BadValue
from cardedge.strategy.blackjack.charts import STRATEGIES
from cardedge.strategy.core.chartfiles import chart_path


def rule_options(f):
    """The rule options every blackjack command takes: ``--decks`` and one option per rule
    declared in ``analysis/blackjack/rules.py`` (defaults: the rules page), passed on by name
    as the API function's keywords."""
    f = declared_options(RULES, RULE_DEFAULTS)(f)
    return decks_option()(f)


class StrategyName(click.ParamType):
    """A strategy name, or the path of a chart file (checked to exist; read with the rules)."""

    name = "strategy"

    def __init__(self, names) -> None:
        self.names = tuple(names)

    def get_metavar(self, param, ctx=None) -> str:
        return f"[{'|'.join(self.names)}|FILE]"

    def convert(self, value, param, ctx):
        try:
            parse_text("strategy", STRATEGY, value)  # the API's words for an empty text
        except BadValue as e:
            self.fail(e.message)
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
