"""Zero's shared command-line options: the rule preset and the strategy."""

from __future__ import annotations

import click

from cardedge.analysis.zero.rules import PRESETS


def rules_option(default: str = "both"):
    """``--rules``: stated, published or both."""
    return click.option(
        "--rules",
        type=click.Choice(["stated", "published", "both"] if default == "both" else PRESETS),
        default=default,
        show_default=True,
        help="Rule preset: stated (the rules as written), published (the published figures' "
        "rules)" + (", or both side by side." if default == "both" else "."),
    )


def strategy_option(default: str = "optimal"):
    """``--strategy``: optimal, basic (best chart), published (chart) or a chart file."""
    return click.option(
        "--strategy",
        default=default,
        show_default=True,
        help="optimal, basic (best total-dependent chart), published (the published chart) "
        "or a chart file (CSV/JSON, as written by `zero chart --format csv`).",
    )
