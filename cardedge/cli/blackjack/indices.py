"""``cardedge blackjack indices``: true-count indices of the two-card cells, any count system."""

from __future__ import annotations

import click

from cardedge.api import blackjack as api
from cardedge.cli.blackjack.options import rule_options
from cardedge.cli.core.common import bar, emit, format_option
from cardedge.cli.core.counts import one_system_option
from cardedge.cli.core.declared import declared_option


@click.command()
@rule_options
@one_system_option(api.OPTIONS["indices"]["system"])
@declared_option(api.OPTIONS["indices"]["decks_left"])
@declared_option(api.OPTIONS["indices"]["top"])
@format_option()
def indices(fmt, **options) -> None:
    """True-count indices of every hard, soft and pair two-card cell (exact EVs of the
    composition each true count stands for), default Hi-Lo.

    --decks: the shoe the gain refers to (default 6). gain: the edge gained per round
    (percentage points) by playing the index at 75% of that shoe, the true count normal at
    every depth up to it. classic_index: the index as published tables give it (the true count
    when deciding, the cards on the table counted, floored). --insurance adds insurance's row;
    --top N prints the index card: the N plays of largest gain, at their classic index."""
    emit(api.indices(**options, progress=bar()), fmt)
