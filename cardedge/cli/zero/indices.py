"""``cardedge zero indices``: true-count indices of Zero's chart cells, any count system."""

from __future__ import annotations

import click

from cardedge.api import zero as api
from cardedge.cli.core.common import bar, emit, format_option
from cardedge.cli.core.counts import one_system_option
from cardedge.cli.core.declared import declared_option
from cardedge.cli.zero.options import rules_option


@click.command()
@rules_option(api.OPTIONS["indices"]["rules"])
@one_system_option(api.OPTIONS["indices"]["system"])
@declared_option(api.OPTIONS["indices"]["decks_left"])
@declared_option(api.OPTIONS["indices"]["top"])
@format_option()
def indices(fmt, **options) -> None:
    """True-count indices of every Zero chart cell: two-card hit/stand by total, splits by point
    values, three-card double/stand by total, against every up card (0: ten-valued).

    A true count t with D decks left is the fresh D-deck shoe with each rank moved by
    -c x tag x 4D cards, c = t x D / sum(tag^2 x 4D): cards taken out in proportion to their
    tags so the cards dealt count t x D, rounded to whole cards, the true count recomputed from
    the cards. Each cell's EVs are exact on that shoe, weighted by deal probability; the index
    is where the actions' EVs cross, interpolated.

    gain: the edge gained per round (percentage points) by playing the index at 75% of a 6-deck
    shoe, the true count normal at every depth up to it. classic_index: the index as published
    tables give it (the true count when deciding, the cards on the table counted, floored).

    --top N: the index card instead, the N plays of largest gain in that classic convention."""
    emit(api.indices(**options, progress=bar()), fmt)
