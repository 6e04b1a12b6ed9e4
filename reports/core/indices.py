"""What both games' index tables share: their columns, the note an unbalanced count adds, and
the table's keys (``analysis/core/indices.py`` computes the rows)."""

from __future__ import annotations

import pandas as pd

from cardedge.analysis.core.counts import CountSystem, unbalanced_note
from cardedge.reports.core.render import Table

INDEX_COLUMNS: tuple[str, ...] = (
    "hand",
    "up",
    "below",
    "above",
    "index",
    "gain",
    "at_0",
    "departure",
    "direction",
    "crossing",
    "classic_index",
)
"""The columns of an index table, in order (``analysis.core.indices.index_rows``)."""


def index_plays_table(
    title: str, rows: list[dict], notes: list[str], system: CountSystem, rules_key: str, left: int
) -> Table:
    """The index table of ``system`` with ``left`` decks left: ``rows`` in ``INDEX_COLUMNS``,
    ``notes`` (an unbalanced count's note second), keyed by rules, decks left and system."""
    if not system.balanced:
        notes = [notes[0], unbalanced_note(system), *notes[1:]]
    keys = {"rules": rules_key, "remaining_decks": left, "system": system.name}
    return Table(
        title,
        pd.DataFrame(rows, columns=list(INDEX_COLUMNS)),
        notes,
        digits={"crossing": 2, "gain": 4},
        keys=keys,
    )
