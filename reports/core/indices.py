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


CARD_CONVENTION = (
    "the classic convention: index is the table's classic_index, on the true count a player "
    "keeps when deciding (the cards dealt before the round and the cards on the table: his two "
    "and the up card, per deck left), floored (a true count in [k, k+1) is k); play 'above' at "
    "or above the index, 'below' under it"
)
"""The one index convention the index card states (``CLASSIC_NOTE``)."""


def index_card(full: Table, top: int, label: str, shoe: str, gain: str) -> Table:
    """The index card a counter carries: the ``top`` rows of ``full`` (a game's ``indices``
    table, insurance's row included where the rules offer insurance) of largest gain, largest
    first, in one named convention (``CARD_CONVENTION``), as the published 'Illustrious 18'
    are chosen. ``label``: the game's name; ``shoe``: the shoe's words before the rules
    ('6 decks: '); ``gain``: the table's note on what its gain means."""
    if top < 1:
        raise ValueError(f"an index card of {top} plays: give at least 1")
    data = full.data.sort_values("gain", ascending=False, kind="stable").head(top)
    rows = [
        {
            "rank": rank,
            "hand": r["hand"],
            "up": r["up"],
            "index": int(r["classic_index"]),
            "above": r["above"],
            "below": r["below"],
            "departure": r["departure"],
            "gain": r["gain"],
        }
        for rank, r in enumerate(data.to_dict("records"), start=1)
    ]
    keys = full.keys
    title = (
        f"{label} index card: the {len(rows)} {keys['system']} index plays of largest gain, "
        f"{shoe}{keys['rules']} (classic index: floored true count of the cards seen, "
        f"{keys['remaining_decks']} decks left)"
    )
    notes = [
        f"index: {CARD_CONVENTION}. departure: the play the index adds to the chart.",
        f"Chosen as the Illustrious 18 are: the plays of largest gain of the full index table "
        f"(the game's indices table, {len(full.data)} plays).",
        gain,
    ]
    return Table(title, rows, notes, digits={"gain": 4}, keys=dict(keys))
