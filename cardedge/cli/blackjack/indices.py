"""``cardedge blackjack indices``: Hi-Lo true-count indices of the two-card cells."""

from __future__ import annotations

import click
from click.core import ParameterSource

from cardedge.cli.blackjack.options import one_rules, rule_options
from cardedge.cli.core.common import emit, format_option, progress
from cardedge.reports.blackjack.indices import REMAINING_DECKS, indices_table


@click.command()
@rule_options
@click.option(
    "--decks-left",
    type=click.IntRange(1, 8),
    default=REMAINING_DECKS,
    show_default=True,
    help="Decks left in the shoe where the true counts are taken (with 5, every even true "
    "count is an exact composition; others need true counts in steps of 10/decks-left).",
)
@format_option()
def indices(rules, decks_left, fmt) -> None:
    """Hi-Lo true-count indices of every hard, soft and pair two-card cell (exact EVs of the
    composition each true count stands for).

    gain: the edge gained per round (percentage points) by playing the index at 75% of a 6-deck
    shoe, the true count normal at every depth up to it."""
    ctx = click.get_current_context()
    if ctx.get_parameter_source("decks") not in (ParameterSource.DEFAULT, None):
        raise click.UsageError("indices take the shoe from --decks-left: leave out --decks")
    r = one_rules(rules, "indices")
    emit([indices_table(r, decks_left, progress("Blackjack indices"))], fmt)
