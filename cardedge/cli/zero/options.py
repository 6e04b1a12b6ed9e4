"""Zero's shared command-line options: the rule preset, the rules over it, the strategy."""

from __future__ import annotations

import click

from cardedge.analysis.zero.rules import PRESETS, RULES
from cardedge.api.zero import RULE_DEFAULTS
from cardedge.cli.core.rules import rule_options

PRESET_DEFAULT = "the preset's (--rules)"
"""What a Zero rule option's help says of its default: the preset decides."""


def zero_rule_options():
    """One option per rule declared in ``analysis/zero/rules.py``, each changing that rule over
    the preset (left out: the preset's)."""
    return rule_options(RULES, RULE_DEFAULTS, PRESET_DEFAULT)


def rules_option(default: str = "both"):
    """``--rules`` (stated, published or both), then every rule's option over it."""
    preset = click.option(
        "--rules",
        type=click.Choice(["stated", "published", "both"] if default == "both" else PRESETS),
        default=default,
        show_default=True,
        help="Rule preset: stated (the rules as written), published (the published figures' "
        "rules)"
        + (", or both side by side." if default == "both" else ".")
        + " Each rule option below changes one rule of it.",
    )

    def decorate(f):
        return preset(zero_rule_options()(f))

    return decorate


def strategy_option(default: str = "optimal"):
    """``--strategy``: optimal, basic (best chart), published (chart) or a chart file."""
    return click.option(
        "--strategy",
        default=default,
        show_default=True,
        help="optimal, basic (best total-dependent chart), published (the published chart) "
        "or a chart file (CSV/JSON, as written by `zero chart --format csv`).",
    )
